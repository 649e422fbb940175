"""The heuristic bot for Monopoly Empire: fill the tower, spend cards where they hurt most.

It sees only its view (its own Empire hand through ``view.own_hand()``) and the prompt.

* Buy every billboard it can afford (with Bargain Business when the brand costs
  more than $100K); bid in auctions up to the price; buy an office when the
  cash left covers the worst rent a rival charges.
* Sneaky swap: swap its own top with the tallest rival top when that is taller;
  otherwise move.
* Cards before rolling: Hostile Takeover / Swap the Top on the rival with the
  tallest top tile, YOU'RE FIRED! on the leader's tallest brand, Stock Market
  Crash when rivals have tall tops or one is close to winning, Billboard Tax
  whenever allowed, Tallest Tower Bonus once it pays $300K, Move to Any Space
  to an affordable billboard.
* Blocks attacks with Just Say No first, HANDS OFF! only when nothing else will
  do; lets a swap through when it gains from it. Reverse Rent on a rent of
  $150K or more.
* Free Parking: a trip to the best affordable billboard, else to GO when the
  tower value beats the fee, else stay. Jail: a card if it has one, pay early
  while billboards are on the board, otherwise try for doubles.
"""

from __future__ import annotations

from typing import Final

from ...engine import actions as A
from ...engine import prompt as P
from ...engine.actions import Action
from ...engine.agent import CompiledAgent
from ...engine.prompt import Prompt, numbered_action
from ...engine.view import View
from ...rules.empire.choose import CHOOSE_PLAYER, CHOOSE_SPACE
from ...rules.empire.data import OFFICE, EmpireRules
from ...rules.empire.empire_cards import RESPOND
from ...rules.empire.game import EmpireView
from ...rules.empire.kinds import A_BUY_OFFICE, A_MOVE, PICK, PLAY, SWAP, TARGET
from ...rules.empire.spaces import RENT_DUE
from ..base import family_view, seat_of

BANK: Final = -1
# Marks that no answer of the decision has been found legal yet (``EmpireAgent._checked``): an action of
# its own, never one a handler answers (actions are compared by identity there).
_NO_ANSWER: Final = Action("", -1)


def _rules(view: EmpireView) -> EmpireRules:
    """The edition's rules table, typed (``Edition.rules`` is any family's)."""
    return view.edition.rules


# The Empire cards the bot looks for, by a small code: the first seven are those ``_turn_card`` may play
# (the first four aimed at the towers: their wish depends on the towers' tops and heights), the rest those
# it plays on a prompt; -1 for any other card. The compiled bot compares the codes as integers rather than
# the kinds as strings (made once per edition's rules table, like the scores): a hand is looked through at
# almost every decision.
_CARD_KINDS: Final = (
    "hostile_takeover",
    "swap_the_top",
    "youre_fired",
    "stock_market_crash",
    "billboard_tax",
    "tallest_tower_bonus",
    "move_to_any_space",
    "get_out_of_jail",
    "bargain_business",
    "reverse_rent",
    "just_say_no",
    "hands_off",
)
HOSTILE_TAKEOVER: Final = 0
SWAP_THE_TOP: Final = 1
YOURE_FIRED: Final = 2
STOCK_MARKET_CRASH: Final = 3
BILLBOARD_TAX: Final = 4
TALLEST_TOWER_BONUS: Final = 5
MOVE_TO_ANY_SPACE: Final = 6  # (the last of the turn's cards)
GET_OUT_OF_JAIL: Final = 7
BARGAIN_BUSINESS: Final = 8
REVERSE_RENT: Final = 9
JUST_SAY_NO: Final = 10
HANDS_OFF: Final = 11


_NO_TABLE: Final[list[int]] = []  # (never written: see ``EmpireAgent.__init__``)

# The numbered actions the bot answers with, one row per kind, by argument: the engine's shared actions
# (``numbered_action``'s, the same objects) kept at hand, since ``numbered_action`` finds a kind's row by a
# dictionary lookup (some 200 instructions a call, at more than one decision in three) where a row here is
# a module constant. Filled on first need, up to the argument asked for.
_PLAYS: Final[list[Action]] = []  # PLAY, by card
_BIDS: Final[list[Action]] = []  # BID, by amount
_SWAPS: Final[list[Action]] = []  # SWAP, by seat
_TARGETS: Final[list[Action]] = []  # TARGET, by seat
_PICKS: Final[list[Action]] = []  # PICK, by board position
_KEPT_ARGS: Final = 4096  # (arguments kept in the rows: bids stay well below it)


def _numbered(row: list[Action], kind: str, arg: int) -> Action:
    """``numbered_action(kind, arg)``, from ``row`` (one of the rows above, that of ``kind``)."""
    if 0 <= arg < len(row):
        return row[arg]
    if 0 <= arg < _KEPT_ARGS:
        for a in range(len(row), arg + 1):
            row.append(numbered_action(kind, a))
        return row[arg]
    return numbered_action(kind, arg)


class _EditionTables:
    """What the bot reads of one edition's rules table at every turn, made once and only read.

    ``scores``: the worth of each space as a target (a trip, a card's move), by board position: the
    billboard's height first, then its price (height * 1000 + price); 0 for a space with no billboards.
    ``targets``: the spaces scored above 0 (those with billboards), best first: by score, then in board
    order. ``codes``: each Empire card's code in ``_CARD_KINDS`` (-1: not one of them), by its index in
    the deck."""

    def __init__(self, view: EmpireView, t: EmpireRules) -> None:
        self.rules = t
        self.scores = [
            t.height[sp.position] * 1000 + sp.price if t.is_brand[sp.position] or t.is_utility[sp.position] else 0
            for sp in view.edition.board
        ]
        scores = self.scores
        self.targets = sorted([pos for pos in range(len(scores)) if scores[pos] > 0], key=lambda pos: -scores[pos])
        self.codes = [_CARD_KINDS.index(k) if k in _CARD_KINDS else -1 for k in t.empire_kind]


# Each edition's tables, shared by every bot of every game on it; the last ones asked for are kept apart
# too (an identity test, where the dictionary hashes its rules-table key through a Python-level call).
_EDITION_TABLES: Final[dict[EmpireRules, _EditionTables]] = {}
_LAST_TABLES: Final[list[_EditionTables]] = []


def _edition_tables(view: EmpireView, t: EmpireRules) -> _EditionTables:
    if _LAST_TABLES and _LAST_TABLES[0].rules is t:
        return _LAST_TABLES[0]
    tables = _EDITION_TABLES.get(t)
    if tables is None:
        tables = _EDITION_TABLES[t] = _EditionTables(view, t)
    if _LAST_TABLES:
        _LAST_TABLES[0] = tables
    else:
        _LAST_TABLES.append(tables)
    return tables


def _top_height(tower: list[int], heights: list[int]) -> int:
    """The height of the topmost billboard of ``tower`` (the piece swaps and takeovers move; offices
    stay), 0 when it has none; ``heights``: the rules table's, by piece (read once by the caller, which
    asks this of several towers)."""
    for i in range(len(tower) - 1, -1, -1):  # (from the top down, without a reversed iterator)
        piece = tower[i]
        if piece != OFFICE:
            return heights[piece]
    return 0


def _billboards_in(tower: list[int]) -> int:
    """The billboards (not offices) in ``tower``."""
    count = 0
    for piece in tower:
        if piece != OFFICE:
            count += 1
    return count


class EmpireAgent(CompiledAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        # (``seed`` is accepted like every bot's; this one is deterministic and draws nothing)
        # The answer known to be legal during this decision, which ``act`` does not check (again): one
        # ``view.check`` accepted (``_legal``), or one the prompt's facts and the view show legal (``_sure``),
        # as the classic bot answers a roll, a buy or a bid; ``Game.play_out`` checks the latter its cheaper way.
        self._checked: Action | None = None
        # The edition's tables this bot reads at every turn (``_EditionTables``), kept with the rules table
        # they were made for.
        self._tables_of: EmpireRules | None = None
        # (one shared empty list until then: the bot only reads these, and a game makes three bots)
        self._scores: list[int] = _NO_TABLE
        self._targets: list[int] = _NO_TABLE
        self._codes: list[int] = _NO_TABLE
        # Read by ``act`` for the handlers: the rules table (``_tables_of``, typed as set) and the bot's
        # seat, both looked up again only for another view than the last (a bot is handed its seat's one
        # view at every decision, and a view's game and seat never change).
        self._t: EmpireRules
        self._view: EmpireView | None = None
        self._me = -1

    def _tables(self, view: EmpireView) -> EmpireRules:
        """The edition's rules table, with ``_scores`` and ``_codes`` made for it."""
        t = _rules(view)
        if t is not self._tables_of:
            tables = _edition_tables(view, t)
            self._tables_of = self._t = t
            self._scores = tables.scores
            self._targets = tables.targets
            self._codes = tables.codes
        return t

    def _sure(self, action: Action) -> Action:
        """``action``, an answer the rules accept by what the handler has seen (each use says why): taken
        without ``view.check``, whose fixed part (the shape, the decider, the game going on) costs about as
        much as the rules' own test of most answers, and whose answer is known."""
        self._checked = action
        return action

    def _legal(self, view: EmpireView, action: Action) -> bool:
        """Whether ``action`` may be played now; remembered when it may (see ``act``)."""
        if view.check(action) is None:
            self._checked = action
            return True
        return False

    # ------------------------------------------------------------------ helpers
    def _card_of(self, view: EmpireView, code: int) -> int:
        """The first card in hand of the kind ``code`` (in ``_CARD_KINDS``), -1 when none is."""
        codes = self._codes
        for card in view.own_hand():
            if codes[card] == code:
                return card
        return -1

    def _value(self, h: int) -> int:
        """The value of a tower ``h`` units tall."""
        t = self._t
        return t.ladder[h if h < t.capacity else t.capacity]

    @staticmethod
    def _billboards(view: EmpireView, p: int) -> int:
        """The billboards (not offices) in ``p``'s tower."""
        return _billboards_in(view.tower[p])

    def _taxable_rival(self, view: EmpireView, me: int) -> bool:
        """Whether a rival has the billboards Billboard Tax asks of its target (the rules' ``usable``:
        asked here first, since a card refused by the check costs a whole check)."""
        need = self._t.tax_min_billboards  # (the typed table: ``view.edition.rules`` is read by name)
        towers = view.tower  # (read once: each read is a call)
        for q in range(len(towers)):
            if q != me and _billboards_in(towers[q]) >= need:
                return True
        return False

    def _rival_with_brand(self, view: EmpireView, me: int) -> bool:
        """Whether a rival's tower holds a brand's billboard (the target YOU'RE FIRED! needs: the rules'
        ``usable``)."""
        is_brand = self._t.is_brand
        towers = view.tower
        for q in range(len(towers)):
            if q != me:
                for piece in towers[q]:
                    if piece != OFFICE and is_brand[piece]:
                        return True
        return False

    def _worst_rent(self, view: EmpireView) -> int:
        me = self._me
        height = view.height
        worst = 0
        for q in range(len(height)):
            if q != me:
                value = self._value(height[q])
                if value > worst:  # (tower values are > 0)
                    worst = value
        return worst

    def _best_target_space(self, view: EmpireView, budget: int, candidates: list[int] | None, skip: int = -1) -> int:
        """The most useful billboard on the board within ``budget`` among ``candidates`` (None: every
        space but ``skip``) (-1: none): the tallest, then the dearest; the first of equals."""
        price = self._t.price  # (a billboard space's price, by its position)
        stock = view.stock
        if candidates is None:
            # Every space with billboards (the others score 0 and are never picked), best first: the first
            # one in stock and within the budget is the best, without the scores of the rest being read.
            for pos in self._targets:
                if stock[pos] and price[pos] <= budget and pos != skip:
                    return pos
            return -1
        scores = self._scores
        best, best_score = -1, 0
        for pos in candidates:
            score = scores[pos]  # (0: not a billboard space)
            if score > best_score and stock[pos] and price[pos] <= budget and pos != skip:
                best, best_score = pos, score
        return best

    # ------------------------------------------------------------------ dispatch
    def act(self, view: View, prompt: Prompt) -> Action:
        # The decision is made here, not in a method this would call (a call less at every decision), on
        # the family's view class, whose typed fields the handlers read: nearly always the view itself (the
        # test of a compiled class is inlined).
        ev = view if isinstance(view, EmpireView) else family_view(view, EmpireView)
        if ev is not self._view:
            self._view = ev
            self._tables(ev)
            self._me = seat_of(ev)
        # Nothing is known legal yet in this decision. (Set to an action no handler answers rather than to
        # None: type checkers would then take the field for None in all of ``act``, and the compiled
        # code would refuse the action a handler marked; a method setting None costs a call.)
        self._checked = _NO_ANSWER
        kind = prompt.kind
        # (the kinds compared most common first: a turn, an auction's bid, a purchase, ... per player-turn)
        if kind == P.TURN:
            action = self.on_turn(ev, prompt)
        elif kind == P.AUCTION:
            action = self.on_auction(ev, prompt)
        elif kind == P.BUY:
            action = self.on_buy(ev, prompt)
        elif kind == SWAP:
            action = self.on_swap(ev, prompt)
        elif kind == RESPOND:
            action = self.on_respond(ev, prompt)
        elif kind == CHOOSE_PLAYER:  # (each answer one of the prompt's targets: the rules' own list)
            action = self._sure(self.on_choose_player(ev, prompt))
        elif kind == CHOOSE_SPACE:  # (one of the prompt's spaces, or ending the one choice that may be declined)
            action = self._sure(self.on_choose_space(ev, prompt))
        elif kind == RENT_DUE:
            card = self._card_of(ev, REVERSE_RENT)
            amount: int = prompt.detail("amount") if card >= 0 else 0
            # (paying the rent is always an answer; Reverse Rent is checked: the card's moment is the rules')
            action = _numbered(_PLAYS, PLAY, card) if card >= 0 and amount >= 150 else self._sure(A.A_PAY)
        elif kind == P.TRADE:
            action = A.A_REJECT
        else:
            action = None
        # Each answer is checked once: a handler that checked its answer already (``_legal``) is taken at
        # its word (nothing has moved since; ``Game.play_out`` does not check it again either), and so is
        # one it knows to be legal (``_sure``: ``play_out`` checks it the way it checks any bot's answer).
        if action is None or (action is not self._checked and ev.check(action) is not None):
            return ev.legal_actions().first()
        return action

    # ------------------------------------------------------------------ prompts
    def on_turn(self, view: EmpireView, prompt: Prompt) -> Action:
        me = self._me
        cash = view.cash[me]
        if view.in_jail[me]:
            if view.held[me]:
                return A.A_USE_CARD
            card = self._card_of(view, GET_OUT_OF_JAIL)
            if card >= 0:
                return _numbered(_PLAYS, PLAY, card)
            stock = view.stock
            on_board = 0
            for p in self._t.brands:  # (a loop, not ``sum`` of a generator)
                on_board += stock[p]
            if on_board >= 6 and cash >= 300 and self._legal(view, A.A_PAY_BAIL):
                return A.A_PAY_BAIL
            return self._sure(A.A_ROLL)  # (a roll answers every turn prompt, in jail too)
        play = self._turn_card(view)
        if play is not None:
            return play
        left = cash - self._t.office_price
        # (the rivals' rents only looked at when the $150K floor is met: ``left >= max(150, worst)``; no
        # check: these tests hold all the rules ask of a purchase (none bought this turn, one left in the
        # bank, the cash to pay: ``check_buy_office``))
        if left >= 150 and not view.office_bought and view.offices > 0 and left >= self._worst_rent(view):
            return self._sure(A_BUY_OFFICE)
        return self._sure(A.A_ROLL)

    def _turn_card(self, view: EmpireView) -> Action | None:
        me = self._me
        hand = view.own_hand()  # (only read: the game's own list)
        if not hand:
            return None
        codes = self._codes
        # The towers, their heights and the capacity are read only for a card aimed at them (most hands
        # hold none): each read is a call.
        height = _NO_TABLE
        cap = my_top = best_top = top_sum = 0
        leader = -1  # the tallest rival tower (there is always a rival)
        scanned = False
        # The first card in hand whose moment has come and which may be played now. Not checked: a card is
        # wanted only when the rules let it be played (``empire_cards.usable`` at the turn: a card in hand,
        # and for a card aimed at rivals, a rival it can be aimed at), which the view shows; a check would
        # only refuse the others, at the cost of a whole check. (A top's height is above 0 exactly when the
        # tower has a billboard: heights are positive.)
        for card in hand:
            code = codes[card]
            if code < 0 or code > MOVE_TO_ANY_SPACE:  # (not one of the turn's cards)
                continue
            if not scanned and code <= STOCK_MARKET_CRASH:
                scanned = True
                towers = view.tower
                height = view.height
                cap = self._t.capacity
                heights = self._t.height
                my_top = _top_height(towers[me], heights)
                for q in range(len(height)):
                    if q != me:
                        top = _top_height(towers[q], heights)
                        if top > best_top:
                            best_top = top
                        top_sum += top
                        if height[q] > leader:
                            leader = height[q]
            if code == HOSTILE_TAKEOVER:  # (a rival with a billboard to take over)
                wanted = (best_top >= 2 or height[me] + best_top >= cap) and best_top > 0
            elif code == SWAP_THE_TOP:  # (with a billboard of its own to give, and a rival's taller top)
                wanted = best_top > my_top and self._billboards(view, me) > 0
            elif code == YOURE_FIRED:  # (a rival with a brand to return: a utility's billboard is none)
                wanted = (leader >= cap // 2 or best_top >= 3) and self._rival_with_brand(view, me)
            elif code == STOCK_MARKET_CRASH:  # (a rival with a billboard)
                wanted = (top_sum >= 4 or leader >= cap - 4) and top_sum > 0
            elif code == BILLBOARD_TAX:  # whenever a rival can be taxed (else the check refuses)
                wanted = self._taxable_rival(view, me)
            elif code == TALLEST_TOWER_BONUS:  # (the tallest tower's value: a loop, not a generator)
                wanted = False
                for h in view.height:
                    if self._value(h) >= 300:
                        wanted = True
                        break
            else:  # MOVE_TO_ANY_SPACE
                wanted = self._best_target_space(view, view.cash[me], None) >= 0
            if wanted:
                return self._sure(_numbered(_PLAYS, PLAY, card))
        return None

    def on_buy(self, view: EmpireView, prompt: Prompt) -> Action:
        me = self._me
        price = prompt.int_detail("price")
        if price > 100:
            card = self._card_of(view, BARGAIN_BUSINESS)
            if card >= 0 and self._legal(view, _numbered(_PLAYS, PLAY, card)):
                return _numbered(_PLAYS, PLAY, card)
        # (no check: the brand costs the prompt's price, and a player is never in debt nor holding a high
        # bid while a purchase is offered (Empire has no debts; an auction opens only after a purchase
        # declined and closes before anyone moves on), so what the cash covers may be bought; an auction
        # may always be asked for)
        return self._sure(A.A_BUY if view.cash[me] >= price else A.A_AUCTION)

    def on_auction(self, view: EmpireView, prompt: Prompt) -> Action:
        me = self._me
        low = prompt.int_detail("minimum")
        cash = view.cash[me]
        if low > cash:  # (the limit below is at most the cash: the lot need not be asked for, a third of the time)
            return self._sure(A.A_PASS)  # (a pass is always an answer)
        lot = prompt.int_detail("lot")
        value = self._t.price[lot] if lot >= 0 else 0  # (a billboard's price, by its position)
        limit = value if value < cash else cash
        if low > limit:
            return self._sure(A.A_PASS)
        high = prompt.int_detail("high_bidder")  # (asked only when it matters)
        if high == me:
            return self._sure(A.A_PASS)
        # (no check: the minimum is the bid to make, and the cash covers it: the bot holds no high bid in
        # this auction, nor in another (auctions are never open one inside another), so all its cash may
        # be bid; with exact raises the minimum is the one bid allowed)
        return self._sure(_numbered(_BIDS, A.BID, low))

    def on_swap(self, view: EmpireView, prompt: Prompt) -> Action:
        me = self._me
        towers = view.tower
        heights = self._t.height
        my_top = _top_height(towers[me], heights)
        best, gain = -1, 0
        # (every tower: one without a billboard, not among the prompt's ``towers``, has a top of height
        # 0 and so never gains)
        for q in range(len(towers)):
            if q != me:
                top = _top_height(towers[q], heights)
                if top - my_top > gain:
                    best, gain = q, top - my_top
        # (no check: moving is always an answer; each tower picked has a billboard, its top's height being
        # above 0, and differs from the one picked first)
        if best < 0 or not my_top:
            return self._sure(A_MOVE)
        first = prompt.int_detail("first")  # (asked only when it matters: the prompt works it out)
        if first < 0:
            return self._sure(_numbered(_SWAPS, SWAP, me))
        if first == me:
            return self._sure(_numbered(_SWAPS, SWAP, best))
        return self._sure(A_MOVE)

    def on_choose_player(self, view: EmpireView, prompt: Prompt) -> Action:
        targets: list[int] = prompt.detail("targets")
        purpose: str = prompt.detail("purpose")
        # The first of the targets with the greatest key (as ``max``), the keys compared by hand: a
        # compiled ``max`` with a key function calls back into Python for every target.
        best = targets[0]
        if purpose == "casino":
            return _numbered(_TARGETS, TARGET, best)
        height = view.height
        if purpose == "billboard_tax":
            cash = view.cash
            for q in targets:
                if cash[q] > cash[best]:
                    best = q
            return _numbered(_TARGETS, TARGET, best)
        tops_first = purpose in ("swap_the_top", "hostile_takeover")  # else (rival tax, YOU'RE FIRED!) the leader
        towers = view.tower
        heights = self._t.height
        best_top = _top_height(towers[best], heights)
        for q in targets:
            top = _top_height(towers[q], heights)
            if tops_first:
                better = top > best_top or (top == best_top and height[q] > height[best])
            else:
                better = height[q] > height[best] or (height[q] == height[best] and top > best_top)
            if better:
                best, best_top = q, top
        return _numbered(_TARGETS, TARGET, best)

    def on_choose_space(self, view: EmpireView, prompt: Prompt) -> Action:
        me = self._me
        purpose: str = prompt.detail("purpose")
        t = self._t
        spaces: list[int]
        # (the spaces asked for only where they are read: the prompt works them out at each read, a list of
        # the whole board for a trip)
        if purpose == "youre_fired":
            spaces = prompt.detail("spaces")
            # (the tallest, then the furthest: ``max`` of (height, position), compared by hand)
            best = spaces[0]
            for pos in spaces:
                if t.height[pos] > t.height[best] or (t.height[pos] == t.height[best] and pos > best):
                    best = pos
            return _numbered(_PICKS, PICK, best)
        cash = view.cash[me]
        if purpose == "free-parking":
            spaces = prompt.detail("spaces")
            if not spaces:
                return A.A_END
            fee = t.free_parking_fee
            # (the spaces offered, when any, are every space but Free Parking, in board order, and Free
            # Parking has no billboards: the billboard spaces alone, in that order, pick the same)
            pos = self._best_target_space(view, cash - fee, None)
            if pos >= 0:
                return _numbered(_PICKS, PICK, pos)
            if self._value(view.height[me]) > fee and 0 in spaces:
                return _numbered(_PICKS, PICK, 0)
            return A.A_END
        if purpose == "move_to_any_space":
            # (every space but the one the bot stands on, in board order: the billboard spaces but that
            # one, in that order, pick the same)
            pos = self._best_target_space(view, cash, None, view.position[me])
            if pos >= 0:
                return _numbered(_PICKS, PICK, pos)
            spaces = prompt.detail("spaces")
        else:
            spaces = prompt.detail("spaces")
            pos = self._best_target_space(view, cash, spaces)
            if pos >= 0:
                return _numbered(_PICKS, PICK, pos)
        board = view.edition.board
        safe = [
            p
            for p in spaces
            if board[p].type not in ("tower_tax", "go_to_jail", "rival_tower_tax")
            and not (t.is_brand[p] and view.owner[p] not in (BANK, me))
        ]
        return _numbered(_PICKS, PICK, (safe or spaces)[-1])

    def on_respond(self, view: EmpireView, prompt: Prompt) -> Action:
        me = self._me
        if prompt.detail("effect") == "swap":
            a: int = prompt.detail("a")
            other: int = prompt.detail("b") if a == me else a
            towers = view.tower
            heights = self._t.height
            if _top_height(towers[other], heights) >= _top_height(towers[me], heights):
                return self._sure(A.A_PASS)
        codes = self._codes
        jsn = hands_off = -1
        for card in view.own_hand():  # (the last of each kind, as before)
            code = codes[card]
            if code == JUST_SAY_NO:
                jsn = card
            elif code == HANDS_OFF:
                hands_off = card
        # (no check: letting the attack through is always an answer, and each card played is in hand and
        # blocks this attack: HANDS OFF! blocks any, Just Say No all but the super-attack)
        if jsn >= 0 and not prompt.detail("super_only"):
            return self._sure(_numbered(_PLAYS, PLAY, jsn))
        if hands_off >= 0:
            return self._sure(_numbered(_PLAYS, PLAY, hands_off))
        return self._sure(A.A_PASS)


__all__ = ["EmpireAgent", "OFFICE"]


HEURISTIC = EmpireAgent  # the face ``agents.by_family`` finds by the family's name
