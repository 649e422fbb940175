"""Edition files: load, validate and compile them into fast lookup tables.

An edition is data (board, prices, rents, decks, words); rules are code. Every
problem in a file is reported with the file, the field and what is wrong.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..engine.errors import EditionError

# Space types of the classic family. Other families add their own.
# (Final literals: the compiled rules inline them.)
GO: Final = "go"
STREET: Final = "street"
RAILROAD: Final = "railroad"
UTILITY: Final = "utility"
TAX: Final = "tax"
CARD: Final = "card"
JAIL: Final = "jail"
FREE_PARKING: Final = "free_parking"
GO_TO_JAIL: Final = "go_to_jail"
CLASSIC_SPACE_TYPES = (GO, STREET, RAILROAD, UTILITY, TAX, CARD, JAIL, FREE_PARKING, GO_TO_JAIL)
PROPERTY_TYPES = frozenset({STREET, RAILROAD, UTILITY})

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

CLASSIC_RULE_KEYS: dict[str, type] = {
    "start_cash": int, "go_salary": int, "jail_fine": int, "jail_position": int,
    "houses": int, "hotels": int, "max_houses": int,
    "auction_opening_bid": int, "auction_increment": int, "building_auction_opening_bid": int,
    "bid_limited_to_cash": bool, "utility_rent_reroll": bool,
    "railroad_rent": list, "utility_multipliers": list, "mortgage_interest_percent": int,
}
# Rules an edition may state and that default to the classic behaviour when absent.
CLASSIC_RULE_DEFAULTS: dict[str, Any] = {
    "set_rent_needs_unmortgaged": False,   # Sailor Moon: double rent only with no street of the set mortgaged
    "last_bidder_must_buy": False,
    "bank_bankruptcy_auction_all": True,
}

TERM_KEYS = ("street", "streets", "railroad", "railroads", "utility", "utilities", "house", "houses",
             "hotel", "hotels", "title_deed", "jail", "go", "free_parking", "go_to_jail", "just_visiting")


@dataclass(slots=True)
class Space:
    position: int
    name: str
    type: str
    group: str | None = None
    group_index: int = -1
    price: int = 0
    rent: tuple[int, ...] = ()
    house_cost: int = 0
    hotel_cost: int = 0
    mortgage: int = 0
    unmortgage: int = 0
    amount: int = 0
    deck: int = -1
    reconstructed: str | None = None
    raw: dict = field(default_factory=dict, repr=False)

    @property
    def is_property(self) -> bool:
        return self.type in PROPERTY_TYPES


@dataclass(slots=True)
class Card:
    id: str
    text: str
    effect: dict
    reconstructed: str | None = None


@dataclass(slots=True)
class Deck:
    id: str
    name: str
    cards: list[Card]
    reconstructed: str | None = None


@dataclass
class Edition:
    id: str
    name: str
    family: str
    min_players: int
    max_players: int
    currency_symbol: str
    money_format: str
    terms: dict[str, str]
    rules: dict[str, Any]
    board: list[Space]
    groups: dict[str, dict]
    decks: list[Deck]
    tokens: list[str]
    notes: list[str]
    sources: list[str]
    path: str
    raw: dict = field(repr=False, default_factory=dict)
    # compiled tables
    group_names: list[str] = field(default_factory=list)
    group_members: list[tuple[int, ...]] = field(default_factory=list)
    group_of: list[int] = field(default_factory=list)
    properties: tuple[int, ...] = ()
    railroads: tuple[int, ...] = ()
    utilities: tuple[int, ...] = ()
    deck_index: dict[str, int] = field(default_factory=dict)
    # Tables that a family's validator compiles from the raw file (declared here: an Edition has
    # a fixed set of attributes once compiled).
    empire: Any = None          # rules/empire/data.py: EmpireTables
    mando: Any = None           # editions/mandalorian_schema.py: MandoTables

    @property
    def size(self) -> int:
        return len(self.board)

    def money(self, amount: int) -> str:
        sign = "-" if amount < 0 else ""
        return sign + self.money_format.replace("{}", f"{abs(amount):,}")

    def term(self, key: str, count: int = 1) -> str:
        if count != 1:
            plural = {"street": "streets", "railroad": "railroads", "utility": "utilities", "house": "houses",
                      "hotel": "hotels"}.get(key)
            if plural:
                return self.terms.get(plural, plural)
        return self.terms.get(key, key.replace("_", " "))

    def space_type_word(self, pos: int) -> str:
        t = self.board[pos].type
        return self.terms.get(t, t.replace("_", " "))

    def next_of_type(self, pos: int, space_type: str) -> int:
        n = len(self.board)
        for step in range(1, n + 1):
            p = (pos + step) % n
            if self.board[p].type == space_type:
                return p
        raise EditionError(f"{self.path}: no space of type {space_type!r}")

    def find(self, text: str) -> int:
        """A position from a number or a (part of a) space name; -1 if none or ambiguous."""
        text = text.strip()
        if text.lstrip("-").isdigit():
            p = int(text)
            return p if 0 <= p < len(self.board) else -1
        low = text.lower()
        exact = [s.position for s in self.board if s.name.lower() == low]
        if exact:
            return exact[0]
        hits = [s.position for s in self.board if low in s.name.lower()]
        return hits[0] if len(hits) == 1 else -1


def _fail(path: str, where: str, what: str) -> EditionError:
    return EditionError(f"{path}: {where}: {what}")


def _need(d: dict, key: str, kind: type | tuple, path: str, where: str) -> Any:
    if key not in d:
        raise _fail(path, where, f"missing field '{key}'")
    value = d[key]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise _fail(path, f"{where}.{key}", f"expected {names}, got {type(value).__name__} {value!r}")
    return value


def load_edition_file(path: str | Path) -> Edition:
    path = str(path)
    try:
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
    except json.JSONDecodeError as exc:
        raise EditionError(f"{path}: not valid JSON: {exc}") from None
    except OSError as exc:
        raise EditionError(f"{path}: cannot read: {exc}") from None
    return parse_edition(raw, path)


def parse_edition(raw: dict, path: str = "<edition>") -> Edition:
    if not isinstance(raw, dict):
        raise _fail(path, "top level", "expected an object")
    eid = _need(raw, "id", str, path, "edition")
    family = _need(raw, "family", str, path, "edition")
    players = _need(raw, "players", dict, path, "edition")
    pmin = _need(players, "min", int, path, "players")
    pmax = _need(players, "max", int, path, "players")
    if not 2 <= pmin <= pmax <= 8:
        raise _fail(path, "players", f"need 2 <= min <= max <= 8, got {pmin}..{pmax}")
    currency = _need(raw, "currency", dict, path, "edition")
    fmt = _need(currency, "format", str, path, "currency")
    if "{}" not in fmt:
        raise _fail(path, "currency.format", "must contain {} where the amount goes")
    terms = dict(_need(raw, "terms", dict, path, "edition"))
    rules = dict(_need(raw, "rules", dict, path, "edition"))
    groups = _need(raw, "groups", dict, path, "edition")
    board_raw = _need(raw, "board", list, path, "edition")
    decks_raw = _need(raw, "decks", list, path, "edition")

    edition = Edition(
        id=eid, name=_need(raw, "name", str, path, "edition"), family=family, min_players=pmin, max_players=pmax,
        currency_symbol=str(currency.get("symbol", "")), money_format=fmt, terms=terms, rules=rules, board=[],
        groups=groups, decks=[], tokens=list(raw.get("tokens", [])), notes=list(raw.get("notes", [])),
        sources=list(raw.get("sources", [])), path=path, raw=raw)

    for i, d in enumerate(decks_raw):
        where = f"decks[{i}]"
        if not isinstance(d, dict):
            raise _fail(path, where, "expected an object")
        cards: list[Card] = []
        for j, c in enumerate(_need(d, "cards", list, path, where)):
            cw = f"{where}.cards[{j}]"
            if not isinstance(c, dict):
                raise _fail(path, cw, "expected an object")
            count = c.get("count", 1)
            if not isinstance(count, int) or count < 1:
                raise _fail(path, f"{cw}.count", f"expected a positive whole number, got {count!r}")
            effect = _need(c, "effect", dict, path, cw)
            cards.extend(Card(_need(c, "id", str, path, cw), str(c.get("text", "")), effect, c.get("reconstructed"))
                         for _ in range(count))
        deck = Deck(_need(d, "id", str, path, where), str(d.get("name", d.get("id"))), cards, d.get("reconstructed"))
        if deck.id in edition.deck_index:
            raise _fail(path, f"{where}.id", f"duplicate deck id {deck.id!r}")
        edition.deck_index[deck.id] = len(edition.decks)
        edition.decks.append(deck)

    group_names = list(groups)
    for i, s in enumerate(board_raw):
        where = f"board[{i}]"
        if not isinstance(s, dict):
            raise _fail(path, where, "expected an object")
        stype = _need(s, "type", str, path, where)
        space = Space(position=i, name=_need(s, "name", str, path, where), type=stype,
                      reconstructed=s.get("reconstructed"), raw=s)
        if stype in PROPERTY_TYPES or stype in ("hideout", "brand"):
            space.price = _need(s, "price", int, path, where)
        if stype in PROPERTY_TYPES:
            space.mortgage = _need(s, "mortgage", int, path, where)
            space.unmortgage = int(s.get("unmortgage", math.ceil(space.mortgage * 1.1 - 1e-9)))
        if stype == STREET:
            group = _need(s, "group", str, path, where)
            if group not in groups:
                raise _fail(path, f"{where}.group", f"unknown group {group!r}; groups are {group_names}")
            space.group = group
            space.group_index = group_names.index(group)
            rent = _need(s, "rent", list, path, where)
            if len(rent) != 6 or not all(isinstance(r, int) and r >= 0 for r in rent):
                raise _fail(path, f"{where}.rent", f"expected 6 whole numbers (base, 1-4 houses, hotel), got {rent!r}")
            space.rent = tuple(rent)
            space.house_cost = _need(s, "house_cost", int, path, where)
            space.hotel_cost = int(s.get("hotel_cost", space.house_cost))
        elif stype == TAX:
            space.amount = _need(s, "amount", int, path, where)
        elif stype == CARD:
            deck_id = _need(s, "deck", str, path, where)
            if deck_id not in edition.deck_index:
                raise _fail(path, f"{where}.deck", f"unknown deck {deck_id!r}; decks are {list(edition.deck_index)}")
            space.deck = edition.deck_index[deck_id]
        edition.board.append(space)

    edition.group_names = group_names
    edition.group_members = [tuple(s.position for s in edition.board if s.group == g) for g in group_names]
    edition.group_of = [s.group_index for s in edition.board]
    edition.properties = tuple(s.position for s in edition.board if s.type in PROPERTY_TYPES)
    edition.railroads = tuple(s.position for s in edition.board if s.type == RAILROAD)
    edition.utilities = tuple(s.position for s in edition.board if s.type == UTILITY)
    if family == "classic":
        _validate_classic(edition)
    elif family == "empire":
        from ..rules.empire.data import validate_empire
        validate_empire(edition)
    elif family == "mandalorian":
        from .mandalorian_schema import validate as validate_mandalorian
        validate_mandalorian(edition)
    return edition


def _validate_classic(e: Edition) -> None:
    path = e.path
    for key, kind in CLASSIC_RULE_KEYS.items():
        _need(e.rules, key, kind, path, "rules")
    for key, default in CLASSIC_RULE_DEFAULTS.items():
        e.rules.setdefault(key, default)
    n = len(e.board)
    for s in e.board:
        if s.type not in CLASSIC_SPACE_TYPES:
            raise _fail(path, f"board[{s.position}].type", f"unknown type {s.type!r}; allowed: {CLASSIC_SPACE_TYPES}")
    if e.board[0].type != GO:
        raise _fail(path, "board[0].type", "position 0 must be GO")
    jail = e.rules["jail_position"]
    if not 0 <= jail < n or e.board[jail].type != JAIL:
        raise _fail(path, "rules.jail_position", f"{jail} is not a space of type 'jail'")
    if len(e.rules["railroad_rent"]) < len(e.railroads):
        raise _fail(path, "rules.railroad_rent", f"needs one rent per railroad owned ({len(e.railroads)})")
    if len(e.rules["utility_multipliers"]) < len(e.utilities):
        raise _fail(path, "rules.utility_multipliers", f"needs one multiplier per utility owned ({len(e.utilities)})")
    for g, members in zip(e.group_names, e.group_members):
        if not members:
            raise _fail(path, f"groups.{g}", "no street belongs to this group")
    for d_i, deck in enumerate(e.decks):
        for c_i, card in enumerate(deck.cards):
            where = f"decks[{d_i}] ({deck.id}) card {card.id}"
            effect_kind = card.effect.get("kind")
            if effect_kind not in CARD_EFFECTS:
                raise _fail(path, where, f"unknown effect kind {effect_kind!r}; allowed: {sorted(CARD_EFFECTS)}")
            for f in CARD_EFFECTS[effect_kind]:
                if f not in card.effect:
                    raise _fail(path, where, f"effect '{effect_kind}' needs field '{f}'")
            if effect_kind == "advance" and not (isinstance(card.effect["to"], int) and 0 <= card.effect["to"] < n):
                raise _fail(path, where, f"'to' must be a board position 0..{n - 1}")
            if effect_kind == "advance_nearest" and card.effect["type"] not in (RAILROAD, UTILITY):
                raise _fail(path, where, "advance_nearest type must be 'railroad' or 'utility'")
