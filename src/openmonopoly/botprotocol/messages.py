"""The bot protocol's messages: newline-delimited JSON objects, each with a ``type``.

The engine sends ``hello`` (once per connection), ``game-start``, ``prompt``, ``error``, ``game-over`` and
``quit``; the bot sends ``hello``, ``answer`` and ``log``. docs/BOT-PROTOCOL.md describes every field, and
``schemas/`` holds a JSON Schema for each message (shipped in the package: ``schema(name)``).

This module builds the engine's messages from a game and reads the bot's, strictly: a line that is not
one JSON object of a known type with the right fields is refused with a ``BadMessage`` that says what is
wrong and what is allowed. Nothing here does I/O.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

import orjson

if TYPE_CHECKING:
    from ..engine.events import Event
    from ..engine.game import Game
    from ..engine.prompt import Legal

PROTOCOL_VERSION: Final = 1
ENGINE_NAME: Final = "openmonopoly"
MAX_LINE_BYTES: Final = 1 << 20  # a bot's line longer than this is refused (the engine reads no further)
MAX_ACTION_CHARS: Final = 4096  # as the engine's own parser (engine.actions.MAX_TEXT)
MAX_NAME_CHARS: Final = 100

ENGINE_MESSAGES: Final = ("hello", "game-start", "prompt", "error", "game-over", "quit")
BOT_MESSAGES: Final = ("hello", "answer", "log")

# Error codes the engine sends (``error.code``).
MALFORMED: Final = "malformed"  # not one JSON object of a known type with the right fields
TOO_LONG: Final = "too-long"  # a line longer than MAX_LINE_BYTES
ILLEGAL: Final = "illegal"  # an action the game refuses now (the message says why)
TIMEOUT: Final = "timeout"  # no answer within the time per decision: the stand-in answered this one
STALE: Final = "stale"  # an answer to a prompt that is no longer open (ignored)
REPLACED: Final = "replaced"  # too many faults: the stand-in plays this seat to the end of the game
ERROR_CODES: Final = (MALFORMED, TOO_LONG, ILLEGAL, TIMEOUT, STALE, REPLACED)


class BadMessage(ValueError):
    """A bot's line that is not a protocol message; ``code`` is the error code to send back."""

    def __init__(self, reason: str, code: str = MALFORMED) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line: compact JSON and a newline."""
    return orjson.dumps(message, option=orjson.OPT_APPEND_NEWLINE | orjson.OPT_NON_STR_KEYS)


def engine_hello(time_ms: int, engine_version: str) -> dict[str, Any]:
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "engine": ENGINE_NAME,
        "engine_version": engine_version,
        "time_ms": time_ms,
        "max_line_bytes": MAX_LINE_BYTES,
    }


def game_start(game: Game, seat: int, game_id: str, time_ms: int, seed: int, board: dict[str, Any]) -> dict[str, Any]:
    ed = game.edition
    return {
        "type": "game-start",
        "game": game_id,
        "protocol": PROTOCOL_VERSION,
        "edition": {"id": ed.id, "name": ed.name, "family": ed.family},
        "options": dict(game.options),
        "seat": seat,
        "seats": [{"seat": p, "name": name} for p, name in enumerate(game.state.names)],
        "time_ms": time_ms,
        "seed": seed,
        "board": board,
    }


def legal_json(legal: Legal, anytime: frozenset[str]) -> dict[str, Any]:
    """What a seat may answer: the prompt's concrete answers, the any-time actions, the bid range and the
    trade partners (trades cannot be listed: any offer to a partner may be tried)."""
    answers: list[str] = []
    extra: list[str] = []
    for action in legal.actions:
        (extra if action.kind in anytime else answers).append(str(action))
    bids = legal.bid_range
    return {
        "answers": answers,
        "anytime": extra,
        "bid": None if bids is None else {"min": bids[0], "max": bids[1]},
        "trade_partners": list(legal.trade_partners),
    }


def event_json(game: Game, event: Event) -> dict[str, Any]:
    """An event as a bot gets it: the record and its sentence in the edition's words."""
    return {"event": event.to_json(), "text": game.describe(event)}


def prompt(
    game: Game,
    seat: int,
    game_id: str,
    decision: int,
    kind: str,
    details: dict[str, Any],
    events: list[dict[str, Any]],
    time_ms: int,
) -> dict[str, Any]:
    view = game.view(seat)
    legal = view.legal_actions()
    return {
        "type": "prompt",
        "game": game_id,
        "id": decision,
        "kind": kind,
        "details": details,
        "legal": legal_json(legal, game.ACTION_KINDS.anytime),
        "view": view.to_json(legal),
        "events": events,
        "time_ms": time_ms,
    }


def error(decision: int | None, code: str, message: str, strikes: int, max_strikes: int) -> dict[str, Any]:
    return {
        "type": "error",
        "id": decision,
        "code": code,
        "message": message,
        "strikes": strikes,
        "max_strikes": max_strikes,
    }


def game_over(game: Game, seat: int, game_id: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    s = game.state
    return {
        "type": "game-over",
        "game": game_id,
        "seat": seat,
        "winners": list(s.winners),
        "won": seat in s.winners,
        "reason": s.end_reason,
        "view": game.view(seat).to_json(),
        "events": events,
    }


QUIT: Final = {"type": "quit"}


# ------------------------------------------------------------------------------------ the bot's lines
def read(line: bytes | str) -> dict[str, Any]:
    """A bot's line as a checked message (a dict with ``type`` among ``BOT_MESSAGES``); ``BadMessage`` if
    it is not one."""
    if len(line) > MAX_LINE_BYTES:
        raise BadMessage(f"a line is at most {MAX_LINE_BYTES} bytes; got {len(line)}", TOO_LONG)
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        raise BadMessage(f"not JSON ({exc}); send one JSON object per line, e.g. {_EXAMPLE}") from None
    if not isinstance(data, dict):
        raise BadMessage(f"a message is a JSON object; got {type(data).__name__}, e.g. {_EXAMPLE}")
    kind = data.get("type")
    if kind not in BOT_MESSAGES:
        raise BadMessage(f"unknown message type {_short(kind)}; a bot sends one of: {', '.join(BOT_MESSAGES)}")
    _FIELDS[kind](data)
    return data


def _short(value: object) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


_EXAMPLE: Final = '{"type": "answer", "id": 3, "action": "buy"}'


def _check_keys(data: dict[str, Any], required: set[str], optional: set[str]) -> None:
    missing = required - data.keys()
    unknown = data.keys() - required - optional
    kind = data["type"]
    if missing:
        raise BadMessage(
            f"'{kind}' needs {', '.join(sorted(missing))}; fields: {', '.join(sorted(required | optional))}"
        )
    if unknown:
        raise BadMessage(
            f"'{kind}' has unknown fields {', '.join(sorted(map(str, unknown)))}; "
            f"fields: {', '.join(sorted(required | optional))}"
        )


def _text(data: dict[str, Any], key: str, limit: int) -> None:
    value = data.get(key)
    if key in data and (not isinstance(value, str) or len(value) > limit):
        raise BadMessage(f"'{data['type']}.{key}' is a string of at most {limit} characters; got {_short(value)}")


def _hello(data: dict[str, Any]) -> None:
    _check_keys(data, {"type", "name", "protocol"}, {"author", "version"})
    for key in ("name", "author", "version"):
        _text(data, key, MAX_NAME_CHARS)
    if type(data["protocol"]) is not int:
        raise BadMessage(f"'hello.protocol' is the protocol version the bot speaks, e.g. {PROTOCOL_VERSION}")


def _answer(data: dict[str, Any]) -> None:
    _check_keys(data, {"type", "id", "action"}, set())
    if type(data["id"]) is not int:
        raise BadMessage(f"'answer.id' is the id of the prompt answered (a whole number); got {_short(data['id'])}")
    _text(data, "action", MAX_ACTION_CHARS)


def _log(data: dict[str, Any]) -> None:
    _check_keys(data, {"type", "text"}, set())
    _text(data, "text", MAX_ACTION_CHARS)


_FIELDS: Final = {"hello": _hello, "answer": _answer, "log": _log}


@cache
def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of a message (``engine-prompt``, ``bot-answer``, ...; see ``schema_names``)."""
    if name not in schema_names():
        raise KeyError(f"no schema {name!r}; known: {', '.join(schema_names())}")
    text = resources.files(__package__).joinpath("schemas", f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def schema_names() -> tuple[str, ...]:
    return tuple(f"engine-{m}" for m in ENGINE_MESSAGES) + tuple(f"bot-{m}" for m in BOT_MESSAGES)
