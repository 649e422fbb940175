"""Bots, by name: ``make_agent("heuristic", seed)``."""
from __future__ import annotations

from .base import Agent
from .random_bot import RandomAgent

AGENT_KINDS = ("random", "heuristic", "mcts")


def make_agent(kind: str, seed: int = 0) -> Agent:
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        from .by_family import FamilyHeuristic     # a HeuristicAgent that defers to a family's own bot
        return FamilyHeuristic(seed)
    if kind == "mcts":
        from .mcts import MCTSAgent                # determinized MCTS over View.sample_game
        return MCTSAgent(seed)
    raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(AGENT_KINDS)}")


__all__ = ["AGENT_KINDS", "Agent", "RandomAgent", "make_agent"]
