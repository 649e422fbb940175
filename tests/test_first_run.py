"""A fresh clone's `make play` asks its first question at once: the engine alone is installed (with a
progress line per step) and a missing compiled core builds in the background, under a lock, for the next
start (tools/build_native.py --background). The launcher's decisions are tested on a fresh copy of the
project; the whole first run is timed by bench/first_run.py (a benchmark, reported in
docs/ARCHITECTURE.md, not a timed assertion), which the last test runs once to see it reach the question."""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def user_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("OPENMONOPOLY_PURE", "PYTHONPATH")}


@pytest.fixture
def project(tmp_path) -> Path:
    """The build script and the package sources, as a fresh clone has them (nothing compiled)."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("*.so", "__pycache__", "_native_*.json"))
    (copy / "tools").mkdir()
    shutil.copy2(ROOT / "tools" / "build_native.py", copy / "tools")
    shutil.copy2(ROOT / "pyproject.toml", copy)
    return copy


def launch(project: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "tools/build_native.py", "--background"],
        cwd=project,
        env=user_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )


def stop_background(project: Path) -> None:
    pid_file = project / "build" / "native" / "background.pid"
    deadline = time.monotonic() + 20
    while not pid_file.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    pid = int(pid_file.read_text())
    os.killpg(pid, signal.SIGKILL)  # (it runs in its own session)


def test_a_missing_core_starts_one_background_build_and_says_so_in_one_line(project):
    first = launch(project)
    try:
        assert first.returncode == 0 and first.stdout == ""
        said = first.stderr.strip().splitlines()
        assert len(said) == 1, said
        assert said[0].startswith("openmonopoly: compiling the engine's core in the background")
        assert "this game runs the pure-Python engine" in said[0] and "the next start the compiled one" in said[0]
        # A second start while it builds starts nothing more and says so.
        deadline = time.monotonic() + 20
        while (
            not (project / "build" / "native" / "background.pid").exists() or not holds_lock(project)
        ) and time.monotonic() < deadline:
            time.sleep(0.1)
        second = launch(project)
        assert second.returncode == 0
        assert second.stderr.strip() == (
            "openmonopoly: the compiled core is still building in the background (log: build/native.log); "
            "this game runs the pure-Python engine"
        )
    finally:
        stop_background(project)


def holds_lock(project: Path) -> bool:
    """Whether a build holds the project's build lock (the build script's own check, on the copy)."""
    spec = importlib.util.spec_from_file_location("copied_build_native", project / "tools" / "build_native.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.building_now()


def test_while_another_build_holds_the_lock_nothing_is_started(project):
    (project / "build" / "native").mkdir(parents=True)
    with open(project / "build" / "native" / "build.lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # `make native` (or another game's build) is running
        run = launch(project)
    assert "still building in the background" in run.stderr
    assert not (project / "build" / "native" / "background.pid").exists()


def test_a_build_that_failed_for_these_sources_is_not_retried_in_the_background(project):
    spec = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path.insert(0, 'tools'); import build_native as b, json; n = b.native_module();"
            "b.BUILD_DIR.mkdir(parents=True, exist_ok=True);"
            "b.FAILED.write_text(json.dumps(n.manifest(n.source_hashes())))",
        ],
        cwd=project,
        env=user_env(),
        check=True,
    )
    assert spec.returncode == 0
    run = launch(project)
    assert run.stderr.strip().startswith("openmonopoly: the compiled core did not build (log: build/native.log)")
    assert "`make native` retries" in run.stderr
    assert not (project / "build" / "native" / "background.pid").exists()
    # A changed source is a new chance: the build starts again.
    game = project / "src" / "openmonopoly" / "engine" / "game.py"
    game.write_text(game.read_text() + "\n# changed\n")
    try:
        assert "compiling the engine's core in the background" in launch(project).stderr
    finally:
        stop_background(project)


def test_pure_python_asked_for_starts_no_build(project):
    run = subprocess.run(
        [sys.executable, "tools/build_native.py", "--background"],
        cwd=project,
        env=dict(user_env(), OPENMONOPOLY_PURE="1"),
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0 and run.stderr == ""
    assert not (project / "build" / "native" / "background.pid").exists()


@pytest.mark.install
def test_a_fresh_clone_asks_its_first_question_with_progress_shown(tmp_path):
    """bench/first_run.py on this checkout's HEAD: `make play` reaches the game's first question and
    shows a line for each step (the seconds are reported by the benchmark, not asserted here)."""
    if shutil.which("make") is None or shutil.which("git") is None:
        pytest.skip("needs make and git")
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "first_run.py"), "--json", "--timeout", "900"],
        env=user_env(),
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    figures = json.loads(run.stdout)
    assert figures["first_question_seconds"] > 0
    lines = [line for _, line in figures["progress"]]
    assert any("[1/3] creating the virtualenv" in line for line in lines), lines
    assert any("[3/3] installing the engine" in line for line in lines), lines
    assert any("compiling the engine's core in the background" in line for line in lines), lines


def test_a_stale_core_is_removed_before_the_game_starts_so_it_runs_the_sources_quietly(project):
    import sysconfig

    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    stale = project / "src" / "openmonopoly" / "engine" / f"game{suffix}"
    stale.write_bytes(b"an old build")
    (project / "src" / "openmonopoly" / "_native_manifest.json").write_text('{"python": "0.0", "sources": {}}')
    try:
        assert "compiling the engine's core in the background" in launch(project).stderr
        assert not stale.exists()
        game = subprocess.run(
            [sys.executable, "-c", "import openmonopoly; from openmonopoly import _native; print(_native.status())"],
            cwd=project,
            env=dict(user_env(), PYTHONPATH=str(project / "src")),
            capture_output=True,
            text=True,
        )
        assert game.stderr == "" and game.stdout.startswith("pure Python (not compiled")
    finally:
        stop_background(project)
