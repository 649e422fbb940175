"""The JSON API of games: editions, the lobby's list, creating a game, a game's summary, taking a seat and
the host's commands."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, HTTPException, Request

from ... import catalogue
from ...errors import OpenMonopolyError
from .. import protocol as P
from ..access import Refused, holds_access
from ..live import LiveGame
from ..rematch import start_rematch
from ..sessions import MAX_SEATS, SEAT_KINDS
from .context import SECRET_HEADER, Server, client_of, refused

log = logging.getLogger("openmonopoly.web")


def edition_json(edition_id: str) -> dict:
    """What the browser needs to draw an edition's board (the catalogue's board description)."""
    data = catalogue.board(catalogue.edition(edition_id))
    data["players"]["max"] = min(data["players"]["max"], MAX_SEATS)
    return data


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


def add(app: FastAPI, server: Server) -> None:
    registry, config = server.registry, server.config

    @app.get("/api/editions")
    async def editions() -> Any:
        data = [e.to_json() for e in catalogue.editions() if e.error is None]
        for e in data:
            e["players"]["max"] = min(e["players"]["max"], MAX_SEATS)
        return {
            "editions": data,
            "seat_kinds": list(SEAT_KINDS) + registry.remote_bots.kinds(),
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
        rows = await registry.read_db(server.store.list_games)
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
        server.rate_limited(server.create_limit, request, "new games")
        try:
            live, host, invite = await registry.create(spec, client_of(request))
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
        secret = request.headers.get(SECRET_HEADER)
        live = await server.live_or_404(game_id, secret)
        if live.listed or holds_access(live, secret):
            return {**live.summary(), "turn_timer_min": config.min_turn_timer}
        return stranger_summary(live)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, body: P.JoinSeat, request: Request) -> Any:
        server.rate_limited(server.hello_limit, request, "seat requests")
        live = await server.live_or_404(game_id, body.invite, body.host)
        try:
            token = await registry.join(
                live, body.seat, body.name, body.invite, client=client_of(request), held=body.held, host=body.host
            )
        except Refused as exc:
            raise refused(exc) from None
        return {"game": game_id, "seat": body.seat, "token": token}

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, body: P.RematchBody, request: Request) -> Any:
        """The host starts the finished game's rematch (web/rematch.py)."""
        server.rate_limited(server.hello_limit, request, "host commands")
        live = await server.live_or_404(game_id, body.host)
        try:
            return await start_rematch(registry, live, body.host, client_of(request))
        except Refused as exc:
            raise refused(exc) from None

    @app.post("/api/games/{game_id}/host")
    async def host(game_id: str, body: P.HostCommand, request: Request) -> Any:
        """The host's controls: hand a seat to a bot, take it back, remove a player, the turn timer,
        spectators, a new invite link."""
        server.rate_limited(server.hello_limit, request, "host commands")
        live = await server.live_or_404(game_id, body.host)
        try:
            invite = await registry.host_command(live, body)
        except Refused as exc:
            raise refused(exc) from None
        # (a new invite code is in this response only, as the first one was in the create response)
        return live.summary() if invite is None else {**live.summary(), "invite": invite}
