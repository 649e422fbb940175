"""Which screen class draws which game: the terminal's own table by rules family, and by the editions
a family's subclass plays (the way ``agents.by_family`` finds a bot), so no code asks a family's name.

A screen module is imported when a game of its family is first drawn (Empire's imports Empire's rules).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from .render import ClassicScreen

if TYPE_CHECKING:
    from ..engine.game import Game

# family id -> (module, class) of its screen
FAMILY_SCREENS: Final[dict[str, tuple[str, str]]] = {
    "classic": ("openmonopoly.cli.render", "ClassicScreen"),
    "mandalorian": ("openmonopoly.cli.mandalorian_screen", "MandalorianScreen"),
    "empire": ("openmonopoly.cli.empire_screen", "EmpireScreen"),
}
# Editions whose rules are a subclass of their family's (``Game.editions``) and that have screen parts.
EDITION_SCREENS: Final[dict[str, tuple[str, str]]] = {
    "clonewars": ("openmonopoly.cli.clonewars_screen", "CloneWarsScreen"),
}


def _load(where: tuple[str, str]) -> type[ClassicScreen]:
    cls: type[ClassicScreen] = getattr(importlib.import_module(where[0]), where[1])
    return cls


def screen_class(game: Game) -> type[ClassicScreen] | None:
    """The screen of ``game``'s rules (None: the terminal has no screen for its family)."""
    for cls in type(game).__mro__:
        for edition_id in vars(cls).get("editions", ()):
            if edition_id in EDITION_SCREENS:
                return _load(EDITION_SCREENS[edition_id])
    where = FAMILY_SCREENS.get(type(game).family)
    return _load(where) if where is not None else None


def screen_for(game: Game) -> ClassicScreen:
    """A screen drawing ``game`` (the classic screen for a family without one of its own)."""
    return (screen_class(game) or ClassicScreen)(game)
