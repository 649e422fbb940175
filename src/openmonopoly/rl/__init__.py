"""Reinforcement learning: a PettingZoo AEC environment, a Gymnasium wrapper and an OpenSpiel game.

Needs ``pip install 'openmonopoly[rl]'`` (NumPy, Gymnasium, PettingZoo; OpenSpiel optional).
"""

try:
    from .actions import ActionSpace
    from .aec import MonopolyAEC, env
    from .observation import ObservationBuilder
except ModuleNotFoundError as exc:
    if exc.name not in ("numpy", "gymnasium", "pettingzoo"):
        raise
    from ..extras import needs_extra

    raise ModuleNotFoundError(needs_extra("openmonopoly.rl", "rl", exc), name=exc.name) from None

__all__ = ["ActionSpace", "MonopolyAEC", "ObservationBuilder", "env"]
