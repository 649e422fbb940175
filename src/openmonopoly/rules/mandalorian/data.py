"""The Mandalorian family's edition data: its typed rules table and the checks of an edition file.

``parse_edition`` reads the parts every edition shares (board names and types, the Signet deck);
``compile_mandalorian`` (``MandalorianGame.compile_rules``) checks the rest of the family's own
format (hideout sets, prices and rents, characters, outposts, enemies and enemy cards) and returns
it compiled as a ``MandalorianRules``: the rules section's values and the lookup tables the rules
read. Every problem names the file, the field and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...editions.schema import Edition, EditionError, Rules, index_groups

# Space types of this family.
GO, HIDEOUT, SIGNET, JAIL, FREE_PARKING, GO_TO_JAIL = "go", "hideout", "signet", "jail", "free_parking", "go_to_jail"
IMPERIAL_ADVANCE, IMPERIAL_CREDITS, UNEXPECTED_ALLY = "imperial_advance", "imperial_credits", "unexpected_ally"
SPACE_TYPES = (GO, HIDEOUT, SIGNET, JAIL, FREE_PARKING, GO_TO_JAIL, IMPERIAL_ADVANCE, IMPERIAL_CREDITS,
               UNEXPECTED_ALLY)

ABILITIES = ("rent_discount", "go_salary", "battle_reroll", "signet_two")
# Effects of Signet cards (and of enemy-card bonuses/penalties): kind -> required fields.
EFFECTS: dict[str, tuple[str, ...]] = {
    "collect": ("amount",), "pay": ("amount",), "advance": ("to",), "go_to_jail": (),
    "imperial_advance": (), "collect_from_each_player": ("amount",), "battle_bonus": ("bonus",),
    "get_out_of_jail": (), "draw_signet": (),
}
KEPT_EFFECTS = frozenset({"battle_bonus", "get_out_of_jail"})
ENEMY_EFFECTS = frozenset({"collect", "pay", "go_to_jail", "collect_from_each_player", "draw_signet"})

RULE_KINDS: dict[str, type] = {
    "start_cash": int, "go_salary": int, "jail_fine": int, "jail_position": int, "jail_attempts": int,
    "jail_roll_needed": int, "auction_opening_bid": int, "auction_increment": int, "silver_die": int,
    "green_die": int, "gideon_defeat_bonus": int, "grogu_end_bonus": int, "most_enemy_cards_bonus": int,
    "end_set_rent_multiplier": int, "grogu_start": int, "enemy_deck_size": dict,
}


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
    enemy: int            # index into MandoTables.enemies
    level: int
    roll: int             # roll this or higher to win
    bonus: dict
    penalty: dict
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
    silver_die: int                     # sides of the ordinary die
    green_die: int                      # sides of the die rolled while carrying Grogu
    gideon_defeat_bonus: int
    grogu_end_bonus: int
    most_enemy_cards_bonus: int
    end_set_rent_multiplier: int
    grogu_start: int
    enemy_deck_size: dict               # players ("2", "3", "4") -> cards per trooper deck
    # tables compiled from the board, the characters, outposts and enemies
    characters: tuple[Character, ...]
    enemies: tuple[Enemy, ...]
    gideon: int                         # the enemy whose defeat ends the game
    enemy_cards: tuple[EnemyCard, ...]
    cards_of: tuple[tuple[int, ...], ...]   # per enemy: its card indices by level (level 1 first)
    outposts: tuple[int, ...]           # per outpost: the Imperial Advance space beside it
    advance_outpost: dict               # Imperial Advance position -> its outpost
    hideouts: tuple[int, ...]
    rent: tuple[int, ...]               # per space (0 off hideouts)
    set_rent: tuple[int, ...]
    allies: tuple[int, ...]
    go_to_jail: int
    free_parking: int
    kept: tuple[bool, ...]              # per Signet card: kept until used
    battle_bonus: tuple[int, ...]       # per Signet card: what it adds to a battle roll (0: not a battle card)
    jail_card: tuple[bool, ...]         # per Signet card: a get-out-of-jail card

    def __hash__(self) -> int:          # (``enemy_deck_size`` and ``advance_outpost`` are dicts)
        return id(self)


def _fail(path: str, where: str, what: str) -> EditionError:
    return EditionError(f"{path}: {where}: {what}")


def _int(d: dict, key: str, path: str, where: str, minimum: int | None = None) -> int:
    if key not in d:
        raise _fail(path, where, f"missing field '{key}'")
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise _fail(path, f"{where}.{key}", f"expected a whole number, got {v!r}")
    if minimum is not None and v < minimum:
        raise _fail(path, f"{where}.{key}", f"must be at least {minimum}, got {v}")
    return v


def _str(d: dict, key: str, path: str, where: str) -> str:
    v = d.get(key)
    if not isinstance(v, str) or not v:
        raise _fail(path, f"{where}.{key}", f"expected a non-empty string, got {v!r}")
    return v


def _list(d: dict, key: str, path: str, where: str) -> list:
    v = d.get(key)
    if not isinstance(v, list):
        raise _fail(path, f"{where}.{key}", f"expected a list, got {v!r}")
    return v


def _effect(e: Any, path: str, where: str, allowed: frozenset[str] | None, size: int) -> None:
    if not isinstance(e, dict):
        raise _fail(path, where, f"expected an effect object, got {e!r}")
    kind = e.get("kind")
    if kind not in EFFECTS or (allowed is not None and kind not in allowed):
        raise _fail(path, f"{where}.kind", f"unknown effect {kind!r}; allowed: {sorted(allowed or EFFECTS)}")
    for f in EFFECTS[kind]:
        _int(e, f, path, where, 0)
    if kind == "advance" and not 0 <= e["to"] < size:
        raise _fail(path, f"{where}.to", f"must be a board position 0..{size - 1}")


def compile_mandalorian(e: Edition) -> MandalorianRules:
    """Check the family's own fields and compile them; also fills the shared tables for hideouts."""
    path, raw, rules = e.path, e.raw, e.raw["rules"]
    for key, kind in RULE_KINDS.items():
        if key not in rules:
            raise _fail(path, "rules", f"missing field '{key}'")
        if not isinstance(rules[key], kind) or isinstance(rules[key], bool):
            raise _fail(path, f"rules.{key}", f"expected {kind.__name__}, got {rules[key]!r}")
    n = len(e.board)
    if n < 8:
        raise _fail(path, "board", f"needs at least 8 spaces, has {n}")
    types = [s.type for s in e.board]
    for s in e.board:
        if s.type not in SPACE_TYPES:
            raise _fail(path, f"board[{s.position}].type", f"unknown type {s.type!r}; allowed: {SPACE_TYPES}")
    if types[0] != GO:
        raise _fail(path, "board[0].type", "position 0 must be GO")
    for key, want in (("jail_position", JAIL), ("grogu_start", JAIL)):
        pos = rules[key]
        if not 0 <= pos < n or types[pos] != want:
            raise _fail(path, f"rules.{key}", f"{pos} is not a space of type {want!r}")
    for want in (GO_TO_JAIL, FREE_PARKING, IMPERIAL_ADVANCE, SIGNET):
        if want not in types:
            raise _fail(path, "board", f"needs a space of type {want!r}")
    if rules["silver_die"] < 2 or rules["green_die"] < 1:
        raise _fail(path, "rules", "silver_die must be >= 2 and green_die >= 1")
    sizes = rules["enemy_deck_size"]
    for p in range(e.min_players, e.max_players + 1):
        if not isinstance(sizes.get(str(p)), int) or sizes[str(p)] < 1:
            raise _fail(path, "rules.enemy_deck_size", f"needs a positive card count for {p} players")

    # hideouts: colour sets, price, rent and set rent
    groups = e.groups
    group_names = list(groups)
    rent = [0] * n
    set_rent = [0] * n
    for s in e.board:
        if s.type != HIDEOUT:
            continue
        where = f"board[{s.position}]"
        group = s.raw.get("group")
        if group not in groups:
            raise _fail(path, f"{where}.group", f"unknown group {group!r}; groups are {group_names}")
        s.group = group
        s.group_index = group_names.index(group)
        s.price = _int(s.raw, "price", path, where, 0)
        rent[s.position] = _int(s.raw, "rent", path, where, 0)
        set_rent[s.position] = _int(s.raw, "set_rent", path, where, 0)
        s.rent = (rent[s.position], set_rent[s.position])
    index_groups(e)
    hideouts = tuple(s.position for s in e.board if s.type == HIDEOUT)
    if not hideouts:
        raise _fail(path, "board", "needs at least one hideout")
    e.properties = hideouts
    for s in e.board:
        if s.type == SIGNET:
            deck = s.raw.get("deck")
            if deck not in e.deck_index:
                raise _fail(path, f"board[{s.position}].deck", f"unknown deck {deck!r}; decks are {list(e.deck_index)}")
            s.deck = e.deck_index[deck]
        elif s.type == IMPERIAL_CREDITS:
            s.amount = _int(s.raw, "amount", path, f"board[{s.position}]", 0)
    if len(e.decks) != 1:
        raise _fail(path, "decks", "this family has exactly one deck (Signet)")

    # Signet cards
    kept, bonus, jail_card = [], [], []
    for c in e.decks[0].cards:
        where = f"decks[0].cards ({c.id})"
        _effect(c.effect, path, f"{where}.effect", None, n)
        kind = c.effect["kind"]
        if kind == "draw_signet":
            raise _fail(path, f"{where}.effect.kind", "a Signet card cannot draw a Signet card")
        kept.append(kind in KEPT_EFFECTS)
        bonus.append(c.effect["bonus"] if kind == "battle_bonus" else 0)
        jail_card.append(kind == "get_out_of_jail")
    if len(kept) > 255:
        raise _fail(path, "decks[0].cards", "at most 255 Signet cards")

    # characters
    chars = []
    for i, c in enumerate(_list(raw, "characters", path, "edition")):
        where = f"characters[{i}]"
        if not isinstance(c, dict):
            raise _fail(path, where, "expected an object")
        ability = c.get("ability")
        if ability not in ABILITIES:
            raise _fail(path, f"{where}.ability", f"unknown ability {ability!r}; allowed: {ABILITIES}")
        chars.append(Character(_str(c, "id", path, where), _str(c, "name", path, where), ability,
                               _int(c, "standard", path, where, 0), _int(c, "with_grogu", path, where, 0),
                               str(c.get("text", ""))))
    if len(chars) < e.max_players:
        raise _fail(path, "characters", f"needs one character per seat ({e.max_players}), has {len(chars)}")

    # outposts beside Imperial Advance spaces
    outposts = []
    for i, o in enumerate(_list(raw, "outposts", path, "edition")):
        where = f"outposts[{i}]"
        beside = _int(o if isinstance(o, dict) else {}, "beside", path, where, 0)
        if beside >= n or types[beside] != IMPERIAL_ADVANCE:
            raise _fail(path, f"{where}.beside", f"{beside} is not an Imperial Advance space")
        outposts.append(beside)
    advance_outpost = {pos: k for k, pos in enumerate(outposts)}
    for s in e.board:
        if s.type == IMPERIAL_ADVANCE and s.position not in advance_outpost:
            raise _fail(path, "outposts", f"Imperial Advance space {s.position} has no outpost")
    if len(set(outposts)) != len(outposts):
        raise _fail(path, "outposts", "two outposts beside one space")

    # enemies and their cards
    enemies = []
    for i, en in enumerate(_list(raw, "enemies", path, "edition")):
        where = f"enemies[{i}]"
        if not isinstance(en, dict):
            raise _fail(path, where, "expected an object")
        start = _int(en, "start_outpost", path, where, 0)
        if start >= len(outposts):
            raise _fail(path, f"{where}.start_outpost", f"no outpost {start}; outposts are 0..{len(outposts) - 1}")
        enemies.append(Enemy(_str(en, "id", path, where), _str(en, "name", path, where), str(en.get("colour", "")),
                             start))
    if len({en.start_outpost for en in enemies}) != len(enemies) or len(enemies) >= len(outposts) + 1:
        raise _fail(path, "enemies", "each enemy needs its own starting outpost")
    ids = [en.id for en in enemies]
    if len(set(ids)) != len(ids) or len(enemies) < 2:
        raise _fail(path, "enemies", "needs at least two enemies with distinct ids")
    if len(outposts) <= len(enemies) - 1:
        raise _fail(path, "outposts", "needs more outposts than there are troopers")
    cards = []
    for i, c in enumerate(_list(raw, "enemy_cards", path, "edition")):
        where = f"enemy_cards[{i}]"
        if not isinstance(c, dict):
            raise _fail(path, where, "expected an object")
        if c.get("enemy") not in ids:
            raise _fail(path, f"{where}.enemy", f"unknown enemy {c.get('enemy')!r}; enemies are {ids}")
        _effect(c.get("bonus"), path, f"{where}.bonus", ENEMY_EFFECTS, n)
        _effect(c.get("penalty"), path, f"{where}.penalty", ENEMY_EFFECTS, n)
        cards.append(EnemyCard(i, ids.index(c["enemy"]), _int(c, "level", path, where, 1),
                               _int(c, "roll", path, where, 1), dict(c["bonus"]), dict(c["penalty"]),
                               c.get("reconstructed")))
    gideon = len(enemies) - 1          # the last enemy listed is the boss whose defeat ends the game
    cards_of = []
    for k in range(len(enemies)):
        mine = sorted((c for c in cards if c.enemy == k), key=lambda c: c.level)
        if not mine:
            raise _fail(path, "enemy_cards", f"enemy {ids[k]!r} has no card")
        if [c.level for c in mine] != list(range(mine[0].level, mine[0].level + len(mine))):
            raise _fail(path, "enemy_cards", f"{ids[k]!r} cards must be numbered consecutively by level")
        cards_of.append(tuple(c.index for c in mine))
    if len(cards_of[gideon]) != 1:
        raise _fail(path, "enemy_cards", f"the last enemy ({ids[gideon]!r}) has exactly one card")
    for k in range(gideon):
        if len(cards_of[k]) < max(sizes.values()):
            raise _fail(path, "rules.enemy_deck_size", f"{ids[k]!r} has only {len(cards_of[k])} cards")
    return MandalorianRules(
        **{key: rules[key] for key in RULE_KINDS},
        characters=tuple(chars), enemies=tuple(enemies), gideon=gideon, enemy_cards=tuple(cards),
        cards_of=tuple(cards_of), outposts=tuple(outposts), advance_outpost=advance_outpost, hideouts=hideouts,
        rent=tuple(rent), set_rent=tuple(set_rent),
        allies=tuple(s.position for s in e.board if s.type == UNEXPECTED_ALLY),
        go_to_jail=types.index(GO_TO_JAIL), free_parking=types.index(FREE_PARKING),
        kept=tuple(kept), battle_bonus=tuple(bonus), jail_card=tuple(jail_card))
