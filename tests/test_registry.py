"""The registry finds every family and every edition's own rules by name, so a forgotten registration
cannot exist; an edition module that registers nothing, and a user's file reusing a shipped id, are
refused with a sentence that says so."""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path

import pytest

import openmonopoly as om
from openmonopoly import registry
from openmonopoly.editions import DATA, EditionError
from openmonopoly.engine.game import Game, rules_class
from openmonopoly.rules.classic import editions as classic_editions


def _all_subclasses(cls: type) -> list[type]:
    found: list[type] = []
    for sub in cls.__subclasses__():
        found += [sub, *_all_subclasses(sub)]
    return found


def test_every_game_class_naming_editions_is_the_class_its_editions_load() -> None:
    """Importing every module under ``openmonopoly.rules`` finds no ``Game`` subclass the registry
    would not reach: each family class is its family's, each edition class plays its editions."""
    rules = importlib.import_module("openmonopoly.rules")
    for info in pkgutil.walk_packages(rules.__path__, "openmonopoly.rules."):
        importlib.import_module(info.name)
    classes = [c for c in _all_subclasses(Game) if c.__module__.startswith("openmonopoly.rules.")]
    assert classes
    named = 0
    for cls in classes:
        family = vars(cls).get("family")
        if family:
            assert registry.family_class(family) is cls, cls
            assert family in registry.family_ids()
        for edition_id in vars(cls).get("editions", ()):
            named += 1
            assert edition_id in om.edition_ids(), f"{cls.__name__} names {edition_id!r}, which has no data file"
            assert rules_class(om.load_edition(edition_id)) is cls, f"{edition_id} does not load {cls.__name__}"
    assert named >= 2  # Sailor Moon and Clone Wars at least


def test_the_families_are_the_packages_with_a_game_module() -> None:
    assert registry.family_ids() == ["classic", "empire", "mandalorian"]
    with pytest.raises(registry.UnknownFamily, match="no rules family 'chess'; known families: classic, empire"):
        registry.family_class("chess")


SALARY_RULE = '''
from openmonopoly.registry import register
from openmonopoly.rules.classic.game import ClassicGame


class DoubleSalaryGame(ClassicGame):
    """Passing Go pays twice the printed salary."""

    editions = ("{eid}",)

    def go_salary(self, player: int) -> int:
        return 2 * super().go_salary(player)


register(DoubleSalaryGame)
'''


def _edition_with_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, eid: str, module: str) -> None:
    data = json.loads((DATA / "classic.json").read_text(encoding="utf-8"))
    data["id"] = eid
    data["name"] = f"Monopoly ({eid})"
    (tmp_path / f"{eid}.json").write_text(json.dumps(data), encoding="utf-8")
    code = tmp_path / "code"
    code.mkdir()
    (code / f"{eid}.py").write_text(module, encoding="utf-8")
    monkeypatch.setenv("OPENMONOPOLY_EDITIONS", str(tmp_path))
    # Where the edition's module would be in a checkout: rules/classic/editions/<id>.py.
    monkeypatch.setattr(classic_editions, "__path__", [*classic_editions.__path__, str(code)])


def test_an_edition_module_is_found_by_its_id_with_no_declaration(tmp_path, monkeypatch) -> None:
    _edition_with_code(tmp_path, monkeypatch, "doublesalary", SALARY_RULE.format(eid="doublesalary"))
    game = om.Game("doublesalary", 2, seed=3)
    assert type(game).__name__ == "DoubleSalaryGame"
    assert game.go_salary(0) == 400


def test_an_edition_module_that_registers_nothing_is_an_error_not_a_classic_game(tmp_path, monkeypatch) -> None:
    _edition_with_code(tmp_path, monkeypatch, "forgotten", SALARY_RULE.format(eid="forgotten").split("register(")[0])
    with pytest.raises(om.OpenMonopolyError, match="editions.forgotten registers no class naming 'forgotten'"):
        om.load_edition("forgotten")


def test_a_user_file_reusing_a_shipped_id_is_refused(tmp_path, monkeypatch) -> None:
    data = json.loads((DATA / "classic.json").read_text(encoding="utf-8"))
    data["name"] = "My house rules"
    (tmp_path / "classic.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("OPENMONOPOLY_EDITIONS", str(tmp_path))
    sentence = "'classic' is already the id of an edition that ships with openmonopoly"
    with pytest.raises(EditionError, match=sentence) as by_id:
        om.load_edition("classic")
    assert "give this edition an id of its own" in str(by_id.value)
    with pytest.raises(EditionError, match=sentence):
        om.load_edition(str(tmp_path / "classic.json"))


def test_what_game_class_found_is_asked_again_after_a_registration(monkeypatch) -> None:
    """``game_class`` keeps what it found for every game made, and finds again once a class registers."""
    from openmonopoly.rules.classic.game import ClassicGame

    monkeypatch.setattr(registry, "_EDITIONS", dict(registry._EDITIONS))
    monkeypatch.setattr(registry, "_FOUND", {})
    assert registry.game_class("laterrules", "classic") is ClassicGame
    assert registry.game_class("laterrules", "classic") is ClassicGame

    class LaterRulesGame(ClassicGame):
        editions = ("laterrules",)

    registry.register(LaterRulesGame)
    assert registry.game_class("laterrules", "classic") is LaterRulesGame
