"""A live game in memory: its seats, its connections and the per-seat messages it sends them.

Every outbound message is built from ``game.view(seat).to_json()`` and the events for which
``Event.visible_to(seat)`` holds — never from the record, ``Game.to_json()`` or the chance source. A
broadcast builds and encodes each seat's message once per version, however many connections watch that
seat.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from typing import Any

import orjson

from ..agents import STAND_IN, make_agent
from ..engine import events as E
from ..engine.events import Event
from ..engine.game import Game
from . import protocol as P
from .access import hash_token, secret_matches
from .db import StoredGame
from .latency import Latency
from .remote_bots import is_protocol_kind

LOG_TAIL = 400
TIMER_BOT = STAND_IN  # who minds the seat for a turn the timer took from an absent player (agents/stand_in.py)
FULL_BOT = "heuristic"  # who plays a removed player's seat until someone joins it
REMOVED = 4001  # WebSocket close code: the host removed this seat's player
NO_SPECTATORS = 4003  # WebSocket close code: this game takes no spectators (or needs the invite)
SEND_FAILED = 1011  # WebSocket close code: an update could not be sent; the page reconnects and syncs again


def encode(msg: dict) -> str:
    """A message as the text of one WebSocket frame (orjson: encoding views is much of a broadcast's cost)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


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
        except Exception:  # noqa: BLE001 - a socket that cannot be written to stops its outbox
            self.closed = True
            # A page that has missed an update must not go on as if it had not: closing (1011, the server
            # failed) makes it reconnect and sync afresh. A socket already dead cannot be closed either.
            try:
                await self.ws.close(code=SEND_FAILED)
            except Exception:  # noqa: BLE001
                pass


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
            if kind != "human" and not is_protocol_kind(kind)  # (those speak the bot protocol: remote_bots.py)
        }
        self.host_hash = stored.host_hash
        self.invite_hash = stored.invite_hash
        self.listed = stored.listed
        self.spectators = stored.spectators
        self.spectator_chat = stored.spectator_chat  # spectators talk among themselves (web/chat.py)
        self.seat_limit = stored.seat_limit  # seats one guest may take (None: any number; web/seats.py)
        self.seat_clients = list(stored.seat_clients or [None] * len(self.kinds))  # who took each (public games)
        self.turn_timer = stored.turn_timer
        self.stand_ins: dict[int, Any] = {}  # human seats a bot plays meanwhile (the host said so)
        self.stand_in = list(stored.stand_in or [None] * len(self.kinds))
        # Per seat: the hash of the bot token a remote bot's seat was handed (stored: it survives a restart).
        self.bot_token_hashes: list[str | None] = list(stored.bot_token_hashes or [None] * len(self.kinds))
        self.timed_out: int | None = None  # the human seat whose turn the timer gave to a bot
        self.timer_agents: dict[int, Any] = {}
        self.deadline: float | None = None  # when the turn timer runs out (epoch), or None
        self.timer_task: asyncio.Task | None = None
        self.timer_version = -1  # the version the running timer waits on
        self.touched = time.monotonic()  # last action or connection: idle games leave memory
        self.creator = stored.creator  # (quotas: who created it, hashed)
        self.imported = stored.imported  # an imported record's actions (continued from a record), or None
        # Hashes of the seat tokens of players the host removed while the game was in memory: their old seat
        # link is answered "you were removed", not "this link is stale" (after an unload it is the latter).
        self.removed_hashes: set[str] = set()

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

    def was_removed(self, token: str | None) -> bool:
        return token is not None and hash_token(token) in self.removed_hashes

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
    def unjoined(self) -> bool:
        """Nobody has taken a seat (a game of bots only counts as one nobody joined)."""
        return all(h is None for h in self._token_hashes)

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
            "spectator_chat": self.spectator_chat,
            "seats_per_guest": self.seat_limit,
            "turn_timer": self.turn_timer,
            "deadline": self.deadline,
            "continued_from_record": self.imported,
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
