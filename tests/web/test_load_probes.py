"""What the server does for load: its own latency figure (--latency-stats) and the garbage collector kept
out of the way of play (Registry.tend_gc)."""

from __future__ import annotations

import asyncio
import gc
import time

from fastapi.testclient import TestClient

from openmonopoly.web.app import create_app
from openmonopoly.web.config import ServerConfig
from openmonopoly.web.db import Store
from openmonopoly.web.sessions import Latency, Registry

from .helpers import act_if_prompted, create_game, join


def test_latency_histogram_quantiles_and_reset():
    lat = Latency()
    assert lat.to_json()["frames"] == 0 and lat.quantile(0.99) == 0.0
    for ms in range(1, 101):  # 1..100 ms
        lat.add(ms / 1000)
    lat.add(5.0)  # past the histogram's top: counted there, and as the worst
    body = lat.to_json()
    assert body["frames"] == 101 and body["max_ms"] == 5000.0
    assert 50.0 <= body["p50_ms"] <= 51.2 and 99.0 <= body["p99_ms"] <= 100.2
    lat.reset()
    assert lat.to_json()["frames"] == 0 and lat.worst == 0.0


def test_latency_stats_only_when_asked_and_they_count_each_update_written(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}", 0)) as c:
        assert c.get("/api/stats/latency").status_code == 404
    config = ServerConfig(latency_stats=True)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}", 0, config)) as c:
        g = create_game(c, ["human", "heuristic"], options={"max-rounds": 3})
        token = join(c, g["id"], 0)
        updates = 0
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": token})
            msg = ws.receive_json()
            assert c.get("/api/stats/latency", params={"reset": "true"}).status_code == 200
            while updates < 20 and not msg["view"]["over"]:
                act_if_prompted(ws, msg, 0, token)
                msg = ws.receive_json()
                if msg["type"] == "update":
                    updates += 1
        body = c.get("/api/stats/latency").json()
        # (the last frames may still be on their way out when the socket closes)
        assert updates - 2 <= body["frames"] <= updates + 5 and body["frames"] >= 1
        assert 0.0 < body["p50_ms"] <= body["p99_ms"] <= max(body["max_ms"], body["p99_ms"])


def test_the_registry_freezes_what_survives_and_unfreezes_on_close(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gc.db'}")

    async def scenario() -> tuple[int, int, int]:
        registry = Registry(store, ServerConfig())
        task = asyncio.get_running_loop().create_task(registry.tend_gc(every=0.01, full_every=0.03))
        await asyncio.sleep(0)
        frozen_at_start = gc.get_freeze_count()
        survivor = [object() for _ in range(1000)]  # (tracked by the collector: lists are)
        ends = time.monotonic() + 5
        while gc.get_freeze_count() < frozen_at_start + 1 and time.monotonic() < ends:
            await asyncio.sleep(0.01)
        later = gc.get_freeze_count()
        registry.closing = True
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        del survivor
        return frozen_at_start, later, gc.get_freeze_count()

    gc.unfreeze()
    try:
        at_start, later, after = asyncio.new_event_loop().run_until_complete(scenario())
    finally:
        gc.unfreeze()
    store.dispose()
    assert at_start > 0 and later > at_start and after == 0
