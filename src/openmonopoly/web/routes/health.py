"""For operators and benchmarks: health and the latency figures."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import JSONResponse

from .context import Server

log = logging.getLogger("openmonopoly.web")


def add(app: FastAPI, server: Server) -> None:
    registry = server.registry

    @app.get("/healthz")
    async def health() -> Any:
        """For a load balancer or monitor: 200 while the database answers, 503 when it does not."""
        try:
            await asyncio.wait_for(registry.read_db(server.store.ping), timeout=5)
            ok = True
        except Exception as exc:  # noqa: BLE001
            log.error("health check: the database does not answer: %r", exc)
            ok = False
        body = {
            "status": "ok" if ok else "database-unavailable",
            "games_in_play": registry.live_count(),
            "games_in_memory": len(registry.games),
            "connections": sum(server.sockets_of.values()),
            "uptime_s": round(time.time() - server.started, 1),
        }
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.get("/api/stats/latency", include_in_schema=False)
    async def latency(reset: bool = False) -> Any:
        """With ``--latency-stats``: updates written since the last reset and their delay from the action
        being applied to the frame being written (``reset=true`` starts anew after answering)."""
        if registry.latency is None:
            raise HTTPException(404, "this server does not measure latency (start it with --latency-stats)")
        body = registry.latency.to_json()
        if reset:
            registry.latency.reset()
        return body
