"""Who sits at a web table: names nobody can mistake for another's (no look-alike letters, no mixed
scripts, no invisible or direction-changing characters), at most the game's seats per guest unless the
host allows more, and the spectators' channel opened and closed by its own host switch, kept across a
restart. Every refusal says why and changes nothing."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient

from openmonopoly.web import names
from openmonopoly.web.app import create_app
from openmonopoly.web.config import ServerConfig

from .test_seats import hello, info_of, new_game, seat_up
from .test_table_talk import chat_msgs, connect

CONFIG = ServerConfig(allow_seeds=True)


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'guests.db'}", 0.01, CONFIG)) as c:
        yield c


def join(c, g: dict, seat: int, **body):
    return c.post(f"/api/games/{g['id']}/join", json={"seat": seat, "invite": g["invite"], **body})


# ------------------------------------------------------------------ names
@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("\u0410nn", "mixes scripts: Cyrillic (\u0410), Latin (nn)"),  # Cyrillic А beside Latin letters
        ("Ann\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("A\u200dnn", "U+200D ZERO WIDTH JOINER"),
        ("\u3164", "U+3164 HANGUL FILLER"),
        ("...", "at least one letter or digit"),
    ],
)
def test_a_name_that_reads_as_something_else_is_refused(client, name, words):
    g = new_game(client)
    seat_up(client, g, 0)
    before = info_of(client, g)
    r = join(client, g, 1, name=name)
    assert r.status_code in (400, 409) and words in r.json()["detail"], r.text
    assert info_of(client, g) == before  # nothing changed: the seat is still free, its name as it was


@pytest.mark.parametrize(
    ("first", "second"),
    [("Ann", "ANN"), ("Ann", "ann"), ("Ann", "\uff21nn"), ("Ace", "\u0410\u0441\u0435"), ("Al", "AI"), ("Bob", "B0b")],
)
def test_a_name_confusable_with_another_at_the_table_is_refused(client, first, second):
    """Cyrillic "Асе" beside "Ace", "AI" beside "Al": the same name to the eye, refused, saying what to do."""
    g = new_game(client)
    assert join(client, g, 0, name=first).status_code == 200
    r = join(client, g, 1, name=second)
    assert r.status_code == 409, r.text
    assert f"already called {first!r}" in r.json()["detail"] and "mistake" in r.json()["detail"]
    assert info_of(client, g)["seats"][1]["claimed"] is False


def test_names_are_kept_in_one_form_and_unlike_names_sit_together(client):
    g = new_game(client, kinds=("human", "human", "human"))
    assert join(client, g, 0, name="\uff21nn").status_code == 200  # full-width Ａ: kept as "Ann"
    assert join(client, g, 1, name="\u0410\u043d\u044f").status_code == 200  # Аня: all Cyrillic
    assert join(client, g, 2, name="\u5c71\u7530 Taro").status_code == 200  # Han with Latin: allowed
    assert [s["name"] for s in info_of(client, g)["seats"]] == ["Ann", "\u0410\u043d\u044f", "\u5c71\u7530 Taro"]


def test_the_creator_cannot_seat_look_alike_names(client):
    seats = [{"kind": "human", "name": "Al"}, {"kind": "human", "name": "AI"}]
    r = client.post("/api/games", json={"edition": "classic", "seats": seats})
    assert r.status_code == 400 and "looks like another seat's 'Al'" in r.json()["detail"], r.text
    seats = [{"kind": "human", "name": "Ann\u2067"}, {"kind": "heuristic"}]
    r = client.post("/api/games", json={"edition": "classic", "seats": seats})
    assert r.status_code == 400 and "seat 0's name" in r.json()["detail"] and "U+2067" in r.json()["detail"]


def test_the_skeleton_is_unicode_s():
    """UTS #39's skeletons of well-known look-alikes (and of names that only share letters)."""
    assert names.look_alike("\u0410nn", "Ann") and names.look_alike("rn", "m") and names.look_alike("B0b", "Bob")
    assert names.look_alike("paypal", "p\u0430yp\u0430l")
    assert not names.look_alike("Ann", "Anne") and not names.look_alike("ai", "al")


# ------------------------------------------------------------------ seats per guest
def test_one_browser_takes_one_seat_unless_the_host_allows_more(client):
    g = new_game(client, kinds=("human", "human", "human"))
    t0 = join(client, g, 0).json()["token"]
    before = info_of(client, g)
    r = join(client, g, 1, held=[t0])  # the same browser (it holds seat 0's token) asks for another seat
    assert r.status_code == 409, r.text
    assert "this browser already holds seat 0" in r.json()["detail"] and "ask the host" in r.json()["detail"]
    assert info_of(client, g) == before
    # another browser in the same house (a private game counts browsers, not the network) takes seat 1
    assert join(client, g, 1).status_code == 200
    # the host lets one guest take two seats: the first browser takes seat 2
    r = client.post(
        f"/api/games/{g['id']}/host", json={"command": "seats-per-guest", "host": g["host_token"], "seats": 2}
    )
    assert r.status_code == 200 and r.json()["seats_per_guest"] == 2
    assert join(client, g, 2, held=[t0]).status_code == 200


def test_in_a_public_game_one_network_is_one_guest(client):
    """Strangers from the lobby: a fresh private window (no tokens held) at the same address is the same
    guest; the host takes any number of seats; a removed player's seat counts for nobody."""
    g = new_game(client, kinds=("human", "human", "human"), public=True)
    assert info_of(client, g)["seats_per_guest"] == 1
    t0 = join(client, g, 0).json()["token"]
    r = join(client, g, 1)
    assert r.status_code == 409 and "this browser or network already holds seat 0" in r.json()["detail"]
    assert join(client, g, 1, host=g["host_token"]).status_code == 200  # the host's own seats are not counted
    host = {"host": g["host_token"]}
    assert client.post(f"/api/games/{g['id']}/host", json={"command": "remove", "seat": 0, **host}).status_code == 200
    assert join(client, g, 2).status_code == 200  # this network holds no seat now
    assert join(client, g, 0, held=[t0]).status_code == 409  # (seat 2 is this network's)
    limits = [
        client.post(f"/api/games/{g['id']}/host", json={"command": "seats-per-guest", "seats": n, **host})
        for n in (0, 7)
    ]
    assert all(r.status_code == 422 for r in limits)  # 1..6 seats, or null for any number
    r = client.post(f"/api/games/{g['id']}/host", json={"command": "seats-per-guest", "seats": None, **host})
    assert r.json()["seats_per_guest"] is None
    assert join(client, g, 0).status_code == 200


def test_seats_per_guest_survive_a_restart(tmp_path):
    db = f"sqlite:///{tmp_path / 'again.db'}"
    with TestClient(create_app(db, 0.01, CONFIG)) as c:
        g = new_game(c, kinds=("human", "human"), public=True)
        join(c, g, 0)
    with TestClient(create_app(db, 0.01, CONFIG)) as c:  # the server restarts: the network still holds seat 0
        r = join(c, g, 1)
        assert r.status_code == 409 and "seat 0" in r.json()["detail"]


# ------------------------------------------------------------------ the spectators' channel
def test_the_spectators_channel_has_its_own_switch_kept_across_a_restart(tmp_path):
    db = f"sqlite:///{tmp_path / 'watch.db'}"
    with TestClient(create_app(db, 0.01, CONFIG)) as c, ExitStack() as stack:
        g = new_game(c, spectators=True)
        gid, host = g["id"], g["host_token"]
        assert info_of(c, g)["spectator_chat"] is False  # watching is allowed; talking is not, until the host says
        watcher, _ = connect(stack, c, gid, invite=g["invite"])
        watcher.send_json({"type": "say", "text": "go Ann"})
        err = chat_msgs(watcher)[0]
        assert err["code"] == "spectator-chat-off" and "ask the host" in err["message"]
        r = c.post(f"/api/games/{gid}/host", json={"command": "spectator-chat", "host": "guess", "allowed": True})
        assert r.status_code == 403
        r = c.post(f"/api/games/{gid}/host", json={"command": "spectator-chat", "host": host, "allowed": True})
        assert r.status_code == 200 and r.json()["spectator_chat"] is True and r.json()["spectators"] is True
        watcher.send_json({"type": "say", "text": "go Ann"})
        while (m := chat_msgs(watcher)[0]).get("kind") != "say":
            pass
        assert m["channel"] == "spectators"
    with TestClient(create_app(db, 0.01, CONFIG)) as c, ExitStack() as stack:  # the server restarts
        assert info_of(c, g)["spectator_chat"] is True
        watcher, greeting = connect(stack, c, gid, invite=g["invite"])
        assert [m["text"] for m in greeting["messages"]] == ["go Ann"]
        c.post(f"/api/games/{gid}/host", json={"command": "spectator-chat", "host": host, "allowed": False})
        watcher.send_json({"type": "say", "text": "still here"})
        while "code" not in (m := chat_msgs(watcher)[0]):
            pass
        assert m["code"] == "spectator-chat-off"
    with TestClient(create_app(db, 0.01, CONFIG)) as c, c.websocket_connect(f"/ws/{gid}") as ws:
        assert hello(ws, invite=g["invite"])["game"]["spectator_chat"] is False
