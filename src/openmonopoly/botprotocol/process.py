"""The child-process transport: a bot is a command reading the engine's lines on stdin and writing its own
on stdout (stderr is its own: passed through, or discarded).

``BotProcess.receive(deadline)`` returns the next line, or a ``Timeout``, ``TooLong`` or ``Gone`` marker;
it never blocks past the deadline (``select`` on the pipe, POSIX). A line longer than the limit is
refused as soon as the limit is passed and the rest of it is skipped. Processes are kept per command in
this process (``acquire`` / ``release``), so a simulation worker starts one per seat and reuses it for
every game; at exit every bot gets ``quit`` and its stdin closed, and one that does not exit within a
second is killed.
"""

from __future__ import annotations

import logging
import os
import selectors
import shlex
import subprocess
import time
from dataclasses import dataclass
from typing import Any, Final

from . import messages as M

log = logging.getLogger("openmonopoly.botprotocol")

HANDSHAKE_MS: Final = 10_000  # an interpreter may take a while to start


class Timeout:
    """Nothing came before the deadline."""


class TooLong:
    """A line longer than the limit (its rest is skipped)."""


class Gone:
    """The bot closed its stdout or exited."""


TIMEOUT: Final = Timeout()
TOO_LONG: Final = TooLong()
GONE: Final = Gone()
Received = bytes | Timeout | TooLong | Gone


@dataclass(frozen=True)
class BotCommand:
    """How to start a bot: ``argv``, and where its stderr goes (None: this process's stderr)."""

    argv: tuple[str, ...]
    stderr: str | None = None  # a file path, or "discard"

    @classmethod
    def parse(cls, text: str, stderr: str | None = None) -> BotCommand:
        try:
            argv = tuple(shlex.split(text))
        except ValueError as exc:
            raise ValueError(f"cannot read the bot command {text!r}: {exc}") from None
        if not argv:
            raise ValueError("a bot command is a program and its arguments, e.g. 'python3 mybot.py'")
        return cls(argv, stderr)

    def __str__(self) -> str:
        return shlex.join(self.argv)


class BotProcess:
    """One running bot."""

    def __init__(self, command: BotCommand, max_line: int = M.MAX_LINE_BYTES) -> None:
        self.command = command
        self.max_line = max_line
        self.hello: dict[str, Any] | None = None
        self._buffer = bytearray()
        self._skipping = False  # inside a line that was too long
        self._cut = False  # a line was too long: receive reports it once
        self._stderr: Any = None
        err: Any = None
        if command.stderr == "discard":
            err = subprocess.DEVNULL
        elif command.stderr:
            err = self._stderr = open(command.stderr, "ab")  # noqa: SIM115 - closed with the process
        try:
            self.proc = subprocess.Popen(
                command.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, bufsize=0, close_fds=True
            )
        except OSError as exc:
            if self._stderr is not None:
                self._stderr.close()
            raise BotStartError(f"cannot start bot {command}: {exc}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._out, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self.dead = False

    # ------------------------------------------------------------------ lines
    def send(self, message: dict[str, Any]) -> bool:
        """Write one message; False if the bot is gone."""
        return self.send_line(M.encode(message))

    def send_line(self, data: bytes) -> bool:
        """Write one line as it is (ending in a newline); False if the bot is gone."""
        if self.dead:
            return False
        try:
            view = memoryview(data)
            while view:
                written = os.write(self._in, view)
                view = view[written:]
        except (BrokenPipeError, OSError):
            self.dead = True
            return False
        return True

    def receive(self, deadline: float) -> Received:
        """The next line (without its newline), or why there is none (see the module docstring)."""
        while True:
            line = self._take_line()
            if line is not None:
                return line
            if self._cut:
                self._cut = False
                return TOO_LONG
            if self.dead:
                return GONE
            left = deadline - time.monotonic()
            if left <= 0:
                return TIMEOUT
            if not self._selector.select(left):
                continue  # (loop: the deadline test decides)
            try:
                chunk = os.read(self._out, 1 << 16)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                self.dead = True
                continue
            self._buffer += chunk

    def _take_line(self) -> bytes | None:
        buf = self._buffer
        end = buf.find(b"\n")
        while self._skipping:
            if end < 0:
                buf.clear()
                return None
            del buf[: end + 1]
            self._skipping = False
            end = buf.find(b"\n")
        if end < 0:
            if len(buf) > self.max_line:  # (refused now; the rest of it is skipped as it comes)
                buf.clear()
                self._cut = self._skipping = True
            return None
        if end > self.max_line:
            del buf[: end + 1]
            self._cut = True
            return None
        line = bytes(buf[:end])
        del buf[: end + 1]
        return line

    # ------------------------------------------------------------------ start and stop
    def handshake(self, engine_version: str, time_ms: int, limit_ms: int = HANDSHAKE_MS) -> dict[str, Any]:
        """Send the engine's hello and read the bot's (``BotStartError`` if none comes in time)."""
        self.send(M.engine_hello(time_ms, engine_version))
        deadline = time.monotonic() + limit_ms / 1000
        while True:
            got = self.receive(deadline)
            if not isinstance(got, bytes):
                what = {Timeout: f"no hello within {limit_ms} ms", Gone: "it exited", TooLong: "a line too long"}
                raise BotStartError(f"bot {self.command} did not say hello: {what[type(got)]}")
            try:
                message = M.read(got)
            except M.BadMessage as exc:
                raise BotStartError(f"bot {self.command} did not say hello: {exc.reason}") from None
            if message["type"] == "log":
                log.info("bot %s: %s", self.command, message["text"])
                continue
            if message["type"] != "hello":
                raise BotStartError(f"bot {self.command} sent '{message['type']}' before its hello")
            if message["protocol"] != M.PROTOCOL_VERSION:
                raise BotStartError(
                    f"bot {self.command} speaks protocol {message['protocol']}; this engine speaks {M.PROTOCOL_VERSION}"
                )
            self.hello = message
            return message

    def close(self, grace: float = 1.0) -> None:
        """Say ``quit``, close its stdin, and kill it if it has not exited within ``grace`` seconds."""
        if self.proc.poll() is None:
            self.send(M.QUIT)
        self.dead = True
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        try:
            self.proc.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()
        self._selector.close()
        if self._stderr is not None:
            self._stderr.close()

    def kill(self) -> None:
        self.dead = True
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class BotStartError(RuntimeError):
    """A bot that could not be started or did not complete its hello."""


# ------------------------------------------------------------------------------------ the idle pool
_IDLE: dict[BotCommand, list[BotProcess]] = {}
_ALL: list[BotProcess] = []
_registered = False


def acquire(command: BotCommand, engine_version: str, time_ms: int, start_ms: int = HANDSHAKE_MS) -> BotProcess:
    """A bot process of ``command`` that has said hello: an idle one, else a new one."""
    idle = _IDLE.get(command)
    while idle:
        proc = idle.pop()
        if not proc.dead and proc.proc.poll() is None:
            return proc
    _register_exit()
    proc = BotProcess(command)
    _ALL.append(proc)
    try:
        proc.handshake(engine_version, time_ms, start_ms)
    except BotStartError:
        discard(proc)
        raise
    return proc


def release(proc: BotProcess) -> None:
    """Back to the idle pool for the next game (a dead one is closed instead)."""
    if proc.dead or proc.proc.poll() is not None:
        discard(proc)
    else:
        _IDLE.setdefault(proc.command, []).append(proc)


def discard(proc: BotProcess) -> None:
    proc.kill()
    proc.close(0)
    if proc in _ALL:
        _ALL.remove(proc)


def close_all() -> None:
    """Stop every bot this process started (at exit)."""
    procs = list(_ALL)
    _ALL.clear()
    _IDLE.clear()
    for proc in procs:
        proc.close()


def _register_exit() -> None:
    # multiprocessing's exit hook runs in the main process (through atexit) and in pool workers, which skip
    # atexit; a bot whose parent is killed sees its stdin close and exits by itself.
    global _registered
    if not _registered:
        from multiprocessing import util

        util.Finalize(None, close_all, exitpriority=20)
        _registered = True
