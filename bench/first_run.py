"""A fresh clone's `make play`: seconds until the game asks its first question.

    python bench/first_run.py                 # clone this checkout's HEAD into a temporary folder, run
                                              # `make play` there on a pseudo-terminal, time it
    python bench/first_run.py --wait-native   # also time the background build of the compiled core
                                              # until `openmonopoly --version` says it is in use

The clone is made with `git clone` (committed work only) and `make play` runs with a user's
environment (no PYTHONPATH, OPENMONOPOLY_PURE or PYTHONDONTWRITEBYTECODE from this shell). Packages come
from pip's cache or the package index as for any user. Printed: the seconds at which each progress line
and the first question appeared, the machine's load, and (with --wait-native) the build's seconds.
Without --wait-native the background build is stopped when the game has asked (it would go on for
minutes). This is a benchmark: docs/ARCHITECTURE.md ("First run") records its figures.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-B]|[=>])")
QUESTION = "▸ "  # the terminal game's prompt: `<name> ▸ `
USER_ENV_DROPS = ("PYTHONPATH", "OPENMONOPOLY_PURE", "PYTHONDONTWRITEBYTECODE", "VIRTUAL_ENV", "MAKEFLAGS", "MAKELEVEL")


def user_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in USER_ENV_DROPS and k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", NO_COLOR="1")
    return env


def first_question(clone: Path, timeout: float) -> dict:
    """Run `make play` in ``clone`` on an 80x24 pty; the seconds of each progress line and the question."""
    began = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(clone)
        os.execvpe("make", ["make", "play"], user_env())
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out, seen, lines = "", set(), []
    asked = None
    try:
        while time.monotonic() - began < timeout:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    out += os.read(fd, 65536).decode("utf-8", "replace")
                except OSError:
                    break
            text = ANSI.sub("", out).replace("\r", "")
            for line in text.split("\n"):
                if line.startswith("openmonopoly:") and line not in seen:
                    seen.add(line)
                    lines.append((round(time.monotonic() - began, 1), line))
            if QUESTION in text:
                asked = round(time.monotonic() - began, 1)
                break
    finally:
        try:
            os.killpg(os.getpgid(pid), signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        os.waitpid(pid, 0)
        os.close(fd)
    if asked is None:
        raise SystemExit(f"no question within {timeout:.0f} s; the screen ended with:\n{ANSI.sub('', out)[-2000:]}")
    return {"first_question_seconds": asked, "progress": lines, "screen": ANSI.sub("", out).replace("\r", "")}


def background_pid(clone: Path) -> int | None:
    try:
        return int((clone / "build" / "native" / "background.pid").read_text())
    except (OSError, ValueError):
        return None


def wait_native(clone: Path, timeout: float) -> float | None:
    """Seconds until the clone's `openmonopoly --version` says the compiled core is in use."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        version = subprocess.run(
            [str(clone / ".venv" / "bin" / "openmonopoly"), "--version"], env=user_env(), capture_output=True, text=True
        )
        if "compiled (mypyc)" in version.stdout:
            return round(time.monotonic() - began, 1)
        time.sleep(2)
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=str(ROOT), help="the repository to clone (default: this checkout)")
    ap.add_argument("--wait-native", action="store_true", help="also time the background build")
    ap.add_argument("--timeout", type=float, default=600, help="give up after this many seconds")
    ap.add_argument("--keep", action="store_true", help="keep the clone (its path is printed)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if shutil.which("make") is None or shutil.which("git") is None:
        raise SystemExit("needs make and git")
    work = Path(tempfile.mkdtemp(prefix="openmonopoly-first-run-"))
    clone = work / "openmonopoly"
    try:
        subprocess.run(["git", "clone", "--quiet", args.source, str(clone)], check=True)
        load_before = os.getloadavg()
        figures = first_question(clone, args.timeout)
        figures["load_average_before"] = [round(x, 2) for x in load_before]
        figures["cores"] = os.cpu_count()
        figures["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        if args.wait_native:
            figures["native_build_seconds_after_question"] = wait_native(clone, args.timeout)
        else:
            pid = background_pid(clone)
            if pid is not None:
                try:
                    os.killpg(pid, signal.SIGKILL)  # (its own session: the build and its compilers)
                except ProcessLookupError:
                    pass
        screen = figures.pop("screen")
        if args.json:
            print(json.dumps(figures, indent=1))
        else:
            for at, line in figures["progress"]:
                print(f"{at:6.1f} s  {line}")
            print(f"{figures['first_question_seconds']:6.1f} s  the first question: {screen.strip().splitlines()[-1]}")
            if args.wait_native:
                print(f"compiled core in use {figures['native_build_seconds_after_question']} s after that")
            print(f"({figures['cores']} cores, load before {figures['load_average_before']}, {figures['date']})")
    finally:
        if args.keep:
            print(f"clone kept: {clone}", file=sys.stderr)
        else:
            pid = background_pid(clone)
            if pid is not None:
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
