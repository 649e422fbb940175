"""The heuristic bot for every family: the classic bot, or the family's own bot where there is one."""

from __future__ import annotations

import importlib
from typing import Final

from ..engine.actions import Action
from ..engine.game import Prompt, View
from .base import Agent
from .heuristic import HeuristicAgent

# Rules families with their own heuristic bot: family -> (module, class).
FAMILY_HEURISTICS: Final[dict[str, tuple[str, str]]] = {
    "empire": ("openmonopoly.agents.empire", "EmpireAgent"),
    "mandalorian": ("openmonopoly.agents.mandalorian", "MandalorianAgent"),
}


class FamilyHeuristic(HeuristicAgent):
    """``HeuristicAgent`` that hands every prompt of a family with its own bot to that bot."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seed = seed
        self.family_bot: Agent | None = None
        self._classic_view: View | None = None  # the last view seen of a family the classic bot plays

    def act(self, view: View, prompt: Prompt) -> Action:
        if view is self._classic_view:  # the same game: its family need not be read again (slow)
            return super().act(view, prompt)
        family = view.edition.family
        if family not in FAMILY_HEURISTICS:
            self._classic_view = view
            return super().act(view, prompt)
        if self.family_bot is None:
            module, name = FAMILY_HEURISTICS[family]
            self.family_bot = bot = getattr(importlib.import_module(module), name)(self.seed)
            return bot.act(view, prompt)
        return self.family_bot.act(view, prompt)
