"""Build the package's wheel once, as a user's ``pip install .`` does, for everything that tests it.

    python tools/build_wheel.py OUT     # OUT/project (a fresh copy), OUT/dist/*.whl, OUT/build.log

The wheel is built by ``pip wheel`` in an isolated build environment from a fresh copy of the project
(tracked and new files, nothing ignored: no build/, no venv, no compiled core in place), so it compiles
the core exactly as a clean clone's ``pip install .`` does. Compiling the core takes minutes, so ``make
test`` builds this wheel once and both users of it take it from here: tests/test_packaging.py (told by
``OPENMONOPOLY_TEST_WHEEL``) and ``make test-installed``, which installs it with the ``dev`` extra.
On failure the exit status is pip's and the log's end is printed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOG_NAME = "build.log"


def fresh_copy(to: Path, root: Path = ROOT) -> Path:
    """The project as a fresh clone has it (tracked and new files, nothing ignored: no build, no venv)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = root / name
        if source.is_file():
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, to / name)
    return to


def build_wheel(project: Path, out: Path, **env: str) -> tuple[subprocess.CompletedProcess, list[Path]]:
    """``pip wheel`` of ``project`` into ``out`` (in an isolated build environment, as ``pip install .``
    builds): the finished process (its output is the build log) and the wheels it wrote."""
    pip = [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--disable-pip-version-check"]
    run = subprocess.run(
        [*pip, "-w", str(out), str(project)],
        env=dict(os.environ, **env),
        capture_output=True,
        text=True,
    )
    return run, sorted(out.glob("openmonopoly-*.whl"))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0]).resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    project = fresh_copy(out / "project")
    run, wheels = build_wheel(project, out / "dist")
    log = run.stdout + run.stderr
    if run.returncode != 0 or len(wheels) != 1:
        print(log[-3000:], file=sys.stderr)
        print(f"build_wheel: pip wheel failed (exit status {run.returncode}; wheels: {wheels})", file=sys.stderr)
        return run.returncode or 1
    # Written last: make takes the log as the sign that a whole build finished.
    (out / LOG_NAME).write_text(log)
    print(f"build_wheel: {wheels[0].relative_to(ROOT) if wheels[0].is_relative_to(ROOT) else wheels[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
