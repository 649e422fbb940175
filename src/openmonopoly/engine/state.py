"""Game state as plain data: lists of numbers, copied and serialised field by field."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from .flow import Step

BANK: Final = -1


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """Fields every family shares. Families subclass it, extend ``FIELDS`` and annotate the new fields.

    Per-player fields are lists indexed by seat; per-space fields are lists
    indexed by board position. ``bank_net`` is what the bank has paid out minus
    what it has received, so ``sum(cash) - bank_net`` stays at the starting total.
    """

    FIELDS: ClassVar[tuple[str, ...]] = (
        "n",
        "names",
        "cash",
        "position",
        "alive",
        "current",
        "first_player",
        "round",
        "turns",
        "stack",
        "over",
        "winners",
        "end_reason",
        "bank_net",
        "dice",
    )
    # Fields added after saved games were written: a save without one reads as this value (what the game
    # it came from had, the field not existing then), so an upgrade never makes a stored game unloadable.
    LATER_FIELDS: ClassVar[dict[str, Any]] = {}
    # Fields that bots and views may not see (deck order and the like); families extend it.
    HIDDEN: ClassVar[frozenset[str]] = frozenset()

    n: int
    names: list[str]
    cash: list[int]
    position: list[int]
    alive: list[bool]
    current: int
    first_player: int
    round: int
    turns: int
    stack: list[Step]
    over: bool
    winners: list[int]
    end_reason: str
    bank_net: int
    dice: tuple[int, ...]
    # Every family also has these (the shared rule modules - jail, trade, cards - read them in any
    # family). Declared here so that compiled code reads them typed; each family initialises them
    # and lists them in its own FIELDS, where they keep their place in its saved games.
    in_jail: list[bool]
    jail_turns: list[int]
    held: list[list[int]]  # per seat: cards kept (classic: get-out-of-jail cards)
    owner: list[int]  # per space: the owning seat, or BANK
    doubles: int  # doubles rolled so far this turn (the families with two dice)
    decks: list[list[int]]  # per deck: card indices in draw order (hidden)
    # How many times a rule has written ``owner`` (and, in the families with buildings, ``level``): every
    # rule that changes an owner or a level counts it, so a bot keeps what it worked out from them (its
    # full sets, its trade plans, the threat of the buildings) until the count moves, rather than comparing
    # the lists at every decision. Not saved and not copied: a copy or a loaded state starts again at 0
    # with lists of its own, and readers key on the list itself as well as on the count.
    owner_changes: int = 0
    level_changes: int = 0

    def __init__(self, names: list[str], start_cash: int) -> None:
        n = len(names)
        self.n = n
        self.names = list(names)
        self.cash = [start_cash] * n
        self.position = [0] * n
        self.alive = [True] * n
        self.current = 0
        self.first_player = 0
        self.round = 1
        self.turns = 0
        self.stack = []
        self.over = False
        self.winners = []
        self.end_reason = ""
        self.bank_net = 0
        self.dice = ()

    def copy(self) -> State:
        cls = type(self)
        new = cls.__new__(cls)  # (a compiled class's __new__ skips __init__ like object's)
        for name in self.FIELDS:
            setattr(new, name, _copy_value(getattr(self, name)))
        return new

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for name in self.FIELDS:
            value = getattr(self, name)
            d[name] = [s.to_json() for s in value] if name == "stack" else _plain(value)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        new = cls.__new__(cls)
        for name in cls.FIELDS:
            value = d[name] if name in d or name not in cls.LATER_FIELDS else cls.LATER_FIELDS[name]
            if name == "stack":
                value = [Step.from_json(s) for s in value]
            elif name == "dice":
                value = tuple(value)
            else:
                value = cls.decode(name, value)
            setattr(new, name, value)
        return new

    @classmethod
    def decode(cls, name: str, value: Any) -> Any:
        return value


def _copy_value(value: Any) -> Any:
    if isinstance(value, list):
        if value and isinstance(value[0], list):
            return [list(v) for v in value]
        if value and isinstance(value[0], Step):
            return [s.copy() for s in value]
        return list(value)
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class ChangeWatch:
    """Whether a state list counted by a change count (``owner`` by ``owner_changes``, ``level`` by
    ``level_changes``) may have changed since the last look: the list itself and its count then. For
    readers that keep what they worked out from the list and compare it only when this says so."""

    def __init__(self) -> None:
        self.seen: list[Any] | None = None
        self.count = -1

    def moved(self, now: list[Any], count: int) -> bool:
        """Whether ``now`` is another list than last time or its ``count`` has moved (and remember both)."""
        if now is self.seen and count == self.count:
            return False
        self.seen = now
        self.count = count
        return True


def dice_pair(d1: int, d2: int) -> tuple[int, ...]:
    """``(d1, d2)``, shared for two faces of six-sided dice: the dice shown are kept on the state at every
    roll, and a tuple made and freed per roll cost more than a tenth of moving a token."""
    if 0 < d1 <= 6 and 0 < d2 <= 6:
        return DICE_PAIRS[d1 * 7 + d2]
    return (d1, d2)


# (typed as tuples of any length: compiled, a ``tuple[int, int]`` is unboxed and made again when returned)
DICE_PAIRS: Final[tuple[tuple[int, ...], ...]] = tuple((a, b) for a in range(7) for b in range(7))
