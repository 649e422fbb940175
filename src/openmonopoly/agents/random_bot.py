"""The random bot: a random legal action — the engine's fuzzer.

Every legal action can be chosen: the answers to the prompt, every any-time action (mortgages,
buildings, a family's own) and trades. The bot picks a kind of move first and works out only what it
needs: most decisions answer the prompt (uniformly among its concrete answers and "bid some amount",
the amount uniform in the legal range) from ``view.legal_answers()``; with probability
``anytime_rate`` it looks at everything it may do (``view.legal_actions()``, where every any-time
action is checked, the expensive part) and picks uniformly among the any-time actions and "propose
some trade" (a random mix of tradable properties, cards and cash that passes the rules; offered with
probability ``trade_weight``). When the prompt has no answer of its own (a debt only mortgages can
pay) it picks among everything legal. So it reaches every action kind, and plays a turn at about the
cost of a heuristic bot's rather than checking every any-time action at every decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar, cast

from ..editions.schema import STREET
from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from ..engine.agent import CompiledAgent
from ..engine.prompt import Prompt, numbered_action
from ..engine.view import View
from ..rules.classic.game import ClassicView
from .base import trade_action, trade_offer

T = TypeVar("T")


# ``random.Random``'s ``randrange``, ``randint`` and ``sample`` are interpreted Python: at some thousand
# instructions a call they made the random bot's turn twice the heuristic bot's. These three draw exactly as
# CPython's (``_randbelow_with_getrandbits``: the fewest bits that hold ``n``, drawn again until below it;
# ``sample``'s two ways), so a seed gives the same games; tests/test_bots.py compares them with the originals.
def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0."""
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def _between(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)``."""
    if high < low:
        raise ValueError(f"empty range for randint({low}, {high})")
    return low + _below(rng, high - low + 1)


def _sample(rng: random.Random, items: Sequence[T], k: int) -> list[T]:
    """``rng.sample(items, k)`` for 0 <= ``k`` <= 5 (the bot takes at most two)."""
    n = len(items)
    if not 0 <= k <= min(n, 5):
        raise ValueError(f"a sample of {k} from {n} items (at most 5 are drawn this way)")
    out: list[T] = []
    if n <= 21:  # (CPython's choice for a small sample: a list of n is smaller than a set of k)
        pool = list(items)
        for i in range(k):
            j = _below(rng, n - i)
            out.append(pool[j])
            pool[j] = pool[n - i - 1]
        return out
    chosen: set[int] = set()
    for _ in range(k):
        j = _below(rng, n)
        while j in chosen:
            j = _below(rng, n)
        chosen.add(j)
        out.append(items[j])
    return out


class RandomAgent(CompiledAgent):
    name = "random"

    def __init__(self, seed: int = 0, trade_weight: float = 1.0, anytime_rate: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.trade_weight = trade_weight
        self.anytime_rate = anytime_rate

    def act(self, view: View, prompt: Prompt) -> Action:
        rng = self.rng
        if rng.random() < self.anytime_rate:
            move = self._anytime_or_trade(view)
            if move is not None:
                return move
        answers = view.legal_answers()
        actions = answers.actions
        if view.options.get("time-limit") == 0:  # the clock's 'time-up' is not a player's move
            actions = [a for a in actions if a.kind != "time-up"]
        bids = answers.bid_range
        count = len(actions) + (1 if bids is not None else 0)
        if count == 0:  # nothing answers the prompt by itself: choose among everything legal
            return self._anything(view)
        choice = _below(rng, count)
        if choice < len(actions):
            return actions[choice]
        assert bids is not None
        return numbered_action(A.BID, _between(rng, bids[0], bids[1]))

    def _anytime_or_trade(self, view: View) -> Action | None:
        """A uniformly random any-time action or trade offer, or None when there is none."""
        rng = self.rng
        legal = view.legal_actions()
        anytime = view.action_kinds.anytime
        options: list[Action | None] = [a for a in legal.actions if a.kind in anytime]
        if legal.trade_partners and rng.random() < self.trade_weight:
            options.append(None)  # (stands for "propose some trade")
        if not options:
            return None
        choice = options[_below(rng, len(options))]
        if choice is not None:
            return choice
        offer = self.random_offer(view, legal.trade_partners)
        return None if offer is None else trade_action(offer)

    def _anything(self, view: View) -> Action:
        move = self._anytime_or_trade(view)
        return move if move is not None else view.legal_actions().first()

    def random_offer(self, view: View, partners: tuple[int, ...]) -> TradeOffer | None:
        rng = self.rng
        me = view.player
        assert me is not None
        for _ in range(5):
            other = partners[_below(rng, len(partners))]
            mine = self._tradable(view, me)
            theirs = self._tradable(view, other)
            give = tuple(_sample(rng, mine, min(len(mine), _between(rng, 0, 2))))
            take = tuple(_sample(rng, theirs, min(len(theirs), _between(rng, 0, 2))))
            cash_me, cash_other = view.cash[me], view.cash[other]
            cash = _between(rng, -min(cash_other, 300), min(cash_me, 300))
            cards_mine = view.trade_cards(me)
            give_cards = (cards_mine[0],) if cards_mine and rng.random() < 0.3 else ()
            offer = trade_offer(me, other, give, take, cash, give_cards)
            if view.check(trade_action(offer)) is None:
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
