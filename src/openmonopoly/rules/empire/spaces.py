"""Landing on a space: brands, utilities, the two tower taxes, Free Parking, cards, jail.

* Brand with its billboard: buy it at the price (or for $100K with Bargain
  Business) and slot it into your tower, or the bank auctions it (opening
  $50K, raises of $50K, everyone bids, unsold stays).
* Brand owned by a rival: pay the owner their current tower value -- nothing
  while the owner is in jail. A lander holding Empire cards is asked first
  (``pay`` or play Reverse Rent), whatever cards they hold, so the prompt
  reveals nothing about the hand.
* Utility: buy one of its billboards for the price or auction one; no rent;
  nothing when none is left.
* Rival Tower Tax / Tower Tax: a rival's / your own topmost billboard back to
  the board.
* Free Parking: pay $100K and move to any other space (GO pays if passed, the
  new space is resolved), or stay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine import prompt as P
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import SHARED_SEATS, Step
from ...engine.state import BANK
from .. import cards, jail
from ..auction import start_auction
from ..money import pay, transfer
from . import empire_cards
from .choose import PLAYER_PURPOSES, PLAYER_TESTS, SPACE_PURPOSES, SPACE_TESTS, choose_player, choose_space
from .data import (
    LAND_BRAND,
    LAND_CARD,
    LAND_FREE_PARKING,
    LAND_GO_TO_JAIL,
    LAND_RIVAL_TAX,
    LAND_TOWER_TAX,
    LAND_UTILITY,
)
from .kinds import EV_NO_RENT, PLAY
from .state import EmpireState
from .tower import return_top, take_from_board, tower_value

if TYPE_CHECKING:
    from .game import EmpireGame


def land(game: EmpireGame, player: int) -> None:
    s: EmpireState = game.state
    pos = s.position[player]
    t = game.table.land_code[pos]  # (an int per space: no compare of the type's string with each type)
    if t == LAND_BRAND:
        owner = s.owner[pos]
        if owner == BANK:
            if s.stock[pos]:
                game.push(_buy_step(player, pos))
        elif owner != player:
            if s.in_jail[owner]:
                if game.log_events:
                    game.emit(Event(EV_NO_RENT, player, pos, 0, owner, "jail"))
            elif s.hands[player]:
                game.push(RentDue(player, pos, owner))
            else:
                pay(game, player, owner, tower_value(game, owner), "rent", pos)
    elif t == LAND_UTILITY:
        if s.stock[pos]:
            game.push(_buy_step(player, pos))
    elif t == LAND_CARD:
        deck = game.edition.board[pos].deck
        if deck == game.table.empire_deck:
            empire_cards.draw(game, player, deck)
        else:
            cards.draw(game, player, deck)
    elif t == LAND_RIVAL_TAX:
        choose_player(game, player, "rival-tax")
    elif t == LAND_TOWER_TAX:
        return_top(game, player, "tower-tax")
    elif t == LAND_FREE_PARKING:
        choose_space(game, player, "free-parking")
    elif t == LAND_GO_TO_JAIL:
        jail.send_to_jail(game, player, "space")


def buy_billboard(game: EmpireGame, player: int, pos: int, price: int) -> None:
    transfer(game, player, BANK, price)
    take_from_board(game, player, pos, "bought", price)


BUY_ANSWERS: Final = frozenset({A.BUY, A.AUCTION, PLAY})


class BuyBillboard(Step):
    """Buy the brand landed on (its billboard goes on your tower), or let the bank auction it. The price is
    read from the rules table's list (``EmpireRules.price``, the board's prices by position), not the board."""

    FIELDS = ("player", "pos")
    pos: int
    kind = P.BUY
    answers = BUY_ANSWERS

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, pos: int) -> None:
        self.player = player
        self.pos = pos

    # (asked of the step on top at every action: answered from constants, see ``Step.is_automatic``)
    def is_automatic(self) -> bool:
        return False

    def prompt_kind(self) -> str:
        return P.BUY

    def accepts(self, kind: str) -> bool:  # (``BUY_ANSWERS`` one by one: see ``EmpireTurn.accepts``)
        return kind == A.BUY or kind == A.AUCTION or kind == PLAY

    def legal(self, game: EmpireGame, player: int) -> list[Action]:
        s: EmpireState = game.state
        out = [A.A_BUY] if s.cash[player] >= game.table.price[self.pos] else []
        out.append(A.A_AUCTION)
        if game.table.is_brand[self.pos]:
            out += empire_cards.playable(game, player, "buy")
        return out

    def check(self, game: EmpireGame, player: int, action: Action) -> str | None:
        s: EmpireState = game.state
        if action.kind == A.BUY:
            price = game.table.price[self.pos]
            cash = s.cash[player]
            if cash < price:
                return (
                    f"it costs {game.edition.money(price)} and you have {game.edition.money(cash)}; "
                    "let it go to auction"
                )
        elif action.kind == PLAY:
            if not game.table.is_brand[self.pos]:
                return "no Empire card can be played on a utility"
            return empire_cards.check_play(game, player, action.arg, "buy")
        return None

    def apply(self, game: EmpireGame, player: int, action: Action) -> None:
        game.pop()
        pos = self.pos
        if action.kind == A.BUY:
            buy_billboard(game, player, pos, game.table.price[pos])
        elif action.kind == A.AUCTION:
            start_auction(game, pos, game.seats_from(player))
        else:
            card = empire_cards.play(game, player, action.arg)
            buy_billboard(game, player, pos, game.edition.decks[game.table.empire_deck].cards[card].effect["price"])

    def describe(self, game: EmpireGame) -> dict[str, Any]:
        return {"pos": self.pos, "price": game.table.price[self.pos]}

    def detail(self, game: EmpireGame, name: str) -> Any:
        if name == "price":
            return game.table.price[self.pos]
        return self.pos if name == "pos" else self.describe(game)[name]

    def int_detail(self, game: Any, name: str) -> int:  # (the bot reads the price: see ``Step.int_detail``)
        if name == "price":
            g: EmpireGame = game
            return g.table.price[self.pos]
        return self.pos if name == "pos" else Step.int_detail(self, game, name)


# An offer's step holds only the seat and the space and never changes once made (its answer pops it): one
# per seat and space, made at import and pushed by every game (as the turn's own steps, ``game._TURN_STEPS``),
# so that an offer makes none. Seat p's step for space pos is at p * _SHARED_SPACES + pos; a seat or space
# beyond them, which no edition has, gets a step of its own.
_SHARED_SPACES: Final = 64
_BUY_STEPS: Final[list[BuyBillboard]] = [
    BuyBillboard(p, pos) for p in range(SHARED_SEATS) for pos in range(_SHARED_SPACES)
]


def _buy_step(player: int, pos: int) -> BuyBillboard:
    """The step offering ``player`` the billboard of space ``pos``."""
    if player < SHARED_SEATS and pos < _SHARED_SPACES:
        return _BUY_STEPS[player * _SHARED_SPACES + pos]
    return BuyBillboard(player, pos)


RENT_DUE: Final = "rent"  # the prompt kind of the step below
RENT_ANSWERS: Final = frozenset({A.PAY, PLAY})


class RentDue(Step):
    """``player`` landed on ``owner``'s brand: ``pay`` their tower value, or play Reverse Rent."""

    FIELDS = ("player", "pos", "owner")
    pos: int
    owner: int
    kind = RENT_DUE
    answers = RENT_ANSWERS

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, pos: int, owner: int) -> None:
        self.player = player
        self.pos = pos
        self.owner = owner

    def is_automatic(self) -> bool:  # (see ``BuyBillboard.is_automatic``)
        return False

    def prompt_kind(self) -> str:
        return RENT_DUE

    def accepts(self, kind: str) -> bool:  # (``RENT_ANSWERS`` one by one: see ``EmpireTurn.accepts``)
        return kind == A.PAY or kind == PLAY

    def legal(self, game: EmpireGame, player: int) -> list[Action]:
        return [A.A_PAY] + empire_cards.playable(game, player, "rent")

    def check(self, game: EmpireGame, player: int, action: Action) -> str | None:
        if action.kind == PLAY:
            return empire_cards.check_play(game, player, action.arg, "rent")
        return None

    def apply(self, game: EmpireGame, player: int, action: Action) -> None:
        game.pop()
        if action.kind == A.PAY:
            pay(game, player, self.owner, tower_value(game, self.owner), "rent", self.pos)
        else:
            empire_cards.play(game, player, action.arg)
            pay(game, self.owner, player, tower_value(game, self.owner), "reverse-rent", self.pos)

    def describe(self, game: EmpireGame) -> dict[str, Any]:
        return {"pos": self.pos, "owner": self.owner, "amount": tower_value(game, self.owner)}

    def detail(self, game: EmpireGame, name: str) -> Any:  # (the bot reads the amount: see ``Step.detail``)
        return tower_value(game, self.owner) if name == "amount" else self.describe(game)[name]

    def without(self, game: EmpireGame, player: int) -> Step | None:
        return self


# ---------------------------------------------------------------------- Rival Tower Tax
def _rival_tax(game: EmpireGame, player: int, target: int, arg: int) -> None:
    empire_cards.attack(game, player, (target,), "rival-tax", target, -1, False)


PLAYER_PURPOSES["rival-tax"] = (empire_cards.rivals_with_billboards, _rival_tax)
PLAYER_TESTS["rival-tax"] = empire_cards.rival_with_billboards


# ---------------------------------------------------------------------- Free Parking
def _trip_spaces(game: EmpireGame, player: int, arg: int) -> list[int]:
    s: EmpireState = game.state
    if s.cash[player] < game.table.free_parking_fee:
        return []
    fp = game.table.free_parking
    spaces = game.table.positions[:]  # (every space but Free Parking: copied whole, then the one taken out)
    if 0 <= fp < len(spaces):
        del spaces[fp]
    return spaces


def _trip(game: EmpireGame, player: int, pos: int, arg: int) -> None:
    fee = game.table.free_parking_fee
    transfer(game, player, BANK, fee)
    if game.log_events:
        from ...engine import events as E

        game.emit(Event(E.PAID, player, -1, fee, BANK, "trip"))
    game.advance_to(player, pos)


def _trip_space(game: EmpireGame, player: int, arg: int, pos: int) -> bool:
    """Whether ``pos`` is one of ``_trip_spaces``."""
    s: EmpireState = game.state
    rules = game.table
    return s.cash[player] >= rules.free_parking_fee and 0 <= pos < game.edition.size and pos != rules.free_parking


SPACE_PURPOSES["free-parking"] = (_trip_spaces, _trip, True)
SPACE_TESTS["free-parking"] = _trip_space
