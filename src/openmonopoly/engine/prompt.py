"""What a game waits for (``Prompt``) and what a player may answer (``Legal``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from mypy_extensions import mypyc_attr

from . import actions as A
from .actions import Action
from .errors import IllegalAction
from .flow import Step

# Prompt kinds that several families share (``Prompt.kind``; a step's ``kind``). A family's own kinds are
# constants beside its steps (e.g. ``rules/mandalorian/battle.py``, ``rules/empire/kinds.py``).
TURN: Final = "turn"  # the player whose turn it is: roll, or any-time actions first
BUY: Final = "buy"  # landed on an unowned property: buy it or (where the book auctions) decline
AUCTION: Final = "auction"  # the next bidder: bid or pass
TRADE: Final = "trade"  # a trade offered to this player: accept or reject
DEBT: Final = "debt"  # a payment this player cannot make yet: raise money, pay, or go bankrupt
CLAIM_RENT: Final = "claim-rent"  # the owner may claim rent before the next roll (rent must be claimed)


def numbered_action(kind: str, arg: int) -> Action:
    """``Action(kind, arg)`` (the same value), for the actions the compiled rules and bots make at every
    decision: actions are immutable, so each one with a small ``arg`` is made once and shared (building
    a NamedTuple goes through Python-level ``tuple.__new__``, a dozen times the cost of the lookup)."""
    if 0 <= arg < _SHARED_ARGS:
        # The kinds the bots make most (bids, builds, and a debt's mortgages and sales) find their row by
        # identity with the engine's own strings (constants, compiled), not by a dictionary lookup (about
        # 140 instructions); ``_SHARED`` holds the same rows, for an equal kind string that is another object.
        if kind is A.BID:
            row = _BIDS
        elif kind is A.BUILD:
            row = _BUILDS
        elif kind is A.MORTGAGE:
            row = _MORTGAGES
        elif kind is A.SELL:
            row = _SALES
        else:
            found = _SHARED.get(kind)
            if found is None:
                found = _SHARED[kind] = []
            row = found
        if arg >= len(row):
            for a in range(len(row), arg + 1):
                row.append(tuple.__new__(Action, (kind, a, None)))
        return row[arg]
    return tuple.__new__(Action, (kind, arg, None))


# The shared numbered actions, per kind by their argument (board positions, bids: small whole numbers).
_SHARED_ARGS: Final = 4096
_BIDS: Final[list[Action]] = []
_BUILDS: Final[list[Action]] = []
_MORTGAGES: Final[list[Action]] = []
_SALES: Final[list[Action]] = []
_SHARED: Final[dict[str, list[Action]]] = {A.BID: _BIDS, A.BUILD: _BUILDS, A.MORTGAGE: _MORTGAGES, A.SELL: _SALES}


# (acyclic: a prompt holds plain facts and, while it is answered, its step and game, none of which can lead
# back to it; compiled, its instances are then left out of the cycle collector's bookkeeping)
@mypyc_attr(acyclic=True)
class Prompt:
    """What the game waits for: ``player`` must answer a decision of ``kind``; ``details`` are its
    public facts (the lot and the bid to beat, the debt, the offer, ...).

    A small value object (a plain class rather than a NamedTuple: the compiled engine makes one per
    decision, and a native class is several times cheaper to create); it compares by value and
    unpacks as ``player, kind, details``."""

    __slots__ = ("player", "kind", "_details")

    def __init__(self, player: int, kind: str, details: dict[str, Any]) -> None:
        self.player = player
        self.kind = kind
        self._details = details

    @property
    def details(self) -> dict[str, Any]:
        return self._details

    def detail(self, name: str) -> Any:
        """``details[name]`` (``KeyError`` for a fact this prompt has not): a bot that reads a fact or two
        asks for them by name, and a bot's prompt then works out only those (``BotPrompt``)."""
        return self.details[name]

    def int_detail(self, name: str) -> int:
        """``detail(name)`` for a fact that is a whole number (a price, a bid, a seat), as an int: compiled,
        a bot's prompt hands it over unboxed (``BotPrompt``, ``Step.int_detail``)."""
        value: int = self.details[name]
        return value

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Prompt)
            and self.player == other.player
            and self.kind == other.kind
            and self.details == other.details
        )

    def __iter__(self) -> Iterator[Any]:
        return iter((self.player, self.kind, self.details))

    def __repr__(self) -> str:
        return f"Prompt(player={self.player!r}, kind={self.kind!r}, details={self.details!r})"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "details": self.details}


# (one freed instance kept for the next: ``play_out`` makes one per decision and drops the last)
@mypyc_attr(acyclic=True, free_list_len=1)
class BotPrompt(Prompt):
    """The prompt ``Game.play_out`` hands a bot: its details are worked out when first read, and only
    while the bot decides (``close``, once it has answered), since most answers never read them (the
    turn prompt's, most of all). Read afterwards, unread details raise ``RuntimeError``: by then the
    game has moved on and they can no longer be told."""

    __slots__ = ("_step", "_game", "_read")

    def __init__(self, player: int, kind: str, step: Step, game: Any) -> None:
        self.player = player
        self.kind = kind
        self._step: Step | None = step  # (typed: its ``describe`` is then a direct call)
        self._game = game
        self._read = False

    @property
    def details(self) -> dict[str, Any]:
        if not self._read:
            step = self._step
            if step is None:
                raise RuntimeError(
                    f"the details of this '{self.kind}' prompt were not read while it was being answered; "
                    "play_out works them out on demand, and the game has moved on since"
                )
            self._details = step.describe(self._game)
            self._read = True
        return self._details

    def detail(self, name: str) -> Any:
        if self._read:
            return self._details[name]
        step = self._step
        if step is None:
            return self.details[name]  # (raises: the prompt has been answered)
        return step.detail(self._game, name)

    def int_detail(self, name: str) -> int:
        if self._read:
            value: int = self._details[name]
            return value
        step = self._step
        if step is None:
            return Prompt.int_detail(self, name)  # (raises: the prompt has been answered)
        return step.int_detail(self._game, name)

    def close(self) -> None:
        """The bot has answered: details not read by now never will be (nor can they be any more)."""
        self._step = None
        self._game = None


class Legal:
    """Everything one player may do right now.

    ``actions`` are concrete actions; any ``bid N`` with ``bid_range[0] <= N <=
    bid_range[1]`` is legal too; and a trade may be proposed to any of
    ``trade_partners`` (whether a given offer is acceptable is for ``Game.check``).
    """

    __slots__ = ("actions", "bid_range", "trade_partners")

    def __init__(
        self, actions: list[Action], bid_range: tuple[int, int] | None = None, trade_partners: tuple[int, ...] = ()
    ) -> None:
        self.actions = actions
        self.bid_range = bid_range
        self.trade_partners = trade_partners

    def __iter__(self) -> Iterator[Action]:
        """Every concrete action, then every legal bid amount (trades cannot be listed)."""
        yield from self.actions
        if self.bid_range is not None:
            for amount in range(self.bid_range[0], self.bid_range[1] + 1):
                yield Action(A.BID, amount)

    def __len__(self) -> int:
        return len(self.actions) + (0 if self.bid_range is None else self.bid_range[1] - self.bid_range[0] + 1)

    def __bool__(self) -> bool:
        return bool(self.actions) or self.bid_range is not None or bool(self.trade_partners)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if action.kind == A.BID and self.bid_range is not None:
            return self.bid_range[0] <= action.arg <= self.bid_range[1]
        return action in self.actions

    def first(self) -> Action:
        """A legal action to fall back on: the first concrete one, else the lowest legal bid."""
        if self.actions:
            return self.actions[0]
        if self.bid_range is not None:
            return Action(A.BID, self.bid_range[0])
        raise IllegalAction("nothing is legal for this player now")

    def summary(self) -> list[str]:
        out = [str(a) for a in self.actions]
        if self.bid_range is not None:
            out.append(f"bid {self.bid_range[0]}..{self.bid_range[1]}")
        if self.trade_partners:
            out.append("trade " + "|".join(map(str, self.trade_partners)) + " ...")
        return out

    def __repr__(self) -> str:
        return f"Legal({self.summary()})"
