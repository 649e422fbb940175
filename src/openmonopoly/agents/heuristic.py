"""The heuristic bot: plays every prompt of the classic family sensibly, and fast.

It sees only its ``View`` and the ``Prompt``. The common prompts (turn, buy,
auction) are decided from the view's fields without listing legal actions; the
rarer ones (debt, trade, place-building) and every build, lift or sale double-check
with ``view._check_formed`` (``view.check`` without its shape test: the bot's actions are
the shared ``numbered_action``s and offers of whole numbers) and fall back to a legal
action, so the bot never sends an illegal one.

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

from typing import Final

from ..editions import Edition
from ..editions.schema import RAILROAD, STREET, UTILITY
from ..engine import actions as A
from ..engine import prompt as P
from ..engine.actions import Action, TradeOffer
from ..engine.agent import CompiledAgent
from ..engine.prompt import Prompt
from ..engine.prompt import numbered_action as _action
from ..engine.state import BANK
from ..engine.view import View
from ..rules.classic.buildings import BUILDING_SHORTAGE, PLACE_BUILDING
from ..rules.classic.game import ClassicView
from ..rules.classic.mortgage import MORTGAGED_PROPERTY
from . import missions as _variants  # Clone Wars missions, quicker-game tables
from .base import group_counts, seat_of, trade_action, trade_offer

# Actions as ``Final`` module constants, so the compiled code reads C statics, not attributes of the
# (interpreted) actions module; the kind strings are Final literals there, which the compiler inlines.
A_ROLL: Final = A.A_ROLL
A_PAY_BAIL: Final = A.A_PAY_BAIL
A_USE_CARD: Final = A.A_USE_CARD
A_BUY: Final = A.A_BUY
A_AUCTION: Final = A.A_AUCTION
A_PASS: Final = A.A_PASS
A_PAY: Final = A.A_PAY
A_BANKRUPT: Final = A.A_BANKRUPT
A_ACCEPT: Final = A.A_ACCEPT
A_REJECT: Final = A.A_REJECT
A_LIFT: Final = A.A_LIFT
A_KEEP: Final = A.A_KEEP
A_CLAIM: Final = A.A_CLAIM
A_WAIVE: Final = A.A_WAIVE
A_WANT: Final = A.A_WANT
FALLBACK_KINDS: Final = (
    A.PAY,
    A.ROLL,
    A.KEEP,
    A.CLAIM,
    A.REJECT,
    A.PASS,
    A.AUCTION,
    A.MORTGAGE,
    A.SELL,
    A.SELL_ALL,
    A.BANKRUPT,
)
VARIANT_PROMPTS: Final = _variants.PROMPT_KINDS
_variant_decide: Final = _variants.decide

BASE_RESERVE: Final = 75  # cash kept while nothing is built

# Kinds of trade plan (see ``_trade_plans``).
SWAP: Final = 0  # streets completing a set for each side, cash evening out the prices
BUY_OUT: Final = 1  # cash (2x the price) for the streets completing my set
GATHER: Final = 2  # cash (1.5x) for a holder's share of a set split three ways

# (kind, target, give, take, price of take, price of give)
TradePlan = tuple[int, int, tuple[int, ...], tuple[int, ...], int, int]


class _Board:
    """Per-edition tables the bot needs, computed once."""

    size: int
    props: tuple[int, ...]
    n_props: int
    streets: tuple[int, ...]
    rails: tuple[int, ...]
    is_street: list[bool]
    is_rail: list[bool]
    is_util: list[bool]
    price: list[int]
    house_cost: list[int]
    hotel_cost: list[int]
    mortgage: list[int]
    unmortgage: list[int]
    rent: list[tuple[int, ...]]
    group_of: list[int]
    members: list[tuple[int, ...]]
    max_houses: int
    hotel_level: int
    jail_fine: int
    total_houses: int
    total_hotels: int
    increment: int
    no_auctions: bool
    no_mortgages: bool
    pot: bool
    uneven: bool
    street_groups: tuple[int, ...]
    street_members: list[tuple[int, ...]]  # the members of each of ``street_groups``
    street_index: list[int]  # per space: its group's index in ``street_groups``, -1 if in none
    build_order: tuple[int, ...]
    debt_order: tuple[int, ...]
    street_group_of: list[int]
    least_lift: list[int]
    least_build: list[int]
    no_holder: list[int]
    # The bot's numbered actions on each space (``numbered_action``: the same shared objects), looked up by
    # position rather than asked of ``numbered_action``, which finds its kind's row in a dictionary each time.
    build_at: list[Action]
    sell_at: list[Action]
    sell_all_at: list[Action]
    mortgage_at: list[Action]
    unmortgage_at: list[Action]

    def __init__(
        self,
        ed: Edition,
        max_houses: int | None = None,
        house_rules: tuple[bool, bool, bool, bool] = (False, False, False, False),
    ) -> None:
        # The house rules that change how the bot plays (the game's options, fixed for the game):
        # no auctions to fall back on, nothing to mortgage, a Free Parking pot to count on, houses that
        # need not be spread evenly.
        self.no_auctions, self.no_mortgages, self.pot, self.uneven = house_rules
        board = ed.board
        self.size = len(board)
        self.props = tuple(ed.properties)
        self.n_props = len(self.props)
        self.is_street = [sp.type == STREET for sp in board]
        self.is_rail = [sp.type == RAILROAD for sp in board]
        self.is_util = [sp.type == UTILITY for sp in board]
        self.streets = tuple(p for p in self.props if self.is_street[p])
        self.rails = tuple(p for p in self.props if self.is_rail[p])
        self.price = [int(sp.price) for sp in board]
        self.house_cost = [int(sp.house_cost) for sp in board]
        self.hotel_cost = [int(sp.hotel_cost) for sp in board]
        self.mortgage = [int(sp.mortgage) for sp in board]
        self.unmortgage = [int(sp.unmortgage) for sp in board]
        self.rent = [tuple(int(r) for r in sp.rent) for sp in board]
        self.group_of = [int(g) for g in ed.group_of]
        self.members = [tuple(int(q) for q in m) for m in ed.group_members]
        rules = ed.rules
        self.max_houses = int(rules.max_houses) if max_houses is None else max_houses
        self.hotel_level = self.max_houses + 1
        self.jail_fine = int(rules.jail_fine)
        self.total_houses = int(rules.houses)
        self.total_hotels = int(rules.hotels)
        self.increment = int(rules.auction_increment)
        is_street = self.is_street
        self.street_groups = tuple(g for g, m in enumerate(self.members) if m and all(is_street[p] for p in m))
        self.street_members = [self.members[g] for g in self.street_groups]
        self.street_index = [-1] * self.size
        for i, g in enumerate(self.street_groups):
            for q in self.members[g]:
                self.street_index[q] = i
        # Build priority: rent gained by three houses per money spent on them (best first).
        ranked: list[tuple[float, int]] = []
        for g in self.street_groups:
            m = self.members[g]
            gain = sum(self.rent[p][3] - self.rent[p][0] for p in m)
            cost = sum(3 * self.house_cost[p] for p in m) or 1
            ranked.append((-(gain / cost), g))
        ranked.sort()
        self.build_order = tuple(g for _, g in ranked)
        # What a debt mortgages first: utilities, streets, then railroads, each cheapest first.
        self.debt_order = tuple(
            sorted(self.props, key=lambda q: (self.is_rail[q], not self.is_util[q], self.price[q], q))
        )
        # A street's group when the whole group is streets (a set that can be full), else -1.
        street_groups = set(self.street_groups)
        self.street_group_of = [
            self.group_of[q] if self.is_street[q] and self.group_of[q] in street_groups else -1
            for q in range(self.size)
        ]
        # Per group, the least a mortgage lift or a building costs on one of its members.
        self.least_lift = [min((self.unmortgage[q] for q in m), default=0) for m in self.members]
        cheapest = [min(h, t) for h, t in zip(self.house_cost, self.hotel_cost, strict=True)]
        self.least_build = [min((cheapest[q] for q in m), default=0) for m in self.members]
        self.no_holder = [BANK] * len(self.members)  # (copied to start each ``_GroupHolders``)
        spaces = range(self.size)
        self.build_at = [_action(A.BUILD, q) for q in spaces]
        self.sell_at = [_action(A.SELL, q) for q in spaces]
        self.sell_all_at = [_action(A.SELL_ALL, q) for q in spaces]
        self.mortgage_at = [_action(A.MORTGAGE, q) for q in spaces]
        self.unmortgage_at = [_action(A.UNMORTGAGE, q) for q in spaces]

    def rent_at(self, pos: int, level: int) -> int:
        r = self.rent[pos]
        return r[level if level <= self.max_houses else 5]


class _LastBoard:
    """The board of the last lookup, with the edition and options objects it was looked up for."""

    def __init__(self) -> None:
        self.edition: object = None
        self.options: object = None
        self.board: _Board | None = None


_BOARDS: Final[dict[str, _Board]] = {}
_LAST: Final = _LastBoard()


def _board(view: ClassicView) -> _Board:
    ed = view.edition
    options = view.options
    last = _LAST
    b = last.board
    if b is not None and ed is last.edition and options is last.options:  # same game as the last call
        return b
    hph = view.houses_per_hotel
    key = ed.id if hph == ed.rules.max_houses else f"{ed.id}/{hph}"
    house_rules = (
        bool(options.get("no-auctions")),
        bool(options.get("no-mortgages")),
        options.get("free-parking-pot") is not None,
        bool(options.get("uneven-building")),
    )
    if any(house_rules):
        key += "/" + "".join("1" if flag else "0" for flag in house_rules)
    b = _BOARDS.get(key)
    if b is None:
        b = _BOARDS[key] = _Board(ed, hph, house_rules)
    last.edition, last.options, last.board = ed, options, b
    return b


def _group_code(owner: list[int], group: tuple[int, ...]) -> int:
    """Who holds street group ``group`` under ``owner``, as one number: the seat holding all of it plus 2; 0
    while the bank holds any of it; else (two seats or more hold it all) minus its members' owners, a digit
    each. Two ownerships give a group the same code exactly when they give it the same ``whole`` entry,
    ``split`` membership and street owners in ``_GroupHolders``."""
    first = owner[group[0]]
    if first == BANK:  # (most groups, early on: one read decides)
        return 0
    alone = True
    digits = first + 1
    for i in range(1, len(group)):
        o = owner[group[i]]
        if o == BANK:
            return 0
        if o != first:
            alone = False
        digits = digits * 256 + o + 1  # (seats are far fewer than 255)
    return first + 2 if alone else -digits


def _whole_moved_for(old: list[int], new: list[int], me: int) -> bool:
    """Whether group codes ``new`` differ from ``old`` (of one board) in a set ``me`` holds whole in either:
    those alone make a seat's full sets (``_full_groups``)."""
    whole = me + 2  # (``_group_code`` of a set ``me`` holds whole)
    for i in range(len(new)):
        code, was = new[i], old[i]
        if code != was and (code == whole or was == whole):
            return True
    return False


def _split_moved_for(old: list[int], new: list[int], me: int) -> bool:
    """Whether group codes ``new`` differ from ``old`` (of one board) in a split set ``me`` holds some of in
    either: those alone make a seat's trade plans (``_trade_plans``)."""
    for i in range(len(new)):
        code, was = new[i], old[i]
        if code != was and (_holds_some(code, me) or _holds_some(was, me)):
            return True
    return False


def _mine_moved(
    seen_name: int, last_name: int, moved_seats: int, me: int, seen: list[int], codes: list[int], whole: bool
) -> bool:
    """Whether the sets of one sort (``whole``: held whole, else split) that ``me`` holds, in either, differ
    between the holders ``me`` saw last (named ``seen_name``, -1 for none; their codes ``seen``) and new holders
    (their codes ``codes``; ``last_name`` and ``moved_seats``: the name of the holders before them, and the
    seats their change touched): one bit when ``me`` saw those very holders, else the codes compared."""
    if seen_name < 0:
        return True
    if seen_name == last_name:
        return (moved_seats >> me) & 1 != 0
    return _whole_moved_for(seen, codes, me) if whole else _split_moved_for(seen, codes, me)


def _holds_some(code: int, me: int) -> bool:
    """Whether group code ``code`` (``_group_code``) is of a split set ``me`` holds some of."""
    if code >= 0:
        return False
    digits = -code
    while digits:
        if digits % 256 == me + 1:
            return True
        digits //= 256
    return False


def _whole_seat_bit(code: int) -> int:
    """The bit of the seat holding whole the set of group code ``code`` (``_group_code``), else 0."""
    return 1 << (code - 2) if code > 0 else 0


def _split_seat_bits(code: int) -> int:
    """The bits of the seats holding part of the split set of group code ``code`` (``_group_code``), else 0."""
    bits = 0
    if code < 0:
        digits = -code
        while digits:
            bits |= 1 << (digits % 256 - 1)
            digits //= 256
    return bits


class _GroupHolders:
    """Who holds the street groups under one ownership (an owner list as of its change count): the same
    for every seat, so the bots of a game work it out once per change, not once each."""

    owner: list[int]
    changes: int
    board: _Board
    codes: list[int]  # per street group (``street_groups`` order): ``_group_code``
    whole: list[int]  # per group: the one seat that holds all of it, else -1 (the bank holds no set)
    split: list[int]  # the street groups (``street_groups`` order) the bank holds none of, held by two or more
    held_whole: int  # how many groups one seat holds whole (none, for most of a game's early turns)
    # Names of ``whole``, and of ``split`` with the owners of its streets, for this board and owner list: the
    # last holders' names for what is the same, new ones otherwise. A seat's full sets depend on ``whole``
    # alone, its trade plans on ``split`` and its streets' owners alone.
    whole_name: int
    split_name: int
    # What changed since ``last`` (the holders worked out before these, of the same board and owner list), for
    # the bots that saw ``last``'s names: the names ``last`` had (-1 without one), and bit ``seat`` set for
    # each seat that holds whole a set whose code changed (in either), and for each seat holding part of a
    # split set whose code changed (in either). A bot reads one bit rather than comparing every code.
    last_whole_name: int
    last_split_name: int
    whole_moved_seats: int
    split_moved_seats: int

    def __init__(
        self,
        b: _Board,
        owner: list[int],
        changes: int,
        codes: list[int],
        last: _GroupHolders | None,
        names: int,
    ) -> None:
        """Holders of ``codes`` (worked out from ``owner``): those of ``last`` (of the same board and owner
        list) kept where the codes say they are the same, else named from ``names`` (the last name given)."""
        self.owner = owner
        self.changes = changes
        self.board = b
        self.codes = codes
        whole_moved = split_moved = last is None
        whole_seats = split_seats = 0
        if last is not None:
            old = last.codes
            for i in range(len(codes)):
                code, was = codes[i], old[i]
                if code != was:
                    if code > 0 or was > 0:
                        whole_moved = True
                        whole_seats |= _whole_seat_bit(code) | _whole_seat_bit(was)
                    if code < 0 or was < 0:
                        split_moved = True
                        split_seats |= _split_seat_bits(code) | _split_seat_bits(was)
            self.last_whole_name = last.whole_name
            self.last_split_name = last.split_name
        else:
            self.last_whole_name = self.last_split_name = -1
        self.whole_moved_seats = whole_seats
        self.split_moved_seats = split_seats
        groups = b.street_groups
        if whole_moved:
            whole = list(b.no_holder)
            held_whole = 0
            for i in range(len(codes)):
                code = codes[i]
                if code > 0:
                    whole[groups[i]] = code - 2
                    held_whole += 1
            self.whole = whole
            self.held_whole = held_whole
            names += 1
            self.whole_name = names
        else:
            assert last is not None
            self.whole = last.whole  # (the same: shared, as neither is ever changed)
            self.held_whole = last.held_whole
            self.whole_name = last.whole_name
        if split_moved:
            split: list[int] = []
            for i in range(len(codes)):
                if codes[i] < 0:
                    split.append(groups[i])
            self.split = split
            names += 1
            self.split_name = names
        else:
            assert last is not None
            self.split = last.split
            self.split_name = last.split_name


class _LastGroupHolders:
    """The group holders last worked out (each bot of a game asks for the same ones in turn)."""

    def __init__(self) -> None:
        self.holders: _GroupHolders | None = None
        self.names = 0  # the last name given (``_GroupHolders.whole_name``, ``split_name``)
        # Where the next write to an owner list is expected (``_expect_write``): the list, the space, its owner
        # and the list's change count then.
        self.hint_owner: list[int] | None = None
        self.hint_pos = -1
        self.hint_was = BANK
        self.hint_changes = -1


_LAST_GROUP_HOLDERS: Final = _LastGroupHolders()


def _group_holders(b: _Board, owner: list[int], changes: int) -> _GroupHolders:
    """The group holders of ``owner`` as of its change count ``changes``: those of the last call when they are
    the same (a new object when anything in them differs, never one changed in place but for its change
    count: a bot may still be reading the last)."""
    last = _LAST_GROUP_HOLDERS
    h = last.holders
    if h is not None and h.owner is owner and h.changes == changes and h.board is b:
        return h
    members = b.street_members
    if h is not None and h.owner is owner and h.board is b:
        # Most changes of owner leave every group's holders as they were (a purchase in a group the bank still
        # shares, a railroad, a utility): the codes are compared as they are worked out, and the holders kept.
        old = h.codes
        codes: list[int] = []
        if (
            changes == h.changes + 1
            and last.hint_changes == h.changes
            and last.hint_owner is owner
            and owner[last.hint_pos] != last.hint_was
        ):
            # The one write since these holders was the expected one (every write counts one, and the space
            # it was expected at has changed): only its group may hold otherwise.
            i = b.street_index[last.hint_pos]
            if i >= 0:
                code = _group_code(owner, members[i])
                if code != old[i]:
                    codes = list(old)
                    codes[i] = code
        else:
            for i in range(len(members)):
                code = _group_code(owner, members[i])
                if code != old[i]:
                    codes = old[:i]  # (the same up to here)
                    codes.append(code)
                    for j in range(i + 1, len(members)):
                        codes.append(_group_code(owner, members[j]))
                    break
        if not codes:  # (nothing differs)
            h.changes = changes
            return h
    else:
        h = None  # (another game's or board's: nothing of it is kept)
        codes = [_group_code(owner, group) for group in members]
    n = last.names
    h = last.holders = _GroupHolders(b, owner, changes, codes, h, n)
    last.names = n + 2  # (at most two new names given)
    return h


def _expect_write(b: _Board, owner: list[int], changes: int, pos: int) -> None:
    """Note that the next write to ``owner`` (as of its change count ``changes``) is likely at ``pos``: a
    property offered for sale or at auction. ``_group_holders`` then works out only the group of ``pos`` again
    when that was the one write since (each write counts one: ``State.owner_changes``)."""
    _group_holders(b, owner, changes)  # (the holders the write will be compared with, up to date)
    last = _LAST_GROUP_HOLDERS
    last.hint_owner = owner
    last.hint_pos = pos
    last.hint_was = owner[pos]
    last.hint_changes = changes


class _Threats:
    """The dearest rents the built streets charge under one set of building levels (a level list as of its
    change count): the same for every seat but the owner of the dearest street, so the bots of a game work
    them out once per change, not once each. (Built streets never change hands: the levels decide.)"""

    level: list[int]
    changes: int
    board: _Board
    worst: int  # the dearest rent of a built street (0 if none)
    worst_owner: int  # the owner of the first such street seen (-2 if none)
    next_worst: int  # the dearest rent of a built street another seat than ``worst_owner`` owns (0 if none)

    def __init__(
        self, b: _Board, level: list[int], changes: int, worst: int, worst_owner: int, next_worst: int
    ) -> None:
        self.level = level
        self.changes = changes
        self.board = b
        self.worst = worst
        self.worst_owner = worst_owner
        self.next_worst = next_worst

    def against(self, me: int) -> int:
        """The dearest rent ``me`` may have to pay: that of a built street owned by another seat."""
        return self.next_worst if self.worst_owner == me else self.worst

    def raise_to(self, changes: int, o: int, r: int) -> None:
        """Make these the threats once a street of ``o``'s lets for ``r``, no less than before (a building
        put up), at the levels' change count ``changes``: one more step of the search in ``_threats_of``.
        (Changed in place: no bot keeps threats, each reads ``against`` at once.)"""
        if o == self.worst_owner:
            if r > self.worst:
                self.worst = r
        elif r > self.worst:
            self.next_worst = self.worst
            self.worst, self.worst_owner = r, o
        elif r > self.next_worst:
            self.next_worst = r
        self.changes = changes


def _threats_of(b: _Board, owner: list[int], level: list[int], changes: int) -> _Threats:
    """The threats of ``level`` as of ``changes``, searched afresh."""
    rent = b.rent
    max_houses = b.max_houses
    worst = next_worst = 0
    worst_owner = -2
    for pos in b.streets:
        lv = level[pos]
        if lv:
            r = rent[pos][lv if lv <= max_houses else 5]  # (``rent_at``, inlined)
            o = owner[pos]
            if o == worst_owner:
                if r > worst:
                    worst = r
            elif r > worst:
                # (the old dearest is now the dearest of another owner: it tops every street seen)
                next_worst = worst
                worst, worst_owner = r, o
            elif r > next_worst:
                next_worst = r
    return _Threats(b, level, changes, worst, worst_owner, next_worst)


class _LastThreats:
    """The threats last worked out (each bot of a game asks for the same ones in turn)."""

    def __init__(self) -> None:
        self.threats: _Threats | None = None


_LAST_THREATS: Final = _LastThreats()


def _threats(b: _Board, owner: list[int], level: list[int], changes: int) -> _Threats:
    """The threats of ``level`` as of its change count ``changes`` (as ``_group_holders`` keeps holders)."""
    last = _LAST_THREATS
    t = last.threats
    if t is None or t.level is not level or t.changes != changes or t.board is not b:
        t = last.threats = _threats_of(b, owner, level, changes)
    return t


def _nothing_built(b: _Board, bank_houses: int, bank_hotels: int) -> bool:
    """The bank holds every building."""
    return bank_houses == b.total_houses and bank_hotels == b.total_hotels


def _among(items: tuple[int, ...], x: int) -> bool:
    """``x in items`` for a short tuple of ints, without the generic comparison of ``in``."""
    for y in items:
        if y == x:
            return True
    return False


def _held_whole(owner: list[int], members: tuple[int, ...], me: int) -> bool:
    """``me`` owns every one of ``members``."""
    for q in members:
        if owner[q] != me:
            return False
    return True


def _lowest(level: list[int], members: tuple[int, ...]) -> int:
    low = level[members[0]]
    for q in members:
        if level[q] < low:
            low = level[q]
    return low


def _highest(level: list[int], members: tuple[int, ...]) -> int:
    top = level[members[0]]
    for q in members:
        if level[q] > top:
            top = level[q]
    return top


def _any_true(flags: list[bool]) -> bool:
    """``any(flags)``, without calling the builtin (compiled, the loop reads the list's items directly)."""
    for flag in flags:
        if flag:
            return True
    return False


def _any_mortgaged(mortgaged: list[bool], members: tuple[int, ...]) -> bool:
    for q in members:
        if mortgaged[q]:
            return True
    return False


def _rent_per_cost(b: _Board, q: int, lv: int) -> float:
    """Street ``q`` at ``lv`` buildings in a whole set: the best rent gained per money spent by building
    on up to some level (3 houses, 4, a hotel), over every such level: the worth of its next building when
    houses need not be spread evenly."""
    # (an unimproved street of a whole set is let at double rent: what building on it gains is above that)
    now = 2 * b.rent[q][0] if lv == 0 else b.rent_at(q, lv)
    best = 0.0
    spent = 0
    for target in range(lv + 1, b.hotel_level + 1):
        spent += b.hotel_cost[q] if target == b.hotel_level else b.house_cost[q]
        if spent > 0:
            best = max(best, (b.rent_at(q, target) - now) / spent)
    return best


def _least_rent_lost(b: _Board, level: list[int], members: tuple[int, ...]) -> int:
    """The built-on street of a set whose top building loses the least rent per money its sale raises
    (under uneven-building: sell from the streets the bot did not concentrate on first); -1 if none."""
    spot, lost = -1, 0.0
    for q in members:
        lv = level[q]
        if lv <= 0:
            continue
        below = 2 * b.rent[q][0] if lv == 1 else b.rent_at(q, lv - 1)
        refund = (b.hotel_cost[q] if lv == b.hotel_level else b.house_cost[q]) // 2 or 1
        per = (b.rent_at(q, lv) - below) / refund
        if spot < 0 or per < lost:
            spot, lost = q, per
    return spot


def _cheapest_at(b: _Board, level: list[int], members: tuple[int, ...], top: int) -> int:
    """The cheapest of ``members`` built to ``top`` (the first of equals), -1 if none is."""
    spot = -1
    for q in members:
        if level[q] == top and (spot < 0 or b.price[q] < b.price[spot]):
            spot = q
    return spot


def _holders(owner: list[int], others: list[int], me: int) -> list[int]:
    """The seats owning ``others`` (none of them mine), each once, from my left round (so no seat is
    everyone's first choice)."""
    first = owner[others[0]]
    for q in others:
        if owner[q] != first:
            break
    else:
        return [first]  # (the usual case: one holder)
    # The distinct seats in ascending order, by insertion into a short list (a set and ``sorted`` are calls
    # into the interpreter from compiled code), then those after ``me`` before those before it.
    seats: list[int] = []
    for q in others:
        o = owner[q]
        i = 0
        while i < len(seats) and seats[i] < o:
            i += 1
        if i == len(seats) or seats[i] != o:
            seats.insert(i, o)
    after: list[int] = []
    before: list[int] = []
    for o in seats:
        if o > me:
            after.append(o)
        elif o < me:
            before.append(o)
    return after + before


class HeuristicAgent(CompiledAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        # ``seed`` is accepted like every bot's; this one is deterministic and draws nothing.
        self.proposed: set[TradeOffer] = set()  # every offer made (never repeated, rejected or not)
        self.trade_turn = -1  # the turn counter of the last trade search
        # What depends only on who owns what (and on the board and seat), kept until that changes: the
        # game's owner list and its change count (``ClassicView.owner_changes``) as last seen.
        self._owner_seen: list[int] | None = None
        self._owner_changes = -1
        self._owner_board: _Board | None = None
        self._owner_seat = -1
        self._owner_version = 0  # counts the changes seen
        self._whole_name = -1  # the sets held whole (``_GroupHolders.whole_name``) the full sets below are for
        self._split_name = -1  # the split sets (``_GroupHolders.split_name``) last seen
        self._codes_seen: list[int] = []  # the codes (``_GroupHolders.codes``) of the holders last seen
        self._split_version = 0  # counts the changes of split sets I hold some of (and of board or seat)
        self._full: list[int] = []  # my full sets, best first (``_full_groups``)
        self._groups_held: _GroupHolders | None = None  # who holds what, as of ``_owner_version``
        # The least it costs to lift a mortgage on a street of my full sets, or to build on one: below
        # these, no lift or build is affordable.
        self._least_lift = 0
        self._least_build = 0
        self._full_streets: list[int] = []  # the streets of my full sets, set by set (in the order of ``_full``)
        self._mine_version = -1  # the ownership (``_owner_version``) ``_mine`` was listed for
        self._mine: list[int] = []  # my properties in ``_Board.debt_order``
        self._loose: list[int] = []  # those of ``_mine`` outside my full sets
        self._unowned_version = -1  # the ownership (``_owner_version``) ``_unowned`` was counted for
        self._unowned = 0  # the properties the bank holds
        self._plans_version = -1  # the split sets (``_split_version``) the trade plans were made for
        self._plans: list[TradePlan] = []
        # The view (its game and seat), level list and its change count the reserve was last worked out for,
        # and the reserve.
        self._reserve_level: list[int] | None = None
        self._reserve_changes = -1
        self._reserve_view: View | None = None
        self._reserve = BASE_RESERVE
        self._reserve_owners = -1  # the owners' change count when the reserve was worked out
        # My last building (``_build``): where, the level it makes, and the level change count before it.
        # When that building is the one change since the reserve was worked out, the reserve stands (it
        # counts other players' streets only).
        self._built_at = -1
        self._built_level = 0
        self._built_changes = -1
        self._view: View | None = None  # the view last seen, and its board
        self._view_board: _Board | None = None

    # ------------------------------------------------------------------ dispatch
    def act(self, view: View, prompt: Prompt) -> Action:
        # (family_view inlined: this runs at every decision, and the compiled isinstance is a C check)
        if not isinstance(view, ClassicView):
            view = ClassicView(view._game, view.player)
        return self.decide(view, prompt)

    def decide(self, view: ClassicView, prompt: Prompt) -> Action:
        kind = prompt.kind
        if kind == P.TURN:
            return self.on_turn(view, prompt)
        if kind == P.BUY:
            return self.on_buy(view, prompt)
        if kind == P.AUCTION:
            return self.on_auction(view, prompt)
        if kind == P.DEBT:
            return self.on_debt(view, prompt)  # (checks what it answers itself)
        if kind == P.TRADE:
            return self.on_trade(view, prompt)  # (likewise)
        if kind == P.CLAIM_RENT:
            # (the deed may have been mortgaged or traded away since the landing: then the rent lapses)
            return A_CLAIM if view._check_formed(A_CLAIM) is None else A_WAIVE
        if kind == MORTGAGED_PROPERTY:
            lift_cost: int = prompt.detail("lift_cost")
            cash = view.cash[seat_of(view)]
            rich = cash - lift_cost >= 2 * self.reserve(view, self._board_of(view))
            return self._safe(view, A_LIFT if rich else A_KEEP)
        if kind == BUILDING_SHORTAGE:
            return self._safe(view, self.on_shortage(view, prompt))
        if kind == PLACE_BUILDING:
            return self._safe(view, self.on_place(view, prompt))
        if kind in VARIANT_PROMPTS:
            return self._safe(view, _variant_decide(self, view, prompt))
        return self._fallback(view)

    # ------------------------------------------------------------------ assessments
    def _board_of(self, view: ClassicView) -> _Board:
        """``_board(view)``, kept with the view it is for (a game's edition and options never change):
        each bot is handed the same view object prompt after prompt."""
        b = self._view_board
        if b is None or view is not self._view:
            b = self._view_board = _board(view)
            self._view = view
        return b

    def reserve(self, view: ClassicView, b: _Board) -> int:
        """Cash to keep: a base plus a share of the worst rent an opponent's buildings charge."""
        if b.pot:  # (house rule free-parking-pot: the pot is money the bot may land on, about 1 lap in 7)
            windfall = view.pot // 7
            if _nothing_built(b, view.bank_houses, view.bank_hotels):
                return max(0, BASE_RESERVE - windfall)
            return max(0, self._threat_reserve(view, b, view.level) - windfall)
        if _nothing_built(b, view.bank_houses, view.bank_hotels):
            return BASE_RESERVE
        return self._threat_reserve(view, b, view.level)

    def _threat_reserve(self, view: ClassicView, b: _Board, level: list[int]) -> int:
        """``reserve`` once something is built."""
        # Built streets never change hands, so for one view (a game and a seat) the levels decide the threat:
        # it is worked out again only when they have changed since last time (their change count).
        changes = view.level_changes
        if view is self._reserve_view and level is self._reserve_level:
            if changes == self._reserve_changes:
                return self._reserve
            at = self._built_at
            if at >= 0:
                self._built_at = -1
                if (
                    changes == self._built_changes + 1
                    and self._built_changes == self._reserve_changes
                    and level[at] == self._built_level
                    and view.owner_changes == self._reserve_owners
                ):
                    # (the one level change since is my building, on my street: no threat to me)
                    self._reserve_changes = changes
                    self._raise_threats(b, level, at, changes, seat_of(view))  # (as they stood before it)
                    return self._reserve
        threat = _threats(b, view.owner, level, changes).against(seat_of(view))
        self._reserve_view = view
        self._reserve_level = level
        self._reserve_changes = changes
        self._reserve_owners = view.owner_changes
        self._reserve = BASE_RESERVE + min(threat, 1500) // 3
        return self._reserve

    def _raise_threats(self, b: _Board, level: list[int], at: int, changes: int, me: int) -> None:
        """My building at ``at`` (now at ``_built_level``) was the one level change since the threats the
        bots share were worked out: they take my street's new rent rather than being searched again by the
        next seat asking (when that rent is no less than before, as a building makes it: else they are)."""
        t = _LAST_THREATS.threats
        if t is None or t.level is not level or t.changes != self._built_changes or t.board is not b:
            return
        rent = b.rent[at]
        max_houses = b.max_houses
        lv = self._built_level
        r = rent[lv if lv <= max_houses else 5]  # (``rent_at``, inlined)
        if lv == 1 or r >= rent[lv - 1 if lv - 1 <= max_houses else 5]:
            t.raise_to(changes, me, r)

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
        first = BANK  # that other player, once seen
        for q in b.members[b.group_of[pos]]:
            if q == pos:
                continue
            o = owner[q]
            if o == BANK or o == me:
                return False
            if first == BANK:
                first = o
            elif o != first:
                return False
        return first != BANK

    def value_of(self, view: ClassicView, b: _Board, pos: int) -> int:
        """What a property is worth to this player in an auction."""
        me = seat_of(view)
        owner = view.owner
        price = b.price[pos]
        if b.is_street[pos]:
            # (``_completes``, ``_blocks`` and ``_group_state`` in one pass over the other members)
            mine = other = free = 0
            first = BANK  # the first other player seen
            single = True  # no second other player seen
            for q in b.members[b.group_of[pos]]:
                if q == pos:
                    continue
                o = owner[q]
                if o == me:
                    mine += 1
                elif o == BANK:
                    free += 1
                else:
                    other += 1
                    if first == BANK:
                        first = o
                    elif o != first:
                        single = False
            if not other and not free:
                return price * 2
            if other and single and not mine and not free:
                return price * 3 // 2
            return price * 5 // 4 if mine else price
        if b.is_rail[pos]:
            held = 0
            for q in b.rails:
                if owner[q] == me:
                    held += 1
            return price * (4 + held) // 4
        return price * 4 // 5

    # ------------------------------------------------------------------ common prompts
    def on_buy(self, view: ClassicView, prompt: Prompt) -> Action:
        b = self._board_of(view)
        me = seat_of(view)
        pos: int = prompt.detail("pos")
        owner = view.owner
        _expect_write(b, owner, view.owner_changes, pos)  # (bought or auctioned: it changes hands next, mostly)
        price = b.price[pos]
        cash = view.cash[me]
        if cash < price:
            return A_AUCTION
        reserve = self.reserve(view, b)
        if b.no_auctions:
            # (house rule no-auctions: declining buys no bargain at auction, it only leaves the property for
            # the next player to land there; buy keeping half the usual reserve)
            reserve //= 2
        if cash - price >= reserve:
            return A_BUY
        if self._completes(b, owner, me, pos) or self._blocks(b, owner, me, pos):
            return A_BUY
        return A_AUCTION

    def on_auction(self, view: ClassicView, prompt: Prompt) -> Action:
        b = self._board_of(view)
        me = seat_of(view)
        lot: int = prompt.detail("lot")
        minimum: int = prompt.detail("minimum")
        cash = view.cash[me]
        reserve = self.reserve(view, b)
        if lot >= 0:
            _expect_write(b, view.owner, view.owner_changes, lot)  # (awarded at the auction's end, mostly)
            value = self.value_of(view, b, lot)
            step = max(b.increment, b.price[lot] // 10)
        else:
            cost = self._best_building_cost(view, b, lot == -2)
            value = cost * 3 // 2
            step = max(b.increment, cost // 10)
        limit = min(value, cash - reserve)
        if minimum > limit:
            return A_PASS
        high_bidder: int = prompt.detail("high_bidder")
        high: int = prompt.detail("high") if high_bidder >= 0 else value // 2
        return _action(A.BID, min(limit, max(minimum, high + step)))

    def on_turn(self, view: ClassicView, prompt: Prompt) -> Action:
        # The view's fields are read once here, and only where needed, and handed down: each read is a call.
        b = self._board_of(view)
        me = seat_of(view)
        owner = view.owner
        cash = view.cash[me]
        bank_houses, bank_hotels = view.bank_houses, view.bank_hotels
        level, mortgaged = view.level, view.mortgaged  # (each read once: most calls would read them again)
        if _nothing_built(b, bank_houses, bank_hotels):
            reserve = BASE_RESERVE
        else:
            reserve = self._threat_reserve(view, b, level)
        full = self._full_of(view, b, owner, me)
        if full:
            action = self._lift_in_sets(view, b, mortgaged, cash, reserve)
            if action is not None:
                return action
        turns = view.turns
        if self.trade_turn != turns:
            self.trade_turn = turns
            action = self._propose_trade(view, b, me, owner, cash, reserve)
            if action is not None:
                return action
        if full:
            action = self._build(view, b, full, level, mortgaged, cash, reserve, bank_houses, bank_hotels)
            if action is None and bank_houses == 0 and len(full) > 1:
                action = self._make_room(view, b, full, level, mortgaged, cash, reserve)
            if action is not None:
                return action
        if cash > 3 * reserve + 200:
            action = self._lift_any(view, b, me, owner, mortgaged, cash, reserve)
            if action is not None:
                return action
        if view.in_jail[me]:
            if self._unowned_version != self._owner_version:  # (``_full_of`` has just seen the owners)
                self._unowned_version = self._owner_version
                unowned = 0
                for pos in b.props:
                    if owner[pos] == BANK:
                        unowned += 1
                self._unowned = unowned
            if self._unowned * 3 >= b.n_props:  # early game: get out and buy
                if view.held[me]:
                    return A_USE_CARD
                if cash - b.jail_fine >= reserve:
                    return A_PAY_BAIL
        return A_ROLL

    # ------------------------------------------------------------------ building and mortgages
    def _full_of(self, view: ClassicView, b: _Board, owner: list[int], me: int) -> list[int]:
        """``_full_groups``, worked out again only when the sets held whole (``_GroupHolders.whole_name``,
        looked at when the owners have changed), the board or the seat have changed since the last call (the
        list is shared: callers do not change it)."""
        changes = view.owner_changes
        if (
            owner is not self._owner_seen
            or changes != self._owner_changes
            or me != self._owner_seat
            or b is not self._owner_board
        ):
            held = self._groups_held = _group_holders(b, owner, changes)
            if me != self._owner_seat or b is not self._owner_board:
                self._whole_name = self._split_name = -1  # (nothing kept stands for another seat or board)
            # My full sets stand while the sets held whole do, or at least those I hold whole; my trade plans
            # while the split sets do, or at least those I hold some of (the codes seen last tell).
            whole_named = held.whole_name != self._whole_name
            split_named = held.split_name != self._split_name
            if whole_named or split_named:
                # (when I saw the holders just before these, their bits of mine tell; else the codes seen last)
                seen = self._codes_seen
                codes = held.codes
                if whole_named and _mine_moved(
                    self._whole_name, held.last_whole_name, held.whole_moved_seats, me, seen, codes, True
                ):
                    full = self._full = self._full_groups(b, held, me)
                    if full:
                        self._note_full(b, full)
                if split_named and _mine_moved(
                    self._split_name, held.last_split_name, held.split_moved_seats, me, seen, codes, False
                ):
                    self._split_version += 1
                self._whole_name = held.whole_name
                self._split_name = held.split_name
                self._codes_seen = codes
            self._owner_seen = owner
            self._owner_changes = changes
            self._owner_seat = me
            self._owner_board = b
            self._owner_version += 1
        return self._full

    @staticmethod
    def _full_groups(b: _Board, held: _GroupHolders, me: int) -> list[int]:
        out: list[int] = []
        if not held.held_whole:
            return out
        whole = held.whole
        for g in b.build_order:
            if whole[g] == me:
                out.append(g)
        return out

    def _note_full(self, b: _Board, full: list[int]) -> None:
        """The least a lift or a building costs on the streets of the full sets ``full``, and those streets."""
        least_lift, least_build = b.least_lift, b.least_build
        g = full[0]
        lift, build = least_lift[g], least_build[g]
        streets: list[int] = []
        for g in full:
            if least_lift[g] < lift:
                lift = least_lift[g]
            if least_build[g] < build:
                build = least_build[g]
            for q in b.members[g]:
                streets.append(q)
        self._least_lift = lift
        self._least_build = build
        self._full_streets = streets

    def _lift_in_sets(
        self, view: ClassicView, b: _Board, mortgaged: list[bool], cash: int, reserve: int
    ) -> Action | None:
        """Lift a mortgage in my full sets (``_full``: none when there are none), best set first."""
        if cash - self._least_lift < reserve:
            return None
        unmortgage = b.unmortgage
        for q in self._full_streets:  # (those of ``full``, set by set: one flat list to go over)
            if mortgaged[q] and cash - unmortgage[q] >= reserve:
                action = b.unmortgage_at[q]
                if view._check_formed(action) is None:
                    return action
        return None

    def _lift_any(
        self, view: ClassicView, b: _Board, me: int, owner: list[int], mortgaged: list[bool], cash: int, reserve: int
    ) -> Action | None:
        if not _any_true(mortgaged):  # (mostly nothing is: the list is cheaper to go over than by position)
            return None
        best = -1
        spare = cash - 2 * reserve - 100
        unmortgage, price = b.unmortgage, b.price
        # (the mortgages read first: few properties are mortgaged, and a list of mine would be made again at
        # most calls, the owners having changed since the last)
        for q in b.props:
            if mortgaged[q] and owner[q] == me and unmortgage[q] <= spare:
                if best < 0 or price[q] > price[best]:
                    best = q
        if best >= 0:
            action = b.unmortgage_at[best]
            if view._check_formed(action) is None:
                return action
        return None

    def _build(
        self,
        view: ClassicView,
        b: _Board,
        full: list[int],
        level: list[int],
        mortgaged: list[bool],
        cash: int,
        reserve: int,
        bank_houses: int,
        bank_hotels: int,
    ) -> Action | None:
        if cash - self._least_build < reserve:  # (nothing affordable: every spot would be passed over)
            return None
        if b.uneven:
            return self._build_unevenly(view, b, full, level, mortgaged, cash, reserve, bank_houses, bank_hotels)
        hotel_level = b.hotel_level
        price = b.price
        for g in full:  # best return first
            members = b.members[g]
            spot, low = -1, hotel_level
            blocked = False
            for q in members:
                if mortgaged[q]:
                    blocked = True
                    break
                lv = level[q]
                if lv < low or (lv == low and price[q] >= price[spot]):
                    spot, low = q, lv
            if blocked or low >= hotel_level:
                continue
            hotel = low == b.max_houses
            if (bank_hotels if hotel else bank_houses) <= 0:
                continue
            cost = b.hotel_cost[spot] if hotel else b.house_cost[spot]
            if cash - cost < reserve:
                continue
            action = b.build_at[spot]
            if view._check_formed(action) is None:
                self._note_build(view, spot, low)
                return action
        return None

    def _note_build(self, view: ClassicView, spot: int, lv: int) -> None:
        """Remember the building about to go up at ``spot`` (now at ``lv``), for ``_threat_reserve``."""
        self._built_at = spot
        self._built_level = lv + 1
        self._built_changes = view.level_changes

    def _build_unevenly(
        self,
        view: ClassicView,
        b: _Board,
        full: list[int],
        level: list[int],
        mortgaged: list[bool],
        cash: int,
        reserve: int,
        bank_houses: int,
        bank_hotels: int,
    ) -> Action | None:
        """House rule uneven-building: put the next building where it heads for the best rent per money
        spent, wherever that is in the bot's sets. Rent jumps most at the third house, so this takes the
        set's best street to three houses (on the cheap sets, where a hotel pays most for its cost, on to a
        hotel) before the next street gets any, as a table used to the rule does, rather than spreading a
        house at a time."""
        best, best_score = -1, 0.0
        for g in full:
            members = b.members[g]
            if _any_mortgaged(mortgaged, members):
                continue
            for q in members:
                lv = level[q]
                if lv >= b.hotel_level:
                    continue
                hotel = lv == b.max_houses
                if (bank_hotels if hotel else bank_houses) <= 0:
                    continue
                if cash - (b.hotel_cost[q] if hotel else b.house_cost[q]) < reserve:
                    continue
                score = _rent_per_cost(b, q, lv)
                if score > best_score or (score == best_score and best >= 0 and b.price[q] > b.price[best]):
                    best, best_score = q, score
        if best >= 0:
            action = b.build_at[best]
            if view._check_formed(action) is None:
                self._note_build(view, best, level[best])
                return action
        return None

    def _make_room(
        self,
        view: ClassicView,
        b: _Board,
        full: list[int],
        level: list[int],
        mortgaged: list[bool],
        cash: int,
        reserve: int,
    ) -> Action | None:
        """The bank is out of houses: sell one from a weaker set to push a better set towards hotels
        (hotels give houses back to the bank, which ends the shortage deadlock)."""
        for i, g in enumerate(full):
            members = b.members[g]
            if _any_mortgaged(mortgaged, members):
                continue
            low = _lowest(level, members)
            if low >= b.max_houses or cash - b.house_cost[members[-1]] < reserve:
                continue
            for j in range(len(full) - 1, i, -1):  # the weakest sets after this one first
                donors = b.members[full[j]]
                top = _highest(level, donors)
                if 0 < top <= b.max_houses:
                    action = b.sell_at[_cheapest_at(b, level, donors, top)]  # (one is at ``top`` > 0)
                    if view._check_formed(action) is None:
                        return action
            return None
        return None

    def _best_building_cost(self, view: ClassicView, b: _Board, hotel: bool) -> int:
        me = seat_of(view)
        for g in self._full_of(view, b, view.owner, me):
            q = b.members[g][-1]
            return b.hotel_cost[q] if hotel else b.house_cost[q]
        return 0

    def on_shortage(self, view: ClassicView, prompt: Prompt) -> Action:
        b = self._board_of(view)
        me = seat_of(view)
        hotel: bool = prompt.details.get("building") == "hotel"
        level, mortgaged = view.level, view.mortgaged
        cash = view.cash[me]
        reserve = self.reserve(view, b)
        for g in self._full_of(view, b, view.owner, me):
            members = b.members[g]
            if _any_mortgaged(mortgaged, members):
                continue
            if b.uneven:  # (any street may take the next house; a hotel goes on a street with all its houses)
                if not any((level[q] == b.max_houses) if hotel else (level[q] < b.max_houses) for q in members):
                    continue
            else:
                low = _lowest(level, members)
                if low >= b.hotel_level or (low == b.max_houses) != hotel:
                    continue
            q = members[-1]
            cost = b.hotel_cost[q] if hotel else b.house_cost[q]
            if cash - cost >= reserve:
                return A_WANT
        return A_PASS

    def on_place(self, view: ClassicView, prompt: Prompt) -> Action:
        b = self._board_of(view)
        spots = [a.arg for a in view.legal_actions().actions if a.kind == A.PLACE]
        if not spots:
            return self._fallback(view)
        rank = {g: i for i, g in enumerate(b.build_order)}
        # the set first in build order, then its dearest street, then the lowest position
        best = -1
        best_key = (0, 0, 0)
        for q in spots:
            k = (rank.get(b.group_of[q], 99), -b.price[q], q)
            if best < 0 or k < best_key:
                best, best_key = q, k
        return _action(A.PLACE, best)

    # ------------------------------------------------------------------ debts
    def on_debt(self, view: ClassicView, prompt: Prompt) -> Action:
        """Every answer has passed ``view._check_formed`` (checking one twice would be wasted work)."""
        b = self._board_of(view)
        me = seat_of(view)
        amount: int = prompt.detail("amount")
        cash = view.cash[me]
        if cash >= amount:
            return self._safe(view, A_PAY)
        owner, level, mortgaged = view.owner, view.level, view.mortgaged
        full = self._full_of(view, b, owner, me)
        if self._mine_version != self._owner_version:  # (a debt takes several answers, the owners unchanged)
            self._mine_version = self._owner_version
            self._mine = [q for q in b.debt_order if owner[q] == me]
            held = self._groups_held
            assert held is not None  # (``_full_of`` has just seen the owners)
            whole = held.whole  # (``whole[g] == me``: ``g`` is one of my full sets, one read, not a search)
            street_group_of = b.street_group_of
            loose: list[int] = []
            for q in self._mine:
                g = street_group_of[q]
                if g < 0 or whole[g] != me:
                    loose.append(q)
            self._loose = loose
        mine = self._mine
        no_mortgages = b.no_mortgages
        raisable = 0
        hotel_level, house_cost, mortgage = b.hotel_level, b.house_cost, b.mortgage
        # (counted dearest first, mostly, so that enough is seen sooner: every part counts for itself, the
        # order cannot change whether they add up to the debt)
        for i in range(len(mine) - 1, -1, -1):
            q = mine[i]
            lv = level[q]
            if lv:
                if lv == hotel_level:
                    raisable += b.hotel_cost[q] // 2 + b.max_houses * (house_cost[q] // 2)
                else:
                    raisable += lv * (house_cost[q] // 2)
            if not no_mortgages and not mortgaged[q]:
                raisable += mortgage[q]
            if cash + raisable >= amount:  # (enough: the rest need not be counted)
                break
        if cash + raisable < amount:
            return self._safe(view, A_BANKRUPT)
        # 1. mortgage what lies outside full sets: utilities, lone streets, then railroads (``debt_order``).
        if not no_mortgages:  # (house rule no-mortgages: only buildings can be sold)
            for q in self._loose:
                if mortgaged[q]:
                    continue
                action = b.mortgage_at[q]
                if view._check_formed(action) is None:
                    return action
        # 2. sell buildings, weakest set first, evenly (my full sets are in build order: the weakest last).
        for i in range(len(full) - 1, -1, -1):
            members = b.members[full[i]]
            top = _highest(level, members)
            if not top:
                continue
            spot = _least_rent_lost(b, level, members) if b.uneven else _cheapest_at(b, level, members, top)
            action = b.sell_at[spot]  # (a street built on: ``top`` > 0)
            if view._check_formed(action) is None:
                return action
            action = b.sell_all_at[spot]
            if view._check_formed(action) is None:
                return action
        # 3. mortgage the sets themselves, weakest first.
        if not no_mortgages:
            for i in range(len(full) - 1, -1, -1):
                for q in b.members[full[i]]:
                    if not mortgaged[q]:
                        action = b.mortgage_at[q]
                        if view._check_formed(action) is None:
                            return action
        return self._fallback(view)

    # ------------------------------------------------------------------ trades
    def _val(self, b: _Board, mortgaged: list[bool], pos: int) -> int:
        if mortgaged[pos]:
            return b.price[pos] - b.unmortgage[pos]
        return b.price[pos]

    @staticmethod
    def _gains_set(
        b: _Board,
        owner: list[int],
        me: int,
        give: tuple[int, ...],
        proposer: int,
        take: tuple[int, ...],
        player: int,
        positions: tuple[int, ...],
    ) -> bool:
        """Does ``player`` own a whole colour set of ``positions``' after the trade (``give`` mine, ``take``
        the proposer's) that they did not before? (The owners after are looked up in the short offer
        tuples: a dictionary of them would cost more.)"""
        for p in positions:
            if not b.is_street[p]:
                continue
            whole_now = True
            whole_after = True
            for q in b.members[b.group_of[p]]:
                o = owner[q]
                if o != player:
                    whole_now = False
                if _among(take, q):
                    o = proposer
                elif _among(give, q):
                    o = me
                if o != player:
                    whole_after = False
                    break
            if whole_after and not whole_now:
                return True
        return False

    def on_trade(self, view: ClassicView, prompt: Prompt) -> Action:
        """Every answer has passed ``view._check_formed``, as in ``on_debt``."""
        b = self._board_of(view)
        me = seat_of(view)
        # The offer as ``TradeOffer.to_json`` wrote it, read field by field (the engine made it: the
        # strict ``TradeOffer.from_json`` would only check it again, at many times the cost).
        offer: dict = prompt.detail("offer")
        proposer: int = offer["proposer"]
        give = tuple(offer["give"])
        take = tuple(offer["take"])
        offer_cash: int = offer["cash"]
        owner, mortgaged = view.owner, view.mortgaged
        i_gain = self._gains_set(b, owner, me, give, proposer, take, me, give)
        they_gain = self._gains_set(b, owner, me, give, proposer, take, proposer, take)
        # Losing a set I hold (without getting one) is never worth it.
        if not i_gain:
            for p in take:
                if b.is_street[p] and _held_whole(owner, b.members[b.group_of[p]], me):
                    return self._safe(view, A_REJECT)
        value = offer_cash + 50 * (len(offer["give_cards"]) - len(offer["take_cards"]))
        give_price = take_price = 0
        for p in give:
            value += self._val(b, mortgaged, p)
            give_price += b.price[p]
        for p in take:
            value -= self._val(b, mortgaged, p)
            take_price += b.price[p]
        cash = view.cash[me]
        if -offer_cash > max(0, cash - self.reserve(view, b) // 2):
            return self._safe(view, A_REJECT)  # cannot afford to pay that
        if i_gain:
            ok = value >= -100 if they_gain else value >= -give_price
        elif they_gain:
            ok = value >= take_price  # cash about twice the price of what completes their set
        else:
            ok = value >= take_price // 2 and self._gathering_ok(b, owner, me, proposer, take)
        if ok and view._check_formed(A_ACCEPT) is None:
            return A_ACCEPT
        return self._safe(view, A_REJECT)

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

    def _trade_plans(self, b: _Board, owner: list[int], me: int) -> list[TradePlan]:
        """Trades worth proposing for this ownership (``TradePlan``s)."""
        plans: list[TradePlan] = []
        held = self._groups_held
        assert held is not None  # (``_full_of`` has seen the owners)
        for g in held.split:  # (a group with an unowned street, or held whole, makes no plan)
            members = b.members[g]
            mine = 0
            for q in members:
                if owner[q] == me:
                    mine += 1
            if mine:
                # (listed only for a group I share: most turns there is none)
                others = [q for q in members if owner[q] != me]
                holders = _holders(owner, others, me)
                if len(holders) == 1:
                    target = holders[0]
                    take = tuple(others)
                    take_price = 0
                    for q in others:
                        take_price += b.price[q]
                    give = self._swap_for(b, held.split, owner, me, target, g)
                    if give is not None:
                        plans.append((SWAP, target, give, take, take_price, sum(b.price[q] for q in give)))
                    plans.append((BUY_OUT, target, (), take, take_price, 0))
                else:
                    for target in holders:
                        theirs = tuple(q for q in others if owner[q] == target)
                        if len(theirs) <= mine:
                            plans.append((GATHER, target, (), theirs, sum(b.price[q] for q in theirs), 0))
        return plans

    def _propose_trade(
        self, view: ClassicView, b: _Board, me: int, owner: list[int], cash: int, reserve: int
    ) -> Action | None:
        if self._plans_version != self._split_version:  # (``on_turn`` has just seen the owners)
            self._plans_version = self._split_version
            self._plans = self._trade_plans(b, owner, me)
        if not self._plans:
            return None
        for kind, target, give, take, take_price, give_price in self._plans:
            if kind == SWAP:
                offer = trade_offer(me, target, give, take, max(0, min(take_price - give_price, cash - reserve)))
            elif kind == BUY_OUT:
                if cash - 2 * take_price < reserve // 2:
                    continue
                offer = trade_offer(me, target, (), take, 2 * take_price)
            else:
                pay = (3 * take_price + 1) // 2
                if cash - pay < reserve:
                    continue
                offer = trade_offer(me, target, (), take, pay)
            action = self._offer(view, offer)
            if action is not None:
                return action
        return None

    @staticmethod
    def _swap_for(
        b: _Board, split: list[int], owner: list[int], me: int, target: int, skip: int
    ) -> tuple[int, ...] | None:
        """My streets that would complete a set for ``target`` (another group than ``skip``). Only a group of
        ``split`` (``_GroupHolders``: no street unowned, two holders or more) can be one ``target`` and I hold
        between us, each some of it; those are searched in the order of ``street_groups``, as they are listed."""
        for h in split:
            if h == skip:
                continue
            members = b.members[h]
            # (counted first, the tuple made only for the group that fits: most groups do not)
            held = 0
            for q in members:
                o = owner[q]
                if o == target:
                    held += 1
                elif o != me:
                    break
            else:
                if 0 < held < len(members):
                    return tuple(q for q in members if owner[q] != target)
        return None

    def _offer(self, view: ClassicView, offer: TradeOffer) -> Action | None:
        if offer in self.proposed:
            return None
        action = trade_action(offer)
        if view._check_formed(action) is not None:
            return None
        self.proposed.add(offer)
        return action

    # ------------------------------------------------------------------ legality safety net
    def _safe(self, view: ClassicView, action: Action) -> Action:
        if view._check_formed(action) is None:
            return action
        return self._fallback(view)

    def _fallback(self, view: ClassicView) -> Action:
        legal = view.legal_actions()
        for kind in FALLBACK_KINDS:
            for action in legal.actions:
                if action.kind == kind:
                    return action
        return legal.first()
