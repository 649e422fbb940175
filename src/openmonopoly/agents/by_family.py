"""The heuristic bot for every family: the classic bot, or the family's own bot where there is one.

A family's own bot is ``HEURISTIC`` in ``agents/families/<name>.py``, found by name along the rules
class's MRO (``registry.find_face``): an edition's own bot first, then its family's. It subclasses
``engine.agent.CompiledAgent`` (called through the method table, here as in ``Game.play_out``).
"""

from __future__ import annotations

from .. import registry
from ..editions import Edition
from ..engine.actions import Action
from ..engine.agent import CompiledAgent
from ..engine.game import rules_class
from ..engine.prompt import Prompt
from ..engine.view import View
from .heuristic import HeuristicAgent

FAMILY_BOTS = "openmonopoly.agents.families"


def family_bot_class(view: View) -> type | None:
    """The bot class of the game ``view`` shows, if its edition or family has one of its own."""
    return edition_bot_class(view.edition)


def edition_bot_class(edition: Edition) -> type | None:
    """The bot class of ``edition``'s games, if its edition or family has one of its own."""
    global _last
    last_edition, last_bot = _last
    if edition is last_edition:  # (the edition asked about last: a simulation asks for every bot of every game)
        return last_bot
    game_class = rules_class(edition)
    if game_class in _BOT_CLASSES:  # (found once per game class)
        found = _BOT_CLASSES[game_class]
    else:
        module = registry.find_face(FAMILY_BOTS, game_class)
        found = _BOT_CLASSES[game_class] = None if module is None else module.HEURISTIC
    _last = (edition, found)  # (one object replaced: a thread never reads one edition with another's bot)
    return found


_BOT_CLASSES: dict[type, type | None] = {}
_last: tuple[Edition | None, type | None] = (None, None)


def heuristic_class(edition: Edition) -> type:
    """What makes the heuristic bot (``make_agent("heuristic", seed)``) of ``edition``'s games when the edition
    is known before the game starts (``sim.runner``): the family's own bot where it has one, else the classic
    bot. They play as ``FamilyHeuristic`` does, without its forwarding call at every decision and without a
    classic bot made and never used in every game of a family with its own (a short game's set-up is a good
    part of its cost)."""
    found = edition_bot_class(edition)
    return HeuristicAgent if found is None else found


class FamilyHeuristic(HeuristicAgent):
    """``HeuristicAgent`` that hands every prompt of a family with its own bot to that bot."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seed = seed
        self.family_bot: CompiledAgent | None = None  # (typed: its ``act`` is called through the method table)
        self._classic_view: View | None = None  # the last view seen of a family the classic bot plays

    def act(self, view: View, prompt: Prompt) -> Action:
        if view is self._classic_view:  # the same game: its family need not be read again (slow)
            return super().act(view, prompt)
        bot = self.family_bot
        if bot is not None:
            return bot.act(view, prompt)
        cls = family_bot_class(view)
        if cls is None:
            self._classic_view = view
            return super().act(view, prompt)
        self.family_bot = bot = cls(self.seed)
        return bot.act(view, prompt)
