"""The turn timer: after a host-set time without an answer from a human seat, a bot plays that turn."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from .access import Refused
from .live import LiveGame

if TYPE_CHECKING:
    from .sessions import Registry

log = logging.getLogger("openmonopoly.web")


class TurnTimers:
    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    def check(self, seconds: int | None) -> None:
        least = self.registry.config.min_turn_timer
        if seconds is not None and seconds < least:
            raise Refused(f"the turn timer is at least {least} s here (or null: no timer), not {seconds}")

    def arm(self, live: LiveGame, force: bool = False) -> None:
        """(Re)start the turn timer for the human seat the game now waits on, if the game has a timer; the
        timed-out turn ends when another player is to answer."""
        if live.turn_timer is None and live.timer_task is None and live.timed_out is None:
            return  # (no timer, the usual game: this runs after every action, so it returns first)
        p = live.game.prompt
        if live.timed_out is not None and (p is None or p.player != live.timed_out):
            live.timed_out = None
        if not force and live.timer_version == live.version and live.timer_task is not None:
            return
        if live.timer_task is not None and live.timer_task is not asyncio.current_task():
            live.timer_task.cancel()
        live.timer_task, live.deadline, live.timer_version = None, None, live.version
        if (
            self.registry.closing
            or not live.turn_timer
            or p is None
            or live.status != "running"
            or live.agent_for(p.player) is not None
        ):
            return
        live.deadline = time.time() + live.turn_timer
        live.timer_task = asyncio.get_running_loop().create_task(
            self._on_timeout(live, live.version, p.player, live.turn_timer)
        )

    async def _on_timeout(self, live: LiveGame, version: int, seat: int, delay: float) -> None:
        await asyncio.sleep(delay)
        if self.registry.closing or live.version != version:
            return
        live.timed_out, live.deadline = seat, None
        log.info("turn timer ran out", extra={"game": live.id, "seat": seat})
        live.broadcast_seats()
        self.registry.kick(live)
