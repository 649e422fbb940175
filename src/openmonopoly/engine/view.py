"""``View``: what one player (or a spectator) may see of a game."""
from __future__ import annotations

import random
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .actions import Action
from .chance import Chance
from .events import Event
from .prompt import Legal, Prompt
from .state import State

if TYPE_CHECKING:
    from .game import Game


class View:
    """What one player (or a spectator, ``player=None``) may see of a game.

    It reads the live game, so it stays current; it never exposes deck order,
    the random state or another player's private cards. ``to_json`` gives the
    same content as plain data for the terminal, the web and RL.

    Speed: ``View(game, p)`` is an instance of a subclass made once per (view class, state class)
    with one C-level property (``operator.attrgetter``) per public state field, so ``view.cash``
    costs an attribute lookup, not a ``__getattr__`` call. Hidden fields get no property and
    are still refused by ``__getattr__``.
    """

    __slots__ = ("_game", "player")

    def __new__(cls, game: Game, player: int | None = None) -> "View":
        key = (cls, type(game.state))
        sub = _VIEW_CLASSES.get(key)
        if sub is None:
            sub = _VIEW_CLASSES[key] = _view_class(cls, type(game.state))
        return object.__new__(sub)

    def __init__(self, game: Game, player: int | None) -> None:
        self._game = game
        self.player = player

    def __reduce__(self) -> Any:
        return (type(self).__mro__[1], (self._game, self.player))

    edition = property(attrgetter("_game.edition"), doc="The game's edition.")
    options = property(attrgetter("_game.options"), doc="The game's options.")

    @property
    def prompt(self) -> Prompt | None:
        return self._game.prompt

    def legal_actions(self) -> Legal:
        return Legal([]) if self.player is None else self._game.legal_actions(self.player)

    def check(self, action: Action) -> str | None:
        return "spectators cannot act" if self.player is None else self._game.check(self.player, action)

    def events(self) -> list[Event]:
        return [e for e in self._game.history if e.visible_to(self.player)]

    def sample_game(self, seed: int) -> Game:
        """A determinized copy of the game, consistent with what this viewer sees (for search bots).

        A clone with events off whose hidden information is redrawn from ``seed``
        (``Game.resample_hidden``: deck orders shuffled, a family's private hands dealt anew) and
        whose chance source is a fresh one seeded from ``seed``, so neither the real deck order nor
        the real future dice can be read from it. Its record starts empty: it is a hypothetical
        game to play forward, not a copy of the real one. The real game is never touched.
        """
        rng = random.Random(seed)
        game = self._game.clone(events=False)
        game.resample_hidden(self.player, rng)
        game.seed = rng.getrandbits(63)
        game.chance = Chance(game.seed)
        game._record = []
        return game

    def __getattr__(self, name: str) -> Any:
        # Public state fields are readable by name; hidden ones are not.
        game = object.__getattribute__(self, "_game")
        if name in game.state.HIDDEN or name.startswith("_"):
            raise AttributeError(f"'{name}' is hidden from players")
        return getattr(game.state, name)

    def to_json(self) -> dict:
        g = self._game
        data = g.view_fields(self.player)
        prompt = g.prompt
        data["viewer"] = self.player
        data["prompt"] = None if prompt is None else prompt.to_json()
        data["legal"] = None if self.player is None else self.legal_actions().summary()
        return data


_VIEW_CLASSES: dict[tuple[type, type], type[View]] = {}


def _view_class(base: type[View], state_type: type[State]) -> type[View]:
    """``base`` with a read-only property per public field of ``state_type`` (see ``View``)."""
    fields: dict[str, Any] = {"__slots__": (), "__module__": base.__module__, "__qualname__": base.__qualname__}
    hidden = state_type.HIDDEN
    for cls in state_type.__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name in hidden or name.startswith("_") or hasattr(base, name) or name in fields:
                continue
            fields[name] = property(attrgetter("_game.state." + name))
    return type(base.__name__, (base,), fields)
