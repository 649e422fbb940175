"""The terminal game under a real pseudo-terminal of 80x24: what a person at a normal window sees.

The game runs as a child process (with bytecode caching on, as a user's install has it) on a pty whose
window is 80 columns by 24 rows; keystrokes are typed into it and the screen's text is read back."""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")

SRC = Path(__file__).resolve().parent.parent / "src"
ANSI = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-B]|[=>])")


class Pty:
    def __init__(self, *args: str, cols: int = 80, rows: int = 24) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "COLUMNS", "LINES")}
        env.update(PYTHONPATH=str(SRC), TERM="xterm-256color", NO_COLOR="1")
        pid, fd = pty.fork()
        if pid == 0:  # the child: the game, on the pty
            os.execve(sys.executable, [sys.executable, "-m", "openmonopoly.cli", *args], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.pid, self.fd, self.out = pid, fd, ""
        # (a character may come in two reads: decoded as a stream, never as two broken halves)
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def read_until(self, pattern: str, timeout: float = 60.0) -> str:
        """Everything shown until ``pattern`` appears (as text, escape codes removed)."""
        deadline = time.monotonic() + timeout
        start = len(self.text())
        while time.monotonic() < deadline:
            if re.search(pattern, self.text()[start:]):
                return self.text()[start:]
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    self.out += self.decoder.decode(os.read(self.fd, 65536))
                except OSError:
                    break
        raise AssertionError(f"{pattern!r} never shown; the screen ended with:\n{self.text()[-2000:]}")

    def text(self) -> str:
        return ANSI.sub("", self.out).replace("\r", "")

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\r").encode())

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def game():
    term = Pty("play", "--seed", "5", "--seats", "human,heuristic", "--names", "Ann,Ben", "--edition", "classic")
    yield term
    term.close()


def test_a_game_at_80x24_fits_and_keeps_the_prompt_on_screen(game):
    first = game.read_until(r"Ann ▸ ")
    assert "seed 5" in first
    game.type("board")  # longer than the window: a page at a time, each within 24 rows
    board = game.read_until(r"back to the game")
    assert "Mediterranean" in board and "the board: lines 1-22 of" in board
    assert len(board.strip("\n").split("\n")) <= 24 + 1
    game.type("")
    board = game.read_until(r"back to the game")
    assert "Boardwalk" in board and "the end; Enter: back to the game" in board
    assert len(board.strip("\n").split("\n")) <= 24 + 1
    game.type("")
    game.read_until(r"Ann ▸ ")
    game.type("legend")
    game.read_until(r"Ann ▸ ")
    game.type("1")  # the first choice of the first prompt (roll)
    after = game.read_until(r"Ann ▸ ")
    assert "at 9 Connecticut Avenue" in after and "Ann rolls 4 and 5." in after
    assert "1) Buy Connecticut Avenue for $120" in after
    assert len(after.strip("\n").split("\n")) <= 24 + 1  # one screen (and the echoed keystroke)
    assert after.rstrip().endswith("Ann ▸")  # the prompt is the last thing on the screen
    game.type("quit")
    game.read_until(r"(?i)leav|quit|save|y/n", timeout=30)
    lines = game.text().split("\n")
    wide = [line for line in lines if len(line) > 80]
    assert not wide, wide[:3]


def test_a_killed_game_with_save_resumes_where_it_was(tmp_path):
    """`play --save F` keeps F current before each of the player's moves: after a kill -9 (a closed
    window, a crash), `--load F` shows the same position and question, and F is never a half-written file."""
    save = tmp_path / "night.json"
    first = Pty("play", "--seed", "5", "--seats", "human,heuristic", "--names", "Ann,Ben", "--save", str(save))
    try:
        first.read_until(r"Ann ▸ ")
        first.type("1")  # roll: 4 and 5, to Connecticut Avenue, asked to buy it
        first.read_until(r"Buy Connecticut Avenue for \$120[\s\S]*Ann ▸ ")
        deadline = time.monotonic() + 10
        while "Connecticut" not in (save.read_text() if save.exists() else "") and time.monotonic() < deadline:
            time.sleep(0.05)  # (the save of this prompt is written before the question is asked)
    finally:
        first.close()  # kill -9
    assert not list(tmp_path.glob(".openmonopoly-save-*"))  # no temporary file left beside it
    second = Pty("play", "--load", str(save), "--save", str(save))
    try:
        shown = second.read_until(r"Ann ▸ ")
        assert "at 9 Connecticut Avenue" in shown and "1) Buy Connecticut Avenue for $120" in shown
        second.type("1")  # buy it: the loaded game plays on
        assert "Ann buys Connecticut Avenue for $120." in second.read_until(r"Ann ▸ ")
    finally:
        second.close()
