"""Rematch: when a game is over, its host starts a new game of the same edition and options with the same
seats (the same people, bots and names). Each person's seat token is carried over (only its hash is kept,
as always), so the device that held a seat of the old game holds the same seat of the new one; the new
game's id reaches everyone through the old game's table talk (a ``rematch`` message, stored, so a device
that comes back later still finds it). The host gets the new game's host token and invite code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import chat
from . import protocol as P
from .access import Refused

if TYPE_CHECKING:
    from .live import LiveGame
    from .sessions import Registry


async def start_rematch(registry: Registry, live: LiveGame, host_token: str | None, client: str | None) -> dict:
    """Start ``live``'s rematch (the host only, once the game is over); the new game's id, host token and
    invite code. Asked again, it answers with the rematch already started (no new secrets)."""
    if not live.host_ok(host_token):
        raise Refused("only the host (who created the game) can start a rematch; the host token does not match", 403)
    if not live.game.over:
        raise Refused("a rematch starts when the game is over", 409)
    room = await chat.talk(registry).room(live.id)
    started = room.rematch()
    if started is not None:
        return {"game": started}
    game = live.game
    spec = P.CreateGame(
        edition=game.edition.id,
        public=live.listed,
        spectators=live.spectators,
        spectator_chat=live.spectator_chat,
        seats_per_guest=live.seat_limit,
        turn_timer=live.turn_timer,
        seats=[P.SeatSpec(kind=k, name=n) for k, n in zip(live.kinds, game.players, strict=True)],
        options={k: v for k, v in game.options.items() if v is not None},
    )
    new, host, invite = await registry.create(spec, client)
    hashes = list(live.token_hashes)  # the same people on the same seats, by the tokens their devices hold
    status = "open" if any(k == "human" and h is None for k, h in zip(new.kinds, hashes, strict=True)) else "running"
    async with new.lock:
        await registry.write_db(
            registry.store.save_seats,
            new.id,
            hashes,
            list(new.stand_in),
            status,
            new.turn_timer,
            new.spectators,
            None,
            {"seat_clients": list(live.seat_clients)},
        )
        new.token_hashes = hashes
        new.seat_clients = list(live.seat_clients)
    await chat.talk(registry).post(live, None, chat.TABLE, "rematch", "Host", new.id)
    registry.kick(new)
    return {"game": new.id, "host_token": host, "invite": invite}
