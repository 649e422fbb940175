"""Edition files whose names, words or money format hold control characters (terminal escapes, line
breaks, bells) are refused at load with an error naming the field; nothing is printed raw."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmonopoly.cli.main import app
from openmonopoly.editions import DATA, load
from openmonopoly.engine.errors import EditionError

runner = CliRunner()
ESC = "\x1b"


def classic() -> dict:
    return json.loads((DATA / "classic.json").read_text(encoding="utf-8"))


def with_change(change) -> dict:
    raw = classic()
    raw["id"] = "tampered"
    change(raw)
    return raw


CASES = [
    ("name", lambda r: r.update(name=f"Evil{ESC}[2J"), "name", "U+001B"),
    ("money format", lambda r: r["currency"].update(format=f"${{}}{ESC}]0;owned\x07"), "currency.format", "U+001B"),
    ("a space's name", lambda r: r["board"][1].update(name="Mediter\rranean"), "board[1].name", "U+000D"),
    ("a card text", lambda r: r["decks"][0]["cards"][0].update(text="Go\x9b31m"), "decks[0].cards[0].text", "U+009B"),
    ("a token", lambda r: r.update(tokens=["Dog", "Hat\x07"]), "tokens[1]", "U+0007"),
    ("a word", lambda r: r.setdefault("terms", {}).update(house="hut\n"), "terms.house", "U+000A"),
]


@pytest.mark.parametrize("change, field, code", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_control_characters_are_refused_at_load_naming_the_field(tmp_path, change, field, code):
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(with_change(change)), encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        load(str(path))
    message = str(caught.value)
    assert message.startswith(f"{path}: {field}: contains the control character {code}")
    assert "must be printable" in message
    assert ESC not in message and "\r" not in message and "\x07" not in message


def test_the_commands_refuse_it_without_printing_the_escape(tmp_path):
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(with_change(lambda r: r.update(name=f"Evil{ESC}[2J"))), encoding="utf-8")
    for args in (["editions", "--check", str(path)], ["play", "--edition", str(path)]):
        result = runner.invoke(app, args, input="")
        assert result.exit_code != 0, result.output
        flat = " ".join(result.output.split())
        assert "name: contains the control character U+001B (ESCAPE)" in flat, result.output
        assert ESC not in result.output


def test_a_key_with_a_control_character_is_named(tmp_path):
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(with_change(lambda r: r["groups"].update({"Bad\x1bKey": {"name": "x"}}))))
    with pytest.raises(EditionError, match=r"groups \(key 'Bad\\x1bKey'\): contains the control character U\+001B"):
        load(str(path))


def test_printable_unicode_still_loads(tmp_path):
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(with_change(lambda r: r.update(name="Monopoly — Édition ₦ ★"))), encoding="utf-8")
    assert load(str(path)).name == "Monopoly — Édition ₦ ★"
