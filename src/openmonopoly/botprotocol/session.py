"""One external bot's seat in one game, whatever carries its lines (a child process, a WebSocket).

``SeatSession`` turns the game into the engine's messages for that seat and the bot's answers into
actions: it numbers the prompts, gathers the events the seat may see since its last answer, checks an
answer against the game (``Game.check``: a refused answer changes nothing) and counts faults. After
``max_strikes`` faults in a game the seat is ``replaced``: the stand-in bot plays it to the end of the
game, and the caller logs it. The transports only move lines and keep time.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..engine.errors import BadActionText
from . import messages as M

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.game import Game
    from ..engine.prompt import Prompt

MAX_STRIKES: Final = 3
DEFAULT_TIME_MS: Final = 1000
_GAME_IDS = itertools.count(1)


@dataclass
class Fault:
    """One thing a bot did wrong (or that went wrong with it): ``code`` is an error code
    (``messages.ERROR_CODES``) or ``crash`` / ``handshake``."""

    code: str
    message: str
    decision: int | None = None


class Refused(Exception):
    """A bot's answer that cannot be played; ``reply`` is the error message to send it."""

    def __init__(self, reply: dict[str, Any]) -> None:
        super().__init__(reply["message"])
        self.reply = reply


class Stale(Exception):
    """An answer to a prompt that is not open: ``reply`` says so; it is no fault (the bot was late)."""

    def __init__(self, reply: dict[str, Any]) -> None:
        super().__init__(reply["message"])
        self.reply = reply


@dataclass
class SeatSession:
    game: Game
    seat: int
    time_ms: int = DEFAULT_TIME_MS
    max_strikes: int = MAX_STRIKES
    seed: int = 0
    game_id: str = field(default_factory=lambda: f"g{next(_GAME_IDS)}")
    decision: int = 0  # the id of the last prompt sent (0: none yet)
    open: bool = False  # a prompt waits for its answer
    strikes: int = 0
    replaced: bool = False
    faults: list[Fault] = field(default_factory=list)
    _seen: int = 0  # events of game.history already sent

    def start(self, board: dict[str, Any]) -> dict[str, Any]:
        return M.game_start(self.game, self.seat, self.game_id, self.time_ms, self.seed, board)

    def prompt(self, prompt: Prompt) -> dict[str, Any]:
        """The next prompt for this seat (``prompt`` is the game's current one, for this seat)."""
        self.decision += 1
        self.open = True
        return M.prompt(
            self.game,
            self.seat,
            self.game_id,
            self.decision,
            prompt.kind,
            prompt.details,
            self.new_events(),
            self.time_ms,
        )

    def new_events(self) -> list[dict[str, Any]]:
        """The events this seat may see since the last ones sent."""
        game = self.game
        history = game.history
        seat = self.seat
        out = [M.event_json(game, e) for e in itertools.islice(history, self._seen, None) if e.visible_to(seat)]
        self._seen = len(history)
        return out

    def answer(self, message: dict[str, Any]) -> Action | None:
        """The action a checked ``answer`` message stands for, or None for a ``log``. ``Refused`` (with the
        error to send) when it cannot be played, a strike; ``Stale`` for an answer to a prompt not open."""
        kind = message["type"]
        if kind != "answer":
            if kind == "hello":
                raise self.fault(M.MALFORMED, "'hello' is sent once, at the start; answer the prompt instead")
            return None  # a log line
        if message["id"] != self.decision or not self.open:
            # late (the stand-in answered it), a duplicate, or an id never sent: said, but not a strike
            raise Stale(
                M.error(
                    message["id"],
                    M.STALE,
                    f"prompt {message['id']} is not open (the open prompt is "
                    f"{self.decision if self.open else 'none'}); answer ignored",
                    self.strikes,
                    self.max_strikes,
                )
            )
        game = self.game
        text = message["action"]
        try:
            action = game.parse(text, self.seat)
        except BadActionText as exc:
            raise self.fault(M.ILLEGAL, f"{text!r} is not an action: {exc.reason}") from None
        reason = game.check(self.seat, action)
        if reason is not None:
            raise self.fault(M.ILLEGAL, f"{text!r} is not legal now: {reason}")
        self.open = False
        return action

    def fault(self, code: str, message: str) -> Refused:
        """Count a fault and return the error to send (a strike; at ``max_strikes`` the seat is replaced)."""
        self.faults.append(Fault(code, message, self.decision))
        self.strikes += 1
        if self.strikes >= self.max_strikes:
            self.replace(f"{message} (fault {self.strikes} of {self.max_strikes} in this game)")
        return Refused(M.error(self.decision, code, message, self.strikes, self.max_strikes))

    def timed_out(self) -> dict[str, Any]:
        """The prompt went unanswered in time: the stand-in answers it. The error to send."""
        self.open = False
        return self.fault(
            M.TIMEOUT, f"no answer to prompt {self.decision} within {self.time_ms} ms; the stand-in bot answered it"
        ).reply

    def replace(self, why: str) -> None:
        if not self.replaced:
            self.replaced = True
            self.open = False
            self.faults.append(Fault(M.REPLACED, why, self.decision))

    def replaced_message(self) -> dict[str, Any]:
        return M.error(
            self.decision,
            M.REPLACED,
            f"too many faults ({self.strikes}): the stand-in bot plays this seat to the end of the game",
            self.strikes,
            self.max_strikes,
        )

    def over(self) -> dict[str, Any]:
        self.open = False
        return M.game_over(self.game, self.seat, self.game_id, self.new_events())
