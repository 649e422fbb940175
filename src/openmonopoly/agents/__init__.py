"""Bots, by name: ``make_agent("heuristic", seed)``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Agent
    from .random_bot import RandomAgent

# The bots by what they are, then the difficulty levels people pick (agents/levels.py), weakest first.
BOT_KINDS = ("random", "heuristic", "mcts", "learned")
LEVELS = ("easy", "normal", "hard", "expert")
AGENT_KINDS = BOT_KINDS + LEVELS
# The bot that only minds an absent person's seat (agents/stand_in.py): what the web game's turn timer and
# its host's "Bot plays" use. Not a seat kind: nobody picks it as an opponent.
STAND_IN = "stand-in"
# The kinds whose bots draw nothing: the same decisions whatever seed they are made with (the heuristic bot
# and every family's own bot are deterministic), so a simulation need not derive one for them (``sim.runner``:
# two SHA-256s' worth of work per bot, a sixth of a short game's set-up).
DRAW_NOTHING = frozenset({"heuristic"})


def make_agent(kind: str, seed: int = 0) -> Agent:
    return agent_maker(kind)(seed)


def agent_maker(kind: str) -> Callable[[int], Agent]:
    """What ``make_agent(kind, seed)`` calls with the seed (``ValueError`` for an unknown kind): a simulation
    looks it up once for its seats rather than once per bot of every game."""
    make = _MAKERS.get(kind)
    if make is None:
        make = _MAKERS[kind] = _maker(kind)
    return make


# What makes each kind of bot, once asked for: a bot's module is imported on first use (the command line
# lists the kinds without importing any), and an import statement run for every bot of every game
# (simulations make four per game) costs several times the bot's own construction.
_MAKERS: dict[str, Callable[[int], Agent]] = {}


def _maker(kind: str) -> Callable[[int], Agent]:
    if kind == "random":
        from .random_bot import RandomAgent

        return RandomAgent
    if kind == "heuristic":
        from .by_family import FamilyHeuristic  # a HeuristicAgent that defers to a family's own bot

        return FamilyHeuristic
    if kind == "mcts":
        from .mcts import MCTSAgent  # determinized MCTS over View.sample_game

        return MCTSAgent
    if kind == "learned":
        from .learned import LearnedAgent  # a NumPy policy over the search bot's candidate menu

        return LearnedAgent
    if kind == STAND_IN:
        from .stand_in import StandIn

        return StandIn
    if kind in LEVELS:
        from .levels import make_level

        return partial(make_level, kind)
    raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(AGENT_KINDS + (STAND_IN,))}")


def __getattr__(name: str):
    # Agent and RandomAgent import the engine: only when asked for (the command line lists AGENT_KINDS
    # in its help without it).
    if name == "Agent":
        from .base import Agent

        return Agent
    if name == "RandomAgent":
        from .random_bot import RandomAgent

        return RandomAgent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AGENT_KINDS",
    "BOT_KINDS",
    "DRAW_NOTHING",
    "LEVELS",
    "STAND_IN",
    "Agent",
    "RandomAgent",
    "agent_maker",
    "make_agent",
]
