"""The FastAPI app: lobby and game pages, a small JSON API and the WebSocket that plays."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import Counter
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketState

from .. import catalogue
from ..errors import OpenMonopolyError
from . import chat
from . import protocol as P
from .config import ServerConfig
from .db import Store
from .limits import RateLimit
from .rematch import start_rematch
from .sessions import MAX_SEATS, NO_SPECTATORS, SEAT_KINDS, Conn, LiveGame, Refused, Registry, encode, secret_matches

log = logging.getLogger("openmonopoly.web")

STATIC = Path(__file__).parent / "static"
DEFAULT_DB = "sqlite:///openmonopoly.db"
SECRET_HEADER = "X-Openmonopoly-Secret"


def edition_json(edition_id: str) -> dict:
    """What the browser needs to draw an edition's board (the catalogue's board description)."""
    data = catalogue.board(catalogue.edition(edition_id))
    data["players"]["max"] = min(data["players"]["max"], MAX_SEATS)
    return data


def holds_access(game: Any, secret: str | None) -> bool:
    """Whether ``secret`` is one of a game's (its invite code, the host's token or a seat's token): what a
    private game asks before it shows who plays it. ``game``: a live or a stored game."""
    return (
        secret_matches(game.invite_hash, secret)
        or secret_matches(game.host_hash, secret)
        or any(secret_matches(h, secret) for h in game.token_hashes)
    )


def stranger_summary(live: LiveGame) -> dict:
    """A private game as anyone may see it: that it exists, its edition and status, how many seats; not
    who sits there, the timer or the play."""
    info = live.summary()
    return {
        "id": info["id"],
        "edition": info["edition"],
        "edition_name": info["edition_name"],
        "status": info["status"],
        "public": False,
        "private": True,
        "seats": [{"seat": s["seat"], "kind": s["kind"], "claimed": s["claimed"]} for s in info["seats"]],
    }


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


def client_of(conn: Request | WebSocket) -> str:
    """The client's address (behind a reverse proxy: the one it forwards, see ``--forwarded-allow-ips``)."""
    return conn.client.host if conn.client else "unknown"


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
    create_limit = RateLimit(config.create_per_minute, config.create_burst)
    hello_limit = RateLimit(config.hello_per_minute, config.hello_burst)
    sockets_of: Counter[str] = Counter()  # open WebSocket connections per client address
    started = time.time()

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
    app.add_middleware(BodyLimit, limit=config.max_body_bytes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def refused(exc: Refused) -> HTTPException:
        return HTTPException(exc.status, str(exc))

    async def live_or_404(game_id: str) -> LiveGame:
        try:
            live = await registry.get(game_id)
        except Refused as exc:
            raise refused(exc) from None
        if live is None:
            raise HTTPException(404, f"no game {game_id!r}")
        return live

    def rate_limited(limit: RateLimit, request: Request, what: str) -> None:
        wait = limit.retry_after(client_of(request))
        if wait > 0:
            raise HTTPException(
                429,
                f"too many {what} from your address; try again in {wait:.0f} s",
                headers={"Retry-After": str(max(1, round(wait)))},
            )

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/healthz")
    async def health() -> Any:
        """For a load balancer or monitor: 200 while the database answers, 503 when it does not."""
        try:
            await asyncio.wait_for(registry.read_db(store.ping), timeout=5)
            ok = True
        except Exception as exc:  # noqa: BLE001
            log.error("health check: the database does not answer: %r", exc)
            ok = False
        body = {
            "status": "ok" if ok else "database-unavailable",
            "games_in_play": registry.live_count(),
            "games_in_memory": len(registry.games),
            "connections": sum(sockets_of.values()),
            "uptime_s": round(time.time() - started, 1),
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

    @app.get("/api/editions")
    async def editions() -> Any:
        data = [e.to_json() for e in catalogue.editions() if e.error is None]
        for e in data:
            e["players"]["max"] = min(e["players"]["max"], MAX_SEATS)
        return {
            "editions": data,
            "seat_kinds": list(SEAT_KINDS),
            "turn_timer": {"min": config.min_turn_timer, "max": P.MAX_TURN_TIMER},
        }

    @app.get("/api/editions/{edition_id}")
    async def edition(edition_id: str) -> Any:
        try:
            return edition_json(edition_id)
        except OpenMonopolyError as exc:
            raise HTTPException(404, str(exc)) from None

    @app.get("/api/games")
    async def games() -> Any:
        rows = await registry.read_db(store.list_games)
        out: dict[str, list] = {"open": [], "running": [], "over": []}
        for r in rows:
            live = registry.games.get(r["id"])
            if live is not None:  # the live copy is newer than the stored row
                r.update(
                    status=live.status,
                    version=live.version,
                    names=live.game.players,
                    claimed=[s["claimed"] for s in live.seats_info()],
                )
            out.setdefault(r["status"], []).append(r)
        return out

    @app.post("/api/games")
    async def create(spec: P.CreateGame, request: Request) -> Any:
        rate_limited(create_limit, request, "new games")
        try:
            live, host, invite = await registry.create(spec)
        except Refused as exc:
            raise refused(exc) from None
        log.info(
            "game created",
            extra={"game": live.id, "edition": live.game.edition.id, "seats": live.kinds, "client": client_of(request)},
        )
        # The two secrets are in this response only; the browser keeps them in the links' fragments (after
        # '#'), which no browser sends in a request line, so no proxy or access log sees them.
        return {**live.summary(), "host_token": host, "invite": invite}

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str, request: Request) -> Any:
        live = await live_or_404(game_id)
        if live.listed or holds_access(live, request.headers.get(SECRET_HEADER)):
            return {**live.summary(), "turn_timer_min": config.min_turn_timer}
        return stranger_summary(live)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, body: P.JoinSeat, request: Request) -> Any:
        rate_limited(hello_limit, request, "seat requests")
        live = await live_or_404(game_id)
        try:
            token = await registry.join(live, body.seat, body.name, body.invite)
        except Refused as exc:
            raise refused(exc) from None
        return {"game": game_id, "seat": body.seat, "token": token}

    @app.post("/api/games/{game_id}/host")
    async def host(game_id: str, body: P.HostCommand, request: Request) -> Any:
        """The host's controls: hand a seat to a bot, take it back, remove a player, the turn timer."""
        rate_limited(hello_limit, request, "host commands")
        live = await live_or_404(game_id)
        try:
            await registry.host_command(live, body)
        except Refused as exc:
            raise refused(exc) from None
        return live.summary()

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, body: P.RematchBody, request: Request) -> Any:
        """The host starts the finished game's rematch (web/rematch.py)."""
        rate_limited(hello_limit, request, "host commands")
        live = await live_or_404(game_id)
        try:
            return await start_rematch(registry, live, body.host)
        except Refused as exc:
            raise refused(exc) from None

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, request: Request, start: int = 0, count: int = 100) -> Any:
        stored = await registry.read_db(store.load, game_id)
        if stored is None:
            raise HTTPException(404, f"no game {game_id!r}")
        # A private game's replay is for the people who were in it: the invite code, the host's token or a
        # seat's token in a header (never in the URL, which logs keep).
        if not (stored.listed or stored.spectators or holds_access(stored, request.headers.get(SECRET_HEADER))):
            raise HTTPException(
                403,
                f"this game is private: its replay needs the invite code, the host's or a "
                f"seat's token in the {SECRET_HEADER} header",
            )
        if stored.status != "over":
            raise HTTPException(409, "only a finished game can be replayed")
        frames = await registry.off_loop(registry.replay_frames, stored)
        start = max(0, start)
        return {
            "steps": len(frames) - 1,
            "start": start,
            "frames": frames[start : start + max(1, min(count, 500))],
            "names": stored.names,
            "kinds": stored.kinds,
            "edition": stored.edition,
            "chat": await chat.talk(registry).replay(stored.id) if start == 0 else [],
        }

    @app.websocket("/ws/{game_id}")
    async def play(ws: WebSocket, game_id: str) -> None:
        client = client_of(ws)
        await ws.accept()
        if sockets_of[client] >= config.conns_per_client:
            await ws.send_text(
                encode(
                    P.error(
                        "rate-limited",
                        f"your address has {sockets_of[client]} connections "
                        f"open; the limit is {config.conns_per_client}",
                    )
                )
            )
            await ws.close(code=1008)
            return
        sockets_of[client] += 1
        try:
            await serve_socket(ws, game_id, client)
        finally:
            sockets_of[client] -= 1
            if sockets_of[client] <= 0:
                del sockets_of[client]

    async def serve_socket(ws: WebSocket, game_id: str, client: str) -> None:
        try:
            live = await registry.get(game_id)
        except Refused as exc:
            await ws.send_text(encode(P.error("server", str(exc))))
            await ws.close(code=1013)
            return
        if live is None:
            await ws.send_text(encode(P.error("unknown-game", f"there is no game {game_id!r}")))
            await ws.close()
            return
        session = Session(ws, live, client)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                try:
                    if text is None:
                        await session.reply(P.error("malformed", "binary frames are not accepted; send JSON text"))
                    else:
                        await session.handle(text)
                except Exception as exc:  # noqa: BLE001 - one bad frame must not end the connection
                    if ws.client_state != WebSocketState.CONNECTED:
                        return
                    log.error("game %s: a frame from %s failed: %r", game_id, client, exc)
                    await session.reply(P.error("server", "the server could not handle that message; nothing changed"))
        except RuntimeError:  # the socket was closed under us (shutdown)
            pass
        finally:
            session.close()

    limits: ServerConfig = config  # (named apart: methods of a nested class do not see ``config`` narrowed)

    class Session:
        """One WebSocket's conversation: hello first, then actions and pings."""

        def __init__(self, ws: WebSocket, live: LiveGame, client: str) -> None:
            self.ws = ws
            self.live = live
            self.client = client
            self.conn: Conn | None = None
            self.pump: asyncio.Task | None = None

        async def reply(self, msg: dict) -> None:
            if self.conn is not None:  # after hello, everything goes through the ordered outbox
                self.conn.send(msg)
            else:
                await self.ws.send_text(encode(msg))

        async def handle(self, text: str) -> None:
            try:
                msg = P.parse_client(text)
            except ValueError as exc:
                await self.reply(P.error("malformed", str(exc)))
                return
            if msg.type == "ping":
                await self.reply({"type": "pong"})
            elif msg.type == "hello":
                await self.hello(msg)
            elif self.conn is None:
                await self.reply(P.error("not-seated", "send hello first"))
            elif isinstance(msg, (P.Say, P.Mute)):  # table talk (web/chat.py)
                err = await chat.talk(registry).handle(self.live, self.conn, msg)
                if err is not None:
                    self.conn.send(err)
            else:
                err = await registry.human_act(self.live, self.conn, msg)
                if err is not None:
                    self.conn.send(err)

        async def hello(self, msg: P.Hello) -> None:
            live = self.live
            if self.conn is not None:
                await self.reply(P.error("malformed", "hello was already sent on this connection"))
                return
            wait = hello_limit.retry_after(self.client)
            if wait > 0:
                await self.reply(
                    P.error("rate-limited", f"too many hellos from your address; try again in {wait:.0f} s")
                )
                return
            seat = msg.seat
            if seat is not None and not live.check_token(seat, msg.token):
                await self.reply(
                    P.error("wrong-token", f"the token is not seat {seat}'s; watching as a spectator instead")
                )
                seat = None
            is_host = live.host_ok(msg.host)
            if seat is None and not live.may_watch(msg.invite, msg.host):
                await self.reply(
                    P.error(
                        "private",
                        "this game takes no spectators"
                        if live.may_join(msg.invite)
                        else "this game is private: open it with its invite link",
                    )
                )
                await self.ws.close(code=NO_SPECTATORS)
                return
            if seat is not None and live.conns_of(seat) >= limits.conns_per_seat:
                await self.reply(
                    P.error(
                        "rate-limited",
                        f"seat {seat} is already open in {limits.conns_per_seat} connections; close one first",
                    )
                )
                return
            conn = self.conn = Conn(self.ws, seat, self.client, is_host)
            conn.latency = registry.latency
            self.pump = asyncio.get_running_loop().create_task(conn.pump())
            async with live.lock:  # the sync and later updates stay in order
                arrives = seat is not None and live.conns_of(seat) == 0
                live.conns.add(conn)
                conn.send(live.sync_msg(seat))
                live.touched = time.monotonic()
            await chat.talk(registry).greet(live, conn)  # the table talk so far (web/chat.py)
            if arrives:  # the host sees who is here
                live.broadcast_seats(hosts_only=True)
            registry.kick(live)  # a game of bots only plays while watched

        def close(self) -> None:
            if self.conn is not None:
                self.live.conns.discard(self.conn)
                self.conn.send_text(None)
                self.conn.closed = True
                if self.conn.seat is not None and self.live.conns_of(self.conn.seat) == 0 and not registry.closing:
                    self.live.broadcast_seats(hosts_only=True)
            if self.pump is not None:
                self.pump.cancel()
            self.live.touched = time.monotonic()
            registry.forget_if_idle(self.live, limits.idle_unload_seconds)

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
