"""Live games: the registry that loads games from the store, applies actions, runs the bots and
broadcasts per-seat messages.

Every outbound message is built from ``game.view(seat).to_json()`` and the events for which
``Event.visible_to(seat)`` holds — never from the record, ``Game.to_json()`` or the chance source.
An action is committed to the store before anyone hears of it.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..agents import make_agent
from ..catalogue import SEAT_KINDS, default_names
from ..editions import load as load_edition
from ..engine import actions as A
from ..engine.actions import Action
from ..engine.chance import Chance
from ..engine.errors import BadActionText, OpenMonopolyError
from ..engine.events import Event
from ..engine.game import Game
from . import protocol as P
from .db import Store, StoredGame

log = logging.getLogger("openmonopoly.web")
MAX_SEATS = 6
LOG_TAIL = 400


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _rng_state(chance: Chance) -> dict:
    data = chance.to_json()
    return {"rng": data["rng"], "forced": data["forced"]}


class Conn:
    """One WebSocket client: a seat (or None for a spectator) and an ordered outbox."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False

    def send(self, msg: dict) -> None:
        if not self.closed:
            self.queue.put_nowait(msg)

    async def pump(self) -> None:
        try:
            while True:
                msg = await self.queue.get()
                if msg is None:
                    return
                await self.ws.send_json(msg)
        except Exception:  # noqa: BLE001 - a dead socket just stops its outbox
            self.closed = True


class LiveGame:
    def __init__(self, stored: StoredGame, game: Game) -> None:
        self.id = stored.id
        self.names = list(stored.names)
        self.kinds = list(stored.kinds)
        self.token_hashes = list(stored.token_hashes)
        self.seed = stored.seed
        self.game = game
        self.version = stored.version
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task | None = None
        self.bots = {seat: make_agent(kind, stored.seed * 100 + seat)
                     for seat, kind in enumerate(self.kinds) if kind != "human"}

    @property
    def status(self) -> str:
        if self.game.over:
            return "over"
        if any(k == "human" and h is None for k, h in zip(self.kinds, self.token_hashes)):
            return "open"
        return "running"

    def seats_info(self) -> list[dict]:
        return [{"seat": i, "name": self.game.players[i], "kind": k, "claimed": k != "human" or h is not None}
                for i, (k, h) in enumerate(zip(self.kinds, self.token_hashes))]

    def summary(self) -> dict:
        ed = self.game.edition
        return {"id": self.id, "edition": ed.id, "edition_name": ed.name, "status": self.status,
                "version": self.version, "seats": self.seats_info(), "winners": self.game.winners,
                "options": dict(self.game.options)}

    def check_token(self, seat: int, token: str | None) -> bool:
        if not isinstance(seat, int) or not 0 <= seat < len(self.kinds) or not token:
            return False
        stored = self.token_hashes[seat]
        return stored is not None and hmac.compare_digest(stored, hash_token(token))

    # ------------------------------------------------------------------ per-seat messages
    def event_json(self, event: Event) -> dict:
        d = event.to_json()
        try:
            d["text"] = self.game.describe(event)
        except Exception:  # noqa: BLE001 - an event a family's words do not know still shows
            d["text"] = f"{event.kind}"
        return d

    def view_json(self, seat: int | None) -> dict:
        return self.game.view(seat).to_json()

    def sync_msg(self, seat: int | None) -> dict:
        events = [e for e in self.game.history if e.visible_to(seat)][-LOG_TAIL:]
        return {"type": "sync", "protocol": P.PROTOCOL_VERSION, "game": self.summary(), "seat": seat,
                "version": self.version, "view": self.view_json(seat),
                "log": [self.event_json(e) for e in events]}

    def update_msg(self, seat: int | None, events: list[Event], actor: int, at: float) -> dict:
        return {"type": "update", "version": self.version, "status": self.status, "actor": actor, "at": at,
                "view": self.view_json(seat), "events": [self.event_json(e) for e in events if e.visible_to(seat)]}

    def broadcast_update(self, events: list[Event], actor: int, at: float) -> None:
        cache: dict[int | None, dict] = {}
        for conn in list(self.conns):
            if conn.seat not in cache:
                cache[conn.seat] = self.update_msg(conn.seat, events, actor, at)
            conn.send(cache[conn.seat])

    def broadcast_seats(self) -> None:
        msg = {"type": "seats", "game": self.summary()}
        for conn in list(self.conns):
            conn.send(msg)


class Registry:
    """All live games of one server, backed by a ``Store``."""

    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="om-db")
        self.replays: OrderedDict[str, list] = OrderedDict()
        self.closing = False

    async def run_db(self, fn, *args):  # noqa: ANN001
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    # ------------------------------------------------------------------ creating and loading
    def new_game(self, spec: P.CreateGame) -> StoredGame:
        """Build a new game (or one resumed from a record); raises ValueError with a reason."""
        if spec.record is not None:
            return self._from_record(spec)
        try:
            ed = load_edition(spec.edition)
        except OpenMonopolyError as exc:
            raise ValueError(str(exc)) from None
        n = len(spec.seats)
        hi = min(ed.max_players, MAX_SEATS)
        if not ed.min_players <= n <= hi:
            raise ValueError(f"{ed.name} is played by {ed.min_players}-{hi} seats here, not {n}")
        kinds = [s.kind for s in spec.seats]
        for k in kinds:
            if k not in SEAT_KINDS:
                raise ValueError(f"unknown seat kind {k!r}; choose one of {', '.join(SEAT_KINDS)}")
        names: list[str] = []
        defaults = default_names(ed, n)
        for i, s in enumerate(spec.seats):
            name = (s.name or "").strip() or defaults[i]
            if name in names:
                name = f"{name} ({i + 1})"
            names.append(name)
        seed = spec.seed if spec.seed is not None else secrets.randbits(31)
        try:
            game = Game(ed, names, seed, spec.options or None)
        except OpenMonopolyError as exc:
            raise ValueError(str(exc)) from None
        return StoredGame(secrets.token_urlsafe(9), ed.id, dict(game.options), names, kinds, [None] * n, seed,
                          list(game.chance.log), _rng_state(game.chance), 0, "open", [], "", time.time(), [])

    def _from_record(self, spec: P.CreateGame) -> StoredGame:
        record = spec.record or {}
        try:
            chance = Chance(int(record["seed"]))
            chance.playback(list(record["chance"]))
            game = Game(record["edition"], list(record["players"]), int(record["seed"]), record.get("options"),
                        chance=chance)
            setup = list(chance.log)
            moves = []
            for player, data in record["actions"]:
                before = len(chance.log)
                action = game.parse_json(data)
                game.act(int(player), action)
                moves.append((int(player), action.to_json(), chance.log[before:]))
            chance.end_playback()
        except (OpenMonopolyError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"that record does not replay: {exc}") from None
        chance._rng.seed(secrets.randbits(64))
        n = len(game.players)
        kinds = spec.kinds or ["human"] * n
        if len(kinds) != n or any(k not in SEAT_KINDS for k in kinds):
            raise ValueError(f"kinds must give {n} seat kinds out of {', '.join(SEAT_KINDS)}")
        s = game.state
        return StoredGame(secrets.token_urlsafe(9), game.edition.id, dict(game.options), list(game.players), kinds,
                          [None] * n, int(record["seed"]), setup, _rng_state(chance), len(moves),
                          "over" if s.over else "open", list(s.winners), s.end_reason, time.time(), moves)

    async def create(self, spec: P.CreateGame) -> LiveGame:
        stored = self.new_game(spec)
        await self.run_db(self.store.create_game, stored)
        live = await self.get(stored.id)
        assert live is not None
        self.kick(live)
        return live

    @staticmethod
    def rebuild(stored: StoredGame) -> Game:
        """The game from its stored record, with the generator where it was."""
        game = Game.replay(stored.record())
        if stored.rng:
            game.chance = Chance.from_json({"rng": stored.rng["rng"], "forced": stored.rng.get("forced", []),
                                            "log": game.chance.log})
        return game

    async def get(self, game_id: str) -> LiveGame | None:
        live = self.games.get(game_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.games.get(game_id)
            if live is not None:
                return live
            stored = await self.run_db(self.store.load, game_id)
            if stored is None:
                return None
            game = await asyncio.get_running_loop().run_in_executor(None, self.rebuild, stored)
            live = LiveGame(stored, game)
            self.games[game_id] = live
            return live

    async def resume_all(self) -> int:
        """After a restart: load every unfinished game and let its bots carry on."""
        ids = await self.run_db(self.store.unfinished_ids)
        for gid in ids:
            try:
                live = await self.get(gid)
            except Exception:  # noqa: BLE001
                log.exception("cannot resume game %s", gid)
                continue
            if live is not None:
                self.kick(live)
        return len(ids)

    # ------------------------------------------------------------------ seats
    async def join(self, live: LiveGame, seat: int, name: str | None) -> str:
        if not 0 <= seat < len(live.kinds):
            raise ValueError(f"there is no seat {seat}; seats are 0..{len(live.kinds) - 1}")
        if live.kinds[seat] != "human":
            raise ValueError(f"seat {seat} is played by the {live.kinds[seat]} bot")
        if live.token_hashes[seat] is not None:
            raise ValueError(f"seat {seat} is taken")
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        async with live.lock:
            hashes = list(live.token_hashes)
            hashes[seat] = digest
            new_status = "over" if live.game.over else (
                "open" if any(k == "human" and h is None for k, h in zip(live.kinds, hashes)) else "running")
            ok = await self.run_db(self.store.set_token, live.id, seat, digest, None, new_status)
            if not ok:
                raise ValueError(f"seat {seat} is taken")
            live.token_hashes = hashes
        live.broadcast_seats()
        self.kick(live)
        return token

    # ------------------------------------------------------------------ acting
    async def _commit(self, live: LiveGame, seat: int, action: Action) -> list[Event]:
        """Apply, commit, then broadcast. Caller holds ``live.lock`` and has checked the action."""
        game = live.game
        before = len(game.chance.log)
        at = time.time()
        events = game.act(seat, action)
        used = game.chance.log[before:]
        s = game.state
        status = live.status
        try:
            await self.run_db(self.store.commit_move, live.id, live.version, seat, action.to_json(), used,
                              _rng_state(game.chance), status, list(s.winners), s.end_reason)
        except Exception:
            log.exception("commit failed for game %s; reloading it from the store", live.id)
            stored = await self.run_db(self.store.load, live.id)
            live.game = self.rebuild(stored)
            live.version = stored.version
            raise
        live.version += 1
        live.broadcast_update(events, seat, at)
        return events

    async def human_act(self, live: LiveGame, conn: Conn, msg: P.Act) -> dict | None:
        """Apply a client's action; an error message for that client, or None."""
        if conn.seat is None:
            return P.error("not-seated", "you are watching this game; take a seat to play")
        if msg.seat != conn.seat:
            return P.error("foreign-seat", f"this connection plays seat {conn.seat}, not seat {msg.seat}")
        if not live.check_token(msg.seat, msg.token):
            return P.error("wrong-token", f"the token is not seat {msg.seat}'s")
        try:
            action = live.game.parse_json(msg.action)
        except BadActionText as exc:
            return P.error("bad-action", exc.reason)
        if action.kind == A.TRADE and action.offer is not None:
            action = Action(A.TRADE, -1, action.offer._replace(proposer=msg.seat))
        async with live.lock:
            if live.game.over:
                return P.error("game-over", "the game is over")
            if msg.version != live.version:
                return P.error("stale-version", f"you acted on version {msg.version}, but the game is at "
                                                f"version {live.version}; your action was not applied",
                               version=live.version)
            reason = live.game.check(msg.seat, action)
            if reason is not None:
                return P.error("illegal", f"'{action}' is not allowed now: {reason}")
            try:
                await self._commit(live, msg.seat, action)
            except Exception:  # noqa: BLE001
                return P.error("server", "the action could not be stored; nothing changed")
        self.kick(live)
        return None

    def kick(self, live: LiveGame) -> None:
        """Start the bot loop of a game if a bot is to move."""
        if self.closing or live.status != "running":
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        p = live.game.prompt
        if p is None or p.player not in live.bots:
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(live))

    async def _bot_loop(self, live: LiveGame) -> None:
        while not self.closing:
            p = live.game.prompt
            if p is None or p.player not in live.bots or live.status != "running":
                return
            await asyncio.sleep(self.bot_delay)
            async with live.lock:
                p = live.game.prompt
                if p is None or p.player not in live.bots:
                    return
                action = self._bot_action(live, p)
                if action is None:
                    return
                try:
                    await self._commit(live, p.player, action)
                except Exception:  # noqa: BLE001
                    await asyncio.sleep(1.0)

    def _bot_action(self, live: LiveGame, prompt) -> Action | None:  # noqa: ANN001
        game = live.game
        agent = live.bots[prompt.player]
        try:
            action = agent.act(game.view(prompt.player), prompt)
            if game.check(prompt.player, action) is None:
                return action
            log.warning("bot %s in game %s chose illegal %s", prompt.player, live.id, action)
        except Exception:  # noqa: BLE001
            log.exception("bot %s in game %s failed", prompt.player, live.id)
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
        frames = [{"view": game.view(None).to_json(), "actor": None,
                   "events": [holder.event_json(e) for e in game.history if e.visible_to(None)]}]
        for player, data in record["actions"]:
            events = game.act(int(player), game.parse_json(data))
            frames.append({"view": game.view(None).to_json(), "actor": int(player),
                           "events": [holder.event_json(e) for e in events if e.visible_to(None)]})
        self.replays[stored.id] = frames
        while len(self.replays) > 8:
            self.replays.popitem(last=False)
        return frames

    async def close(self) -> None:
        self.closing = True
        for live in self.games.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
            for conn in list(live.conns):
                conn.send(None)  # type: ignore[arg-type]
        self.db.shutdown(wait=True)
