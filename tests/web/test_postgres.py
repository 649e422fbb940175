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

from .helpers import choose, free_port, need

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
                if msg["view"]["prompt"]["player"] == 0:
                    ws.send_json(
                        {
                            "type": "act",
                            "seat": 0,
                            "token": token,
                            "version": msg["version"],
                            "action": choose(msg["view"]),
                        }
                    )
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
