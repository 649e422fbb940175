"""Character balance of the Mandalorian edition: heuristic bots, characters rotated over the seats.

    .venv/bin/python bench/mandalorian_balance.py [--games 2000] [--players 4] [--seed 1]
                                                  [--workers 2] [--data FILE] [--json]

Every seat is the heuristic bot; seats are named after the characters, so each
seat plays a known character. Games come in blocks that share one game seed:
with 4 players a block is the 4 cyclic rotations of (The Mandalorian,
Bo-Katan Kryze, Ahsoka Tano, Boba Fett) over the seats; with 2 or 3 players it is
every ordered choice of 2 or 3 of the 4 characters (12 or 24 games), so every
character meets every other one in every seat. Game ``i`` uses lineup
``i % block`` and seed ``game_seed(seed, i // block)``; the numbers are
reproducible for a given (data, games, players, seed), whatever ``--workers``.

Printed per character: the win rate over the games it played that had a winner
(a tie counts 1/k to each of k tied winners), with a 95 % confidence interval
(normal approximation), next to the fair rate 1/players; with 4 players this is
each character's share of the wins. Also the end reasons (Moff Gideon defeated,
Grogu captured), and the mean / 95th percentile / max number of turns.

``--data FILE`` plays an edition JSON file other than the shipped
``editions/data/mandalorian.json`` (used to try candidate values before
writing them into the data file).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

try:
    from openmonopoly.agents import make_agent
    from openmonopoly.engine.game import Game
    from openmonopoly.sim.runner import agent_seed, game_seed
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from openmonopoly.agents import make_agent
    from openmonopoly.engine.game import Game
    from openmonopoly.sim.runner import agent_seed, game_seed

from openmonopoly.editions import load
from openmonopoly.editions.schema import load_edition_file

_EDITION = None


def lineups(names: list[str], players: int) -> list[tuple[int, ...]]:
    """The block of lineups (character indexes by seat) for ``players`` seats."""
    k = len(names)
    if players == k:
        return [tuple((s + r) % k for s in range(k)) for r in range(k)]
    return list(itertools.permutations(range(k), players))


def _init(data: str | None) -> None:
    global _EDITION
    _EDITION = load_edition_file(data) if data else load("mandalorian")


def _play(job: tuple[int, int, tuple[int, ...], list[str]]) -> tuple[tuple[int, ...], list[int], str, int, list[int]]:
    index, seed, lineup, names = job
    seats = [names[c] for c in lineup]
    game = Game(_EDITION, seats, seed=seed, events=False)
    game.play_out([make_agent("heuristic", agent_seed(seed, k)) for k in range(len(seats))])
    s = game.state
    return lineup, list(s.winners), s.end_reason, s.turns, list(s.cash)


def run(games: int, players: int, seed: int, workers: int, data: str | None) -> dict:
    _init(data)
    names = [c.name for c in _EDITION.mando.characters]
    block = lineups(names, players)
    jobs = [(i, game_seed(seed, i // len(block)), block[i % len(block)], names) for i in range(games)]
    start = time.perf_counter()
    if workers > 1:
        with Pool(workers, initializer=_init, initargs=(data,)) as pool:
            results = pool.map(_play, jobs, chunksize=max(1, games // (workers * 8)))
    else:
        results = [_play(j) for j in jobs]
    elapsed = time.perf_counter() - start

    k = len(names)
    played = [0] * k  # games with a winner in which the character sat
    wins = [0.0] * k
    cash = [0] * k
    reasons: dict[str, int] = {}
    turns = []
    for lineup, winners, reason, t, final in results:
        reasons[reason] = reasons.get(reason, 0) + 1
        turns.append(t)
        if not winners:
            continue
        for seat, c in enumerate(lineup):
            played[c] += 1
            cash[c] += final[seat]
        for w in winners:
            wins[lineup[w]] += 1.0 / len(winners)
    rows = []
    for c in range(k):
        n = played[c]
        p = wins[c] / n if n else 0.0
        half = 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.0
        rows.append(
            {
                "character": names[c],
                "games_with_winner": n,
                "wins": round(wins[c], 3),
                "rate": p,
                "ci95": [p - half, p + half],
                "mean_final_credits": cash[c] / n if n else 0.0,
            }
        )
    ordered = sorted(turns)
    return {
        "data": data or "editions/data/mandalorian.json",
        "games": games,
        "players": players,
        "seed": seed,
        "fair_rate": 1 / players,
        "characters": rows,
        "end_reasons": dict(sorted(reasons.items())),
        "turns": {
            "mean": sum(turns) / games if games else 0.0,
            "p95": ordered[int(0.95 * (games - 1))] if games else 0,
            "max": ordered[-1] if games else 0,
        },
        "seconds": round(elapsed, 1),
    }


def show(r: dict) -> None:
    print(f"{r['games']} games, {r['players']} players, seed {r['seed']}, data {r['data']} ({r['seconds']} s)")
    print(
        f"{'character':<16} {'games':>6} {'win rate':>9} {'95% CI':>16} {'mean credits':>13}"
        f"   (fair {100 * r['fair_rate']:.1f} %)"
    )
    for row in r["characters"]:
        lo, hi = row["ci95"]
        print(
            f"{row['character']:<16} {row['games_with_winner']:>6} {100 * row['rate']:>8.1f}% "
            f"{f'{100 * lo:.1f}-{100 * hi:.1f} %':>16} {row['mean_final_credits']:>13.0f}"
        )
    total = sum(r["end_reasons"].values())
    print("end: " + ", ".join(f"{k} {v} ({100 * v / total:.1f} %)" for k, v in r["end_reasons"].items()))
    t = r["turns"]
    print(f"turns: mean {t['mean']:.1f}, p95 {t['p95']}, max {t['max']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per player count (default 2000)")
    ap.add_argument("--players", default="4", help="player counts, comma-separated (default 4)")
    ap.add_argument("--seed", type=int, default=1, help="root seed (default 1)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--data", default=None, help="edition JSON to play instead of the shipped one")
    ap.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = ap.parse_args(argv)
    out = [run(args.games, int(n), args.seed, args.workers, args.data) for n in args.players.split(",")]
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for i, r in enumerate(out):
            if i:
                print()
            show(r)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
