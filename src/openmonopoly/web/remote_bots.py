"""Bots that speak the bot protocol (docs/BOT-PROTOCOL.md) at a web game's table.

Two seat kinds, beside the built-in bots:

* ``bot:NAME`` — a bot the operator declared at start (``openmonopoly serve --bot NAME=COMMAND``). The
  server starts its command as a child process for the seat when the game first needs it. Clients only
  name a declared bot: nothing a client sends ever becomes a command.
* ``remote`` — a bot that connects from elsewhere, as Lichess bots do: the host asks for the seat's bot
  token (``POST /api/games/{id}/bot-token``, with the host token) and hands it to the bot's owner; the bot
  opens ``/ws/{id}/bot`` with ``Authorization: Bearer TOKEN`` (or ``?token=TOKEN``) and speaks the protocol,
  one message per text frame.

Either way the seat is one ``RemoteSeat``: a ``SeatSession`` (the protocol's messages, checks and strikes)
over a transport. Whenever the game waits on the seat (``RemoteBots.kick``, called by the registry's kick
after every action), the bot gets the prompt; its answer is checked and applied like a person's action
(under the game's lock, committed, then broadcast). A timeout, or too many faults, and the built-in
heuristic bot answers for it, as in the terminal and in simulations; a remote bot not connected is waited
for like an absent person (the turn timer, if the host set one, applies). A bot token is stored hashed with
the game, like the seat tokens: it still works after the server restarts, until the host asks for a new one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import orjson
from fastapi import Body, FastAPI, HTTPException, WebSocket

from ..agents import make_agent
from ..botprotocol import messages as M
from ..botprotocol.config import NAMED, BotSpec
from ..botprotocol.process import BotCommand
from ..botprotocol.session import Fault, Refused, SeatSession, Stale
from .access import hash_token

if TYPE_CHECKING:
    from .config import ServerConfig
    from .live import LiveGame
    from .sessions import Registry

log = logging.getLogger("openmonopoly.web.bots")

REMOTE = "remote"
STAND_IN = "heuristic"
MAX_FRAME = 64 * 1024  # a bot's answers are short; a longer frame is a 'too-long' fault
REMOTE_TIME_MS = 5000  # a remote bot's time per decision (the network's round trip is in it)


def declared_bots(pairs: tuple[tuple[str, str], ...]) -> dict[str, BotSpec]:
    """The operator's bots (``serve --bot NAME=COMMAND``) by name; ``ValueError`` says what is wrong."""
    out: dict[str, BotSpec] = {}
    for name, command in pairs:
        if not name or len(NAMED + name) > 20 or not all(c.isalnum() or c in "-_" for c in name):
            raise ValueError(f"--bot {name!r}: a bot's name is 1-16 letters, digits, '-' or '_'")
        if name in out:
            raise ValueError(f"--bot {name!r} is declared twice")
        out[name] = BotSpec(NAMED + name, name, BotCommand.parse(command, "discard"))
    return out


def protocol_kinds(config: ServerConfig) -> tuple[str, ...]:
    """The seat kinds played over the bot protocol that a server with ``config`` offers."""
    return (REMOTE,) + tuple(NAMED + name for name, _ in config.bots)


def is_protocol_kind(kind: str) -> bool:
    """Whether a seat kind is played through the bot protocol (a remote or an operator's bot)."""
    return kind == REMOTE or kind.startswith(NAMED)


class Transport(Protocol):
    async def send(self, message: dict[str, Any]) -> None: ...

    async def close(self) -> None: ...


class SocketTransport:
    """A remote bot's WebSocket: one message per text frame."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws

    async def send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # (gone: the reader sees it and detaches the bot)
            await self.ws.send_text(orjson.dumps(message).decode())

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()


class ProcessTransport:
    """An operator's bot: a child process, lines on its stdin and stdout."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    async def send(self, message: dict[str, Any]) -> None:
        stdin = self.proc.stdin
        if stdin is None or stdin.is_closing():
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            stdin.write(M.encode(message))
            await stdin.drain()

    async def read(self) -> bytes | None:
        """The next line; None at its end; b"" for a line too long (skipped)."""
        stdout = self.proc.stdout
        assert stdout is not None
        try:
            line = await stdout.readuntil(b"\n")
        except asyncio.IncompleteReadError:
            return None
        except asyncio.LimitOverrunError as exc:
            await stdout.read(exc.consumed)  # (skip what was read of it; the rest fails the same way)
            return b""
        return line[:-1]

    async def close(self) -> None:
        if self.proc.returncode is None:
            await self.send(M.QUIT)
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 1.0)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


@dataclass
class RemoteSeat:
    """One protocol seat of one live game."""

    live: LiveGame
    seat: int
    spec: BotSpec | None  # an operator's bot; None: a remote one
    session: SeatSession | None = None
    transport: Transport | None = None
    stand_in: Any = None
    sent_version: int = -1  # the game version the open prompt was sent at
    timer: asyncio.Task | None = None
    task: asyncio.Task | None = None  # the operator bot's process reader
    starting: bool = False
    over_sent: bool = False
    name: str = ""
    faults: list = field(default_factory=list)


class RemoteBots:
    """Every protocol seat of a server's live games (``Registry.remote_bots``)."""

    def __init__(self, registry: Registry, declared: dict[str, BotSpec]) -> None:
        self.registry = registry
        self.declared = declared
        self.seats: dict[tuple[str, int], RemoteSeat] = {}

    # ------------------------------------------------------------------ seat kinds
    def kinds(self) -> list[str]:
        """The protocol seat kinds a game may have here: ``remote`` and each declared ``bot:NAME``."""
        return [REMOTE] + [NAMED + name for name in self.declared]

    def seat(self, live: LiveGame, seat: int) -> RemoteSeat:
        key = (live.id, seat)
        rs = self.seats.get(key)
        if rs is None or rs.live is not live:  # (a game reloaded into memory is a new LiveGame)
            kind = live.kinds[seat]
            spec = self.declared.get(kind[len(NAMED) :]) if kind.startswith(NAMED) else None
            rs = self.seats[key] = RemoteSeat(live, seat, spec)
        return rs

    # ------------------------------------------------------------------ tokens
    async def issue_token(self, live: LiveGame, seat: int) -> str:
        """A new bot token for a ``remote`` seat (the last one stops working), stored hashed with the game."""
        if not 0 <= seat < len(live.kinds) or live.kinds[seat] != REMOTE:
            remote = [i for i, k in enumerate(live.kinds) if k == REMOTE]
            raise ValueError(f"seat {seat} is not a remote bot's seat; this game's remote seats: {remote}")
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        async with live.lock:
            await self.registry.write_db(self.registry.store.set_bot_token, live.id, seat, digest)
            live.bot_token_hashes[seat] = digest
        return token

    def seat_of_token(self, live: LiveGame, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        for seat, kind in enumerate(live.kinds):
            stored = live.bot_token_hashes[seat]
            if kind == REMOTE and stored and hmac.compare_digest(stored, digest):
                return seat
        return None

    # ------------------------------------------------------------------ the game asks
    def kick(self, live: LiveGame) -> None:
        """After every action (and seat change): prompt the protocol seat the game waits on, or tell them
        all the game is over."""
        if not any(is_protocol_kind(k) for k in live.kinds) or self.registry.closing:
            return
        game = live.game
        if game.over:
            for seat, kind in enumerate(live.kinds):
                if is_protocol_kind(kind) and (live.id, seat) in self.seats:
                    self._spawn(self._game_over(self.seats[(live.id, seat)]))
            return
        p = game.prompt
        if p is None or not is_protocol_kind(live.kinds[p.player]) or live.status != "running":
            return
        rs = self.seat(live, p.player)
        if rs.session is not None and rs.session.game is not game:
            rs.session.game = game  # (the game was reloaded from the store: same game, new object)
        if rs.session is not None and rs.session.replaced:
            self._spawn(self._stand_in_acts(rs))
        elif rs.transport is None:
            if rs.spec is not None and not rs.starting:
                rs.starting = True
                self._spawn(self._start_process(rs))
        elif rs.session is not None and (not rs.session.open or rs.sent_version != live.version):
            self._spawn(self._prompt(rs))

    async def _prompt(self, rs: RemoteSeat) -> None:
        live, session = rs.live, rs.session
        p = live.game.prompt
        if session is None or rs.transport is None or p is None or p.player != rs.seat or live.game.over:
            return
        rs.sent_version = live.version
        message = session.prompt(p)
        await rs.transport.send(message)
        if rs.timer is not None:
            rs.timer.cancel()
        rs.timer = asyncio.get_running_loop().create_task(self._time_out(rs, message["id"], session.time_ms))

    async def _time_out(self, rs: RemoteSeat, decision: int, time_ms: int) -> None:
        await asyncio.sleep(time_ms / 1000)
        session = rs.session
        if session is None or not session.open or session.decision != decision or rs.transport is None:
            return
        await rs.transport.send(session.timed_out())
        if session.replaced:
            await self._replaced(rs)
        await self._stand_in_acts(rs)

    async def _stand_in_acts(self, rs: RemoteSeat) -> None:
        live = rs.live
        p = live.game.prompt
        if p is None or p.player != rs.seat or live.game.over:
            return
        if rs.stand_in is None:
            rs.stand_in = make_agent(STAND_IN, live.bot_seed * 100 + rs.seat)
        action = rs.stand_in.act(live.game.view(rs.seat), p)
        await self._apply(rs, action)

    async def _replaced(self, rs: RemoteSeat) -> None:
        session = rs.session
        assert session is not None
        if rs.transport is not None:
            await rs.transport.send(session.replaced_message())
        log.warning(
            "game %s seat %d (%s): %d faults; the %s bot plays it to the end of the game",
            rs.live.id,
            rs.seat,
            rs.live.kinds[rs.seat],
            session.strikes,
            STAND_IN,
        )

    async def _apply(self, rs: RemoteSeat, action: Any) -> None:
        live, registry = rs.live, self.registry
        async with live.lock:
            game = live.game
            if game.over or game.check(rs.seat, action) is not None:
                return  # the game moved on meanwhile (a person's any-time action): the next kick prompts again
            try:
                await registry._commit(live, rs.seat, action)
            except Exception:  # noqa: BLE001 - logged by the registry, which reloaded the game
                return
        registry.kick(live)

    # ------------------------------------------------------------------ the bot answers
    async def on_line(self, rs: RemoteSeat, line: bytes | str) -> None:
        session, transport = rs.session, rs.transport
        if session is None or transport is None:
            return
        try:
            if not line:
                raise session.fault(M.TOO_LONG, f"a message is at most {MAX_FRAME} bytes here")
            try:
                message = M.read(line)
            except M.BadMessage as exc:
                raise session.fault(exc.code, exc.reason) from None
            if message["type"] == "log":
                log.info("game %s seat %d bot: %s", rs.live.id, rs.seat, message["text"])
                return
            action = session.answer(message)
        except Stale as stale:
            await transport.send(stale.reply)
            return
        except Refused as refused:
            await transport.send(refused.reply)
            if session.replaced:
                if rs.timer is not None:
                    rs.timer.cancel()
                await self._replaced(rs)
                await self._stand_in_acts(rs)
            else:
                await self._prompt(rs)  # the same decision again, under a new id
            return
        if action is not None:
            if rs.timer is not None:
                rs.timer.cancel()
            await self._apply(rs, action)

    # ------------------------------------------------------------------ connecting
    async def attach(self, rs: RemoteSeat, transport: Transport, hello: dict[str, Any]) -> None:
        """A bot said hello for this seat: it gets the game and, if it is its turn, the prompt."""
        live = rs.live
        rs.transport, rs.name = transport, str(hello.get("name", ""))
        time_ms = rs.spec.time_ms if rs.spec is not None else REMOTE_TIME_MS
        strikes = rs.spec.max_strikes if rs.spec is not None else 3
        rs.session = SeatSession(live.game, rs.seat, time_ms=time_ms, max_strikes=strikes, seed=live.bot_seed)
        rs.over_sent = False
        from .. import catalogue

        await transport.send(rs.session.start(catalogue.board(live.game.edition)))
        log.info("game %s seat %d: bot %r connected", live.id, rs.seat, rs.name)
        self.kick(live)

    async def detach(self, rs: RemoteSeat, transport: Transport) -> None:
        if rs.transport is transport:
            rs.transport = None
            if rs.session is not None:
                rs.faults += rs.session.faults
                rs.session.open = False
            if rs.timer is not None:
                rs.timer.cancel()
            log.info("game %s seat %d: bot %r left", rs.live.id, rs.seat, rs.name)

    async def _start_process(self, rs: RemoteSeat) -> None:
        spec = rs.spec
        assert spec is not None
        proc = None
        try:
            proc = await asyncio.create_subprocess_exec(
                *spec.command.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL if spec.command.stderr == "discard" else None,
                limit=M.MAX_LINE_BYTES,
            )
            transport = ProcessTransport(proc)
            from .. import __version__

            await transport.send(M.engine_hello(spec.time_ms, __version__))
            hello = await asyncio.wait_for(_read_hello(transport), spec.start_ms / 1000)
        except (OSError, TimeoutError, ValueError) as exc:
            rs.starting = False
            if proc is not None and proc.returncode is None:
                proc.kill()
            why = f"bot {spec.command} did not start: {exc or type(exc).__name__}"
            rs.session = SeatSession(rs.live.game, rs.seat)
            rs.session.replace(why)
            log.warning("game %s seat %d: %s; the %s bot plays it", rs.live.id, rs.seat, why, STAND_IN)
            self.kick(rs.live)
            return
        rs.starting = False
        rs.task = asyncio.get_running_loop().create_task(self._read_process(rs, transport))
        await self.attach(rs, transport, hello)

    async def _read_process(self, rs: RemoteSeat, transport: ProcessTransport) -> None:
        while True:
            line = await transport.read()
            if line is None:
                break
            await self.on_line(rs, line)
        if rs.transport is transport and rs.session is not None and not rs.live.game.over:
            rs.session.faults.append(Fault("crash", "the bot process exited", rs.session.decision))
            rs.session.replace("the bot process exited")
            log.warning("game %s seat %d: the bot process exited; the %s bot plays it", rs.live.id, rs.seat, STAND_IN)
            await self.detach(rs, transport)
            self.kick(rs.live)

    async def _game_over(self, rs: RemoteSeat) -> None:
        if rs.over_sent or rs.session is None or rs.transport is None:
            return
        rs.over_sent = True
        transport = rs.transport
        await transport.send(rs.session.over())
        if rs.timer is not None:
            rs.timer.cancel()
        await transport.close()  # (a remote bot's token was for this game; an operator's process quits)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.registry.background.append(task)
        task.add_done_callback(self.registry._forget_task)

    async def close(self) -> None:
        """Server shutdown: every operator bot gets ``quit``."""
        for rs in list(self.seats.values()):
            if rs.transport is not None:
                await rs.transport.close()


async def _read_hello(transport: ProcessTransport) -> dict[str, Any]:
    while True:
        line = await transport.read()
        if line is None:
            raise ValueError("it exited before its hello")
        message = M.read(line)
        if message["type"] == "hello":
            if message["protocol"] != M.PROTOCOL_VERSION:
                raise ValueError(f"it speaks protocol {message['protocol']}, not {M.PROTOCOL_VERSION}")
            return message


# ------------------------------------------------------------------------------------ routes
def add_routes(app: FastAPI, registry: Registry) -> None:
    """The bot token endpoint and the bots' WebSocket."""
    hub: RemoteBots = registry.remote_bots

    @app.post("/api/games/{game_id}/bot-token")
    async def bot_token(game_id: str, body: dict = Body(...)) -> Any:  # noqa: B008
        """The host gets a remote seat's bot token (a new one each time), to hand to the bot's owner."""
        live = await registry.get(game_id)
        if live is None:
            raise HTTPException(404, f"no game {game_id!r}")
        if set(body) - {"host", "seat"} or not isinstance(body.get("seat"), int) or isinstance(body["seat"], bool):
            raise HTTPException(400, 'send {"host": HOST_TOKEN, "seat": SEAT}')
        if not live.host_ok(body.get("host") if isinstance(body.get("host"), str) else None):
            raise HTTPException(403, "only the host (who created the game) hands out bot tokens")
        try:
            token = await hub.issue_token(live, body["seat"])
        except ValueError as exc:
            raise HTTPException(409, str(exc)) from None
        return {"game": game_id, "seat": body["seat"], "token": token, "path": f"/ws/{game_id}/bot"}

    @app.websocket("/ws/{game_id}/bot")
    async def bot_socket(ws: WebSocket, game_id: str) -> None:
        auth = ws.headers.get("authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else ws.query_params.get("token")
        await ws.accept()
        live = await registry.get(game_id)
        seat = None if live is None else hub.seat_of_token(live, token)
        if live is None or seat is None:
            await ws.send_text(orjson.dumps(M.error(None, "unknown-token", _refusal(live), 0, 0)).decode())
            await ws.close(code=1008)
            return
        rs = hub.seat(live, seat)
        if rs.transport is not None:
            await ws.send_text(
                orjson.dumps(M.error(None, "busy", f"a bot already plays seat {seat} of this game", 0, 0)).decode()
            )
            await ws.close(code=1008)
            return
        transport = SocketTransport(ws)
        from .. import __version__

        await transport.send(M.engine_hello(REMOTE_TIME_MS, __version__))
        try:
            hello = M.read(await asyncio.wait_for(ws.receive_text(), 10))
            if hello["type"] != "hello" or hello["protocol"] != M.PROTOCOL_VERSION:
                raise M.BadMessage(f"start with a hello for protocol {M.PROTOCOL_VERSION}")
        except Exception as exc:  # noqa: BLE001 - anything but a hello first (or none in time) ends it
            reason = getattr(exc, "reason", None) or "no hello in time"
            await transport.send(M.error(None, "malformed", reason, 0, 0))
            await transport.close()
            return
        await hub.attach(rs, transport, hello)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None or len(text) > MAX_FRAME:
                    text = ""
                await hub.on_line(rs, text)
        except RuntimeError:
            pass
        finally:
            await hub.detach(rs, transport)


def _refusal(live: Any) -> str:
    if live is None:
        return "no such game"
    return "that is not a bot token of this game (the host gets one: POST /api/games/{id}/bot-token)"
