"""``ExternalAgent``: a seat played by a bot in a child process, through the bot protocol.

It is an agent like the built-in ones (``act(view, prompt) -> action``), so ``Game.play_out``, the
terminal, simulation and the league seat it unchanged. Each game it takes a process of its command from
the idle pool (``process.acquire``: started and greeted once per worker, then reused), sends
``game-start``, one ``prompt`` per decision, and ``game-over`` when the driver calls ``finish(game)``
(``finish_agents``), and gives the process back.

Faults never reach the game: a refused answer gets an ``error`` and the prompt again; a late answer is
answered by the stand-in (the heuristic bot) for that decision; a crash, a bot that will not start, or
``max_strikes`` faults in a game hand the seat to the stand-in for the rest of the game, and the log says
so (logger ``openmonopoly.botprotocol``). ``faults`` lists what happened, for reports.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from ..agents import make_agent
from . import messages as M
from .config import BotSpec
from .process import GONE, TIMEOUT, TOO_LONG, BotProcess, BotStartError, acquire, discard, release
from .session import Fault, Refused, SeatSession, Stale

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.game import Game
    from ..engine.prompt import Prompt
    from ..engine.view import View

log = logging.getLogger("openmonopoly.botprotocol")

STAND_IN = "heuristic"


def _engine_version() -> str:
    from .. import __version__

    return __version__


def _board(game: Game) -> dict[str, Any]:
    from ..catalogue import board

    return board(game.edition)


class ExternalAgent:
    """A seat played by the external bot ``spec`` (``seed`` is sent to it in ``game-start``)."""

    def __init__(self, spec: BotSpec, seed: int = 0) -> None:
        self.spec = spec
        self.name = spec.name
        self.seed = seed
        self.stand_in = make_agent(STAND_IN, seed)
        self.faults: list[Fault] = []  # over every game this agent played
        self.session: SeatSession | None = None
        self.proc: BotProcess | None = None
        self._boards: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------------ the agent
    def act(self, view: View, prompt: Prompt) -> Action:
        game: Game = view._game
        session = self.session
        if session is None or session.game is not game:
            session = self._begin(game, prompt.player)
        if session.replaced or self.proc is None:
            return self.stand_in.act(view, prompt)
        proc = self.proc
        proc.send(session.prompt(prompt))
        deadline = time.monotonic() + session.time_ms / 1000
        while True:
            got = proc.receive(deadline)
            if got is TIMEOUT:
                proc.send(session.timed_out())
                return self._stand_in(view, prompt, session)
            if got is GONE:
                self._lost(session, "the bot process exited or closed its output")
                return self.stand_in.act(view, prompt)
            try:
                if got is TOO_LONG:
                    raise session.fault(M.TOO_LONG, f"a line is at most {proc.max_line} bytes; the rest was skipped")
                assert isinstance(got, bytes)
                try:
                    message = M.read(got)
                except M.BadMessage as exc:
                    raise session.fault(exc.code, exc.reason) from None
                if message["type"] == "log":
                    log.info("bot %s (seat %d): %s", self.name, session.seat, message["text"])
                action = session.answer(message)
            except Stale as stale:
                proc.send(stale.reply)
                continue
            except Refused as refused:
                proc.send(refused.reply)
                if session.replaced:
                    return self._stand_in(view, prompt, session)
                proc.send(session.prompt(prompt))  # the same prompt again, under a new id
                deadline = time.monotonic() + session.time_ms / 1000
                continue
            if action is not None:
                return action

    def finish(self, game: Game) -> None:
        """The game is over (or abandoned): tell the bot and give its process back."""
        session, proc = self.session, self.proc
        if session is None or session.game is not game:
            return
        self.faults += session.faults
        self.session = self.proc = None
        if proc is None:
            return
        proc.send(session.over())
        if session.open or any(f.code == M.TIMEOUT for f in session.faults):
            discard(proc)  # it may still be thinking about an old prompt: start afresh next game
        else:
            release(proc)  # (also after refused answers: it listens, and gets a fresh start next game)

    # ------------------------------------------------------------------ set-up and faults
    def _begin(self, game: Game, seat: int) -> SeatSession:
        if self.session is not None:  # a new game while the last was not finished: close that one first
            self.finish(self.session.game)
        session = self.session = SeatSession(
            game, seat, time_ms=self.spec.time_ms, max_strikes=self.spec.max_strikes, seed=self.seed
        )
        try:
            self.proc = acquire(self.spec.command, _engine_version(), self.spec.time_ms, self.spec.start_ms)
        except BotStartError as exc:
            session.faults.append(Fault("handshake", str(exc)))
            session.replace(str(exc))
            log.warning("seat %d: %s; the %s bot plays it this game", seat, exc, STAND_IN)
            return session
        board = self._boards.get(game.edition.id)
        if board is None:
            board = self._boards[game.edition.id] = _board(game)
        self.proc.send(session.start(board))
        return session

    def _lost(self, session: SeatSession, why: str) -> None:
        session.faults.append(Fault("crash", why, session.decision))
        session.replace(why)
        log.warning(
            "seat %d (%s): %s; the %s bot plays it to the end of this game", session.seat, self.spec.kind, why, STAND_IN
        )
        if self.proc is not None:
            discard(self.proc)
            self.proc = None

    def _stand_in(self, view: View, prompt: Prompt, session: SeatSession) -> Action:
        if session.replaced:
            assert self.proc is not None
            self.proc.send(session.replaced_message())
            log.warning(
                "seat %d (%s): %d faults this game (last: %s); the %s bot plays it to the end of this game",
                session.seat,
                self.spec.kind,
                session.strikes,
                next((f.message for f in reversed(session.faults) if f.code != M.REPLACED), ""),
                STAND_IN,
            )
        return self.stand_in.act(view, prompt)
