"""The PostgreSQL path, against a real server: OPENMONOPOLY_TEST_PG (an admin URL; .ci/run starts Debian's
postgresql and sets it), or else a throwaway cluster started here with initdb/pg_ctl when they are installed."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid

import pytest
from fastapi.testclient import TestClient

from openmonopoly.web.app import create_app
from openmonopoly.web.config import ServerConfig
from openmonopoly.web.db import SCHEMA_VERSION

from .helpers import act_if_prompted, free_port, need

SEEDED = ServerConfig(allow_seeds=True)

pytestmark = pytest.mark.postgres


def _temp_cluster():
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not bins:
        return None, None
    bindir = os.path.dirname(bins[-1])
    base = tempfile.mkdtemp(prefix="om-pg-")
    as_user = []
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, port = os.path.join(base, "data"), free_port()
    subprocess.run(
        as_user + [f"{bindir}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        as_user
        + [
            f"{bindir}/pg_ctl",
            "-D",
            data,
            "-l",
            os.path.join(base, "log"),
            "-w",
            "-o",
            f"-p {port} -k {base} -c listen_addresses=127.0.0.1",
            "start",
        ],
        check=True,
        capture_output=True,
    )

    def stop():
        subprocess.run(as_user + [f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)

    return f"postgresql://postgres@127.0.0.1:{port}/postgres", stop


@pytest.fixture(scope="module")
def pg_admin():
    url = os.environ.get("OPENMONOPOLY_TEST_PG")
    stop = None
    if not url:
        url, stop = _temp_cluster()
    need(url is not None, "no PostgreSQL server: set OPENMONOPOLY_TEST_PG or apt-get install postgresql")
    yield url
    if stop:
        stop()


@pytest.fixture
def pg_url(pg_admin):
    import psycopg

    name = "om_test_" + uuid.uuid4().hex[:10]
    with psycopg.connect(pg_admin, autocommit=True) as con:
        con.execute(f"CREATE DATABASE {name}")
    base = pg_admin.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    with psycopg.connect(pg_admin, autocommit=True) as con:
        con.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_postgres_store_play_and_restart(pg_url):
    app = create_app(pg_url, 0, SEEDED)
    assert app.state.store.url.startswith("postgresql+psycopg://")
    assert {"games", "moves", "openmonopoly_meta"} <= set(app.state.store.tables())
    with TestClient(app) as c:
        g = c.post(
            "/api/games",
            json={
                "edition": "starwars40",
                "seed": 8,
                "seats": [{"kind": "human"}, {"kind": "heuristic"}, {"kind": "random"}],
                "public": True,
            },
        ).json()
        gid = g["id"]
        token = c.post(f"/api/games/{gid}/join", json={"seat": 0}).json()["token"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": token})
            msg = ws.receive_json()
            while msg["version"] < 20:
                act_if_prompted(ws, msg, 0, token)
                msg = ws.receive_json()
                if msg["type"] == "error":
                    msg = ws.receive_json()
                assert app.state.store.count_moves(gid) >= msg["version"]
            while msg["view"]["prompt"]["player"] != 0:
                msg = ws.receive_json()
        version, view = msg["version"], msg["view"]
    app2 = create_app(pg_url, 0, SEEDED)  # restart against the same database: schema already there
    assert app2.state.store.schema_version() == SCHEMA_VERSION
    with TestClient(app2) as c:
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": token})
            sync = ws.receive_json()
            assert sync["version"] == version and sync["view"] == view
        assert gid in [x["id"] for x in c.get("/api/games").json()["running"]]
    app2.state.store.dispose()
    app.state.store.dispose()


def test_postgres_batches_refuse_a_stale_move_alone(pg_url):
    from openmonopoly.web.db import Store

    from .test_commit_order import check_batches

    store = Store(pg_url)
    check_batches(store)
    store.dispose()


def _two_games(store) -> None:  # noqa: ANN001
    from openmonopoly.web.db import StoredGame

    for gid in ("a", "b"):
        store.create_game(
            StoredGame(
                gid, "classic", {}, ["Ann", "Ben"], ["human"] * 2, [None] * 2, 0, [], None, 0, "open", [], "", 0.0
            )
        )


def test_the_event_loop_committer_refuses_a_stale_move_alone_and_survives_a_lost_connection(pg_url):
    """The server's own PostgreSQL path (db.PgCommitter, libpq driven by the event loop): a stale move is
    refused alone, the rest of its batch is stored; a connection the server drops fails only the batch
    under way, and the next batch opens a new connection."""
    import asyncio

    import psycopg

    from openmonopoly.web.db import MoveCommit, StaleVersion, Store

    store = Store(pg_url)
    _two_games(store)
    committer = store.async_committer(2)

    async def write(batch: list) -> list:
        heard = asyncio.get_running_loop().create_future()
        committer.commit(batch, heard.set_result)
        assert not heard.done()  # (the answer comes from a later callback, never from within commit)
        return await asyncio.wait_for(heard, 30)

    async def scenario() -> tuple:
        first = await write(
            [
                MoveCommit("a", 0, 1, {"kind": "roll"}, [3, 4], "running", [], ""),
                MoveCommit("b", 5, 0, {"kind": "roll"}, [2], "running", [], ""),
            ]
        )
        with psycopg.connect(pg_url, autocommit=True) as admin:  # the server drops the committer's connection
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        lost = await write([MoveCommit("a", 1, 0, {"kind": "end"}, [], "running", [], "")])
        again = await write([MoveCommit("a", 1, 0, {"kind": "end"}, [], "over", [0], "bankruptcy")])
        await committer.close()
        return first, lost, again

    first, lost, again = asyncio.new_event_loop().run_until_complete(scenario())
    assert first[0] is None and isinstance(first[1], StaleVersion)
    assert len(lost) == 1 and isinstance(lost[0], Exception) and not isinstance(lost[0], StaleVersion)
    assert again == [None]
    a, b = store.load("a"), store.load("b")
    assert (a.version, a.status, a.winners, a.moves) == (
        2,
        "over",
        [0],
        [(1, {"kind": "roll"}, [3, 4]), (0, {"kind": "end"}, [])],
    )
    assert (b.version, b.moves) == (0, [])
    store.dispose()


def test_postgres_bot_actions_are_committed_before_broadcast(pg_url):
    """Many bot games on PostgreSQL (several batches under way at once): every update handed to a
    connection is already in the database, read through a connection of the test's own."""
    import asyncio

    import orjson
    import psycopg

    from openmonopoly.web import protocol as P
    from openmonopoly.web.db import Store
    from openmonopoly.web.sessions import Conn, Registry

    seen: list = []
    reader = psycopg.connect(pg_url, autocommit=True)

    class Watcher(Conn):
        def __init__(self, game_id: str) -> None:
            super().__init__(None, None, "test")
            self.game_id = game_id

        def send_text(self, text: str | None) -> None:
            if text is None:
                return
            msg = orjson.loads(text)
            if msg.get("type") == "update":
                (stored,) = reader.execute("SELECT version FROM games WHERE id = %s", (self.game_id,)).fetchone()
                seen.append((msg["version"], stored))

    store = Store(pg_url)
    batches: list[int] = []

    async def scenario() -> list:
        registry = Registry(store, ServerConfig(bot_delay=0))
        real_flush = registry.committer.flush

        def flush() -> None:
            if registry.committer.pending and len(registry.committer.in_flight) < registry.committer.writes_at_once:
                batches.append(len(registry.committer.in_flight))
            real_flush()

        registry.committer.flush = flush  # type: ignore[method-assign]
        games = []
        for _ in range(40):
            spec = P.CreateGame(seats=[P.SeatSpec(kind="heuristic")] * 4, options={"max-rounds": 3})
            live, _, _ = await registry.create(spec)
            live.conns.add(Watcher(live.id))
            games.append(live)
        for live in games:
            registry.kick(live)
        loop = asyncio.get_running_loop()
        ends = loop.time() + 120
        while not all(live.game.over for live in games):
            assert loop.time() < ends, "the bots did not finish their games"
            await asyncio.sleep(0.01)
        await registry.close()
        return games

    games = asyncio.new_event_loop().run_until_complete(scenario())
    reader.close()
    assert seen and all(stored >= version for version, stored in seen), [s for s in seen if s[1] < s[0]][:3]
    assert len(seen) == sum(live.version for live in games)
    assert all(store.load(live.id).version == live.version for live in games)
    assert max(batches) >= 1  # (a batch was sent while another was under way)
    store.dispose()
