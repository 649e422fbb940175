"""Seats that survive people, and private games: invite links, names, the host's controls, the
turn timer, spectators only where the host allows."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from openmonopoly.web.app import create_app
from openmonopoly.web.config import ServerConfig

SEEDED = ServerConfig(allow_seeds=True, min_turn_timer=1)


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'seats.db'}", 0.01, SEEDED)) as c:
        yield c


def new_game(c, kinds=("human", "human"), **body) -> dict:
    r = c.post("/api/games", json={"edition": "classic", "seed": 4, "seats": [{"kind": k} for k in kinds], **body})
    assert r.status_code == 200, r.text
    return r.json()


def info_of(c, g: dict) -> dict:
    """The game as its host sees it (a private game shows its players only to holders of its secrets)."""
    r = c.get(f"/api/games/{g['id']}", headers={"X-Openmonopoly-Secret": g["host_token"]})
    assert r.status_code == 200, r.text
    return r.json()


def hello(ws, **fields) -> dict:
    ws.send_json({"type": "hello", **fields})
    return ws.receive_json()


def test_a_private_game_refuses_a_stranger(client):
    g = new_game(client)
    gid = g["id"]
    assert g["public"] is False and g["spectators"] is False and g["host_token"] and g["invite"]
    assert gid not in str(client.get("/api/games").json())  # not listed
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1})
    assert r.status_code == 403 and "invite" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": "guess"})
    assert r.status_code == 403
    with client.websocket_connect(f"/ws/{gid}") as ws:  # nor may a stranger watch
        msg = hello(ws)
        assert msg["type"] == "error" and msg["code"] == "private"
    with client.websocket_connect(f"/ws/{gid}") as ws:  # invited, but no spectators
        msg = hello(ws, invite=g["invite"])
        assert msg["type"] == "error" and msg["code"] == "private"
    with client.websocket_connect(f"/ws/{gid}") as ws:  # the host always watches
        assert hello(ws, host=g["host_token"])["type"] == "sync"
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": g["invite"], "name": "  Leia  "})
    assert r.status_code == 200
    info = info_of(client, g)
    assert info["seats"][1]["name"] == "Leia" and info["seats"][1]["claimed"]
    assert (
        client.post(f"/api/games/{gid}/join", json={"seat": 0, "invite": g["invite"], "name": "leia"}).status_code
        == 409
    )


def test_a_private_game_shows_its_players_only_to_holders_of_its_secrets(client):
    g = client.post(
        "/api/games",
        json={"edition": "classic", "seed": 4, "seats": [{"kind": "human", "name": "Leia"}, {"kind": "human"}]},
    ).json()
    gid = g["id"]
    token = seat_up(client, g, 1)
    stranger = client.get(f"/api/games/{gid}").json()
    assert stranger == {
        "id": gid,
        "edition": "classic",
        "edition_name": g["edition_name"],
        "status": "open",
        "public": False,
        "private": True,
        "seats": [{"seat": 0, "kind": "human", "claimed": False}, {"seat": 1, "kind": "human", "claimed": True}],
    }
    assert "Leia" not in str(stranger)
    guess = client.get(f"/api/games/{gid}", headers={"X-Openmonopoly-Secret": "guess"}).json()
    assert guess == stranger
    for secret in (g["invite"], g["host_token"], token):  # the invite, the host, a seat: the whole summary
        info = client.get(f"/api/games/{gid}", headers={"X-Openmonopoly-Secret": secret}).json()
        assert info["seats"][0]["name"] == "Leia" and "version" in info and "turn_timer" in info
    public = new_game(client, public=True)
    assert "name" in client.get(f"/api/games/{public['id']}").json()["seats"][0]  # listed: as the lobby shows


def test_public_game_is_listed_and_spectators_follow_the_host(client):
    g = new_game(client, public=True)
    assert g["id"] in [x["id"] for x in client.get("/api/games").json()["open"]]
    assert client.post(f"/api/games/{g['id']}/join", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        assert hello(ws)["code"] == "private"
    r = client.post(
        f"/api/games/{g['id']}/host", json={"command": "spectators", "host": g["host_token"], "allowed": True}
    )
    assert r.status_code == 200 and r.json()["spectators"] is True
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        assert hello(ws)["type"] == "sync"


@pytest.mark.parametrize(
    "body, status",
    [
        ({"command": "bot", "host": "wrong", "seat": 1}, 403),
        ({"command": "bot", "seat": 1}, 422),  # no host token
        ({"command": "bot", "host": "H", "seat": 1, "kind": "wizard"}, 400),
        ({"command": "bot", "host": "H", "seat": 2}, 409),  # the bot's own seat
        ({"command": "fly", "host": "H", "seat": 1}, 422),
        ({"command": "timer", "host": "H", "seconds": "10"}, 422),  # strict: no coercion
        ({"command": "timer", "host": "H", "seconds": 0}, 422),
        ({"command": "take-back", "host": "H", "seat": 1, "extra": 1}, 422),
    ],
)
def test_host_commands_are_strict_and_change_nothing_when_refused(client, body, status):
    g = new_game(client, kinds=("human", "human", "heuristic"))
    if body.get("host") == "H":
        body = {**body, "host": g["host_token"]}
    before = info_of(client, g)
    r = client.post(f"/api/games/{g['id']}/host", json=body)
    assert r.status_code == status and r.json()["detail"]
    assert info_of(client, g) == before


def seat_up(c, g, seat: int) -> str:
    r = c.post(f"/api/games/{g['id']}/join", json={"seat": seat, "invite": g["invite"]})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def wait_until(c, g, test, timeout=10.0) -> dict:
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = info_of(c, g)
        if test(info):
            return info
        time.sleep(0.05)
    raise AssertionError(f"not reached: {info}")


def test_host_hands_an_absent_seat_to_a_bot_and_takes_it_back(client):
    g = new_game(client)
    gid, host = g["id"], g["host_token"]
    t0, t1 = seat_up(client, g, 0), seat_up(client, g, 1)
    live = client.app.state.registry.games[gid]
    first = live.game.prompt.player
    absent = first  # the player to move is away: the host lets a bot play for them
    r = client.post(f"/api/games/{gid}/host", json={"command": "bot", "host": host, "seat": absent})
    assert r.json()["seats"][absent]["stand_in"] == "stand-in"
    info = wait_until(client, g, lambda i: i["version"] > 0)
    assert info["version"] > 0  # the bot played
    client.post(f"/api/games/{gid}/host", json={"command": "take-back", "host": host, "seat": absent})
    assert info_of(client, g)["seats"][absent]["stand_in"] is None
    with client.websocket_connect(f"/ws/{gid}") as ws:  # the seat link still works
        sync = hello(ws, seat=absent, token=(t0, t1)[absent])
        assert sync["type"] == "sync" and sync["seat"] == absent


def test_host_removes_a_player(client):
    g = new_game(client)
    gid, host = g["id"], g["host_token"]
    seat_up(client, g, 0)
    t1 = seat_up(client, g, 1)
    with client.websocket_connect(f"/ws/{gid}") as ws:
        assert hello(ws, seat=1, token=t1)["type"] == "sync"
        r = client.post(f"/api/games/{gid}/host", json={"command": "remove", "host": host, "seat": 1})
        msg = ws.receive_json()
        while msg["type"] != "removed":
            msg = ws.receive_json()
    old, g = g["invite"], {**g, "invite": r.json()["invite"]}  # (Remove replaced the invite link too)
    assert g["invite"] != old
    info = info_of(client, g)
    assert info["seats"][1]["claimed"] is False and info["seats"][1]["stand_in"] == "heuristic"
    with client.websocket_connect(f"/ws/{gid}") as ws:  # the old link is dead, and says why
        assert hello(ws, seat=1, token=t1)["type"] == "removed"
    assert client.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": old}).status_code == 403
    seat_up(client, g, 1)  # someone new takes the seat with the new invite
    assert info_of(client, g)["seats"][1]["stand_in"] is None


def test_the_turn_timer_hands_the_turn_to_a_bot(client):
    g = new_game(client, turn_timer=1)
    gid = g["id"]
    tokens = [seat_up(client, g, 0), seat_up(client, g, 1)]
    live = client.app.state.registry.games[gid]
    waiting = live.game.prompt.player
    with client.websocket_connect(f"/ws/{gid}") as ws:
        sync = hello(ws, seat=waiting, token=tokens[waiting])
        assert sync["deadline"] is not None and 0 < sync["deadline"] - time.time() <= 1.0
        start = time.time()
        msg = ws.receive_json()
        while msg["type"] != "update":
            msg = ws.receive_json()
        assert time.time() - start >= 0.8 and msg["actor"] == waiting  # a bot played the turn
    info = wait_until(client, g, lambda i: live.game.prompt.player != waiting)
    assert info["version"] >= 1


def test_a_schema_2_database_gets_hosts_and_its_games_stay_public(tmp_path):
    """Games stored before private games were public and open to spectators; after the migration they still
    are, with no host, and they play on."""
    import sqlite3

    from openmonopoly.web.db import SCHEMA_3_COLUMNS, SCHEMA_4_COLUMNS, SCHEMA_6_COLUMNS, SCHEMA_VERSION

    url = f"sqlite:///{tmp_path / 'old.db'}"
    with TestClient(create_app(url, 0.01, SEEDED)) as c:
        gid = new_game(c, public=True)["id"]
        token = c.post(f"/api/games/{gid}/join", json={"seat": 0}).json()["token"]
    con = sqlite3.connect(tmp_path / "old.db")
    con.execute("DROP INDEX ix_games_creator")
    for column in [*SCHEMA_3_COLUMNS, *SCHEMA_4_COLUMNS, *SCHEMA_6_COLUMNS]:
        con.execute(f"ALTER TABLE games DROP COLUMN {column}")
    con.execute("UPDATE openmonopoly_meta SET value = '2' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    app = create_app(url, 0.01, SEEDED)
    assert app.state.store.schema_version() == SCHEMA_VERSION == 6
    with TestClient(app) as c:
        info = c.get(f"/api/games/{gid}").json()
        assert info["public"] is True and info["spectators"] is True and info["turn_timer"] is None
        assert info["spectator_chat"] is False and info["seats_per_guest"] is None  # (one guest took any number)
        assert gid in str(c.get("/api/games").json())
        assert c.post(f"/api/games/{gid}/join", json={"seat": 1}).status_code == 200
        with c.websocket_connect(f"/ws/{gid}") as ws:
            assert hello(ws)["type"] == "sync"  # spectators, as before
        with c.websocket_connect(f"/ws/{gid}") as ws:
            assert hello(ws, seat=0, token=token)["seat"] == 0
        r = c.post(f"/api/games/{gid}/host", json={"command": "timer", "host": "anything", "seconds": 30})
        assert r.status_code == 403  # no host: nobody commands


def test_the_timer_menus_start_at_the_servers_least_and_time_limit_0_is_refused(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", 0.01, ServerConfig(min_turn_timer=20))) as c:
        assert c.get("/api/editions").json()["turn_timer"] == {"min": 20, "max": 3600}
        r = c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "heuristic"}], "turn_timer": 19})
        assert r.status_code == 400 and "at least 20 s" in r.json()["detail"]
        g = c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "heuristic"}], "turn_timer": 20}).json()
        assert info_of(c, g)["turn_timer"] == 20 and info_of(c, g)["turn_timer_min"] == 20
        # a game against a clock: the web keeps none, so with 0 anyone could end the game at once
        before = len(c.app.state.registry.games)
        for zero in (0, "0"):
            r = c.post(
                "/api/games",
                json={"edition": "clonewars", "seats": [{"kind": "human"}] * 2, "options": {"time-limit": zero}},
            )
            assert r.status_code == 400, r.text
            assert "against a clock" in r.json()["detail"] and "time-limit=N" in r.json()["detail"]
        assert len(c.app.state.registry.games) == before
        r = c.post(
            "/api/games", json={"edition": "clonewars", "seats": [{"kind": "human"}] * 2, "options": {"time-limit": 3}}
        )
        assert r.status_code == 200
