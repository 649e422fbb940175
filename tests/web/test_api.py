"""Web API and WebSocket tests: lobby, seats and tokens, refusals, per-seat filtering, restart recovery, replay."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest
from fastapi.testclient import TestClient

from openmonopoly.engine.game import Game
from openmonopoly.web.app import create_app
from openmonopoly.web.config import ServerConfig
from openmonopoly.web.sessions import hash_token

from .helpers import OPEN, act_if_prompted, choose, create_game, join

SEEDED = ServerConfig(allow_seeds=True)  # these tests script games by seed


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'web.db'}"


def make(client, edition="classic", kinds=("human", "heuristic", "heuristic"), seed=3, options=None):
    return create_game(client, kinds, edition=edition, seed=seed, options=options or {})


def hello(ws, seat=None, token=None):
    ws.send_json({"type": "hello", "seat": seat, "token": token})
    msg = ws.receive_json()
    assert msg["type"] == "sync", msg
    return msg


def test_lobby_create_join_list(db_url):
    with TestClient(create_app(db_url, 0, SEEDED)) as c:
        eds = c.get("/api/editions").json()
        ids = {e["id"] for e in eds["editions"]}
        assert {"classic", "starwars40"} <= ids and "human" in eds["seat_kinds"]
        ed = c.get("/api/editions/classic").json()
        assert len(ed["spaces"]) == 40 and ed["spaces"][1]["color"] and ed["money_format"] == "${}"
        g = make(c, kinds=("human", "human", "heuristic"))
        assert g["status"] == "open" and [s["claimed"] for s in g["seats"]] == [False, False, True]
        assert g["id"] in [x["id"] for x in c.get("/api/games").json()["open"]]
        join(c, g["id"], 0)
        assert c.post(f"/api/games/{g['id']}/join", json={"seat": 0}).status_code == 409  # taken
        assert c.post(f"/api/games/{g['id']}/join", json={"seat": 2}).status_code == 409  # a bot's seat
        assert c.post(f"/api/games/{g['id']}/join", json={"seat": 5}).status_code == 409  # no such seat here
        assert c.post(f"/api/games/{g['id']}/join", json={"seat": 9}).status_code == 422  # no such seat anywhere
        join(c, g["id"], 1)
        listing = c.get("/api/games").json()
        assert g["id"] in [x["id"] for x in listing["running"]]
        assert c.get("/api/games/nope").status_code == 404
        assert c.get("/").status_code == 200 and "lobby" in c.get("/").text
        assert c.get(f"/game/{g['id']}").status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {"edition": "nope"},
        {"edition": "classic", "seats": [{"kind": "human"}]},
        {"edition": "classic", "seats": [{"kind": "human"}] * 7},
        {"edition": "classic", "seats": [{"kind": "human"}, {"kind": "wizard"}]},
        {"edition": "classic", "seats": [{"kind": "human"}] * 2, "options": {"no-such-option": 1}},
    ],
)
def test_create_refusals(db_url, body):
    with TestClient(create_app(db_url, 0, SEEDED)) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code in (400, 422) and r.json()["detail"]


def test_only_token_hash_is_stored(db_url, tmp_path):
    with TestClient(create_app(db_url, 0, SEEDED)) as c:
        g = make(c)
        token = join(c, g["id"], 0)
    con = sqlite3.connect(tmp_path / "web.db")
    dump = "\n".join(con.iterdump())
    assert token not in dump and hash_token(token) in dump


def test_refusals_change_nothing(db_url):
    with TestClient(create_app(db_url, 0, SEEDED)) as c:
        g = make(c, kinds=("human", "human"))
        gid = g["id"]
        t0, t1 = join(c, gid, 0), join(c, gid, 1)
        with c.websocket_connect(f"/ws/{gid}") as ws, c.websocket_connect(f"/ws/{gid}") as spectator:
            sync = hello(ws, 0, t0)
            hello(spectator)
            v = sync["version"]
            p = sync["view"]["prompt"]["player"]

            def refused(msg, code):
                ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["code"] == code, reply
                assert reply["message"]
                return reply

            refused("{not json", "malformed")
            refused({"type": "dance"}, "malformed")
            refused({"type": "act", "seat": 0}, "malformed")
            refused({"type": "act", "seat": 1, "token": t1, "version": v, "action": "roll"}, "foreign-seat")
            refused({"type": "act", "seat": 0, "token": "forged", "version": v, "action": "roll"}, "wrong-token")
            refused({"type": "act", "seat": 0, "token": t1, "version": v, "action": "roll"}, "wrong-token")
            refused({"type": "act", "seat": 0, "token": t0, "version": v + 5, "action": "roll"}, "stale-version")
            refused({"type": "act", "seat": 0, "token": t0, "version": v, "action": "fly 3"}, "bad-action")
            if p != 0:
                refused({"type": "act", "seat": 0, "token": t0, "version": v, "action": "roll"}, "illegal")
            # spectators cannot act, and an unknown game says so
            spectator.send_json({"type": "act", "seat": 0, "token": t0, "version": v, "action": "roll"})
            assert spectator.receive_json()["code"] == "not-seated"
            assert c.get(f"/api/games/{gid}").json()["version"] == v  # nothing changed
            # a legal action goes through and both hear of it, with the refusals sent to nobody else
            if p == 0:
                ws.send_json({"type": "act", "seat": 0, "token": t0, "version": v, "action": "roll"})
                upd = ws.receive_json()
                assert upd["type"] == "update" and upd["version"] == v + 1
                seen = spectator.receive_json()
                assert seen["type"] == "update" and seen["version"] == v + 1
        with c.websocket_connect("/ws/nope") as ws:
            assert ws.receive_json()["code"] == "unknown-game"


def _secrets_of(game: Game, viewer: int) -> list[str]:
    """Text that must never reach ``viewer``: deck orders, the generator, other seats' private view parts."""
    out = []
    st = game.state
    for deck in getattr(st, "decks", []) or []:
        if len(deck) >= 4:
            out.append(json.dumps(list(deck)))
    rng = game.chance.to_json()["rng"][1]
    out.append(json.dumps(rng[:6])[1:-1])
    own = game.view(viewer).to_json()
    for other in range(len(game.players)):
        if other == viewer:
            continue
        theirs = game.view(other).to_json()
        for key, value in theirs.items():
            if key in ("viewer", "prompt", "legal"):
                continue
            if own.get(key) != value and isinstance(value, list) and value:
                out.append(json.dumps({key: value})[1:-1])
        for e in game.history:
            if e.private_to == other:
                out.append(json.dumps(e.to_json()))
    return out


@pytest.mark.parametrize("edition", ["classic", "mandalorian", "empire"])
def test_per_seat_filtering(db_url, edition):
    """Every message to seat 0 is exactly seat 0's view at that version; no other seat's secret appears."""
    with TestClient(create_app(db_url, 0, SEEDED)) as c:
        g = make(
            c,
            edition=edition,
            kinds=("human", "heuristic", "heuristic", "heuristic"),
            seed=11,
            options={"max-rounds": 6},
        )
        gid = g["id"]
        token = join(c, gid, 0)
        messages = []
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws, 0, token)
            messages.append(msg)
            while not msg["view"]["over"] and msg["version"] < 160:
                view = msg["view"]
                if view["prompt"] and view["prompt"]["player"] == 0:
                    action = choose(view)
                    ws.send_json(
                        {"type": "act", "seat": 0, "token": token, "version": msg["version"], "action": action}
                    )
                msg = ws.receive_json()
                assert msg["type"] in ("update", "error"), msg
                if msg["type"] == "error":  # a bot moved first: wait for the update and act again
                    assert msg["code"] == "stale-version", msg
                    msg = ws.receive_json()
                messages.append(msg)
        registry = c.app.state.registry
        game = registry.rebuild(c.app.state.store.load(gid))  # (a finished game has left memory)
        record = game.record()
        secrets = _secrets_of(game, 0)
    raw = [json.dumps(m) for m in messages]
    for text in raw:
        for key in ('"decks"', '"rng"', '"chance"', '"record"', '"seed"'):
            assert key not in text
        for secret in secrets:
            assert secret not in text, (secret, text[:300])
    for m in messages:
        for e in m.get("events", []) + m.get("log", []):
            assert e.get("private_to", -1) in (-1, 0)
        replayed = Game.replay(record, upto=m["version"])
        assert m["view"] == json.loads(json.dumps(replayed.view(0).to_json())), m["version"]


def test_commit_before_broadcast_and_restart(db_url):
    app = create_app(db_url, 0, SEEDED)
    with TestClient(app) as c:
        g = make(c, kinds=("human", "heuristic", "heuristic"), seed=5)
        gid = g["id"]
        token = join(c, gid, 0)
        store = app.state.store
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws, 0, token)
            while msg["version"] < 25:
                act_if_prompted(ws, msg, 0, token)
                msg = ws.receive_json()
                if msg["type"] == "error":
                    msg = ws.receive_json()
                assert store.count_moves(gid) >= msg["version"]  # committed before it was broadcast
            while msg["view"]["prompt"]["player"] != 0:  # bots stop at the human's prompt
                msg = ws.receive_json()
        before_view, before_version = msg["view"], msg["version"]
        before_digest = app.state.registry.games[gid].game.digest()
    # "restart": a new app on the same database
    app2 = create_app(db_url, 0, SEEDED)
    with TestClient(app2) as c:
        with c.websocket_connect(f"/ws/{gid}") as ws:
            sync = hello(ws, 0, token)  # the browser's kept token resumes the seat
            assert sync["seat"] == 0 and sync["version"] == before_version and sync["view"] == before_view
            assert app2.state.registry.games[gid].game.digest() == before_digest
            ws.send_json(
                {"type": "act", "seat": 0, "token": token, "version": sync["version"], "action": choose(sync["view"])}
            )
            upd = ws.receive_json()
            assert upd["type"] == "update" and upd["version"] == before_version + 1


def test_bots_resume_after_restart(db_url):
    """A game of bots only plays while watched, and carries on after a restart where it stopped."""
    app = create_app(db_url, 0.01, SEEDED)  # a short delay keeps the bots' work bounded while the test runs
    with TestClient(app) as c:
        g = make(c, kinds=("heuristic", "heuristic"), seed=2, options={"max-rounds": 300})
        gid = g["id"]
        assert g["options"]["max-rounds"] == 300
        time.sleep(0.3)
        assert app.state.store.load(gid).version == 0  # nobody watches: the bots wait
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws)
            while msg["version"] < 5:
                msg = ws.receive_json()
        time.sleep(0.3)
        paused = app.state.store.load(gid).version
        time.sleep(0.3)
        assert app.state.store.load(gid).version == paused  # the watcher left: the bots stopped again
    app2 = create_app(db_url, 0.01, SEEDED)
    with TestClient(app2) as c:
        with c.websocket_connect(f"/ws/{gid}") as ws:
            sync = hello(ws)
            assert sync["seat"] is None and sync["version"] == paused
            assert not sync["view"]["over"], "the bots finished before the restart; nothing left to resume"
            upd = ws.receive_json()
            assert upd["type"] == "update" and upd["version"] == paused + 1


def test_replay_of_finished_game_and_record_import(db_url):
    with TestClient(create_app(db_url, 0, SEEDED)) as c:
        g = make(c, kinds=("random", "random", "random"), seed=4, options={"max-rounds": 3})
        gid = g["id"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws)
            while not msg["view"]["over"]:
                msg = ws.receive_json()
        r = c.get(f"/api/games/{gid}/replay?start=0&count=500").json()
        assert r["steps"] == msg["version"] and r["frames"][-1]["view"]["over"] if r["steps"] < 500 else True
        assert all(f["view"]["viewer"] is None and f["view"]["legal"] is None for f in r["frames"])
        assert "chance" not in json.dumps(r) and c.get(f"/replay/{gid}").status_code == 200
        # a running game cannot be replayed yet
        g2 = make(c, kinds=("human", "human"))
        assert c.get(f"/api/games/{g2['id']}/replay").status_code == 409
        # resume a game from its record
        game = Game("classic", ["A", "B"], 9)
        for _ in range(10):
            p = game.prompt
            game.act(p.player, choose(game.view(p.player).to_json()))
        g3 = c.post("/api/games", json={"record": game.record(), "kinds": ["human", "random"], **OPEN}).json()
        assert g3["version"] == 10 and g3["seats"][0]["name"] == "A"
        bad = dict(game.record(), chance=[])
        assert c.post("/api/games", json={"record": bad}).status_code == 400


def test_edition_family_data():
    from openmonopoly.web.app import edition_json

    emp = edition_json("empire")["family_data"]["empire"]
    assert emp["capacity"] == 16 and len(emp["heights"]) == len(edition_json("empire")["spaces"])
    assert all(c["title"] for c in emp["cards"])
    mando = edition_json("mandalorian")["family_data"]["mandalorian"]
    assert mando["signets"] and all("bonus" in s for s in mando["signets"])
    assert edition_json("classic")["family_data"] == {}
