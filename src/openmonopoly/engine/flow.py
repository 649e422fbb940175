"""Pending steps: the flow of a game kept as data.

The state holds a stack of steps. The top step is what the game waits for: a
decision step names the player who must decide and handles the actions that
answer it; an automatic step runs by itself (a payment due, the end of a move)
and may push further steps. Because the flow is data, a game can be saved,
cloned and resumed at every prompt, in the middle of an auction or a debt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from .actions import Action

_S = TypeVar("_S", bound="Step")


# The seats for which the steps that hold only a seat and never change (a turn's own, a purchase offer's) are
# made once at import and pushed by every game: more than any edition seats. A seat beyond them gets a step
# of its own.
SHARED_SEATS: Final = 16


@mypyc_attr(allow_interpreted_subclasses=True)
class Step:
    """Base of every pending step. Its fields, named in ``FIELDS``, are plain data.

    A subclass names its fields in ``FIELDS`` (in constructor order) and annotates them; every
    subclass is found by ``from_json`` through ``Step.__subclasses__``, so a step type needs no
    registration, only a class name no other step type uses.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()  # also the constructor's parameters, in order
    kind: ClassVar[str] = ""  # the prompt kind shown to players ("buy", "auction", ...)
    automatic: ClassVar[bool] = False
    answers: ClassVar[frozenset[str]] = frozenset()  # action kinds this step accepts
    player: int  # the decider, for the steps that have one

    def __init__(self, *args: Any) -> None:
        for name, value in zip(self.FIELDS, args, strict=True):
            setattr(self, name, value)

    # --- decision steps --------------------------------------------------------------------
    @property
    def decider(self) -> int:
        """Who must answer (-1: nobody); steps whose decider is not ``player`` override it."""
        try:
            return self.player
        except AttributeError:
            return -1

    def legal(self, game: Any, player: int) -> list[Action]:
        """The concrete actions answering this step (bids are given by ``bid_range``)."""
        return []

    def bid_range(self, game: Any, player: int) -> tuple[int, int] | None:
        return None

    def check(self, game: Any, player: int, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        return None

    def apply(self, game: Any, player: int, action: Action) -> None:
        raise NotImplementedError

    def describe(self, game: Any) -> dict[str, Any]:
        """Public details of the prompt (what is being bought, the bid to beat, ...)."""
        return {}

    def detail(self, game: Any, name: str) -> Any:
        """``describe(game)[name]``: one fact of the prompt. A step whose bots read a fact at every decision
        answers it from its fields, without building the whole dict (tests/invariants.py checks the two agree)."""
        return self.describe(game)[name]

    def int_detail(self, game: Any, name: str) -> int:
        """``detail(game, name)`` for a fact that is a whole number, as a native int: a step whose bots
        compare such a fact at nearly every decision (an auction's minimum) answers it from its fields with
        this very signature, so that the compiled call goes straight to it (``detail``'s overrides narrow
        ``game`` and are reached through a wrapper that checks its type) and the number is never boxed
        (tests/invariants.py checks it agrees with ``describe``)."""
        value: int = self.detail(game, name)
        return value

    # The engine asks these of the step on top at every action. As methods, the steps made at every turn
    # answer them from constants: read from a compiled object, a class attribute is looked up by name.
    # (tests/invariants.py checks every step's answers against its attributes.)
    def is_automatic(self) -> bool:
        """``automatic``."""
        return self.automatic

    def prompt_kind(self) -> str:
        """``kind``."""
        return self.kind

    def accepts(self, kind: str) -> bool:
        """``kind in answers``."""
        return kind in self.answers

    def debtor(self) -> int:
        """The player this step holds in debt (a debt step's payer); -1: not a debt. A method, not a
        look at ``kind``: the rules ask it of every pending step before most actions, and a compiled
        method call is far cheaper than reading a class attribute."""
        return -1

    def without(self, game: Any, player: int) -> Step | None:
        """This step once ``player`` has left the game (None: the step is void)."""
        return None if not self.automatic and self.decider == player else self

    # --- automatic steps -------------------------------------------------------------------
    def run(self, game: Any) -> None:
        raise NotImplementedError

    # --- persistence -----------------------------------------------------------------------
    def copy(self: _S) -> _S:
        # Through the constructor (whose parameters are FIELDS, in order): a compiled step class
        # sets its fields in __init__ only.
        return type(self)(*[getattr(self, name) for name in self.FIELDS])

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"step": type(self).__name__}
        for name in self.FIELDS:
            d[name] = _plain(getattr(self, name))
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> Step:
        name = d.get("step")
        cls = step_types().get(name) if isinstance(name, str) else None
        if cls is None:
            raise ValueError(f"unknown step {name!r} in saved game")
        return cls(*[cls.decode(field, d[field]) for field in cls.FIELDS])

    @classmethod
    def decode(cls, name: str, value: Any) -> Any:
        return _tuples(value)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and all(getattr(self, n) == getattr(other, n) for n in self.FIELDS)

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.FIELDS)
        return f"{type(self).__name__}({fields})"


def step_types() -> dict[str, type[Step]]:
    """Every step class by name (the ``"step"`` key of a saved step). Two classes may not share a name."""
    found: dict[str, type[Step]] = {}
    todo: list[type[Step]] = [Step]
    while todo:
        for sub in todo.pop().__subclasses__():
            other = found.setdefault(sub.__name__, sub)
            if other is not sub:
                where = [getattr(c, "__module__") for c in (other, sub)]  # noqa: B009 (mypyc: no cls.__module__)
                raise TypeError(
                    f"two step classes are named {sub.__name__}: {where[0]} and {where[1]}; "
                    "saved games could not tell them apart"
                )
            todo.append(sub)
    return found


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
