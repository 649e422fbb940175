"""Typed errors raised by the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..editions.schema import EditionError
from ..errors import OpenMonopolyError

if TYPE_CHECKING:
    from .actions import Action


class IllegalAction(OpenMonopolyError):
    """An action that the rules do not allow now. The game is left untouched.

    ``reason`` says what is wrong; ``legal`` lists what the player may do instead.
    """

    def __init__(
        self, reason: str, action: Action | str | None = None, player: int | None = None, legal: Sequence[Action] = ()
    ) -> None:
        self.reason = reason
        self.action = action
        self.player = player
        self.legal = list(legal)
        shown = ", ".join(str(a) for a in self.legal[:30])
        more = "" if len(self.legal) <= 30 else f", ... ({len(self.legal)} in all)"
        who = "" if player is None else f"player {player}: "
        what = "" if action is None else f"{action!s}: "
        super().__init__(f"{who}{what}{reason}" + (f" (legal now: {shown}{more})" if self.legal else ""))


class BadActionText(IllegalAction):
    """Text that does not parse as an action at all."""


class BadArgument(OpenMonopolyError, ValueError):
    """A malformed argument to ``Game(...)`` (players, seed, options, chance): says what is allowed."""


class ReplayMismatch(OpenMonopolyError):
    """A record that does not replay to the game it claims to describe."""


__all__ = ["BadActionText", "BadArgument", "EditionError", "IllegalAction", "OpenMonopolyError", "ReplayMismatch"]
