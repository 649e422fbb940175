"""Replays of finished games: the public view step by step (a private game's only for its people)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, HTTPException, Request

from .. import chat
from ..access import holds_access
from .context import SECRET_HEADER, Server


def add(app: FastAPI, server: Server) -> None:
    registry = server.registry

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, request: Request, start: int = 0, count: int = 100) -> Any:
        stored = await registry.read_db(server.store.load, game_id)
        if stored is None:
            raise HTTPException(404, f"no game {game_id!r}")
        # A private game's replay is for the people who were in it: the invite code, the host's token or a
        # seat's token in a header (never in the URL, which logs keep).
        # (Spectators being allowed does not open it: a private game's spectators come with the invite link.)
        if not (stored.listed or holds_access(stored, request.headers.get(SECRET_HEADER))):
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
