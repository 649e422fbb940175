"""Shared test set-up: make the helper modules in tests/ (``invariants``) importable."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

# Hypothesis: few examples by default so `make test` stays quick; `--hypothesis-profile=long` for a
# thorough run. (Deadlines off: the first examples import and load editions.)
try:
    from hypothesis import HealthCheck, settings
except ImportError:  # (a runtime-only install has no Hypothesis; its tests are skipped there)
    pass
else:
    settings.register_profile(
        "ci", max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.register_profile("long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("ci")

# Tests that run once, in `make test`: whole-game sweeps (many games checked action by action against the
# rules' invariants, or played through the bot protocol) and the browser's table scenarios. What they
# test does not depend on how the package is installed, and `make test` checks it compiled and pure;
# `make test-installed` (the package as pip installs it: wheel build, package data, bytecode caching)
# deselects them with `-m 'not once'`, which keeps CI well under its half hour. The golden playthroughs,
# the compiled-core tests, every edition's page in the browser (tests/web/test_browser.py: the packaged
# static files) and a short game of each reference bot run in both. An entry is a test module, or one
# test function as ``module::name``.
RUN_ONCE = (
    "test_invariants.py",
    "test_variant_invariants.py",
    "test_anytime_invariants.py",
    "rl/test_fast_path.py",
    "validation/test_action_input.py",
    "botprotocol/test_reference_bots.py::test_a_reference_bot_plays_100_games_of_every_edition",
    "web/test_table_night.py",
    "web/test_game_night.py",
    "web/test_fair_links.py",
    "web/test_table_details.py",
)


def pytest_collection_modifyitems(config, items) -> None:  # type: ignore[no-untyped-def]
    import pytest

    for item in items:
        relative = Path(str(item.fspath)).relative_to(TESTS).as_posix()
        if relative in RUN_ONCE or f"{relative}::{getattr(item, 'originalname', item.name)}" in RUN_ONCE:
            item.add_marker(pytest.mark.once)
