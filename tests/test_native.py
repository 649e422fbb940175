"""The compiled core (mypyc) and the pure-Python sources play the same games.

``make`` compiles the modules in ``openmonopoly._native.COMPILED``; ``OPENMONOPOLY_PURE=1`` runs the
sources instead, and a compiled module older than its source is never used.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import openmonopoly as om
from openmonopoly import _native
from openmonopoly.engine.flow import Step, step_types
from openmonopoly.rules.classic import debt
from openmonopoly.sim.runner import play_game, simulate

SRC = Path(_native.__file__).resolve().parents[1]

# A few bot games per edition: (edition, seats, seed, max rounds).
CASES = [(ed, ["heuristic"] * (3 if ed == "empire" else 4), seed, None) for ed in om.edition_ids() for seed in (1, 2)]
CASES += [(ed, ["random"] * 3, 5, 30) for ed in om.edition_ids()]

DIGESTS = """
import json, sys
from openmonopoly import _native
from openmonopoly.sim.runner import play_game, simulate
cases = json.loads(sys.argv[1])
print(json.dumps({"status": _native.status(), "compiled": _native.is_compiled(),
                  "digests": [play_game(ed, seats, seed, max_rounds=mr).digest() for ed, seats, seed, mr in cases],
                  "batches": [simulate(ed, 3, seed, seats, max_rounds=mr)["digest"] for ed, seats, seed, mr in cases]}))
"""


def copy_package(to: Path) -> Path:
    """The package as this process imports it (a checkout's src/ or site-packages), without bytecode
    caches, copied to ``to``: the package and mypyc's runtime for the group, nothing else beside."""
    shutil.copytree(_native.PACKAGE_DIR, to / "openmonopoly", ignore=shutil.ignore_patterns("__pycache__"))
    for runtime in SRC.glob("openmonopoly_native__mypyc.*"):
        shutil.copy2(runtime, to)
    return to


def loader_env(**extra: str) -> dict[str, str]:
    """This environment without ``OPENMONOPOLY_PURE`` (the pure-Python suite sets it; the loader tests
    ask for the compiled core in their subprocesses, so they hold in that suite too), plus ``extra``."""
    return {**{k: v for k, v in os.environ.items() if k != "OPENMONOPOLY_PURE"}, **extra}


def run_digests(env_extra: dict[str, str], pythonpath: Path = SRC) -> dict:
    env = loader_env(PYTHONPATH=str(pythonpath), **env_extra)
    out = subprocess.run(
        [sys.executable, "-c", DIGESTS, json.dumps(CASES)], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_the_compiled_core_is_in_use_where_ci_requires_it() -> None:
    if os.environ.get("OPENMONOPOLY_REQUIRE_NATIVE") != "1":
        pytest.skip("OPENMONOPOLY_REQUIRE_NATIVE=1 is set by .ci/run, where `make test` builds the core first")
    assert _native.PURE_REASON is None, _native.status()
    assert _native.is_compiled()
    assert all(_native.compiled_paths(m) for m in _native.COMPILED)


def test_pure_python_plays_the_same_games_as_this_process() -> None:
    here = [play_game(ed, seats, seed, max_rounds=mr).digest() for ed, seats, seed, mr in CASES]
    batches = [simulate(ed, 3, seed, seats, max_rounds=mr)["digest"] for ed, seats, seed, mr in CASES]
    pure = run_digests({"OPENMONOPOLY_PURE": "1"})
    assert pure["status"].startswith("pure Python") and not pure["compiled"]
    assert pure["digests"] == here
    assert pure["batches"] == batches  # simulate's digest too (its cheap per-game digest)


def test_a_compiled_module_older_than_its_source_is_not_used(tmp_path: Path) -> None:
    if not all(_native.compiled_paths(m) for m in _native.COMPILED):
        pytest.skip("the core is not compiled here")
    copy = copy_package(tmp_path / "src")
    edited = copy / "openmonopoly" / "rules" / "money.py"
    edited.write_text(edited.read_text() + "\n# edited after the build\n")
    result = run_digests({}, pythonpath=copy)
    assert result["status"] == "pure Python (compiled core is stale)"
    assert not result["compiled"]
    fresh = run_digests({}, pythonpath=SRC)
    assert fresh["digests"] == result["digests"]


def test_a_stray_compiled_module_from_another_build_is_never_loaded(tmp_path: Path) -> None:
    copy = copy_package(tmp_path / "src")
    # engine/options.py is not compiled; an extension file beside it (here: not even a valid one)
    # must not shadow it, whatever else is built.
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (copy / "openmonopoly" / "engine" / ("options" + suffix)).write_bytes(b"not a shared library")
    result = run_digests({}, pythonpath=copy)
    assert result["status"] == "pure Python (stray compiled modules)"
    assert result["digests"] == run_digests({"OPENMONOPOLY_PURE": "1"})["digests"]


def test_bytecode_caches_are_not_taken_for_compiled_modules(tmp_path: Path) -> None:
    """As users run it: bytecode caching on (``__pycache__/*.cpython-311.pyc`` written by the first
    run) must not make later runs think a stray compiled module is there."""
    if not all(_native.compiled_paths(m) for m in _native.COMPILED):
        pytest.skip("the core is not compiled here")
    copy = copy_package(tmp_path / "src")
    env = loader_env(PYTHONPATH=str(copy))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    code = "import openmonopoly._native as n; print(n.status())"
    runs = [
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    assert list((copy / "openmonopoly").rglob("*.cpython-*.pyc")), "the first run wrote no bytecode cache"
    for run in runs:
        assert run.stdout.strip() == "compiled (mypyc)"
        assert run.stderr == ""


def test_every_step_class_has_its_own_name_so_saved_steps_load_as_themselves() -> None:
    om.Game("mandalorian", 4, seed=1)  # imports every family's steps
    types = step_types()
    assert types["Debt"] is debt.Debt
    owed = debt.Debt(0, -1, 120, "tax", 4)
    loaded = Step.from_json(json.loads(json.dumps(owed.to_json())))
    assert type(loaded) is debt.Debt and loaded == owed


def test_every_edition_s_rules_and_heuristic_bot_are_in_the_compiled_list() -> None:
    """Each edition's rules class (and the classes it builds on) and its family's own heuristic bot are
    compiled: a family left out of ``COMPILED`` would run interpreted at a fraction of the speed."""
    from openmonopoly.agents.by_family import family_bot_class
    from openmonopoly.engine.game import Game, rules_class

    bots = 0
    for ed in om.edition_ids():
        cls = rules_class(om.load_edition(ed))
        for base in cls.__mro__:
            if issubclass(base, Game):
                assert base.__module__ in _native.COMPILED, f"{ed}: {base.__name__} ({base.__module__})"
        bot = family_bot_class(om.Game(ed, 3, seed=1).view(0))
        if bot is not None:
            bots += 1
            assert bot.__module__ in _native.COMPILED, bot.__module__
    assert bots >= 2  # Empire's and the Mandalorian's


def test_where_the_core_is_built_every_listed_module_is_the_compiled_one() -> None:
    """With a current build, importing any module of ``COMPILED`` (every family's rules and bots
    included) gives its extension module, never its source."""
    if _native.PURE_REASON is not None:
        pytest.skip(f"the compiled core is not in use here: {_native.status()}")
    import importlib

    for name in _native.COMPILED:
        module = importlib.import_module(name)
        assert _native.is_extension(Path(module.__file__ or "")), f"{name} was imported from {module.__file__}"
    assert _native.is_compiled()
