"""What the interfaces offer people: the editions with their options, seat kinds, default names,
and the board description the browser draws.

The terminal and the web server find editions, options, seat kinds, difficulty names (each edition's
``difficulty_<level>`` terms) and the board here, so neither asks a rules family anything directly, and
neither imports the other; simulation, analysis and RL load editions themselves (``editions.load``,
``engine.game.rules_class``). Rule facts about a game in progress (houses per hotel, what a player
holds) come from its views, not from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from .agents import AGENT_KINDS, LEVELS
from .engine.house_rules import HOUSE_RULES, preset
from .engine.options import BadOption, Option, parse_option_text
from .errors import OpenMonopolyError

if TYPE_CHECKING:
    from .editions import Edition
    from .engine.game import Game

# The editions and the engine are imported by the functions that use them: a command line that only
# lists SEAT_KINDS in its help (`openmonopoly --help`) does not import the engine.

SEAT_KINDS: tuple[str, ...] = ("human",) + tuple(AGENT_KINDS)

# The difficulty levels (seat kinds ``easy`` .. ``expert``, agents/levels.py), weakest first, as a menu of
# opponents shows them: what each is, and its name in an edition's words where the edition has any.
DIFFICULTY_INFO: dict[str, str] = {
    "easy": "the heuristic bot, with a fifth of its decisions random",
    "normal": "the heuristic bot",
    "hard": "the learned bot (a small network trained on the search bot's decisions)",
    "expert": "the search bot over the learned bot (slower: tens of milliseconds a decision)",
}
# A level's name in an edition's words is its term ``difficulty_<level>`` (``terms`` in the edition file).
DIFFICULTY_NAMES: dict[str, str] = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"}


def difficulties(ed: Edition | str) -> list[dict[str, str]]:
    """The difficulty levels for a seat picker, weakest first: ``kind`` (the seat kind to pass on),
    ``name`` (in the edition's words; plain English for an edition without its own) and ``about``."""
    from .editions import load

    terms = (load(ed) if isinstance(ed, str) else ed).terms
    return [
        {
            "kind": level,
            "name": terms.get(f"difficulty_{level}", DIFFICULTY_NAMES[level]),
            "about": DIFFICULTY_INFO[level],
        }
        for level in LEVELS
    ]


@dataclass(frozen=True)
class EditionInfo:
    """One edition as a menu shows it; ``error`` is set (and ``options`` empty) when it does not load."""

    id: str
    name: str
    family: str
    min_players: int
    max_players: int
    currency_symbol: str
    money_format: str
    options: tuple[Option, ...]
    error: str | None = None
    # Named sets of house rules (``--house-rules NAME``, the web lobby's menu): the family's and the edition's.
    presets: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "family": self.family,
            "rules_available": self.error is None,
            "players": {"min": self.min_players, "max": self.max_players},
            "currency": {"symbol": self.currency_symbol, "format": self.money_format},
            "options": [dict(o.describe(), house_rule=o.name in HOUSE_RULES) for o in self.options],
            "house_rule_presets": {name: dict(values) for name, values in self.presets},
        }
        if self.error is not None:
            out["error"] = self.error
        return out


def editions() -> list[EditionInfo]:
    """Every shipped edition, sorted by id; one that fails to load is listed with its error, so a
    broken file never hides the others."""
    from .editions import edition_ids, load

    out = []
    for eid in edition_ids():
        try:
            ed = load(eid)
            options = tuple(game_class(ed).available_options(ed).values())
            presets = tuple(
                (name, tuple(values.items())) for name, values in game_class(ed).house_rule_presets(ed).items()
            )
        except OpenMonopolyError as exc:
            out.append(EditionInfo(eid, eid, "?", 0, 0, "", "", (), f"{type(exc).__name__}: {exc}"))
            continue
        out.append(
            EditionInfo(
                ed.id,
                ed.name,
                ed.family,
                ed.min_players,
                ed.max_players,
                ed.currency_symbol,
                ed.money_format,
                options,
                presets=presets,
            )
        )
    return out


def edition(edition_id: str) -> Edition:
    """The edition of this id, or of this file path (``EditionError`` says what is wrong)."""
    from .editions import load

    return load(edition_id)


def game_class(ed: Edition) -> type[Game]:
    """The Game class that plays ``ed`` (its family's, or the edition's own)."""
    from .engine.game import rules_class

    return rules_class(ed)


def options(ed: Edition) -> dict[str, Option]:
    """The edition's options (house rules and variants) by name, with their defaults."""
    return game_class(ed).available_options(ed)


def parse_options(ed: Edition, texts: Iterable[str]) -> dict[str, Any]:
    """``NAME`` or ``NAME=VALUE`` as typed on a command line, checked against the edition's options
    (``BadOption`` names the known ones)."""
    known = options(ed)
    out: dict[str, Any] = {}
    for text in texts:
        name, value = parse_option_text(text)
        key = name.replace("_", "-")
        if key not in known:
            refused = game_class(ed).refused_options(ed)
            if key in refused:
                raise BadOption(refused[key])
            raise BadOption(f"unknown option '{name}' for edition {ed.id}; known options: " + ", ".join(sorted(known)))
        out[key] = known[key].parse(value)
    return out


def house_rule_presets(ed: Edition) -> dict[str, dict[str, Any]]:
    """``ed``'s named sets of house rules (``popular``, and the ones its data declares), by name."""
    return game_class(ed).house_rule_presets(ed)


def house_rules_preset(ed: Edition, name: str) -> dict[str, Any]:
    """The options of house-rules preset ``name`` for ``ed`` (``popular``, or one its data declares);
    ``BadOption`` lists the presets it has."""
    return preset(name, house_rule_presets(ed), ed.id)


def preset_and_options(ed: Edition, preset_name: str | None, texts: Iterable[str]) -> dict[str, Any]:
    """``--house-rules PRESET`` and then ``--option NAME[=VALUE]``...: the preset's options, which the
    typed ones add to or change, all checked against ``ed``'s options (``BadOption`` says what is wrong)."""
    out = house_rules_preset(ed, preset_name) if preset_name else {}
    out.update(parse_options(ed, texts))
    return out


def default_names(ed: Edition, count: int) -> list[str]:
    """Names for ``count`` seats nobody named: the edition's tokens in order, then "Player N"."""
    return [ed.tokens[i] if i < len(ed.tokens) else f"Player {i + 1}" for i in range(count)]


def board(ed: Edition) -> dict[str, Any]:
    """What a browser needs to draw an edition's board and deeds: spaces, groups and colours, words,
    money, decks (with card titles), options, the rules section's plain values, and the family's own
    drawing facts (``Game.board_facts``: Empire's tower heights, the Mandalorian characters, ...)."""
    cls = game_class(ed)
    spaces = []
    for s in ed.board:
        group = ed.groups.get(s.group or "", {}) if s.group else {}
        spaces.append(
            {
                "pos": s.position,
                "name": s.name,
                "type": s.type,
                "group": s.group,
                "color": group.get("color") or group.get("colour"),
                "price": s.price,
                "rent": list(s.rent),
                "house_cost": s.house_cost,
                "hotel_cost": s.hotel_cost,
                "mortgage": s.mortgage,
                "unmortgage": s.unmortgage,
                "amount": s.amount,
            }
        )
    groups = {
        k: {
            "name": v.get("name", k.replace("_", " ").replace("-", " ").title()),
            "color": v.get("color") or v.get("colour"),
        }
        for k, v in ed.groups.items()
    }
    rules = {f.name: getattr(ed.rules, f.name) for f in fields(ed.rules)}
    return {
        "id": ed.id,
        "name": ed.name,
        "family": ed.family,
        "players": {"min": ed.min_players, "max": ed.max_players},
        "money_format": ed.money_format,
        "currency": ed.currency_symbol,
        "terms": ed.terms,
        "spaces": spaces,
        "groups": groups,
        "tokens": ed.tokens,
        "decks": [d.name for d in ed.decks],
        "cards": [[c.title for c in d.cards] for d in ed.decks],
        "options": [o.describe() for o in cls.available_options(ed).values()],
        "rules": {k: v for k, v in rules.items() if isinstance(v, (int, float, bool, str))},
        "family_data": cls.board_facts(ed),
    }


def new_game(
    edition_id: str | Edition,
    names: list[str] | int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> Game:
    """A new game (``Game(...)``), with default names for a number of seats."""
    from .editions import load
    from .engine.game import Game

    ed = load(edition_id) if isinstance(edition_id, str) else edition_id
    seats = default_names(ed, names) if isinstance(names, int) else names
    return Game(ed, seats, seed, options, **kwargs)


__all__ = [
    "DIFFICULTY_INFO",
    "DIFFICULTY_NAMES",
    "SEAT_KINDS",
    "EditionInfo",
    "board",
    "default_names",
    "difficulties",
    "edition",
    "editions",
    "game_class",
    "new_game",
    "options",
    "parse_options",
    "house_rule_presets",
    "house_rules_preset",
    "preset_and_options",
]
