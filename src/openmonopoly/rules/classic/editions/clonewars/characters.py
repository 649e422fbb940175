"""Characters of the optional Star Wars rule: chosen at set-up; Grievous and Ventress play the dark side.

Each player in seat order answers a ``character`` prompt with ``choose K`` (K: the character's index
in the edition's ``characters`` list; each character once). Only then everyone rolls for the first
turn (the rulebook's set-up order: pick a figure, then roll).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .....engine import actions as A
from .....engine.actions import Action
from .....engine.events import Event
from .....engine.flow import Step

if TYPE_CHECKING:
    from .....editions import Edition
    from .game import CloneWarsGame, CloneWarsState

LIGHT, DARK = "light", "dark"
EV_CHARACTER = "character"  # player  -  character index  -  "name|side"


def characters(edition: Edition) -> list[tuple[str, str]]:
    """(name, side) of every character of the edition, in the data file's order."""
    return [(c["name"], c["side"]) for c in edition.raw.get("characters", [])]


CHARACTER: Final = "character"  # the prompt kind of the step below


class CharacterChoice(Step):
    """``player`` picks a character not yet taken."""

    FIELDS = ("player",)
    kind = CHARACTER
    answers = frozenset({A.CHOOSE})

    def free(self, game: CloneWarsGame) -> list[int]:
        s: CloneWarsState = game.state
        taken = set(s.character)
        return [k for k in range(len(characters(game.edition))) if k not in taken]

    def legal(self, game: CloneWarsGame, player: int) -> list[Action]:
        return [Action(A.CHOOSE, k) for k in self.free(game)]

    def check(self, game: CloneWarsGame, player: int, action: Action) -> str | None:
        if action.arg not in self.free(game):
            names = ", ".join(f"{k} {characters(game.edition)[k][0]}" for k in self.free(game))
            return f"choose a character nobody has yet: {names}"
        return None

    def apply(self, game: CloneWarsGame, player: int, action: Action) -> None:
        s: CloneWarsState = game.state
        game.pop()
        s.character[player] = action.arg
        name, side = characters(game.edition)[action.arg]
        game.emit(Event(EV_CHARACTER, player, amount=action.arg, info=f"{name}|{side}"))

    def describe(self, game: CloneWarsGame) -> dict[str, Any]:
        chars = characters(game.edition)
        return {"free": [{"index": k, "name": chars[k][0], "side": chars[k][1]} for k in self.free(game)]}


class StartPlay(Step):
    """After the characters are chosen: roll for the first player and start the first turn."""

    FIELDS = ()
    automatic = True

    def run(self, game: CloneWarsGame) -> None:
        game.pop()
        game.start_play()
