"""The bot scheduler: one task plays the bots of every game, a slice of games at a time."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.actions import Action
from .live import LiveGame

if TYPE_CHECKING:
    from .sessions import Registry

log = logging.getLogger("openmonopoly.web")
# The bot scheduler's slice (BotScheduler.run): at most this long choosing and applying bot actions, and
# at most this many, before they are committed and broadcast. Committing and broadcasting cost more than
# choosing and applying (about 100 us against 30 us an action): the count is what bounds a slice.
BOT_SLICE_SECONDS = 0.002
BOT_SLICE_MOVES = 16


class BotScheduler:
    """Games whose bot is to move wait in one queue (``ready``); one task (``run``) plays them in slices."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.ready: deque[LiveGame] = deque()  # games whose bot is to move, in turn
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None

    def kick(self, live: LiveGame) -> None:
        """Queue a game if a bot is to move (a game of bots only: while someone watches it); after the bot
        delay, if there is one."""
        reg = self.registry
        if reg.closing or live.status != "running" or (live.bot_only and not live.conns):
            return
        reg.timers.arm(live)
        if live.bot_queued:
            return
        p = live.game.prompt
        if p is None or live.agent_for(p.player) is None:
            return
        live.bot_queued = True
        if reg.config.bot_delay > 0:
            asyncio.get_running_loop().call_later(reg.config.bot_delay, self.enqueue, live)
        else:
            self.enqueue(live)

    def enqueue(self, live: LiveGame) -> None:
        self.ready.append(live)
        self.wake.set()
        if self.task is None or self.task.done():
            if self.registry.closing:
                return
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        """The one loop that plays every game's bots: a slice of games at a time, each game one step per
        slice and in turn (round robin), the slice's actions committed in one transaction and broadcast,
        then the event loop is let go so those broadcasts leave and people's actions come in. A slice
        stops after ``BOT_SLICE_MOVES`` actions or ``BOT_SLICE_SECONDS``, which bounds how long any action
        waits for its commit and broadcast however many games play (all of them waiting just wait longer
        before their next action is applied)."""
        ready = self.ready
        reg = self.registry
        while not reg.closing:
            if not ready:
                self.wake.clear()
                await self.wake.wait()
                continue
            ends = time.perf_counter() + BOT_SLICE_SECONDS
            for _ in range(min(len(ready), BOT_SLICE_MOVES)):  # (games queued again by this slice wait)
                self.step(ready.popleft())
                if time.perf_counter() >= ends:
                    break
            reg.committer.flush()
            await asyncio.sleep(0)

    def step(self, live: LiveGame) -> None:
        """One bot action of ``live``, applied and queued for the next commit; the game's lock is held
        until that commit is done."""
        reg = self.registry
        live.bot_queued = False
        p = live.game.prompt
        if (
            reg.closing
            or p is None
            or live.status != "running"
            or (live.bot_only and not live.conns)
            or live.agent_for(p.player) is None
        ):
            asyncio.get_running_loop().call_soon(reg.forget_if_idle, live, reg.config.idle_unload_seconds)
            return
        if not live.lock.try_acquire():
            return  # a person's action or a seat change is under way: whoever holds the lock kicks again
        seat = p.player
        try:
            action = choose(live, p)
            if action is None:
                live.lock.release()
                return
            move, on_stored = reg.apply(live, seat, action)
        except Exception:  # noqa: BLE001 - logged by apply; the game goes back to what is stored
            reg.recover(live)
            return

        def done(error: Exception | None) -> None:
            if error is not None:
                log.error("game %s: the store refused a bot's action (%r); reloading the game", live.id, error)
                reg.recover(live)
                return
            try:
                on_stored()
            finally:
                live.lock.release()
            self.kick(live)

        reg.committer.add(move, done)


def choose(live: LiveGame, prompt) -> Action | None:  # noqa: ANN001
    """The action of the bot that answers ``prompt``; if it fails or errs, the first legal answer."""
    game = live.game
    agent = live.agent_for(prompt.player)
    try:
        action = agent.act(game.view(prompt.player), prompt)
        if game.check(prompt.player, action) is None:
            return action
        log.warning("bot %s in game %s chose illegal %s", prompt.player, live.id, action)
    except Exception as exc:  # noqa: BLE001
        log.error("bot %s in game %s failed: %r", prompt.player, live.id, exc)
    legal = game.legal_actions(prompt.player)
    for a in legal.actions:
        if a.kind not in game.ACTION_KINDS.anytime:
            return a
    if legal.bid_range is not None:
        return Action(A.PASS)
    return None
