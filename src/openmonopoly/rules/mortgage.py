"""Mortgages: only with no buildings in the set; lifting costs the mortgage plus interest.

A player who receives a mortgaged property (by trade or from a bankrupt player)
must at once either lift the mortgage or pay the interest and keep it (and pay
the interest again when lifting later).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine import events as E
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.state import BANK
from ..editions.schema import STREET
from .money import pay, transfer

if TYPE_CHECKING:
    from .classic import ClassicGame


def interest(game: "ClassicGame", pos: int) -> int:
    sp = game.edition.board[pos]
    return sp.unmortgage - sp.mortgage


def check_mortgage(game: "ClassicGame", player: int, pos: int) -> str | None:
    ed = game.edition
    s = game.state
    if not 0 <= pos < ed.size or not ed.board[pos].is_property or s.owner[pos] != player:
        return f"you do not own a property at {pos}"
    if s.mortgaged[pos]:
        return f"{ed.board[pos].name} is already mortgaged"
    if ed.board[pos].type == STREET and any(
            s.level[q] for q in ed.group_members[ed.group_of[pos]]):
        return f"sell the {ed.term('houses', 2)} and {ed.term('hotels', 2)} of this colour set first"
    return None


def mortgage(game: "ClassicGame", player: int, pos: int) -> None:
    amount = game.edition.board[pos].mortgage
    game.state.mortgaged[pos] = True
    transfer(game, BANK, player, amount)
    game.emit(Event(E.MORTGAGED, player, pos, amount))


def check_unmortgage(game: "ClassicGame", player: int, pos: int) -> str | None:
    ed = game.edition
    s = game.state
    if not 0 <= pos < ed.size or not ed.board[pos].is_property or s.owner[pos] != player:
        return f"you do not own a property at {pos}"
    if not s.mortgaged[pos]:
        return f"{ed.board[pos].name} is not mortgaged"
    cost = ed.board[pos].unmortgage
    if s.cash[player] < cost:
        return f"lifting the mortgage costs {ed.money(cost)} and you have {ed.money(s.cash[player])}"
    return None


def unmortgage(game: "ClassicGame", player: int, pos: int) -> None:
    cost = game.edition.board[pos].unmortgage
    game.state.mortgaged[pos] = False
    transfer(game, player, BANK, cost)
    game.emit(Event(E.UNMORTGAGED, player, pos, cost))
    # Lifting a mortgage that was just received settles its pending lift-or-keep decision.
    stack = game.state.stack
    stack[:] = [step for step in stack if not (type(step) is MortgagedTransfer and step.pos == pos)]


def transfer_pending(game: "ClassicGame", pos: int) -> bool:
    """Whether the receiver of mortgaged ``pos`` has still to lift the mortgage or pay the interest."""
    return any(type(step) is MortgagedTransfer and step.pos == pos for step in game.state.stack)


class MortgagedTransfer(Step):
    """``player`` received mortgaged ``pos`` from ``giver``: lift the mortgage or pay the interest now.

    ``interest_always`` (Sailor Moon bankruptcies): the interest is due even when lifting.
    """

    FIELDS = ("player", "pos", "giver", "interest_always")
    pos: int
    giver: int
    interest_always: bool
    kind = "mortgaged-property"
    answers = frozenset({A.LIFT, A.KEEP})

    def lift_cost(self, game: "ClassicGame") -> int:
        sp = game.edition.board[self.pos]
        return sp.unmortgage + (interest(game, self.pos) if self.interest_always else 0)

    def legal(self, game: "ClassicGame", player: int) -> list[A.Action]:
        if game.state.cash[player] >= self.lift_cost(game):
            return [A.A_LIFT, A.A_KEEP]
        return [A.A_KEEP]

    def check(self, game: "ClassicGame", player: int, action: A.Action) -> str | None:
        cost = self.lift_cost(game)
        if action.kind == A.LIFT and game.state.cash[player] < cost:
            return f"lifting costs {game.edition.money(cost)}; you can only keep the mortgage"
        return None

    def apply(self, game: "ClassicGame", player: int, action: A.Action) -> None:
        game.pop()
        if action.kind == A.LIFT:
            cost = self.lift_cost(game)
            game.state.mortgaged[self.pos] = False
            transfer(game, player, BANK, cost)
            game.emit(Event(E.UNMORTGAGED, player, self.pos, cost))
        else:
            pay(game, player, BANK, interest(game, self.pos), "interest", self.pos)

    def describe(self, game: "ClassicGame") -> dict:
        return {"pos": self.pos, "from": self.giver, "lift_cost": self.lift_cost(game),
                "interest": interest(game, self.pos)}
