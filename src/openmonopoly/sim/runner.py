"""Bot-only games and batch simulation.

Seeds: game ``i`` of ``simulate(..., seed=S)`` uses ``game_seed(S, i)``, the first
8 bytes (big-endian, top bit cleared) of ``sha256("openmonopoly-sim:S:i")``; the
bot in seat ``k`` of a game with seed ``G`` gets ``agent_seed(G, k)`` from
``sha256("openmonopoly-agent:G:k")`` the same way. Both are independent of
Python's hash seed and of the platform, so a (edition, seats, options, seed)
simulation is reproducible anywhere and its ``digest`` can be compared.

A simulation is a ``SimJob`` whose games are played in chunks of game indices by a
backend (``sim.backends``: in this process, a local process pool or Ray); each game
becomes a small summary (``game_summary``) and ``sim.stats`` folds the summaries into
the result. A game depends only on its index, so the result, and its ``digest`` (over
every game's record digest in game-index order), is the same for any backend, worker
count and chunk size.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from ..agents import make_agent
from ..engine.game import Game


def _derive(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


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


def play_game(edition: str, seats: list[str], seed: int, options: dict | None = None,
              max_rounds: int | None = None, events: bool = False, *, agents: list | None = None,
              landing_counts: list[int] | None = None) -> Game:
    """Play one game between bots (``seats``: bot kinds, e.g. ``["heuristic"] * 4``) to its end.

    ``agents`` replaces the bots made from ``seats`` (one object per seat);
    ``landing_counts`` (board size + 1 zeros) collects where moves end (see ``simulate``).
    """
    if agents is None:
        if any(kind == "human" for kind in seats):
            raise ValueError("play_game is for bots only; 'human' cannot sit here")
        agents = [make_agent(kind, agent_seed(seed, k)) for k, kind in enumerate(seats)]
    elif len(agents) != len(seats):
        raise ValueError("one agent per seat")
    game = Game(edition, len(seats), seed=seed, options=_options(options, max_rounds), events=events)
    if landing_counts is not None:
        game.landing_counts = landing_counts  # type: ignore[attr-defined]
    game.play_out(agents)
    if landing_counts is not None:
        game.landing_counts = None  # type: ignore[attr-defined]
    return game


@dataclass(frozen=True)
class SimJob:
    """What to simulate: everything a worker needs to play game ``index`` (picklable, small)."""
    edition: str
    seats: tuple[str, ...]
    seed: int
    options: dict = field(default_factory=dict)
    max_rounds: int | None = None


@lru_cache(maxsize=None)
def _board_size(edition: str) -> int:
    from ..editions import load

    return len(load(edition).board)


def game_summary(job: SimJob, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``job`` and summarise it as plain data.

    Fields: ``index``, ``seed``, ``turns``, ``rounds``, ``end_reason``, ``winners`` (seats),
    ``cash`` and ``net_worth`` (per seat, at the end), ``landings`` (where each move
    ended: one count per space, then In Jail; see ``simulate``) and ``digest`` (the
    game record's).
    """
    seed = game_seed(job.seed, index)
    counts = [0] * (_board_size(job.edition) + 1)
    g = play_game(job.edition, list(job.seats), seed, job.options, job.max_rounds, landing_counts=counts)
    s = g.state
    return {
        "index": index,
        "seed": seed,
        "turns": s.turns,
        "rounds": s.round,
        "end_reason": s.end_reason,
        "winners": list(s.winners),
        "cash": list(s.cash),
        "net_worth": [g.net_worth(p) for p in range(len(job.seats))],
        "landings": counts,
        "digest": g.digest(),
    }


def play_chunk(job: SimJob, start: int, stop: int) -> list[dict[str, Any]]:
    """The summaries of games ``start .. stop-1`` (what one backend task runs)."""
    return [game_summary(job, i) for i in range(start, stop)]


@dataclass
class SimulationRun:
    """A finished (or interrupted) simulation: the result dict and the per-game summaries by game index."""
    result: dict[str, Any]
    games: list[dict[str, Any]]

    @property
    def interrupted(self) -> bool:
        return bool(self.result.get("interrupted"))


def run_simulation(edition: str, games: int, seed: int, seats: list[str], options: dict | None = None,
                   max_rounds: int | None = None, *, backend: Any = None, workers: int | None = None,
                   chunk_size: int | None = None, address: str | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   keep_games: bool = True) -> SimulationRun:
    """Play ``games`` bot games on a backend and aggregate them (see ``simulate`` for the result).

    ``backend``: ``"local"`` (default: in this process for one worker, else a process pool
    of ``workers``, default all cores), ``"inprocess"``, ``"process"``, ``"ray"`` (a local Ray,
    or the cluster at ``address``) or a ``sim.backends.Backend``. ``progress(done, total)`` is
    called after each chunk. Ctrl-C (KeyboardInterrupt) stops the run: pending chunks are
    cancelled and the result covers the games that finished, with ``"interrupted": True``.
    """
    import time

    from .backends import make_backend, plan_chunks
    from .stats import Aggregate

    if games < 0:
        raise ValueError("games must be >= 0")
    from ..editions import load

    ed = load(edition)
    job = SimJob(edition, tuple(seats), seed, dict(options or {}), max_rounds)
    start = time.perf_counter()
    agg = Aggregate(ed, list(seats), keep_games=keep_games)
    be = make_backend(backend, workers=workers, address=address)
    interrupted = False
    chunks: list[tuple[int, int]] = []
    try:
        be.start()                       # a pool or Ray starts here, so Ctrl-C while it starts is caught too
        chunks = plan_chunks(games, be.workers, chunk_size)
        for summaries in be.run(job, chunks):
            for summary in summaries:
                agg.add(summary)
            if progress is not None:
                progress(agg.count, games)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        be.close()
    elapsed = max(time.perf_counter() - start, 1e-9)
    result = agg.result(edition=edition, seed=seed, options=dict(options or {}), max_rounds=max_rounds,
                        seconds=elapsed, requested=games)
    result["backend"] = be.name
    result["workers"] = be.workers
    result["chunk_size"] = chunks[0][1] - chunks[0][0] if chunks else None
    result["interrupted"] = interrupted
    return SimulationRun(result, agg.games())


def simulate(edition: str, games: int, seed: int, seats: list[str], options: dict | None = None,
             max_rounds: int | None = None, **run: Any) -> dict[str, Any]:
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
