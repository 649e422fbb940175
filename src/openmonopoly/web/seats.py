"""Seats: taking one with the invite link, and the host's commands (a bot stands in, take back, remove,
the turn timer, spectators)."""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from ..agents import STAND_IN
from ..catalogue import SEAT_KINDS
from . import protocol as P
from .access import Refused, hash_token
from .live import FULL_BOT, NO_SPECTATORS, REMOVED, LiveGame

if TYPE_CHECKING:
    from .sessions import Registry

log = logging.getLogger("openmonopoly.web")


def removed_message(live: LiveGame) -> str:
    """What a removed player is told (when removed, and whenever their old seat link comes back)."""
    if live.listed:  # (a public game has no invite to replace)
        then = "You can still watch this game." if live.spectators else "Ask the host if you want to play again."
        return f"The host removed you from this game: your seat link no longer works. {then}"
    return (
        "The host removed you from this game: your seat link and the invite link you had no longer work. "
        f"Ask the host for a new invite link if you want to play again{' or watch' if live.spectators else ''}."
    )


OLD_INVITE_MESSAGE = (
    "The host replaced this game's invite link: this one no longer works. Ask the host for the new one."
)


async def join(reg: Registry, live: LiveGame, seat: int, name: str | None, invite: str | None = None) -> str:
    if not live.may_join(invite):
        if invite:
            raise Refused(OLD_INVITE_MESSAGE, 403)
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
        ok = await reg.write_db(reg.store.set_token, live.id, seat, digest, name or None, new_status)
        if not ok:
            raise Refused(f"seat {seat} is taken", 409)
        if name:  # (names are words only: the record's players, not anything the rules read)
            live.game.state.names[seat] = name
            live.names[seat] = name
        stand_in = list(live.stand_in)
        stand_in[seat] = None
        live.stand_in = stand_in
        live.token_hashes = hashes
        reg.timers.arm(live)
    live.broadcast_seats()
    reg.kick(live)
    return token


async def host_command(reg: Registry, live: LiveGame, cmd: Any) -> str | None:
    """Carry out one of the host's commands (``protocol.HostCommand``); raises Refused. A new invite
    command answers the new invite code (the server keeps only its hash), and so does removing a player
    from a private game: the removed person's browser holds the invite too, so Remove replaces it in the
    same stored change, or they could take a seat again at once."""
    if not live.host_ok(cmd.host):
        raise Refused("only the host (who created the game) can do that; the host token does not match", 403)
    if isinstance(cmd, P.NewInvite):
        return await new_invite(reg, live)
    seat: int | None = cmd.seat if isinstance(cmd, (P.HandToBot, P.TakeBack, P.RemovePlayer)) else None
    if seat is not None and not (0 <= seat < len(live.kinds) and live.kinds[seat] == "human"):
        raise Refused(
            f"seat {seat} is not a human seat of this game; human seats: "
            f"{[i for i, k in enumerate(live.kinds) if k == 'human']}",
            409,
        )
    removed = False
    invite: str | None = None
    invite_hash = live.invite_hash
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
            if removed:
                live.removed_hashes.add(hashes[cmd.seat])
                if not live.listed:  # (a public game has no invite: anyone may take a free seat)
                    invite = secrets.token_urlsafe(12)
                    invite_hash = hash_token(invite)
            hashes[cmd.seat] = None
            stand_in[cmd.seat] = stand_in[cmd.seat] or FULL_BOT
        elif isinstance(cmd, P.SetTimer):
            reg.timers.check(cmd.seconds)
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
        await reg.write_db(reg.store.save_seats, live.id, hashes, stand_in, status, timer, spectators, invite_hash)
        live.stand_in = stand_in
        live.token_hashes = hashes
        live.turn_timer, live.spectators = timer, spectators
        live.invite_hash = invite_hash
        if seat is not None and live.timed_out == seat:
            live.timed_out = None
        reg.timers.arm(live, force=True)
    for conn in list(live.conns):
        if removed and conn.seat == seat:
            conn.send({"type": "removed", "message": removed_message(live)})
            conn.close_with(REMOVED)
        elif conn.seat is None and not conn.host and not live.spectators:
            conn.send(P.error("private", "the host closed this game to spectators"))
            conn.close_with(NO_SPECTATORS)
    if invite is not None:
        close_old_invite_watchers(live)
    log.info("host command", extra={"game": live.id, "command": cmd.command, "seat": seat})
    live.broadcast_seats()
    reg.kick(live)
    return invite


async def new_invite(reg: Registry, live: LiveGame) -> str:
    """Replace the game's invite code: whoever holds the old link can no longer join or watch with it."""
    code = secrets.token_urlsafe(12)
    digest = hash_token(code)
    async with live.lock:
        await reg.write_db(reg.store.set_invite, live.id, digest)
        live.invite_hash = digest
    close_old_invite_watchers(live)
    log.info("host command", extra={"game": live.id, "command": "new-invite"})
    return code


def close_old_invite_watchers(live: LiveGame) -> None:
    """Spectators who came in by the old invite link leave (the host's own connections and seats stay)."""
    for conn in list(live.conns):
        if conn.seat is None and not conn.host and not live.listed:
            conn.send(P.error("private", OLD_INVITE_MESSAGE))
            conn.close_with(NO_SPECTATORS)


async def reclaim(reg: Registry, live: LiveGame, seat: int, token: str) -> dict | None:
    """The seat's own player takes it back from a bot the host let stand in; an error message, or None."""
    if not live.check_token(seat, token):
        return P.error("wrong-token", f"the token is not seat {seat}'s")
    async with live.lock:
        if live.stand_in[seat] is None:
            return None  # (already theirs: nothing to do)
        stand_in = list(live.stand_in)
        stand_in[seat] = None
        await reg.write_db(
            reg.store.save_seats, live.id, live.token_hashes, stand_in, live.status, live.turn_timer, live.spectators
        )
        live.stand_in = stand_in
        reg.timers.arm(live, force=True)
    log.info("seat reclaimed", extra={"game": live.id, "seat": seat})
    live.broadcast_seats()
    reg.kick(live)
    return None
