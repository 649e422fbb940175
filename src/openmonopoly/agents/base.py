"""Agents: anything with ``act(view, prompt) -> action``. They never see the full state."""

from __future__ import annotations

from typing import Protocol, TypeVar

from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from ..engine.prompt import Prompt
from ..engine.view import View


class Agent(Protocol):
    name: str

    def act(self, view: View, prompt: Prompt) -> Action: ...


V = TypeVar("V", bound=View)


def seat_of(view: View) -> int:
    """The seat a bot's view belongs to (bots are never handed a spectator's view)."""
    player = view.player
    assert player is not None, "a bot needs a player's view, not a spectator's"
    return player


def family_view(view: View, cls: type[V]) -> V:
    """``view`` as ``cls``, the family's view class whose typed fields its bot reads (``game.view(p)`` is
    one already; a view made directly as ``View(game, p)`` is not)."""
    return view if isinstance(view, cls) else cls(view._game, view.player)


def group_counts(members: tuple[int, ...], owner: list[int], me: int, pos: int) -> tuple[int, int, int]:
    """(mine, others', unowned) among ``members`` of ``pos``'s colour set, ``pos`` itself excluded."""
    mine = other = free = 0
    for q in members:
        if q == pos:
            continue
        o = owner[q]
        if o == me:
            mine += 1
        elif o == -1:
            free += 1
        else:
            other += 1
    return mine, other, free


# Bots offer a trade or two a turn: built straight as tuples, an offer and its action skip the NamedTuples'
# Python-level ``__new__`` (the same values, at a fraction of the cost).
def trade_offer(
    proposer: int,
    target: int,
    give: tuple[int, ...],
    take: tuple[int, ...],
    cash: int,
    give_cards: tuple[int, ...] = (),
) -> TradeOffer:
    """``TradeOffer(proposer, target, give, take, cash, give_cards)``: properties, cash and the proposer's cards,
    none asked for (the NamedTuple's own ``__new__`` is interpreted Python)."""
    return tuple.__new__(TradeOffer, (proposer, target, give, take, cash, give_cards, ()))


def trade_action(offer: TradeOffer) -> Action:
    """``Action(TRADE, offer=offer)``."""
    return tuple.__new__(Action, (A.TRADE, -1, offer))
