"""The candidate actions a search or a learned bot chooses among at one prompt (its *menu*).

A prompt may allow hundreds of actions (every bid amount, every trade): the menu is a small, finite
list of the ones worth weighing -- the answers to the prompt, bids discretised to a few amounts around
the lot's price, builds (one spot per colour set) and lifts of mortgages on the bot's turn -- with the
advisor's own choice first (which may be a trade proposal: trades are never enumerated, only suggested).
"""

from __future__ import annotations

from typing import Any

from ..engine import actions as A
from ..engine import prompt as P
from ..engine.actions import Action
from ..engine.prompt import Prompt

DEFER = frozenset({"debt", "claim-rent"})  # prompt kinds answered by the advisor, never weighed
_BID_FRACTIONS = (1.0, 1.3, 1.7)  # jump bids, as fractions of a property's price
_SEARCH_ANYTIME = frozenset({A.BUILD, A.UNMORTGAGE})


def candidates(view: Any, prompt: Prompt, legal: Any, suggestion: Action | None, max_menu: int) -> list[Action]:
    """At most ``max_menu`` candidates, ``suggestion`` first (``view``: a View of any game)."""
    out: list[Action] = []
    seen: set[Action] = set()

    def add(action: Action) -> None:
        if action not in seen and len(out) < max_menu:
            seen.add(action)
            out.append(action)

    if suggestion is not None:
        add(suggestion)
    anytime_kinds = view.action_kinds.anytime
    for action in legal.actions:  # the prompt's own answers
        if action.kind not in anytime_kinds:
            add(action)
    if legal.bid_range is not None:
        for amount in _bids(view, prompt, legal.bid_range):
            add(Action(A.BID, amount))
    if prompt.kind == P.TURN:  # builds (one spot per set) and mortgage lifts
        ed = view.edition
        board, group_of = ed.board, ed.group_of
        best: dict[tuple[str, int], Action] = {}
        for action in legal.actions:
            if action.kind in _SEARCH_ANYTIME and 0 <= action.arg < len(board):
                g = group_of[action.arg] if action.kind == A.BUILD else action.arg
                key = (action.kind, g)
                old = best.get(key)
                if old is None or board[action.arg].price > board[old.arg].price:
                    best[key] = action
        lifts = sorted((a for a in best.values() if a.kind == A.UNMORTGAGE), key=lambda a: -board[a.arg].price)[:2]
        for action in best.values():
            if action.kind == A.BUILD:
                add(action)
        for action in lifts:
            add(action)
    return out


def _bids(view: Any, prompt: Prompt, bid_range: tuple[int, int]) -> list[int]:
    lo, hi = bid_range
    me = view.player
    try:
        cap = min(hi, view.cash[me])
    except (AttributeError, IndexError, TypeError):
        cap = hi
    if cap < lo:
        return [lo]
    amounts = [lo]
    lot = prompt.details.get("lot", -1) if isinstance(prompt.details, dict) else -1
    board = view.edition.board
    price = board[lot].price if isinstance(lot, int) and 0 <= lot < len(board) else 0
    if price:
        amounts += [int(price * f) for f in _BID_FRACTIONS]
    else:
        amounts.append(lo + (cap - lo) // 3)
    return sorted({a for a in amounts if lo <= a <= cap})
