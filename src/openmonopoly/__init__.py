"""openmonopoly: one engine that plays Monopoly editions exactly by their rulebooks."""
from . import _native  # noqa: F401  (first: chooses the compiled core or the pure-Python sources)
from . import rules  # noqa: F401  (declares the rules families to the registry; imports none of them)
from .editions import edition_ids
from .editions import load as load_edition
from .engine.actions import Action, TradeOffer
from .engine.errors import BadActionText, EditionError, IllegalAction, OpenMonopolyError, ReplayMismatch
from .engine.events import Event
from .engine.game import Game, Legal, Prompt, View
from .engine.options import BadOption

__all__ = ["Action", "BadActionText", "BadOption", "EditionError", "Event", "Game", "IllegalAction", "Legal",
           "OpenMonopolyError", "Prompt", "ReplayMismatch", "TradeOffer", "View", "edition_ids", "load_edition"]
__version__ = "0.1.0"
