"""Bot-only games and batch simulation.

Seeds: game ``i`` of ``simulate(..., seed=S)`` uses ``game_seed(S, i)``, the first
8 bytes (big-endian, top bit cleared) of ``sha256("openmonopoly-sim:S:i")``; the
bot in seat ``k`` of a game with seed ``G`` gets ``agent_seed(G, k)`` from
``sha256("openmonopoly-agent:G:k")`` the same way. Both are independent of
Python's hash seed and of the platform, so a (edition, seats, options, seed)
simulation is reproducible anywhere and its ``digest`` can be compared. A bot of a kind that draws
nothing (``agents.DRAW_NOTHING``: the heuristic bot) is made with seed 0 instead: its decisions are the
same whatever its seed, and deriving one costs two SHA-256s per bot of every game.

A simulation is a ``SimJob`` whose games are played in chunks of game indices by a
backend (``sim.backends``: in this process, a local process pool or Ray); each game
becomes a small summary (``game_summary``), which the worker folds into its chunk's
totals (``sim.stats.Aggregate``) and sends back only when the summaries were asked for
(``keep_games``: ``--out``, ``--report``). A game depends only on its index, so the
result, and its ``digest`` (over every game's index and ``game_digest``), is the same
for any backend, worker count and chunk size.

``game_digest`` is the batch's cheap fingerprint of one game: a hash of every chance
outcome it drew and of how it ended (turns, rounds, winners, each seat's cash, position
and net worth). Any change in play changes the outcomes drawn or the end, so it tells
two runs apart at a small fraction of a game's cost; ``Game.digest()`` (a hash of the
whole record, several times dearer) stays the reference for comparing single games.
"""

from __future__ import annotations

import hashlib
import importlib
import struct
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from ..agents import DRAW_NOTHING, agent_maker
from ..botprotocol import finish_agents, is_external, make_bot
from ..editions import Edition, load
from ..engine.game import Game, rules_class


def _derive(text: str) -> int:
    return _first_8(_sha256(text.encode()).digest())[0] >> 1


# The first 8 bytes of a digest as a big-endian number: ``int.from_bytes(digest[:8], "big")`` with neither a
# slice nor the byte order's name to read (a third fewer instructions for the whole seed).
_first_8 = struct.Struct(">Q").unpack_from


# SHA-256 for the seeds, five per simulated game: CPython's own module where it has one, which hashes a few
# bytes with a quarter fewer instructions than OpenSSL's (``hashlib.sha256``); the same digests either way.
def _builtin_sha256() -> Callable[[bytes], Any]:
    try:
        sha256: Callable[[bytes], Any] = importlib.import_module("_sha256").sha256
    except ImportError:  # (an interpreter without it, Python 3.12 and later among them)
        return hashlib.sha256
    return sha256


_sha256 = _builtin_sha256()


def game_seed(root: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with root seed ``root``."""
    return _derive(f"openmonopoly-sim:{root}:{index}")


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with seed ``seed``."""
    return _derive(f"openmonopoly-agent:{seed}:{seat}")


def _options(options: dict | None, max_rounds: int | None) -> dict:
    opts = dict(options or {})
    if max_rounds is not None:
        opts["max-rounds"] = max_rounds
    return opts


def play_game(
    edition: str,
    seats: list[str],
    seed: int,
    options: dict | None = None,
    max_rounds: int | None = None,
    events: bool = False,
    *,
    agents: list | None = None,
    landing_counts: list[int] | None = None,
    rent_counts: list[int] | None = None,
) -> Game:
    """Play one game between bots (``seats``: bot kinds, e.g. ``["heuristic"] * 4``, or external bots,
    ``exec:COMMAND`` / ``bot:NAME``) to its end.

    ``agents`` replaces the bots made from ``seats`` (one object per seat);
    ``landing_counts`` (board size + 1 zeros) collects where moves end (see ``simulate``);
    ``rent_counts`` (board size zeros) the rent owed on each space.
    """
    kinds = tuple(seats)
    has_human, has_external, _ = _seat_kinds(kinds)
    played = load(edition)
    given = agents is not None
    if agents is None:
        if has_human:
            raise ValueError("play_game is for bots only; 'human' cannot sit here")
        agents = _made(seats, seed, _edition_makers(kinds, played))
    elif len(agents) != len(seats):
        raise ValueError("one agent per seat")
    # An external bot is sent the events since its last answer: the game keeps them.
    events = events or has_external
    # (no options: the game's defaults, without a dict made to say so)
    chosen = _options(options, max_rounds) if options or max_rounds is not None else None
    # (its rules class called directly: ``Game(id)`` would find the edition and its class twice over; and its
    # arguments by position: a compiled constructor reads keyword arguments several times more slowly)
    game = _game_class(played)(played, len(seats), seed, chosen, events)
    if landing_counts is not None:
        game.landing_counts = landing_counts  # type: ignore[attr-defined]
    game.rent_counts = rent_counts
    try:
        game.play_out(agents)
    finally:
        if given or has_external:  # (the built-in bots made here have nothing to finish)
            finish_agents(agents, game)  # (external bots hear the game is over, and their processes are reused)
    if landing_counts is not None:
        game.landing_counts = None  # type: ignore[attr-defined]
    game.rent_counts = None
    return game


def make_agents(seats: Sequence[str], seed: int, edition: Edition | None = None) -> list[Any]:
    """The bots of the game with seed ``seed``, one per seat kind: the bot in seat ``k`` made with
    ``agent_seed(seed, k)``, or with 0 where its kind draws nothing (see the module docstring).
    With the game's ``edition``, a heuristic seat gets the bot that plays that edition itself
    (``agents.by_family.heuristic_class``), which plays as the one made without it."""
    kinds = tuple(seats)
    return _made(seats, seed, _seat_kinds(kinds)[2] if edition is None else _edition_makers(kinds, edition))


def _game_class(edition: Edition) -> type[Game]:
    """``rules_class(edition)``, kept for the edition asked about last: every game of a simulation asks,
    and ``rules_class`` is an interpreted registry call."""
    global _last_class
    last = _last_class
    if last[0] is edition:
        return last[1]
    cls = rules_class(edition)
    _last_class = (edition, cls)  # (one object replaced: a thread never reads one edition with another's class)
    return cls


_last_class: tuple[Any, Any] = (None, None)


def _edition_makers(seats: tuple[str, ...], edition: Edition) -> tuple[Callable[[int], Any] | None, ...]:
    """``_seat_kinds(seats)``'s makers, with the heuristic seats' maker replaced by the bot class that plays
    ``edition`` (``heuristic_class``: a family's own bot handed to the game directly, not through
    ``FamilyHeuristic``); kept for the seats and edition asked about last (every game of a simulation)."""
    global _last_makers
    last = _last_makers
    if last[1] is edition and last[0] == seats:
        return last[2]
    from ..agents.by_family import heuristic_class  # (the bots are imported on first use, as ``agent_maker``)

    makers = _seat_kinds(seats)[2]
    bot = heuristic_class(edition)
    made = tuple(
        bot if kind == "heuristic" and make is not None else make for kind, make in zip(seats, makers, strict=True)
    )
    _last_makers = (seats, edition, made)  # (one object replaced, as ``_last_class``)
    return made


_last_makers: tuple[Any, Any, Any] = ((), None, ())


def _made(seats: Sequence[str], seed: int, makers: tuple[Callable[[int], Any] | None, ...]) -> list[Any]:
    agents = []
    for k, kind in enumerate(seats):
        make = makers[k]
        if make is None:  # (an external bot)
            agents.append(make_bot(kind, agent_seed(seed, k)))
        else:
            agents.append(make(0 if kind in DRAW_NOTHING else agent_seed(seed, k)))
    return agents


@lru_cache(maxsize=64)
def _seat_kinds(seats: tuple[str, ...]) -> tuple[bool, bool, tuple[Callable[[int], Any] | None, ...]]:
    """Whether ``seats`` name a human, and an external bot, and what makes each seat's built-in bot (None
    for any other seat: ``make_bot`` makes it, or says why it cannot): asked for every game of a simulation,
    which has one list of seats."""
    makers: list[Callable[[int], Any] | None] = []
    for kind in seats:
        try:
            makers.append(None if is_external(kind) else agent_maker(kind))
        except ValueError:  # (no such bot: left to make_bot's error, raised where it always was)
            makers.append(None)
    return any(kind == "human" for kind in seats), any(is_external(kind) for kind in seats), tuple(makers)


def game_digest(game: Game) -> str:
    """A cheap fingerprint of a finished game (see the module docstring)."""
    s = game.state
    seats = range(len(s.cash))
    h = hashlib.blake2b(array("q", game.chance.log).tobytes(), digest_size=16)
    h.update(
        repr(
            (
                s.turns,
                s.round,
                s.end_reason,
                list(s.winners),
                list(s.cash),
                list(s.position),
                [game.net_worth(p) for p in seats],
            )
        ).encode()
    )
    return h.hexdigest()


@dataclass(frozen=True)
class SimJob:
    """What to simulate: everything a worker needs to play game ``index`` (picklable, small), and
    whether to send each game's summary back (``keep_games``) or only the chunk's totals."""

    edition: str
    seats: tuple[str, ...]
    seed: int
    options: dict = field(default_factory=dict)
    max_rounds: int | None = None
    keep_games: bool = False
    # The house-rules lab's extra facts per game (``sim.lab``): total cash by round, the winners' full sets.
    lab: bool = False


@cache
def _board_size(edition: str) -> int:
    from ..editions import load

    return len(load(edition).board)


def game_summary(job: SimJob, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``job`` and summarise it as plain data.

    Fields: ``index``, ``seed``, ``turns``, ``rounds``, ``end_reason``, ``winners`` (seats),
    ``cash`` and ``net_worth`` (per seat, at the end), ``landings`` (where each move
    ended: one count per space, then In Jail; see ``simulate``), ``rents`` (rent owed on each
    space), ``first_player`` (the seat that moved first), ``digest`` (``game_digest``) and ``bot_faults``
    (external bots' faults by code: ``crash``, ``timeout``, ``illegal``, ...; empty for built-in bots).
    """
    seed = game_seed(job.seed, index)
    size = _board_size(job.edition)
    counts = [0] * (size + 1)
    rents = [0] * size
    agents = make_agents(job.seats, seed, load(job.edition))
    cash_by_round: list[int] = []
    playing = agents if not job.lab else [RoundCashProbe(agent, cash_by_round) for agent in agents]
    g = play_game(
        job.edition,
        list(job.seats),
        seed,
        job.options,
        job.max_rounds,
        agents=playing,
        landing_counts=counts,
        rent_counts=rents,
    )
    s = g.state
    faults: dict[str, int] = {}
    for agent in agents:
        for fault in getattr(agent, "faults", ()):
            faults[fault.code] = faults.get(fault.code, 0) + 1
    summary: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "turns": s.turns,
        "rounds": s.round,
        "end_reason": s.end_reason,
        "winners": list(s.winners),
        "cash": list(s.cash),
        "net_worth": [g.net_worth(p) for p in range(len(job.seats))],
        "landings": counts,
        "rents": rents,
        "first_player": s.first_player,
        "digest": game_digest(g),
        "bot_faults": faults,
    }
    if job.lab:
        summary["cash_by_round"] = cash_by_round
        summary["winner_sets"] = winner_sets(g)
    return summary


class RoundCashProbe:
    """Wraps a bot and notes the players' total cash at the first decision of each round (the lab's
    "cash in circulation"); it passes every prompt on unchanged, so the game is the one the bot plays alone."""

    def __init__(self, agent: Any, cash_by_round: list[int]) -> None:
        self.agent = agent
        self.cash_by_round = cash_by_round

    def act(self, view: Any, prompt: Any) -> Any:
        s = view._game.state
        while len(self.cash_by_round) < s.round:
            self.cash_by_round.append(sum(s.cash))
        return self.agent.act(view, prompt)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)


def winner_sets(game: Game) -> list[str]:
    """The groups (colour sets, and railroads or utilities where the edition groups them) that a winner
    owned whole at the end, sorted; empty for a family that keeps no per-space owner."""
    owner = getattr(game.state, "owner", None)
    if owner is None:
        return []
    members: dict[str, list[int]] = {}
    for space in game.edition.board:
        group = getattr(space, "group", None)
        if group:
            members.setdefault(group, []).append(space.position)
    winners = set(game.state.winners)
    return sorted(
        g for g, spaces in members.items() if owner[spaces[0]] in winners and len({owner[p] for p in spaces}) == 1
    )


@dataclass
class ChunkResult:
    """What one backend task sends back: the totals of games ``start .. stop-1``, their summaries when
    the job keeps them, and the time the worker spent playing them."""

    start: int
    stop: int
    totals: Any  # sim.stats.Aggregate
    games: list[dict[str, Any]] | None
    seconds: float


def play_chunk(job: SimJob, start: int, stop: int) -> ChunkResult:
    """Play games ``start .. stop-1`` of ``job`` (what one backend task runs)."""
    from ..editions import load
    from .stats import Aggregate

    began = time.perf_counter()
    totals = Aggregate(load(job.edition), list(job.seats))
    kept: list[dict[str, Any]] | None = [] if job.keep_games else None
    for i in range(start, stop):
        summary = game_summary(job, i)
        totals.add(summary)
        if kept is not None:
            kept.append(summary)
    return ChunkResult(start, stop, totals, kept, time.perf_counter() - began)


def warm_up(job: SimJob) -> None:
    """What the first game would otherwise pay for: the edition's tables, its rules and bots imported."""
    from ..editions import load
    from ..engine.errors import OpenMonopolyError

    try:
        _board_size(job.edition)
        Game(load(job.edition), len(job.seats), seed=0, options=_options(job.options, job.max_rounds))
        for seat, kind in enumerate(job.seats):
            make_bot(kind, seat)
    except (OpenMonopolyError, ValueError):
        pass  # a bad job: its first game reports the error where the caller sees it


@dataclass
class SimulationRun:
    """A finished (or interrupted) simulation: the result dict and the per-game summaries by game index."""

    result: dict[str, Any]
    games: list[dict[str, Any]]

    @property
    def interrupted(self) -> bool:
        return bool(self.result.get("interrupted"))


def run_simulation(
    edition: str,
    games: int,
    seed: int,
    seats: list[str],
    options: dict | None = None,
    max_rounds: int | None = None,
    *,
    backend: Any = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep_games: bool = True,
    lab: bool = False,
) -> SimulationRun:
    """Play ``games`` bot games on a backend and aggregate them (see ``simulate`` for the result).

    ``backend``: ``"local"`` (default: in this process for one worker, else a process pool
    of ``workers``, default all cores), ``"inprocess"``, ``"process"``, ``"ray"`` (a local Ray,
    or the cluster at ``address``) or a ``sim.backends.Backend``. ``progress(done, total)`` is
    called after each chunk. ``keep_games``: return every game's summary (``SimulationRun.games``);
    without it memory stays the same however many games are played. ``lab``: each summary also carries
    ``cash_by_round`` and ``winner_sets`` (the house-rules lab's facts, ``sim.lab``). Ctrl-C (KeyboardInterrupt)
    stops the run: pending chunks are cancelled and the result covers the games that finished,
    with ``"interrupted": True``.

    The rates (``games_per_sec``, ``player_turns_per_sec``) divide by ``seconds``, the time from
    the moment the backend is ready (workers started, engine imported) to the last game;
    ``startup_seconds`` is the time it took to get ready; ``player_turns_per_worker_sec`` is the
    rate of one worker (player-turns over the time the workers spent in their games).
    """
    from .backends import make_backend, plan_chunks, stop_signals_held
    from .stats import Aggregate

    if games < 0:
        raise ValueError("games must be >= 0")
    from ..editions import load

    ed = load(edition)
    job = SimJob(edition, tuple(seats), seed, dict(options or {}), max_rounds, keep_games, lab)
    began = time.perf_counter()
    agg = Aggregate(ed, list(seats))
    kept: list[dict[str, Any]] = []
    be = make_backend(backend, workers=workers, address=address, games=games)
    interrupted = False
    chunks: list[tuple[int, int]] = []
    ready = began
    worker_seconds = 0.0
    try:
        be.start(job)  # a pool or Ray starts here, so Ctrl-C while it starts is caught too
        ready = time.perf_counter()
        chunks = plan_chunks(games, be.workers, chunk_size)
        for chunk in be.run(job, chunks):
            with stop_signals_held():
                agg.merge(chunk.totals)
                worker_seconds += chunk.seconds
                if chunk.games is not None:
                    kept += chunk.games
            if progress is not None:
                progress(agg.count, games)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        finished = time.perf_counter()
        be.close()
    played = finished - ready
    result = agg.result(
        edition=edition,
        seed=seed,
        options=dict(options or {}),
        max_rounds=max_rounds,
        seconds=played,
        requested=games,
        startup_seconds=ready - began,
    )
    # Per core: the workers' own time in their games (no start-up, no waiting for results).
    result["player_turns_per_worker_sec"] = agg.player_turns / max(worker_seconds, 1e-9)
    result["backend"] = be.name
    result["workers"] = be.workers
    result["chunk_size"] = chunks[0][1] - chunks[0][0] if chunks else None
    result["interrupted"] = interrupted
    kept.sort(key=lambda g: g["index"])
    return SimulationRun(result, kept)


def simulate(
    edition: str,
    games: int,
    seed: int,
    seats: list[str],
    options: dict | None = None,
    max_rounds: int | None = None,
    **run: Any,
) -> dict[str, Any]:
    """Play ``games`` bot games and summarise them as one JSON-serialisable dict.

    ``landings.positions[i].count``: moves (each ``moved`` event: a dice move or a
    card's move) that ended on space ``i``; ``landings.in_jail``: moves that ended
    in jail instead (the Go-to-Jail space, or a go-to-jail card drawn where the
    move ended). Jail after three doubles is not a move and is not counted. So
    the counts and ``in_jail`` add up to ``moves``.

    ``run``: ``backend``, ``workers``, ``chunk_size``, ``address``, ``progress`` (see
    ``run_simulation``); by default the games are played in this process (a process pool
    when ``workers`` > 1 is given, Ray when ``address`` is). The result also
    says ``backend``, ``workers``, ``chunk_size`` and ``interrupted``; after Ctrl-C ``games``
    counts the games that finished (``games_requested`` the games asked for) and
    ``digest`` covers those.
    """
    if run.get("backend") is None:
        run["backend"] = "ray" if run.get("address") else "local" if (run.get("workers") or 1) > 1 else "inprocess"
    return run_simulation(edition, games, seed, seats, options, max_rounds, keep_games=False, **run).result
