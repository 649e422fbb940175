"""Seats: taking one with the invite link (a guest takes at most the game's seats per guest), and the
host's commands (a bot stands in, take back, remove, the turn timer, spectators and their channel, seats
per guest).

One guest is one browser: the seat tokens it already holds for the game come with its request. In a public
game, where strangers from the lobby take seats, one guest is also one network address (its block, kept
as a keyed hash per seat in ``LiveGame.seat_clients``): a fresh private window is the same guest there. A
private game counts browsers only: its guests are the people the host sent the invite to, who at a game
night often share one network. The host takes any number of seats and can raise (or lift) the limit."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..agents import STAND_IN
from ..catalogue import SEAT_KINDS
from . import names as player_names
from . import protocol as P
from .access import Refused, hash_token, secret_matches
from .live import FULL_BOT, NO_SPECTATORS, REMOVED, LiveGame
from .quotas import plural

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


def seats_held(live: LiveGame, held: Iterable[str], client: str | None) -> list[int]:
    """The seats of ``live`` a guest already holds: those of the seat tokens its browser holds and, in a
    public game, those its network address (``client``: the keyed hash) took."""
    tokens = list(held)
    return [
        i
        for i, digest in enumerate(live.token_hashes)
        if digest is not None
        and (
            any(secret_matches(digest, t) for t in tokens)
            or (live.listed and client is not None and live.seat_clients[i] == client)
        )
    ]


def refuse_past_limit(live: LiveGame, mine: list[int]) -> None:
    """Refuse a guest who already holds as many seats as one guest may take (409, saying what to do)."""
    limit = live.seat_limit
    if limit is None or len(mine) < limit:
        return
    where = "this browser or network" if live.listed else "this browser"
    held = ", ".join(f"seat {i} ({live.game.players[i]})" for i in mine)
    raise Refused(
        f"{where} already holds {held} of this game, and one guest takes at most {plural(limit, 'seat')} "
        "here; ask the host to allow more seats per guest (the host's panel), or play on the seat you have",
        409,
    )


async def join(
    reg: Registry,
    live: LiveGame,
    seat: int,
    name: str | None,
    invite: str | None = None,
    client: str | None = None,
    held: Iterable[str] = (),
    host: str | None = None,
) -> str:
    """Take ``seat`` (the new seat token); ``client``: the guest's address block (None: not counted),
    ``held``: the seat tokens the guest's browser holds for this game, ``host``: the host's token."""
    if not live.may_join(invite) and not live.host_ok(host):
        if invite:
            raise Refused(OLD_INVITE_MESSAGE, 403)
        raise Refused("this game is private: take a seat with its invite link (ask the host for it)", 403)
    name = player_names.check(name or "", (n for i, n in enumerate(live.game.players) if i != seat))
    if not 0 <= seat < len(live.kinds):
        raise Refused(f"there is no seat {seat}; seats are 0..{len(live.kinds) - 1}", 409)
    if live.kinds[seat] != "human":
        raise Refused(f"seat {seat} is played by the {live.kinds[seat]} bot", 409)
    if live.token_hashes[seat] is not None:
        raise Refused(f"seat {seat} is taken", 409)
    by_host = live.host_ok(host)
    guest = None if by_host or client is None or not live.listed else await reg.quotas.creator(client)
    if not by_host:
        refuse_past_limit(live, seats_held(live, held, guest))
    token = secrets.token_urlsafe(24)
    digest = hash_token(token)
    async with live.lock:
        if not by_host:  # (again: another request of the same guest may have taken a seat meanwhile)
            refuse_past_limit(live, seats_held(live, held, guest))
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
        ok = await reg.write_db(reg.store.set_token, live.id, seat, digest, name or None, new_status, guest)
        if not ok:
            raise Refused(f"seat {seat} is taken", 409)
        if name:  # (names are words only: the record's players, not anything the rules read)
            live.game.state.names[seat] = name
            live.names[seat] = name
        stand_in = list(live.stand_in)
        stand_in[seat] = None
        live.stand_in = stand_in
        live.token_hashes = hashes
        live.seat_clients[seat] = guest
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
        settings: dict[str, Any] = {}
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
            clients = list(live.seat_clients)
            clients[cmd.seat] = None  # (whoever takes the seat next is counted afresh)
            settings["seat_clients"] = clients
        elif isinstance(cmd, P.SetTimer):
            reg.timers.check(cmd.seconds)
            timer = cmd.seconds
        elif isinstance(cmd, P.SetSpectators):
            spectators = cmd.allowed
        elif isinstance(cmd, P.SetSpectatorChat):
            settings["spectator_chat"] = cmd.allowed
        elif isinstance(cmd, P.SetSeatsPerGuest):
            settings["seat_limit"] = cmd.seats
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
        await reg.write_db(
            reg.store.save_seats, live.id, hashes, stand_in, status, timer, spectators, invite_hash, settings
        )
        live.stand_in = stand_in
        live.token_hashes = hashes
        live.turn_timer, live.spectators = timer, spectators
        live.invite_hash = invite_hash
        live.spectator_chat = settings.get("spectator_chat", live.spectator_chat)
        live.seat_limit = settings.get("seat_limit", live.seat_limit)
        live.seat_clients = settings.get("seat_clients", live.seat_clients)
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
