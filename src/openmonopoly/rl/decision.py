"""The decision a game waits for, as the environments see it: asked of the engine once per step.

An environment needs the legal actions of the prompted player twice a step, for the mask it shows
and for the bid range in the observation, and once more to validate the index it is given back; the
engine works them out afresh each time (``Game.legal_actions``: every any-time action is checked), so
the environments keep one ``Decision`` until the game moves on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.prompt import Legal
    from .actions import ActionSpace


class Decision:
    """The legal actions of ``player`` now and their ``mask`` (None and all zeros once the game is over)."""

    __slots__ = ("player", "legal", "mask")

    def __init__(self, actions: ActionSpace, game: Game, player: int) -> None:
        self.player = player
        self.mask = np.zeros(actions.n, dtype=np.int8)
        self.legal: Legal | None = actions.fill_mask(self.mask, game, player)

    @property
    def bid_range(self) -> tuple[int, int] | None:
        return None if self.legal is None else self.legal.bid_range
