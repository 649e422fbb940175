"""Pending steps: the flow of a game kept as data.

The state holds a stack of steps. The top step is what the game waits for: a
decision step names the player who must decide and handles the actions that
answer it; an automatic step runs by itself (a payment due, the end of a move)
and may push further steps. Because the flow is data, a game can be saved,
cloned and resumed at every prompt, in the middle of an auction or a debt.
"""
from __future__ import annotations

from operator import attrgetter
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

STEP_TYPES: dict[str, type["Step"]] = {}


def register(cls: type["Step"]) -> type["Step"]:
    """Class decorator: make a step type known to ``Step.from_json``.

    A step with a ``player`` slot that keeps the default ``decider`` reads it through a C-level
    property (the hot path asks every step on top of the stack for its decider)."""
    STEP_TYPES[cls.__name__] = cls
    if cls.decider is Step.__dict__["decider"] and isinstance(getattr(cls, "player", None), MemberDescriptorType):
        cls.decider = property(attrgetter("player"))  # type: ignore[assignment,method-assign]
    return cls


class Step:
    """Base of every pending step. Fields live in ``__slots__`` and are plain data."""

    __slots__: tuple[str, ...] = ()
    kind: ClassVar[str] = ""            # the prompt kind shown to players ("buy", "auction", ...)
    automatic: ClassVar[bool] = False
    answers: ClassVar[frozenset[str]] = frozenset()   # action kinds this step accepts

    def __init__(self, *args: Any) -> None:
        for name, value in zip(self.__slots__, args, strict=True):
            setattr(self, name, value)

    # --- decision steps --------------------------------------------------------------------
    @property
    def decider(self) -> int:
        return getattr(self, "player", -1)

    def legal(self, game: "Game", player: int) -> list["Action"]:
        """The concrete actions answering this step (bids are given by ``bid_range``)."""
        return []

    def bid_range(self, game: "Game", player: int) -> tuple[int, int] | None:
        return None

    def check(self, game: "Game", player: int, action: "Action") -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        return None

    def apply(self, game: "Game", player: int, action: "Action") -> None:
        raise NotImplementedError

    def describe(self, game: "Game") -> dict:
        """Public details of the prompt (what is being bought, the bid to beat, ...)."""
        return {}

    def without(self, game: "Game", player: int) -> "Step | None":
        """This step once ``player`` has left the game (None: the step is void)."""
        return None if not self.automatic and self.decider == player else self

    # --- automatic steps -------------------------------------------------------------------
    def run(self, game: "Game") -> None:
        raise NotImplementedError

    # --- persistence -----------------------------------------------------------------------
    def copy(self) -> "Step":
        new = object.__new__(type(self))
        for name in self.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    def to_json(self) -> dict:
        d: dict[str, Any] = {"step": type(self).__name__}
        for name in self.__slots__:
            d[name] = _plain(getattr(self, name))
        return d

    @staticmethod
    def from_json(d: dict) -> "Step":
        cls = STEP_TYPES[d["step"]]
        new = object.__new__(cls)
        for name in cls.__slots__:
            setattr(new, name, cls.decode(name, d[name]))
        return new

    @classmethod
    def decode(cls, name: str, value: Any) -> Any:
        return _tuples(value)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"


def _plain(value: Any) -> Any:
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
