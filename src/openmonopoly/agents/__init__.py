"""Bots, by name: ``make_agent("heuristic", seed)``."""
from __future__ import annotations

from .base import Agent
from .random_bot import RandomAgent

AGENT_KINDS = ("random", "heuristic")


def make_agent(kind: str, seed: int = 0) -> Agent:
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        from .heuristic import HeuristicAgent
        return HeuristicAgent(seed)
    raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(AGENT_KINDS)}")


__all__ = ["AGENT_KINDS", "Agent", "RandomAgent", "make_agent"]
