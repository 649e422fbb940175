"""The classic family's edition data: the typed rules table and the checks of an edition file.

``ClassicGame.compile_rules`` calls ``compile_classic``: it reads the classic spaces' own fields
(prices, mortgages, rents, building costs, taxes), builds the board's tables (properties, railroads,
utilities) and the ``ClassicRules`` of the file's ``rules`` section. What a valid file is, is said once,
by the schema in ``schema.py``, which the loader asks first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...editions.schema import PROPERTY_TYPES, RAILROAD, STREET, TAX, UTILITY, Edition, Rules


@dataclass(frozen=True)
class ClassicRules(Rules):
    go_salary: int
    houses: int  # the bank's supply
    hotels: int
    max_houses: int  # houses on a street before its hotel (the quicker game lowers it in play)
    building_auction_opening_bid: int
    bid_limited_to_cash: bool  # bids only up to the cash in hand (else cash + what could be raised)
    utility_rent_reroll: bool  # utility rent on a fresh roll of both dice (else the moving roll)
    railroad_rent: tuple[int, ...]  # by railroads owned
    utility_multipliers: tuple[int, ...]  # by utilities owned
    mortgage_interest_percent: int
    set_rent_needs_unmortgaged: bool = False  # Sailor Moon: double rent only with no street of the set mortgaged
    last_bidder_must_buy: bool = False
    bank_bankruptcy_auction_all: bool = True


def compile_classic(e: Edition) -> ClassicRules:
    """The board's tables and the typed rules of an edition the schema (``schema.py``) accepted."""
    for space in e.board:
        s = space.raw
        if space.type in PROPERTY_TYPES:
            space.price = s["price"]
            space.mortgage = s["mortgage"]
            unmortgage = s.get("unmortgage")
            space.unmortgage = math.ceil(space.mortgage * 1.1 - 1e-9) if unmortgage is None else unmortgage
        if space.type == STREET:
            space.rent = tuple(s["rent"])
            space.house_cost = s["house_cost"]
            hotel_cost = s.get("hotel_cost")
            space.hotel_cost = space.house_cost if hotel_cost is None else hotel_cost
        elif space.type == TAX:
            space.amount = s["amount"]
    e.properties = tuple(s.position for s in e.board if s.type in PROPERTY_TYPES)
    e.railroads = tuple(s.position for s in e.board if s.type == RAILROAD)
    e.utilities = tuple(s.position for s in e.board if s.type == UTILITY)
    r = e.raw["rules"]
    return ClassicRules(
        start_cash=r["start_cash"],
        jail_position=r["jail_position"],
        jail_fine=r["jail_fine"],
        auction_opening_bid=r["auction_opening_bid"],
        auction_increment=r["auction_increment"],
        go_salary=r["go_salary"],
        houses=r["houses"],
        hotels=r["hotels"],
        max_houses=r["max_houses"],
        building_auction_opening_bid=r["building_auction_opening_bid"],
        bid_limited_to_cash=r["bid_limited_to_cash"],
        utility_rent_reroll=r["utility_rent_reroll"],
        railroad_rent=tuple(r["railroad_rent"]),
        utility_multipliers=tuple(r["utility_multipliers"]),
        mortgage_interest_percent=r["mortgage_interest_percent"],
        set_rent_needs_unmortgaged=r.get("set_rent_needs_unmortgaged", False),
        last_bidder_must_buy=r.get("last_bidder_must_buy", False),
        bank_bankruptcy_auction_all=r.get("bank_bankruptcy_auction_all", True),
    )
