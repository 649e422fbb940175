"""The web server facing strangers: dealt dice, malformed messages refused without change, bounded
resources (record size, rates, connections, live games, bot-only games), health, logs, crash safety."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from openmonopoly.agents import make_agent
from openmonopoly.engine.game import Game
from openmonopoly.web import records
from openmonopoly.web.app import create_app
from openmonopoly.web.config import ServerConfig
from openmonopoly.web.db import SCHEMA_VERSION
from openmonopoly.web.logs import JsonFormatter

from .helpers import OPEN, LiveServer, create_game, join

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'web.db'}"


def create(c, kinds=("human", "human"), **body):
    return create_game(c, kinds, **body)


seated = join


def frozen(app, gid) -> str:
    """The whole game as the server holds it (state, generator, record) and as it is stored."""
    live = app.state.registry.games[gid]
    stored = app.state.store.load(gid)
    return json.dumps([live.version, live.game.to_json(), stored.version, stored.record()], sort_keys=True)


def act(token, version, action, seat=0, **extra):
    return {"type": "act", "seat": seat, "token": token, "version": version, "action": action, **extra}


MALFORMED_ACTIONS = [
    ("mortgage ²", "bad-action"),
    ("mortgage --5", "bad-action"),
    ("mortgage 5-", "bad-action"),
    ("bid ١٢", "bad-action"),
    ("mortgage 1234567890123", "bad-action"),  # (13 digits: the engine parser reads at most 12)
    ("mortgage " + "9" * 150, "bad-action"),
    ("bid " + "9" * 5000, "malformed"),
    ("", "malformed"),
    ("trade 1 cash=--3", "bad-action"),
    ("trade 1 give=1,,x", "bad-action"),
    ("roll\x00", "bad-action"),
    (7, "malformed"),
    (None, "malformed"),
    ([1], "malformed"),
]
MALFORMED_OFFERS = [[[1]], ["1"], [1.5], [None], [True], [-1], [10**12]]


def test_malformed_messages_get_errors_and_change_nothing(db_url):
    # ~90 frames back to back: the frame budget (tested on its own) must not answer them first.
    app = create_app(db_url, 0, ServerConfig(frame_burst=1000))
    with TestClient(app) as c:
        gid = create(c)["id"]
        t0, t1 = seated(c, gid, 0), seated(c, gid, 1)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": t0})
            sync = ws.receive_json()
            v = sync["version"]
            me = sync["view"]["prompt"]["player"]
            token = t0 if me == 0 else t1
            before = frozen(app, gid)

            def refused(frame, code):
                if isinstance(frame, bytes):
                    ws.send_bytes(frame)
                else:
                    ws.send_text(frame if isinstance(frame, str) else json.dumps(frame))
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["code"] == code, (frame, reply)
                assert reply["message"]
                assert frozen(app, gid) == before, frame

            for text, code in MALFORMED_ACTIONS:
                refused(act(t0, v, text), code)
            for items in MALFORMED_OFFERS:
                refused(act(t0, v, {"kind": "trade", "offer": {"target": 1, "give": items}}), "malformed")
            for cash in ([1], "1", 1.5, None, True, 10**12):
                refused(act(t0, v, {"kind": "trade", "offer": {"target": 1, "cash": cash}}), "malformed")
            refused(act(t0, v, {"kind": "trade", "offer": {"target": "1"}}), "malformed")
            refused(act(t0, v, {"kind": "trade", "offer": {"target": 1, "bribe": 5}}), "malformed")
            for seat in ("0", 0.0, True, [0], -1, 6):
                refused(act(t0, v, "roll", seat=seat), "malformed")
                refused({"type": "hello", "seat": seat, "token": t0}, "malformed")
            for version in (str(v), float(v), None, -1):
                refused(act(t0, version, "roll"), "malformed")
            refused(act(t0, v, "roll", extra=1), "malformed")
            refused(b'{"type": "ping"}', "malformed")  # binary frames
            refused(b"\xff\x00" * 10, "malformed")
            for text in ("{not json", "[]", "null", '"act"', "1", "{}", '{"type": "dance"}', " " * 10):
                refused(text, "malformed")
            refused(json.dumps(act(t0, v, "roll")) + " " * 5000, "malformed")  # an oversize frame
            # the connection is still alive and the right seat can still act
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            if me == 0:
                ws.send_json(act(t0, v, "roll"))
                assert ws.receive_json()["version"] == v + 1
        assert token


def test_crash_in_a_handler_replies_logs_one_line_and_keeps_the_socket(db_url, monkeypatch, caplog):
    app = create_app(db_url, 0)
    with TestClient(app) as c:
        gid = create(c)["id"]
        t0 = seated(c, gid, 0)

        async def broken(*args, **kwargs):
            raise ZeroDivisionError("injected")

        monkeypatch.setattr(app.state.registry, "human_act", broken)
        with c.websocket_connect(f"/ws/{gid}") as ws, caplog.at_level(logging.ERROR, "openmonopoly.web"):
            ws.send_json({"type": "hello", "seat": 0, "token": t0})
            v = ws.receive_json()["version"]
            for _ in range(3):
                ws.send_json(act(t0, v, "roll"))
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["code"] == "server"
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        lines = [r for r in caplog.records if "injected" in r.getMessage()]
        assert len(lines) == 3 and all(r.exc_info is None for r in lines)  # one line each, no traceback


@pytest.mark.timeout(60)  # (without the close, the page's next read waits for ever)
def test_a_page_whose_update_could_not_be_sent_is_closed_and_syncs_again(db_url, monkeypatch):
    """A send to one page fails: that page's socket is closed with 1011 (it reconnects, where an open socket
    that hears nothing more would leave it showing a stale table), the other page plays on, and the page that
    reconnects is synced to the game as it stands."""
    from starlette.websockets import WebSocket, WebSocketDisconnect

    from openmonopoly.web.live import SEND_FAILED

    sent = WebSocket.send_text
    fail = {"pong": True}

    async def send_text(self, data):
        if fail["pong"] and '"pong"' in data:
            fail["pong"] = False
            raise OSError("injected: the socket cannot be written to")
        await sent(self, data)

    monkeypatch.setattr(WebSocket, "send_text", send_text)
    app = create_app(db_url, 0)
    with TestClient(app) as c:
        gid = create(c)["id"]
        t0, t1 = seated(c, gid, 0), seated(c, gid, 1)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            ws0.send_json({"type": "hello", "seat": 0, "token": t0})
            v = ws0.receive_json()["version"]
            ws1.send_json({"type": "hello", "seat": 1, "token": t1})
            assert ws1.receive_json()["version"] == v
            ws0.send_json({"type": "ping"})  # its pong is the send that fails
            with pytest.raises(WebSocketDisconnect) as closed:
                ws0.receive_json()
            assert closed.value.code == SEND_FAILED
            ws1.send_json({"type": "ping"})
            assert ws1.receive_json() == {"type": "pong"}
            mover = app.state.registry.games[gid].game.state.stack[-1].decider
            mover_ws, token = (ws1, t1) if mover == 1 else (None, t0)
            if mover_ws is not None:  # the other page can still play: its roll is applied and heard
                mover_ws.send_json(act(token, v, "roll", seat=1))
                v = mover_ws.receive_json()["version"]
                assert v > 0
        with c.websocket_connect(f"/ws/{gid}") as again:
            again.send_json({"type": "hello", "seat": 0, "token": t0})
            sync = again.receive_json()
            assert sync["type"] == "sync" and sync["version"] == app.state.registry.games[gid].version == v


def test_a_failed_commit_leaves_the_game_as_stored(db_url, monkeypatch):
    """The engine has applied the action, then the store fails: the game goes back to what is stored."""
    app = create_app(db_url, 0)
    with TestClient(app) as c:
        gid = create(c)["id"]
        tokens = seated(c, gid, 0), seated(c, gid, 1)
        registry = app.state.registry
        me = registry.games[gid].game.prompt.player
        before = frozen(app, gid)
        real_commit = registry.committer.commit

        async def failing(move, stored):
            raise OSError("disk full")

        monkeypatch.setattr(registry.committer, "commit", failing)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "seat": me, "token": tokens[me]})
            v = ws.receive_json()["version"]
            ws.send_json(act(tokens[me], v, "roll", seat=me))
            assert ws.receive_json()["code"] == "server"
            assert frozen(app, gid) == before
            monkeypatch.setattr(registry.committer, "commit", real_commit)
            ws.send_json(act(tokens[me], v, "roll", seat=me))
            assert ws.receive_json()["version"] == v + 1


def test_dice_are_dealt_by_the_server(db_url):
    app = create_app(db_url, 0)
    with TestClient(app) as c:
        r = c.post("/api/games", json={"edition": "classic", "seed": 5, "seats": [{"kind": "human"}] * 2, **OPEN})
        assert r.status_code == 400 and "--allow-seeds" in r.json()["detail"]
        schema = c.get("/openapi.json").json()["components"]["schemas"]["CreateGame"]["properties"]
        assert "seed" not in schema
        games = [create(c) for _ in range(3)]
        keys = [app.state.store.load(g["id"]).chance_key for g in games]
        assert len(set(keys)) == 3 and all(len(bytes.fromhex(k)) == 32 for k in keys)
        logs, texts = [], []
        for g in games:
            with c.websocket_connect(f"/ws/{g['id']}") as ws:
                ws.send_json({"type": "hello"})
                sync = ws.receive_json()
                texts.append(json.dumps(sync))
                logs.append([e["text"] for e in sync["log"]])
        assert len({json.dumps(log) for log in logs}) > 1  # the same spec, different first rolls
        chance = [app.state.registry.games[g["id"]].game.chance.log for g in games]
        assert len({tuple(ch) for ch in chance}) == 3
        for text, key in zip(texts, keys, strict=True):
            assert key not in text and '"seed"' not in text and '"chance"' not in text
        assert all(k not in c.get("/api/games").text for k in keys)


def test_a_seeded_server_deals_the_seed(db_url):
    with TestClient(create_app(db_url, 0, ServerConfig(allow_seeds=True))) as c:
        a, b = (create(c, seed=77) for _ in range(2))
        registry = c.app.state.registry
        ga, gb = registry.games[a["id"]].game, registry.games[b["id"]].game
        assert ga.chance.log == gb.chance.log == Game("classic", ga.players, 77).chance.log


def bot_record(seed: int = 21) -> dict:
    game = Game("classic", ["A", "B", "C", "D"], seed)
    game.play_out([make_agent("heuristic", i) for i in range(4)])
    return game.record()


def test_records_are_capped_and_imported_off_the_event_loop(tmp_path, monkeypatch):
    full = bot_record()
    cap = len(full["actions"]) - 1
    record = Game.replay(full, upto=cap - 100).record()
    # The pinger sends 100 frames a second, past the default frame budget (tested on its own).
    config = ServerConfig(
        max_record_actions=cap, max_body_bytes=400_000, bot_delay=0, frames_per_second=1000.0, frame_burst=1000
    )
    threads = []
    busy: list[float] = []  # when the heavy replay's second of work began and ended
    real_replay = records.replay_record

    def heavy_replay(*args):
        """The real replay, plus a second of pure-Python work: what a long record costs on a slow machine."""
        threads.append(threading.current_thread().name)
        busy.append(time.perf_counter())
        end = busy[-1] + 1.0
        while time.perf_counter() < end:
            pass
        busy.append(time.perf_counter())
        return real_replay(*args)

    monkeypatch.setattr(records, "replay_record", heavy_replay)
    with LiveServer(f"sqlite:///{tmp_path / 'w.db'}", config=config) as srv, httpx.Client(base_url=srv.url) as http:
        other = http.post("/api/games", json={"seats": [{"kind": "human"}] * 2, **OPEN}).json()["id"]
        pings: list[float] = []  # how long each ping took to be answered
        answered: list[float] = []  # when each was answered
        stop = threading.Event()

        def keep_pinging():
            from websockets.sync.client import connect

            with connect(srv.url.replace("http", "ws") + f"/ws/{other}") as ws:
                while not stop.is_set():
                    t = time.perf_counter()
                    ws.send('{"type": "ping"}')
                    assert json.loads(ws.recv())["type"] == "pong"
                    answered.append(time.perf_counter())
                    pings.append(answered[-1] - t)
                    time.sleep(0.01)

        pinger = threading.Thread(target=keep_pinging)
        pinger.start()
        try:
            time.sleep(0.2)
            t = time.perf_counter()  # 3 MB: refused before it is read
            big = http.post(
                "/api/games",
                content=b'{"record": "' + b"x" * 3_000_000 + b'"}',
                headers={"content-type": "application/json"},
            )
            assert big.status_code == 413 and "400000 bytes" in big.json()["detail"]
            assert time.perf_counter() - t < 1.0
            r = http.post("/api/games", json={"record": full})
            assert r.status_code == 413 and f"at most {cap}" in r.json()["detail"]
            for bad in (
                dict(record, actions=[["0", "roll"]]),
                dict(record, chance=[1.5]),
                dict(record, format=2),
                dict(record, players="AB"),
                dict(record, seed="1"),
            ):
                assert http.post("/api/games", json={"record": bad}).status_code == 422
            assert threads == []  # none of those was replayed
            short = dict(record, chance=record["chance"][:5])
            assert http.post("/api/games", json={"record": short}).status_code == 400
            pings.clear()
            imported = http.post("/api/games", json={"record": record, "kinds": ["human"] * 4, **OPEN}, timeout=120)
            assert imported.status_code == 200, imported.text
            assert imported.json()["version"] == cap - 100
        finally:
            stop.set()
            pinger.join()
    assert threads[-1].startswith("om-replay")
    # The loop kept answering while the import worked. Had the import run on the event loop, no ping would be
    # answered in that second and one would wait all of it; the margins leave room for a loaded machine
    # (about 90 pings fit in the second on an idle one).
    start, end = busy[-2], busy[-1]
    during = [t for t in answered if start < t < end]
    assert len(during) >= 5 and max(pings) < 0.5, (len(during), max(pings))


def test_rate_and_connection_limits(db_url):
    config = ServerConfig(create_per_minute=1, create_burst=3, hello_per_minute=1, hello_burst=4, conns_per_seat=2)
    with TestClient(create_app(db_url, 0, config)) as c:
        gid = create(c)["id"]
        create(c)
        create(c)
        r = c.post("/api/games", json={"seats": [{"kind": "human"}] * 2, **OPEN})
        assert r.status_code == 429 and "try again" in r.json()["detail"] and int(r.headers["retry-after"]) >= 1
        token = seated(c, gid, 0)  # seat requests count as hellos: 3 left
        replies = []
        with (
            c.websocket_connect(f"/ws/{gid}") as a,
            c.websocket_connect(f"/ws/{gid}") as b,
            c.websocket_connect(f"/ws/{gid}") as d,
        ):
            for ws in (a, b, d):
                ws.send_json({"type": "hello", "seat": 0, "token": token})
                replies.append(ws.receive_json())
            assert [m["type"] for m in replies[:2]] == ["sync", "sync"]
            assert replies[2]["code"] == "rate-limited" and "2 connections" in replies[2]["message"]
            d.send_json({"type": "hello"})  # the fourth hello of this address: over the limit
            limited = d.receive_json()
            assert limited["code"] == "rate-limited" and "too many hellos" in limited["message"]


def test_live_games_are_bounded_and_bot_games_end(db_url):
    config = ServerConfig(max_live_games=2, bot_game_rounds=50)
    with TestClient(create_app(db_url, 0, config)) as c:
        bots = create(c, kinds=("heuristic", "random"))
        assert bots["options"]["max-rounds"] == 50
        r = c.post("/api/games", json={"seats": [{"kind": "random"}] * 2, "options": {"max-rounds": 51}, **OPEN})
        assert r.status_code == 400 and "50 rounds" in r.json()["detail"]
        create(c)
        r = c.post("/api/games", json={"seats": [{"kind": "human"}] * 2, **OPEN})
        assert r.status_code == 503 and "limit of 2 games" in r.json()["detail"]
        with c.websocket_connect(f"/ws/{bots['id']}") as ws:  # watched, the bot game plays to its limit
            ws.send_json({"type": "hello"})
            msg = ws.receive_json()
            while not msg["view"]["over"]:
                msg = ws.receive_json()
            assert msg["view"]["round"] <= 51
        deadline = time.time() + 5
        while time.time() < deadline and bots["id"] in c.app.state.registry.games:
            time.sleep(0.05)
        assert bots["id"] not in c.app.state.registry.games  # finished and unwatched: out of memory
        create(c)  # so there is room again


def test_health_and_json_logs(db_url, monkeypatch):
    with TestClient(create_app(db_url, 0)) as c:
        h = c.get("/healthz")
        assert h.status_code == 200 and h.json()["status"] == "ok" and h.json()["games_in_play"] == 0

        def down():
            raise OSError("database gone")

        monkeypatch.setattr(c.app.state.store, "ping", down)
        h = c.get("/healthz")
        assert h.status_code == 503 and h.json()["status"] == "database-unavailable"
    record = logging.LogRecord("openmonopoly.web", logging.INFO, __file__, 1, "game %s created", ("abc",), None)
    record.client = "10.0.0.1"
    line = json.loads(JsonFormatter().format(record))
    assert line["msg"] == "game abc created" and line["client"] == "10.0.0.1" and line["level"] == "info"


def test_graceful_shutdown_loses_nothing(tmp_path):
    from websockets.sync.client import connect

    url = f"sqlite:///{tmp_path / 'w.db'}"
    srv = LiveServer(url, config=ServerConfig(bot_delay=0, bot_game_rounds=2000))
    with srv:
        http = httpx.Client(base_url=srv.url)
        body = {"seats": [{"kind": "heuristic"}] * 4, **OPEN}
        gids = [http.post("/api/games", json=body).json()["id"] for _ in range(3)]
        live = {gid: srv.app.state.registry.games[gid] for gid in gids}
        sockets = [connect(srv.url.replace("http", "ws") + f"/ws/{g}") for g in gids]
        for ws in sockets:
            ws.send('{"type": "hello"}')
        # The bots play while watched: stop once each game has some actions (a loaded machine is slow).
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and min(g.version for g in live.values()) <= 10:
            time.sleep(0.05)
    codes = []
    for ws in sockets:
        try:
            while True:
                ws.recv(timeout=5)
        except Exception:  # noqa: BLE001 - the server closed the socket
            codes.append(ws.close_code)
    assert codes == [1012] * 3
    store = srv.app.state.store.__class__(url)
    for gid in gids:
        stored = store.load(gid)
        # every action applied is stored, the one a bot had in flight at the stop too
        assert live[gid].version > 10 and stored.version == live[gid].version
        assert Game.replay(stored.record()).record()["actions"] == stored.record()["actions"]


def test_kill_9_during_load_loses_no_committed_action():
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "web_load.py"),
            "--games",
            "12",
            "--seconds",
            "4",
            "--kill-after",
            "2",
            "--rounds",
            "1000",
        ],
        capture_output=True,
        text=True,
        timeout=240,
        env=dict(os.environ),
    )
    assert out.returncode == 0, out.stdout + out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("kill -9:"))
    assert "none lost" in line and int(line.split(" games, ")[1].split()[0]) > 100, line


def test_a_schema_1_database_is_migrated_and_its_games_carry_on(tmp_path):
    """Schema 1 kept a Mersenne Twister's state per game; such a game loads, gets a dealt generator and
    carries on from exactly where it was."""
    import sqlite3

    from openmonopoly.engine.chance import Chance

    path = tmp_path / "old.db"
    url = f"sqlite:///{path}"
    with TestClient(create_app(url, 0, ServerConfig(allow_seeds=True))) as c:
        gid = create(c, seed=12)["id"]
        view = c.get(f"/api/games/{gid}").json()
    mt = Chance(12)
    mt.playback(c.app.state.store.load(gid).setup_chance)
    con = sqlite3.connect(path)
    con.execute("ALTER TABLE games DROP COLUMN chance_key")
    con.execute("UPDATE games SET rng = ?", (json.dumps(mt.to_json()["rng"]),))
    con.execute("UPDATE openmonopoly_meta SET value = '1' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    app = create_app(url, 0)
    assert app.state.store.schema_version() == SCHEMA_VERSION
    with TestClient(app) as c:
        assert c.get(f"/api/games/{gid}").json() == view
        key = app.state.store.load(gid).chance_key
        assert key and len(bytes.fromhex(key)) == 32 and app.state.store.load(gid).rng is None
        t0 = seated(c, gid, 0)
        t1 = seated(c, gid, 1)
        me = app.state.registry.games[gid].game.prompt.player
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "seat": me, "token": (t0, t1)[me]})
            v = ws.receive_json()["version"]
            ws.send_json(act((t0, t1)[me], v, "roll", seat=me))
            assert ws.receive_json()["version"] == v + 1
        stored = app.state.store.load(gid)
        rebuilt = app.state.registry.rebuild(stored)
        assert rebuilt.digest() == app.state.registry.games[gid].game.digest()
        assert rebuilt.chance.to_json() == app.state.registry.games[gid].game.chance.to_json()
