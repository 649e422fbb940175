"""The heuristic bot for the Mandalorian family.

It sees only its ``View`` and the ``Prompt``. In short:

* buy a hideout when the credits left keep a small reserve, or when it completes or
  blocks a colour set; bid up to the price (1.5x for a set) within the same reserve;
* in battle, work out the chance to win with the dice it will roll (both with
  Grogu; Ahsoka's re-roll counted) and play Signet battle cards only where they
  matter: all of them against Moff Gideon while carrying Grogu (a loss ends the
  game for everyone), the fewest needed to reach an even chance otherwise;
  Ahsoka re-rolls exactly when the first roll loses;
* Boba Fett keeps the better of two Signet cards by a simple value table;
* leave Jail with a jetpack card, or pay when rich, else roll for a 6;
* going to Jail with Grogu, leave him on the hideout the enemies would reach last;
* in debt, sell back the hideouts outside full sets first, cheapest first; give up
  only when nothing is left;
* trades: once a turn offer cash (1.5-2x price) for the one hideout missing from a
  set; accept offers worth clearly more than what they take, never one that
  completes the proposer's set for less than twice its price.
"""

from __future__ import annotations

from typing import Any, Final

from ...engine import actions as A
from ...engine import prompt as P
from ...engine.actions import Action
from ...engine.agent import CompiledAgent
from ...engine.prompt import Prompt, numbered_action
from ...engine.view import View
from ...rules.mandalorian.battle import BATTLE, BATTLE_REROLL
from ...rules.mandalorian.data import MandalorianRules
from ...rules.mandalorian.game import MandalorianView
from ...rules.mandalorian.grogu import PLACE_GROGU
from ...rules.mandalorian.signets import SIGNET_CHOICE
from ..base import family_view, group_counts, seat_of, trade_action, trade_offer

BANK: Final = -1
NOBODY: Final = -2  # (no owner seen yet: neither the bank nor a seat)
RESERVE: Final = 20
_DISTRIBUTIONS: dict[tuple[int, ...], dict[int, float]] = {}  # dice sides -> the totals' chances


def _dist_probs(sides: tuple[int, ...]) -> dict[int, float]:
    known = _DISTRIBUTIONS.get(sides)
    if known is not None:
        return known
    out = {0: 1.0}
    for n in sides:
        new: dict[int, float] = {}
        for total, pr in out.items():
            for f in range(1, n + 1):
                new[total + f] = new.get(total + f, 0.0) + pr / n
        out = new
    _DISTRIBUTIONS[sides] = out
    return out


def wanted_hideouts(group_members: list[tuple[int, ...]], owner: list[int], me: int) -> list[int]:
    """The hideouts ``me`` would offer cash for, in set order: of each set ``me`` holds part of, the one
    hideout not ``me``'s, when another player holds it (counted, not listed: hot)."""
    out: list[int] = []
    for members in group_members:
        mine = others = 0
        pos = -1
        for q in members:
            if owner[q] == me:
                mine += 1
            else:
                others += 1
                pos = q
        if mine and others == 1 and owner[pos] != BANK:
            out.append(pos)
    return out


def _signet_value(e: dict[str, Any], n: int) -> int:
    """What a Signet card's effect ``e`` is worth keeping, to Boba Fett choosing one of two (``n`` players)."""
    k = e["kind"]
    if k == "battle_bonus":
        bonus: int = e.get("bonus", 0)
        return 30 + 5 * bonus
    if k == "get_out_of_jail" or k == "advance":
        return 15
    if k == "go_to_jail":
        return -40
    if k == "imperial_advance":
        return -5
    if k == "collect" or k == "pay" or k == "collect_from_each_player":
        amount: int = e.get("amount", 0)
        if k == "collect":
            return amount
        if k == "pay":
            return -amount
        return amount * (n - 1)
    return 0


class MandalorianAgent(CompiledAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.trade_turn = -1
        self.proposed: set[int] = set()  # the offers made, as numbers (seat, owner, hideout, cash)
        # ``wanted_hideouts`` for the owner list ``_owner`` as of its change count ``_owner_changes`` and the
        # seat ``_wanted_by``, less the hideouts both of whose offers have been made since
        self._wanted: list[int] = []
        self._owner: list[int] | None = None
        self._owner_changes = -1
        self._wanted_by = -1

    # ------------------------------------------------------------------ dispatch
    def act(self, view: View, prompt: Prompt) -> Action:
        return self.decide(family_view(view, MandalorianView), prompt)

    def decide(self, view: MandalorianView, prompt: Prompt) -> Action:
        kind = prompt.kind
        if kind == P.TURN:
            return self.on_turn(view, prompt)
        if kind == P.BUY:
            return self.on_buy(view, prompt)
        if kind == P.AUCTION:
            return self.on_auction(view, prompt)
        if kind == BATTLE:
            return self._safe(view, self.on_battle(view, prompt))
        if kind == BATTLE_REROLL:
            d = prompt.details
            return A.A_REROLL if d["roll"] + d["card_bonus"] < d["roll_needed"] else A.A_KEEP
        if kind == SIGNET_CHOICE:
            return self._safe(view, self.on_choice(view, prompt))
        if kind == PLACE_GROGU:
            return self._safe(view, self.on_place(view, prompt))
        if kind == P.DEBT:
            return self._safe(view, self.on_debt(view, prompt))
        if kind == P.TRADE:
            return self._safe(view, self.on_trade(view, prompt))
        if kind == P.CLAIM_RENT:
            # (the hideout may have been traded away since the landing: then the rent lapses)
            return A.A_CLAIM if view.check(A.A_CLAIM) is None else A.A_WAIVE
        return self._fallback(view)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _set_state(view: MandalorianView, pos: int, me: int) -> tuple[int, int, int]:
        """(mine, others', unowned) hideouts of ``pos``'s colour set, ``pos`` excluded."""
        ed = view.edition
        return group_counts(ed.group_members[ed.group_of[pos]], view.owner, me, pos)

    def _completes(self, view: MandalorianView, pos: int, player: int) -> bool:
        mine, others, free = self._set_state(view, pos, player)
        return others == 0 and free == 0

    def _blocks(self, view: MandalorianView, pos: int, me: int) -> bool:
        """Whether the rest of ``pos``'s set is held whole by one other player."""
        ed = view.edition
        owner = view.owner
        holder = NOBODY
        for q in ed.group_members[ed.group_of[pos]]:
            if q != pos:
                o = owner[q]
                if holder == NOBODY:
                    holder = o
                elif o != holder:
                    return False
        return holder != NOBODY and holder != BANK and holder != me

    def _value(self, view: MandalorianView, pos: int, me: int) -> int:
        price = view.edition.board[pos].price
        if self._completes(view, pos, me) or self._blocks(view, pos, me):
            return price * 3 // 2
        return price

    # ------------------------------------------------------------------ prompts
    def on_turn(self, view: MandalorianView, prompt: Prompt) -> Action:
        me = seat_of(view)
        if view.in_jail[me]:
            # (each answer checked alone: listing every legal action checks all of them, trades included)
            if view.check(A.A_USE_CARD) is None:
                return A.A_USE_CARD
            if view.cash[me] >= 120 and view.check(A.A_PAY_BAIL) is None:
                return A.A_PAY_BAIL
            return A.A_ROLL
        if view.turns != self.trade_turn:
            self.trade_turn = view.turns
            offer = self._propose(view)
            if offer is not None:
                return offer
        return A.A_ROLL

    def on_buy(self, view: MandalorianView, prompt: Prompt) -> Action:
        me = seat_of(view)
        pos: int = prompt.detail("pos")
        price: int = prompt.detail("price")
        cash = view.cash[me]
        if cash < price:
            return A.A_AUCTION
        if cash - price >= RESERVE or self._completes(view, pos, me) or self._blocks(view, pos, me):
            return A.A_BUY
        return A.A_AUCTION

    def on_auction(self, view: MandalorianView, prompt: Prompt) -> Action:
        me = seat_of(view)
        pos: int = prompt.detail("lot")
        if prompt.detail("high_bidder") == me:
            return A.A_PASS
        low: int = prompt.detail("minimum")
        limit = min(self._value(view, pos, me), view.cash[me] - RESERVE // 2)
        if low <= limit:
            return numbered_action(A.BID, low)
        return A.A_PASS

    def on_battle(self, view: MandalorianView, prompt: Prompt) -> Action:
        me = seat_of(view)
        ed = view.edition
        t: MandalorianRules = ed.rules
        bonus_of = t.battle_bonus
        # the battle cards held, by bonus; equal ones in the set's order (as ``sorted`` by bonus left them)
        held: list[int] = []
        for c in set(view.held[me]):
            bonus = bonus_of[c]
            if bonus:
                i = len(held)
                while i > 0 and bonus_of[held[i - 1]] > bonus:
                    i -= 1
                held.insert(i, c)
        if not held:
            return A.A_ROLL  # (the prompt's facts unread: most battles are fought with no card in hand)
        both_dice: bool = prompt.detail("both_dice")
        sides = (t.silver_die, t.green_die) if both_dice else (t.silver_die,)
        roll_needed: int = prompt.detail("roll_needed")
        card_bonus: int = prompt.detail("card_bonus")
        need = roll_needed - card_bonus
        reroll = view.character[me] >= 0 and t.characters[view.character[me]].ability == "battle_reroll"
        p = self._win_chance(sides, need, reroll)
        gideon = prompt.detail("enemy") == t.gideon
        if gideon and both_dice:
            return numbered_action(A.PLAY, held[-1]) if p < 1.0 else A.A_ROLL
        target = 0.75 if gideon else 0.5
        if p >= target:
            return A.A_ROLL
        # the smallest card that reaches the target, else the biggest one
        for c in held:
            if self._win_chance(sides, need - bonus_of[c], reroll) >= target:
                return numbered_action(A.PLAY, c)
        return numbered_action(A.PLAY, held[-1])

    @staticmethod
    def _win_chance(sides: tuple[int, ...], need: int, reroll: bool) -> float:
        dist = _dist_probs(sides)
        p = 0.0  # (a loop: ``sum`` over a generator is a call per item; the same additions in the same order)
        for total, pr in dist.items():
            if total >= need:
                p += pr
        return 1 - (1 - p) ** 2 if reroll else p

    def on_choice(self, view: MandalorianView, prompt: Prompt) -> Action:
        cards: list[int] = prompt.detail("cards")
        deck = view.edition.decks[0].cards
        n = view.n
        best, best_v = cards[0], -(10**9)
        for c in cards:
            v = _signet_value(deck[c].effect, n)
            if v > best_v:
                best, best_v = c, v
        return numbered_action(A.CHOOSE, best)

    def on_place(self, view: MandalorianView, prompt: Prompt) -> Action:
        ed = view.edition
        t: MandalorianRules = ed.rules
        size = ed.size
        starts: list[int] = []
        for e in range(len(t.enemies)):
            if view.enemy_space[e] >= 0:
                starts.append(view.enemy_space[e])
            elif view.enemy_outpost[e] >= 0:
                starts.append(t.outposts[view.enemy_outpost[e]] - 1)
        spaces: list[int] = prompt.details["spaces"]
        best, best_d = spaces[0], -1
        for pos in spaces:
            d = size  # the fewest steps an enemy needs to reach ``pos`` (each is below ``size``)
            for start in starts:
                steps = (pos - start) % size
                if steps < d:
                    d = steps
            if d > best_d:
                best, best_d = pos, d
        return numbered_action(A.PLACE, best)

    def on_debt(self, view: MandalorianView, prompt: Prompt) -> Action:
        me = seat_of(view)
        amount: int = prompt.detail("amount")
        if view.cash[me] >= amount:
            return A.A_PAY
        ed = view.edition
        t: MandalorianRules = ed.rules
        mine = [pos for pos in t.hideouts if view.owner[pos] == me]
        if not mine:
            return A.A_BANKRUPT
        loose = [pos for pos in mine if not self._completes(view, pos, me)]
        pick = min(loose or mine, key=lambda pos: (ed.board[pos].price, pos))
        return numbered_action(A.SELL, pick)

    def on_trade(self, view: MandalorianView, prompt: Prompt) -> Action:
        # The offer as ``TradeOffer.to_json`` wrote it, read field by field (the engine made it: the strict
        # ``TradeOffer.from_json`` would only check it again, at many times the cost).
        offer: dict = prompt.detail("offer")
        proposer: int = offer["proposer"]
        cash: int = offer["cash"]
        me = seat_of(view)
        ed = view.edition
        # (plain loops and tests: ``sum`` over a generator and ``max`` are calls into the interpreter)
        get = cash if cash > 0 else 0
        gets: list[int] = offer["give"]
        for pos in gets:
            get += self._value(view, pos, me)
        get += 25 * len(offer["give_cards"])
        give = -cash if cash < 0 else 0
        takes: list[int] = offer["take"]
        for pos in takes:
            v = self._value(view, pos, me)
            if self._completes(view, pos, proposer):
                double = 2 * ed.board[pos].price
                if double > v:
                    v = double
            give += v
        give += 30 * len(offer["take_cards"])
        if -cash > view.cash[me] - RESERVE // 2:
            return A.A_REJECT
        return A.A_ACCEPT if get >= give + 10 else A.A_REJECT

    def _propose(self, view: MandalorianView) -> Action | None:
        me = seat_of(view)
        owner = view.owner
        changes = view.owner_changes
        # The hideouts worth an offer change only with their owners: found again when the owner list or
        # its change count has moved since this bot last looked (or it plays another seat).
        if owner is not self._owner or changes != self._owner_changes or me != self._wanted_by:
            self._wanted = wanted_hideouts(view.edition.group_members, owner, me)
            self._owner = owner
            self._owner_changes = changes
            self._wanted_by = me
        wanted = self._wanted
        if not wanted:
            return None
        cash = view.cash[me]
        board = view.edition.board
        i = 0
        while i < len(wanted):
            pos = wanted[i]
            seller = owner[pos]
            price = board[pos].price
            unmade = False  # an offer for ``pos`` not made yet (once both are made, it is dropped from the list)
            for mult in range(3, 5):
                pay = price * mult // 2
                # an offer already made is skipped before any TradeOffer is built (a NamedTuple is dear)
                key = ((me * 64 + seller) * 256 + pos) * 1_000_000 + pay
                if key in self.proposed:
                    continue
                unmade = True
                if pay > cash - RESERVE:
                    continue
                self.proposed.add(key)
                action = trade_action(trade_offer(me, seller, (), (pos,), pay))
                if view.check(action) is None:
                    return action
            if unmade:
                i += 1
            else:
                del wanted[i]
        return None

    # ------------------------------------------------------------------ safety
    def _safe(self, view: MandalorianView, action: Action) -> Action:
        return action if view.check(action) is None else self._fallback(view)

    def _fallback(self, view: MandalorianView) -> Action:
        return view.legal_actions().first()


HEURISTIC = MandalorianAgent  # the face ``agents.by_family`` finds by the family's name
