"""Monopoly: Sailor Moon (USAopoly 2018): the classic game in the rulebook's own terms.

Most of what this rulebook changes is data in ``editions/data/sailormoon.json``: auctions open
at $1 with bids only up to the cash a bidder holds (``bid_limited_to_cash``) and the last bidder
must buy (the engine's auctions always make the high bidder pay); Items charge 4x/10x a fresh
roll of both dice (``utility_rent_reroll``); the doubled Character rent needs an unmortgaged
colour group (``set_rent_needs_unmortgaged``). In code: a creditor who receives mortgaged
properties from a bankrupt player pays the 10% on each at once (``QuickerGame``), a debt to the
bank auctions the properties free of mortgage (as in the classic engine), and the Quicker Game
option (``rules/classic/quicker_game.py``).
"""

from __future__ import annotations

from ....registry import register
from ..quicker_game import QuickerGame


class SailorMoonGame(QuickerGame):
    editions = ("sailormoon",)
    QUICKER_NAME = "Quicker Game"


register(SailorMoonGame)
