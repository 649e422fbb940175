"""One fixed discrete action space per edition, and the mask of what is legal now.

Index layout (``ActionSpace.labels`` names every index):

* 0 ``auto``: the first legal action (only offered when no other index is legal; never otherwise);
* one index per argument-free action kind (roll, buy, auction, pass, pay-bail, ...);
* for each action kind taking a number (build, sell, mortgage, place, choose, play, pick, ...), one
  index per argument 0..``arg_range``-1 (board positions, card numbers, players);
* bids: the minimum legal bid plus a fixed offset each (0, +5, +10, +25, +50, +100, +200, +400), legal while
  the amount stays within the legal range;
* trades: a small menu -- offer to buy, at 1.5x or 2x its price, the property of another player that
  completes one of my sets.

The mask comes from ``game.legal_actions`` (and ``game.check`` for the trade menu): an index is legal
exactly when the action it stands for would be accepted by ``act``. ``fill_mask`` writes it into a
row of a preallocated array and hands back the ``Legal`` it came from (the observation reads its bid
range), so one step asks the engine for the legal actions once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from .encoding import MaskEncoder

if TYPE_CHECKING:
    from ..editions import Edition
    from ..engine.game import Game
    from ..engine.prompt import Legal

BID_OFFSETS = (0, 5, 10, 25, 50, 100, 200, 400)
TRADE_MULTIPLIERS = (1.5, 2.0)


def _kinds(edition: Edition) -> tuple[list[str], list[str]]:
    """The edition's plain and numbered action kinds (bids and trades have their own indices)."""
    from ..engine.game import rules_class

    kinds = rules_class(edition).ACTION_KINDS
    return sorted(kinds.plain), sorted(k for k in kinds.numbered if k != A.BID)


class ActionSpace:
    """The fixed discrete action space of one edition."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.no_arg, self.int_arg = _kinds(edition)
        self.arg_range = max(len(edition.board), max((len(d.cards) for d in edition.decks), default=0), 8)
        self.labels: list[str] = ["auto"]
        self.index: dict[Action, int] = {}
        self.fixed: list[Action | None] = [None]  # the action of each index below ``bid_start``
        for k in self.no_arg:
            self.index[Action(k)] = len(self.labels)
            self.fixed.append(Action(k))
            self.labels.append(k)
        for k in self.int_arg:
            for arg in range(self.arg_range):
                self.index[Action(k, arg)] = len(self.labels)
                self.fixed.append(Action(k, arg))
                self.labels.append(f"{k} {arg}")
        self.bid_start = len(self.labels)
        self.labels += [f"bid min+{o}" for o in BID_OFFSETS]
        self.trade_start = len(self.labels)
        self.labels += [f"trade: buy the set-completing property at {m}x" for m in TRADE_MULTIPLIERS]
        self.n = len(self.labels)
        self.encoder = MaskEncoder(
            self.index,
            self.fixed,
            self.bid_start,
            BID_OFFSETS,
            self.trade_start,
            TRADE_MULTIPLIERS,
            [tuple(members) for members in edition.group_members if len(members) >= 2],  # (the trade menu's sets)
            [space.price for space in edition.board],
            self.n,
        )

    def __reduce__(self) -> tuple:
        # (made again from the edition: its compiled mask encoder cannot be copied or pickled field by field)
        return (ActionSpace, (self.edition,))

    def __deepcopy__(self, memo: dict) -> ActionSpace:
        return self  # (never changes after it is made)

    # ------------------------------------------------------------------ trades
    def set_completing_offers(self, game: Game, player: int) -> list[TradeOffer | None]:
        """One offer per menu entry (None when there is nothing to offer)."""
        return self.encoder.offers(game, player)

    # ------------------------------------------------------------------ mask and decoding
    def mask(self, game: Game, player: int) -> np.ndarray:
        m = np.zeros(self.n, dtype=np.int8)
        self.encoder.fill(m, game, player)
        return m

    def fill_mask(self, m: np.ndarray, game: Game, player: int) -> Legal | None:
        """Write the mask of ``player`` into ``m``, a zeroed int8 row of ``n``; return the legal
        actions it was made from (None when the game is over)."""
        return self.encoder.fill(m, game, player)

    def decode(self, game: Game, player: int, index: int) -> Action:
        """The engine action an index stands for, now (bids and trades depend on the moment)."""
        index = int(index)
        if not 0 <= index < self.n:
            raise ValueError(f"action index {index} is outside 0..{self.n - 1}")
        return self.encoder.decode(game, player, index, None)

    def encode(self, action: Action) -> int | None:
        """The index of a concrete (non-bid, non-trade) action, if it has one."""
        return self.index.get(action)
