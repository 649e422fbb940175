"""Choices of a player or a space, for whatever asked for one (a tax, a card, Free Parking).

A purpose registers what may be chosen and what happens then:
``PLAYER_PURPOSES[name] = (targets(game, chooser, arg) -> seats, apply(game, chooser, target, arg))`` and
``SPACE_PURPOSES[name] = (spaces(game, chooser, arg) -> positions, apply(game, chooser, pos, arg), may_decline)``.

A purpose may also register a test of one choice, ``PLAYER_TESTS[name]`` / ``SPACE_TESTS[name] =
test(game, chooser, arg, choice) -> bool``, true exactly when ``choice`` is in the list: the check of an
answer asks it rather than listing every choice (tests/empire/test_empire_shortcuts.py checks they agree).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from .kinds import EV_CHOSE, PICK, TARGET

if TYPE_CHECKING:
    from .game import EmpireGame

# (Final: the names are never bound again, only filled, so compiled code reads them as constants)
PLAYER_PURPOSES: Final[dict[str, tuple[Callable[..., Any], Callable[..., Any]]]] = {}
SPACE_PURPOSES: Final[dict[str, tuple[Callable[..., Any], Callable[..., Any], bool]]] = {}
PLAYER_TESTS: Final[dict[str, Callable[[Any, int, int, int], bool]]] = {}
SPACE_TESTS: Final[dict[str, Callable[[Any, int, int, int], bool]]] = {}


CHOOSE_PLAYER: Final = "choose-player"  # the prompt kind of the step below


class ChoosePlayer(Step):
    """A card or space's effect needs a target: ``player`` picks one of ``targets`` for ``purpose``."""

    FIELDS = ("player", "purpose", "arg")
    purpose: str  # a key of PLAYER_PURPOSES
    arg: int
    kind = CHOOSE_PLAYER
    answers = frozenset({TARGET})

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, purpose: str, arg: int) -> None:
        self.player = player
        self.purpose = purpose
        self.arg = arg

    # (asked of the step on top at every action: answered from constants, see ``Step.is_automatic``)
    def is_automatic(self) -> bool:
        return False

    def prompt_kind(self) -> str:
        return CHOOSE_PLAYER

    def accepts(self, kind: str) -> bool:
        return kind == TARGET

    def targets(self, game: EmpireGame) -> list[int]:
        targets: list[int] = PLAYER_PURPOSES[self.purpose][0](game, self.player, self.arg)
        return targets

    def legal(self, game: EmpireGame, player: int) -> list[Action]:
        return [Action(TARGET, q) for q in self.targets(game)]

    def check(self, game: EmpireGame, player: int, action: Action) -> str | None:
        test = PLAYER_TESTS.get(self.purpose)
        if test is not None:
            if test(game, self.player, self.arg, action.arg):
                return None
        elif action.arg in self.targets(game):
            return None
        return f"choose one of the players {self.targets(game)}"

    def apply(self, game: EmpireGame, player: int, action: Action) -> None:
        game.pop()
        if game.log_events:
            game.emit(Event(EV_CHOSE, player, -1, 0, action.arg, self.purpose))
        PLAYER_PURPOSES[self.purpose][1](game, player, action.arg, self.arg)

    def describe(self, game: EmpireGame) -> dict[str, Any]:
        return {"purpose": self.purpose, "targets": self.targets(game)}

    # (the bot reads these two facts by name: see ``Step.detail``)
    def detail(self, game: EmpireGame, name: str) -> Any:
        if name == "purpose":
            return self.purpose
        return self.targets(game) if name == "targets" else self.describe(game)[name]


CHOOSE_SPACE: Final = "choose-space"  # the prompt kind of the step below


class ChooseSpace(Step):
    """A card or space's effect needs a space: ``player`` picks one of ``spaces`` for ``purpose`` (or
    ends, where it may be declined)."""

    FIELDS = ("player", "purpose", "arg")
    purpose: str  # a key of SPACE_PURPOSES
    arg: int
    kind = CHOOSE_SPACE
    answers = frozenset({PICK, A.END})

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, purpose: str, arg: int) -> None:
        self.player = player
        self.purpose = purpose
        self.arg = arg

    def is_automatic(self) -> bool:  # (see ``ChoosePlayer.is_automatic``)
        return False

    def prompt_kind(self) -> str:
        return CHOOSE_SPACE

    def accepts(self, kind: str) -> bool:
        return kind == PICK or kind == A.END

    def spaces(self, game: EmpireGame) -> list[int]:
        spaces: list[int] = SPACE_PURPOSES[self.purpose][0](game, self.player, self.arg)
        return spaces

    def legal(self, game: EmpireGame, player: int) -> list[Action]:
        out = [Action(PICK, pos) for pos in self.spaces(game)]
        if SPACE_PURPOSES[self.purpose][2]:
            out.append(A.A_END)
        return out

    def check(self, game: EmpireGame, player: int, action: Action) -> str | None:
        if action.kind == A.END:
            return None if SPACE_PURPOSES[self.purpose][2] else "you must choose a space"
        test = SPACE_TESTS.get(self.purpose)
        if test is not None:
            if test(game, self.player, self.arg, action.arg):
                return None
        elif action.arg in self.spaces(game):
            return None
        return f"choose one of the spaces {self.spaces(game)}"

    def apply(self, game: EmpireGame, player: int, action: Action) -> None:
        game.pop()
        if action.kind == A.END:
            return
        if game.log_events:
            game.emit(Event(EV_CHOSE, player, action.arg, 0, -1, self.purpose))
        SPACE_PURPOSES[self.purpose][1](game, player, action.arg, self.arg)

    def describe(self, game: EmpireGame) -> dict[str, Any]:
        return {"purpose": self.purpose, "spaces": self.spaces(game), "may_decline": SPACE_PURPOSES[self.purpose][2]}

    def detail(self, game: EmpireGame, name: str) -> Any:  # (as ``ChoosePlayer.detail``)
        if name == "purpose":
            return self.purpose
        return self.spaces(game) if name == "spaces" else self.describe(game)[name]


def choose_player(game: EmpireGame, player: int, purpose: str, arg: int = -1) -> bool:
    """Ask ``player`` to choose for ``purpose``; False (nothing asked) when there is nobody to choose."""
    if not PLAYER_PURPOSES[purpose][0](game, player, arg):
        return False
    game.push(ChoosePlayer(player, purpose, arg))
    return True


def choose_space(game: EmpireGame, player: int, purpose: str, arg: int = -1) -> bool:
    """Ask ``player`` to choose a space for ``purpose``; False (nothing asked) when there is none to choose
    and the choice may not be declined (one that may is asked even with no space: the player ends it)."""
    choice = SPACE_PURPOSES[purpose]
    if not choice[2] and not choice[0](game, player, arg):  # (the spaces listed only when they decide)
        return False
    game.push(ChooseSpace(player, purpose, arg))
    return True
