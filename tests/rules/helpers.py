"""Classic-family facts for the rule tests (Star Wars 40th, classic, Clone Wars, Sailor Moon).

The scenario helpers themselves (set cash, own, place, script a roll, refusals) are the shared kit,
``tests/kit.py``; this module adds the classic family's defaults, deck numbers and its books check.
"""

from __future__ import annotations

import kit
import openmonopoly as om
from openmonopoly.engine.state import BANK

SW = "starwars40"
CL = "classic"

# Deck indices (the same for both editions).
FORCE = CHANCE = 0
CARGO = COMMUNITY_CHEST = 1


def new_game(
    edition: str = SW, players: int = 4, *, options: dict | None = None, seed: int = 1, first: int = 0
) -> om.Game:
    """``kit.new_game`` with the Star Wars board by default."""
    return kit.new_game(edition, players, seed=seed, options=options, first=first)


def check_invariants(g: om.Game) -> None:
    """The classic family's books: money conserved, the building supply and the cards all accounted for."""
    s = g.state
    assert sum(s.cash) - s.bank_net == s.n * g.starting_cash()
    houses = sum(lv for lv in s.level if 0 < lv < g.hotel_level)
    hotels = sum(1 for lv in s.level if lv == g.hotel_level)
    assert houses + s.bank_houses == g.edition.rules.houses
    assert hotels + s.bank_hotels == g.edition.rules.hotels
    for pos, lv in enumerate(s.level):
        if lv:
            assert s.owner[pos] != BANK
    cards = sum(len(d) for d in s.decks) + sum(len(h) for h in s.held)
    assert cards == sum(len(d.cards) for d in g.edition.decks)
