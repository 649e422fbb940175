"""How the movement analysis (``markov``, ``simulate_moves``) models a family's token, one module per
family (or edition) id defining ``MOVEMENT``, found by name along the rules class's MRO
(``registry.find_face``): a family gets a model by adding its module, with no table to edit."""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass
from typing import Any

from ... import registry
from ...editions import Edition
from ...engine.game import rules_class


@dataclass(frozen=True)
class Movement:
    """How this analysis models a rules family's token: which chain, which dice, what draws a card
    and which card effects move the token on (the movement rules the chains re-state as numbers)."""

    chain: str  # "doubles": two dice, three doubles to jail; "grogu": one die
    swapper: bool = False  # Empire: the second die's swapper face moves only the first die
    card_spaces: tuple[str, ...] = ("card",)
    card_moves: frozenset[str] = frozenset()  # effects beyond advance and go-to-jail that move the token
    defaults: tuple[tuple[str, Any], ...] = ()  # the model's assumptions, overridable by ``move_model``


def movement_of(ed: Edition) -> Movement:
    """The model of ``ed``'s token; ``ValueError`` for a family this analysis has no model of."""
    module = registry.find_face(__name__, rules_class(ed))
    if module is None:
        modelled = ", ".join(sorted(m.name for m in pkgutil.iter_modules(__path__)))
        raise ValueError(f"no movement model for the {ed.family!r} family; modelled: {modelled}")
    movement: Movement = module.MOVEMENT
    return movement
