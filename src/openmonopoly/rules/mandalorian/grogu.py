"""Grogu: where he is, who takes him, where he is left, and when the Empire captures him.

Grogu is carried by one player (``grogu_carrier``) or waits alone on a space
(``grogu_pos``). Whoever passes or lands on his space takes him, from another
player too, except while advancing from an Unexpected Ally; Free Parking gives
him to a player who lacks him. A carrier sent to Jail leaves him on one of
their hideouts (their choice) or, owning none, on Go to Jail. An enemy passing
or landing on his space while he is alone captures him: the game ends and
everyone loses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from . import events as ME
from .state import MandoState

if TYPE_CHECKING:
    from .game import MandalorianGame

CAPTURED: Final = "grogu-captured"


def space_of(game: MandalorianGame) -> int:
    """The space Grogu is on (alone or with his carrier); -1 while he is being placed."""
    s: MandoState = game.state
    pos: int = s.grogu_pos
    if pos >= 0:
        return pos
    c = s.grogu_carrier
    return s.position[c] if c >= 0 else -1


def is_here(game: MandalorianGame, player: int, pos: int) -> bool:
    """Does ``player`` passing or landing on ``pos`` meet Grogu there (and not already carry him)?"""
    s: MandoState = game.state
    c = s.grogu_carrier
    if c == player:
        return False
    if s.grogu_pos == pos:
        return True
    return c >= 0 and s.position[c] == pos


def take(game: MandalorianGame, player: int, how: str = "taken") -> None:
    s: MandoState = game.state
    prev = s.grogu_carrier
    s.grogu_carrier = player
    s.grogu_pos = -1
    if game.log_events:
        game.emit(Event(ME.GROGU, player, s.position[player], other=prev, info=how))


def carries(game: MandalorianGame, player: int) -> bool:
    s: MandoState = game.state
    return s.grogu_carrier == player


def leave_for_jail(game: MandalorianGame, player: int) -> None:
    """``player`` is going to Jail: if they carry Grogu, he stays behind on a hideout of theirs or on Go to Jail."""
    s: MandoState = game.state
    if s.grogu_carrier != player:
        return
    s.grogu_carrier = -1
    mine = game.hideouts_of(player)
    if not mine:
        place(game, player, game.rules.go_to_jail)
    elif len(mine) == 1:
        place(game, player, mine[0])
    else:
        game.push(PlaceGrogu(player))


def place(game: MandalorianGame, player: int, pos: int) -> None:
    s: MandoState = game.state
    s.grogu_pos = pos
    if game.log_events:
        game.emit(Event(ME.GROGU, -1, pos, other=player, info="left"))


def capture_if_alone(game: MandalorianGame, pos: int, enemy: int) -> bool:
    """An enemy passes or lands on ``pos``: if Grogu is alone there he is captured and the game ends."""
    s: MandoState = game.state
    if s.grogu_pos != pos:
        return False
    if game.log_events:
        game.emit(Event(ME.CAPTURED, -1, pos, other=enemy, info="alone"))
    game.finish([], CAPTURED)
    return True


PLACE_GROGU: Final = "place-grogu"  # the prompt kind of the step below


class PlaceGrogu(Step):
    """A carrier going to Jail chooses which of their hideouts Grogu stays on."""

    FIELDS = ("player",)
    kind = PLACE_GROGU
    answers = frozenset({A.PLACE})

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int) -> None:
        self.player = player

    def targets(self, game: MandalorianGame) -> list[int]:
        mine = game.hideouts_of(self.player)
        return mine or [game.rules.go_to_jail]  # traded them all away meanwhile: Go to Jail

    def legal(self, game: MandalorianGame, player: int) -> list[Action]:
        return [Action(A.PLACE, pos) for pos in self.targets(game)]

    def check(self, game: MandalorianGame, player: int, action: Action) -> str | None:
        if action.arg not in self.targets(game):
            return "place Grogu on one of your hideouts: " + ", ".join(map(str, self.targets(game)))
        return None

    def apply(self, game: MandalorianGame, player: int, action: Action) -> None:
        game.pop()
        place(game, player, action.arg)

    def describe(self, game: MandalorianGame) -> dict[str, Any]:
        return {"spaces": self.targets(game)}
