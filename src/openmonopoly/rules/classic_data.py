"""The classic family's edition data: the typed rules table and the checks of an edition file.

``ClassicGame.compile_rules`` calls ``compile_classic``: it reads the classic spaces' own fields
(prices, mortgages, rents, building costs, taxes), builds the board's tables (colour groups,
properties, railroads, utilities) and the ``ClassicRules`` of the file's ``rules`` section, and
names the file, the field and what is wrong at the first problem.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..editions.schema import (
    CARD,
    CLASSIC_SPACE_TYPES,
    GO,
    JAIL,
    PROPERTY_TYPES,
    RAILROAD,
    STREET,
    TAX,
    UTILITY,
    Edition,
    Rules,
    fail,
    index_groups,
    need,
    rules_fields,
    set_group,
)


@dataclass(frozen=True)
class ClassicRules(Rules):
    go_salary: int
    houses: int                     # the bank's supply
    hotels: int
    max_houses: int                 # houses on a street before its hotel (the quicker game lowers it in play)
    building_auction_opening_bid: int
    bid_limited_to_cash: bool       # bids only up to the cash in hand (else cash + what could be raised)
    utility_rent_reroll: bool       # utility rent on a fresh roll of both dice (else the moving roll)
    railroad_rent: tuple[int, ...]  # by railroads owned
    utility_multipliers: tuple[int, ...]   # by utilities owned
    mortgage_interest_percent: int
    set_rent_needs_unmortgaged: bool = False   # Sailor Moon: double rent only with no street of the set mortgaged
    last_bidder_must_buy: bool = False
    bank_bankruptcy_auction_all: bool = True


RULE_KINDS: dict[str, type] = {
    "start_cash": int, "go_salary": int, "jail_fine": int, "jail_position": int,
    "houses": int, "hotels": int, "max_houses": int,
    "auction_opening_bid": int, "auction_increment": int, "building_auction_opening_bid": int,
    "bid_limited_to_cash": bool, "utility_rent_reroll": bool,
    "railroad_rent": list, "utility_multipliers": list, "mortgage_interest_percent": int,
    "set_rent_needs_unmortgaged": bool, "last_bidder_must_buy": bool, "bank_bankruptcy_auction_all": bool,
}
RULE_DEFAULTS: dict[str, Any] = {"set_rent_needs_unmortgaged": False, "last_bidder_must_buy": False,
                                 "bank_bankruptcy_auction_all": True}

CARD_EFFECTS: dict[str, tuple[str, ...]] = {
    "advance": ("to",),
    "advance_nearest": ("type",),
    "move": ("steps",),
    "collect": ("amount",),
    "pay": ("amount",),
    "get_out_of_jail": (),
    "go_to_jail": (),
    "repairs": ("per_house", "per_hotel"),
    "pay_each_player": ("amount",),
    "collect_from_each_player": ("amount",),
}


def compile_classic(e: Edition) -> ClassicRules:
    path = e.path
    for space in e.board:
        _read_space(e, space)
    index_groups(e)
    e.properties = tuple(s.position for s in e.board if s.type in PROPERTY_TYPES)
    e.railroads = tuple(s.position for s in e.board if s.type == RAILROAD)
    e.utilities = tuple(s.position for s in e.board if s.type == UTILITY)
    rules: ClassicRules = rules_fields(e, ClassicRules, RULE_KINDS, RULE_DEFAULTS)
    n = len(e.board)
    if e.board[0].type != GO:
        raise fail(path, "board[0].type", "position 0 must be GO")
    jail = rules.jail_position
    if not 0 <= jail < n or e.board[jail].type != JAIL:
        raise fail(path, "rules.jail_position", f"{jail} is not a space of type 'jail'")
    if len(rules.railroad_rent) < len(e.railroads):
        raise fail(path, "rules.railroad_rent", f"needs one rent per railroad owned ({len(e.railroads)})")
    if len(rules.utility_multipliers) < len(e.utilities):
        raise fail(path, "rules.utility_multipliers", f"needs one multiplier per utility owned ({len(e.utilities)})")
    for d_i, deck in enumerate(e.decks):
        for card in deck.cards:
            _check_card(e, f"decks[{d_i}] ({deck.id}) card {card.id}", card.effect)
    return rules


def _read_space(e: Edition, space: Any) -> None:
    path, s, where = e.path, space.raw, f"board[{space.position}]"
    stype = space.type
    if stype not in CLASSIC_SPACE_TYPES:
        raise fail(path, f"{where}.type", f"unknown type {stype!r}; allowed: {CLASSIC_SPACE_TYPES}")
    if stype in PROPERTY_TYPES:
        space.price = need(s, "price", int, path, where)
        space.mortgage = need(s, "mortgage", int, path, where)
        space.unmortgage = int(s.get("unmortgage", math.ceil(space.mortgage * 1.1 - 1e-9)))
    if stype == STREET:
        set_group(e, space)
        rent = need(s, "rent", list, path, where)
        if len(rent) != 6 or not all(isinstance(r, int) and r >= 0 for r in rent):
            raise fail(path, f"{where}.rent", f"expected 6 whole numbers (base, 1-4 houses, hotel), got {rent!r}")
        space.rent = tuple(rent)
        space.house_cost = need(s, "house_cost", int, path, where)
        space.hotel_cost = int(s.get("hotel_cost", space.house_cost))
    elif stype == TAX:
        space.amount = need(s, "amount", int, path, where)
    elif stype == CARD and space.deck < 0:
        raise fail(path, f"{where}.deck", "a card space needs a deck")


def _check_card(e: Edition, where: str, effect: dict) -> None:
    path, n = e.path, len(e.board)
    kind = effect.get("kind")
    if kind not in CARD_EFFECTS:
        raise fail(path, where, f"unknown effect kind {kind!r}; allowed: {sorted(CARD_EFFECTS)}")
    for f in CARD_EFFECTS[kind]:
        if f not in effect:
            raise fail(path, where, f"effect '{kind}' needs field '{f}'")
    if kind == "advance" and not (isinstance(effect["to"], int) and 0 <= effect["to"] < n):
        raise fail(path, where, f"'to' must be a board position 0..{n - 1}")
    if kind == "advance_nearest" and effect["type"] not in (RAILROAD, UTILITY):
        raise fail(path, where, "advance_nearest type must be 'railroad' or 'utility'")
