"""Edition files: load, validate and compile them into fast lookup tables.

An edition is data (board, prices, rents, decks, words); rules are code. This module reads the
parts every edition has (names, players, money, words, the board's spaces by name and type, the
decks); the edition's rules family (found through ``openmonopoly.registry``) checks the rest and
compiles its typed rules table (``Edition.rules``, a ``Rules`` subclass of the family's). Every
problem in a file is reported with the file, the field and what is wrong.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from mypy_extensions import mypyc_attr

from .. import registry
from ..errors import OpenMonopolyError


class EditionError(OpenMonopolyError):
    """A malformed or unknown edition file: names the file, the field and what is wrong."""


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

TERM_KEYS = ("street", "streets", "railroad", "railroads", "utility", "utilities", "house", "houses",
             "hotel", "hotels", "title_deed", "jail", "go", "free_parking", "go_to_jail", "just_visiting")


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Rules:
    """An edition's rules section, typed: the fields every family has (the shared rule modules read
    them). Each family subclasses it with its own fields and compiles it from the file
    (``Game.compile_rules``), so rules code reads ``edition.rules.go_salary``, never a string key."""

    start_cash: int
    jail_position: int
    jail_fine: int
    auction_opening_bid: int
    auction_increment: int

    def __deepcopy__(self, memo: dict) -> Rules:
        return self             # frozen, and shared by every game of the edition


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
    title: str = ""             # the name printed on the card (a menu's label); default from the id

    def __post_init__(self) -> None:
        if not self.title:
            self.title = self.id.replace("_", " ").capitalize()


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
    board: list[Space]
    groups: dict[str, dict]
    decks: list[Deck]
    tokens: list[str]
    notes: list[str]
    sources: list[str]
    path: str
    raw: dict = field(repr=False, default_factory=dict)
    rules: Any = None           # the family's ``Rules`` subclass, compiled from ``raw["rules"]``
    # compiled tables
    group_names: list[str] = field(default_factory=list)
    group_members: list[tuple[int, ...]] = field(default_factory=list)
    group_of: list[int] = field(default_factory=list)
    properties: tuple[int, ...] = ()
    railroads: tuple[int, ...] = ()
    utilities: tuple[int, ...] = ()
    deck_index: dict[str, int] = field(default_factory=dict)

    # An edition is loaded once and shared, never changed: copies of games (and of anything holding
    # an edition) share it too.
    def __copy__(self) -> Edition:
        return self

    def __deepcopy__(self, memo: dict) -> Edition:
        return self

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


def fail(path: str, where: str, what: str) -> EditionError:
    """The error for a bad field: the file, where in it, and what is wrong."""
    return EditionError(f"{path}: {where}: {what}")


def need(d: dict, key: str, kind: type | tuple, path: str, where: str) -> Any:
    """``d[key]``, which must be there and of type ``kind``."""
    if key not in d:
        raise fail(path, where, f"missing field '{key}'")
    value = d[key]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise fail(path, f"{where}.{key}", f"expected {names}, got {type(value).__name__} {value!r}")
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
        raise fail(path, "top level", "expected an object")
    eid = need(raw, "id", str, path, "edition")
    family = need(raw, "family", str, path, "edition")
    players = need(raw, "players", dict, path, "edition")
    pmin = need(players, "min", int, path, "players")
    pmax = need(players, "max", int, path, "players")
    if not 2 <= pmin <= pmax <= 8:
        raise fail(path, "players", f"need 2 <= min <= max <= 8, got {pmin}..{pmax}")
    currency = need(raw, "currency", dict, path, "edition")
    fmt = need(currency, "format", str, path, "currency")
    if "{}" not in fmt:
        raise fail(path, "currency.format", "must contain {} where the amount goes")
    terms = dict(need(raw, "terms", dict, path, "edition"))
    need(raw, "rules", dict, path, "edition")
    groups = need(raw, "groups", dict, path, "edition")
    board_raw = need(raw, "board", list, path, "edition")
    decks_raw = need(raw, "decks", list, path, "edition")

    edition = Edition(
        id=eid, name=need(raw, "name", str, path, "edition"), family=family, min_players=pmin, max_players=pmax,
        currency_symbol=str(currency.get("symbol", "")), money_format=fmt, terms=terms, board=[],
        groups=groups, decks=[], tokens=list(raw.get("tokens", [])), notes=list(raw.get("notes", [])),
        sources=list(raw.get("sources", [])), path=path, raw=raw)

    for i, d in enumerate(decks_raw):
        where = f"decks[{i}]"
        if not isinstance(d, dict):
            raise fail(path, where, "expected an object")
        cards: list[Card] = []
        for j, c in enumerate(need(d, "cards", list, path, where)):
            cw = f"{where}.cards[{j}]"
            if not isinstance(c, dict):
                raise fail(path, cw, "expected an object")
            count = c.get("count", 1)
            if not isinstance(count, int) or count < 1:
                raise fail(path, f"{cw}.count", f"expected a positive whole number, got {count!r}")
            effect = need(c, "effect", dict, path, cw)
            title = c.get("title", "")
            if not isinstance(title, str):
                raise fail(path, f"{cw}.title", f"expected text, got {title!r}")
            cards.extend(Card(need(c, "id", str, path, cw), str(c.get("text", "")), effect, c.get("reconstructed"),
                              title) for _ in range(count))
        deck = Deck(need(d, "id", str, path, where), str(d.get("name", d.get("id"))), cards, d.get("reconstructed"))
        if deck.id in edition.deck_index:
            raise fail(path, f"{where}.id", f"duplicate deck id {deck.id!r}")
        edition.deck_index[deck.id] = len(edition.decks)
        edition.decks.append(deck)

    for i, s in enumerate(board_raw):
        where = f"board[{i}]"
        if not isinstance(s, dict):
            raise fail(path, where, "expected an object")
        stype = need(s, "type", str, path, where)
        space = Space(position=i, name=need(s, "name", str, path, where), type=stype,
                      reconstructed=s.get("reconstructed"), raw=s)
        if stype == CARD:           # (every family draws cards from its decks on these)
            deck_id = need(s, "deck", str, path, where)
            if deck_id not in edition.deck_index:
                raise fail(path, f"{where}.deck", f"unknown deck {deck_id!r}; decks are {list(edition.deck_index)}")
            space.deck = edition.deck_index[deck_id]
        edition.board.append(space)

    try:
        rules_class = registry.game_class(eid, family)
    except registry.UnknownFamily as exc:
        raise fail(path, "family", str(exc)) from None
    edition.rules = rules_class.compile_rules(edition)
    return edition


def index_groups(e: Edition) -> None:
    """The group tables (``group_names``, ``group_members``, ``group_of``) from each space's
    ``group``, which the family has set; a group no space belongs to is an error."""
    e.group_names = list(e.groups)
    e.group_members = [tuple(s.position for s in e.board if s.group == g) for g in e.group_names]
    e.group_of = [s.group_index for s in e.board]
    for g, members in zip(e.group_names, e.group_members, strict=True):
        if not members:
            raise fail(e.path, f"groups.{g}", "no space belongs to this group")


def set_group(e: Edition, space: Space) -> None:
    """``space.group`` from its ``group`` field, which must name one of the edition's groups."""
    group = need(space.raw, "group", str, e.path, f"board[{space.position}]")
    names = list(e.groups)
    if group not in e.groups:
        raise fail(e.path, f"board[{space.position}].group", f"unknown group {group!r}; groups are {names}")
    space.group = group
    space.group_index = names.index(group)


def rules_fields(e: Edition, cls: type, kinds: dict[str, type], defaults: dict[str, Any] | None = None) -> Any:
    """``cls`` built from the file's ``rules`` section: each of ``kinds`` must be there with its type
    (lists become tuples); the keys of ``defaults`` may be left out."""
    rules = need(e.raw, "rules", dict, e.path, "edition")
    values: dict[str, Any] = dict(defaults or {})
    for key, kind in kinds.items():
        if key in values and key not in rules:
            continue
        value = need(rules, key, kind, e.path, "rules")
        values[key] = tuple(value) if isinstance(value, list) else value
    return cls(**values)
