"""The package as users install it: a wheel built from a fresh copy of the project compiles the core,
and the installed package uses it, with bytecode caching on, printing nothing on stderr; without a C
compiler the build says so once and installs the pure-Python engine.

These tests build wheels (one compiles the core: minutes of CPU; ``make test`` builds that one once with
tools/build_wheel.py and passes it in ``OPENMONOPOLY_TEST_WHEEL``, as ``make test-installed`` installs the
same file) and install them into a fresh virtualenv (the dependencies come from the package index or pip's
cache), so they are marked ``install``: ``pytest -m "not install"`` leaves them out; ``make test`` and CI run them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from openmonopoly.sim import simulate

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_wheel  # noqa: E402  (tools/build_wheel.py: the fresh copy and the wheel build, shared with make)

pytestmark = pytest.mark.install

NOTICE = "openmonopoly: "  # how the build's notices begin (tools/build_native.py)


def wheel_and_log(base: Path) -> tuple[Path, str]:
    """The wheel under test and its build log: the one ``make test`` built once (tools/build_wheel.py,
    named by ``OPENMONOPOLY_TEST_WHEEL``; ``make test-installed`` installs the same file), else one built
    here the same way."""
    given = os.environ.get("OPENMONOPOLY_TEST_WHEEL")
    if given:
        out = Path(given)
        wheels = sorted((out / "dist").glob("openmonopoly-*.whl"))
        assert len(wheels) == 1, f"{out}: expected one wheel built by tools/build_wheel.py, found {wheels}"
        return wheels[0], (out / build_wheel.LOG_NAME).read_text()
    run, wheels = build_wheel.build_wheel(build_wheel.fresh_copy(base / "project"), base / "dist")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert len(wheels) == 1, wheels
    return wheels[0], run.stdout + run.stderr


def notices(build_log: str) -> list[str]:
    return [line.strip() for line in build_log.splitlines() if line.strip().startswith(NOTICE)]


def user_env() -> dict[str, str]:
    """A user's environment: bytecode caching on, nothing of this checkout on the path."""
    return {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "OPENMONOPOLY_PURE", "VIRTUAL_ENV")
    }


def run_installed(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(venv / "bin" / "openmonopoly"), *args],
        cwd=cwd,
        env=user_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """A fresh virtualenv with the wheel built from a fresh copy of the project installed (with its
    dependencies, as ``pip install`` gives them)."""
    base = tmp_path_factory.mktemp("install")
    wheel, log = wheel_and_log(base)
    assert notices(log) == [], log[-3000:]  # a compiler is there: no fallback notice
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)], capture_output=True, text=True
    )
    assert pip.returncode == 0, pip.stderr[-3000:]
    return venv, base


def test_an_installed_wheel_uses_the_compiled_core_with_bytecode_caching_on(installed) -> None:
    venv, base = installed
    site = next((venv / "lib").glob("python*/site-packages"))
    package = site / "openmonopoly"
    assert list(package.glob("engine/game.*.so")), "the wheel has no compiled engine"
    assert (package / "_native_manifest.json").is_file()
    assert not (package.parent / "src").exists()  # no sources beside: an installed package
    # The first run writes bytecode caches next to the installed sources; the second reads them.
    runs = [
        run_installed(venv, "simulate", "--games", "3", "--seed", "7", "--workers", "1", "--json", cwd=base)
        for _ in range(2)
    ]
    assert list(package.rglob("__pycache__/*.cpython-*.pyc")), "bytecode caching was not on"
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert run.stderr == ""
    # The compiled install plays the very games this checkout plays.
    here = simulate("classic", 3, 7, ["heuristic"] * 4)
    assert json.loads(runs[1].stdout)["digest"] == here["digest"]
    version = run_installed(venv, "--version", cwd=base)
    assert version.returncode == 0 and version.stderr == ""
    assert version.stdout.strip() == "openmonopoly 0.1.0, engine: compiled (mypyc)"


def test_without_a_c_compiler_the_build_says_so_once_and_installs_the_pure_python_engine(installed) -> None:
    venv, base = installed
    project = build_wheel.fresh_copy(base / "project-pure")
    run, wheels = build_wheel.build_wheel(project, base / "dist-pure", CC="/bin/false")
    assert run.returncode == 0 and len(wheels) == 1, run.stdout[-3000:] + run.stderr[-3000:]
    wheel, log = wheels[0], run.stdout + run.stderr
    said = notices(log)
    assert len(said) == 1, said
    assert said[0].startswith("openmonopoly: no working C compiler (/bin/false ")
    assert said[0].endswith("this is the pure-Python engine (same games, slower)")
    pure = base / "venv-pure"
    shutil.copytree(venv, pure, symlinks=True)  # the dependencies are already there
    subprocess.run(
        [str(pure / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps", "--force-reinstall", str(wheel)],
        check=True,
        capture_output=True,
    )
    package = next((pure / "lib").glob("python*/site-packages")) / "openmonopoly"
    assert not list(package.rglob("*.so")) and not (package / "_native_manifest.json").exists()
    version = subprocess.run(
        [str(pure / "bin" / "python"), "-m", "openmonopoly.cli", "--version"],
        cwd=base,
        env=user_env(),
        capture_output=True,
        text=True,
    )
    assert version.stderr == ""
    assert version.stdout.strip() == "openmonopoly 0.1.0, engine: pure Python (installed without the compiled core)"


def test_help_shows_the_docstrings_and_real_signatures_with_the_compiled_core(installed) -> None:
    """mypyc drops docstrings and annotations; the installed package puts the sources' back (help())."""
    venv, base = installed
    script = (
        "import inspect, openmonopoly, pydoc; from openmonopoly import _native;"
        "assert _native.is_compiled() or print('pure', _native.status());"
        "print(inspect.signature(openmonopoly.Game));"
        "print(pydoc.render_doc(openmonopoly.Game, renderer=pydoc.plaintext));"
        "print(pydoc.render_doc(openmonopoly.View, renderer=pydoc.plaintext))"
    )
    run = subprocess.run(
        [str(venv / "bin" / "python"), "-c", script], cwd=base, env=user_env(), capture_output=True, text=True
    )
    assert run.returncode == 0 and run.stderr == "", run.stderr
    text = run.stdout
    assert "pure" not in text.splitlines()[0]
    assert text.splitlines()[0].startswith("(edition")  # the real parameters (names and defaults)
    assert "A game of one edition, played exactly by its rulebook" in text  # the class docstring
    assert "act(self, player: Any, action: Any) -> list[Event]" in text  # a real signature
    assert "Apply one action; return the events it caused." in text  # a method's docstring
    assert "legal_actions(self, player: Any) -> Legal" in text
    assert "prompt (property)" in text and "What the game waits for" in text
    assert "legal_actions(self) -> Legal" in text and "What this seat may do now" in text  # the view's


def test_the_core_in_place_is_taken_from_a_wheel_built_from_the_same_sources_only(tmp_path) -> None:
    """``make test`` compiles once: ``build_native.py --if-stale --from-wheel`` unpacks the wheel's compiled
    modules beside the sources when the wheel's manifest names these very sources, and leaves the
    checkout alone when one source differs."""
    wheel, _ = wheel_and_log(tmp_path)
    project = build_wheel.fresh_copy(tmp_path / "project")
    build = ["tools/build_native.py", "--if-stale", "--from-wheel", str(wheel.parent)]
    env = user_env()
    env.pop("OPENMONOPOLY_REQUIRE_NATIVE", None)
    engine = [sys.executable, "-c", "from openmonopoly import _native; print(_native.status())"]

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            args, cwd=project, env=dict(env, PYTHONPATH=str(project / "src")), capture_output=True, text=True
        )

    took = run(sys.executable, *build)
    assert took.returncode == 0, took.stderr
    assert f"took the compiled core from {wheel.name}" in took.stdout
    assert list((project / "src" / "openmonopoly" / "engine").glob("game.*.so"))
    assert run(*engine).stdout.strip() == "compiled (mypyc)"

    # One compiled source changed: the wheel no longer matches, and (with the compiler switched off, so
    # the fallback build fails fast) nothing of the wheel is unpacked.
    run(sys.executable, "tools/build_native.py", "--clean")
    game = project / "src" / "openmonopoly" / "engine" / "game.py"
    game.write_text(game.read_text() + "\n# changed\n")
    refused = subprocess.run(
        [sys.executable, *build],
        cwd=project,
        env=dict(env, PYTHONPATH=str(project / "src"), CC="/bin/false"),
        capture_output=True,
        text=True,
    )
    assert "took the compiled core" not in refused.stdout
    assert not list((project / "src" / "openmonopoly").rglob("*.so"))
    assert run(*engine).stdout.strip().startswith("pure Python")
