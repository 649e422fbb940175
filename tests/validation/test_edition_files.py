"""Edition files: every broken copy is refused on load with an ``EditionError`` naming the file, the
field and what is allowed; every copy that loads plays (no error later, in play). The schema is one
pydantic model per family, published as JSON Schema; shipped files skip it only by a verified digest."""

from __future__ import annotations

import copy
import hashlib
import json

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import openmonopoly as om
from openmonopoly import registry
from openmonopoly.agents import make_agent
from openmonopoly.editions import DATA, EditionError
from openmonopoly.editions.model import json_schema
from openmonopoly.editions.schema import VERIFIED, load_edition_file, parse_edition
from openmonopoly.errors import OpenMonopolyError

SHIPPED = sorted(p.stem for p in DATA.glob("*.json"))
RAW = {e: json.loads((DATA / f"{e}.json").read_text(encoding="utf-8")) for e in SHIPPED}


def broken(edition: str, change) -> dict:
    raw = copy.deepcopy(RAW[edition])
    change(raw)
    return raw


def set_path(raw: dict, path: tuple, value) -> None:
    target = raw
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def delete(raw: dict, path: tuple) -> None:
    target = raw
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]


# (edition, change, the field the error must name): every way a hand edit breaks a file, and their neighbours
CASES = [
    (
        "classic",
        lambda r: set_path(r, ("rules", "railroad_rent"), ["25", "50", "100", "200"]),
        "rules.railroad_rent[0]",
    ),
    ("classic", lambda r: set_path(r, ("rules", "houses"), -5), "rules.houses"),
    ("classic", lambda r: set_path(r, ("rules", "go_salary"), -200), "rules.go_salary"),
    ("classic", lambda r: set_path(r, ("rules", "auction_increment"), 0), "rules.auction_increment"),
    ("classic", lambda r: set_path(r, ("rules", "auction_increment"), -1), "rules.auction_increment"),
    ("classic", lambda r: set_path(r, ("rules", "max_houses"), 5), "rules.max_houses"),
    ("classic", lambda r: set_path(r, ("rules", "bid_limited_to_cash"), 1), "rules.bid_limited_to_cash"),
    ("classic", lambda r: set_path(r, ("rules", "jail_position"), 11), "rules.jail_position"),
    ("classic", lambda r: set_path(r, ("rules", "railroad_rent"), [25, 50]), "rules.railroad_rent"),
    ("classic", lambda r: r["board"].append(dict(r["board"][20])), "board"),
    ("classic", lambda r: set_path(r, ("board",), []), "board"),
    ("classic", lambda r: set_path(r, ("board", 3, "name"), r["board"][1]["name"]), "board[3].name"),
    ("classic", lambda r: set_path(r, ("board", 1, "hotel_cost"), "fifty"), "board[1].street.hotel_cost"),
    ("classic", lambda r: set_path(r, ("board", 1, "price"), 60.5), "board[1].street.price"),
    ("classic", lambda r: set_path(r, ("board", 1, "rent"), [2, 10, 30, 90, 160]), "board[1].street.rent"),
    ("classic", lambda r: set_path(r, ("board", 1, "group"), "mauve"), "board[1].group"),
    ("classic", lambda r: set_path(r, ("board", 1, "type"), "castle"), "board[1]"),
    ("classic", lambda r: set_path(r, ("board", 1, "prize"), 60), "board[1].street.prize"),
    ("classic", lambda r: set_path(r, ("board", 0, "type"), "jail"), "board[0].type"),
    ("classic", lambda r: set_path(r, ("board", 2, "deck"), "surprise"), "board[2].deck"),
    ("classic", lambda r: set_path(r, ("decks", 0, "cards"), []), "decks[0].cards"),
    ("classic", lambda r: set_path(r, ("decks", 1, "id"), r["decks"][0]["id"]), "decks[1].id"),
    (
        "classic",
        lambda r: set_path(r, ("decks", 0, "cards", 0, "effect"), {"kind": "advance", "to": 40}),
        "decks[0].cards[0].effect.to",
    ),
    (
        "classic",
        lambda r: set_path(r, ("decks", 0, "cards", 0, "effect"), {"kind": "teleport"}),
        "decks[0].cards[0].effect",
    ),
    ("classic", lambda r: set_path(r, ("decks", 0, "cards", 0, "count"), 0), "decks[0].cards[0].count"),
    ("classic", lambda r: set_path(r, ("decks", 0, "cards", 0, "count"), 10**9), "decks[0].cards[0].count"),
    ("classic", lambda r: set_path(r, ("tokens",), 6), "tokens"),
    ("classic", lambda r: set_path(r, ("players",), {"min": 4, "max": 2}), "players"),
    ("classic", lambda r: set_path(r, ("players", "max"), 9), "players.max"),
    ("classic", lambda r: set_path(r, ("currency", "format"), "$"), "currency.format"),
    ("classic", lambda r: set_path(r, ("groups", "spare"), {"name": "Spare"}), "groups.spare"),
    ("classic", lambda r: delete(r, ("rules", "go_salary")), "rules.go_salary"),
    ("classic", lambda r: set_path(r, ("family",), "junior"), "family"),
    (
        "empire",
        lambda r: delete(r, ("decks", 1, "cards", 9, "effect", "min_billboards")),
        "decks[1].empire.cards[9].effect.min_billboards",
    ),
    ("empire", lambda r: set_path(r, ("rules", "tower_ladder"), [1, 2]), "rules.tower_ladder"),
    ("empire", lambda r: set_path(r, ("rules", "swapper_face"), 7), "rules.swapper_face"),
    ("empire", lambda r: set_path(r, ("decks", 0, "id"), "luck"), "decks[0]"),
    ("mandalorian", lambda r: set_path(r, ("enemy_cards", 0, "enemy"), "jawa"), "enemy_cards[0].enemy"),
    ("mandalorian", lambda r: set_path(r, ("characters", 0, "ability"), "flying"), "characters[0].ability"),
    ("mandalorian", lambda r: set_path(r, ("outposts", 0, "beside"), 0), "outposts[0].beside"),
    ("mandalorian", lambda r: set_path(r, ("rules", "silver_die"), 1), "rules.silver_die"),
    ("mandalorian", lambda r: set_path(r, ("rules", "silver_die"), 10**9), "rules.silver_die"),
    ("empire", lambda r: set_path(r, ("rules", "starting_empire_cards"), 10**9), "rules.starting_empire_cards"),
    # A provenance note is one sentence: the loaded card, deck or space keeps it as text.
    ("empire", lambda r: set_path(r, ("board", 22, "reconstructed"), []), "board[22].brand.reconstructed"),
    ("classic", lambda r: set_path(r, ("decks", 0, "reconstructed"), ["a"]), "decks[0].reconstructed"),
    (
        "classic",
        lambda r: set_path(r, ("decks", 0, "cards", 0, "reconstructed"), 3),
        "decks[0].cards[0].reconstructed",
    ),
]


@pytest.mark.parametrize("edition,change,field", CASES, ids=[c[2] + f"-{i}" for i, c in enumerate(CASES)])
def test_broken_copies_are_refused_naming_the_field(tmp_path, edition, change, field):
    raw = broken(edition, change)
    path = tmp_path / f"{raw['id'] if isinstance(raw.get('id'), str) else 'x'}.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(EditionError) as info:
        load_edition_file(path)
    message = str(info.value)
    assert message.startswith(str(path) + ": ")
    assert f": {field}" in message, message


@pytest.mark.parametrize("content", [b"\xff\xfe{}", b'{"id": "classic"', b"[]", b"", b'"text"', b"null"])
def test_unreadable_files(tmp_path, content):
    path = tmp_path / "classic.json"
    path.write_bytes(content)
    with pytest.raises(EditionError, match=str(path)):
        load_edition_file(path)


def test_shipped_files_are_verified_by_the_schema():
    """verified.sha256 lists exactly the shipped files, as they are now, and each passes its schema
    (so loading them without the schema is loading what the schema accepted)."""
    listed = dict(line.split()[::-1] for line in VERIFIED.read_text(encoding="utf-8").splitlines() if line.strip())
    now = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in DATA.glob("*.json")}
    assert listed == now, "update it: cd src/openmonopoly/editions/data && sha256sum *.json > verified.sha256"
    for e, raw in RAW.items():
        parse_edition(raw, e)  # (not trusted: validated by the model)


@pytest.mark.parametrize("family", ["classic", "empire", "mandalorian"])
def test_published_json_schema_accepts_the_shipped_files(family):
    schema = json_schema(registry.family_class(family).edition_model())
    jsonschema.Draft202012Validator.check_schema(schema)
    files = [raw for raw in RAW.values() if raw["family"] == family]
    assert files
    for raw in files:
        jsonschema.validate(raw, schema)
    bad = copy.deepcopy(files[0])
    bad["rules"]["start_cash"] = "lots"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


# ---------------------------------------------------------------- mutation, field by field
def leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))
    yield path


PATHS = {e: [p for p in leaves(raw) if p] for e, raw in RAW.items()}
REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([-1000, 10**9, 2**64]),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.just([]),
    st.just({}),
    st.lists(st.integers(-2, 50), max_size=3),
    st.just("DELETE"),
)


def play_briefly(edition) -> None:
    n = edition.min_players
    game = om.Game(edition, n, seed=1, options={"max-rounds": 12}, events=False)
    game.play_out([make_agent("random", p) for p in range(n)])


@given(st.sampled_from(SHIPPED), st.data())
def test_mutated_editions_are_refused_or_play(edition, data):
    path = data.draw(st.sampled_from(PATHS[edition]))
    value = data.draw(REPLACEMENTS)
    raw = copy.deepcopy(RAW[edition])
    if value == "DELETE":
        delete(raw, path)
    else:
        set_path(raw, path, value)
    try:
        loaded = parse_edition(raw, "mutated.json")
    except EditionError as exc:
        assert str(exc).startswith("mutated.json: ")
        return
    try:
        play_briefly(loaded)  # loaded: it must play without any error
    except OpenMonopolyError as exc:  # (a refused set-up, e.g. too few characters, is a clear error)
        assert "Traceback" not in str(exc)
