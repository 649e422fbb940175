"""A server strangers share, driven over real sockets: imported records dealt anew, per-client quotas,
the pool giving people their own game back, a frame budget per connection, kicking and new invite links,
bodies JSON cannot hold, and who may replay a private game."""

from __future__ import annotations

import logging
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from openmonopoly import Game
from openmonopoly.agents import make_agent
from openmonopoly.web.access import client_block
from openmonopoly.web.config import ServerConfig

from .helpers import OPEN, LiveServer

SECRET = "X-Openmonopoly-Secret"


def ws_url(srv: LiveServer, gid: str) -> str:
    return srv.url.replace("http", "ws") + f"/ws/{gid}"


def recv(ws, timeout: float = 10.0) -> dict:  # noqa: ANN001
    import json

    return json.loads(ws.recv(timeout=timeout))


def hello(ws, **fields) -> dict:  # noqa: ANN001
    import json

    ws.send(json.dumps({"type": "hello", **fields}))
    return recv(ws)


def create(http: httpx.Client, kinds=("human", "human"), **body) -> dict:  # noqa: ANN001
    r = http.post("/api/games", json={"edition": "classic", "seats": [{"kind": k} for k in kinds], **body})
    assert r.status_code == 200, r.text
    return r.json()


def played(edition: str, players: list[str], seed: int, actions: int) -> Game:
    game = Game(edition, players, seed)
    agents = [make_agent("heuristic", i) for i in range(len(players))]
    for _ in range(actions):
        p = game.prompt
        if p is None or game.over:
            break
        game.act(p.player, agents[p.player].act(game.view(p.player), p))
    return game


# ------------------------------------------------------------------ imported records
@pytest.mark.parametrize(
    ("edition", "players", "actions"),
    [("classic", ["A", "B", "C"], 0), ("classic", ["A", "B"], 40), ("empire", ["A", "B", "C"], 0)],
)
def test_an_imported_record_is_dealt_anew_where_nobody_has_looked(tmp_path, edition, players, actions):
    """Someone deals a game offline from a seed they know and imports it: what the record showed stays, but
    no card still in a deck and no hand (Empire's secret hands) is where the seed put it."""
    offline = played(edition, players, 77, actions)
    db = f"sqlite:///{tmp_path / 'imp.db'}"
    with LiveServer(db, bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:
        g = http.post("/api/games", json={"record": offline.record(), **OPEN}).json()
        gid = g["id"]
        assert g["continued_from_record"] == len(offline.record()["actions"]) == g["version"]
        server_game = srv.app.state.registry.games[gid].game
        # What everyone saw is the same: the public view (board, money, first-turn rolls, log) ...
        assert server_game.view(None).to_json() == offline.view(None).to_json()
        assert [e.to_json() for e in server_game.history] == [e.to_json() for e in offline.history]
        # ... but the creator's knowledge of what comes next is worth nothing.
        pool = lambda g: sorted(  # noqa: E731  (every card, in a deck or a hand)
            [c for d in g.state.decks for c in d] + [c for h in getattr(g.state, "hands", []) for c in h]
        )
        assert pool(server_game) == pool(offline)
        for mine, known in zip(server_game.state.decks, offline.state.decks, strict=True):
            assert len(mine) == len(known)
            if len(known) > 3:
                assert mine != known
                assert sum(a == b for a, b in zip(mine, known, strict=True)) <= len(known) // 2
        if edition == "empire":
            assert server_game.state.hands != offline.state.hands
            for mine, known in zip(server_game.state.hands, offline.state.hands, strict=True):
                assert len(mine) == len(known)
        # Every player is told (the summary every sync carries), and the seat's own view matches the game's.
        with connect(ws_url(srv, gid)) as ws:
            sync = hello(ws)
            assert sync["game"]["continued_from_record"] == g["version"]
        decks = [list(d) for d in server_game.state.decks]
        hands = [list(h) for h in getattr(server_game.state, "hands", [])]
    with LiveServer(db, bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:
        assert http.get(f"/api/games/{gid}").json()["continued_from_record"] == g["version"]
        again = srv.app.state.registry.games[gid].game  # rebuilt from the store: the same redraw
        assert [list(d) for d in again.state.decks] == decks
        assert [list(h) for h in getattr(again.state, "hands", [])] == hands


def test_a_finished_imported_game_replays_with_its_redraw(tmp_path):
    offline = played("classic", ["A", "B"], 5, 4000)
    assert offline.over
    with LiveServer(f"sqlite:///{tmp_path / 'fin.db'}", bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:
        g = http.post("/api/games", json={"record": offline.record(), **OPEN}).json()
        assert g["status"] == "over"
        r = http.get(f"/api/games/{g['id']}/replay?start=0&count=500")
        assert r.status_code == 200 and r.json()["steps"] == len(offline.record()["actions"])


# ------------------------------------------------------------------ quotas
def test_client_blocks_group_ipv6_by_64():
    assert client_block("2001:db8:1:2:3:4:5:6") == client_block("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert client_block("2001:db8:1:3::1") != client_block("2001:db8:1:2::1")
    assert client_block("::ffff:10.0.0.1") == "10.0.0.1" and client_block("10.0.0.1") == "10.0.0.1"


def test_per_client_quotas_answer_429_with_retry_after(tmp_path):
    """Behind the proxy (``--forwarded-allow-ips``) each client is its forwarded address, IPv6 per /64."""
    config = ServerConfig(live_games_per_client=2, games_per_client_day=3, imported_actions_per_client_day=30)
    as_ = lambda ip: {"X-Forwarded-For": ip}  # noqa: E731
    with (
        LiveServer(
            f"sqlite:///{tmp_path / 'q.db'}", bot_delay=0, config=config, forwarded_allow_ips="127.0.0.1"
        ) as srv,
        httpx.Client(base_url=srv.url) as http,
    ):
        body = {"edition": "classic", "seats": [{"kind": "human"}, {"kind": "human"}]}
        for ip in ("2001:db8:0:1::1", "2001:db8:0:1::2"):  # one /64: one client
            assert http.post("/api/games", json=body, headers=as_(ip)).status_code == 200
        r = http.post("/api/games", json=body, headers=as_("2001:db8:0:1::99"))
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 30
        assert "2 games in play" in r.json()["detail"] and "try again" in r.json()["detail"]
        assert http.post("/api/games", json=body, headers=as_("2001:db8:0:2::1")).status_code == 200  # another /64


def test_what_one_client_stores_in_a_day_is_bounded(tmp_path):
    """Imported and finished games count towards nothing in play, so the day's quota counts what a client
    stored: its games (imports too) and the actions its records brought."""
    config = ServerConfig(games_per_client_day=3, imported_actions_per_client_day=30)
    with (
        LiveServer(f"sqlite:///{tmp_path / 'd.db'}", bot_delay=0, config=config) as srv,
        httpx.Client(base_url=srv.url) as http,
    ):
        record = played("classic", ["A", "B"], 3, 20).record()
        assert http.post("/api/games", json={"record": record, **OPEN}).status_code == 200
        r = http.post("/api/games", json={"record": record, **OPEN})
        assert r.status_code == 429 and "imported records of 20 actions" in r.json()["detail"]
        assert int(r.headers["Retry-After"]) > 3600
        for _ in range(2):
            create(http)
        r = http.post("/api/games", json={"edition": "classic"})
        assert r.status_code == 429 and "24 hours" in r.json()["detail"] and int(r.headers["Retry-After"]) > 3600


def test_a_game_nobody_joined_leaves_and_its_people_always_get_it_back(tmp_path):
    config = ServerConfig(max_live_games=1, unjoined_unload_seconds=0.6, idle_unload_seconds=0.6, bot_delay=0)
    with LiveServer(f"sqlite:///{tmp_path / 'pool.db'}", config=config) as srv, httpx.Client(base_url=srv.url) as http:
        registry = srv.app.state.registry
        a = create(http)
        token = http.post(f"/api/games/{a['id']}/join", json={"seat": 0, "invite": a["invite"]}).json()["token"]
        deadline = time.time() + 5
        while a["id"] in registry.games and time.time() < deadline:
            time.sleep(0.1)
        assert a["id"] not in registry.games, "an idle game stayed in memory"
        b = create(http)  # the pool's one place, held by a watcher
        with connect(ws_url(srv, b["id"])) as watcher:
            assert hello(watcher, host=b["host_token"])["type"] == "sync"
            r = http.get(f"/api/games/{a['id']}")  # a stranger cannot load it ...
            assert r.status_code == 503 and "Retry-After" in r.headers and "invited" in r.json()["detail"]
            r = http.get(f"/api/games/{a['id']}", headers={SECRET: token})  # ... its player can
            assert r.status_code == 200 and r.json()["seats"][0]["claimed"]
        deadline = time.time() + 5
        while a["id"] in registry.games and time.time() < deadline:
            time.sleep(0.1)
        assert a["id"] not in registry.games
        with connect(ws_url(srv, b["id"])) as watcher:
            assert hello(watcher, host=b["host_token"])["type"] == "sync"
            with connect(ws_url(srv, a["id"])) as ws:  # over the WebSocket, the hello's token loads it
                sync = hello(ws, seat=0, token=token)
                assert sync["type"] == "sync" and sync["seat"] == 0
        deadline = time.time() + 5
        while registry.games and time.time() < deadline:  # (a and b leave: idle, nobody watching)
            time.sleep(0.1)
        unjoined = create(http)
        deadline = time.time() + 5
        while unjoined["id"] in registry.games and time.time() < deadline:
            time.sleep(0.1)
        assert unjoined["id"] not in registry.games, "a game nobody joined kept its place"


# ------------------------------------------------------------------ frame budget
def test_a_connection_past_its_frame_budget_is_told_then_closed(tmp_path):
    config = ServerConfig(frames_per_second=5, frame_burst=5, frames_over_budget=30, bot_delay=0)
    with LiveServer(f"sqlite:///{tmp_path / 'f.db'}", config=config) as srv, httpx.Client(base_url=srv.url) as http:
        g = create(http, **OPEN)
        with connect(ws_url(srv, g["id"])) as ws:
            for _ in range(12):
                ws.send('{"type": "ping"}')
            replies = [recv(ws) for _ in range(6)]
            assert [r["type"] for r in replies].count("pong") == 5
            errors = [r for r in replies if r["type"] == "error"]
            assert (
                len(errors) == 1
                and errors[0]["code"] == "rate-limited"
                and "5 messages a second" in errors[0]["message"]
            )
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(200):
                    ws.send('{"type": "ping"}')
                while True:
                    recv(ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        with connect(ws_url(srv, g["id"])) as ws:  # the budget is the connection's: a new one starts afresh
            time.sleep(0.2)
            ws.send('{"type": "ping"}')
            assert recv(ws)["type"] == "pong"


# ------------------------------------------------------------------ remove, new invite, reclaim
def test_remove_is_a_kick_and_a_new_invite_keeps_them_out(tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'k.db'}", bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:
        g = create(http)
        gid, old_invite = g["id"], g["invite"]
        friend = http.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": old_invite}).json()["token"]
        r = http.post(f"/api/games/{gid}/host", json={"command": "remove", "seat": 1, "host": g["host_token"]})
        assert r.status_code == 200 and not r.json()["seats"][1]["claimed"]
        with connect(ws_url(srv, gid)) as ws:  # the removed seat link no longer opens the seat
            said = hello(ws, seat=1, token=friend)
            assert said["type"] == "removed" and "removed you" in said["message"]
        r = http.post(f"/api/games/{gid}/host", json={"command": "new-invite", "host": g["host_token"]})
        assert r.status_code == 200 and r.json()["invite"] and r.json()["invite"] != old_invite
        new_invite = r.json()["invite"]
        r = http.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": old_invite})
        assert r.status_code == 403 and "replaced" in r.json()["detail"]
        with connect(ws_url(srv, gid)) as ws:
            err = hello(ws, invite=old_invite)
            assert err["code"] == "private" and "replaced" in err["message"]
        assert http.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": new_invite}).status_code == 200
        r = http.post(f"/api/games/{gid}/host", json={"command": "new-invite", "host": "not the host"})
        assert r.status_code == 403


def test_remove_replaces_the_invite_so_the_removed_person_stays_out(tmp_path):
    """Remove keeps the person out: their seat token and the invite their browser holds stop working in
    the same host command (and the same stored change), the others play on, and a newcomer joins with the
    new invite the host's answer carries."""
    url = f"sqlite:///{tmp_path / 'out.db'}"
    with LiveServer(url, bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:
        g = create(http, kinds=("human", "human", "human"))
        gid, old_invite = g["id"], g["invite"]
        ann, bob = (
            http.post(f"/api/games/{gid}/join", json={"seat": s, "name": n, "invite": old_invite}).json()["token"]
            for s, n in ((0, "Ann"), (1, "Bob"))
        )
        with connect(ws_url(srv, gid)) as ann_ws, connect(ws_url(srv, gid)) as bob_ws:
            assert hello(ann_ws, seat=0, token=ann, invite=old_invite)["type"] == "sync"
            assert hello(bob_ws, seat=1, token=bob, invite=old_invite)["type"] == "sync"
            r = http.post(f"/api/games/{gid}/host", json={"command": "remove", "seat": 1, "host": g["host_token"]})
            assert r.status_code == 200, r.text
            new_invite = r.json()["invite"]
            assert new_invite and new_invite != old_invite
            assert not r.json()["seats"][1]["claimed"] and r.json()["seats"][0]["claimed"]
            said = [recv(bob_ws)]  # Bob's open page is told, then closed (4001)
            while said[-1]["type"] != "removed":
                said.append(recv(bob_ws))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    recv(bob_ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
            # Ann stays: her page sees the seat change and her connection goes on.
            msg = recv(ann_ws)
            while msg["type"] != "seats":
                assert msg["type"] not in ("removed", "error"), msg
                msg = recv(ann_ws)
            assert msg["game"]["seats"][0]["claimed"] and not msg["game"]["seats"][1]["claimed"]
            ann_ws.send('{"type": "ping"}')
            msg = recv(ann_ws)
            while msg["type"] != "pong":
                assert msg["type"] not in ("removed", "error"), msg
                msg = recv(ann_ws)
        # Bob's browser still has the old invite: no seat, not the same one, not the free one.
        for seat in (1, 2):
            r = http.post(f"/api/games/{gid}/join", json={"seat": seat, "name": "Bob", "invite": old_invite})
            assert r.status_code == 403 and "replaced" in r.json()["detail"]
        # A reload presents the old seat token and the old invite: told he was removed, and let in nowhere.
        with connect(ws_url(srv, gid)) as ws:
            said = hello(ws, seat=1, token=bob, invite=old_invite)
            assert said["type"] == "removed" and "new invite link" in said["message"]
            refusal = recv(ws)
            assert refusal["code"] == "private" and "replaced" in refusal["message"]
            with pytest.raises(ConnectionClosed):
                recv(ws)
        # Someone new joins Bob's old seat with the new invite; Ann's seat link still works.
        assert http.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": new_invite}).status_code == 200
        with connect(ws_url(srv, gid)) as ws:
            assert hello(ws, seat=0, token=ann)["type"] == "sync"
    with LiveServer(url, bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:  # the change was stored
        r = http.post(f"/api/games/{gid}/join", json={"seat": 2, "invite": old_invite})
        assert r.status_code == 403
        assert http.post(f"/api/games/{gid}/join", json={"seat": 2, "invite": new_invite}).status_code == 200


def test_a_returning_player_takes_their_seat_back_from_a_stand_in(tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'r.db'}", bot_delay=0.5) as srv, httpx.Client(base_url=srv.url) as http:
        g = create(http)
        gid = g["id"]
        tokens = [
            http.post(f"/api/games/{gid}/join", json={"seat": s, "invite": g["invite"]}).json()["token"] for s in (0, 1)
        ]
        r = http.post(f"/api/games/{gid}/host", json={"command": "bot", "seat": 1, "host": g["host_token"]})
        assert r.json()["seats"][1]["stand_in"] == "stand-in"  # (the host's "Bot plays": a stand-in minds the seat)
        with connect(ws_url(srv, gid)) as ws:
            assert hello(ws, seat=1, token=tokens[1])["type"] == "sync"
            ws.send('{"type": "reclaim", "seat": 1, "token": "forged"}')
            assert recv(ws)["code"] == "wrong-token"
            ws.send(f'{{"type": "reclaim", "seat": 1, "token": "{tokens[1]}"}}')
            deadline = time.time() + 5
            while True:
                msg = recv(ws)
                if msg["type"] == "seats":
                    break
                assert time.time() < deadline
            assert msg["game"]["seats"][1]["stand_in"] is None
        info = http.get(f"/api/games/{gid}", headers={SECRET: tokens[0]}).json()
        assert info["seats"][1]["stand_in"] is None


# ------------------------------------------------------------------ bodies JSON cannot hold
@pytest.mark.parametrize(
    ("path", "raw", "field"),
    [
        ("/api/games", '{"edition": "classic", "options": {"max-rounds": NaN}}', ["body", "options", "max-rounds"]),
        ("/api/games", '{"edition": "classic", "options": {"x": Infinity}}', ["body", "options", "x"]),
        ("/api/games", '{"seats": [{"kind": "human", "name": "\\ud800"}]}', ["body", "seats", 0, "name"]),
        ("/api/games/{gid}/join", '{"seat": 1, "name": "Ann\\udfff"}', ["body", "name"]),
        ("/api/games/{gid}/join", '{"seat": -Infinity}', ["body", "seat"]),
        ("/api/games/{gid}/host", '{"command": "timer", "host": "\\ud83d", "seconds": 30}', ["body", "host"]),
    ],
)
def test_nan_infinity_and_lone_surrogates_are_422_naming_the_field(tmp_path, caplog, path, raw, field):
    with LiveServer(f"sqlite:///{tmp_path / 'n.db'}", bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:
        g = create(http, **OPEN)
        with caplog.at_level(logging.ERROR):
            r = http.post(path.format(gid=g["id"]), content=raw, headers={"Content-Type": "application/json"})
        assert r.status_code == 422, r.text
        assert r.json()["detail"][0]["loc"] == field
        assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR]


# ------------------------------------------------------------------ replays of private games
def test_who_may_replay_a_private_game(tmp_path):
    """docs/SERVING.md: a private game's replay needs one of its secrets (the invite code, the host's token,
    a seat's token), spectators allowed or not; a public game's is anyone's."""
    finished = played("classic", ["A", "B"], 5, 4000)
    with LiveServer(f"sqlite:///{tmp_path / 'rp.db'}", bot_delay=0) as srv, httpx.Client(base_url=srv.url) as http:
        private = http.post("/api/games", json={"record": finished.record(), "spectators": True}).json()
        gid = private["id"]
        seat = http.post(f"/api/games/{gid}/join", json={"seat": 0, "invite": private["invite"]}).json()["token"]

        def replay(secret: str | None = None) -> int:
            return http.get(f"/api/games/{gid}/replay", headers={SECRET: secret} if secret else {}).status_code

        assert replay() == 403  # a stranger with the game's id
        assert replay("a guess") == 403
        assert replay(private["invite"]) == 200
        assert replay(private["host_token"]) == 200
        assert replay(seat) == 200
        r = http.post(f"/api/games/{gid}/host", json={"command": "new-invite", "host": private["host_token"]})
        assert replay(private["invite"]) == 403 and replay(r.json()["invite"]) == 200  # the old invite: out
        public = http.post("/api/games", json={"record": finished.record(), **OPEN}).json()
        assert http.get(f"/api/games/{public['id']}/replay").status_code == 200
        running = create(http)
        r = http.get(f"/api/games/{running['id']}/replay", headers={SECRET: running["host_token"]})
        assert r.status_code == 409
