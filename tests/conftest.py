"""Shared test set-up: make the helper modules in tests/ (``invariants``) importable."""
from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
