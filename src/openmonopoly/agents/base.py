"""Agents: anything with ``act(view, prompt) -> action``. They never see the full state."""
from __future__ import annotations

from typing import Protocol

from ..engine.actions import Action
from ..engine.game import Prompt, View


class Agent(Protocol):
    name: str

    def act(self, view: View, prompt: Prompt) -> Action:
        ...


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
