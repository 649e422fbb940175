"""Capacity that strangers cannot take: what one client (an IPv4 address or an IPv6 /64) may hold.

- games in play at once that it created (``live_games_per_client``), counted in memory;
- games it created in the last day, imported records included (``games_per_client_day``), and actions
  that came in its imported records in the last day (``imported_actions_per_client_day``), counted in the
  store: these bound what one client adds to the database, finished and imported games included;
- and all clients together: ``max_live_games``, except that a game whose secret (a seat's token, the
  host's token, the invite code) the caller holds is always loaded.

The store keeps a client only as a keyed hash of its address block (``creator``), never the address.
"""

from __future__ import annotations

import hashlib
import time
from typing import TYPE_CHECKING

from .access import Refused

if TYPE_CHECKING:
    from .sessions import Registry

DAY = 86400.0


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Quotas:
    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._salt: str | None = None

    async def creator(self, client: str) -> str:
        """The stored name of a client's address block: a keyed hash (the key is random per database)."""
        if self._salt is None:
            self._salt = await self.registry.read_db(self.registry.store.address_salt)
        return hashlib.sha256(f"{self._salt}:{client}".encode()).hexdigest()[:32]

    def live_of(self, creator: str) -> int:
        return sum(1 for g in self.registry.games.values() if g.creator == creator and not g.game.over)

    def pool_full(self) -> Refused:
        limit = self.registry.config.max_live_games
        return Refused(
            f"the server is at its limit of {limit} games in play; try again in a minute or two "
            "(games nobody joined close within two minutes), or open a game you were invited to",
            503,
            retry_after=60,
        )

    async def check_create(self, creator: str, record_actions: int) -> None:
        """Refuse (429, with when to ask again) a new game that would take ``creator`` past a quota."""
        cfg = self.registry.config
        live = self.live_of(creator)
        if live >= cfg.live_games_per_client:
            raise Refused(
                f"you already have {plural(live, 'game')} in play on this server, its most for one address; "
                "finish or leave one of them (a game nobody joined closes within two minutes) and try again",
                429,
                retry_after=max(30, cfg.unjoined_unload_seconds),
            )
        now = time.time()
        games, actions, oldest = await self.registry.read_db(self.registry.store.created_by, creator, now - DAY)
        wait = max(60, round((oldest or now) + DAY - now))
        if games >= cfg.games_per_client_day:
            raise Refused(
                f"your address created {plural(games, 'game')} here in the last 24 hours, this server's most; "
                f"try again in {_hours(wait)}",
                429,
                retry_after=wait,
            )
        if record_actions and actions + record_actions > cfg.imported_actions_per_client_day:
            raise Refused(
                f"your address imported records of {actions} actions here in the last 24 hours; this one "
                f"({record_actions}) would pass the most for a day ({cfg.imported_actions_per_client_day}); "
                f"try again in {_hours(wait)}",
                429,
                retry_after=wait,
            )


def _hours(seconds: float) -> str:
    if seconds < 3600:
        return plural(max(1, round(seconds / 60)), "minute")
    return plural(round(seconds / 3600), "hour")
