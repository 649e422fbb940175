"""Difficulty levels: the bots people pick as opponents, weakest first.

* ``easy``: the heuristic bot, except that a fifth of its decisions are a random legal action (it still
  never proposes random trades), so it misses purchases, bids oddly and builds late;
* ``normal``: the heuristic bot (``FamilyHeuristic``);
* ``hard``: the learned bot (``LearnedAgent``);
* ``expert``: the search bot (``MCTSAgent``) over the learned bot: the learned bot's choice is the candidate
  to beat, the search must find a clearly better one on paired determinizations.

The catalogue names them in each edition's words (``catalogue.difficulties``).
"""

from __future__ import annotations

import random

from ..engine import prompt as P
from ..engine.actions import Action
from ..engine.prompt import Prompt
from ..engine.view import View
from .by_family import FamilyHeuristic
from .random_bot import RandomAgent

LEVELS = ("easy", "normal", "hard", "expert")
EASY_RANDOM_SHARE = 0.2


class EasyAgent:
    name = "easy"

    def __init__(self, seed: int = 0, random_share: float = EASY_RANDOM_SHARE) -> None:
        self.rng = random.Random(seed)
        self.random_share = random_share
        self.heuristic = FamilyHeuristic(seed)
        self.random = RandomAgent(seed ^ 0x5EED, trade_weight=0.0)

    def act(self, view: View, prompt: Prompt) -> Action:
        # 'debt' stays with the heuristic: a random liquidation order can sell buildings for nothing
        if prompt.kind != P.DEBT and self.rng.random() < self.random_share:
            return self.random.act(view, prompt)
        return self.heuristic.act(view, prompt)


def make_level(level: str, seed: int = 0):
    if level == "easy":
        return EasyAgent(seed)
    if level == "normal":
        return FamilyHeuristic(seed)
    from .learned import LearnedAgent

    if level == "hard":
        return LearnedAgent(seed)
    if level == "expert":
        from .mcts import MCTSAgent

        return MCTSAgent(seed, advisor=LearnedAgent(seed))
    raise ValueError(f"unknown difficulty {level!r}; known: {', '.join(LEVELS)}")
