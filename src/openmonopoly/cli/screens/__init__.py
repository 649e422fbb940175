"""Which screen class draws which game, found by name: ``cli/screens/<name>.py`` defines ``SCREEN``, where
``<name>`` is, walking the game's rules class's MRO, an edition a class plays and then its family
(``registry.find_face``), so adding a family's screen is adding its module and no code asks a family's name.

A screen module is imported when a game of its family is first drawn (Empire's imports Empire's rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import registry
from ..render import ClassicScreen

if TYPE_CHECKING:
    from ...engine.game import Game

PACKAGE = __name__


def screen_class(game: Game) -> type[ClassicScreen] | None:
    """The screen of ``game``'s rules (None: the terminal has no screen for its family)."""
    module = registry.find_face(PACKAGE, type(game))
    if module is None:
        return None
    cls: type[ClassicScreen] = module.SCREEN
    return cls


def screen_for(game: Game) -> ClassicScreen:
    """A screen drawing ``game`` (the classic screen for a family without one of its own)."""
    return (screen_class(game) or ClassicScreen)(game)
