"""Reinforcement learning: a PettingZoo AEC environment, a Gymnasium wrapper and an OpenSpiel game.

Needs ``pip install 'openmonopoly[rl]'`` (NumPy, Gymnasium, PettingZoo; OpenSpiel optional).
"""

from .actions import ActionSpace
from .aec import MonopolyAEC, env
from .observation import ObservationBuilder

__all__ = ["ActionSpace", "MonopolyAEC", "ObservationBuilder", "env"]
