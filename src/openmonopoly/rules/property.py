"""Properties on the board: buy the one you land on or let the bank auction it, and the rent an
owner may have to claim (any family with properties: the classic family and the Mandalorian hideouts)."""

from __future__ import annotations

from typing import Any, Final

from ..engine import actions as A
from ..engine import events as E
from ..engine import prompt as P
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.game import Game
from ..engine.state import BANK, State
from .auction import start_auction
from .money import pay, transfer

A_BUY: Final = A.A_BUY  # (Final: a C static in compiled code, not a module lookup)
A_AUCTION: Final = A.A_AUCTION


BUY_ANSWERS: Final = frozenset({A.BUY, A.AUCTION})


class BuyOrAuction(Step):
    """Buy the property landed on, or let the bank auction it (the Mandalorian hideouts too: any Game)."""

    FIELDS = ("player", "pos")
    pos: int
    kind = P.BUY
    answers = BUY_ANSWERS

    def __init__(self, player: int, pos: int) -> None:
        self.player = player
        self.pos = pos

    def is_automatic(self) -> bool:
        return False

    def prompt_kind(self) -> str:
        return P.BUY

    def accepts(self, kind: str) -> bool:
        return kind in BUY_ANSWERS

    def legal(self, game: Game, player: int) -> list[Action]:
        s: State = game.base_state
        if s.cash[player] >= game.edition.board[self.pos].price:
            return [A_BUY, A_AUCTION]
        return [A_AUCTION]

    def check(self, game: Game, player: int, action: Action) -> str | None:
        price = game.edition.board[self.pos].price
        s: State = game.base_state
        if action.kind == A.BUY and s.cash[player] < price:
            return (
                f"it costs {game.edition.money(price)} and you have {game.edition.money(s.cash[player])}"
                "; mortgage or sell first, or let it go to auction"
            )
        return None

    def apply(self, game: Game, player: int, action: Action) -> None:
        game.pop()
        pos = self.pos
        if action.kind == A.BUY:
            price = game.edition.board[pos].price
            transfer(game, player, BANK, price)
            s: State = game.base_state  # (``owner`` and its count are declared on the base state)
            s.owner[pos] = player
            s.owner_changes += 1
            if game._events is not None:
                game._events.append(Event(E.BOUGHT, player, pos, price))
        elif game.no_auctions:  # (house rule no-auctions: it stays with the bank)
            if game._events is not None:
                game._events.append(Event(E.AUCTION_UNSOLD, player, pos, info="no-auctions"))
        else:
            start_auction(game, pos, game.seats_from(player))

    def describe(self, game: Game) -> dict[str, Any]:
        return {"pos": self.pos, "price": game.edition.board[self.pos].price}

    def detail(self, game: Game, name: str) -> Any:
        if name == "pos":
            return self.pos
        if name == "price":
            return game.edition.board[self.pos].price
        return self.describe(game)[name]


class ClaimRent(Step):
    """Option "rent must be claimed": the owner claims the rent before the next roll, or it lapses
    (the Mandalorian hideouts too: any Game)."""

    FIELDS = ("player", "payer", "pos", "amount")
    payer: int
    pos: int
    amount: int
    kind = P.CLAIM_RENT
    answers = frozenset({A.CLAIM, A.WAIVE})

    def legal(self, game: Game, player: int) -> list[Action]:
        return [A.A_CLAIM, A.A_WAIVE]

    def apply(self, game: Game, player: int, action: Action) -> None:
        game.pop()
        if action.kind == A.CLAIM:
            pay(game, self.payer, player, self.amount, "rent", self.pos)
        else:
            if game._events is not None:
                game._events.append(Event(E.RENT_LAPSED, self.payer, self.pos, self.amount, player))

    def describe(self, game: Game) -> dict[str, Any]:
        return {"payer": self.payer, "pos": self.pos, "amount": self.amount}

    def without(self, game: Game, player: int) -> Step | None:
        return None if player in (self.player, self.payer) else self
