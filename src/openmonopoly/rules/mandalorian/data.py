"""The Mandalorian family's edition data: its typed rules table and the checks of an edition file.

``parse_edition`` reads the parts every edition shares (board names and types, the Signet deck);
``compile_mandalorian`` (``MandalorianGame.compile_rules``) compiles the rest of the family's own
format (hideout sets, prices and rents, characters, outposts, enemies and enemy cards) into a
``MandalorianRules``: the rules section's values and the lookup tables the rules read. What a valid
file is, is said once, by the schema in ``schema.py``, which the loader asks first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ...editions.schema import Edition, Rules

# Space types of this family.
# (``Final``: compiled code then uses the string itself, not a look-up of the module's global at each read)
GO: Final = "go"
HIDEOUT: Final = "hideout"
SIGNET: Final = "signet"
JAIL: Final = "jail"
FREE_PARKING: Final = "free_parking"
GO_TO_JAIL: Final = "go_to_jail"
IMPERIAL_ADVANCE: Final = "imperial_advance"
IMPERIAL_CREDITS: Final = "imperial_credits"
UNEXPECTED_ALLY: Final = "unexpected_ally"
SPACE_TYPES = (GO, HIDEOUT, SIGNET, JAIL, FREE_PARKING, GO_TO_JAIL, IMPERIAL_ADVANCE, IMPERIAL_CREDITS, UNEXPECTED_ALLY)

ABILITIES = ("rent_discount", "go_salary", "battle_reroll", "signet_two")
KEPT_EFFECTS: Final = frozenset({"battle_bonus", "get_out_of_jail"})  # Signet cards kept until used
RULE_KEYS = (
    "start_cash",
    "go_salary",
    "jail_fine",
    "jail_position",
    "jail_attempts",
    "jail_roll_needed",
    "auction_opening_bid",
    "auction_increment",
    "silver_die",
    "green_die",
    "gideon_defeat_bonus",
    "grogu_end_bonus",
    "most_enemy_cards_bonus",
    "end_set_rent_multiplier",
    "grogu_start",
    "enemy_deck_size",
)


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    ability: str
    standard: int
    with_grogu: int
    text: str


@dataclass(frozen=True, slots=True)
class EnemyCard:
    index: int
    enemy: int  # index into MandoTables.enemies
    level: int
    roll: int  # roll this or higher to win
    bonus: dict[str, Any]
    penalty: dict[str, Any]
    reconstructed: str | None


@dataclass(frozen=True, slots=True)
class Enemy:
    id: str
    name: str
    colour: str
    start_outpost: int


@dataclass(frozen=True)
class MandalorianRules(Rules):
    go_salary: int
    jail_attempts: int
    jail_roll_needed: int
    silver_die: int  # sides of the ordinary die
    green_die: int  # sides of the die rolled while carrying Grogu
    gideon_defeat_bonus: int
    grogu_end_bonus: int
    most_enemy_cards_bonus: int
    end_set_rent_multiplier: int
    grogu_start: int
    enemy_deck_size: dict[str, Any]  # players ("2", "3", "4") -> cards per trooper deck
    # tables compiled from the board, the characters, outposts and enemies
    characters: tuple[Character, ...]
    enemies: tuple[Enemy, ...]
    gideon: int  # the enemy whose defeat ends the game
    enemy_cards: tuple[EnemyCard, ...]
    cards_of: tuple[tuple[int, ...], ...]  # per enemy: its card indices by level (level 1 first)
    outposts: tuple[int, ...]  # per outpost: the Imperial Advance space beside it
    advance_outpost: dict[str, Any]  # Imperial Advance position -> its outpost
    hideouts: tuple[int, ...]
    rent: tuple[int, ...]  # per space (0 off hideouts)
    set_rent: tuple[int, ...]
    allies: tuple[int, ...]
    go_to_jail: int
    free_parking: int
    kept: tuple[bool, ...]  # per Signet card: kept until used
    battle_bonus: tuple[int, ...]  # per Signet card: what it adds to a battle roll (0: not a battle card)
    jail_card: tuple[bool, ...]  # per Signet card: a get-out-of-jail card

    def __hash__(self) -> int:  # (``enemy_deck_size`` and ``advance_outpost`` are dicts)
        return id(self)


def compile_mandalorian(e: Edition) -> MandalorianRules:
    """The lookup tables and typed rules of an edition the schema (``schema.py``) accepted; also fills
    the shared tables for hideouts."""
    raw, rules = e.raw, e.raw["rules"]
    n = len(e.board)
    types = [s.type for s in e.board]
    rent = [0] * n
    set_rent = [0] * n
    for s in e.board:
        if s.type == HIDEOUT:
            s.price = s.raw["price"]
            rent[s.position] = s.raw["rent"]
            set_rent[s.position] = s.raw["set_rent"]
            s.rent = (rent[s.position], set_rent[s.position])
        elif s.type == IMPERIAL_CREDITS:
            s.amount = s.raw["amount"]
    hideouts = tuple(s.position for s in e.board if s.type == HIDEOUT)
    e.properties = hideouts
    effects = [c.effect for c in e.decks[0].cards]
    chars = tuple(
        Character(c["id"], c["name"], c["ability"], c["standard"], c["with_grogu"], c.get("text", ""))
        for c in raw["characters"]
    )
    outposts = tuple(o["beside"] for o in raw["outposts"])
    enemies = tuple(Enemy(en["id"], en["name"], en.get("colour", ""), en["start_outpost"]) for en in raw["enemies"])
    ids = [en.id for en in enemies]
    cards = tuple(
        EnemyCard(
            i,
            ids.index(c["enemy"]),
            c["level"],
            c["roll"],
            dict(c["bonus"]),
            dict(c["penalty"]),
            c.get("reconstructed"),
        )
        for i, c in enumerate(raw["enemy_cards"])
    )
    cards_of = tuple(
        tuple(c.index for c in sorted((c for c in cards if c.enemy == k), key=lambda c: c.level))
        for k in range(len(enemies))
    )
    return MandalorianRules(
        **{key: rules[key] for key in RULE_KEYS},
        characters=chars,
        enemies=enemies,
        gideon=len(enemies) - 1,
        enemy_cards=cards,
        cards_of=cards_of,
        outposts=outposts,
        advance_outpost={pos: k for k, pos in enumerate(outposts)},
        hideouts=hideouts,
        rent=tuple(rent),
        set_rent=tuple(set_rent),
        allies=tuple(s.position for s in e.board if s.type == UNEXPECTED_ALLY),
        go_to_jail=types.index(GO_TO_JAIL),
        free_parking=types.index(FREE_PARKING),
        kept=tuple(f["kind"] in KEPT_EFFECTS for f in effects),
        battle_bonus=tuple(f["bonus"] if f["kind"] == "battle_bonus" else 0 for f in effects),
        jail_card=tuple(f["kind"] == "get_out_of_jail" for f in effects),
    )
