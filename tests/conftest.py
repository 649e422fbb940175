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

# Tests that run once, in `make test`: the engine's rules and bots, which play the same in every install. `make test`
# runs them from the checkout, whose compiled core is unpacked from the very wheel that `make test-installed` installs
# (byte-identical extension modules: tools/build_native.py --from-wheel), so a second pass would run the same machine
# code on the same sources. These are the whole-game sweeps (many games checked action by action against the rules'
# invariants, or played through the bot protocol), the scripted rule scenarios (tests/rules/ and each edition's
# rules), the rules conformance over every seat, the bots' decisions, the terminal's screens drawn in process and the
# browser's table scenarios. `make test-installed` (the package as pip installs it: wheel build, package data,
# bytecode caching, entry points, subprocesses, the web server and its static files, extras) deselects them with `-m
# 'not once'`, which keeps CI well under its half hour. The golden playthroughs, the compiled-core tests, each
# family's game page in the browser (tests/web/test_browser.py: the packaged static files), each edition's command
# line and a short game of each reference bot run in both. An entry is a folder (ending in /), a test module, one test
# function as ``module::name`` or one of its parameter sets as ``module::name[id]``.
RUN_ONCE = (
    "rules/",
    "test_invariants.py",
    "test_variant_invariants.py",
    "test_anytime_invariants.py",
    "test_conformance.py",
    "test_legal_lists.py",
    "test_change_counts.py",
    "test_heuristic.py",
    "test_heuristic_house_rules.py",
    "test_mcts.py",
    "test_play_out.py",
    "test_stand_in.py",
    "test_views.py",
    # the terminal's screens drawn in process at 80x24 (the pseudo-terminal tests run the installed
    # command in both)
    "test_terminal_screen.py",
    "analysis/test_landing.py",
    "clonewars/test_clonewars_rules.py",
    "sailormoon/test_sailormoon_rules.py",
    "empire/test_empire_cards.py",
    "empire/test_empire_invariants.py",
    "empire/test_empire_offices.py",
    "empire/test_empire_rules.py",
    "mandalorian/test_battles.py",
    "mandalorian/test_end.py",
    "mandalorian/test_enemies.py",
    "mandalorian/test_grogu.py",
    "mandalorian/test_hideouts_spaces.py",
    "mandalorian/test_mandalorian_invariants.py",
    "mandalorian/test_setup_turns.py",
    "rl/test_fast_path.py",
    "validation/test_action_input.py",
    "botprotocol/test_reference_bots.py::test_a_reference_bot_plays_100_games_of_every_edition",
    "web/test_table_night.py",
    "web/test_game_night.py",
    "web/test_fair_links.py",
    "web/test_table_details.py",
    # the classic family's other boards: the same pages and static files as classic's
    "web/test_browser.py::test_game_page_of_each_edition[starwars40]",
    "web/test_browser.py::test_game_page_of_each_edition[sailormoon]",
    "web/test_browser.py::test_game_page_of_each_edition[clonewars]",
)
_ONCE_FOLDERS = tuple(entry for entry in RUN_ONCE if entry.endswith("/"))


def pytest_collection_modifyitems(config, items) -> None:  # type: ignore[no-untyped-def]
    import pytest

    for item in items:
        relative = Path(str(item.fspath)).relative_to(TESTS).as_posix()
        function = f"{relative}::{getattr(item, 'originalname', item.name)}"
        parameters = f"{relative}::{item.name}"
        if relative in RUN_ONCE or function in RUN_ONCE or parameters in RUN_ONCE or relative.startswith(_ONCE_FOLDERS):
            item.add_marker(pytest.mark.once)
