"""Commands import only what they use: no Rich, engine or web stack for `--help`; no web stack, NumPy,
matplotlib, Ray or other rules families for a simulation (the timings are bench/targets.py's; these
tests check the cause)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

RUN = """
import json, sys
from openmonopoly.cli.main import app
try:
    app(json.loads(sys.argv[1]), prog_name="openmonopoly")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""
HEAVY = ("pydantic", "fastapi", "starlette", "uvicorn", "sqlalchemy", "numpy", "matplotlib", "pyarrow", "ray")


def modules_after(*args: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", RUN, json.dumps(list(args))], capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def loaded(modules: set[str], *roots: str) -> set[str]:
    return {m for m in modules if m.split(".")[0] in roots or m in roots}


@pytest.mark.parametrize("args", [["--help"], ["--version"]])
def test_help_and_version_import_neither_the_engine_nor_rich(args):
    modules = modules_after(*args)
    assert "openmonopoly.cli.main" in modules
    assert not loaded(modules, *HEAVY, "rich")
    assert not {m for m in modules if m.startswith(("openmonopoly.engine.game", "openmonopoly.rules."))}


def test_a_json_simulation_imports_the_engine_and_nothing_heavy():
    modules = modules_after("simulate", "--games", "2", "--json")
    assert {"openmonopoly.engine.game", "openmonopoly.sim.runner", "openmonopoly.rules.classic.game"} <= modules
    assert not loaded(modules, *HEAVY, "rich")
    # The rules families not in use stay unimported (the registry imports a family with its first edition).
    assert not {m for m in modules if m.startswith(("openmonopoly.rules.mandalorian", "openmonopoly.rules.empire"))}
