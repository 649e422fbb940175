"""The WebSocket that plays: hello first (a seat with its token, or watching), then actions and pings."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import MutableMapping
from typing import Any

from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketState

from .. import chat
from .. import protocol as P
from ..access import Refused
from ..config import ServerConfig
from ..limits import FrameBudget
from ..live import NO_SPECTATORS, Conn, LiveGame, encode
from ..seats import OLD_INVITE_MESSAGE, removed_message
from .context import Server, client_of

log = logging.getLogger("openmonopoly.web")
STALE_SEAT_LINK = "This seat link no longer works: the host removed this seat's player or the seat went to someone else"
HELLO_WAIT = 10.0  # seconds a connection to a game the full server has not loaded may take to say hello


class Gone(Exception):
    """The connection was refused and closed (or the client left) before it had a game."""


def add(app: FastAPI, server: Server) -> None:
    registry = server.registry
    config = server.config

    @app.websocket("/ws/{game_id}")
    async def play(ws: WebSocket, game_id: str) -> None:
        client = client_of(ws)
        await ws.accept()
        if server.sockets_of[client] >= config.conns_per_client:
            await ws.send_text(
                encode(
                    P.error(
                        "rate-limited",
                        f"your address has {server.sockets_of[client]} connections "
                        f"open; the limit is {config.conns_per_client}",
                    )
                )
            )
            await ws.close(code=1008)
            return
        server.sockets_of[client] += 1
        try:
            await serve_socket(ws, game_id, client)
        finally:
            server.sockets_of[client] -= 1
            if server.sockets_of[client] <= 0:
                del server.sockets_of[client]

    async def load(ws: WebSocket, game_id: str) -> tuple[LiveGame | None, str | None]:
        """The game, and the first frame if it had to be read to load it: when the server is at its pool of
        games, a hello that holds one of the game's secrets still loads it. Raises ``Gone`` once the
        connection is refused and closed (or the client left)."""
        try:
            return await registry.get(game_id), None
        except Refused as exc:
            refusal = exc
        first = None
        if refusal.status == 503:  # (the pool is full: its people still get their game)
            try:
                message = await asyncio.wait_for(ws.receive(), timeout=HELLO_WAIT)
            except (TimeoutError, RuntimeError):
                message = {}
            if message.get("type") == "websocket.disconnect":
                raise Gone
            first = message.get("text")
            try:
                hello = P.parse_client(first) if first else None
            except ValueError:
                hello = None
            if isinstance(hello, P.Hello):
                try:
                    return await registry.get(game_id, (hello.token, hello.invite, hello.host)), first
                except Refused as exc:
                    refusal = exc
        await ws.send_text(encode(P.error("server", str(refusal))))
        await ws.close(code=1013)
        raise Gone

    async def serve_socket(ws: WebSocket, game_id: str, client: str) -> None:
        try:
            live, first = await load(ws, game_id)
        except Gone:
            return
        if live is None:
            await ws.send_text(encode(P.error("unknown-game", f"there is no game {game_id!r}")))
            await ws.close()
            return
        session = Session(server, ws, live, client)
        budget = FrameBudget(config.frames_per_second, config.frame_burst, config.frames_over_budget)
        try:
            while True:
                message: MutableMapping[str, Any]
                if first is not None:
                    message, first = {"type": "websocket.receive", "text": first}, None
                else:
                    message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                verdict = budget.take()  # (before any work: a flood costs this check and nothing more)
                if verdict != "ok":
                    if not await session.over_budget(verdict):
                        return
                    continue
                text = message.get("text")
                try:
                    if text is None:
                        await session.reply(P.error("malformed", "binary frames are not accepted; send JSON text"))
                    else:
                        session.acted = False
                        await session.handle(text)
                        if session.acted:  # (an action the game took: the game paces those, not the budget)
                            budget.refund()
                except Exception as exc:  # noqa: BLE001 - one bad frame must not end the connection
                    if ws.client_state != WebSocketState.CONNECTED:
                        return
                    log.error("game %s: a frame from %s failed: %r", game_id, client, exc)
                    await session.reply(P.error("server", "the server could not handle that message; nothing changed"))
        except RuntimeError:  # the socket was closed under us (shutdown)
            pass
        finally:
            session.close()


class Session:
    """One WebSocket's conversation: hello first, then actions, reclaiming a seat and pings."""

    def __init__(self, server: Server, ws: WebSocket, live: LiveGame, client: str) -> None:
        self.server = server
        self.registry = server.registry
        self.limits: ServerConfig = server.config
        self.ws = ws
        self.live = live
        self.client = client
        self.conn: Conn | None = None
        self.pump: asyncio.Task | None = None
        self.acted = False  # the last frame was an action the game applied

    async def over_budget(self, verdict: str) -> bool:
        """A frame past this connection's budget: dropped (the first with an error saying why); past
        ``frames_over_budget`` in a row the connection is closed (1008). False once closed."""
        limits = self.limits
        if verdict == "warn":
            await self.reply(
                P.error(
                    "rate-limited",
                    f"you are sending more than {limits.frames_per_second:g} messages a second; messages past "
                    "that are dropped (nothing changed), and a connection that keeps on is closed",
                )
            )
        elif verdict == "close":
            log.warning("a connection sent too many frames; closing it", extra={"client": self.client})
            if self.pump is not None:  # (the outbox stops: the close goes out now, not after a backlog)
                self.pump.cancel()
            await self.ws.send_text(
                encode(P.error("rate-limited", "too many messages past the limit: this connection is closed"))
            )
            await self.ws.close(code=1008)
            return False
        return True

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
        elif msg.type == "reclaim":
            err = await self.registry.reclaim(self.live, msg.seat, msg.token)
            if err is not None:
                await self.reply(err)
        elif msg.type == "hello":
            await self.hello(msg)
        elif self.conn is None:
            await self.reply(P.error("not-seated", "send hello first"))
        elif isinstance(msg, (P.Say, P.Mute)):  # table talk (web/chat.py)
            err = await chat.talk(self.registry).handle(self.live, self.conn, msg)
            if err is not None:
                self.conn.send(err)
        else:
            err = await self.registry.human_act(self.live, self.conn, msg)
            if err is not None:
                self.conn.send(err)
            else:
                self.acted = True

    async def hello(self, msg: P.Hello) -> None:
        live = self.live
        if self.conn is not None:
            await self.reply(P.error("malformed", "hello was already sent on this connection"))
            return
        wait = self.server.hello_limit.retry_after(self.client)
        if wait > 0:
            await self.reply(P.error("rate-limited", f"too many hellos from your address; try again in {wait:.0f} s"))
            return
        seat = msg.seat
        if seat is not None and not live.check_token(seat, msg.token):
            if live.was_removed(msg.token):  # (what happened to them, not just that the link is stale)
                await self.reply({"type": "removed", "message": removed_message(live)})
            else:
                await self.reply(P.error("wrong-token", f"{STALE_SEAT_LINK} (seat {seat})"))
            seat = None
        is_host = live.host_ok(msg.host)
        if seat is None and not live.may_watch(msg.invite, msg.host):
            await self.reply(
                P.error(
                    "private",
                    "this game takes no spectators"
                    if live.may_join(msg.invite)
                    else OLD_INVITE_MESSAGE
                    if msg.invite
                    else "this game is private: open it with its invite link",
                )
            )
            await self.ws.close(code=NO_SPECTATORS)
            return
        if seat is not None and live.conns_of(seat) >= self.limits.conns_per_seat:
            await self.reply(
                P.error(
                    "rate-limited",
                    f"seat {seat} is already open in {self.limits.conns_per_seat} connections; close one first",
                )
            )
            return
        conn = self.conn = Conn(self.ws, seat, self.client, is_host)
        conn.latency = self.registry.latency
        self.pump = asyncio.get_running_loop().create_task(conn.pump())
        talk = await chat.talk(self.registry).greeting(live, conn)  # the table talk so far (web/chat.py)
        async with live.lock:  # the sync and later updates stay in order
            arrives = seat is not None and live.conns_of(seat) == 0
            live.conns.add(conn)
            conn.send({**live.sync_msg(seat), "chat": talk})
            live.touched = time.monotonic()
        if arrives:  # the host sees who is here
            live.broadcast_seats(hosts_only=True)
        self.registry.kick(live)  # a game of bots only plays while watched

    def close(self) -> None:
        if self.conn is not None:
            self.live.conns.discard(self.conn)
            self.conn.send_text(None)
            self.conn.closed = True
            if self.conn.seat is not None and self.live.conns_of(self.conn.seat) == 0 and not self.registry.closing:
                self.live.broadcast_seats(hosts_only=True)
        if self.pump is not None:
            self.pump.cancel()
        self.live.touched = time.monotonic()
        self.registry.forget_if_idle(self.live, self.limits.idle_unload_seconds)
