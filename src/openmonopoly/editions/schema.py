"""Edition files: load, validate and compile them into fast lookup tables.

An edition is data (board, prices, rents, decks, words); rules are code. This module reads the
parts every edition has (names, players, money, words, the board's spaces by name and type, the
decks); the edition's rules family (found through ``openmonopoly.registry``) checks the rest and
compiles its typed rules table (``Edition.rules``, a ``Rules`` subclass of the family's). Every
problem in a file is reported with the file, the field and what is wrong.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from mypy_extensions import mypyc_attr

from .. import json_limits, registry
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

TERM_KEYS = (
    "street",
    "streets",
    "railroad",
    "railroads",
    "utility",
    "utilities",
    "house",
    "houses",
    "hotel",
    "hotels",
    "title_deed",
    "jail",
    "go",
    "free_parking",
    "go_to_jail",
    "just_visiting",
)


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

    def __deepcopy__(self, memo: dict[str, Any]) -> Rules:
        return self  # frozen, and shared by every game of the edition


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
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def is_property(self) -> bool:
        return self.type in PROPERTY_TYPES


@dataclass(slots=True)
class Card:
    id: str
    text: str
    effect: dict[str, Any]
    reconstructed: str | None = None
    title: str = ""  # the name printed on the card (a menu's label); default from the id

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
    groups: dict[str, dict[str, Any]]
    decks: list[Deck]
    tokens: list[str]
    notes: list[str]
    sources: list[str]
    path: str
    raw: dict[str, Any] = field(repr=False, default_factory=dict)
    rules: Any = None  # the family's ``Rules`` subclass, compiled from ``raw["rules"]``
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

    def __deepcopy__(self, memo: dict[str, Any]) -> Edition:
        return self

    @property
    def size(self) -> int:
        return len(self.board)

    def money(self, amount: int) -> str:
        fmt = self.money_format
        if amount == 0:
            # A scale letter ("${}K": thousands) says nothing of nothing: no money is "$0", not "$0K".
            at = fmt.find("{}") + 2
            if 2 <= at < len(fmt) and fmt[at] in "KMB" and (at + 1 == len(fmt) or not fmt[at + 1].isalpha()):
                fmt = fmt[:at] + fmt[at + 1 :]
        sign = "-" if amount < 0 else ""
        return sign + fmt.replace("{}", f"{abs(amount):,}")

    def term(self, key: str, count: int = 1) -> str:
        if count != 1:
            plural = {
                "street": "streets",
                "railroad": "railroads",
                "utility": "utilities",
                "house": "houses",
                "hotel": "hotels",
            }.get(key)
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
        digits = text.removeprefix("-")
        if digits.isascii() and digits.isdigit():  # (not '²': str.isdigit takes it, int refuses it)
            p = int(text) if len(digits) <= 12 else -1
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


VERIFIED = Path(__file__).parent / "data" / "verified.sha256"


def _verified() -> frozenset[str]:
    """The SHA-256 digests of edition files the schema has already accepted (the shipped ones, in
    ``sha256sum`` format), whose loading skips the schema library's import (a quarter of a second);
    ``tests/validation`` keeps the list current. A file not listed is validated: the list only saves time."""
    try:
        with open(VERIFIED, encoding="utf-8") as fh:
            return frozenset(line.split()[0] for line in fh if line.strip())
    except OSError:
        return frozenset()


def file_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_edition_file(path: str | Path) -> Edition:
    path = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise EditionError(f"{path}: cannot read: {exc}") from None
    try:
        raw = json_limits.loads(data.decode("utf-8"), path)
    except json_limits.JsonLimitError as exc:
        raise EditionError(f"{exc}: not an edition") from None
    except UnicodeDecodeError as exc:
        raise EditionError(f"{path}: not UTF-8 text (byte {exc.start}): save the file as UTF-8") from None
    except json.JSONDecodeError as exc:
        raise EditionError(f"{path}: not valid JSON: {exc}") from None
    return parse_edition(raw, path, trusted=file_digest(data) in _verified())


def parse_edition(raw: Any, path: str = "<edition>", *, trusted: bool = False) -> Edition:
    """The edition in ``raw`` (a file's JSON). Unless ``trusted`` (the file is one the schema accepted
    before), ``raw`` is first checked by its family's schema (``Game.edition_model()``): everything
    below reads fields the schema has guaranteed."""
    if not isinstance(raw, dict):
        raise fail(path, "top level", f"expected an object, got {type(raw).__name__}")
    eid, family = raw.get("id"), raw.get("family")
    if not isinstance(eid, str) or not isinstance(family, str):
        raise fail(
            path,
            "id" if not isinstance(eid, str) else "family",
            f"expected text naming the edition and its rules family (one of {', '.join(registry.family_ids())})",
        )
    try:
        rules_class = registry.game_class(eid, family)
    except registry.UnknownFamily as exc:
        raise fail(path, "family", str(exc)) from None
    if not trusted:
        from .model import validate  # (pydantic: imported only for files not verified before)

        validate(rules_class.edition_model(), raw, path)
    currency = raw["currency"]
    edition = Edition(
        id=eid,
        name=raw["name"],
        family=family,
        min_players=raw["players"]["min"],
        max_players=raw["players"]["max"],
        currency_symbol=currency.get("symbol", ""),
        money_format=currency["format"],
        terms=dict(raw.get("terms", {})),
        board=[],
        groups=raw["groups"],
        decks=[],
        tokens=list(raw.get("tokens", [])),
        notes=list(raw.get("notes", [])),
        sources=list(raw.get("sources", [])),
        path=path,
        raw=raw,
    )
    for d in raw["decks"]:
        cards = [
            Card(c["id"], c.get("text", ""), c["effect"], c.get("reconstructed"), c.get("title", ""))
            for c in d["cards"]
            for _ in range(c.get("count", 1))
        ]
        edition.deck_index[d["id"]] = len(edition.decks)
        edition.decks.append(Deck(d["id"], d.get("name") or d["id"], cards, d.get("reconstructed")))
    names = list(edition.groups)
    for i, s in enumerate(raw["board"]):
        space = Space(position=i, name=s["name"], type=s["type"], reconstructed=s.get("reconstructed"), raw=s)
        if "deck" in s:
            space.deck = edition.deck_index[s["deck"]]
        if "group" in s:
            space.group = s["group"]
            space.group_index = names.index(s["group"])
        edition.board.append(space)
    edition.group_names = names
    edition.group_members = [tuple(s.position for s in edition.board if s.group == g) for g in names]
    edition.group_of = [s.group_index for s in edition.board]
    edition.rules = rules_class.compile_rules(edition)
    return edition
