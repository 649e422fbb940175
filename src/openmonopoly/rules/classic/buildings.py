"""Houses and hotels (Fleets and Bases, settlements and cities, ...).

Build only on a whole colour set you own with no street of it mortgaged, evenly,
up to ``houses_per_hotel`` houses and then one hotel, from the bank's finite
supply. Sell back at half price, evenly; a hotel sold returns the houses it
replaced if the bank has them (otherwise sell the set's buildings together).
When several players want the bank's last buildings, they are auctioned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...editions.schema import STREET
from ...engine import actions as A
from ...engine import events as E
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from ..auction import HOTEL_LOT, HOUSE_LOT, start_auction
from ..money import BANK, transfer
from ..permissions import may_build, spendable

if TYPE_CHECKING:
    from .game import ClassicGame, ClassicState

HOUSE: Final = "house"
HOTEL: Final = "hotel"

# Actions as Final module constants: compiled code reads them as C statics (the kind strings are
# Final literals in engine/actions.py and engine/events.py, which the compiler inlines).
A_WANT: Final = A.A_WANT
A_PASS: Final = A.A_PASS
REFUSED: Final = A.REFUSED


def refund_value(game: ClassicGame, pos: int) -> int:
    """What selling every building on ``pos`` back to the bank pays."""
    sp = game.edition.board[pos]
    s: ClassicState = game.state
    level = s.level[pos]
    per_house = sp.house_cost // 2
    if level == game.hotel_level:
        return sp.hotel_cost // 2 + game.houses_per_hotel * per_house
    return level * per_house


def clear_buildings(game: ClassicGame, pos: int) -> int:
    """Return every building on ``pos`` to the bank; give back the refund (not yet paid)."""
    s: ClassicState = game.state
    refund = refund_value(game, pos)
    level = s.level[pos]
    if level == game.hotel_level:
        s.bank_hotels += 1
    else:
        s.bank_houses += level
    s.level[pos] = 0
    s.level_changes += 1
    return refund


def owns_set(game: ClassicGame, player: int, pos: int) -> bool:
    s: ClassicState = game.state
    owner = s.owner
    for q in game.edition.group_members[game.edition.group_of[pos]]:
        if owner[q] != player:
            return False
    return True


def check_build(game: ClassicGame, player: int, pos: int, *, paid: bool = False, explain: bool = True) -> str | None:
    """Why ``player`` cannot put the next building on ``pos`` now (``paid``: already paid for;
    ``explain=False``: ``REFUSED`` without the words)."""
    ed = game.edition
    s: ClassicState = game.state
    board = ed.board
    sp = board[pos] if 0 <= pos < len(board) else None  # (the space read once)
    if sp is None or sp.type != STREET:
        return f"only {ed.term('streets', 2)} can be built on" if explain else REFUSED
    owner = s.owner
    if owner[pos] != player:
        return f"you do not own {sp.name}" if explain else REFUSED
    # The set's facts in one pass (the reasons below keep their order: the whole set, a mortgage on it,
    # a hotel already, building evenly).
    mortgaged = s.mortgaged
    levels = s.level
    level = levels[pos]
    lowest = level
    pledged = False
    for q in ed.group_members[sp.group_index]:
        if owner[q] != player:
            return f"you need the whole colour set to build on {sp.name}" if explain else REFUSED
        if mortgaged[q]:
            pledged = True
        here = levels[q]
        if here < lowest:
            lowest = here
    if pledged:
        return f"a {ed.term('street')} of this colour set is mortgaged" if explain else REFUSED
    houses_per_hotel = game.houses_per_hotel  # (a property read once: ``hotel_level`` is one more)
    if level == houses_per_hotel + 1:
        return f"{sp.name} already has a {ed.term('hotel')}" if explain else REFUSED
    if lowest < level and not game.uneven_building:  # (``level`` is above the set's lowest)
        if not explain:
            return REFUSED
        return f"build evenly: first build on the other {ed.term('streets', 2)} of the set"
    hotel = level == houses_per_hotel
    if hotel and s.bank_hotels == 0:
        return f"the bank has no {ed.term('hotels', 2)} left" if explain else REFUSED
    if not hotel and s.bank_houses == 0:
        return f"the bank has no {ed.term('houses', 2)} left" if explain else REFUSED
    if not paid and free_supply(game, hotel) <= 0:
        if not explain:
            return REFUSED
        return f"the bank's last {ed.term('hotels' if hotel else 'houses', 2)} are won at auction and wait to be placed"
    if not paid:
        cost = sp.hotel_cost if hotel else sp.house_cost
        if s.cash[player] < cost:
            return f"it costs {ed.money(cost)} and you have {ed.money(s.cash[player])}" if explain else REFUSED
        # The once-a-turn limit stops a second shortage auction only: once the bank has enough
        # again, an ordinary build goes ahead whatever auction was called before.
        if s.shortage_tried and [player, int(hotel)] in s.shortage_tried and shortage_rivals(game, player, hotel):
            if not explain:
                return REFUSED
            return (
                f"you already called a {ed.term('hotel' if hotel else 'house')} auction this turn; "
                "try again on a later turn"
            )
    return None


def free_supply(game: ClassicGame, hotel: bool) -> int:
    """The bank's buildings of that kind that nobody has won yet: one won at a shortage auction stays the
    winner's until it is placed, so no one else may build it meanwhile."""
    s: ClassicState = game.state
    supply = s.bank_hotels if hotel else s.bank_houses
    if supply > s.n:  # (at most one placement per player can be pending)
        return supply
    for step in s.stack:
        if type(step) is PlaceBuilding and step.hotel == hotel:
            supply -= 1
    return supply


def building_spots(game: ClassicGame, player: int, hotel: bool, *, paid: bool) -> list[int]:
    """Streets where ``player`` could place the next building of that kind."""
    s: ClassicState = game.state
    owner = s.owner
    level = s.level
    houses_per_hotel = game.houses_per_hotel
    out: list[int] = []
    for pos in game.edition.properties:
        if (
            owner[pos] == player
            and (level[pos] == houses_per_hotel) == hotel
            and check_build(game, player, pos, paid=paid, explain=False) is None  # (the words go unread)
        ):
            out.append(pos)
    return out


def placeable(game: ClassicGame, player: int, hotel: bool) -> list[int]:
    """Where ``player`` may put a building of that kind already paid for (won at a shortage auction):
    nowhere while the player may not build (``permissions.may_build``: a debt waits)."""
    return building_spots(game, player, hotel, paid=True) if may_build(game, player) else []


def place_building(game: ClassicGame, player: int, pos: int, cost: int) -> None:
    s: ClassicState = game.state
    houses_per_hotel = game.houses_per_hotel
    if s.level[pos] == houses_per_hotel:
        s.bank_hotels -= 1
        s.bank_houses += houses_per_hotel
    else:
        s.bank_houses -= 1
    s.level[pos] = s.level[pos] + 1  # (``xs[i] += 1`` compiles to a generic Python addition)
    s.level_changes += 1
    if cost:
        transfer(game, player, BANK, cost)
    if game._events is not None:
        game._events.append(Event(E.BUILT, player, pos, cost, s.level[pos]))


def build(game: ClassicGame, player: int, pos: int) -> None:
    """A legal build request: build now, or open a shortage auction if others want the last ones."""
    s: ClassicState = game.state
    sp = game.edition.board[pos]
    hotel = s.level[pos] == game.houses_per_hotel
    rivals = shortage_rivals(game, player, hotel)
    if rivals:
        supply = s.bank_hotels if hotel else s.bank_houses
        if game._events is not None:
            game._events.append(Event(E.SHORTAGE, player, pos, supply, info=HOTEL if hotel else HOUSE))
        game.push(BuildingShortage(player, pos, hotel, rivals, ()))
        return
    place_building(game, player, pos, sp.hotel_cost if hotel else sp.house_cost)


def shortage_rivals(game: ClassicGame, player: int, hotel: bool) -> tuple[int, ...]:
    """Other players who could build the same kind now, when the bank has no more than one each."""
    s: ClassicState = game.state
    supply = free_supply(game, hotel)
    if supply > s.n:
        return ()
    opening: int = game.edition.rules.building_auction_opening_bid
    rivals = tuple(
        [q for q in game.seats_from(player)[:-1] if spendable(game, q) >= opening and placeable(game, q, hotel)]
    )
    return rivals if rivals and supply <= len(rivals) else ()


def award_building(game: ClassicGame, winner: int, hotel: bool, price: int) -> None:
    """The winner of a shortage auction pays and places the building (where, if they may choose)."""
    transfer(game, winner, BANK, price)
    if game._events is not None:
        game._events.append(Event(E.PAID, winner, -1, price, BANK, "building-auction"))
    spots = placeable(game, winner, hotel)
    if not spots:
        refund_building(game, winner, price)
    elif len(spots) == 1:
        place_building(game, winner, spots[0], 0)
    else:
        game.push(PlaceBuilding(winner, hotel, price))


def refund_building(game: ClassicGame, winner: int, price: int) -> None:
    """Nowhere left to put a building won at auction: it stays with the bank, which refunds the bid."""
    transfer(game, BANK, winner, price)
    if game._events is not None:
        game._events.append(Event(E.PAID, -1, -1, price, winner, "refund"))


BUILDING_SHORTAGE: Final = "building-shortage"  # the prompt kind of the step below


class BuildingShortage(Step):
    """Asks each rival in turn whether they want one of the bank's last buildings too."""

    FIELDS = ("requester", "pos", "hotel", "asked", "claimants")
    requester: int
    pos: int
    hotel: bool
    asked: tuple[int, ...]
    claimants: tuple[int, ...]
    kind = BUILDING_SHORTAGE
    answers = frozenset({A.WANT, A.PASS})

    def __init__(
        self, requester: int, pos: int, hotel: bool, asked: tuple[int, ...], claimants: tuple[int, ...]
    ) -> None:
        # (the generic Step.__init__ sets the FIELDS by name, which compiled code does slowly)
        self.requester = requester
        self.pos = pos
        self.hotel = hotel
        self.asked = asked
        self.claimants = claimants

    @property
    def decider(self) -> int:
        return self.asked[0] if self.asked else -1

    @property
    def automatic(self) -> bool:  # type: ignore[override]
        return not self.asked  # everyone has answered

    def legal(self, game: ClassicGame, player: int) -> list[Action]:
        return [A_WANT, A_PASS]

    def apply(self, game: ClassicGame, player: int, action: Action) -> None:
        if action.kind == A.WANT:
            self.claimants = self.claimants + (player,)
            if game._events is not None:
                game._events.append(Event(E.WANTS, player, self.pos, info=HOTEL if self.hotel else HOUSE))
        self.asked = self.asked[1:]

    def without(self, game: ClassicGame, player: int) -> Step | None:
        if player == self.requester:
            return None
        new = self.copy()
        new.asked = tuple([q for q in self.asked if q != player])
        new.claimants = tuple([q for q in self.claimants if q != player])
        return new

    def run(self, game: ClassicGame) -> None:
        s: ClassicState = game.state
        game.pop()
        if self.claimants:
            s.shortage_tried.append([self.requester, int(self.hotel)])
            opening: int = game.edition.rules.building_auction_opening_bid
            start_auction(game, HOTEL_LOT if self.hotel else HOUSE_LOT, (self.requester,) + self.claimants, opening)
        elif check_build(game, self.requester, self.pos) is None:
            sp = game.edition.board[self.pos]
            place_building(game, self.requester, self.pos, sp.hotel_cost if self.hotel else sp.house_cost)

    def describe(self, game: ClassicGame) -> dict[str, Any]:
        s: ClassicState = game.state
        return {
            "requester": self.requester,
            "pos": self.pos,
            "building": HOTEL if self.hotel else HOUSE,
            "supply": s.bank_hotels if self.hotel else s.bank_houses,
        }


PLACE_BUILDING: Final = "place-building"  # the prompt kind of the step below


class PlaceBuilding(Step):
    """The winner of a building auction chooses where it goes.

    The building is theirs meanwhile (``free_supply``: nobody else can build it). Should the winner
    themselves leave it nowhere to go (mortgaging or trading away part of the set, selling unevenly),
    the only answer is ``pass``: the bank keeps it and refunds ``price``, the bid paid."""

    FIELDS = ("player", "hotel", "price")
    hotel: bool
    price: int
    kind = PLACE_BUILDING
    answers = frozenset({A.PLACE, A.PASS})

    def __init__(self, player: int, hotel: bool, price: int) -> None:
        self.player = player
        self.hotel = hotel
        self.price = price

    def legal(self, game: ClassicGame, player: int) -> list[Action]:
        spots = placeable(game, player, self.hotel)
        return [Action(A.PLACE, pos) for pos in spots] if spots else [A_PASS]

    def check(self, game: ClassicGame, player: int, action: Action) -> str | None:
        spots = placeable(game, player, self.hotel)
        if action.kind == A.PASS:
            return "place it: 'pass' is only for a building with nowhere left to go" if spots else None
        if action.arg not in spots:
            return "you cannot place it there" if spots else "it has nowhere left to go: 'pass' for the refund"
        return None

    def apply(self, game: ClassicGame, player: int, action: Action) -> None:
        game.pop()
        if action.kind == A.PASS:
            refund_building(game, player, self.price)
        else:
            place_building(game, player, action.arg, 0)

    def describe(self, game: ClassicGame) -> dict[str, Any]:
        return {"building": HOTEL if self.hotel else HOUSE}


def check_sell(game: ClassicGame, player: int, pos: int, *, explain: bool = True) -> str | None:
    """Why ``player`` may not sell a building of ``pos`` now (``explain=False``: ``REFUSED`` without the words)."""
    ed = game.edition
    s: ClassicState = game.state
    board = ed.board
    if not 0 <= pos < len(board) or board[pos].type != STREET or s.owner[pos] != player:
        return f"you own no {ed.term('street')} at {pos}" if explain else REFUSED
    levels = s.level
    level = levels[pos]
    if level == 0:
        return f"there is nothing built on {board[pos].name}" if explain else REFUSED
    for q in ed.group_members[ed.group_of[pos]]:
        if levels[q] > level and not game.uneven_building:  # (``level`` is below the set's highest)
            if not explain:
                return REFUSED
            return f"sell evenly: first sell from the other {ed.term('streets', 2)} of the set"
    if level == game.hotel_level and s.bank_houses < game.houses_per_hotel:
        if not explain:
            return REFUSED
        return (
            f"the bank has only {s.bank_houses} {ed.term('houses', 2)}, not the {game.houses_per_hotel} a "
            f"{ed.term('hotel')} breaks into; use sell-all {pos} to sell the whole set's buildings"
        )
    return None


def sell(game: ClassicGame, player: int, pos: int) -> None:
    s: ClassicState = game.state
    sp = game.edition.board[pos]
    level = s.level[pos]
    if level == game.hotel_level:
        s.bank_hotels += 1
        s.bank_houses -= game.houses_per_hotel
        refund = sp.hotel_cost // 2
    else:
        s.bank_houses += 1
        refund = sp.house_cost // 2
    s.level[pos] = level - 1
    s.level_changes += 1
    transfer(game, BANK, player, refund)
    if game._events is not None:
        game._events.append(Event(E.SOLD_BUILDING, player, pos, refund, level - 1))


def check_sell_all(game: ClassicGame, player: int, pos: int, *, explain: bool = True) -> str | None:
    """Why ``player`` may not sell every building of ``pos``'s set now (``explain=False``: ``REFUSED``
    without the words)."""
    ed = game.edition
    s: ClassicState = game.state
    board = ed.board
    if not 0 <= pos < len(board) or board[pos].type != STREET or s.owner[pos] != player:
        return f"you own no {ed.term('street')} at {pos}" if explain else REFUSED
    levels = s.level
    for q in ed.group_members[ed.group_of[pos]]:
        if levels[q]:
            return None
    return "there are no buildings in this colour set"


def sell_all(game: ClassicGame, player: int, pos: int) -> None:
    s: ClassicState = game.state
    ed = game.edition
    for q in ed.group_members[ed.group_of[pos]]:
        if s.level[q]:
            refund = clear_buildings(game, q)
            transfer(game, BANK, player, refund)
            if game._events is not None:
                game._events.append(Event(E.SOLD_BUILDING, player, q, refund, 0))
