"""Rules: the shared parts (money, debts, auctions, buildings, mortgages, trades, jail, cards,
movement) and the rules families that string them into games.

Each family registers its Game class with ``openmonopoly.registry`` when its modules are imported;
this module says which modules make up each family (the family's own first, then its editions
with rules of their own), so that a family is imported only when one of its editions is used.
"""

from __future__ import annotations

from ..registry import declare

declare(
    "classic",
    "openmonopoly.rules.classic.game",
    "openmonopoly.rules.classic.editions.sailormoon",
    "openmonopoly.rules.classic.editions.clonewars.game",
)
declare("mandalorian", "openmonopoly.rules.mandalorian.game")
declare("empire", "openmonopoly.rules.empire.game")
