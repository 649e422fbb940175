"""The Empire family's edition data: its typed rules table and the checks of an edition file.

``EmpireGame.compile_rules`` calls ``compile_empire``, which returns the family's own fields compiled
as an ``EmpireRules`` (the rules section's values and the lookup tables the rules read). What a valid
file is, is said once, by the schema in ``schema.py``, which the loader asks first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...editions.schema import CARD, FREE_PARKING, GO_TO_JAIL, Edition, Rules

# (Final: the compiled rules read them as constants, not from the module's dictionary at each use)
BRAND: Final = "brand"
UTILITY_BILLBOARDS: Final = "utility_billboards"
RIVAL_TOWER_TAX: Final = "rival_tower_tax"
TOWER_TAX: Final = "tower_tax"
OFFICE: Final = 99  # the piece code of an office tile (billboards are coded by their board position)

# What landing on a space does (``EmpireRules.land_code``, read by ``spaces.land`` at every landing): a small
# int per board position, where the space's type string was compared with each type in turn.
LAND_NOTHING: Final = 0  # GO, jail (just visiting)
LAND_BRAND: Final = 1
LAND_UTILITY: Final = 2
LAND_CARD: Final = 3
LAND_RIVAL_TAX: Final = 4
LAND_TOWER_TAX: Final = 5
LAND_FREE_PARKING: Final = 6
LAND_GO_TO_JAIL: Final = 7
LAND_CODES: Final = {
    BRAND: LAND_BRAND,
    UTILITY_BILLBOARDS: LAND_UTILITY,
    CARD: LAND_CARD,
    RIVAL_TOWER_TAX: LAND_RIVAL_TAX,
    TOWER_TAX: LAND_TOWER_TAX,
    FREE_PARKING: LAND_FREE_PARKING,
    GO_TO_JAIL: LAND_GO_TO_JAIL,
}

RULE_KEYS = (
    "start_cash",
    "jail_position",
    "jail_fine",
    "jail_final_fine",
    "jail_attempts",
    "auction_opening_bid",
    "auction_increment",
    "office_price",
    "offices",
    "office_height",
    "free_parking_fee",
    "tower_capacity",
    "empty_tower_value",
    "starting_empire_cards",
    "swapper_face",
)

# Empire cards by kind, with when each is played (the schema checks a card's 'when' against it).
EMPIRE_EFFECTS = {
    "swap_the_top": "turn",
    "just_say_no": "respond",
    "hostile_takeover": "turn",
    "move_to_any_space": "turn",
    "tallest_tower_bonus": "turn",
    "bargain_business": "buy",
    "get_out_of_jail": "jail",
    "stock_market_crash": "turn",
    "reverse_rent": "rent",
    "billboard_tax": "turn",
    "hands_off": "respond",
    "youre_fired": "turn",
}


@dataclass(frozen=True)
class EmpireRules(Rules):
    """The rules section's values, and fast lookups for the rules built once per edition."""

    jail_final_fine: int
    jail_attempts: int
    office_price: int
    offices: int  # office tiles in the bank at the start
    office_height: int
    free_parking_fee: int
    tower_capacity: int
    tower_ladder: tuple[int, ...]  # tower value by height 0..capacity
    empty_tower_value: int
    starting_empire_cards: int
    swapper_face: int  # the face of the second die that shows the sneaky swapper
    height: list[int]  # by piece code (board position, or OFFICE)
    price: list[int]  # by piece code
    is_brand: list[bool]  # by board position
    is_utility: list[bool]
    brands: tuple[int, ...]
    utilities: tuple[int, ...]
    group_of: list[int]  # by board position (-1: no colour set)
    members: list[tuple[int, ...]]
    ladder: list[int]  # tower value by height 0..capacity
    capacity: int
    chance_deck: int
    empire_deck: int
    empire_kind: list[str]  # by Empire card index
    free_parking: int
    start_stock: tuple[int, ...]  # by board position: billboards on the space at the start
    start_decks: list[list[int]]  # each deck's card indices in printed order (a new game's piles, unshuffled)
    positions: list[int]  # every board position in order (copied by the choices of "any space": no range made)
    land_code: list[int]  # by board position: what landing there does (``LAND_BRAND``, ...)
    # The card effects whether a card may be played depends on (0 when the deck has no such card):
    bargain_price: int  # Bargain Business: what the billboard costs with it
    tax_min_billboards: int  # Billboard Tax: the billboards a victim needs

    def __hash__(self) -> int:  # (the tables are lists)
        return id(self)


def compile_empire(e: Edition) -> EmpireRules:
    """The lookup tables and typed rules of an edition the schema (``schema.py``) accepted."""
    rules = e.raw["rules"]
    height = [0] * (OFFICE + 1)
    price = [0] * (OFFICE + 1)
    height[OFFICE] = rules["office_height"]
    price[OFFICE] = rules["office_price"]
    for sp in e.board:
        if sp.type in (BRAND, UTILITY_BILLBOARDS):
            sp.price = price[sp.position] = sp.raw["price"]
            height[sp.position] = sp.raw["height"]
        if sp.type == UTILITY_BILLBOARDS:
            sp.amount = sp.raw["billboards"]
    empire = e.decks[e.deck_index["empire"]]
    fps = [s.position for s in e.board if s.type == FREE_PARKING]
    ladder = rules["tower_ladder"]
    kinds = [c.effect["kind"] for c in empire.cards]

    def effect_value(kind: str, key: str) -> int:  # (the first card of ``kind``, as the rules read it)
        return empire.cards[kinds.index(kind)].effect[key] if kind in kinds else 0

    return EmpireRules(
        **{key: rules[key] for key in RULE_KEYS},
        tower_ladder=tuple(ladder),
        height=height,
        price=price,
        is_brand=[s.type == BRAND for s in e.board],
        is_utility=[s.type == UTILITY_BILLBOARDS for s in e.board],
        brands=tuple(s.position for s in e.board if s.type == BRAND),
        utilities=tuple(s.position for s in e.board if s.type == UTILITY_BILLBOARDS),
        group_of=list(e.group_of),
        members=list(e.group_members),
        ladder=list(ladder),
        capacity=rules["tower_capacity"],
        chance_deck=e.deck_index["chance"],
        empire_deck=e.deck_index["empire"],
        empire_kind=kinds,
        free_parking=fps[0] if fps else -1,
        start_decks=[list(range(len(d.cards))) for d in e.decks],
        positions=list(range(len(e.board))),
        land_code=[LAND_CODES.get(s.type, LAND_NOTHING) for s in e.board],
        start_stock=tuple(1 if s.type == BRAND else s.amount if s.type == UTILITY_BILLBOARDS else 0 for s in e.board),
        bargain_price=effect_value("bargain_business", "price"),
        tax_min_billboards=effect_value("billboard_tax", "min_billboards"),
    )
