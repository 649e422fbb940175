"""Simulation: bot-only games and batch statistics (backends, outputs, reports)."""

from .runner import SimJob, SimulationRun, agent_seed, game_seed, game_summary, play_game, run_simulation, simulate

__all__ = [
    "SimJob",
    "SimulationRun",
    "agent_seed",
    "game_seed",
    "game_summary",
    "play_game",
    "run_simulation",
    "simulate",
]
