"""The FastAPI app: its shared state, the body limit and how Uvicorn runs it; the routes are in ``routes/``."""

from __future__ import annotations

import logging
import os
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from . import protocol as P
from .access import holds_access
from .bodies import CheckedRoute
from .config import ServerConfig
from .db import Store
from .limits import RateLimit
from .live import encode
from .remote_bots import add_routes as add_bot_routes
from .routes import games, health, pages, replay, socket
from .routes.context import SECRET_HEADER, Server, client_of
from .routes.games import edition_json, stranger_summary
from .routes.pages import STATIC
from .sessions import Registry

__all__ = ["SECRET_HEADER", "client_of", "create_app", "edition_json", "holds_access", "run", "stranger_summary"]

log = logging.getLogger("openmonopoly.web")

DEFAULT_DB = "sqlite:///openmonopoly.db"


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes with 413, before they are read or parsed."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await self._refuse(send)
        seen = 0
        started = False

        async def limited_receive() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge
            return message

        async def tracking_send(message: dict) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = encode({"detail": f"the request body is larger than this server takes ({self.limit} bytes)"}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})


def create_app(
    db_url: str | None = None, bot_delay: float | None = None, config: ServerConfig | None = None
) -> FastAPI:
    db_url = db_url or os.environ.get("OPENMONOPOLY_DB") or DEFAULT_DB
    config = config or ServerConfig()
    if bot_delay is None and "OPENMONOPOLY_BOT_DELAY" in os.environ:
        bot_delay = float(os.environ["OPENMONOPOLY_BOT_DELAY"])
    if bot_delay is not None:
        config = replace(config, bot_delay=bot_delay)
    store = Store(db_url)
    registry = Registry(store, config)
    server = Server(
        registry,
        store,
        config,
        create_limit=RateLimit(config.create_per_minute, config.create_burst),
        hello_limit=RateLimit(config.hello_per_minute, config.hello_burst),
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        registry.start()
        log.info("serving", extra={"db": store.url.split("://", 1)[0], "live_limit": config.max_live_games})
        yield
        await registry.close()  # after uvicorn closed the sockets (code 1012): bots stop, writes end
        store.dispose()
        log.info("stopped", extra={"games_in_memory": len(registry.games)})

    app = FastAPI(title="openmonopoly", lifespan=lifespan)
    app.state.registry = registry
    app.state.store = store
    app.state.config = config
    app.state.server = server
    app.router.route_class = CheckedRoute  # (JSON bodies with NaN, Infinity or lone surrogates: 422)
    app.add_middleware(BodyLimit, limit=config.max_body_bytes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for routes in (pages, health, games, replay, socket):
        routes.add(app, server)
    add_bot_routes(app, registry)  # bot tokens, and the WebSocket remote bots play on
    return app


def uvicorn_config(
    app: FastAPI, host: str, port: int, forwarded_allow_ips: str | None = None, log_format: str | None = "text"
) -> Any:
    """How ``serve`` runs the app on Uvicorn: WebSocket frames capped, compression as configured, proxy
    headers trusted only from the given addresses, a bounded graceful shutdown (sockets close with 1012)."""
    import uvicorn

    from .logs import log_config

    config: ServerConfig = app.state.config
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=16 * P.MAX_FRAME,
        ws_per_message_deflate=config.ws_compression,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_graceful_shutdown=10,
        # (idle HTTP connections kept longer than a proxy's or client's pool keeps them, so
        # the server never closes one just as a request is sent on it)
        timeout_keep_alive=75,
        **({"log_config": log_config(log_format)} if log_format else {"log_level": "warning"}),
    )


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    config: ServerConfig | None = None,
    forwarded_allow_ips: str | None = None,
    log_format: str = "text",
) -> None:
    import uvicorn

    uvicorn.Server(uvicorn_config(create_app(db, config=config), host, port, forwarded_allow_ips, log_format)).run()
