"""The Empire family's edition data: its typed rules table and the checks of an edition file.

``EmpireGame.compile_rules`` calls ``compile_empire``, which checks the family's own fields and
returns them compiled as an ``EmpireRules`` (the rules section's values and the lookup tables the
rules read). Every problem names the file, the field and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from ...editions.schema import CARD, FREE_PARKING, GO, GO_TO_JAIL, JAIL, Edition, EditionError, Rules, index_groups

BRAND, UTILITY_BILLBOARDS, RIVAL_TOWER_TAX, TOWER_TAX = "brand", "utility_billboards", "rival_tower_tax", "tower_tax"
SPACE_TYPES = (GO, BRAND, UTILITY_BILLBOARDS, RIVAL_TOWER_TAX, TOWER_TAX, CARD, JAIL, FREE_PARKING, GO_TO_JAIL)
OFFICE = 99          # the piece code of an office tile (billboards are coded by their board position)

RULE_KEYS = ("start_cash", "jail_position", "jail_fine", "jail_final_fine", "jail_attempts", "auction_opening_bid",
             "auction_increment", "office_price", "offices", "office_height", "free_parking_fee", "tower_capacity",
             "empty_tower_value", "starting_empire_cards", "swapper_face")

CHANCE_EFFECTS: dict[str, tuple[str, ...]] = {
    "advance": ("to",), "collect": ("amount",), "pay": ("amount",), "get_out_of_jail": (), "go_to_jail": (),
    "collect_from_each_player": ("amount",), "move_up_to": ("max",), "free_utility": ("space",),
    "casino": ("amount",),
}
EMPIRE_EFFECTS = {
    "swap_the_top": "turn", "just_say_no": "respond", "hostile_takeover": "turn", "move_to_any_space": "turn",
    "tallest_tower_bonus": "turn", "bargain_business": "buy", "get_out_of_jail": "jail",
    "stock_market_crash": "turn", "reverse_rent": "rent", "billboard_tax": "turn", "hands_off": "respond",
    "youre_fired": "turn",
}


@dataclass(frozen=True)
class EmpireRules(Rules):
    """The rules section's values, and fast lookups for the rules built once per edition."""

    jail_final_fine: int
    jail_attempts: int
    office_price: int
    offices: int                 # office tiles in the bank at the start
    office_height: int
    free_parking_fee: int
    tower_capacity: int
    tower_ladder: tuple[int, ...]   # tower value by height 0..capacity
    empty_tower_value: int
    starting_empire_cards: int
    swapper_face: int            # the face of the second die that shows the sneaky swapper
    height: list[int]            # by piece code (board position, or OFFICE)
    price: list[int]             # by piece code
    is_brand: list[bool]         # by board position
    is_utility: list[bool]
    brands: tuple[int, ...]
    utilities: tuple[int, ...]
    group_of: list[int]          # by board position (-1: no colour set)
    members: list[tuple[int, ...]]
    ladder: list[int]            # tower value by height 0..capacity
    capacity: int
    chance_deck: int
    empire_deck: int
    empire_kind: list[str]       # by Empire card index
    free_parking: int

    def __hash__(self) -> int:          # (the tables are lists)
        return id(self)


def _fail(e: Edition, where: str, what: str) -> EditionError:
    return EditionError(f"{e.path}: {where}: {what}")


def _int(e: Edition, d: dict, key: str, where: str, low: int = 0) -> int:
    value = d.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(e, f"{where}.{key}", f"expected a whole number, got {value!r}")
    if value < low:
        raise _fail(e, f"{where}.{key}", f"must be at least {low}, got {value}")
    return value


def compile_empire(e: Edition) -> EmpireRules:
    rules = e.raw["rules"]
    for key in RULE_KEYS:
        _int(e, rules, key, "rules")
    capacity = rules["tower_capacity"]
    ladder = rules.get("tower_ladder")
    if not isinstance(ladder, list) or len(ladder) != capacity + 1 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in ladder):
        raise _fail(e, "rules.tower_ladder", f"expected {capacity + 1} positive whole numbers (value at height "
                                             f"0..{capacity}), got {ladder!r}")
    if any(b < a for a, b in pairwise(ladder)):
        raise _fail(e, "rules.tower_ladder", "a tower must pay more (or the same) as it fills")
    if not 1 <= rules["swapper_face"] <= 6:
        raise _fail(e, "rules.swapper_face", "must be a face 1..6")
    size = len(e.board)
    if size > OFFICE:
        raise _fail(e, "board", f"at most {OFFICE} spaces")
    if e.board[0].type != GO:
        raise _fail(e, "board[0].type", "position 0 must be GO")
    if not 0 <= rules["jail_position"] < size or e.board[rules["jail_position"]].type != JAIL:
        raise _fail(e, "rules.jail_position", f"{rules['jail_position']} is not a space of type 'jail'")
    for key in ("chance", "empire"):
        if key not in e.deck_index:
            raise _fail(e, "decks", f"needs a deck with id {key!r}")
    height = [0] * (OFFICE + 1)
    price = [0] * (OFFICE + 1)
    height[OFFICE] = _int(e, rules, "office_height", "rules", 1)
    price[OFFICE] = rules["office_price"]
    group_names = list(e.groups)
    for sp in e.board:
        where = f"board[{sp.position}]"
        if sp.type not in SPACE_TYPES:
            raise _fail(e, f"{where}.type", f"unknown type {sp.type!r}; allowed: {SPACE_TYPES}")
        if sp.type in (BRAND, UTILITY_BILLBOARDS):
            sp.price = _int(e, sp.raw, "price", where, 1)
            height[sp.position] = _int(e, sp.raw, "height", where, 1)
            price[sp.position] = sp.price
        if sp.type == UTILITY_BILLBOARDS:
            sp.amount = _int(e, sp.raw, "billboards", where, 1)
        if sp.type == BRAND:
            group = sp.raw.get("group")
            if group not in e.groups:
                raise _fail(e, f"{where}.group", f"unknown colour set {group!r}; sets are {group_names}")
            sp.group = group
            sp.group_index = group_names.index(group)
    index_groups(e)
    for d_i, deck in enumerate(e.decks):
        allowed = CHANCE_EFFECTS if deck.id == "chance" else EMPIRE_EFFECTS
        for card in deck.cards:
            where = f"decks[{d_i}] ({deck.id}) card {card.id}"
            kind = card.effect.get("kind")
            if not isinstance(kind, str) or kind not in allowed:
                raise _fail(e, where, f"unknown effect kind {kind!r}; allowed: {sorted(allowed)}")
            for f in CHANCE_EFFECTS.get(kind, ()) if deck.id == "chance" else ():
                if f not in card.effect:
                    raise _fail(e, where, f"effect '{kind}' needs field '{f}'")
            if kind == "free_utility" and not (isinstance(card.effect["space"], int) and 0 <= card.effect["space"]
                                               < size and e.board[card.effect["space"]].type == UTILITY_BILLBOARDS):
                raise _fail(e, where, "'space' must be a utility billboards space")
            if kind == "advance" and not (isinstance(card.effect["to"], int) and 0 <= card.effect["to"] < size):
                raise _fail(e, where, f"'to' must be a board position 0..{size - 1}")
    empire = e.decks[e.deck_index["empire"]]
    if len(empire.cards) > 255 or len(e.decks[e.deck_index["chance"]].cards) > 255:
        raise _fail(e, "decks", "at most 255 cards per deck")
    fps = [s.position for s in e.board if s.type == FREE_PARKING]
    return EmpireRules(
        **{key: rules[key] for key in RULE_KEYS}, tower_ladder=tuple(ladder),
        height=height, price=price,
        is_brand=[s.type == BRAND for s in e.board], is_utility=[s.type == UTILITY_BILLBOARDS for s in e.board],
        brands=tuple(s.position for s in e.board if s.type == BRAND),
        utilities=tuple(s.position for s in e.board if s.type == UTILITY_BILLBOARDS),
        group_of=list(e.group_of), members=list(e.group_members), ladder=list(ladder), capacity=capacity,
        chance_deck=e.deck_index["chance"], empire_deck=e.deck_index["empire"],
        empire_kind=[c.effect["kind"] for c in empire.cards], free_parking=fps[0] if fps else -1)
