"""Bot-only games and batch simulation.

Seeds: game ``i`` of ``simulate(..., seed=S)`` uses ``game_seed(S, i)``, the first
8 bytes (big-endian, top bit cleared) of ``sha256("openmonopoly-sim:S:i")``; the
bot in seat ``k`` of a game with seed ``G`` gets ``agent_seed(G, k)`` from
``sha256("openmonopoly-agent:G:k")`` the same way. Both are independent of
Python's hash seed and of the platform, so a (edition, seats, options, seed)
simulation is reproducible anywhere and its ``digest`` can be compared.
"""
from __future__ import annotations

import hashlib
import time
from typing import Any

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
    views = [game.view(p) for p in range(len(seats))]
    act = game.act
    while True:
        prompt = game.prompt
        if prompt is None:
            break
        player = prompt.player
        act(player, agents[player].act(views[player], prompt))
    if landing_counts is not None:
        game.landing_counts = None  # type: ignore[attr-defined]
    return game


def _percentile(sorted_values: list[int], q: float) -> float:
    """Linear-interpolated percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    k = (len(sorted_values) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return float(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo))


def simulate(edition: str, games: int, seed: int, seats: list[str], options: dict | None = None,
             max_rounds: int | None = None) -> dict[str, Any]:
    """Play ``games`` bot games and summarise them as one JSON-serialisable dict.

    ``landings.positions[i].count``: moves (each ``moved`` event: a dice move or a
    card's move) that ended on space ``i``; ``landings.in_jail``: moves that ended
    in jail instead (the Go-to-Jail space, or a go-to-jail card drawn where the
    move ended). Jail after three doubles is not a move and is not counted. So
    the counts and ``in_jail`` add up to ``moves``.
    """
    if games < 0:
        raise ValueError("games must be >= 0")
    from ..editions import load

    ed = load(edition)
    size = len(ed.board)
    counts = [0] * (size + 1)
    wins = [0.0] * len(seats)
    end_reasons: dict[str, int] = {}
    turns: list[int] = []
    digest = hashlib.sha256()
    start = time.perf_counter()
    for i in range(games):
        g = play_game(edition, seats, game_seed(seed, i), options, max_rounds, landing_counts=counts)
        s = g.state
        winners = s.winners
        for w in winners:
            wins[w] += 1.0 / len(winners)
        end_reasons[s.end_reason] = end_reasons.get(s.end_reason, 0) + 1
        turns.append(s.turns)
        digest.update(g.digest().encode())
    elapsed = max(time.perf_counter() - start, 1e-9)
    ordered = sorted(turns)
    total_turns = sum(turns)
    return {
        "edition": edition,
        "games": games,
        "seed": seed,
        "seats": list(seats),
        "options": dict(options or {}),
        "max_rounds": max_rounds,
        "wins": [round(w, 6) for w in wins],
        "end_reasons": dict(sorted(end_reasons.items())),
        "turns": {
            "mean": total_turns / games if games else 0.0,
            "p50": _percentile(ordered, 0.5),
            "p95": _percentile(ordered, 0.95),
            "max": ordered[-1] if ordered else 0,
        },
        "landings": {
            "positions": [{"position": p, "name": ed.board[p].name, "count": counts[p]} for p in range(size)],
            "in_jail": counts[size],
            "moves": sum(counts),
        },
        "games_per_sec": games / elapsed,
        "player_turns_per_sec": total_turns / elapsed,
        "seconds": elapsed,
        "digest": digest.hexdigest(),
    }
