"""A match of the search bot against three heuristic bots: the mcts seat's win rate.

    .venv/bin/python bench/mcts_match.py [--games 200] [--iterations 24] [--time-limit S]
        [--horizon 6] [--tree-depth 2] [--rollout heuristic] [--edition classic] [--seed 1]
        [--max-rounds N] [--workers 2] [--json FILE]

Game ``i`` uses ``game_seed(seed, i)`` (``sim.runner``) and puts the mcts bot in seat ``i % 4``
(the seats rotate, so no seat order favours it); the other seats are heuristic bots seeded as
``play_game`` seeds them. A shared win counts as a fraction. Prints the mcts win rate with a 95%
Wilson confidence interval, the win rate of the heuristic seats in the same games, and the exact
command line. With ``--iterations`` (no ``--time-limit``) a match is deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
import time
from multiprocessing import Pool
from pathlib import Path

try:
    import openmonopoly  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from openmonopoly.agents import make_agent
from openmonopoly.agents.mcts import MCTSAgent
from openmonopoly.sim.runner import agent_seed, game_seed, play_game

SEATS = 4


def play_one(job: tuple) -> dict:
    i, args = job
    seed = game_seed(args["seed"], i)
    seat = i % SEATS
    agents = [make_agent("heuristic", agent_seed(seed, k)) for k in range(SEATS)]
    bot = MCTSAgent(
        agent_seed(seed, seat),
        iterations=args["iterations"],
        time_limit=args["time_limit"],
        rollout=args["rollout"],
        horizon=args["horizon"],
        tree_depth=args["tree_depth"],
    )
    agents[seat] = bot
    start = time.perf_counter()
    g = play_game(args["edition"], ["heuristic"] * SEATS, seed, max_rounds=args["max_rounds"], agents=agents)
    winners = g.winners
    return {
        "game": i,
        "seed": seed,
        "seat": seat,
        "winners": winners,
        "mcts_win": (1.0 / len(winners)) if seat in winners else 0.0,
        "turns": g.state.turns,
        "end": g.state.end_reason,
        "seconds": time.perf_counter() - start,
        **bot.stats,
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--iterations", type=int, default=24, help="iterations per searched decision")
    ap.add_argument(
        "--time-limit",
        type=float,
        default=None,
        help="seconds per searched decision (replaces the iteration budget; not deterministic)",
    )
    ap.add_argument("--horizon", type=int, default=6, help="rollout horizon in rounds (0: to the end)")
    ap.add_argument("--tree-depth", type=int, default=2)
    ap.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic")
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--seed", type=int, default=1, help="root seed of the match")
    ap.add_argument("--max-rounds", type=int, default=None, help="game limit (default: none, play to the end)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--json", default=None, help="also write every game's result to this file")
    args = ap.parse_args(argv)
    cfg = {
        "seed": args.seed,
        "iterations": args.iterations,
        "time_limit": args.time_limit,
        "rollout": args.rollout,
        "horizon": args.horizon or None,
        "tree_depth": args.tree_depth,
        "edition": args.edition,
        "max_rounds": args.max_rounds,
    }
    command = " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv])
    jobs = [(i, cfg) for i in range(args.games)]
    start = time.perf_counter()
    results: list[dict] = []
    with Pool(args.workers) as pool:
        for r in pool.imap_unordered(play_one, jobs):
            results.append(r)
            done = len(results)
            rate = sum(x["mcts_win"] for x in results) / done
            print(
                f"[{done}/{args.games}] game {r['game']} seat {r['seat']} winners {r['winners']} "
                f"({r['end']}, {r['turns']} turns, {r['seconds']:.1f}s)  mcts so far {rate:.3f}",
                file=sys.stderr,
                flush=True,
            )
    elapsed = time.perf_counter() - start
    results.sort(key=lambda x: x["game"])
    n = len(results)
    wins = sum(x["mcts_win"] for x in results)
    lo, hi = wilson(wins, n)
    others = (n - wins) / (SEATS - 1) / n if n else 0.0
    searched = sum(x["searched"] for x in results)
    deviations = sum(x["deviations"] for x in results)
    summary = {
        "command": command,
        "games": n,
        "edition": args.edition,
        "config": cfg,
        "mcts_wins": wins,
        "mcts_win_rate": wins / n if n else 0.0,
        "ci95": [lo, hi],
        "heuristic_seat_win_rate": others,
        "end_reasons": {},
        "searched_decisions": searched,
        "deviations_from_heuristic": deviations,
        "seconds": elapsed,
    }
    for x in results:
        summary["end_reasons"][x["end"]] = summary["end_reasons"].get(x["end"], 0) + 1
    print(f"command: {command}")
    print(
        f"mcts vs 3 heuristic on {args.edition}: {n} games, mcts seat won {wins:g} "
        f"= {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%}); each heuristic seat {others:.1%}; "
        f"equal strength would be {1 / SEATS:.0%}"
    )
    print(
        f"searched decisions {searched}, answers differing from the heuristic {deviations}, "
        f"end reasons {summary['end_reasons']}, {elapsed:.0f}s on {args.workers} workers"
    )
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "games": results}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
