"""Mortgages: only with no buildings in the set; lifting costs the mortgage plus interest.

A player who receives a mortgaged property (by trade or from a bankrupt player)
must at once either lift the mortgage or pay the interest and keep it (and pay
the interest again when lifting later).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...editions.schema import STREET
from ...engine import actions as A
from ...engine import events as E
from ...engine.events import Event
from ...engine.flow import Step
from ...engine.state import State
from ..money import BANK, pay, transfer

if TYPE_CHECKING:
    from ...engine.game import Game
    from .game import ClassicGame, ClassicState

# Actions as Final module constants: compiled code reads them as C statics (the kind strings are
# Final literals in engine/actions.py and engine/events.py, which the compiler inlines).
A_LIFT: Final = A.A_LIFT
A_KEEP: Final = A.A_KEEP
REFUSED: Final = A.REFUSED


def interest(game: Game, pos: int) -> int:
    sp = game.edition.board[pos]
    return sp.unmortgage - sp.mortgage


def lift_cost(game: Game, pos: int) -> int:
    """What lifting the mortgage on ``pos`` costs now: the mortgage plus 10%, and, while the receiver of a
    bankrupt player's mortgaged property still owes the 10% due "even if they do not wish to lift the
    mortgage" (Sailor Moon, Clone Wars), that interest too -- by 'lift' or by 'unmortgage' alike."""
    s: State = game.base_state
    for step in s.stack:
        if type(step) is MortgagedTransfer and step.pos == pos:
            return step.lift_cost(game)
    return game.edition.board[pos].unmortgage


def check_mortgage(game: ClassicGame, player: int, pos: int, *, explain: bool = True) -> str | None:
    """Why ``player`` may not mortgage ``pos`` now (``explain=False``: ``REFUSED`` without the words)."""
    if game.no_mortgages:
        return "house rule no-mortgages: nothing may be mortgaged in this game" if explain else REFUSED
    ed = game.edition
    s: ClassicState = game.state
    board = ed.board
    if not 0 <= pos < len(board) or not board[pos].is_property or s.owner[pos] != player:
        return f"you do not own a property at {pos}" if explain else REFUSED
    sp = board[pos]
    if s.mortgaged[pos]:
        return f"{sp.name} is already mortgaged" if explain else REFUSED
    if sp.type == STREET:
        level = s.level
        for q in ed.group_members[ed.group_of[pos]]:
            if level[q]:
                if not explain:
                    return REFUSED
                return f"sell the {ed.term('houses', 2)} and {ed.term('hotels', 2)} of this colour set first"
    return None


def mortgage(game: ClassicGame, player: int, pos: int) -> None:
    s: ClassicState = game.state
    amount = game.edition.board[pos].mortgage
    s.mortgaged[pos] = True
    transfer(game, BANK, player, amount)
    if game._events is not None:
        game._events.append(Event(E.MORTGAGED, player, pos, amount))


def check_unmortgage(game: ClassicGame, player: int, pos: int, *, explain: bool = True) -> str | None:
    """Why ``player`` may not lift the mortgage on ``pos`` now (``explain=False``: ``REFUSED`` without the words)."""
    ed = game.edition
    s: ClassicState = game.state
    board = ed.board
    if not 0 <= pos < len(board) or not board[pos].is_property or s.owner[pos] != player:
        return f"you do not own a property at {pos}" if explain else REFUSED
    sp = board[pos]
    if not s.mortgaged[pos]:
        return f"{sp.name} is not mortgaged" if explain else REFUSED
    cost = lift_cost(game, pos)
    if s.cash[player] < cost:
        if not explain:
            return REFUSED
        return f"lifting the mortgage costs {ed.money(cost)} and you have {ed.money(s.cash[player])}"
    return None


def unmortgage(game: ClassicGame, player: int, pos: int) -> None:
    s: ClassicState = game.state
    cost = lift_cost(game, pos)
    s.mortgaged[pos] = False
    transfer(game, player, BANK, cost)
    if game._events is not None:
        game._events.append(Event(E.UNMORTGAGED, player, pos, cost))
    # Lifting a mortgage that was just received settles its pending lift-or-keep decision.
    stack = s.stack
    stack[:] = [step for step in stack if not (type(step) is MortgagedTransfer and step.pos == pos)]


def transfer_pending(game: Game, pos: int) -> bool:
    """Whether the receiver of mortgaged ``pos`` has still to lift the mortgage or pay the interest."""
    s: State = game.base_state
    for step in s.stack:
        if type(step) is MortgagedTransfer and step.pos == pos:
            return True
    return False


MORTGAGED_PROPERTY: Final = "mortgaged-property"  # the prompt kind of the step below


class MortgagedTransfer(Step):
    """``player`` received mortgaged ``pos`` from ``giver``: lift the mortgage or pay the interest now.

    ``interest_always`` (Sailor Moon bankruptcies): the interest is due even when lifting.
    """

    FIELDS = ("player", "pos", "giver", "interest_always")
    pos: int
    giver: int
    interest_always: bool
    kind = MORTGAGED_PROPERTY
    answers = frozenset({A.LIFT, A.KEEP})

    def __init__(self, player: int, pos: int, giver: int, interest_always: bool) -> None:
        # (the generic Step.__init__ sets the FIELDS by name, which compiled code does slowly)
        self.player = player
        self.pos = pos
        self.giver = giver
        self.interest_always = interest_always

    def lift_cost(self, game: Game) -> int:
        sp = game.edition.board[self.pos]
        return sp.unmortgage + (interest(game, self.pos) if self.interest_always else 0)

    def legal(self, game: Game, player: int) -> list[A.Action]:
        s: State = game.base_state
        if s.cash[player] >= self.lift_cost(game):
            return [A_LIFT, A_KEEP]
        return [A_KEEP]

    def check(self, game: Game, player: int, action: A.Action) -> str | None:
        s: State = game.base_state
        cost = self.lift_cost(game)
        if action.kind == A.LIFT and s.cash[player] < cost:
            return f"lifting costs {game.edition.money(cost)}; you can only keep the mortgage"
        return None

    def apply(self, game: Game, player: int, action: A.Action) -> None:
        game.pop()
        if action.kind == A.LIFT:
            s: Any = game.state  # any family that has mortgages
            cost = self.lift_cost(game)
            s.mortgaged[self.pos] = False
            transfer(game, player, BANK, cost)
            if game._events is not None:
                game._events.append(Event(E.UNMORTGAGED, player, self.pos, cost))
        else:
            pay(game, player, BANK, interest(game, self.pos), "interest", self.pos)

    def detail(self, game: Game, name: str) -> Any:
        return self.lift_cost(game) if name == "lift_cost" else self.describe(game)[name]

    def describe(self, game: Game) -> dict[str, Any]:
        return {
            "pos": self.pos,
            "from": self.giver,
            "lift_cost": self.lift_cost(game),
            "interest": interest(game, self.pos),
        }
