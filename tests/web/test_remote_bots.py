"""Bots speaking the bot protocol at a web game's table: an operator's bot (``serve --bot NAME=COMMAND``)
and a remote bot connecting with the bot token the host hands out (through the stdio bridge), each playing
a whole game against a person on the game's WebSocket; clients can never make the server run a command;
a wrong bot token is refused."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import httpx
import pytest

from openmonopoly.botprotocol.bridge import bridge
from openmonopoly.botprotocol.process import BotCommand
from openmonopoly.web.config import ServerConfig

from .helpers import OPEN, LiveServer, choose

PYBOT = Path(__file__).resolve().parents[2] / "examples" / "bots" / "python_bot.py"
PYBOT_CMD = f"{sys.executable} {PYBOT}"
ROUNDS = 4


def play_as_person(url: str, gid: str, seat: int, token: str) -> list[dict]:
    """Play ``seat`` to the end of the game with the helpers' simple policy; every event seen."""
    from websockets.sync.client import connect

    events: list[dict] = []
    with connect(url.replace("http", "ws") + f"/ws/{gid}") as ws:
        ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        while True:
            msg = json.loads(ws.recv(timeout=30))
            if msg["type"] == "error":
                assert msg["code"] in ("stale-version",), msg
                continue
            if msg["type"] not in ("sync", "update"):
                continue
            events += msg.get("events", msg.get("log", []))
            view = msg["view"]
            if view["over"]:
                return events
            if view["prompt"] and view["prompt"]["player"] == seat:
                action = choose(view)
                if action is not None:
                    ws.send(
                        json.dumps(
                            {"type": "act", "seat": seat, "token": token, "version": msg["version"], "action": action}
                        )
                    )


def new_game(client: httpx.Client, kinds: list[str]) -> dict:
    r = client.post(
        "/api/games",
        json={"edition": "classic", "seats": [{"kind": k} for k in kinds], "options": {"max-rounds": ROUNDS}, **OPEN},
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_an_operator_s_bot_plays_a_whole_game_against_a_person(tmp_path):
    config = ServerConfig(bot_delay=0, bots=(("pybot", PYBOT_CMD),))
    with LiveServer(f"sqlite:///{tmp_path / 'op.db'}", config=config) as srv, httpx.Client(base_url=srv.url) as c:
        assert "bot:pybot" in c.get("/api/editions").json()["seat_kinds"]
        # a client names a declared bot, never a command
        for kind in (f"exec:{PYBOT_CMD}"[:20], "bot:rm -rf", "bot:other"):
            r = c.post("/api/games", json={"edition": "classic", "seats": [{"kind": "human"}, {"kind": kind}]})
            assert r.status_code == 400 and "unknown seat kind" in r.text, r.text
        g = new_game(c, ["human", "bot:pybot"])
        token = c.post(f"/api/games/{g['id']}/join", json={"seat": 0}).json()["token"]
        events = play_as_person(srv.url, g["id"], 0, token)
        final = c.get(f"/api/games/{g['id']}").json()
    assert final["status"] == "over"
    by_bot = [e for e in events if e.get("player") == 1 and e["kind"] in ("dice", "bought", "moved")]
    assert by_bot, "the operator's bot never moved"
    assert srv.app.state.registry.remote_bots.seats[(g["id"], 1)].session.faults == []


def test_a_remote_bot_connects_with_the_host_s_token_and_plays_a_person(tmp_path):
    with (
        LiveServer(f"sqlite:///{tmp_path / 'remote.db'}", config=ServerConfig(bot_delay=0)) as srv,
        httpx.Client(base_url=srv.url) as c,
    ):
        g = new_game(c, ["human", "remote"])
        gid = g["id"]
        # only the host hands out a bot token, and only for a remote seat
        assert c.post(f"/api/games/{gid}/bot-token", json={"host": "nope", "seat": 1}).status_code == 403
        r = c.post(f"/api/games/{gid}/bot-token", json={"host": g["host_token"], "seat": 0})
        assert r.status_code == 409 and "not a remote bot's seat" in r.text
        bot_token = c.post(f"/api/games/{gid}/bot-token", json={"host": g["host_token"], "seat": 1}).json()["token"]
        ws_url = srv.url.replace("http", "ws") + f"/ws/{gid}/bot"
        # a wrong token is refused, and changes nothing
        from websockets.sync.client import connect

        with connect(ws_url, additional_headers={"Authorization": "Bearer wrong"}) as ws:
            refusal = json.loads(ws.recv(timeout=10))
        assert refusal["type"] == "error" and refusal["code"] == "unknown-token"
        result: dict = {}
        runner = threading.Thread(
            target=lambda: result.update(code=bridge(ws_url, bot_token, BotCommand.parse(PYBOT_CMD))), daemon=True
        )
        runner.start()
        token = c.post(f"/api/games/{gid}/join", json={"seat": 0}).json()["token"]
        events = play_as_person(srv.url, gid, 0, token)
        runner.join(timeout=30)
        final = c.get(f"/api/games/{gid}").json()
    assert final["status"] == "over"
    assert result.get("code") == 0, result  # the server ended the bot's connection at game over
    assert any(e.get("player") == 1 and e["kind"] == "dice" for e in events), "the remote bot never rolled"
    rs = srv.app.state.registry.remote_bots.seats[(gid, 1)]
    assert rs.name == "pybot" and rs.faults == []


@pytest.mark.parametrize("mode", ["illegal", "crash"])
def test_an_operator_s_bot_that_fails_is_stood_in_for_and_the_game_goes_on(mode, tmp_path, caplog):
    faulty = Path(__file__).resolve().parents[1] / "botprotocol" / "faulty_bot.py"
    config = ServerConfig(bot_delay=0, bots=(("faulty", f"{sys.executable} {faulty} {mode} 2"),))
    with (
        caplog.at_level("WARNING", "openmonopoly.web.bots"),
        LiveServer(f"sqlite:///{tmp_path / 'f.db'}", config=config) as srv,
        httpx.Client(base_url=srv.url) as c,
    ):
        g = new_game(c, ["human", "bot:faulty"])
        token = c.post(f"/api/games/{g['id']}/join", json={"seat": 0}).json()["token"]
        play_as_person(srv.url, g["id"], 0, token)
        assert c.get(f"/api/games/{g['id']}").json()["status"] == "over"
    session = srv.app.state.registry.remote_bots.seats[(g["id"], 1)].session
    codes = [f.code for f in session.faults]
    assert codes == (["illegal"] * 3 if mode == "illegal" else ["crash"]) + ["replaced"]
    assert "plays it" in caplog.text


@pytest.mark.parametrize("text", ["pybot", "pybot=", "bad name=python3 x.py", "a=python3 'unclosed"])
def test_serve_refuses_a_bad_bot_declaration(text):
    from typer.testing import CliRunner

    from openmonopoly.cli.main import app

    out = CliRunner().invoke(app, ["serve", "--bot", text])
    assert out.exit_code == 2
    assert "--bot" in out.output or "bot command" in out.output


def test_a_remote_bot_s_token_is_stored_hashed_and_survives_a_restart(tmp_path):
    """The host hands out a bot token; the server restarts (a new app on the same database); the bot still
    connects with it. Only its hash is stored, and a token the host replaced stops working."""
    import sqlite3

    from fastapi.testclient import TestClient

    from openmonopoly.web.access import hash_token
    from openmonopoly.web.app import create_app

    db = tmp_path / "restart.db"

    def greeted(client: TestClient, gid: str, token: str) -> dict:
        with client.websocket_connect(f"/ws/{gid}/bot", headers={"Authorization": f"Bearer {token}"}) as ws:
            return ws.receive_json()

    with TestClient(create_app(f"sqlite:///{db}", 0, ServerConfig(bot_delay=0))) as c:
        g = c.post("/api/games", json={"edition": "classic", "seats": [{"kind": "human"}, {"kind": "remote"}], **OPEN})
        gid, host = g.json()["id"], g.json()["host_token"]
        old = c.post(f"/api/games/{gid}/bot-token", json={"host": host, "seat": 1}).json()["token"]
        token = c.post(f"/api/games/{gid}/bot-token", json={"host": host, "seat": 1}).json()["token"]
        assert greeted(c, gid, old)["code"] == "unknown-token"  # replaced by the second
    stored = sqlite3.connect(db).execute("SELECT bot_token_hashes FROM games WHERE id = ?", (gid,)).fetchone()[0]
    assert json.loads(stored) == [None, hash_token(token)]
    raw = db.read_bytes()
    assert token.encode() not in raw and old.encode() not in raw
    with TestClient(create_app(f"sqlite:///{db}", 0, ServerConfig(bot_delay=0))) as c:  # the restart
        hello = greeted(c, gid, token)
        assert hello["type"] == "hello" and hello["protocol"] == 1, hello
        assert greeted(c, gid, old)["code"] == "unknown-token"
        assert greeted(c, gid, "")["code"] == "unknown-token"
