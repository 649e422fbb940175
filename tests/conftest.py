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
