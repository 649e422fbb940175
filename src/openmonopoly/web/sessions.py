"""Live games: the registry that loads games from the store, applies actions, runs the bots and
broadcasts per-seat messages.

Every outbound message is built from ``game.view(seat).to_json()`` and the events for which
``Event.visible_to(seat)`` holds — never from the record, ``Game.to_json()`` or the chance source.
An action is committed to the store before anyone hears of it; the commits of all games that act at
the same moment share one transaction (``Committer``). A broadcast builds and encodes each seat's
message once per version, however many connections watch that seat.

Games the server deals use ``KeyedChance`` (a 256-bit key from the operating system); a game started
from a client's seed (only with ``ServerConfig.allow_seeds``) uses ``Chance(seed)`` like the CLI.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import orjson

from ..agents import STAND_IN, make_agent
from ..catalogue import SEAT_KINDS, default_names
from ..editions import load as load_edition
from ..engine import actions as A
from ..engine import events as E
from ..engine.actions import Action
from ..engine.chance import Chance, KeyedChance
from ..engine.errors import BadActionText, OpenMonopolyError
from ..engine.events import Event
from ..engine.game import Game, rules_class
from ..engine.options import clock_refused, needs_clock
from . import protocol as P
from .config import ServerConfig
from .db import MoveCommit, Store, StoredGame

log = logging.getLogger("openmonopoly.web")
MAX_SEATS = P.MAX_SEATS
LOG_TAIL = 400
# The bot scheduler's slice (Registry._run_bots): at most this long choosing and applying bot actions, and
# at most this many, before they are committed and broadcast. Committing and broadcasting cost more than
# choosing and applying (about 100 us against 30 us an action): the count is what bounds a slice.
BOT_SLICE_SECONDS = 0.002
BOT_SLICE_MOVES = 16
PG_WRITES_AT_ONCE = 4  # PostgreSQL batches under way at once (see Committer)
# The cyclic garbage collector (Registry.tend_gc): what survived this long is frozen, out of its way, and
# this often everything is unfrozen and collected once (cycles among frozen objects are freed only then).
GC_FREEZE_SECONDS = 5.0
GC_FULL_SECONDS = 600.0
SMALL_WRITE_MOVES = 50  # a new game stored with more moves (an imported record) is written off the loop
TIMER_BOT = STAND_IN  # who minds the seat for a turn the timer took from an absent player (agents/stand_in.py)
FULL_BOT = "heuristic"  # who plays a removed player's seat until someone joins it
REMOVED = 4001  # WebSocket close code: the host removed this seat's player
NO_SPECTATORS = 4003  # WebSocket close code: this game takes no spectators (or needs the invite)


class Refused(ValueError):
    """A request the server will not carry out; ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def secret_matches(stored_hash: str | None, secret: str | None) -> bool:
    """Whether ``secret`` is the one whose hash is stored (in constant time; no secret, no match)."""
    if not secret or stored_hash is None:
        return False
    return hmac.compare_digest(stored_hash, hash_token(secret))


def encode(msg: dict) -> str:
    """A message as the text of one WebSocket frame (orjson: encoding views is much of a broadcast's cost)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


def replay_record(record: dict, chance: Chance) -> tuple[Game, list[int], list[tuple[int, Any, list[int]]]]:
    """Play a record with ``chance`` feeding its outcomes back: the game, the outcomes used in setting up
    and each move's outcomes. The generator ends where the recorded game left it (one draw per outcome)."""
    chance.playback(list(record["chance"]))
    edition = load_edition(record["edition"])
    game = rules_class(edition)(
        edition, list(record["players"]), int(record["seed"]), record.get("options"), chance=chance
    )
    setup = list(chance.log)
    moves = []
    for player, data in record["actions"]:
        before = len(chance.log)
        action = game.parse_json(data)
        game.act(int(player), action)
        moves.append((int(player), action.to_json(), chance.log[before:]))
    chance.end_playback()
    return game, setup, moves


class GameLock(asyncio.Lock):
    """A game's lock, which the bot scheduler can also take without waiting when it is free."""

    def try_acquire(self) -> bool:
        """Take the lock now if nobody holds or waits for it; never suspends."""
        if self.locked():
            return False
        attempt = self.acquire()
        try:
            attempt.send(None)  # a free lock is taken in the first step, without suspending
        except StopIteration:
            return True
        attempt.close()  # (someone queued first: leave it to them)
        return False


class Latency:
    """How long updates took from their action being applied to their frame being written to the socket
    (``ServerConfig.latency_stats``): a histogram of 0.1 ms steps up to 2 s, and the worst."""

    STEP = 1e-4
    TOP = 20000

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.counts = [0] * (self.TOP + 1)  # the last one: 2 s or more
        self.frames = 0
        self.worst = 0.0
        self.since = time.time()

    def add(self, seconds: float) -> None:
        self.counts[min(self.TOP, max(0, int(seconds / self.STEP)))] += 1
        self.frames += 1
        if seconds > self.worst:
            self.worst = seconds

    def quantile(self, q: float) -> float:
        """The ``q`` quantile in seconds (the upper edge of its step)."""
        rank, seen = q * self.frames, 0
        for i, n in enumerate(self.counts):
            seen += n
            if seen >= rank and seen > 0:
                return (i + 1) * self.STEP
        return 0.0

    def to_json(self) -> dict:
        ms = lambda s: round(s * 1000, 1)  # noqa: E731
        return {
            "frames": self.frames,
            "seconds": round(time.time() - self.since, 1),
            "p50_ms": ms(self.quantile(0.5)),
            "p99_ms": ms(self.quantile(0.99)),
            "max_ms": ms(self.worst),
        }


class Conn:
    """One WebSocket client: a seat (or None for a spectator) and an ordered outbox of encoded frames."""

    def __init__(self, ws: Any, seat: int | None, client: str, host: bool = False) -> None:
        self.ws = ws
        self.seat = seat
        self.client = client
        self.host = host  # the host's connection: it watches even where spectators may not
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False
        self.latency: Latency | None = None  # the server's, when it measures updates' delays

    def send(self, msg: dict) -> None:
        self.send_text(encode(msg))

    def send_text(self, text: str | None) -> None:
        if not self.closed:
            self.queue.put_nowait(text)

    def send_update(self, text: str, at: float) -> None:
        """An update of an action applied at ``at`` (epoch seconds)."""
        if self.latency is None:
            self.send_text(text)
        elif not self.closed:
            self.queue.put_nowait((text, at))

    def close_with(self, code: int) -> None:
        """Close the socket with ``code`` once everything queued before has been sent."""
        if not self.closed:
            self.queue.put_nowait(code)
            self.closed = True

    async def pump(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                if isinstance(text, int):
                    await self.ws.close(code=text)
                    return
                if isinstance(text, tuple):
                    await self.ws.send_text(text[0])
                    if self.latency is not None:
                        self.latency.add(time.time() - text[1])
                    continue
                await self.ws.send_text(text)
        except Exception:  # noqa: BLE001 - a dead socket just stops its outbox
            self.closed = True


class LiveGame:
    def __init__(self, stored: StoredGame, game: Game) -> None:
        self.id = stored.id
        self.names = list(stored.names)
        self.kinds = list(stored.kinds)
        self.token_hashes = list(stored.token_hashes)
        self.game = game
        self.version = stored.version
        self.conns: set[Conn] = set()
        self.lock = GameLock()
        self.bot_queued = False  # waiting in the bot scheduler's queue (or for its bot delay)
        # Bots of a seeded game play reproducibly; elsewhere their own choices are not predictable either.
        self.bot_seed = stored.seed if stored.chance_key is None else secrets.randbits(31)
        self.bots = {
            seat: make_agent(kind, self.bot_seed * 100 + seat)
            for seat, kind in enumerate(self.kinds)
            if kind != "human"
        }
        self.host_hash = stored.host_hash
        self.invite_hash = stored.invite_hash
        self.listed = stored.listed
        self.spectators = stored.spectators
        self.turn_timer = stored.turn_timer
        self.stand_ins: dict[int, Any] = {}  # human seats a bot plays meanwhile (the host said so)
        self.stand_in = list(stored.stand_in or [None] * len(self.kinds))
        self.timed_out: int | None = None  # the human seat whose turn the timer gave to a bot
        self.timer_agents: dict[int, Any] = {}
        self.deadline: float | None = None  # when the turn timer runs out (epoch), or None
        self.timer_task: asyncio.Task | None = None
        self.timer_version = -1  # the version the running timer waits on
        self.touched = time.monotonic()  # last action or connection: idle games leave memory

    @property
    def stand_in(self) -> list:
        return self._stand_in

    @stand_in.setter
    def stand_in(self, kinds: list) -> None:
        self._stand_in = kinds
        self.stand_ins = {
            seat: self.stand_ins.get(seat) or make_agent(kind, self.bot_seed * 100 + seat)
            for seat, kind in enumerate(kinds)
            if kind is not None
        }
        # A game where no person plays any seat plays only while someone watches it (like a bots' game).
        self.bot_only = all(k != "human" or seat in self.stand_ins for seat, k in enumerate(self.kinds))
        if hasattr(self, "_token_hashes"):
            self.token_hashes = self._token_hashes

    def agent_for(self, seat: int) -> Any:
        """The bot that answers ``seat``'s prompts now (its own, the host's stand-in, or the turn timer's), or
        None when a person does."""
        agent = self.bots.get(seat) or self.stand_ins.get(seat)
        if agent is None and seat == self.timed_out:
            agent = self.timer_agents.get(seat)
            if agent is None:
                agent = self.timer_agents[seat] = make_agent(TIMER_BOT, self.bot_seed * 100 + seat)
        return agent

    def host_ok(self, token: str | None) -> bool:
        return secret_matches(self.host_hash, token)

    def invite_ok(self, code: str | None) -> bool:
        return secret_matches(self.invite_hash, code)

    def may_join(self, invite: str | None) -> bool:
        return self.listed or self.invite_ok(invite)

    def may_watch(self, invite: str | None, host: str | None) -> bool:
        return self.host_ok(host) or (self.spectators and self.may_join(invite))

    @property
    def token_hashes(self) -> list:
        return self._token_hashes

    @token_hashes.setter
    def token_hashes(self, hashes: list) -> None:
        self._token_hashes = hashes
        stand_in = getattr(self, "_stand_in", None) or [None] * len(hashes)
        self._seats_open = any(
            k == "human" and h is None and b is None for k, h, b in zip(self.kinds, hashes, stand_in, strict=True)
        )

    @property
    def status(self) -> str:  # (read several times per action: kept cheap)
        return "over" if self.game.over else "open" if self._seats_open else "running"

    def seats_info(self) -> list[dict]:
        present = {c.seat for c in self.conns}
        return [
            {
                "seat": i,
                "name": self.game.players[i],
                "kind": k,
                "claimed": k != "human" or h is not None,
                "stand_in": b,
                "connected": k == "human" and i in present,
            }
            for i, (k, h, b) in enumerate(zip(self.kinds, self.token_hashes, self.stand_in, strict=True))
        ]

    def summary(self) -> dict:
        ed = self.game.edition
        return {
            "id": self.id,
            "edition": ed.id,
            "edition_name": ed.name,
            "status": self.status,
            "version": self.version,
            "seats": self.seats_info(),
            "winners": self.game.winners,
            "options": dict(self.game.options),
            "public": self.listed,
            "spectators": self.spectators,
            "turn_timer": self.turn_timer,
            "deadline": self.deadline,
        }

    def check_token(self, seat: int, token: str | None) -> bool:
        if not 0 <= seat < len(self.kinds) or not token:
            return False
        stored = self.token_hashes[seat]
        return stored is not None and hmac.compare_digest(stored, hash_token(token))

    def conns_of(self, seat: int) -> int:
        return sum(1 for c in self.conns if c.seat == seat)

    # ------------------------------------------------------------------ per-seat messages
    def event_json(self, event: Event) -> dict:
        d = event.to_json()
        try:
            d["text"] = self.game.describe(event)
        except Exception:  # noqa: BLE001 - an event a family's words do not know still shows
            d["text"] = f"{event.kind}"
        if event.kind == E.GAME_STARTED and event.info:
            d["text"] = d["text"].replace(f"({event.info})", f"({self._first_rolls(event.info)})")
        return d

    def _first_rolls(self, info: str) -> str:
        """The first-player rolls with names, not the engine's seat numbers ("0:2+5 1:3+2" -> "Ann 2+5, ...")."""
        names = self.game.players
        out = []
        for part in info.split():
            seat, _, roll = part.partition(":")
            out.append(f"{names[int(seat)]} {roll}" if seat.isdigit() and int(seat) < len(names) else part)
        return ", ".join(out)

    def view_json(self, seat: int | None) -> dict:
        return self.game.view(seat).to_json()

    def sync_msg(self, seat: int | None) -> dict:
        events = [e for e in self.game.history if e.visible_to(seat)][-LOG_TAIL:]
        return {
            "type": "sync",
            "protocol": P.PROTOCOL_VERSION,
            "game": self.summary(),
            "seat": seat,
            "version": self.version,
            "view": self.view_json(seat),
            "deadline": self.deadline,
            "log": [self.event_json(e) for e in events],
        }

    def broadcast_update(self, events: list[Event], actor: int, at: float) -> None:
        """One update per seat watched (built and encoded once), sent to every connection of that seat."""
        if not self.conns:
            return
        texts: dict[int | None, str] = {}
        status = self.status
        words: dict[int, dict] = {}
        for conn in list(self.conns):
            text = texts.get(conn.seat)
            if text is None:
                seen = []
                for i, e in enumerate(events):
                    if e.visible_to(conn.seat):
                        if i not in words:
                            words[i] = self.event_json(e)
                        seen.append(words[i])
                text = texts[conn.seat] = encode(
                    {
                        "type": "update",
                        "version": self.version,
                        "status": status,
                        "actor": actor,
                        "at": at,
                        "view": self.view_json(conn.seat),
                        "events": seen,
                        "deadline": self.deadline,
                    }
                )
            conn.send_update(text, at)

    def broadcast_seats(self, hosts_only: bool = False) -> None:
        """The seats to every connection (``hosts_only``: to the host's, for who came or went)."""
        text = encode({"type": "seats", "game": self.summary(), "deadline": self.deadline})
        for conn in list(self.conns):
            if conn.host or not hosts_only:
                conn.send_text(text)


Done = Callable[[Exception | None], None]


class Committer:
    """Group commit: the actions applied since the last write go together in one transaction, and each
    one's ``done(error)`` runs the moment its fate is known (``None``: stored), so its broadcast can leave
    at once and never before. ``flush`` writes what is pending; the bot scheduler flushes after each of
    its slices, and a person's action is flushed at the next turn of the loop (with whatever else came).

    SQLite batches are written on the event loop itself: a WAL commit without fsync takes well under a
    millisecond, less than handing the batch to a thread and back costs. PostgreSQL batches, which wait
    on the network and the server's fsync, are sent from the loop and answered in a later turn of it
    (``db.PgCommitter``), up to ``PG_WRITES_AT_ONCE`` at once; any other store's go to the writer thread,
    one at a time."""

    def __init__(self, store: Store, executor: ThreadPoolExecutor) -> None:
        self.store = store
        self.executor = executor
        self.pending: list[tuple[MoveCommit, Done]] = []
        self.in_flight: set[asyncio.Future] = set()
        self._soon: asyncio.Handle | None = None
        self.batches = 0
        self.async_store: Any = None  # PostgreSQL: the store's committer on this event loop (db.PgCommitter)
        # Batches written at once: PostgreSQL's on the loop, each on a connection of its own; a store
        # written by the writer thread, one at a time.
        self.writes_at_once = PG_WRITES_AT_ONCE if getattr(store, "writes_async", False) else 1

    def add(self, move: MoveCommit, done: Done) -> None:
        """Queue ``move`` for the next write; ``done`` hears how it went (it must not raise)."""
        self.pending.append((move, done))

    def flush_soon(self) -> None:
        if self._soon is None:
            self._soon = asyncio.get_running_loop().call_soon(self._flush_soon)

    def _flush_soon(self) -> None:
        self._soon = None
        self.flush()

    def flush(self) -> None:
        """Write every pending action in one transaction: SQLite before this returns; PostgreSQL from
        the loop, answered later, with at most ``writes_at_once`` transactions under way, so the actions
        that arrive while they all wait for the server go together in the next."""
        if not self.pending or len(self.in_flight) >= self.writes_at_once:
            return  # (what is pending goes as one when a write under way is done)
        batch, self.pending = self.pending, []
        self.batches += 1
        moves = [m for m, _ in batch]
        if self.store.writes_inline:
            try:
                results = self.store.commit_moves(moves)
            except Exception as exc:  # noqa: BLE001
                results = [exc] * len(batch)
            self._finish(batch, results)
            return
        loop = asyncio.get_running_loop()
        if getattr(self.store, "writes_async", False):
            if self.async_store is None:
                self.async_store = self.store.async_committer(self.writes_at_once)
            under_way = loop.create_future()  # (for drain)
            self.in_flight.add(under_way)

            def heard(results: list[Exception | None]) -> None:
                self.in_flight.discard(under_way)
                under_way.set_result(None)
                self._finish(batch, results)
                self.flush()

            self.async_store.commit(moves, heard)
            return
        written = loop.run_in_executor(self.executor, self.store.commit_moves, moves)
        self.in_flight.add(written)

        def finished(f: asyncio.Future) -> None:
            self.in_flight.discard(f)
            exc = asyncio.CancelledError() if f.cancelled() else f.exception()
            if exc is None:
                self._finish(batch, f.result())
            else:
                error = exc if isinstance(exc, Exception) else RuntimeError(f"the write did not finish: {exc!r}")
                self._finish(batch, [error] * len(batch))
            self.flush()

        written.add_done_callback(finished)

    @staticmethod
    def _finish(batch: list[tuple[MoveCommit, Done]], results: list[Exception | None]) -> None:
        for (_, done), error in zip(batch, results, strict=True):
            try:
                done(error)
            except Exception as exc:  # noqa: BLE001 - the move is stored (or not) whatever its listener did
                log.error("after a commit: %r", exc)

    async def commit(self, move: MoveCommit, stored: Callable[[], None]) -> None:
        """Store ``move``; ``stored()`` runs the moment it is (before this returns, and even if the
        waiter was cancelled meanwhile), so the broadcast leaves in the same turn of the loop."""
        waiter = asyncio.get_running_loop().create_future()

        def done(error: Exception | None) -> None:
            if error is None:
                try:
                    stored()
                except Exception as exc:  # noqa: BLE001 - the move is stored; its broadcast failed
                    log.error("broadcast after a commit failed: %r", exc)
            if waiter.done():  # its waiter was cancelled (shutdown); the write stands
                return
            if error is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(error)

        self.add(move, done)
        self.flush_soon()
        await waiter

    async def drain(self) -> None:
        """Write everything pending and wait for the writes under way."""
        while self.pending or self.in_flight:
            self.flush()
            if self.in_flight:
                await asyncio.gather(*self.in_flight, return_exceptions=True)
            await asyncio.sleep(0)  # (the writes' own callbacks run first)

    async def close(self) -> None:
        """Write everything pending, then close the event loop's own database connection."""
        await self.drain()
        if self.async_store is not None:
            await self.async_store.close()
            self.async_store = None


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
        self.bots_ready: deque[LiveGame] = deque()  # games whose bot is to move, in turn
        self.bots_wake = asyncio.Event()
        self.bot_task: asyncio.Task | None = None  # the bot scheduler (``_run_bots``)
        self.replays: OrderedDict[str, list] = OrderedDict()
        self.closing = False
        self.background: list[asyncio.Task] = []
        self.latency = Latency() if self.config.latency_stats else None

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
        if spec.seed is not None and not self.config.allow_seeds:
            raise Refused(
                "this server deals its own dice and takes no seed (it was not started with "
                "--allow-seeds); leave 'seed' out"
            )
        if spec.record is not None:
            return self._from_record(spec)
        try:
            ed = load_edition(spec.edition)
        except OpenMonopolyError as exc:
            raise Refused(str(exc)) from None
        n = len(spec.seats)
        hi = min(ed.max_players, MAX_SEATS)
        if not ed.min_players <= n <= hi:
            raise Refused(f"{ed.name} is played by {ed.min_players}-{hi} seats here, not {n}")
        kinds = [s.kind for s in spec.seats]
        for k in kinds:
            if k not in SEAT_KINDS:
                raise Refused(f"unknown seat kind {k!r}; choose one of {', '.join(SEAT_KINDS)}")
        names: list[str] = []
        defaults = default_names(ed, n)
        for i, s in enumerate(spec.seats):
            name = (s.name or "").strip() or defaults[i]
            if name in names:
                name = f"{name} ({i + 1})"
            names.append(name)
        options = self._bounded_options(kinds, dict(spec.options))
        if spec.seed is not None:
            seed, chance, key = spec.seed, Chance(spec.seed), None
        else:
            chance = KeyedChance()
            seed, key = 0, chance.state()["key"]
        try:
            game = Game(ed, names, seed, options or None, chance=chance)
        except OpenMonopolyError as exc:
            raise Refused(str(exc)) from None
        stored = StoredGame(
            secrets.token_urlsafe(9),
            ed.id,
            dict(game.options),
            names,
            kinds,
            [None] * n,
            seed,
            list(game.chance.log),
            None,
            0,
            "open",
            [],
            "",
            time.time(),
            [],
            key,
        )
        return stored, game

    @staticmethod
    def _access(stored: StoredGame, spec: P.CreateGame) -> tuple[str, str]:
        """Give a new game its host and invite secrets and the creator's choices; (host token, invite code)."""
        host, invite = secrets.token_urlsafe(18), secrets.token_urlsafe(12)
        stored.host_hash, stored.invite_hash = hash_token(host), hash_token(invite)
        stored.listed, stored.spectators, stored.turn_timer = spec.public, spec.spectators, spec.turn_timer
        stored.stand_in = [None] * len(stored.kinds)
        return host, invite

    def _bounded_options(self, kinds: list[str], options: dict) -> dict:
        """A game with no human seat must end: it gets a round limit (the server's, or a lower one)."""
        if "human" in kinds:
            return options
        cap = self.config.bot_game_rounds
        rounds = options.get("max-rounds")
        if rounds is None:
            options["max-rounds"] = cap
        elif not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= cap:
            raise Refused(f"a game of bots only is limited to {cap} rounds here; set max-rounds to 1..{cap}")
        return options

    def _from_record(self, spec: P.CreateGame) -> tuple[StoredGame, Game]:
        record = spec.record.model_dump() if spec.record is not None else {}
        if len(record["actions"]) > self.config.max_record_actions:
            raise Refused(
                f"the record has {len(record['actions'])} actions; this server imports at most "
                f"{self.config.max_record_actions}",
                413,
            )
        n = len(record["players"])
        kinds = spec.kinds or ["human"] * n
        if len(kinds) != n or any(k not in SEAT_KINDS for k in kinds):
            raise Refused(f"kinds must give {n} seat kinds out of {', '.join(SEAT_KINDS)}")
        record["options"] = self._bounded_options(kinds, dict(record["options"]))
        chance = KeyedChance()  # the recorded outcomes are replayed; what follows is dealt anew
        try:
            game, setup, moves = replay_record(record, chance)
        except (OpenMonopolyError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise Refused(f"that record does not replay: {exc}") from None
        s = game.state
        stored = StoredGame(
            secrets.token_urlsafe(9),
            game.edition.id,
            dict(game.options),
            list(game.players),
            kinds,
            [None] * n,
            int(record["seed"]),
            setup,
            None,
            len(moves),
            "over" if s.over else "open",
            list(s.winners),
            s.end_reason,
            time.time(),
            moves,
            chance.state()["key"],
        )
        return stored, game

    async def create(self, spec: P.CreateGame) -> tuple[LiveGame, str, str]:
        """A new game; with the host's token and the invite code (which the server keeps only hashed)."""
        if self.live_count() >= self.config.max_live_games:
            raise Refused(
                f"the server is at its limit of {self.config.max_live_games} games in play; "
                "try again when one has finished",
                503,
            )
        if spec.record is not None:  # a replay of up to max_record_actions: not on the event loop
            stored, game = await self.off_loop(self.new_game, spec)
        else:
            stored, game = self.new_game(spec)
        if needs_clock(game.options):
            raise Refused(clock_refused("the web server", " (or leave it out)"))
        self._check_timer(spec.turn_timer)
        host, invite = self._access(stored, spec)
        await self.write_db(self.store.create_game, stored, small=len(stored.moves) <= SMALL_WRITE_MOVES)
        live = LiveGame(stored, game)
        self.games[stored.id] = live
        self.kick(live)
        return live, host, invite

    @staticmethod
    def chance_for(stored: StoredGame) -> Chance:
        if stored.chance_key is not None:
            return KeyedChance(bytes.fromhex(stored.chance_key))
        return Chance(stored.seed)

    def rebuild(self, stored: StoredGame) -> Game:
        """The game from its stored record, the generator where the game left it."""
        if stored.chance_key is None and stored.rng:
            # Schema 1 kept a Mersenne Twister's state; from here on the server deals this game.
            key = KeyedChance().state()["key"]
            self.store.set_chance_key(stored.id, key)
            stored.chance_key, stored.rng = key, None
        return replay_record(stored.record(), self.chance_for(stored))[0]

    async def get(self, game_id: str) -> LiveGame | None:
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
                if stored.status != "over" and self.live_count() >= self.config.max_live_games:
                    raise Refused(f"the server is at its limit of {self.config.max_live_games} games in play", 503)
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
        if not live.game.over and time.monotonic() - live.touched < idle_for:
            return False
        if self.games.get(live.id) is live:
            del self.games[live.id]
        return True

    async def tend_gc(self, every: float = GC_FREEZE_SECONDS, full_every: float = GC_FULL_SECONDS) -> None:
        """Keep the cyclic garbage collector's full collections short. They walk every object it tracks,
        and a server holds many that live long (each game's history of events): with 200 games playing,
        a full collection took 55-145 ms every 3 s, all play stopped meanwhile, and it set the p99
        latency. Objects frozen (``gc.freeze``) are not walked; reference counting still frees them, so
        only cyclic garbage among them waits, for the rare full collection after unfreezing."""
        gc.freeze()  # (the modules, editions and games loaded so far)
        since_full = 0.0
        try:
            while not self.closing:
                await asyncio.sleep(every)
                since_full += every
                if since_full >= full_every:
                    since_full = 0.0
                    gc.unfreeze()
                    gc.collect()
                gc.freeze()
        finally:
            gc.unfreeze()  # (on shutdown: the process may go on, as in tests)

    async def sweep(self, every: float = 60.0) -> None:
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
    async def join(self, live: LiveGame, seat: int, name: str | None, invite: str | None = None) -> str:
        if not live.may_join(invite):
            raise Refused("this game is private: take a seat with its invite link (ask the host for it)", 403)
        name = " ".join((name or "").split())
        if name and not name.isprintable():
            raise Refused("a name is printable text", 400)
        if name and name.casefold() in {n.casefold() for i, n in enumerate(live.game.players) if i != seat}:
            raise Refused(f"another player is already called {name!r}; choose another name", 409)
        if not 0 <= seat < len(live.kinds):
            raise Refused(f"there is no seat {seat}; seats are 0..{len(live.kinds) - 1}", 409)
        if live.kinds[seat] != "human":
            raise Refused(f"seat {seat} is played by the {live.kinds[seat]} bot", 409)
        if live.token_hashes[seat] is not None:
            raise Refused(f"seat {seat} is taken", 409)
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        async with live.lock:
            hashes = list(live.token_hashes)
            hashes[seat] = digest
            new_status = (
                "over"
                if live.game.over
                else (
                    "open"
                    if any(k == "human" and h is None for k, h in zip(live.kinds, hashes, strict=True))
                    else "running"
                )
            )
            ok = await self.write_db(self.store.set_token, live.id, seat, digest, name or None, new_status)
            if not ok:
                raise Refused(f"seat {seat} is taken", 409)
            if name:  # (names are words only: the record's players, not anything the rules read)
                live.game.state.names[seat] = name
                live.names[seat] = name
            stand_in = list(live.stand_in)
            stand_in[seat] = None
            live.stand_in = stand_in
            live.token_hashes = hashes
            self.arm_timer(live)
        live.broadcast_seats()
        self.kick(live)
        return token

    async def host_command(self, live: LiveGame, cmd: Any) -> None:
        """Carry out one of the host's commands (``protocol.HostCommand``); raises Refused."""
        if not live.host_ok(cmd.host):
            raise Refused("only the host (who created the game) can do that; the host token does not match", 403)
        seat: int | None = cmd.seat if isinstance(cmd, (P.HandToBot, P.TakeBack, P.RemovePlayer)) else None
        if seat is not None and not (0 <= seat < len(live.kinds) and live.kinds[seat] == "human"):
            raise Refused(
                f"seat {seat} is not a human seat of this game; human seats: "
                f"{[i for i, k in enumerate(live.kinds) if k == 'human']}",
                409,
            )
        removed = False
        async with live.lock:
            hashes, stand_in = list(live.token_hashes), list(live.stand_in)
            timer, spectators = live.turn_timer, live.spectators
            if isinstance(cmd, P.HandToBot):
                if cmd.kind == "human" or cmd.kind not in SEAT_KINDS + (STAND_IN,):
                    bots = ", ".join((STAND_IN,) + tuple(k for k in SEAT_KINDS if k != "human"))
                    raise Refused(f"unknown bot {cmd.kind!r}; choose one of {bots}")
                stand_in[cmd.seat] = cmd.kind
            elif isinstance(cmd, P.TakeBack):
                stand_in[cmd.seat] = None
            elif isinstance(cmd, P.RemovePlayer):
                removed = hashes[cmd.seat] is not None
                hashes[cmd.seat] = None
                stand_in[cmd.seat] = stand_in[cmd.seat] or FULL_BOT
            elif isinstance(cmd, P.SetTimer):
                self._check_timer(cmd.seconds)
                timer = cmd.seconds
            elif isinstance(cmd, P.SetSpectators):
                spectators = cmd.allowed
            status = (
                "over"
                if live.game.over
                else (
                    "open"
                    if any(
                        k == "human" and h is None and b is None
                        for k, h, b in zip(live.kinds, hashes, stand_in, strict=True)
                    )
                    else "running"
                )
            )
            await self.write_db(self.store.save_seats, live.id, hashes, stand_in, status, timer, spectators)
            live.stand_in = stand_in
            live.token_hashes = hashes
            live.turn_timer, live.spectators = timer, spectators
            if seat is not None and live.timed_out == seat:
                live.timed_out = None
            self.arm_timer(live, force=True)
        for conn in list(live.conns):
            if removed and conn.seat == seat:
                conn.send({"type": "removed", "message": "the host removed you from this game"})
                conn.close_with(REMOVED)
            elif conn.seat is None and not conn.host and not live.spectators:
                conn.send(P.error("private", "the host closed this game to spectators"))
                conn.close_with(NO_SPECTATORS)
        log.info("host command", extra={"game": live.id, "command": cmd.command, "seat": seat})
        live.broadcast_seats()
        self.kick(live)

    # ------------------------------------------------------------------ the turn timer
    def _check_timer(self, seconds: int | None) -> None:
        if seconds is not None and seconds < self.config.min_turn_timer:
            raise Refused(
                f"the turn timer is at least {self.config.min_turn_timer} s here (or null: no timer), not {seconds}"
            )

    def arm_timer(self, live: LiveGame, force: bool = False) -> None:
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
            self.closing
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
        if self.closing or live.version != version:
            return
        live.timed_out, live.deadline = seat, None
        log.info("turn timer ran out", extra={"game": live.id, "seat": seat})
        live.broadcast_seats()
        self.kick(live)

    # ------------------------------------------------------------------ acting
    def _apply(self, live: LiveGame, seat: int, action: Action) -> tuple[MoveCommit, Callable[[], None]]:
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
            self.arm_timer(live)
            live.broadcast_update(events, seat, at)

        return move, stored

    async def _commit(self, live: LiveGame, seat: int, action: Action) -> None:
        """Apply, commit, then broadcast. Caller holds ``live.lock`` and has checked the action. If the
        engine or the store fails, the game is reloaded from the store (as if the action never came)."""
        try:
            move, stored = self._apply(live, seat, action)
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
        """Queue a game for the bot scheduler if a bot is to move (a game of bots only: while someone
        watches it); after the bot delay, if there is one."""
        if self.closing or live.status != "running" or (live.bot_only and not live.conns):
            return
        self.arm_timer(live)
        if live.bot_queued:
            return
        p = live.game.prompt
        if p is None or live.agent_for(p.player) is None:
            return
        live.bot_queued = True
        if self.config.bot_delay > 0:
            asyncio.get_running_loop().call_later(self.config.bot_delay, self._bot_ready, live)
        else:
            self._bot_ready(live)

    def _bot_ready(self, live: LiveGame) -> None:
        self.bots_ready.append(live)
        self.bots_wake.set()
        if self.bot_task is None or self.bot_task.done():
            if self.closing:
                return
            self.bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """The one loop that plays every game's bots: a slice of games at a time, each game one step per
        slice and in turn (round robin), the slice's actions committed in one transaction and broadcast,
        then the event loop is let go so those broadcasts leave and people's actions come in. A slice
        stops after ``BOT_SLICE_MOVES`` actions or ``BOT_SLICE_SECONDS``, which bounds how long any action
        waits for its commit and broadcast however many games play (all of them waiting just wait longer
        before their next action is applied)."""
        ready = self.bots_ready
        while not self.closing:
            if not ready:
                self.bots_wake.clear()
                await self.bots_wake.wait()
                continue
            ends = time.perf_counter() + BOT_SLICE_SECONDS
            for _ in range(min(len(ready), BOT_SLICE_MOVES)):  # (games queued again by this slice wait)
                self._bot_step(ready.popleft())
                if time.perf_counter() >= ends:
                    break
            self.committer.flush()
            await asyncio.sleep(0)

    def _bot_step(self, live: LiveGame) -> None:
        """One bot action of ``live``, applied and queued for the next commit; the game's lock is held
        until that commit is done."""
        live.bot_queued = False
        p = live.game.prompt
        if (
            self.closing
            or p is None
            or live.status != "running"
            or (live.bot_only and not live.conns)
            or live.agent_for(p.player) is None
        ):
            asyncio.get_running_loop().call_soon(self.forget_if_idle, live, self.config.idle_unload_seconds)
            return
        if not live.lock.try_acquire():
            return  # a person's action or a seat change is under way: whoever holds the lock kicks again
        seat = p.player
        try:
            action = self._bot_action(live, p)
            if action is None:
                live.lock.release()
                return
            move, on_stored = self._apply(live, seat, action)
        except Exception:  # noqa: BLE001 - logged by _apply; the game goes back to what is stored
            self._recover(live)
            return

        def done(error: Exception | None) -> None:
            if error is not None:
                log.error("game %s: the store refused a bot's action (%r); reloading the game", live.id, error)
                self._recover(live)
                return
            try:
                on_stored()
            finally:
                live.lock.release()
            self.kick(live)

        self.committer.add(move, done)

    def _recover(self, live: LiveGame) -> None:
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

    def _bot_action(self, live: LiveGame, prompt) -> Action | None:  # noqa: ANN001
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

    # ------------------------------------------------------------------ replays
    def replay_frames(self, stored: StoredGame) -> list[dict]:
        """The public view after every step of a stored game, and that step's public events in words."""
        if stored.id in self.replays:
            self.replays.move_to_end(stored.id)
            return self.replays[stored.id]
        record = stored.record()
        chance = Chance(int(record["seed"]))
        chance.playback(record["chance"])
        game = Game(record["edition"], record["players"], record["seed"], record["options"], chance=chance)
        holder = LiveGame.__new__(LiveGame)
        holder.game = game
        frames: list[dict[str, Any]] = [
            {
                "view": game.view(None).to_json(),
                "actor": None,
                "events": [holder.event_json(e) for e in game.history if e.visible_to(None)],
            }
        ]
        for player, data in record["actions"]:
            events = game.act(int(player), game.parse_json(data))
            frames.append(
                {
                    "view": game.view(None).to_json(),
                    "actor": int(player),
                    "events": [holder.event_json(e) for e in events if e.visible_to(None)],
                }
            )
        self.replays[stored.id] = frames
        while len(self.replays) > 8:
            self.replays.popitem(last=False)
        return frames

    async def close(self) -> None:
        """Graceful shutdown: stop the bots, write every action already applied, then close."""
        self.closing = True
        tasks = ([self.bot_task] if self.bot_task is not None else []) + self.background
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.committer.close()
        for live in self.games.values():
            for conn in list(live.conns):
                conn.send_text(None)
        for pool in (self.writer, self.reader, self.cpu):
            pool.shutdown(wait=True)
