"""Simulation: bot-only games and batch statistics."""
from .runner import agent_seed, game_seed, play_game, simulate

__all__ = ["agent_seed", "game_seed", "play_game", "simulate"]
