"""Table talk: seated players chat (plain text, length- and rate-limited), spectators only in their own
channel, the host mutes a seat, and the talk is stored with the game: it survives a restart and is in the
replay."""

from __future__ import annotations

from contextlib import ExitStack

from fastapi.testclient import TestClient

from openmonopoly.web.app import create_app
from openmonopoly.web.chat import BURST, MAX_TEXT, REACTIONS
from openmonopoly.web.config import ServerConfig

from .test_seats import hello, new_game, seat_up, wait_until

CONFIG = ServerConfig(allow_seeds=True)


def chat_msgs(ws) -> list[dict]:
    """The next chat message's entries (other messages are skipped)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == "chat":
            return msg["messages"]
        if msg["type"] == "error":
            return [msg]


def connect(stack, c, gid, **fields):
    ws = stack.enter_context(c.websocket_connect(f"/ws/{gid}"))
    sync = hello(ws, **fields)
    assert sync["type"] == "sync"
    return ws, sync["chat"]


def test_players_talk_and_the_talk_survives_a_restart(tmp_path):
    db = f"sqlite:///{tmp_path / 'talk.db'}"
    with TestClient(create_app(db, 0.01, CONFIG)) as c, ExitStack() as stack:
        g = new_game(c, spectators=True, spectator_chat=True)
        gid, host = g["id"], g["host_token"]
        t0, t1 = seat_up(c, g, 0), seat_up(c, g, 1)
        ann, greeting = connect(stack, c, gid, seat=0, token=t0, host=host)
        assert greeting["messages"] == [] and greeting["reactions"] == list(REACTIONS)
        bea, _ = connect(stack, c, gid, seat=1, token=t1)
        watcher, _ = connect(stack, c, gid, invite=g["invite"])
        ann.send_json({"type": "say", "text": "  deal?\u202e\x07 Pacific   for two  "})
        for ws in (ann, bea, watcher):
            (m,) = chat_msgs(ws)
            assert m["text"] == "deal? Pacific for two" and m["seat"] == 0 and m["channel"] == "table"
        bea.send_json({"type": "say", "text": "x" * (MAX_TEXT + 1)})
        assert chat_msgs(bea)[0]["code"] == "malformed"
        bea.send_json({"type": "say", "text": "🤷", "reaction": True})
        assert chat_msgs(bea)[0]["code"] == "malformed"
        bea.send_json({"type": "say", "text": "No deal", "reaction": True})
        for ws in (ann, bea, watcher):
            assert chat_msgs(ws)[0]["kind"] == "react"
        # a spectator talks only with spectators (and the host): the players' sockets hear nothing of it
        watcher.send_json({"type": "say", "text": "buy the orange ones", "channel": "table"})
        assert chat_msgs(watcher)[0]["code"] == "not-seated"
        watcher.send_json({"type": "say", "text": "go Ann"})
        assert chat_msgs(watcher)[0]["channel"] == "spectators"
        assert chat_msgs(ann)[0]["text"] == "go Ann"  # (the host reads it)
        # the host mutes Bea; Bea's talk is refused
        bea.send_json({"type": "mute", "seat": 1})
        assert chat_msgs(bea)[0]["code"] == "wrong-token"
        ann.send_json({"type": "mute", "seat": 1, "muted": True})
        for ws in (ann, bea, watcher):  # (Bea's socket heard nothing of the spectators' talk: this comes next)
            assert chat_msgs(ws)[0]["kind"] == "mute"
        bea.send_json({"type": "say", "text": "hey"})
        assert chat_msgs(bea)[0]["code"] == "muted"
        # a fast talker is slowed down
        codes = []
        for i in range(BURST + 1):
            ann.send_json({"type": "say", "text": f"line {i}"})
            codes.append(chat_msgs(ann)[0].get("code"))
        assert codes[-1] == "rate-limited" and codes.count(None) == BURST - 1  # (its first was said above)
    with TestClient(create_app(db, 0.01, CONFIG)) as c, ExitStack() as stack:  # the server restarts
        bea, greeting = connect(stack, c, gid, seat=1, token=t1)
        said = [(m["kind"], m["text"]) for m in greeting["messages"]]
        assert said[:2] == [("say", "deal? Pacific for two"), ("react", "No deal")]
        assert ("say", "go Ann") not in said  # the spectators' channel is not the players'
        assert greeting["muted"] == [1]


def test_rematch_keeps_the_seats_and_their_devices(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'again.db'}", 0.01, CONFIG)) as c, ExitStack() as stack:
        g = new_game(c, kinds=("human", "heuristic"), options={"max-rounds": 1})
        gid, host = g["id"], g["host_token"]
        t0 = seat_up(c, g, 0)
        assert c.post(f"/api/games/{gid}/rematch", json={"host": host}).status_code == 409  # not over yet
        c.post(f"/api/games/{gid}/host", json={"command": "bot", "host": host, "seat": 0, "kind": "heuristic"})
        ann, _ = connect(stack, c, gid, seat=0, token=t0, host=host)
        wait_until(c, g, lambda i: i["status"] == "over", timeout=30)
        assert c.post(f"/api/games/{gid}/rematch", json={"host": "guess"}).status_code == 403
        r = c.post(f"/api/games/{gid}/rematch", json={"host": host}).json()
        new = r["game"]
        assert new != gid and r["host_token"] and r["invite"]
        assert chat_msgs(ann)[0] == {**chat_msgs_last(c, gid, t0), "kind": "rematch", "text": new}
        assert c.post(f"/api/games/{gid}/rematch", json={"host": host}).json() == {"game": new}  # once only
        again, _ = connect(stack, c, new, seat=0, token=t0)  # the same device, the same seat
        info = c.get(f"/api/games/{new}", headers={"X-Openmonopoly-Secret": t0}).json()
        assert [s["kind"] for s in info["seats"]] == ["human", "heuristic"] and info["edition"] == "classic"
        assert info["seats"][0]["name"] == "Player 1" or info["seats"][0]["claimed"]


def chat_msgs_last(c, gid, token) -> dict:
    """The last table-talk message of a game, as a client connecting now is shown it."""
    with c.websocket_connect(f"/ws/{gid}") as ws:
        return hello(ws, seat=0, token=token)["chat"]["messages"][-1]
