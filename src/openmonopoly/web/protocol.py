"""WebSocket messages: what clients may send (validated with pydantic) and the errors they get back.

Client -> server (JSON objects, one per WebSocket message):

* ``{"type": "hello", "seat": 2, "token": "..."}`` — first message; ``seat``/``token`` null to spectate.
* ``{"type": "act", "seat": 2, "token": "...", "version": 17, "action": "buy"}`` — ``action`` is the text
  form (``"bid 120"``) or a trade object ``{"kind": "trade", "offer": {...}}``; ``version`` is the state
  version the client saw (the number of actions so far); an action on an older version is refused.
* ``{"type": "ping"}``.

Server -> client:

* ``sync``  — on hello: ``version``, ``seat``, ``seats`` (names, kinds, claimed), ``view`` (that seat's
  ``game.view(seat).to_json()``, or the public view), ``log`` (events visible to that seat, in words).
* ``update`` — after every committed action: ``version``, ``view``, ``events`` (visible to that seat),
  ``actor`` (the seat that acted), ``at`` (server time the action was applied).
* ``seats`` — someone took a seat.
* ``error`` — ``code`` (one of ``ERROR_CODES``) and ``message``; sent only to the client at fault.
"""
from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

PROTOCOL_VERSION = 1

ERROR_CODES = {
    "malformed": "the message is not valid JSON or does not have the expected fields",
    "unknown-game": "there is no such game",
    "not-seated": "this connection has not taken a seat (spectators cannot act)",
    "foreign-seat": "that seat is not the one this connection holds",
    "wrong-token": "the seat token does not match",
    "stale-version": "the game has moved on since the state you acted on",
    "illegal": "the game does not allow that action now",
    "bad-action": "the action text cannot be read",
    "game-over": "the game is over",
    "server": "the server could not store the action; nothing changed",
}


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(_Msg):
    type: Literal["hello"]
    seat: int | None = None
    token: str | None = Field(default=None, max_length=200)


class Act(_Msg):
    type: Literal["act"]
    seat: int
    token: str = Field(max_length=200)
    version: int
    action: Union[str, dict[str, Any]]


class Ping(_Msg):
    type: Literal["ping"]


ClientMessage = TypeAdapter(Union[Hello, Act, Ping])


def parse_client(raw: str | bytes) -> Hello | Act | Ping:
    """Parse one client message; raises ``ValueError`` with a readable reason."""
    try:
        return ClientMessage.validate_json(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first.get("loc", ()) if not str(x).startswith("function-"))
        raise ValueError(f"malformed message: {first.get('msg', 'invalid')}"
                         + (f" at '{where}'" if where else "")
                         + "; expected {\"type\": \"hello\"|\"act\"|\"ping\", ...}") from None


def error(code: str, message: str, **extra: Any) -> dict:
    assert code in ERROR_CODES, code
    return {"type": "error", "code": code, "message": message, **extra}


# --------------------------------------------------------------------------------- HTTP bodies
class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = "human"
    name: str | None = Field(default=None, max_length=40)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: str = "classic"
    seats: list[SeatSpec] = Field(default_factory=lambda: [SeatSpec(), SeatSpec(kind="heuristic")])
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    record: dict[str, Any] | None = None     # resume a game from its record (Game.record())
    kinds: list[str] | None = None           # with record: seat kinds


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int
    name: str | None = Field(default=None, max_length=40)
