"""A seventh edition on an existing rules family is one data file and no code: a UK board (the classic
file with pounds and the UK names) from a directory of the user's, played to the end, saved and
replayed, listed by the catalogue, its events in its own money."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import openmonopoly as om
from openmonopoly import catalogue
from openmonopoly.agents import make_agent
from openmonopoly.editions import DATA

UK_NAMES = {
    1: "Old Kent Road",
    3: "Whitechapel Road",
    5: "King's Cross Station",
    6: "The Angel Islington",
    8: "Euston Road",
    9: "Pentonville Road",
    11: "Pall Mall",
    12: "Electric Company",
    13: "Whitehall",
    14: "Northumberland Avenue",
    15: "Marylebone Station",
    16: "Bow Street",
    18: "Marlborough Street",
    19: "Vine Street",
    21: "Strand",
    23: "Fleet Street",
    24: "Trafalgar Square",
    25: "Fenchurch St. Station",
    26: "Leicester Square",
    27: "Coventry Street",
    28: "Water Works",
    29: "Piccadilly",
    31: "Regent Street",
    32: "Oxford Street",
    34: "Bond Street",
    35: "Liverpool Street Station",
    37: "Park Lane",
    39: "Mayfair",
}


def write_uk(directory: Path) -> Path:
    data = json.loads((DATA / "classic.json").read_text(encoding="utf-8"))
    data["id"] = "uk"
    data["name"] = "Monopoly (classic UK board)"
    data["currency"] = {"symbol": "£", "format": "£{}"}
    for pos, name in UK_NAMES.items():
        data["board"][pos]["name"] = name
    for deck in data["decks"]:
        for card in deck["cards"]:
            card["text"] = card["text"].replace("$", "£")
    path = directory / "uk.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def uk_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_uk(tmp_path)
    monkeypatch.setenv("OPENMONOPOLY_EDITIONS", str(tmp_path))
    return tmp_path


def test_a_uk_board_from_the_users_directory_plays_a_full_game(uk_dir: Path) -> None:
    assert "uk" in om.edition_ids()
    info = {e.id: e for e in catalogue.editions()}["uk"]
    assert info.error is None and info.family == "classic" and info.currency_symbol == "£"
    game = om.Game("uk", ["Ann", "Ben", "Cat"], seed=4)
    assert type(game).__name__ == "ClassicGame"
    assert game.edition.board[39].name == "Mayfair" and game.edition.rules.go_salary == 200
    game.play_out([make_agent("heuristic", p) for p in range(3)])
    assert game.over and game.state.end_reason == "bankruptcy" and len(game.winners) == 1
    text = [game.describe(e) for e in game.history]
    assert any("£" in line for line in text) and not any("$" in line for line in text)
    assert any("Mayfair" in line or "Old Kent Road" in line for line in text)
    again = om.Game.replay(json.loads(json.dumps(game.record())))
    assert again.digest() == game.digest()
    loaded = om.Game.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.digest() == game.digest()


def test_an_edition_file_loads_by_its_path_without_any_setting(tmp_path: Path) -> None:
    path = write_uk(tmp_path)
    edition = om.load_edition(str(path))
    assert edition.id == "uk" and edition.money(1500) == "£1,500"
    game = om.Game(edition, 2, seed=1)
    assert game.prompt is not None and game.prompt.kind == "turn"


def test_an_unknown_edition_names_the_known_ones_and_the_path_form() -> None:
    with pytest.raises(om.EditionError, match="known editions: .*classic.*path of an edition file"):
        om.load_edition("uk-not-there")
