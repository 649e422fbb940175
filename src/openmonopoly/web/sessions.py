"""Live games: the registry that loads games from the store, applies actions and hands them to the
committer, the bot scheduler and the turn timers.

An action is committed to the store before anyone hears of it; the commits of all games that act at the
same moment share one transaction (``commits.Committer``). The registry's parts live apart: the live game
and its messages (``live``), commits (``commits``), the bots (``bots``), the turn timer (``timers``),
seats and the host's commands (``seats``), new games (``creation``), records and replays (``records``) and
the server's upkeep (``upkeep``).

Games the server deals use ``KeyedChance`` (a 256-bit key from the operating system); a game started
from a client's seed (only with ``ServerConfig.allow_seeds``) uses ``Chance(seed)`` like the CLI.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..catalogue import SEAT_KINDS
from ..engine.actions import Action
from ..engine.errors import BadActionText
from ..engine.game import Game
from ..engine.options import clock_refused, needs_clock
from . import creation, records, seats, upkeep
from . import protocol as P
from .access import Refused, hash_token, holds_access, secret_matches
from .bots import BOT_SLICE_MOVES, BOT_SLICE_SECONDS, BotScheduler
from .commits import PG_WRITES_AT_ONCE, Committer
from .config import ServerConfig
from .db import MoveCommit, Store, StoredGame
from .latency import Latency
from .live import LOG_TAIL, NO_SPECTATORS, REMOVED, TIMER_BOT, Conn, GameLock, LiveGame, encode
from .quotas import Quotas
from .remote_bots import RemoteBots, declared_bots
from .timers import TurnTimers

__all__ = [  # (what other modules and tests have imported from here)
    "BOT_SLICE_MOVES",
    "BOT_SLICE_SECONDS",
    "LOG_TAIL",
    "MAX_SEATS",
    "NO_SPECTATORS",
    "PG_WRITES_AT_ONCE",
    "REMOVED",
    "SEAT_KINDS",
    "TIMER_BOT",
    "Committer",
    "Conn",
    "GameLock",
    "Latency",
    "LiveGame",
    "Refused",
    "Registry",
    "encode",
    "hash_token",
    "secret_matches",
]

log = logging.getLogger("openmonopoly.web")
MAX_SEATS = P.MAX_SEATS
SMALL_WRITE_MOVES = 50  # a new game stored with more moves (an imported record) is written off the loop


class Registry:
    """All live games of one server, backed by a ``Store``."""

    def __init__(self, store: Store, config: ServerConfig | None = None) -> None:
        self.store = store
        self.config = config or ServerConfig()
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="om-db-write")
        self.reader = ThreadPoolExecutor(max_workers=2, thread_name_prefix="om-db-read")
        self.cpu = ThreadPoolExecutor(max_workers=1, thread_name_prefix="om-replay")  # rebuilds, imports
        self.committer = Committer(store, self.writer)
        self.bots = BotScheduler(self)
        self.timers = TurnTimers(self)
        self.replays = records.Replays()
        self.quotas = Quotas(self)
        self.closing = False
        self.background: list[asyncio.Task] = []
        self.latency = Latency() if self.config.latency_stats else None
        self.remote_bots = RemoteBots(self, declared_bots(self.config.bots))  # seats played over the bot protocol

    async def read_db(self, fn: Callable, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.reader, fn, *args)

    async def write_db(self, fn: Callable, *args: Any, small: bool = True) -> Any:
        """Run a write. SQLite's small writes run on the event loop, like its commits (``Committer``): a
        second writing thread would make the loop's commits wait for SQLite's lock (its busy handler
        sleeps a millisecond or more each try) and for the interpreter lock. A large write (an imported
        record) and every PostgreSQL write go to the writer thread."""
        if small and self.store.writes_inline:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self.writer, fn, *args)

    async def off_loop(self, fn: Callable, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.cpu, fn, *args)

    def live_count(self) -> int:
        return sum(1 for g in self.games.values() if not g.game.over)

    # ------------------------------------------------------------------ creating and loading
    def new_game(self, spec: P.CreateGame) -> tuple[StoredGame, Game]:
        """Build a new game (or one resumed from a record); raises Refused with a reason."""
        return creation.new_game(spec, self.config)

    async def create(self, spec: P.CreateGame, client: str | None = None) -> tuple[LiveGame, str, str]:
        """A new game; with the host's token and the invite code (which the server keeps only hashed).
        ``client`` (its address block) is held to its quotas (``quotas.Quotas``)."""
        if self.live_count() >= self.config.max_live_games:
            raise self.quotas.pool_full()
        creator = None
        if client is not None:
            creator = await self.quotas.creator(client)
            await self.quotas.check_create(creator, len(spec.record.actions) if spec.record is not None else 0)
        if spec.record is not None:  # a replay of up to max_record_actions: not on the event loop
            stored, game = await self.off_loop(self.new_game, spec)
        else:
            stored, game = self.new_game(spec)
        if needs_clock(game.options):
            raise Refused(clock_refused("the web server", " (or leave it out)"))
        self.timers.check(spec.turn_timer)
        host, invite = creation.give_access(stored, spec)
        stored.creator = creator
        await self.write_db(self.store.create_game, stored, small=len(stored.moves) <= SMALL_WRITE_MOVES)
        live = LiveGame(stored, game)
        self.games[stored.id] = live
        self.kick(live)
        return live, host, invite

    def rebuild(self, stored: StoredGame) -> Game:
        """The game from its stored record, the generator where the game left it."""
        if stored.chance_key is None and stored.rng:
            # Schema 1 kept a Mersenne Twister's state; from here on the server deals this game.
            key = records.KeyedChance().state()["key"]
            self.store.set_chance_key(stored.id, key)
            stored.chance_key, stored.rng = key, None
        return records.replay_record(stored.record(), records.chance_for(stored))[0]

    async def get(self, game_id: str, secrets: tuple[str | None, ...] = ()) -> LiveGame | None:
        """A game, loaded from the store if it is not in memory. When the server is at ``max_live_games``
        only a game whose secret is among ``secrets`` (a seat's token, the host's token, the invite code)
        is loaded: its people always get their game back."""
        live = self.games.get(game_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.games.get(game_id)
                if live is not None:
                    return live
                stored = await self.read_db(self.store.load, game_id)
                if stored is None:
                    return None
                if (
                    stored.status != "over"
                    and self.live_count() >= self.config.max_live_games
                    and not any(holds_access(stored, s) for s in secrets)
                ):
                    raise self.quotas.pool_full()
                game = await self.off_loop(self.rebuild, stored)
                live = LiveGame(stored, game)
                self.games[game_id] = live
                return live
        finally:
            self._loading.pop(game_id, None)

    def forget_if_idle(self, live: LiveGame, idle_for: float) -> bool:
        """Let a game nobody watches and no bot plays leave memory (the store keeps it): a finished one at
        once, one waiting for an absent human after ``idle_for`` seconds."""
        if live.conns or live.bot_queued or live.lock.locked():
            return False
        if live.unjoined:  # a game nobody took a seat in holds no one's place for long
            idle_for = min(idle_for, self.config.unjoined_unload_seconds)
        if not live.game.over and time.monotonic() - live.touched < idle_for:
            return False
        if self.games.get(live.id) is live:
            del self.games[live.id]
        return True

    async def tend_gc(
        self, every: float = upkeep.GC_FREEZE_SECONDS, full_every: float = upkeep.GC_FULL_SECONDS
    ) -> None:
        """Keep the cyclic garbage collector's full collections short (``upkeep.tend_gc``)."""
        await upkeep.tend_gc(lambda: self.closing, every, full_every)

    async def sweep(self, every: float | None = None) -> None:
        """Unload idle games now and then (often enough that a game nobody joined leaves within
        ``unjoined_unload_seconds`` and a third)."""
        if every is None:
            every = min(60.0, self.config.unjoined_unload_seconds / 3)
        while not self.closing:
            await asyncio.sleep(every)
            for live in list(self.games.values()):
                self.forget_if_idle(live, self.config.idle_unload_seconds)

    async def checkpoints(self, every: float = 1.0) -> None:
        """Move SQLite's write-ahead log into the database file often, off the event loop, so that the
        commits made on the loop rarely meet an automatic checkpoint (which writes and syncs the file)."""
        while not self.closing and self.store.writes_inline:
            await asyncio.sleep(every)
            try:
                await self.read_db(self.store.checkpoint)
            except Exception as exc:  # noqa: BLE001 - the automatic checkpoint still bounds the log
                log.warning("checkpoint failed: %r", exc)

    def start(self) -> None:
        """Background work of a running server: resuming games after a restart, unloading idle ones."""
        loop = asyncio.get_running_loop()
        self.background = [
            loop.create_task(self.resume_all()),
            loop.create_task(self.sweep()),
            loop.create_task(self.checkpoints()),
            loop.create_task(self.tend_gc()),
        ]

    async def resume_all(self) -> int:
        """After a restart: load the unfinished games that have a human seat, in the background, and let
        their bots carry on (a game of bots only waits until someone watches it)."""
        rows = await self.read_db(self.store.unfinished)
        resumed = 0
        for gid, kinds in rows:
            if self.closing:
                break
            if "human" not in kinds:
                continue
            try:
                live = await self.get(gid)
            except Exception as exc:  # noqa: BLE001
                log.error("cannot resume game %s: %r", gid, exc)
                continue
            if live is not None:
                resumed += 1
                self.kick(live)
        return resumed

    # ------------------------------------------------------------------ seats
    async def join(self, live: LiveGame, seat: int, name: str | None, invite: str | None = None, **guest: Any) -> str:
        """Take a seat (``seats.join``, which says what ``guest`` may hold): the new seat token."""
        return await seats.join(self, live, seat, name, invite, **guest)

    async def host_command(self, live: LiveGame, cmd: Any) -> str | None:
        """Carry out one of the host's commands (``protocol.HostCommand``); raises Refused. (A new invite
        code, for that command.)"""
        return await seats.host_command(self, live, cmd)

    async def reclaim(self, live: LiveGame, seat: int, token: str) -> dict | None:
        """A seat's own player takes it back from a stand-in bot; an error message, or None."""
        return await seats.reclaim(self, live, seat, token)

    # ------------------------------------------------------------------ acting
    def apply(self, live: LiveGame, seat: int, action: Action) -> tuple[MoveCommit, Callable[[], None]]:
        """Apply a checked action (the caller holds ``live.lock``): the move to commit, and what to do
        once it is stored (count the version, re-arm the timer, broadcast). Logs and re-raises if the
        engine fails; the caller then reloads the game from the store."""
        game = live.game
        before = len(game.chance.log)
        at = time.time()
        try:
            events = game.act(seat, action)
            s = game.state
            move = MoveCommit(
                live.id,
                live.version,
                seat,
                action.to_json(),
                game.chance.log[before:],
                live.status,
                list(s.winners),
                s.end_reason,
            )
        except Exception as exc:
            log.error("game %s: action %r by seat %s failed (%r); reloading the game", live.id, str(action), seat, exc)
            raise

        def stored() -> None:  # run by the committer as soon as the move is stored
            live.version += 1
            live.touched = time.monotonic()
            self.timers.arm(live)
            live.broadcast_update(events, seat, at)

        return move, stored

    async def _commit(self, live: LiveGame, seat: int, action: Action) -> None:
        """Apply, commit, then broadcast. Caller holds ``live.lock`` and has checked the action. If the
        engine or the store fails, the game is reloaded from the store (as if the action never came)."""
        try:
            move, stored = self.apply(live, seat, action)
            await self.committer.commit(move, stored)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("game %s: action %r by seat %s not stored (%r); reloading", live.id, str(action), seat, exc)
            from_store = await self.read_db(self.store.load, live.id)
            live.game = await self.off_loop(self.rebuild, from_store)
            live.version = from_store.version
            raise

    async def human_act(self, live: LiveGame, conn: Conn, msg: P.Act) -> dict | None:
        """Apply a client's action; an error message for that client, or None."""
        if conn.seat is None:
            return P.error("not-seated", "you are watching this game; take a seat to play")
        if msg.seat != conn.seat:
            return P.error("foreign-seat", f"this connection plays seat {conn.seat}, not seat {msg.seat}")
        if not live.check_token(msg.seat, msg.token):
            return P.error("wrong-token", f"the token is not seat {msg.seat}'s")
        try:
            action = msg.to_action(live.game)
        except BadActionText as exc:
            return P.error("bad-action", exc.reason)
        except (ValueError, TypeError, OverflowError) as exc:  # the engine's parser, on text it should refuse
            return P.error("bad-action", f"the action cannot be read: {exc}")
        async with live.lock:
            if live.game.over:
                return P.error("game-over", "the game is over")
            if msg.version != live.version:
                return P.error(
                    "stale-version",
                    f"you acted on version {msg.version}, but the game is at "
                    f"version {live.version}; your action was not applied",
                    version=live.version,
                )
            try:
                reason = live.game.check(msg.seat, action)
            except Exception as exc:  # noqa: BLE001 - the engine choking on an odd action refuses it
                log.error("game %s: check of %r failed: %r", live.id, str(action), exc)
                reason = "the game cannot judge that action"
            if reason is not None:
                return P.error("illegal", f"'{action}' is not allowed now: {reason}")
            if live.timed_out == msg.seat:  # the player is back: the timer's bot stops
                live.timed_out = None
            try:
                await self._commit(live, msg.seat, action)
            except Exception:  # noqa: BLE001
                return P.error("server", "the action could not be applied and stored; nothing changed")
        self.kick(live)
        return None

    def kick(self, live: LiveGame) -> None:
        """Let the bot scheduler play ``live`` if a bot is to move (``bots.BotScheduler.kick``), and send the
        seat played over the bot protocol its prompt if the game waits on it (``remote_bots``)."""
        self.remote_bots.kick(live)
        self.bots.kick(live)

    def recover(self, live: LiveGame) -> None:
        """After a failed bot action (the lock held): reload the game from the store, pause, play on."""

        async def reload() -> None:
            try:
                from_store = await self.read_db(self.store.load, live.id)
                live.game = await self.off_loop(self.rebuild, from_store)
                live.version = from_store.version
            except Exception as exc:  # noqa: BLE001
                log.error("game %s could not be reloaded: %r", live.id, exc)
            finally:
                live.lock.release()
            await asyncio.sleep(1.0)  # (the store may be back soon)
            self.kick(live)

        task = asyncio.get_running_loop().create_task(reload())
        self.background.append(task)
        task.add_done_callback(self._forget_task)

    def _forget_task(self, task: asyncio.Task) -> None:
        if task in self.background:
            self.background.remove(task)

    # ------------------------------------------------------------------ replays
    def replay_frames(self, stored: StoredGame) -> list[dict]:
        """The public view after every step of a stored game, and that step's public events in words."""
        return self.replays.frames(stored)

    async def close(self) -> None:
        """Graceful shutdown: stop the bots, write every action already applied, then close."""
        self.closing = True
        tasks = ([self.bots.task] if self.bots.task is not None else []) + self.background
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.remote_bots.close()
        await self.committer.close()
        for live in self.games.values():
            for conn in list(live.conns):
                conn.send_text(None)
        for pool in (self.writer, self.reader, self.cpu):
            pool.shutdown(wait=True)
