"""Agents: anything with ``act(view, prompt) -> action``. They never see the full state."""
from __future__ import annotations

from typing import Protocol

from ..engine.actions import Action
from ..engine.game import Prompt, View


class Agent(Protocol):
    name: str

    def act(self, view: View, prompt: Prompt) -> Action:
        ...
