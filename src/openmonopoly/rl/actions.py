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
exactly when the action it stands for would be accepted by ``act``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ..engine import actions as A
from ..engine.actions import Action, TradeOffer

if TYPE_CHECKING:
    from ..editions import Edition
    from ..engine.game import Game

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
        for k in self.no_arg:
            self.index[Action(k)] = len(self.labels)
            self.labels.append(k)
        for k in self.int_arg:
            for arg in range(self.arg_range):
                self.index[Action(k, arg)] = len(self.labels)
                self.labels.append(f"{k} {arg}")
        self.bid_start = len(self.labels)
        self.labels += [f"bid min+{o}" for o in BID_OFFSETS]
        self.trade_start = len(self.labels)
        self.labels += [f"trade: buy the set-completing property at {m}x" for m in TRADE_MULTIPLIERS]
        self.n = len(self.labels)

    # ------------------------------------------------------------------ trades
    def set_completing_offers(self, game: Game, player: int) -> list[TradeOffer | None]:
        """One offer per menu entry (None when there is nothing to offer)."""
        ed = self.edition
        s = game.state
        owner = getattr(s, "owner", None)
        if owner is not None:
            for members in ed.group_members:
                if len(members) < 2:
                    continue
                others = [q for q in members if owner[q] != player]
                if len(others) == 1 and owner[others[0]] >= 0 and owner[others[0]] != player:
                    target = others[0]
                    price = ed.board[target].price
                    return [
                        TradeOffer(player, owner[target], (), (target,), int(math.ceil(m * price)))
                        for m in TRADE_MULTIPLIERS
                    ]
        return [None] * len(TRADE_MULTIPLIERS)

    # ------------------------------------------------------------------ mask and decoding
    def mask(self, game: Game, player: int) -> np.ndarray:
        m = np.zeros(self.n, dtype=np.int8)
        if game.over:
            return m
        legal = game.legal_actions(player)
        for a in legal.actions:
            i = self.index.get(a)
            if i is not None:
                m[i] = 1
        if legal.bid_range is not None:
            lo, hi = legal.bid_range
            for j, o in enumerate(BID_OFFSETS):
                if lo + o <= hi:
                    m[self.bid_start + j] = 1
        if legal.trade_partners:
            for j, offer in enumerate(self.set_completing_offers(game, player)):
                if (
                    offer is not None
                    and offer.target in legal.trade_partners
                    and game.check(player, Action(A.TRADE, -1, offer)) is None
                ):
                    m[self.trade_start + j] = 1
        if not m.any() and (legal.actions or legal.bid_range is not None):
            m[0] = 1
        return m

    def decode(self, game: Game, player: int, index: int) -> Action:
        """The engine action an index stands for, now (bids and trades depend on the moment)."""
        index = int(index)
        if not 0 <= index < self.n:
            raise ValueError(f"action index {index} is outside 0..{self.n - 1}")
        if index == 0:
            return game.legal_actions(player).first()
        if index < self.bid_start:
            label = self.labels[index]
            kind, _, arg = label.partition(" ")
            return Action(kind, int(arg)) if arg else Action(kind)
        if index < self.trade_start:
            legal = game.legal_actions(player)
            lo = legal.bid_range[0] if legal.bid_range is not None else 0
            return Action(A.BID, lo + BID_OFFSETS[index - self.bid_start])
        offer = self.set_completing_offers(game, player)[index - self.trade_start]
        if offer is None:
            return Action(A.TRADE, -1, TradeOffer(player, player))  # refused by check
        return Action(A.TRADE, -1, offer)

    def encode(self, action: Action) -> int | None:
        """The index of a concrete (non-bid, non-trade) action, if it has one."""
        return self.index.get(action)
