"""The FastAPI app: lobby and game pages, a small JSON API and the WebSocket that plays."""
from __future__ import annotations

import asyncio
import json
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .. import catalogue
from ..errors import OpenMonopolyError
from . import protocol as P
from .db import Store
from .sessions import MAX_SEATS, SEAT_KINDS, Conn, Registry

STATIC = Path(__file__).parent / "static"
DEFAULT_DB = "sqlite:///openmonopoly.db"


def edition_json(edition_id: str) -> dict:
    """What the browser needs to draw an edition's board (the catalogue's board description)."""
    data = catalogue.board(catalogue.edition(edition_id))
    data["players"]["max"] = min(data["players"]["max"], MAX_SEATS)
    return data


def create_app(db_url: str | None = None, bot_delay: float | None = None) -> FastAPI:
    db_url = db_url or os.environ.get("OPENMONOPOLY_DB") or DEFAULT_DB
    if bot_delay is None:
        bot_delay = float(os.environ.get("OPENMONOPOLY_BOT_DELAY", "0.6"))
    store = Store(db_url)
    registry = Registry(store, bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        await registry.resume_all()
        yield
        await registry.close()
        store.dispose()

    app = FastAPI(title="openmonopoly", lifespan=lifespan)
    app.state.registry = registry
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/api/editions")
    async def editions() -> Any:
        data = [e.to_json() for e in catalogue.editions() if e.error is None]
        for e in data:
            e["players"]["max"] = min(e["players"]["max"], MAX_SEATS)
        return {"editions": data, "seat_kinds": list(SEAT_KINDS)}

    @app.get("/api/editions/{edition_id}")
    async def edition(edition_id: str) -> Any:
        try:
            return edition_json(edition_id)
        except OpenMonopolyError as exc:
            raise HTTPException(404, str(exc)) from None

    @app.get("/api/games")
    async def games() -> Any:
        rows = await registry.run_db(store.list_games)
        out: dict[str, list] = {"open": [], "running": [], "over": []}
        for r in rows:
            live = registry.games.get(r["id"])
            if live is not None:           # the live copy is newer than the stored row
                r.update(status=live.status, version=live.version, names=live.game.players,
                         claimed=[s["claimed"] for s in live.seats_info()])
            out.setdefault(r["status"], []).append(r)
        return out

    @app.post("/api/games")
    async def create(spec: P.CreateGame) -> Any:
        try:
            live = await registry.create(spec)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        return live.summary()

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str) -> Any:
        live = await registry.get(game_id)
        if live is None:
            raise HTTPException(404, f"no game {game_id!r}")
        return live.summary()

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, body: P.JoinSeat) -> Any:
        live = await registry.get(game_id)
        if live is None:
            raise HTTPException(404, f"no game {game_id!r}")
        try:
            token = await registry.join(live, body.seat, body.name)
        except ValueError as exc:
            raise HTTPException(409, str(exc)) from None
        return {"game": game_id, "seat": body.seat, "token": token}

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, start: int = 0, count: int = 100) -> Any:
        stored = await registry.run_db(store.load, game_id)
        if stored is None:
            raise HTTPException(404, f"no game {game_id!r}")
        if stored.status != "over":
            raise HTTPException(409, "only a finished game can be replayed")
        frames = await asyncio.get_running_loop().run_in_executor(None, registry.replay_frames, stored)
        start = max(0, start)
        return {"steps": len(frames) - 1, "start": start, "frames": frames[start:start + max(1, min(count, 500))],
                "names": stored.names, "edition": stored.edition}

    @app.websocket("/ws/{game_id}")
    async def play(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        live = await registry.get(game_id)
        if live is None:
            await ws.send_json(P.error("unknown-game", f"there is no game {game_id!r}"))
            await ws.close()
            return
        conn: Conn | None = None
        pump: asyncio.Task | None = None
        try:
            while True:
                raw = await ws.receive_text()
                try:
                    msg = P.parse_client(raw)
                except ValueError as exc:
                    err = P.error("malformed", str(exc))
                    if conn is not None:
                        conn.send(err)
                    else:
                        await ws.send_json(err)
                    continue
                if msg.type == "ping":
                    if conn is not None:
                        conn.send({"type": "pong"})
                    else:
                        await ws.send_json({"type": "pong"})
                    continue
                if msg.type == "hello":
                    if conn is not None:
                        conn.send(P.error("malformed", "hello was already sent on this connection"))
                        continue
                    seat = msg.seat
                    if seat is not None and not live.check_token(seat, msg.token):
                        await ws.send_json(P.error("wrong-token", f"the token is not seat {seat}'s; "
                                                                  "watching as a spectator instead"))
                        seat = None
                    conn = Conn(ws, seat)
                    pump = asyncio.get_running_loop().create_task(conn.pump())
                    async with live.lock:        # the sync and later updates stay in order
                        conn.send(live.sync_msg(seat))
                        live.conns.add(conn)
                    continue
                if conn is None:
                    await ws.send_json(P.error("not-seated", "send hello first"))
                    continue
                err = await registry.human_act(live, conn, msg)
                if err is not None:
                    conn.send(err)
        except WebSocketDisconnect:
            pass
        except RuntimeError:
            pass
        finally:
            if conn is not None:
                live.conns.discard(conn)
                conn.send(None)  # type: ignore[arg-type]
                conn.closed = True
            if pump is not None:
                pump.cancel()

    return app


def run(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, bot_delay: float | None = None) -> None:
    import uvicorn
    uvicorn.run(create_app(db, bot_delay), host=host, port=port, log_level="info", ws="websockets-sansio")
