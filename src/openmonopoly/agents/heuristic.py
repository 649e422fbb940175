"""The heuristic bot: plays every prompt of the classic family sensibly, and fast.

It sees only its ``View`` and the ``Prompt``. The common prompts (turn, buy,
auction) are decided from the view's fields without listing legal actions; the
rarer ones (debt, trade, place-building) double-check with ``view.check`` and
fall back to a legal action, so the bot never sends an illegal one.

Strategy in short:

* keep a cash *reserve* that grows with the worst rent opponents can charge;
* buy when the reserve survives the purchase, or when the buy completes or blocks
  a colour set; bid up to a price-based value (more for a set), never past
  cash minus reserve;
* before rolling: lift mortgages in full sets, propose at most one trade per
  turn (a swap completing a set for each side, cash ~2x price when the other
  side gains nothing, or ~1.5x to gather a set split three ways), build evenly
  on full sets by best return, lift other mortgages when rich;
* leave jail early while many properties are unowned, stay late;
* in debt: mortgage properties outside full sets, then sell buildings, then
  mortgage the sets, then pay; bankrupt only when nothing else is legal.
"""
from __future__ import annotations

import random
from typing import Any

from ..editions.schema import RAILROAD, STREET, UTILITY
from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from ..engine.game import Prompt, View
from ..rules.classic import ClassicView
from .base import group_counts
from . import missions as _variants     # Clone Wars missions, quicker-game tables

BANK = -1


class _Board:
    """Per-edition tables the bot needs, computed once."""

    def __init__(self, ed: Any, max_houses: int | None = None) -> None:
        board = ed.board
        self.size = len(board)
        self.props = tuple(ed.properties)
        self.n_props = len(self.props)
        self.streets = tuple(p for p in self.props if board[p].type == STREET)
        self.is_street = [sp.type == STREET for sp in board]
        self.is_rail = [sp.type == RAILROAD for sp in board]
        self.is_util = [sp.type == UTILITY for sp in board]
        self.price = [sp.price for sp in board]
        self.house_cost = [sp.house_cost for sp in board]
        self.hotel_cost = [sp.hotel_cost for sp in board]
        self.mortgage = [sp.mortgage for sp in board]
        self.unmortgage = [sp.unmortgage for sp in board]
        self.rent = [tuple(sp.rent) for sp in board]
        self.group_of = list(ed.group_of)
        self.members = [tuple(m) for m in ed.group_members]
        rules = ed.rules
        self.max_houses = rules["max_houses"] if max_houses is None else max_houses
        self.hotel_level = self.max_houses + 1
        self.jail_fine = rules["jail_fine"]
        self.total_houses = rules["houses"]
        self.total_hotels = rules["hotels"]
        self.increment = rules["auction_increment"]
        self.street_groups = tuple(g for g, m in enumerate(self.members)
                                   if m and all(board[p].type == STREET for p in m))
        # Build priority: rent gained by three houses per money spent on them (best first).
        score = {}
        for g in self.street_groups:
            m = self.members[g]
            gain = sum(self.rent[p][3] - self.rent[p][0] for p in m)
            cost = sum(3 * self.house_cost[p] for p in m) or 1
            score[g] = gain / cost
        self.build_order = tuple(sorted(self.street_groups, key=lambda g: (-score[g], g)))
        self.sell_order = tuple(reversed(self.build_order))

    def rent_at(self, pos: int, level: int) -> int:
        r = self.rent[pos]
        return r[level if level <= self.max_houses else 5]


_BOARDS: dict[str, _Board] = {}
_LAST: list[Any] = [None, None, None]          # (edition, options, board) of the last lookup


def _board(view: ClassicView) -> _Board:
    ed = view.edition
    options = view.options
    if ed is _LAST[0] and options is _LAST[1]:    # same game as the last call (the common case)
        return _LAST[2]
    hph = _variants.houses_per_hotel(view)
    key = ed.id if hph == ed.rules["max_houses"] else f"{ed.id}/{hph}"
    b = _BOARDS.get(key)
    if b is None:
        b = _BOARDS[key] = _Board(ed, hph)
    _LAST[:] = (ed, options, b)
    return b


def _seat(view: View) -> int:
    """The seat a bot's view belongs to (bots are never handed a spectator's view)."""
    player = view.player
    assert player is not None, "a bot needs a player's view, not a spectator's"
    return player


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.proposed: set[TradeOffer] = set()   # every offer made (never repeated, rejected or not)
        self.trade_turn = -1                      # the turn counter of the last trade search
        self._plans_key: tuple[int, ...] | None = None   # ownership the trade plans were made for
        self._plans: list[tuple] = []
        self._reserve_key: tuple[int, ...] | None = None
        self._reserve = 75

    # ------------------------------------------------------------------ dispatch
    def act(self, view: View, prompt: Prompt) -> Action:
        if not isinstance(view, ClassicView):    # a view made directly, not by game.view(): the same, typed
            view = ClassicView(view._game, view.player)
        return self.decide(view, prompt)

    def decide(self, view: ClassicView, prompt: Prompt) -> Action:
        kind = prompt.kind
        if kind == "turn":
            return self.on_turn(view, prompt)
        if kind == "buy":
            return self.on_buy(view, prompt)
        if kind == "auction":
            return self.on_auction(view, prompt)
        if kind == "debt":
            return self._safe(view, self.on_debt(view, prompt))
        if kind == "trade":
            return self._safe(view, self.on_trade(view, prompt))
        if kind == "claim-rent":
            return A.A_CLAIM
        if kind == "mortgaged-property":
            d = prompt.details
            cash = view.cash[_seat(view)]
            rich = cash - d["lift_cost"] >= 2 * self.reserve(view, _board(view))
            return self._safe(view, A.A_LIFT if rich else A.A_KEEP)
        if kind == "building-shortage":
            return self._safe(view, self.on_shortage(view, prompt))
        if kind == "place-building":
            return self._safe(view, self.on_place(view, prompt))
        if kind in _variants.PROMPT_KINDS:
            return self._safe(view, _variants.decide(self, view, prompt))
        return self._fallback(view)

    # ------------------------------------------------------------------ assessments
    def reserve(self, view: ClassicView, b: _Board) -> int:
        """Cash to keep: a base plus a share of the worst rent an opponent's buildings charge."""
        bank_houses, bank_hotels = view.bank_houses, view.bank_hotels
        if bank_houses == b.total_houses and bank_hotels == b.total_hotels:
            return 75                                  # nothing built anywhere
        level = view.level
        key = tuple(level)           # built streets never change hands, so the levels decide the threat
        if key == self._reserve_key:
            return self._reserve
        me = _seat(view)
        owner = view.owner
        threat = 0
        for pos in b.streets:
            lv = level[pos]
            if lv and owner[pos] != me:
                r = b.rent_at(pos, lv)
                if r > threat:
                    threat = r
        self._reserve_key = key
        self._reserve = 75 + min(threat, 1500) // 3
        return self._reserve

    @staticmethod
    def _group_state(b: _Board, owner: list[int], me: int, pos: int) -> tuple[int, int, int]:
        """(mine, others-owned, unowned) counts in ``pos``'s group, ``pos`` itself excluded."""
        return group_counts(b.members[b.group_of[pos]], owner, me, pos)

    def _completes(self, b: _Board, owner: list[int], me: int, pos: int) -> bool:
        if not b.is_street[pos]:
            return False
        _, other, free = self._group_state(b, owner, me, pos)
        return other == 0 and free == 0

    def _blocks(self, b: _Board, owner: list[int], me: int, pos: int) -> bool:
        """Another single player owns every other member of the group."""
        if not b.is_street[pos]:
            return False
        first = None
        for q in b.members[b.group_of[pos]]:
            if q == pos:
                continue
            o = owner[q]
            if o == BANK or o == me:
                return False
            if first is None:
                first = o
            elif o != first:
                return False
        return first is not None

    def value_of(self, view: ClassicView, b: _Board, pos: int) -> int:
        """What a property is worth to this player in an auction."""
        me = _seat(view)
        owner = view.owner
        price = b.price[pos]
        if b.is_street[pos]:
            if self._completes(b, owner, me, pos):
                return price * 2
            if self._blocks(b, owner, me, pos):
                return price * 3 // 2
            mine, _, _ = self._group_state(b, owner, me, pos)
            return price * 5 // 4 if mine else price
        if b.is_rail[pos]:
            held = sum(1 for q in b.props if b.is_rail[q] and owner[q] == me)
            return price * (4 + held) // 4
        return price * 4 // 5

    # ------------------------------------------------------------------ common prompts
    def on_buy(self, view: ClassicView, prompt: Prompt) -> Action:
        b = _board(view)
        me = _seat(view)
        pos = prompt.details["pos"]
        price = b.price[pos]
        cash = view.cash[me]
        if cash < price:
            return A.A_AUCTION
        owner = view.owner
        if cash - price >= self.reserve(view, b):
            return A.A_BUY
        if self._completes(b, owner, me, pos) or self._blocks(b, owner, me, pos):
            return A.A_BUY
        return A.A_AUCTION

    def on_auction(self, view: ClassicView, prompt: Prompt) -> Action:
        b = _board(view)
        d = prompt.details
        me = _seat(view)
        lot = d["lot"]
        minimum = d["minimum"]
        cash = view.cash[me]
        reserve = self.reserve(view, b)
        if lot >= 0:
            value = self.value_of(view, b, lot)
            step = max(b.increment, b.price[lot] // 10)
        else:
            cost = self._best_building_cost(view, b, lot == -2)
            value = cost * 3 // 2
            step = max(b.increment, cost // 10)
        limit = min(value, cash - reserve)
        if minimum > limit:
            return A.A_PASS
        high = d["high"] if d["high_bidder"] >= 0 else value // 2
        return Action(A.BID, min(limit, max(minimum, high + step)))

    def on_turn(self, view: ClassicView, prompt: Prompt) -> Action:
        b = _board(view)
        me = _seat(view)
        reserve = self.reserve(view, b)
        owner = view.owner
        full = self._full_groups(b, owner, me)
        if full:
            action = self._lift_in_sets(view, b, full, reserve)
            if action is not None:
                return action
        turns = view.turns
        if self.trade_turn != turns:
            self.trade_turn = turns
            action = self._propose_trade(view, b, reserve)
            if action is not None:
                return action
        if full:
            action = self._build(view, b, full, reserve)
            if action is None and view.bank_houses == 0 and len(full) > 1:
                action = self._make_room(view, b, full, reserve)
            if action is not None:
                return action
        cash = view.cash[me]
        if cash > 3 * reserve + 200:
            action = self._lift_any(view, b, reserve)
            if action is not None:
                return action
        if view.in_jail[me]:
            unowned = 0
            for pos in b.props:
                if owner[pos] == BANK:
                    unowned += 1
            if unowned * 3 >= b.n_props:       # early game: get out and buy
                if view.held[me]:
                    return A.A_USE_CARD
                if cash - b.jail_fine >= reserve:
                    return A.A_PAY_BAIL
        return A.A_ROLL

    # ------------------------------------------------------------------ building and mortgages
    @staticmethod
    def _full_groups(b: _Board, owner: list[int], me: int) -> list[int]:
        out = []
        for g in b.build_order:
            for q in b.members[g]:
                if owner[q] != me:
                    break
            else:
                out.append(g)
        return out

    def _lift_in_sets(self, view: ClassicView, b: _Board, full: list[int], reserve: int) -> Action | None:
        mortgaged = view.mortgaged
        cash = view.cash[_seat(view)]
        for g in full:
            for q in b.members[g]:
                if mortgaged[q] and cash - b.unmortgage[q] >= reserve:
                    action = Action(A.UNMORTGAGE, q)
                    if view.check(action) is None:
                        return action
        return None

    def _lift_any(self, view: ClassicView, b: _Board, reserve: int) -> Action | None:
        me = _seat(view)
        owner, mortgaged = view.owner, view.mortgaged
        cash = view.cash[me]
        best = -1
        for q in b.props:
            if owner[q] == me and mortgaged[q] and cash - b.unmortgage[q] >= 2 * reserve + 100:
                if best < 0 or b.price[q] > b.price[best]:
                    best = q
        if best >= 0:
            action = Action(A.UNMORTGAGE, best)
            if view.check(action) is None:
                return action
        return None

    def _build(self, view: ClassicView, b: _Board, full: list[int], reserve: int) -> Action | None:
        level, mortgaged = view.level, view.mortgaged
        cash = view.cash[_seat(view)]
        hotel_level = b.hotel_level
        bank_houses, bank_hotels = view.bank_houses, view.bank_hotels
        for g in full:                       # best return first
            members = b.members[g]
            spot, low = -1, hotel_level
            blocked = False
            for q in members:
                if mortgaged[q]:
                    blocked = True
                    break
                lv = level[q]
                if lv < low or (lv == low and b.price[q] >= b.price[spot]):
                    spot, low = q, lv
            if blocked or low >= hotel_level:
                continue
            hotel = low == b.max_houses
            if (bank_hotels if hotel else bank_houses) <= 0:
                continue
            cost = b.hotel_cost[spot] if hotel else b.house_cost[spot]
            if cash - cost < reserve:
                continue
            action = Action(A.BUILD, spot)
            if view.check(action) is None:
                return action
        return None

    def _make_room(self, view: ClassicView, b: _Board, full: list[int], reserve: int) -> Action | None:
        """The bank is out of houses: sell one from a weaker set to push a better set towards hotels
        (hotels give houses back to the bank, which ends the shortage deadlock)."""
        level, mortgaged = view.level, view.mortgaged
        cash = view.cash[_seat(view)]
        for i, g in enumerate(full):
            members = b.members[g]
            if any(mortgaged[q] for q in members):
                continue
            low = min(level[q] for q in members)
            if low >= b.max_houses or cash - b.house_cost[members[-1]] < reserve:
                continue
            for d in reversed(full[i + 1:]):
                donors = b.members[d]
                top = max(level[q] for q in donors)
                if 0 < top <= b.max_houses:
                    spot = min((q for q in donors if level[q] == top), key=lambda q: b.price[q])
                    action = Action(A.SELL, spot)
                    if view.check(action) is None:
                        return action
            return None
        return None

    def _best_building_cost(self, view: ClassicView, b: _Board, hotel: bool) -> int:
        me = _seat(view)
        for g in self._full_groups(b, view.owner, me):
            q = b.members[g][-1]
            return b.hotel_cost[q] if hotel else b.house_cost[q]
        return 0

    def on_shortage(self, view: ClassicView, prompt: Prompt) -> Action:
        b = _board(view)
        me = _seat(view)
        hotel = prompt.details.get("building") == "hotel"
        level, mortgaged = view.level, view.mortgaged
        cash = view.cash[me]
        reserve = self.reserve(view, b)
        for g in self._full_groups(b, view.owner, me):
            members = b.members[g]
            if any(mortgaged[q] for q in members):
                continue
            low = min(level[q] for q in members)
            if low >= b.hotel_level or (low == b.max_houses) != hotel:
                continue
            q = members[-1]
            cost = b.hotel_cost[q] if hotel else b.house_cost[q]
            if cash - cost >= reserve:
                return A.A_WANT
        return A.A_PASS

    def on_place(self, view: ClassicView, prompt: Prompt) -> Action:
        b = _board(view)
        spots = [a.arg for a in view.legal_actions().actions if a.kind == A.PLACE]
        if not spots:
            return self._fallback(view)
        rank = {g: i for i, g in enumerate(b.build_order)}
        best = min(spots, key=lambda q: (rank.get(b.group_of[q], 99), -b.price[q], q))
        return Action(A.PLACE, best)

    # ------------------------------------------------------------------ debts
    def on_debt(self, view: ClassicView, prompt: Prompt) -> Action:
        b = _board(view)
        me = _seat(view)
        amount = prompt.details["amount"]
        cash = view.cash[me]
        if cash >= amount:
            return A.A_PAY
        owner, level, mortgaged = view.owner, view.level, view.mortgaged
        mine = [q for q in b.props if owner[q] == me]
        raisable = 0
        for q in mine:
            lv = level[q]
            if lv:
                if lv == b.hotel_level:
                    raisable += b.hotel_cost[q] // 2 + b.max_houses * (b.house_cost[q] // 2)
                else:
                    raisable += lv * (b.house_cost[q] // 2)
            if not mortgaged[q]:
                raisable += b.mortgage[q]
        if cash + raisable < amount:
            return A.A_BANKRUPT
        full = set(self._full_groups(b, owner, me))
        # 1. mortgage what lies outside full sets: utilities, lone streets, then railroads.
        loose = [q for q in mine if not mortgaged[q] and not (b.is_street[q] and b.group_of[q] in full)]
        if loose:
            loose.sort(key=lambda q: (b.is_rail[q], not b.is_util[q], b.price[q], q))
            for q in loose:
                action = Action(A.MORTGAGE, q)
                if view.check(action) is None:
                    return action
        # 2. sell buildings, weakest set first, evenly.
        for g in b.sell_order:
            if g not in full:
                continue
            members = b.members[g]
            top = max(level[q] for q in members)
            if not top:
                continue
            spot = min((q for q in members if level[q] == top), key=lambda q: b.price[q])
            action = Action(A.SELL, spot)
            if view.check(action) is None:
                return action
            action = Action(A.SELL_ALL, spot)
            if view.check(action) is None:
                return action
        # 3. mortgage the sets themselves, weakest first.
        for g in b.sell_order:
            if g not in full:
                continue
            for q in b.members[g]:
                if not mortgaged[q]:
                    action = Action(A.MORTGAGE, q)
                    if view.check(action) is None:
                        return action
        return self._fallback(view)

    # ------------------------------------------------------------------ trades
    def _val(self, b: _Board, mortgaged: list[bool], pos: int) -> int:
        if mortgaged[pos]:
            return b.price[pos] - b.unmortgage[pos]
        return b.price[pos]

    def _gains_set(self, b: _Board, owner: list[int], after: dict[int, int], player: int,
                   positions: tuple[int, ...]) -> bool:
        """Does ``player`` own a whole colour set after the trade that they did not before?"""
        for g in {b.group_of[p] for p in positions if b.is_street[p]}:
            members = b.members[g]
            if all(after.get(q, owner[q]) == player for q in members) and \
                    not all(owner[q] == player for q in members):
                return True
        return False

    def on_trade(self, view: ClassicView, prompt: Prompt) -> Action:
        b = _board(view)
        me = _seat(view)
        offer = TradeOffer.from_json(prompt.details["offer"])
        proposer = offer.proposer
        owner, mortgaged = view.owner, view.mortgaged
        after = {p: me for p in offer.give}
        after.update({p: proposer for p in offer.take})
        i_gain = self._gains_set(b, owner, after, me, offer.give)
        they_gain = self._gains_set(b, owner, after, proposer, offer.take)
        # Losing a set I hold (without getting one) is never worth it.
        for g in {b.group_of[p] for p in offer.take if b.is_street[p]}:
            if all(owner[q] == me for q in b.members[g]) and not i_gain:
                return A.A_REJECT
        value = (sum(self._val(b, mortgaged, p) for p in offer.give)
                 - sum(self._val(b, mortgaged, p) for p in offer.take)
                 + offer.cash + 50 * (len(offer.give_cards) - len(offer.take_cards)))
        take_price = sum(b.price[p] for p in offer.take)
        give_price = sum(b.price[p] for p in offer.give)
        cash = view.cash[me]
        if -offer.cash > max(0, cash - self.reserve(view, b) // 2):
            return A.A_REJECT                     # cannot afford to pay that
        if i_gain:
            ok = value >= -100 if they_gain else value >= -give_price
        elif they_gain:
            ok = value >= take_price              # cash about twice the price of what completes their set
        else:
            ok = value >= take_price // 2 and self._gathering_ok(b, owner, me, proposer, offer.take)
        if ok and view.check(A.A_ACCEPT) is None:
            return A.A_ACCEPT
        return A.A_REJECT

    @staticmethod
    def _gathering_ok(b: _Board, owner: list[int], me: int, proposer: int, take: tuple[int, ...]) -> bool:
        """Sell a street of a split set only to someone holding at least as many of it."""
        for p in take:
            if not b.is_street[p]:
                continue
            members = b.members[b.group_of[p]]
            mine = sum(1 for q in members if owner[q] == me)
            theirs = sum(1 for q in members if owner[q] == proposer)
            if mine > theirs:
                return False
        return True

    def _trade_plans(self, b: _Board, owner: list[int], me: int) -> list[tuple]:
        """Trades worth proposing for this ownership: (kind, target, give, take, price of take, of give)."""
        plans: list[tuple] = []
        for g in b.street_groups:
            members = b.members[g]
            mine = 0
            others = []
            for q in members:
                o = owner[q]
                if o == me:
                    mine += 1
                elif o == BANK:
                    break
                else:
                    others.append(q)
            else:
                if not mine or not others:
                    continue
                # holders from my left round, so no seat is everyone's first choice
                holders = sorted({owner[q] for q in others}, key=lambda o: (o < me, o))
                if len(holders) == 1:
                    target = holders[0]
                    take = tuple(others)
                    take_price = sum(b.price[q] for q in take)
                    give = self._swap_for(b, owner, me, target, g)
                    if give is not None:
                        plans.append(("swap", target, give, take, take_price, sum(b.price[q] for q in give)))
                    plans.append(("buy", target, (), take, take_price, 0))
                else:
                    for target in holders:
                        theirs = tuple(q for q in others if owner[q] == target)
                        if len(theirs) <= mine:
                            plans.append(("gather", target, (), theirs, sum(b.price[q] for q in theirs), 0))
        return plans

    def _propose_trade(self, view: ClassicView, b: _Board, reserve: int) -> Action | None:
        me = _seat(view)
        owner = view.owner
        key = tuple(owner)
        if key != self._plans_key:
            self._plans_key = key
            self._plans = self._trade_plans(b, owner, me)
        if not self._plans:
            return None
        cash = view.cash[me]
        for kind, target, give, take, take_price, give_price in self._plans:
            if kind == "swap":
                offer = TradeOffer(me, target, give, take, max(0, min(take_price - give_price, cash - reserve)))
            elif kind == "buy":
                if cash - 2 * take_price < reserve // 2:
                    continue
                offer = TradeOffer(me, target, (), take, 2 * take_price)
            else:
                pay = (3 * take_price + 1) // 2
                if cash - pay < reserve:
                    continue
                offer = TradeOffer(me, target, (), take, pay)
            action = self._offer(view, offer)
            if action is not None:
                return action
        return None

    @staticmethod
    def _swap_for(b: _Board, owner: list[int], me: int, target: int, skip: int) -> tuple[int, ...] | None:
        """My streets that would complete a set for ``target`` (another group than ``skip``)."""
        for h in b.street_groups:
            if h == skip:
                continue
            members = b.members[h]
            missing = tuple(q for q in members if owner[q] != target)
            if missing and len(missing) < len(members) and all(owner[q] == me for q in missing):
                return missing
        return None

    def _offer(self, view: ClassicView, offer: TradeOffer) -> Action | None:
        if offer in self.proposed:
            return None
        action = Action(A.TRADE, -1, offer)
        if view.check(action) is not None:
            return None
        self.proposed.add(offer)
        return action

    # ------------------------------------------------------------------ legality safety net
    def _safe(self, view: ClassicView, action: Action) -> Action:
        if view.check(action) is None:
            return action
        return self._fallback(view)

    def _fallback(self, view: ClassicView) -> Action:
        legal = view.legal_actions()
        prefer = (A.PAY, A.ROLL, A.KEEP, A.CLAIM, A.REJECT, A.PASS, A.AUCTION, A.MORTGAGE, A.SELL, A.SELL_ALL,
                  A.BANKRUPT)
        for kind in prefer:
            for action in legal.actions:
                if action.kind == kind:
                    return action
        if legal.actions:
            return legal.actions[0]
        if legal.bid_range is not None:
            return Action(A.BID, legal.bid_range[0])
        raise RuntimeError("no legal action to fall back on")
