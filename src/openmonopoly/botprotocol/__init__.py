"""The bot protocol: bots in any language, as child processes or over a WebSocket (docs/BOT-PROTOCOL.md).

``make_bot(kind, seed)`` is ``agents.make_agent`` plus the external seat kinds ``exec:COMMAND`` and
``bot:NAME`` (a bot from a bots file, ``config``); ``finish_agents(agents, game)`` tells the external ones
a game has ended. ``messages`` builds and reads the lines, ``session`` is one seat in one game whatever the
transport, ``process`` the child-process transport, ``agent`` the agent that seats a child-process bot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..agents import make_agent  # (at the top: an import statement in make_bot costs more than the bot it makes)
from .config import is_external

if TYPE_CHECKING:
    from ..agents.base import Agent
    from ..engine.game import Game


def make_bot(kind: str, seed: int = 0, *, time_ms: int | None = None) -> Agent:
    """The agent for a seat kind: a built-in bot, or an external one (``exec:`` / ``bot:``)."""
    if is_external(kind):
        from .agent import ExternalAgent
        from .config import resolve

        return ExternalAgent(resolve(kind, time_ms=time_ms), seed)
    return make_agent(kind, seed)


def check_kind(kind: str) -> None:
    """``ValueError`` if an external seat kind cannot be resolved (a missing bots file or name, a bad
    command); built-in kinds are checked by ``make_agent``."""
    if is_external(kind):
        from .config import resolve

        resolve(kind)


def check_starts(kind: str) -> None:
    """Start the external bot of ``kind`` and greet it (``ValueError`` saying why it cannot be used); the
    process stays idle for the games that follow. Built-in kinds: nothing to do."""
    if not is_external(kind):
        return
    from .. import __version__
    from .config import resolve
    from .process import BotStartError, acquire, release

    spec = resolve(kind)
    try:
        release(acquire(spec.command, __version__, spec.time_ms, spec.start_ms))
    except BotStartError as exc:
        raise ValueError(str(exc)) from None


def finish_agents(agents: Any, game: Game) -> None:
    """Tell every external bot among ``agents`` that ``game`` has ended (built-in bots need nothing)."""
    for agent in agents:
        finish = getattr(agent, "finish", None)
        if finish is not None:
            finish(game)


__all__ = ["check_kind", "check_starts", "finish_agents", "is_external", "make_bot"]
