"""Moving a token round the board and passing GO, shared by the classic family and Empire.

A move forward that passes or reaches GO collects the salary the family pays there
(``Game.go_salary``: the classic $200, Empire's tower value); the space reached is then resolved
(``Game.land``). A move back collects nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import events as E
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.state import BANK, State
from .money import transfer

if TYPE_CHECKING:
    from ..engine.game import Game


def move_by(game: Game, player: int, steps: int) -> None:
    """Move forward (or back, for negative steps) and resolve the space."""
    s: State = game.base_state
    size = len(game.edition.board)
    old = s.position[player]
    new = old + steps
    if not 0 <= new < size:  # (past GO, or back past it: compiled, ``%`` is a call for Python's sign rules)
        new %= size
    s.position[player] = new
    if game._events is not None:
        game._events.append(Event(E.MOVED, player, new, old, steps, "forward" if steps > 0 else "back"))
    if steps > 0 and old + steps >= size:
        pass_go(game, player)
    game.land(player, 1, 0)


def advance_to(game: Game, player: int, target: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
    """Move forward to ``target`` (collecting the salary if GO is passed or reached) and resolve it;
    a card may change the rent due there (``Game.land``)."""
    s: State = game.base_state
    size = len(game.edition.board)
    old = s.position[player]
    steps = (target - old) % size or size
    s.position[player] = target
    if game._events is not None:
        game._events.append(Event(E.MOVED, player, target, old, steps, "direct"))
    if old + steps >= size:
        pass_go(game, player)
    game.land(player, rent_multiplier, dice_multiplier)


def pass_go(game: Game, player: int) -> None:
    """Pay the salary of a move whose end is already set (the event names that space, so its words can
    tell landing on GO from passing it)."""
    amount = game.go_salary(player)
    transfer(game, BANK, player, amount)
    if game._events is not None:
        game._events.append(Event(E.SALARY, player, game.state.position[player], amount))


class MoveStep(Step):
    """A move that waits for something before it (the fine after a last failed jail roll, which may
    first have to be raised)."""

    FIELDS = ("player", "steps")
    steps: int
    automatic = True

    def __init__(self, player: int, steps: int) -> None:
        self.player = player
        self.steps = steps

    def run(self, game: Game) -> None:
        game.pop()
        s: State = game.base_state
        if s.alive[self.player]:
            game.move_by(self.player, self.steps)
