"""What every route shares: the registry, the store, the limits, and the small helpers they all use."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from fastapi import HTTPException, Request, WebSocket

from ..access import Refused, client_block
from ..config import ServerConfig
from ..db import Store
from ..limits import RateLimit
from ..live import LiveGame
from ..sessions import Registry

SECRET_HEADER = "X-Openmonopoly-Secret"


def client_of(conn: Request | WebSocket) -> str:
    """Whom per-client limits count: the client's address, an IPv6 one's /64 (behind a reverse proxy: the
    address it forwards, see ``--forwarded-allow-ips``)."""
    return client_block(conn.client.host) if conn.client else "unknown"


def refused(exc: Refused) -> HTTPException:
    headers = None if exc.retry_after is None else {"Retry-After": str(max(1, round(exc.retry_after)))}
    return HTTPException(exc.status, str(exc), headers=headers)


@dataclass
class Server:
    """One app's shared state (``create_app`` builds it; every route module reads it)."""

    registry: Registry
    store: Store
    config: ServerConfig
    create_limit: RateLimit
    hello_limit: RateLimit
    sockets_of: Counter[str] = field(default_factory=Counter)  # open WebSocket connections per client address
    started: float = field(default_factory=time.time)

    async def live_or_404(self, game_id: str, *secrets: str | None) -> LiveGame:
        """The game, loaded if need be (past the server's pool only for a holder of one of its ``secrets``)."""
        try:
            live = await self.registry.get(game_id, secrets)
        except Refused as exc:
            raise refused(exc) from None
        if live is None:
            raise HTTPException(404, f"no game {game_id!r}")
        return live

    @staticmethod
    def rate_limited(limit: RateLimit, request: Request, what: str) -> None:
        wait = limit.retry_after(client_of(request))
        if wait > 0:
            raise HTTPException(
                429,
                f"too many {what} from your address; try again in {wait:.0f} s",
                headers={"Retry-After": str(max(1, round(wait)))},
            )
