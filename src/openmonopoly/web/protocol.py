"""WebSocket messages and HTTP bodies: what clients may send (strict pydantic models: no coercion,
no unknown fields, bounded sizes) and the errors they get back.

Client -> server (JSON text frames, one object per frame, at most ``MAX_FRAME`` characters):

* ``{"type": "hello", "seat": 2, "token": "..."}`` — first message; ``seat``/``token`` null to spectate,
  which a game allows only if its host let spectators in (and, for a private game, with ``invite``, the
  code of its invite link); ``host`` (the host's token) lets the host watch and see every seat's presence.
* ``{"type": "act", "seat": 2, "token": "...", "version": 17, "action": "buy"}`` — ``action`` is the text
  form (``"bid 120"``, read by the engine's parser: printable ASCII, numbers in ASCII digits) or a trade object
  ``{"kind": "trade", "offer": {"target": 1, "give": [3], "take": [], "cash": 0, ...}}``; ``version`` is
  the state version the client saw (the number of actions so far); an action on an older version is refused.
* ``{"type": "reclaim", "seat": 2, "token": "..."}`` — the seat's own player takes it back from a bot
  the host let stand in (no host needed: the seat's token is proof enough).
* ``{"type": "ping"}``.
* ``{"type": "say", "text": "deal?"}`` — table talk (web/chat.py); ``"reaction": true`` for one of the quick
  reactions; ``{"type": "mute", "seat": 1, "muted": true}`` — the host mutes (or unmutes) a seat's talk.

Each connection may send ``ServerConfig.frames_per_second`` frames a second (bursts of ``frame_burst``);
a frame past that budget is dropped with a ``rate-limited`` error (once per overrun), and a connection
that goes on sending ``frames_over_budget`` frames past it is closed (1008).

Server -> client:

* ``sync``  — on hello: ``version``, ``seat``, ``seats`` (names, kinds, claimed), ``view`` (that seat's
  ``game.view(seat).to_json()``, or the public view), ``log`` (events visible to that seat, in words).
* ``update`` — after every committed action: ``version``, ``view``, ``events`` (visible to that seat),
  ``actor`` (the seat that acted), ``at`` (server time the action was applied).
* ``seats`` — someone took a seat, came or went, or the host changed a seat or the timer.
* ``removed`` — the host removed this seat's player (the socket closes with code 4001).

Each ``sync``/``update``/``seats`` carries ``deadline``: when the turn timer hands the waiting human seat's
turn to a bot (server time, seconds since the epoch), or null.
* ``error`` — ``code`` (one of ``ERROR_CODES``) and ``message``; sent only to the client at fault. A refused
  message changes nothing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic import Strict as StrictMode
from pydantic.json_schema import SkipJsonSchema

from ..engine import actions as A
from ..engine.actions import Action, TradeOffer

PROTOCOL_VERSION = 1
MAX_FRAME = 4096  # characters in one client frame (a trade of every space fits easily)
MAX_DIGITS = 9  # digits in one number of a JSON field (a trade object's cash, a version)
MAX_SEATS = 6

ERROR_CODES = {
    "malformed": "the message is not valid JSON or does not have the expected fields and types",
    "unknown-game": "there is no such game",
    "not-seated": "this connection has not taken a seat (spectators cannot act)",
    "foreign-seat": "that seat is not the one this connection holds",
    "wrong-token": "the seat token does not match (the host removed this seat's player, or the link is old)",
    "stale-version": "the game has moved on since the state you acted on",
    "illegal": "the game does not allow that action now",
    "bad-action": "the action text cannot be read",
    "game-over": "the game is over",
    "rate-limited": "too many messages or connections from this client; wait and try again",
    "private": "this game is private or takes no spectators: join with its invite link, or ask the host",
    "server": "the server could not handle the message; nothing changed",
    "spectator-chat-off": "the host has not opened the spectators' channel: spectators read the table's talk",
    "muted": "the host muted this seat's table talk",
}

Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Count = Annotated[int, Field(ge=0, le=10**MAX_DIGITS - 1)]
Money = Annotated[int, Field(ge=-(10**MAX_DIGITS - 1), le=10**MAX_DIGITS - 1)]
Token = Annotated[str, Field(max_length=200)]
Index = Annotated[int, Field(ge=0, le=999)]
Indices = Annotated[list[Index], Field(max_length=100)]


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


# ------------------------------------------------------------------------------- actions
class OfferBody(Strict):
    """A trade proposal; the server fills in the proposer (the seat that sends it)."""

    proposer: Seat | None = None
    target: Seat
    give: Indices = []
    take: Indices = []
    cash: Money = 0
    give_cards: Indices = []
    take_cards: Indices = []


class TradeBody(Strict):
    kind: Literal["trade"]
    offer: OfferBody


ActionText = Annotated[str, Field(min_length=1, max_length=200)]


class Hello(Strict):
    type: Literal["hello"]
    seat: Seat | None = None
    token: Token | None = None
    invite: Token | None = None
    host: Token | None = None


class Act(Strict):
    type: Literal["act"]
    seat: Seat
    token: Token
    version: Count
    action: ActionText | TradeBody

    def to_action(self, game: Any) -> Action:
        """The engine action in ``game``'s rules, with this seat as a trade's proposer. Raises
        ``BadActionText``."""
        if isinstance(self.action, TradeBody):
            o = self.action.offer
            return Action(
                A.TRADE,
                -1,
                TradeOffer(
                    self.seat, o.target, tuple(o.give), tuple(o.take), o.cash, tuple(o.give_cards), tuple(o.take_cards)
                ),
            )
        # The engine's own parser (the one the terminal and records use) checks the text: printable ASCII,
        # numbers in ASCII digits and bounded; its BadActionText becomes the "bad-action" reply.
        return game.parse(self.action, self.seat)


class Reclaim(Strict):
    type: Literal["reclaim"]
    seat: Seat
    token: Token


class Ping(Strict):
    type: Literal["ping"]


class Say(Strict):
    """Table talk (web/chat.py checks the length after making it plain text)."""

    type: Literal["say"]
    text: Annotated[str, Field(max_length=1000)]
    reaction: bool = False
    channel: Literal["table", "spectators"] | None = None


class Mute(Strict):
    """The host mutes (or unmutes) a seat's table talk."""

    type: Literal["mute"]
    seat: Seat
    muted: bool = True


ClientMessage = TypeAdapter(Annotated[Hello | Act | Reclaim | Ping | Say | Mute, Field(discriminator="type")])


def describe(exc: ValidationError) -> str:
    # (of a union's failed branches, the deepest error says most: "valid integer at act.action.offer.give.0")
    first = max(exc.errors(), key=lambda e: len(e.get("loc", ())))
    where = ".".join(str(x) for x in first.get("loc", ()) if not str(x).startswith(("function-", "constrained-")))
    return first.get("msg", "invalid") + (f" at '{where}'" if where else "")


def parse_client(raw: str) -> Hello | Act | Reclaim | Ping | Say | Mute:
    """Parse one client frame; raises ``ValueError`` with a readable reason."""
    if len(raw) > MAX_FRAME:
        raise ValueError(f"malformed message: a frame has at most {MAX_FRAME} characters, this one {len(raw)}")
    try:
        return ClientMessage.validate_json(raw)
    except ValidationError as exc:
        raise ValueError(
            f'malformed message: {describe(exc)}; expected {{"type": "hello"|"act"|"reclaim"|"ping"|"say"|"mute", '
            "...} with the documented fields and types"
        ) from None


def error(code: str, message: str, **extra: Any) -> dict:
    assert code in ERROR_CODES, code
    return {"type": "error", "code": code, "message": message, **extra}


# --------------------------------------------------------------------------------- HTTP bodies
Name = Annotated[str, Field(max_length=40)]
Kind = Annotated[str, Field(max_length=20)]
Option = Annotated[str, Field(max_length=40)] | bool | Money | None


class SeatSpec(Strict):
    kind: Kind = "human"
    name: Name | None = None


class GameRecord(Strict):
    """A game record as ``Game.record()`` writes it (``result`` is checked by replaying)."""

    model_config = ConfigDict(strict=True, extra="ignore")
    format: Literal[1]
    edition: Annotated[str, Field(max_length=64)]
    options: Annotated[dict[Annotated[str, Field(max_length=40)], Option], Field(max_length=40)] = {}
    players: Annotated[list[Name], Field(min_length=1, max_length=MAX_SEATS)]
    seed: Annotated[int, Field(ge=0, lt=2**63)]
    # (a JSON array is a tuple only in lax mode; FastAPI validates bodies as Python objects, where strict
    # mode wants a real tuple. The pair's items stay strict.)
    actions: list[
        Annotated[
            tuple[
                Annotated[int, StrictMode(), Field(ge=0, lt=MAX_SEATS)],
                Annotated[str, StrictMode(), Field(max_length=200)] | dict[str, Any],
            ],
            StrictMode(False),
        ]
    ]
    chance: list[Annotated[int, Field(ge=0, le=10**6)]]


GuestSeats = Annotated[int, Field(ge=1, le=MAX_SEATS)]
MAX_TURN_TIMER = 3600  # seconds; the least is the server's (ServerConfig.min_turn_timer)
TimerSeconds = Annotated[int, Field(ge=1, le=MAX_TURN_TIMER)]


class CreateGame(Strict):
    edition: Annotated[str, Field(max_length=64)] = "classic"
    public: bool = False  # listed in the lobby, free seats open to anyone; else by invite link only
    spectators: bool = False  # people without a seat may watch (a private game's: with the invite)
    spectator_chat: bool = False  # spectators may talk among themselves (their own channel; web/chat.py)
    # Seats one guest may take (one browser; in a public game also one network address); null: any number.
    seats_per_guest: GuestSeats | None = 1
    turn_timer: TimerSeconds | None = None
    seats: Annotated[list[SeatSpec], Field(max_length=MAX_SEATS)] = Field(
        default_factory=lambda: [SeatSpec(), SeatSpec(kind="heuristic")]
    )
    options: Annotated[dict[Annotated[str, Field(max_length=40)], Option], Field(max_length=40)] = {}
    # Only a server started with --allow-seeds takes a seed (tests, reproducing a game); hidden from the docs.
    seed: SkipJsonSchema[Annotated[int, Field(ge=0, lt=2**31)] | None] = None
    record: GameRecord | None = None  # resume a game from its record (Game.record())
    kinds: Annotated[list[Kind], Field(max_length=MAX_SEATS)] | None = None  # with record: seat kinds


class RematchBody(Strict):
    host: Token


class JoinSeat(Strict):
    seat: Seat
    name: Name | None = None
    invite: Token | None = None  # the code of the invite link: needed to join a private game
    # The seat tokens this browser already holds for the game (a guest takes at most the game's
    # seats_per_guest), and the host's token (the host takes any number of seats).
    held: Annotated[list[Token], Field(max_length=MAX_SEATS)] = []
    host: Token | None = None


# ------------------------------------------------------------------------------ the host's commands
class HandToBot(Strict):
    """A bot plays this human seat until the host takes it back (the player keeps their seat link): by
    default the stand-in, which only minds the seat (agents/stand_in.py); any bot kind may be named."""

    command: Literal["bot"]
    host: Token
    seat: Seat
    kind: Kind = "stand-in"


class TakeBack(Strict):
    """The seat's own player plays it again."""

    command: Literal["take-back"]
    host: Token
    seat: Seat


class RemovePlayer(Strict):
    """The seat's player is sent away (their seat link stops working); a bot plays the seat until someone
    joins it with the invite link."""

    command: Literal["remove"]
    host: Token
    seat: Seat


class SetTimer(Strict):
    """After ``seconds`` without an answer from a human seat, a bot plays that turn; null: no timer."""

    command: Literal["timer"]
    host: Token
    seconds: TimerSeconds | None


class SetSpectators(Strict):
    command: Literal["spectators"]
    host: Token
    allowed: bool


class SetSpectatorChat(Strict):
    """Spectators may (or may no longer) talk among themselves, in their own channel."""

    command: Literal["spectator-chat"]
    host: Token
    allowed: bool


class SetSeatsPerGuest(Strict):
    """How many seats one guest may take (null: any number); seats already taken stay."""

    command: Literal["seats-per-guest"]
    host: Token
    seats: GuestSeats | None


class NewInvite(Strict):
    """A new invite link; the old one stops working (seats already taken keep their links)."""

    command: Literal["new-invite"]
    host: Token


HostCommand = Annotated[
    HandToBot | TakeBack | RemovePlayer | SetTimer | SetSpectators | SetSpectatorChat | SetSeatsPerGuest | NewInvite,
    Field(discriminator="command"),
]
