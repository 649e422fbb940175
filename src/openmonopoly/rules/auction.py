"""Auctions: open to every player still in the game, including whoever declined.

Bidders are asked in turn; each either raises the bid (at least the opening bid,
then by the edition's increment) or passes and drops out. The last bidder left
buys at their bid; when everyone passes without a bid, the lot stays with the
bank. A lot is a property (its position) or one of the bank's last buildings
(``HOUSE_LOT``/``HOTEL_LOT``) in a building shortage; the family hands it over
(``Game.award_auctioned``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..editions.schema import Rules
from ..engine import actions as A
from ..engine import events as E
from ..engine import prompt as P
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.state import State

if TYPE_CHECKING:
    from ..engine.game import Game

HOUSE_LOT: Final = -1
HOTEL_LOT: Final = -2

# Actions as Final module constants: compiled code reads them as C statics (the kind strings are
# Final literals in engine/actions.py and engine/events.py, which the compiler inlines).
A_PASS: Final = A.A_PASS


def lot_name(lot: int) -> str:
    if lot == HOUSE_LOT:
        return "house"
    if lot == HOTEL_LOT:
        return "hotel"
    return "property"


def start_auction(game: Game, lot: int, bidders: tuple[int, ...], opening: int | None = None) -> None:
    s: State = game.base_state
    alive = s.alive
    for p in bidders:
        if not alive[p]:  # (the tuple given is kept when all are in, as they mostly are: no list, no copy)
            bidders = tuple([q for q in bidders if alive[q]])
            break
    if opening is None:
        rules: Rules = game.edition.rules  # (typed: a C field, not a lookup by name)
        opening = rules.auction_opening_bid
    # The increment is read from the edition when bids are checked; families without one use the opening.
    game.push(Auction(lot, bidders, 0, 0, -1, opening))
    if game._events is not None:
        game._events.append(Event(E.AUCTION_START, -1, lot, opening, info=lot_name(lot)))


AUCTION_ANSWERS: Final = frozenset({A.BID, A.PASS})


class Auction(Step):
    """An auction: each bidder in turn bids more than ``high`` (in ``increment``s, from ``minimum``) or passes."""

    FIELDS = ("lot", "bidders", "turn", "high", "high_bidder", "opening")
    lot: int  # a board position, or HOUSE_LOT / HOTEL_LOT
    bidders: tuple[int, ...]  # still bidding, in turn order
    turn: int  # index in ``bidders`` of who answers next
    high: int
    high_bidder: int  # -1: no bid yet
    opening: int
    kind = P.AUCTION
    answers = AUCTION_ANSWERS

    def __init__(
        self, lot: int, bidders: tuple[int, ...], turn: int, high: int, high_bidder: int, opening: int
    ) -> None:
        # (the generic Step.__init__ sets the FIELDS by name, which compiled code does slowly)
        self.lot = lot
        self.bidders = bidders
        self.turn = turn
        self.high = high
        self.high_bidder = high_bidder
        self.opening = opening

    @property
    def decider(self) -> int:
        return self.bidders[self.turn]

    @property
    def automatic(self) -> bool:  # type: ignore[override]
        """Closed: nobody left, or only the high bidder."""
        return self.is_automatic()

    def is_automatic(self) -> bool:
        return not self.bidders or (len(self.bidders) == 1 and self.bidders[0] == self.high_bidder)

    def prompt_kind(self) -> str:
        return P.AUCTION

    def accepts(self, kind: str) -> bool:
        return kind == A.BID or kind == A.PASS  # (``kind in AUCTION_ANSWERS``, as ``TurnStep.accepts``)

    def run(self, game: Game) -> None:
        self._close(game)

    def without(self, game: Game, player: int) -> Step | None:
        if player not in self.bidders:
            return self
        new = self.copy()
        index = self.bidders.index(player)
        new.bidders = self.bidders[:index] + self.bidders[index + 1 :]
        if index < self.turn or (new.bidders and new.turn >= len(new.bidders)):
            new.turn = (new.turn - 1) % len(new.bidders) if index < self.turn else 0
        if self.high_bidder == player:
            new.high, new.high_bidder = 0, -1
        return new

    def max_bid(self, game: Game, player: int) -> int:
        return game.max_bid(player, self.lot)

    def minimum(self, game: Game) -> int:
        if self.high_bidder < 0:
            return self.opening
        rules: Rules = game.edition.rules
        increment = rules.auction_increment
        return self.high + increment

    def bid_range(self, game: Game, player: int) -> tuple[int, int] | None:
        low, high = self.minimum(game), self.max_bid(game, player)
        return (low, high) if low <= high else None

    def legal(self, game: Game, player: int) -> list[A.Action]:
        return [A_PASS]

    def check(self, game: Game, player: int, action: A.Action) -> str | None:
        if action.kind == A.BID:
            low = self.minimum(game)
            if action.arg < low:
                return f"the bid must be at least {game.edition.money(low)}"
            if not game.bid_covered(player, self.lot, action.arg):
                return f"you can bid at most {game.edition.money(self.max_bid(game, player))}"
        return None

    def apply(self, game: Game, player: int, action: A.Action) -> None:
        if action.kind == A.BID:
            self.high = action.arg
            self.high_bidder = player
            self.turn = (self.turn + 1) % len(self.bidders)
            if game._events is not None:
                game._events.append(Event(E.BID, player, self.lot, action.arg))
        else:
            bidders = self.bidders
            turn = self.turn
            # (one slice when the first or the last bidder passes, as mostly among a few: each slice and
            # their join make a tuple)
            if turn == 0:
                self.bidders = bidders[1:]
            elif turn == len(bidders) - 1:
                self.bidders = bidders[:turn]
            else:
                self.bidders = bidders[:turn] + bidders[turn + 1 :]
            if self.bidders and self.turn >= len(self.bidders):
                self.turn = 0
            if game._events is not None:
                game._events.append(Event(E.BID_PASS, player, self.lot))

    def _close(self, game: Game) -> None:
        game.pop()
        winner, price, lot = self.high_bidder, self.high, self.lot
        if winner < 0:
            if game._events is not None:
                game._events.append(Event(E.AUCTION_UNSOLD, -1, lot, info=lot_name(lot)))
            return
        if game._events is not None:
            game._events.append(Event(E.AUCTION_WON, winner, lot, price, info=lot_name(lot)))
        game.award_auctioned(winner, lot, price)

    def detail(self, game: Game, name: str) -> Any:
        if name == "minimum":
            return self.minimum(game)
        if name == "lot":
            return self.lot
        if name == "high":
            return self.high
        if name == "high_bidder":
            return self.high_bidder
        return self.describe(game)[name]

    # (``game`` untyped, as ``Step.int_detail`` declares it: see there; only the minimum needs it)
    def int_detail(self, game: Any, name: str) -> int:
        if name == "minimum":
            return self.minimum(game)
        if name == "lot":
            return self.lot
        if name == "high_bidder":
            return self.high_bidder
        if name == "high":
            return self.high
        return Step.int_detail(self, game, name)

    def describe(self, game: Game) -> dict[str, Any]:
        rules: Rules = game.edition.rules
        increment = rules.auction_increment
        return {
            "lot": self.lot,
            "lot_kind": lot_name(self.lot),
            "high": self.high,
            "high_bidder": self.high_bidder,
            "minimum": self.minimum(game),
            "increment": increment,
            "bidders": list(self.bidders),
        }
