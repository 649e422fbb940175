"""The random bot: a uniformly random legal action — the engine's fuzzer.

Concrete actions, "bid some amount" and "propose some trade" are the choices; a
bid amount is uniform in the legal range and a trade is a random mix of
tradable properties, cards and cash that passes the rules.
"""

from __future__ import annotations

import random
from typing import cast

from ..editions.schema import STREET
from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from ..engine.prompt import Prompt
from ..engine.view import View
from ..rules.classic.game import ClassicView


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0, trade_weight: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.trade_weight = trade_weight

    def act(self, view: View, prompt: Prompt) -> Action:
        legal = view.legal_actions()
        rng = self.rng
        actions = legal.actions
        if view.options.get("time-limit") == 0:  # the clock's 'time-up' is not a player's move
            actions = [a for a in actions if a.kind != "time-up"]
        options: list[Action | str] = list(actions)
        bids = legal.bid_range
        if bids is not None:
            options.append("bid")
        if legal.trade_partners and rng.random() < self.trade_weight:
            options.append("trade")
        choice = options[rng.randrange(len(options))]
        if isinstance(choice, Action):
            return choice
        if choice == "bid" and bids is not None:
            return Action(A.BID, rng.randint(*bids))
        offer = self.random_offer(view, legal.trade_partners)
        if offer is not None:
            return Action(A.TRADE, -1, offer)
        return legal.actions[rng.randrange(len(legal.actions))] if legal.actions else legal.first()

    def random_offer(self, view: View, partners: tuple[int, ...]) -> TradeOffer | None:
        rng = self.rng
        me = view.player
        assert me is not None
        for _ in range(5):
            other = partners[rng.randrange(len(partners))]
            mine = self._tradable(view, me)
            theirs = self._tradable(view, other)
            give = tuple(rng.sample(mine, min(len(mine), rng.randint(0, 2))))
            take = tuple(rng.sample(theirs, min(len(theirs), rng.randint(0, 2))))
            cash_me, cash_other = view.cash[me], view.cash[other]
            cash = rng.randint(-min(cash_other, 300), min(cash_me, 300))
            cards_mine = view.trade_cards(me)
            give_cards = (cards_mine[0],) if cards_mine and rng.random() < 0.3 else ()
            offer = TradeOffer(me, other, give, take, cash, give_cards, ())
            if view.check(Action(A.TRADE, -1, offer)) is None:
                return offer
        return None

    @staticmethod
    def _tradable(view: View, player: int) -> list[int]:
        ed = view.edition
        out = []
        for pos in ed.properties:
            if view.owner[pos] != player:
                continue
            # (streets are the classic family's, whose views show building levels)
            if ed.board[pos].type == STREET and any(
                cast(ClassicView, view).level[q] for q in ed.group_members[ed.group_of[pos]]
            ):
                continue
            out.append(pos)
        return out
