"""Table talk: each game's chat, kept with the game.

Seated players talk at the table (``"table"`` channel; everyone connected to the game reads it); where the
host lets spectators watch and opens their channel (a switch of its own, ``LiveGame.spectator_chat``,
stored with the game: off unless the host turns it on), spectators talk among themselves
(``"spectators"``: spectators and the host read it, players do not, so nobody at the table is coached).
Quick reactions are a fixed set of words (no pictographs: common fonts lack them). Text is plain: control
and formatting characters are removed, and a message is at most ``MAX_TEXT`` characters; each seat (or
spectator's address) may say ``BURST`` things at once and ``PER_MINUTE`` a minute. The host can mute a
seat. Everything is stored in the ``chat`` table (``Store.add_chat``) before anyone hears it, so it survives
a restart and is shown in the replay.

Messages (server -> client): the ``sync`` on hello carries ``chat``: ``{"messages": [...], "muted": [seats],
"reactions": [...]}``; then ``{"type": "chat", "messages": [...], "muted": [seats]}``; each message has
``seq``, ``version`` (the game's version when it was said), ``seat`` (None: a spectator or the host
without a seat), ``channel``, ``kind`` (``say``, ``react``, ``mute``, ``unmute``, ``rematch``), ``name``,
``text`` and ``at``.
"""

from __future__ import annotations

import time
import unicodedata
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Final

from . import protocol as P
from .limits import RateLimit

if TYPE_CHECKING:
    from .live import Conn, LiveGame
    from .sessions import Registry

MAX_TEXT: Final = 240
BURST: Final = 5
PER_MINUTE: Final = 20
HISTORY: Final = 300  # messages a client is sent when it connects (the replay gets all of the table's)
ROOMS: Final = 2000  # games whose talk is kept in memory (the least recently used is read again when needed)
REACTIONS: Final = ("Nice!", "Ha ha", "Oops", "Good luck", "Deal?", "No deal", "Your turn!", "Good game")
TABLE, SPECTATORS = "table", "spectators"


def plain(text: str) -> str:
    """``text`` as one line of plain text: control and formatting characters (bidirectional overrides,
    zero-width joiners, ...) removed, runs of white space made one space, trimmed."""
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return " ".join(kept.split())


class Room:
    """One game's talk: its messages in order and the seats the host muted."""

    def __init__(self, rows: list[dict]) -> None:
        self.rows = rows
        self.muted: set[int] = set()
        for row in rows:
            self._note(row)

    def _note(self, row: dict) -> None:
        if row["kind"] == "mute":
            self.muted.add(row["seat"])
        elif row["kind"] == "unmute":
            self.muted.discard(row["seat"])

    def add(self, row: dict) -> None:
        self.rows.append(row)
        self._note(row)

    def rematch(self) -> str | None:
        """The game the host started as this one's rematch, if any."""
        return next((r["text"] for r in reversed(self.rows) if r["kind"] == "rematch"), None)


def reads(conn: Conn, channel: str) -> bool:
    """Whether ``conn`` reads ``channel``: the table is read by all; the spectators' channel by spectators
    and the host."""
    return channel == TABLE or conn.seat is None or conn.host


class TableTalk:
    """The table talk of every game the server holds (one per registry: ``talk(registry)``)."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self.rate = RateLimit(PER_MINUTE, BURST)

    async def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is None:
            rows = await self.registry.read_db(self.registry.store.load_chat, game_id)
            room = self.rooms.setdefault(game_id, Room(rows))
            while len(self.rooms) > ROOMS:
                self.rooms.popitem(last=False)
        self.rooms.move_to_end(game_id)
        return room

    async def greeting(self, live: LiveGame, conn: Conn) -> dict:
        """What a connection that says hello is shown (its ``sync`` message's ``chat``): the talk so far it
        may read, the muted seats and the quick reactions."""
        room = await self.room(live.id)
        shown = [r for r in room.rows if reads(conn, r["channel"])][-HISTORY:]
        return {"messages": shown, "muted": sorted(room.muted), "reactions": list(REACTIONS)}

    async def handle(self, live: LiveGame, conn: Conn, msg: Any) -> dict | None:
        """A ``say`` or ``mute`` from ``conn``; an error message for it, or None."""
        if isinstance(msg, P.Mute):
            return await self._mute(live, conn, msg)
        channel = TABLE if conn.seat is not None or conn.host else SPECTATORS
        if msg.channel is not None and msg.channel != channel:
            return P.error(
                "not-seated",
                "only seated players (and the host) talk at the table; spectators talk in the spectators' channel",
            )
        if channel == SPECTATORS and not live.spectator_chat:
            return P.error(
                "spectator-chat-off",
                "the host has not opened the spectators' channel: you can read the table's talk; "
                "ask the host to let spectators talk",
            )
        room = await self.room(live.id)
        if conn.seat is not None and conn.seat in room.muted:
            return P.error("muted", "the host muted your table talk")
        text = plain(msg.text)
        if msg.reaction:
            if text not in REACTIONS:
                return P.error("malformed", f"a quick reaction is one of: {', '.join(REACTIONS)}")
        elif not text:
            return P.error("malformed", "say something: the message is empty")
        if len(text) > MAX_TEXT:
            return P.error("malformed", f"a message has at most {MAX_TEXT} characters, this one {len(text)}")
        key = f"{live.id}:{conn.seat}" if conn.seat is not None else f"{live.id}:{conn.client}"
        wait = self.rate.retry_after(key)
        if wait > 0:
            return P.error("rate-limited", f"you are talking fast; wait {wait:.0f} s")
        name = live.game.players[conn.seat] if conn.seat is not None else ("Host" if conn.host else "Spectator")
        await self.post(live, conn.seat, channel, "react" if msg.reaction else "say", name, text)
        return None

    async def _mute(self, live: LiveGame, conn: Conn, msg: P.Mute) -> dict | None:
        if not conn.host:
            return P.error("wrong-token", "only the host can mute a seat")
        if not 0 <= msg.seat < len(live.kinds) or live.kinds[msg.seat] != "human":
            return P.error("malformed", f"seat {msg.seat} is not a person's seat of this game")
        room = await self.room(live.id)
        if (msg.seat in room.muted) == msg.muted:
            return None  # (already so)
        name = live.game.players[msg.seat]
        await self.post(live, msg.seat, TABLE, "mute" if msg.muted else "unmute", name, "")
        return None

    async def post(self, live: LiveGame, seat: int | None, channel: str, kind: str, name: str, text: str) -> dict:
        """Store one message, then send it to every connection that reads its channel."""
        room = await self.room(live.id)
        row = {
            "seq": (room.rows[-1]["seq"] + 1) if room.rows else 0,
            "version": live.version,
            "seat": seat,
            "channel": channel,
            "kind": kind,
            "name": name,
            "text": text,
            "at": time.time(),
        }
        room.add(row)  # (first: the next message's number is taken at once)
        try:
            await self.registry.write_db(self.registry.store.add_chat, live.id, row)
        except Exception:
            room.rows.remove(row)
            room.muted = Room(room.rows).muted
            raise
        msg = {"type": "chat", "messages": [row], "muted": sorted(room.muted)}
        for conn in list(live.conns):
            if reads(conn, channel):
                conn.send(msg)
        return row

    async def replay(self, game_id: str) -> list[dict]:
        """The table's talk of a finished game, for its replay (the spectators' channel stays theirs)."""
        room = await self.room(game_id)
        return [r for r in room.rows if r["channel"] == TABLE]


def talk(registry: Registry) -> TableTalk:
    """The registry's table talk (made on first use)."""
    found = getattr(registry, "_table_talk", None)
    if found is None:
        found = TableTalk(registry)
        registry._table_talk = found  # type: ignore[attr-defined]
    return found
