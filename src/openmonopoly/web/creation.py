"""New games: checking a creator's request, dealing the game (or replaying an imported record) and giving
it its secrets."""

from __future__ import annotations

import secrets
import time

from ..catalogue import SEAT_KINDS, default_names
from ..editions import load as load_edition
from ..engine.chance import Chance, KeyedChance
from ..engine.errors import OpenMonopolyError
from ..engine.game import Game
from . import names as player_names
from . import protocol as P
from . import records
from .access import Refused, hash_token
from .config import ServerConfig
from .db import StoredGame
from .remote_bots import protocol_kinds

MAX_SEATS = P.MAX_SEATS


def new_game(spec: P.CreateGame, config: ServerConfig) -> tuple[StoredGame, Game]:
    """Build a new game (or one resumed from a record); raises Refused with a reason."""
    if spec.seed is not None and not config.allow_seeds:
        raise Refused(
            "this server deals its own dice and takes no seed (it was not started with --allow-seeds); leave 'seed' out"
        )
    if spec.record is not None:
        return from_record(spec, config)
    try:
        ed = load_edition(spec.edition)
    except OpenMonopolyError as exc:
        raise Refused(str(exc)) from None
    n = len(spec.seats)
    hi = min(ed.max_players, MAX_SEATS)
    if not ed.min_players <= n <= hi:
        raise Refused(f"{ed.name} is played by {ed.min_players}-{hi} seats here, not {n}")
    kinds = [s.kind for s in spec.seats]
    offered = SEAT_KINDS + protocol_kinds(config)  # (and the bots speaking the bot protocol: remote_bots.py)
    for k in kinds:
        if k not in offered:
            raise Refused(f"unknown seat kind {k!r}; choose one of {', '.join(offered)}")
    names: list[str] = []
    defaults = default_names(ed, n)
    for i, s in enumerate(spec.seats):
        try:
            given = player_names.clean(s.name or "")
        except Refused as exc:
            raise Refused(f"seat {i}'s name: {exc}") from None
        name = given or defaults[i]
        if name.casefold() in {n.casefold() for n in names}:  # (two seats given one name: told apart)
            name = f"{name} ({i + 1})"
        twin = next((n for n in names if player_names.look_alike(n, name)), None)
        if given and twin is not None:
            raise Refused(
                f"seat {i}'s name {name!r} looks like another seat's {twin!r}; choose names nobody at the table "
                "could mistake for each other"
            )
        names.append(name)
    options = bounded_options(kinds, dict(spec.options), config)
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


def give_access(stored: StoredGame, spec: P.CreateGame) -> tuple[str, str]:
    """Give a new game its host and invite secrets and the creator's choices; (host token, invite code)."""
    host, invite = secrets.token_urlsafe(18), secrets.token_urlsafe(12)
    stored.host_hash, stored.invite_hash = hash_token(host), hash_token(invite)
    stored.listed, stored.spectators, stored.turn_timer = spec.public, spec.spectators, spec.turn_timer
    stored.spectator_chat, stored.seat_limit = spec.spectator_chat, spec.seats_per_guest
    stored.stand_in = [None] * len(stored.kinds)
    return host, invite


def bounded_options(kinds: list[str], options: dict, config: ServerConfig) -> dict:
    """A game with no human seat must end: it gets a round limit (the server's, or a lower one)."""
    if "human" in kinds:
        return options
    cap = config.bot_game_rounds
    rounds = options.get("max-rounds")
    if rounds is None:
        options["max-rounds"] = cap
    elif not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= cap:
        raise Refused(f"a game of bots only is limited to {cap} rounds here; set max-rounds to 1..{cap}")
    return options


def from_record(spec: P.CreateGame, config: ServerConfig) -> tuple[StoredGame, Game]:
    record = spec.record.model_dump() if spec.record is not None else {}
    if len(record["actions"]) > config.max_record_actions:
        raise Refused(
            f"the record has {len(record['actions'])} actions; this server imports at most {config.max_record_actions}",
            413,
        )
    n = len(record["players"])
    kinds = spec.kinds or ["human"] * n
    if len(kinds) != n or any(k not in SEAT_KINDS for k in kinds):
        raise Refused(f"kinds must give {n} seat kinds out of {', '.join(SEAT_KINDS)}")
    record["options"] = bounded_options(kinds, dict(record["options"]), config)
    chance = KeyedChance()  # the recorded outcomes are replayed; what follows is dealt anew
    try:
        game, setup, moves = records.replay_record(record, chance)
    except (OpenMonopolyError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise Refused(f"that record does not replay: {exc}") from None
    # Whoever made the record may know how it was dealt (its seed): every deck's order and every hand that
    # not all players have seen is dealt anew from this server's key, and the dice were already to come
    # from it. What the record showed stays.
    redraw = records.redraw_unseen(game)
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
        imported=len(moves),
        redraw_chance=redraw,
    )
    return stored, game
