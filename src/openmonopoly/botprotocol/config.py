"""External bots as seat kinds: ``exec:COMMAND`` or ``bot:NAME``, a bot named in a bots file.

A bots file is TOML::

    [bots.pybot]
    command = "python3 examples/bots/python_bot.py"   # or a list: ["python3", "bot.py"]
    time-ms = 1000                                     # per decision (default 1000)
    max-strikes = 3                                    # faults in a game before the stand-in takes over
    start-ms = 10000                                   # to start and say hello
    stderr = "discard"                                 # or a file path; default: passed through

It is found at ``$OPENMONOPOLY_BOTS``, else ``./openmonopoly-bots.toml``, else
``~/.config/openmonopoly/bots.toml``.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from .process import HANDSHAKE_MS, BotCommand
from .session import DEFAULT_TIME_MS, MAX_STRIKES

EXEC: Final = "exec:"
NAMED: Final = "bot:"
FILE_NAME: Final = "openmonopoly-bots.toml"
_BOT_KEYS: Final = {"command", "time-ms", "max-strikes", "start-ms", "stderr"}


@dataclass(frozen=True)
class BotSpec:
    """An external bot: its seat kind text, a name to show, how to start it and its limits."""

    kind: str
    name: str
    command: BotCommand
    time_ms: int = DEFAULT_TIME_MS
    max_strikes: int = MAX_STRIKES
    start_ms: int = HANDSHAKE_MS  # to start and say hello


def is_external(kind: str) -> bool:
    """Whether a seat kind names an external bot (it may still fail to resolve)."""
    return kind.startswith((EXEC, NAMED))


def bots_file() -> Path | None:
    env = os.environ.get("OPENMONOPOLY_BOTS")
    if env:
        return Path(env)
    for path in (Path(FILE_NAME), Path.home() / ".config" / "openmonopoly" / "bots.toml"):
        if path.is_file():
            return path
    return None


def load_bots(path: Path) -> dict[str, BotSpec]:
    """The bots a bots file names (``ValueError`` naming the file and the fault)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"bots file {path}: {exc}") from None
    bots = data.get("bots")
    if not isinstance(bots, dict) or set(data) - {"bots"}:
        raise ValueError(f"bots file {path}: expected only [bots.NAME] tables with a 'command'")
    return {name: spec_from(name, entry, f"bots file {path}, [bots.{name}]") for name, entry in bots.items()}


def spec_from(name: str, entry: Any, where: str) -> BotSpec:
    """A ``BotSpec`` from one bots-file table."""
    if not isinstance(entry, dict) or "command" not in entry:
        raise ValueError(f"{where}: needs a 'command' (a string or a list of strings)")
    unknown = set(entry) - _BOT_KEYS
    if unknown:
        raise ValueError(f"{where}: unknown keys {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(_BOT_KEYS))}")
    stderr = entry.get("stderr")
    if stderr is not None and not isinstance(stderr, str):
        raise ValueError(f"{where}: 'stderr' is \"discard\" or a file path")
    command = entry["command"]
    if isinstance(command, str):
        cmd = BotCommand.parse(command, stderr)
    elif isinstance(command, list) and command and all(isinstance(a, str) for a in command):
        cmd = BotCommand(tuple(command), stderr)
    else:
        raise ValueError(f"{where}: 'command' is a string or a non-empty list of strings")
    time_ms = _positive(entry.get("time-ms", DEFAULT_TIME_MS), "time-ms", where)
    strikes = _positive(entry.get("max-strikes", MAX_STRIKES), "max-strikes", where)
    start_ms = _positive(entry.get("start-ms", HANDSHAKE_MS), "start-ms", where)
    return BotSpec(NAMED + name, name, cmd, time_ms, strikes, start_ms)


def _positive(value: Any, key: str, where: str) -> int:
    if type(value) is not int or value < 1:
        raise ValueError(f"{where}: '{key}' is a whole number >= 1; got {value!r}")
    return value


def resolve(kind: str, *, time_ms: int | None = None) -> BotSpec:
    """The external bot a seat kind names (``ValueError`` saying what is wrong)."""
    if kind.startswith(EXEC):
        text = kind[len(EXEC) :].strip()
        command = BotCommand.parse(text)
        return BotSpec(kind, os.path.basename(command.argv[0]), command, time_ms or DEFAULT_TIME_MS)
    if kind.startswith(NAMED):
        name = kind[len(NAMED) :]
        path = bots_file()
        if path is None:
            raise ValueError(
                f"seat kind {kind!r} names a bot from a bots file, but there is none: set OPENMONOPOLY_BOTS "
                f"or write ./{FILE_NAME} (see docs/BOT-PROTOCOL.md)"
            )
        bots = load_bots(path)
        if name not in bots:
            raise ValueError(f"no bot {name!r} in {path}; it names: {', '.join(sorted(bots)) or 'none'}")
        spec = bots[name]
        return spec if time_ms is None else replace(spec, time_ms=time_ms)
    raise ValueError(f"{kind!r} is not an external bot; write exec:COMMAND or bot:NAME")
