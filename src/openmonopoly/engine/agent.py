"""The base class of the bots compiled with the engine, which ``Game.play_out`` calls directly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from .actions import Action
    from .prompt import Prompt
    from .view import View


@mypyc_attr(allow_interpreted_subclasses=True)
class CompiledAgent:
    """A bot whose ``act`` the compiled ``Game.play_out`` calls through the class's method table instead of
    as a Python call (a bound method's call and its arguments' checks cost as much as a small decision).

    Any object with ``act(view, prompt) -> action`` plays a game just as well: subclassing this only makes
    the call cheaper. The engine's own bots (heuristic, family, random) subclass it."""

    def act(self, view: View, prompt: Prompt) -> Action:
        raise NotImplementedError(f"{type(self).__name__} must define act(view, prompt)")
