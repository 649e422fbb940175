"""Persistence: a game as a record (what was played) or as a saved game (everything), and back.

A *record* (``record``) is the edition, the chosen options (those not at their default), the players,
the seed, the actions and the chance outcomes, and the result: ``replay`` plays it again and checks that
it ends as it says. A *saved game* (``to_json``) adds the state, the chance source and the events;
``from_json`` rebuilds it by replaying its own record and refuses a save that differs from that replay
(``first_difference`` names where). ``Game.record``, ``Game.replay``, ``Game.to_json`` and
``Game.from_json`` are these functions. This module imports no game class: it builds the edition's
rules class through the registry.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Final

from .. import registry
from ..editions import load
from .chance import Chance
from .errors import BadArgument, IllegalAction, OpenMonopolyError, ReplayMismatch
from .events import Event
from .options import BadOption, resolve_options

if TYPE_CHECKING:
    from .game import Game

RECORD_FORMAT: Final = 1
RECORD_FIELDS: Final = (("edition", str), ("players", list), ("seed", int), ("actions", list), ("chance", list))


def _rules_class(edition_id: str) -> Any:
    edition = load(edition_id)
    try:
        return registry.game_class(edition.id, edition.family)
    except registry.UnknownFamily as exc:
        raise OpenMonopolyError(f"edition {edition.id}: {exc}") from None


def record(game: Game) -> dict[str, Any]:
    s = game.state
    return {
        "format": RECORD_FORMAT,
        "edition": game.edition.id,
        "options": game.chosen_options(),
        "players": list(s.names),
        "seed": game.seed,
        "actions": [[p, a.to_json()] for p, a in game._moves()],
        "chance": list(game.chance.log),
        "result": {
            "over": s.over,
            "winners": list(s.winners),
            "end_reason": s.end_reason,
            "turns": s.turns,
            "rounds": s.round,
        },
    }


def digest(game: Game) -> str:
    """A hash of the record: equal for equal games."""
    return hashlib.sha256(json.dumps(record(game), sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def replay(rec: Any, *, events: bool = True, upto: int | None = None) -> Game:
    """Rebuild a game from its record, feeding the recorded chance outcomes back. A record that is
    malformed, of another format, or does not replay to what it says is a ``ReplayMismatch``."""
    check_record(rec)
    try:
        return _replay(rec, events, upto)
    except ReplayMismatch as exc:  # (which game: a record of another edition fails here too)
        raise ReplayMismatch(
            f"the record of a game of edition {rec['edition']!r} (seed {rec['seed']}) does not replay: {exc}"
        ) from None


def _replay(rec: dict[str, Any], events: bool, upto: int | None) -> Game:
    chance = Chance(rec["seed"])
    chance.playback(rec["chance"])
    edition = load(rec["edition"])
    family = _rules_class(rec["edition"])
    # (the rules class, not Game(...): compiled code constructs the class it names, bypassing Game.__new__)
    try:
        game: Game = family(edition, rec["players"], rec["seed"], rec.get("options"), events=events, chance=chance)
    except (BadArgument, BadOption) as exc:
        raise ReplayMismatch(f"the record's game cannot be set up: {exc}") from None
    moves = rec["actions"] if upto is None else rec["actions"][:upto]
    for i, (player, data) in enumerate(moves):
        try:
            game.act(player, game.parse_json(data))
        except IllegalAction as exc:
            raise ReplayMismatch(f"action {i} ({data}) by player {player} does not replay: {exc.reason}") from None
    if upto is None:
        chance.end_playback()
        result = rec.get("result")
        if result is not None:
            got = record(game)["result"]
            diff = first_difference(result, {k: got[k] for k in result if k in got}, "result")
            if diff is not None or not result.keys() <= got.keys():
                raise ReplayMismatch(f"the record's result differs from its replay: {diff or result}")
    else:
        chance._playback = None
    return game


def to_json(game: Game) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "edition": game.edition.id,
        "options": game.chosen_options(),
        "seed": game.seed,
        "state": game.state.to_json(),
        "chance": game.chance.to_json(),
        "record": [[p, a.to_json()] for p, a in game._moves()],
        "events": [e.to_json() for e in game.history] if game.log_events else None,
    }


def from_json(data: Any, *, verify: bool = True) -> Game:
    """The game ``to_json`` saved. With ``verify`` (the default) the game is rebuilt from the record
    inside the save by replay and compared with the saved state, chance log and events: a save
    edited by hand, truncated, of an unknown format or of another edition is a ``ReplayMismatch``
    naming the first difference, never a game that plays on wrongly. (``verify=False`` is for data
    this process wrote itself, e.g. unpickling.)"""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ReplayMismatch(f"unknown saved-game format {got!r}; expected {RECORD_FORMAT}")
    if not verify:
        return _from_json(data)
    missing = [k for k in ("edition", "options", "seed", "state", "chance", "record", "events") if k not in data]
    if missing:
        raise ReplayMismatch(f"not a complete saved game: missing {', '.join(missing)}")
    state, chance = data["state"], data["chance"]
    if not isinstance(state, dict) or not isinstance(chance, dict):
        raise ReplayMismatch("a saved game's 'state' and 'chance' are objects")
    rebuilt = replay(
        {
            "format": RECORD_FORMAT,
            "edition": data["edition"],
            "options": data["options"],
            "players": state.get("names"),
            "seed": data["seed"],
            "actions": data["record"],
            "chance": chance.get("log"),
        },
        events=data["events"] is not None,
    )
    saved = json.loads(json.dumps({k: data[k] for k in ("edition", "options", "seed", "state", "events")}))
    for name, value in type(rebuilt.state).LATER_FIELDS.items():  # a save from before the field existed
        saved["state"].setdefault(name, value)
    again = to_json(rebuilt)
    diff = first_difference(saved, json.loads(json.dumps({k: again[k] for k in saved})), "")
    if diff is not None:
        raise ReplayMismatch(
            f"the saved game (edition {data['edition']!r}, seed {data['seed']}) differs from the replay of its "
            f"own record at {diff}: it was edited or damaged (or is a record of another edition)"
        )
    try:
        rebuilt.chance = Chance.from_json(chance)  # the saved source: its generator and scripted outcomes
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayMismatch(f"a saved game's chance source is malformed ({type(exc).__name__}: {exc})") from None
    if rebuilt.chance.log != again["chance"]["log"]:
        raise ReplayMismatch("the saved chance log differs from its replay")
    return rebuilt


def _from_json(data: dict[str, Any]) -> Game:
    edition = load(data["edition"])
    family = _rules_class(data["edition"])
    game: Game = family.__new__(family)
    game.edition = edition
    known, refused = family.options_of(edition)
    game.options = resolve_options(known, data["options"], edition.id, refused)
    game.read_options()
    game.seed = int(data["seed"])
    game.chance = Chance.from_json(data["chance"])
    game.log_events = data.get("events") is not None
    game.history = [Event.from_json(e) for e in data["events"]] if game.log_events else []
    game._events = game.history if game.log_events else None
    game._set_moves([(int(p), family.ACTION_KINDS.from_json(a)) for p, a in data["record"]])
    game.state = game.base_state = family.state_class.from_json(data["state"])
    return game


def unpickle(data: dict[str, Any]) -> Game:
    """``pickle``'s way back to a game (``Game.__reduce__``): data this process wrote itself."""
    return from_json(data, verify=False)


def check_record(rec: Any) -> None:
    """A record's shape (``Game.record()``): ``ReplayMismatch`` names the first malformed field."""
    if not isinstance(rec, dict):
        raise ReplayMismatch(f"a game record is a JSON object; got {type(rec).__name__}")
    if rec.get("format") != RECORD_FORMAT:
        raise ReplayMismatch(f"unknown record format {rec.get('format')!r}; expected {RECORD_FORMAT}")
    for name, kind in RECORD_FIELDS:
        value = rec.get(name)
        if type(value) is not kind:
            raise ReplayMismatch(f"record field '{name}' must be a {kind.__name__}; got {value!r:.60}")
    if not all(type(n) is str for n in rec["players"]):
        raise ReplayMismatch("record field 'players' must list the players' names")
    if not all(type(v) is int and v >= 0 for v in rec["chance"]):
        raise ReplayMismatch("record field 'chance' must list whole numbers >= 0 (the chance outcomes)")
    for i, move in enumerate(rec["actions"]):
        if not (
            isinstance(move, list) and len(move) == 2 and type(move[0]) is int and isinstance(move[1], (str, dict))
        ):
            raise ReplayMismatch(f"record action {i} must be [player, action]; got {move!r:.60}")
    options, result = rec.get("options"), rec.get("result")
    if options is not None and not isinstance(options, dict):
        raise ReplayMismatch("record field 'options' must be an object")
    if result is not None and not isinstance(result, dict):
        raise ReplayMismatch("record field 'result' must be an object")


def first_difference(a: Any, b: Any, path: str) -> str | None:
    """Where two JSON values first differ (``state.cash[1]: 1500 vs 1400``), or None if equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in a or key not in b:
                return f"{where}: {'only in the replay' if key not in a else 'missing from the replay'}"
            diff = first_difference(a[key], b[key], where)
            if diff is not None:
                return diff
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            diff = first_difference(x, y, f"{path}[{i}]")
            if diff is not None:
                return diff
        return None if len(a) == len(b) else f"{path}: {len(a)} items saved, {len(b)} after replay"
    if a != b or type(a) is not type(b):
        return f"{path}: saved {a!r:.60}, replay gives {b!r:.60}"
    return None
