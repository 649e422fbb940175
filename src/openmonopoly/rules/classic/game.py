"""The classic family: the turn, movement, landing and the any-time actions.

Shared parts live in their own modules (money, auction, buildings, mortgage,
trade, jail, cards); this module strings them into turns. Editions differ by
their data file and, where the rulebook differs, by a subclass overriding a hook.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from ...editions import Edition
from ...editions.schema import CARD, FREE_PARKING, GO_TO_JAIL, RAILROAD, STREET, TAX, UTILITY, Rules, Space
from ...engine import actions as A
from ...engine import events as E
from ...engine import prompt as P
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import SHARED_SEATS, Step
from ...engine.game import Game
from ...engine.house_rules import (
    DOUBLE_RENT_FULL_SET,
    FREE_PARKING_POT,
    GO_BONUS,
    JAIL_NO_RENT,
    NO_AUCTIONS,
    NO_MORTGAGES,
    SALARY,
    SHUFFLE_SEATS,
    UNEVEN_BUILDING,
)
from ...engine.options import MAX_ROUNDS, RENT_MUST_BE_CLAIMED, Option, claim_rent_option, max_rounds_option
from ...engine.prompt import numbered_action
from ...engine.state import BANK, ChangeWatch, State
from ...engine.view import View, public_field
from ...registry import register
from .. import cards, jail, movement, permissions, trade
from ..auction import HOTEL_LOT
from ..money import pay, transfer
from ..property import BuyOrAuction, ClaimRent
from ..turn import TURN_ANSWERS, TurnStep
from ..words import EventWords
from . import buildings, mortgage
from .data import ClassicRules, compile_classic
from .debt import raisable, start_debt
from .house_rules import POT_REASONS, already_doubles, classic_conflict, classic_house_rules, classic_presets
from .rent import rent_due, rent_for_roll


def in_order(count: int) -> list[int]:
    """``list(range(count))``, a deck's cards in printed order: sliced off a list made once (a state is made
    for every game, and compiled, ``list(range(k))`` builds and walks a range object)."""
    return _IN_ORDER[:count] if count <= len(_IN_ORDER) else list(range(count))


_IN_ORDER: Final[list[int]] = list(range(64))  # (read only: slices are new lists)


@mypyc_attr(allow_interpreted_subclasses=True)  # Clone Wars adds its own fields
class ClassicState(State):
    FIELDS = State.FIELDS + (
        "in_jail",
        "jail_turns",
        "owner",
        "level",
        "mortgaged",
        "bank_houses",
        "bank_hotels",
        "decks",
        "held",
        "doubles",
        "shortage_tried",
        "pot",
    )
    HIDDEN = frozenset({"decks"})
    LATER_FIELDS: ClassVar[dict[str, Any]] = {"pot": 0}  # (the Free Parking pot came with the house rules)
    level: list[int]  # per space: houses 1..houses_per_hotel, then the hotel level
    mortgaged: list[bool]
    bank_houses: int
    bank_hotels: int
    decks: list[list[int]]  # per deck: card indices in draw order (hidden)
    doubles: int
    shortage_tried: list[list[int]]
    pot: int  # house rule free-parking-pot: the bank's money waiting on Free Parking (0 otherwise)

    def __init__(self, names: list[str], edition: Edition) -> None:
        rules: ClassicRules = edition.rules  # (typed: its fields read directly, not looked up by name)
        super().__init__(names, rules.start_cash)
        n = len(names)
        size = len(edition.board)
        self.in_jail = [False] * n
        self.jail_turns = [0] * n
        self.owner = [BANK] * size
        self.level = [0] * size
        self.mortgaged = [False] * size
        self.bank_houses = rules.houses
        self.bank_hotels = rules.hotels
        self.decks = [in_order(len(d.cards)) for d in edition.decks]
        self.held = [[] for _ in range(n)]
        self.doubles = 0
        self.shortage_tried = []
        self.pot = 0


UTILITY_RENT_REROLL: Final = "utility-rent-reroll"


def utility_reroll_option(book: bool, utilities: str) -> Option:
    """Whether utility rent is the dice total times 4/10 of a fresh roll or of the roll that moved the
    player: each rulebook says which (the default), and tables often play it the other way."""
    reading = "a fresh roll of both dice" if book else "the roll that moved the player"
    return Option(
        UTILITY_RENT_REROLL,
        book,
        f"Rent on {utilities} is the dice total of a fresh roll (on) or of the moving roll (off), times "
        f"the multiplier. Default: this rulebook's reading ({reading}).",
    )


A_ROLL: Final = A.A_ROLL  # (Final: a C static in compiled code, not a module lookup)


class ClassicView(View):
    """The classic family's view: typed properties for what the compiled heuristic bot reads most,
    and every other public field of the state by name (``__getattr__``).

    Unlike other views it has no generated subclass (``GENERATE_FIELDS``): the compiled bot's reads
    are then direct calls rather than lookups through an interpreted class."""

    GENERATE_FIELDS = False

    def __getattr__(self, name: str) -> Any:
        return public_field(self._game.state, name)

    @property
    def level(self) -> list[int]:
        s: ClassicState = self._game.state
        return s.level

    @property
    def mortgaged(self) -> list[bool]:
        s: ClassicState = self._game.state
        return s.mortgaged

    @property
    def bank_houses(self) -> int:
        s: ClassicState = self._game.state
        return s.bank_houses

    # How many times the owners and the building levels have changed (``State.owner_changes``): what a bot
    # worked out from them holds while these and the lists themselves are the same.
    @property
    def owner_changes(self) -> int:
        s: ClassicState = self._game.state
        return s.owner_changes

    @property
    def level_changes(self) -> int:
        s: ClassicState = self._game.state
        return s.level_changes

    @property
    def bank_hotels(self) -> int:
        s: ClassicState = self._game.state
        return s.bank_hotels

    # Rule facts an interface needs (it must not work them out itself: the quicker game changes them).
    @property
    def houses_per_hotel(self) -> int:
        """Houses on each street of a set before its hotel."""
        game = cast("ClassicGame", self._game)
        return game.houses_per_hotel

    @property
    def hotel_level(self) -> int:
        """The building level of a hotel (``level[pos]`` counts houses up to ``houses_per_hotel``)."""
        game = cast("ClassicGame", self._game)
        return game.hotel_level


# ---------------------------------------------------------------------- turn steps
class TurnStart(TurnStep):
    """The start of a turn (or of a doubles re-roll): roll, or first leave jail."""

    kind = P.TURN
    answers = TURN_ANSWERS

    def legal(self, game: ClassicGame, player: int) -> list[Action]:
        out = [A_ROLL]
        s: ClassicState = game.state
        if s.in_jail[player]:
            if jail.check_pay_bail(game, player) is None:
                out.append(A.A_PAY_BAIL)
            if s.held[player]:
                out.append(A.A_USE_CARD)
        return out

    def check(self, game: ClassicGame, player: int, action: Action) -> str | None:
        kind = action.kind
        if kind == A.ROLL:  # (the common answer first: one string test)
            return None
        if kind == A.PAY_BAIL:
            return jail.check_pay_bail(game, player)
        if kind == A.USE_CARD:
            return jail.check_use_card(game, player)
        return None

    def apply(self, game: ClassicGame, player: int, action: Action) -> None:
        if action.kind == A.ROLL:
            game.roll(player)
            # When nothing waits after the move (no purchase, payment or card above its end), end it here, as
            # ``Game._advance`` would next, rather than through its look at the stack and the step's glue.
            # (After ``roll``, not in it: an edition's ``roll`` may put a step above the move's end.)
            s: State = game.base_state
            stack = s.stack
            if not s.over and stack:
                top = stack[-1]
                if type(top) is EndOfMove:
                    top.run(game)
        elif action.kind == A.PAY_BAIL:
            jail.pay_bail(game, player)
        else:
            jail.use_card(game, player)

    def describe(self, game: ClassicGame) -> dict[str, Any]:
        s: ClassicState = game.state
        return {"in_jail": s.in_jail[self.player], "jail_turns": s.jail_turns[self.player], "doubles": s.doubles}

    def without(self, game: ClassicGame, player: int) -> Step | None:
        return EndOfMove(player, False) if player == self.player else self


class EndOfMove(Step):
    """After a move is resolved: roll again after doubles, or pass the dice on."""

    FIELDS = ("player", "again")
    again: bool
    automatic = True

    def __init__(self, player: int, again: bool) -> None:
        self.player = player
        self.again = again

    def is_automatic(self) -> bool:
        return True

    def run(self, game: ClassicGame) -> None:
        s: ClassicState = game.state
        p = self.player
        if self.again and s.alive[p] and not s.in_jail[p]:
            game.replace_top(game.turn_start(p))
        else:
            game.next_turn(replace_top=True)


# What ``ClassicGame.land`` does on each type of space, as a number per board position (``land_kinds``).
LAND_NOTHING: Final = 0
LAND_PROPERTY: Final = 1  # a street, railroad or utility: buy it, or pay its rent
LAND_TAX: Final = 2
LAND_CARD: Final = 3
LAND_JAIL: Final = 4  # Go To Jail
LAND_PARKING: Final = 5  # Free Parking (its pot, under house rule free-parking-pot)
_LAND_KIND_OF: Final[dict[str, int]] = {
    STREET: LAND_PROPERTY,
    RAILROAD: LAND_PROPERTY,
    UTILITY: LAND_PROPERTY,
    TAX: LAND_TAX,
    CARD: LAND_CARD,
    GO_TO_JAIL: LAND_JAIL,
    FREE_PARKING: LAND_PARKING,
}


def land_kinds(edition: Edition) -> list[int]:
    """Each board space's ``LAND_*`` number (``LAND_NOTHING`` for the types ``land`` leaves alone), made
    once per edition and shared: read it, never change it."""
    entry = _LAND_KINDS.get(id(edition))
    if entry is None or entry[0] is not edition:
        entry = (edition, [_LAND_KIND_OF.get(sp.type, LAND_NOTHING) for sp in edition.board])
        _LAND_KINDS[id(edition)] = entry
    return entry[1]


# id of the edition -> (the edition, kept so that its id is never another's; its ``land_kinds``).
_LAND_KINDS: dict[int, tuple[Edition, list[int]]] = {}


# A turn's own steps, pushed turn after turn: they hold only the seat (and whether doubles roll again) and
# never change, so one object may stand on every game's stack (a compiled object made and freed at every
# turn cost more than the rest of passing the dice on, and made for every game, a tenth of a game's set-up).
# Made whole at import (not grown on demand: two threads could append a seat's step twice); a seat beyond them
# (``SHARED_SEATS``), which no edition has, gets a step of its own.
_TURN_STARTS: Final[list[TurnStart]] = [TurnStart(p) for p in range(SHARED_SEATS)]
_MOVE_ENDS: Final[list[EndOfMove]] = [  # seat p's at 2 * p (no re-roll) and 2 * p + 1 (doubles)
    EndOfMove(p, again) for p in range(SHARED_SEATS) for again in (False, True)
]


def holding_worth(sp: Space, level: int, mortgaged: bool, houses_per_hotel: int) -> int:
    """An owned property's part of its owner's net worth: its price (half, mortgaged) and its buildings at
    what they cost (a hotel: its price and the houses it replaced)."""
    worth = sp.price // 2 if mortgaged else sp.price
    if level > houses_per_hotel:
        worth += sp.hotel_cost + houses_per_hotel * sp.house_cost
    elif level:
        worth += level * sp.house_cost
    return worth


class Holdings:
    """Every seat's properties and buildings as ``ClassicGame.net_worths`` counts them (``holding_worth``
    summed by owner), with what each property adds and to whom, and copies of the owner, level and
    mortgaged lists they were worked out from: kept by the game between calls and brought up to date
    property by property (sums of whole numbers: the same totals in any order). The state's own owner and
    level lists are kept too, with their change counts then (``State.owner_changes``, ``level_changes``):
    while the list is the same and its count has not moved, it is not compared."""

    def __init__(self, game: ClassicGame) -> None:
        s: ClassicState = game.state
        self.seats = [0] * s.n
        self.owner = list(s.owner)
        self.level = list(s.level)
        self.mortgaged = list(s.mortgaged)
        size = len(game.edition.board)
        self.held_by = [BANK] * size  # per space: the seat its worth is added to (BANK: none)
        self.worth = [0] * size  # per space: what it adds
        self.owner_watch = ChangeWatch()
        self.level_watch = ChangeWatch()
        for pos in game.edition.properties:
            self.count(game, pos)

    def count(self, game: ClassicGame, pos: int) -> None:
        """Take property ``pos``'s part out of its last owner's sum and add it as it is now."""
        s: ClassicState = game.state
        seats = self.seats
        was = self.held_by[pos]
        if was >= 0:
            seats[was] -= self.worth[pos]
        o = s.owner[pos]
        worth = 0
        if o >= 0:
            worth = holding_worth(game.edition.board[pos], s.level[pos], s.mortgaged[pos], game.houses_per_hotel)
            seats[o] += worth
        self.held_by[pos] = o
        self.worth[pos] = worth

    def update(self, game: ClassicGame, seen: list[Any], now: list[Any]) -> None:
        """Count again the properties whose entry of ``now`` is not the one ``seen`` (this object's copy of
        that list, brought up to date); by identity: the entries are small ints and bools, and an equal
        entry that is another object is only counted again, to the same worth."""
        for pos in game.edition.properties:
            entry = now[pos]
            if entry is not seen[pos]:
                seen[pos] = entry
                self.count(game, pos)


# ---------------------------------------------------------------------- the game
@mypyc_attr(allow_interpreted_subclasses=True)  # the quicker game and the editions with rules of their own
class ClassicGame(Game):
    family = "classic"
    ACTION_KINDS = A.SHARED_KINDS.without(A.PLAY, A.CHOOSE, A.REROLL)
    state_class = ClassicState
    view_class = ClassicView
    PERMISSIONS = permissions.CLASSIC
    # Optional statistics hook (sim.runner): a list of board-size + 1 counters, or None (the default: off).
    landing_counts: list[int] | None = None
    # House rules, read from the options once (``read_options``); the rulebook's values otherwise.
    pot_refill: int = 0  # free-parking-pot=N: what the bank puts into the emptied pot
    go_bonus: bool = False
    salary: int = -1  # salary=N (-1: the rulebook's)
    jail_no_rent: bool = False
    uneven_building: bool = False
    no_mortgages: bool = False
    claim_rent: bool = False  # rent-must-be-claimed
    OPTIONS: ClassVar[dict[str, Option]] = {
        RENT_MUST_BE_CLAIMED: claim_rent_option(),
        MAX_ROUNDS: max_rounds_option("the richest player by net worth", "play to the last player standing"),
    }

    # ------------------------------------------------------------ edition hooks
    @classmethod
    def available_options(cls, edition: Edition) -> dict[str, Option]:
        options = dict(ClassicGame.OPTIONS)
        rules: ClassicRules = edition.rules
        options[UTILITY_RENT_REROLL] = utility_reroll_option(rules.utility_rent_reroll, edition.term("utilities", 2))
        options.update(classic_house_rules(edition))
        return options

    @classmethod
    def refused_options(cls, edition: Edition) -> dict[str, str]:
        return {DOUBLE_RENT_FULL_SET: already_doubles(edition)}

    @classmethod
    def house_rule_presets(cls, edition: Edition) -> dict[str, dict[str, Any]]:
        return classic_presets(edition)

    def option_conflict(self) -> str | None:
        return classic_conflict(self.options, self.edition)

    def read_options(self) -> None:
        options = self.options
        self.shuffle_seats = bool(options.get(SHUFFLE_SEATS))
        pot = options.get(FREE_PARKING_POT)
        self.pot_fees = pot is not None
        self.pot_refill = pot or 0
        self.go_bonus = bool(options.get(GO_BONUS))
        salary = options.get(SALARY)
        self.salary = -1 if salary is None else salary
        self.jail_no_rent = bool(options.get(JAIL_NO_RENT))
        self.no_auctions = bool(options.get(NO_AUCTIONS))
        self.uneven_building = bool(options.get(UNEVEN_BUILDING))
        self.no_mortgages = bool(options.get(NO_MORTGAGES))
        self.claim_rent = bool(options.get(RENT_MUST_BE_CLAIMED))

    @classmethod
    def compile_rules(cls, edition: Edition) -> Rules:
        return compile_classic(edition)

    @classmethod
    def edition_model(cls) -> Any:
        from .schema import ClassicEdition

        return ClassicEdition

    @classmethod
    def rent_levels(cls, edition: Edition) -> list[tuple[int, str, int, int]]:
        rules: ClassicRules = edition.rules
        houses = rules.max_houses
        out: list[tuple[int, str, int, int]] = []
        for s in edition.board:
            if s.type == STREET:
                out.append((s.position, "unimproved", s.rent[0], s.price))
                out.append((s.position, "full set", s.rent[0] * 2, s.price))
                for h in range(1, houses + 1):
                    out.append((s.position, f"{h} {edition.term('house', h)}", s.rent[h], s.price + h * s.house_cost))
                out.append(
                    (s.position, edition.term("hotel"), s.rent[5], s.price + houses * s.house_cost + s.hotel_cost)
                )
            elif s.type == RAILROAD:
                for k, r in enumerate(rules.railroad_rent[: len(edition.railroads)], 1):
                    out.append((s.position, f"{k} owned", r, s.price))
            elif s.type == UTILITY:  # (the expected dice total, 7, times the multiplier)
                for k, m in enumerate(rules.utility_multipliers[: len(edition.utilities)], 1):
                    out.append((s.position, f"{k} owned", 7 * m, s.price))
        return out

    @property
    def houses_per_hotel(self) -> int:
        rules: ClassicRules = self.edition.rules  # (typed: read as a C field, not looked up by name)
        return rules.max_houses

    @property
    def hotel_level(self) -> int:
        return self.houses_per_hotel + 1

    @property
    def jail_attempts(self) -> int:
        return 3

    @property
    def bankruptcy_interest_always(self) -> bool:
        return False

    def go_salary(self, player: int) -> int:
        salary = self.salary
        if salary < 0:
            rules: ClassicRules = self.edition.rules
            salary = rules.go_salary
        if self.go_bonus:
            s: ClassicState = self.state
            if s.position[player] == 0:  # (house rule go-bonus: the move ends on GO itself)
                return 2 * salary
        return salary

    def cannot_pay(self, payer: int, payee: int, amount: int, reason: str, pos: int) -> None:
        """A payment due now exceeds the payer's cash (families settle this their own way)."""
        start_debt(self, payer, payee, amount, reason, pos)

    def max_bid(self, player: int, lot: int) -> int:
        # Less what the player's open cash-only bids hold (an auction opened while another waits).
        cash = permissions.spendable(self, player)
        rules: ClassicRules = self.edition.rules
        if lot < 0 or rules.bid_limited_to_cash:
            return cash
        # A winning bidder may raise the rest by selling buildings and mortgaging.
        return cash + raisable(self, player)

    def bid_covered(self, player: int, lot: int, amount: int) -> bool:
        # (a bid within the cash in hand needs no count of what the bidder's buildings and mortgages raise)
        return amount <= permissions.spendable(self, player) or amount <= self.max_bid(player, lot)

    def award_auctioned(self, winner: int, pos: int, price: int) -> None:
        if pos < 0:  # one of the bank's last buildings, in a shortage
            buildings.award_building(self, winner, pos == HOTEL_LOT, price)
            return
        s: ClassicState = self.state
        s.owner[pos] = winner
        s.owner_changes += 1
        pay(self, winner, BANK, price, "auction", pos)

    # ------------------------------------------------------------ set-up
    def new_state(self, names: list[str]) -> ClassicState:
        state = ClassicState(names, self.edition)
        state.pot = self.pot_refill
        return state

    def fee_to_pot(self, amount: int, reason: str) -> None:
        """House rule free-parking-pot: a payment to the bank of one of the ``POT_REASONS`` waits in the pot
        (the bank's money, set aside: ``bank_net`` is untouched until the pot is taken)."""
        if reason in POT_REASONS:
            s: ClassicState = self.state
            s.pot += amount

    def take_pot(self, player: int, pos: int) -> None:
        """House rule free-parking-pot: ``player`` has landed on Free Parking and takes the pot."""
        s: ClassicState = self.state
        amount = s.pot
        s.pot = self.pot_refill
        if amount:
            transfer(self, BANK, player, amount)
            if self._events is not None:
                self._events.append(Event(E.PAID, BANK, pos, amount, player, "free-parking"))

    # ------------------------------------------------------------ seats and turns
    def next_turn(self, replace_top: bool = False) -> None:
        s: ClassicState = self.state
        s.doubles = 0
        if s.shortage_tried:  # (mostly empty: clearing an empty list is still a call)
            s.shortage_tried.clear()
        self.pass_turn(replace_top)

    def turn_step(self, player: int) -> Step:
        return self.turn_start(player)

    # A turn's own steps, made once and shared by every game (``_TURN_STARTS``, ``_MOVE_ENDS``).
    def turn_start(self, player: int) -> TurnStart:
        return _TURN_STARTS[player] if player < SHARED_SEATS else TurnStart(player)

    def end_of_move(self, player: int, again: bool) -> EndOfMove:
        if player >= SHARED_SEATS:
            return EndOfMove(player, again)
        return _MOVE_ENDS[2 * player + 1 if again else 2 * player]

    def after_bankruptcy(self, player: int, handover: list[Step]) -> None:
        """A player has left the game and others play on; ``handover``: the steps settling their
        estate (lift-or-keep decisions, the bank's auctions). Variants may end the game here."""

    # ------------------------------------------------------------ rolling and moving
    def roll(self, player: int) -> None:
        s: ClassicState = self.state
        dice = self.chance.two_dice()
        s.dice = dice
        d1 = dice[0]
        d2 = dice[1]
        total = d1 + d2
        doubles = d1 == d2
        if self._events is not None:
            self._events.append(
                Event(E.DICE, player, amount=total, other=d1 * 10 + d2, info="jail" if s.in_jail[player] else "move")
            )
        if s.in_jail[player]:
            rules: ClassicRules = self.edition.rules
            jail.roll_in_jail(
                self, player, doubles, total, self.jail_attempts, rules.jail_fine, self.end_of_move(player, False)
            )
        elif jail.third_doubles(self, player, doubles):
            self.replace_top(self.end_of_move(player, False))
        else:
            self.replace_top(self.end_of_move(player, doubles))
            self.move_by(player, total)

    def move_by(self, player: int, steps: int) -> None:
        movement.move_by(self, player, steps)

    def advance_to(self, player: int, target: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        movement.advance_to(self, player, target, rent_multiplier, dice_multiplier)

    # The board's ``land_kinds`` (None until the first landing of this game).
    _land_kinds: list[int] | None = None

    def land(self, player: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        s: ClassicState = self.state
        pos = s.position[player]
        kinds = self._land_kinds
        if kinds is None:
            kinds = self._land_kinds = land_kinds(self.edition)
        kind = kinds[pos]  # (a number, not the space's type: compiled, each string test is a call)
        counts = self.landing_counts
        if counts is not None:  # simulation statistics: moves ending per space, last slot = sent to jail
            counts[-1 if kind == LAND_JAIL else pos] += 1
            if kind == LAND_CARD:
                jailed = counts[-1]
                cards.draw(self, player, self.edition.board[pos].deck)
                if s.in_jail[player] and counts[-1] == jailed:  # this card (not a later move) sent them
                    counts[pos] -= 1
                    counts[-1] += 1
                return
        if kind == LAND_PROPERTY:
            owner = s.owner[pos]
            if owner == BANK:
                self.push(BuyOrAuction(player, pos))
            elif owner != player and not s.mortgaged[pos] and not (self.jail_no_rent and s.in_jail[owner]):
                self.charge_rent(player, owner, pos, self.rent(pos, rent_multiplier, dice_multiplier))
        elif kind == LAND_TAX:
            pay(self, player, BANK, self.edition.board[pos].amount, "tax", pos)
        elif kind == LAND_CARD:
            cards.draw(self, player, self.edition.board[pos].deck)
        elif kind == LAND_JAIL:
            jail.send_to_jail(self, player, "space")
        elif kind == LAND_PARKING and self.pot_fees:
            self.take_pot(player, pos)

    # ------------------------------------------------------------ rent
    def rent(self, pos: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> int:
        """The rent due on an owned, unmortgaged property (may roll dice for utilities)."""
        return rent_due(self, pos, rent_multiplier, dice_multiplier)

    def current_rent(self, pos: int, roll: int = 7) -> int:
        s: ClassicState = self.state
        if pos not in self.edition.properties or s.owner[pos] == BANK or s.mortgaged[pos]:
            return 0
        return rent_for_roll(self, pos, roll)

    def charge_rent(self, payer: int, owner: int, pos: int, amount: int) -> None:
        if self.claim_rent:
            self.push(ClaimRent(owner, payer, pos, amount))
        else:
            pay(self, payer, owner, amount, "rent", pos)

    # ------------------------------------------------------------ any-time actions
    def check_anytime(self, player: int, action: Action) -> str | None:
        kind = action.kind
        if kind == A.BUILD:  # (the any-time action checked most, by bots before they build: asked directly)
            return buildings.check_build(self, player, action.arg)
        if kind == A.TRADE:
            return trade.check_proposal(self, player, action)
        return self.check_property_action(player, kind, action.arg)

    def check_property_action(self, player: int, kind: str, pos: int, explain: bool = True) -> str | None:
        """``check_anytime`` of the numbered any-time kinds (build, sell, sell-all, mortgage, unmortgage
        on ``pos``); ``explain=False`` (``legal_anytime``): ``REFUSED`` without the words of the reason."""
        if kind == A.BUILD:
            return buildings.check_build(self, player, pos, explain=explain)
        if kind == A.SELL:
            return buildings.check_sell(self, player, pos, explain=explain)
        if kind == A.SELL_ALL:
            return buildings.check_sell_all(self, player, pos, explain=explain)
        if kind == A.MORTGAGE:
            return mortgage.check_mortgage(self, player, pos, explain=explain)
        if kind == A.UNMORTGAGE:
            return mortgage.check_unmortgage(self, player, pos, explain=explain)
        return f"unknown action '{kind}'"

    def apply_anytime(self, player: int, action: Action) -> None:
        kind = action.kind
        # (the kinds tested most played first: compiled, each test is a call comparing strings)
        if kind == A.BUILD:
            buildings.build(self, player, action.arg)
        elif kind == A.SELL:
            buildings.sell(self, player, action.arg)
        elif kind == A.MORTGAGE:
            mortgage.mortgage(self, player, action.arg)
        elif kind == A.TRADE:
            trade.propose_from(self, player, action)
        elif kind == A.SELL_ALL:
            buildings.sell_all(self, player, action.arg)
        else:
            mortgage.unmortgage(self, player, action.arg)

    def legal_anytime(self, player: int) -> list[Action]:
        """Every legal build, sell, sell-all, mortgage and unmortgage of ``player``, property by property in
        board order, each in that order. Cheap filters first; the checks of ``check_property_action``
        (without the words of their reasons) have the last word on every action listed, and the actions
        are the shared ones (``numbered_action``): this runs at every decision of a learning agent."""
        s: ClassicState = self.state
        ed = self.edition
        owner = s.owner
        level = s.level
        mortgaged = s.mortgaged
        group_of = ed.group_of
        members = ed.group_members
        hotel_level = self.hotel_level
        cash = s.cash[player]
        seen_group = -1  # the set ``built`` (a building on one of its members) and ``full`` (all the player's) are of
        built = False
        full = False
        out: list[Action] = []
        for pos in ed.properties:
            if owner[pos] != player:
                continue
            # (each check called directly, not through ``check_property_action``'s dispatch on the kind)
            if mortgaged[pos]:
                # (``check_unmortgage`` with what is known here: a property of the player's, mortgaged)
                if cash >= mortgage.lift_cost(self, pos):
                    out.append(numbered_action(A.UNMORTGAGE, pos))
            elif mortgage.check_mortgage(self, player, pos, explain=False) is None:
                out.append(numbered_action(A.MORTGAGE, pos))
            group = group_of[pos]
            if group < 0:
                continue
            here = level[pos]
            if here and buildings.check_sell(self, player, pos, explain=False) is None:
                out.append(numbered_action(A.SELL, pos))
            if group != seen_group:
                # (facts of the whole set, worked out again only when the set is not the last property's:
                # a set's members mostly come one after the other)
                seen_group = group
                built = False
                for q in members[group]:
                    if level[q]:
                        built = True
                        break
                full = buildings.owns_set(self, player, pos)
            if built and buildings.check_sell_all(self, player, pos, explain=False) is None:
                out.append(numbered_action(A.SELL_ALL, pos))
            if here < hotel_level and full and buildings.check_build(self, player, pos, explain=False) is None:
                out.append(numbered_action(A.BUILD, pos))
        return out

    def refusal(self, player: int, action: Action) -> str | None:
        return permissions.refusal(self, player, action)

    def trade_partners(self, player: int) -> tuple[int, ...]:
        return trade.partners(self, player)

    def trade_hold(self, pos: int) -> str | None:
        ed = self.edition
        space = ed.board[pos]
        s: ClassicState = self.state
        # (a received property waits for its lift or interest only while it is mortgaged)
        if s.mortgaged[pos] and mortgage.transfer_pending(self, pos):
            return f"{s.names[s.owner[pos]]} must first lift the mortgage on {space.name} or pay the interest"
        if space.type == STREET:
            level = s.level
            for q in ed.group_members[ed.group_of[pos]]:
                if level[q]:
                    return f"sell the {ed.term('houses', 2)} of {space.name}'s colour set to the bank before trading it"
        return None

    def properties_traded(self, moved: list[tuple[int, int, int]]) -> None:
        s: ClassicState = self.state
        mortgaged = s.mortgaged
        for taker, pos, giver in reversed(moved):  # (pushed last first: answered in the offer's order)
            if mortgaged[pos]:
                self.push(mortgage.MortgagedTransfer(taker, pos, giver, False))

    # ------------------------------------------------------------ valuations and views
    def buildings_of(self, player: int) -> tuple[int, int]:
        """(houses, hotels) owned by ``player``."""
        s: ClassicState = self.state
        houses = hotels = 0
        for pos in self.edition.properties:
            if s.owner[pos] == player and s.level[pos]:
                if s.level[pos] == self.hotel_level:
                    hotels += 1
                else:
                    houses += s.level[pos]
        return houses, hotels

    def net_worth(self, player: int) -> int:
        """Cash, properties at price (mortgaged at half), buildings at what they cost."""
        s: ClassicState = self.state
        worth = [0] * s.n
        worth[player] = s.cash[player]
        self._add_holdings(worth, player)
        return worth[player]

    # ``net_worths``' board part, kept between calls (None until first asked): see ``Holdings``.
    _holdings: Holdings | None = None

    def net_worths(self) -> list[int]:
        # (an observation shows every seat's net worth at each step, and a step changes a space or two at
        # most: the board's part is kept, and only the properties whose entries changed are added again)
        s: ClassicState = self.state
        n = s.n
        kept = self._holdings
        if kept is None or len(kept.seats) != n:
            kept = self._holdings = Holdings(self)
        else:
            # (each list compared whole first, in C, the owners and levels only when their counts moved;
            # then entry by entry only in a list that differs)
            owner = s.owner
            if kept.owner_watch.moved(owner, s.owner_changes) and kept.owner != owner:
                kept.update(self, kept.owner, owner)
            level = s.level
            if kept.level_watch.moved(level, s.level_changes) and kept.level != level:
                kept.update(self, kept.level, level)
            if kept.mortgaged != s.mortgaged:
                kept.update(self, kept.mortgaged, s.mortgaged)
        cash = s.cash
        seats = kept.seats
        return [cash[p] + seats[p] for p in range(n)]

    def _add_holdings(self, worth: list[int], only: int) -> None:
        """Add each owned property's worth (``holding_worth``) to its owner's entry of ``worth``: every
        owner's, or only seat ``only``'s."""
        s: ClassicState = self.state
        owner = s.owner
        level = s.level
        mortgaged = s.mortgaged
        board = self.edition.board
        houses = self.houses_per_hotel
        for pos in self.edition.properties:
            o = owner[pos]
            if o >= 0 and (only < 0 or o == only):
                worth[o] = worth[o] + holding_worth(board[pos], level[pos], mortgaged[pos], houses)

    def words(self) -> EventWords:
        return EventWords(self.edition, self.state.names, self.houses_per_hotel)

    def player_fields(self, seat: int, viewer: int | None) -> dict[str, Any]:
        row = super().player_fields(seat, viewer)
        s: ClassicState = self.state
        row["jail_cards"] = [ref >> 8 for ref in s.held[seat]]
        return row

    def table_fields(self, viewer: int | None) -> dict[str, Any]:
        s: ClassicState = self.state
        fields: dict[str, Any] = {
            "owner": list(s.owner),
            "level": list(s.level),
            "mortgaged": list(s.mortgaged),
            "bank_houses": s.bank_houses,
            "bank_hotels": s.bank_hotels,
            "houses_per_hotel": self.houses_per_hotel,
            "hotel_level": self.hotel_level,
            "deck_sizes": [len(d) for d in s.decks],
            "doubles": s.doubles,
        }
        if self.pot_fees:  # (house rule free-parking-pot; absent otherwise, so the book's views stay as they were)
            fields["pot"] = s.pot
        return fields


register(ClassicGame)
