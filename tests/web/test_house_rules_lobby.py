"""The web lobby's house rules: the catalogue it reads marks them and lists the presets, the page has the
section, and a game created with house rules plays by them and carries them in its views."""

from __future__ import annotations

from fastapi.testclient import TestClient

from openmonopoly.web.app import create_app
from openmonopoly.web.config import ServerConfig

from .helpers import create_game


def test_catalogue_marks_house_rules_and_lists_presets(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, ServerConfig(allow_seeds=True))) as c:
        eds = {e["id"]: e for e in c.get("/api/editions").json()["editions"]}
        classic = eds["classic"]
        house = {o["name"]: o for o in classic["options"] if o["house_rule"]}
        assert {"free-parking-pot", "go-bonus", "no-auctions", "starting-cash", "shuffle-seats"} <= set(house)
        assert not any(o["house_rule"] for o in classic["options"] if o["name"] == "max-rounds")
        assert "Free Parking" in house["free-parking-pot"]["help"]
        assert classic["house_rule_presets"]["popular"] == {
            "free-parking-pot": 0,
            "go-bonus": True,
            "no-auctions": True,
        }
        assert "family-night" in classic["house_rule_presets"]
        mando = {o["name"] for o in eds["mandalorian"]["options"] if o["house_rule"]}
        assert mando == {"starting-cash", "shuffle-seats"} and eds["mandalorian"]["house_rule_presets"] == {}
        page = c.get("/").text
        assert 'id="house-rules"' in page and 'id="house-preset"' in page
        script = c.get("/static/lobby.js").text
        assert "house_rule_presets" in script and "applyPreset" in script


def test_game_created_with_house_rules_carries_them(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, ServerConfig(allow_seeds=True))) as c:
        g = create_game(c, ("heuristic", "heuristic"), seed=5, options={"no-auctions": True, "starting-cash": 900})
        assert g["options"]["no-auctions"] is True and g["options"]["starting-cash"] == 900
        bad = c.post(
            "/api/games",
            json={"edition": "mandalorian", "seats": [{"kind": "heuristic"}] * 2, "options": {"go-bonus": True}},
        )
        assert bad.status_code in (400, 422) and "classic family" in bad.text
