"""Engine speed: bot games per second on one core, events off.

    .venv/bin/python bench/engine_speed.py [--games 200] [--seed 1] [--json]
        [--compare-pure [--rounds 3] [--edition classic|all]]

Rows: 4 heuristic bots on classic playing to the end, and 4 random bots on
classic with a 100-round limit (random bots rarely bankrupt each other).

Both wall-clock and CPU time (``time.process_time``) are reported: on a loaded
machine the CPU figure is what one free core would do. The last line compares
the heuristic row with the speed target (150,000 player-turns/s). The first
line says which engine ran: the compiled core (``make native``) or pure Python.

``--compare-pure`` times the heuristic case with this engine and with the
pure-Python sources (a child process with ``OPENMONOPOLY_PURE=1``), alternating
``--rounds`` times, and prints the median of each and their ratio: a speed-up
measured in one run, which a noisy machine distorts far less than two runs. ``--edition`` picks the
edition of that comparison (heuristic bots, 4 seats; 3 on Empire), ``--edition all`` compares every
edition, one row each.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

try:
    from openmonopoly import _native
    from openmonopoly.sim import play_game
    from openmonopoly.sim.runner import game_seed
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from openmonopoly import _native
    from openmonopoly.sim import play_game
    from openmonopoly.sim.runner import game_seed

TARGET = 150_000  # player-turns/s, 4 heuristic bots on classic: the engine's speed target

EDITIONS = ["classic", "starwars40", "sailormoon", "clonewars", "mandalorian", "empire"]
CASES = [
    ("heuristic x4, classic", "classic", ["heuristic"] * 4, None),
    ("random x4, classic, max-rounds 100", "classic", ["random"] * 4, 100),
]


def run(label: str, edition: str, seats: list[str], max_rounds: int | None, games: int, seed: int) -> dict:
    turns = 0
    ended: dict[str, int] = {}
    start = time.perf_counter()
    cpu_start = time.process_time()
    for i in range(games):
        g = play_game(edition, seats, game_seed(seed, i), max_rounds=max_rounds)
        turns += g.state.turns
        ended[g.state.end_reason] = ended.get(g.state.end_reason, 0) + 1
    cpu = max(time.process_time() - cpu_start, 1e-9)
    elapsed = max(time.perf_counter() - start, 1e-9)
    return {
        "case": label,
        "edition": edition,
        "seats": seats,
        "max_rounds": max_rounds,
        "games": games,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(cpu, 3),
        "games_per_sec": round(games / elapsed, 2),
        "player_turns": turns,
        "player_turns_per_sec": round(turns / elapsed, 1),
        "player_turns_per_cpu_sec": round(turns / cpu, 1),
        "end_reasons": ended,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per case (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="root seed (default 1)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument(
        "--compare-pure",
        action="store_true",
        help="time the heuristic case compiled and pure-Python, alternating, and print the ratio",
    )
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --compare-pure (default 3)")
    ap.add_argument(
        "--edition",
        default="classic",
        choices=[*EDITIONS, "all"],
        help="the edition --compare-pure times (default classic; all: one row per edition)",
    )
    ap.add_argument("--pure-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    play_game("classic", ["heuristic"] * 4, game_seed(args.seed, -1))  # warm-up: imports, edition tables
    if args.pure_child:  # one timing of the heuristic case, for --compare-pure
        case = heuristic_case(args.edition)
        play_game(args.edition, case[2], game_seed(args.seed, -1))  # warm-up: this edition's tables
        print(json.dumps(run(*case, args.games, args.seed)))
        return 0
    if args.compare_pure:
        return compare_pure(args)
    rows = [run(label, ed, seats, mr, args.games, args.seed) for label, ed, seats, mr in CASES]
    if args.json:
        print(
            json.dumps(
                {
                    "games": args.games,
                    "seed": args.seed,
                    "python": sys.version.split()[0],
                    "target_player_turns_per_sec": TARGET,
                    "results": rows,
                },
                indent=2,
            )
        )
        return 0
    head = f"{'case':<36} {'games':>6} {'seconds':>8} {'games/s':>9} {'player-turns/s':>15} {'per CPU-second':>15}"
    print(f"engine: {_native.status()}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(
            f"{r['case']:<36} {r['games']:>6} {r['seconds']:>8.2f} {r['games_per_sec']:>9.1f} "
            f"{r['player_turns_per_sec']:>15.0f} {r['player_turns_per_cpu_sec']:>15.0f}"
        )
    best = rows[0]["player_turns_per_cpu_sec"]
    print(
        f"target: {TARGET:,} player-turns/s for heuristic x4 on one core; "
        f"this run: {best:,.0f} per CPU-second = {best / TARGET:.0%} of it"
    )
    return 0


def heuristic_case(edition: str) -> tuple[str, str, list[str], None]:
    """Heuristic bots playing ``edition`` to the end (3 seats on Empire, as bench/targets.py plays it)."""
    if edition == "classic":
        return CASES[0]
    seats = 3 if edition == "empire" else 4
    return (f"heuristic x{seats}, {edition}", edition, ["heuristic"] * seats, None)


def compare_pure(args: argparse.Namespace) -> int:
    """This engine against the pure-Python sources on heuristic games, rounds interleaved."""
    env = dict(os.environ, OPENMONOPOLY_PURE="1")
    rows = []
    for edition in EDITIONS if args.edition == "all" else [args.edition]:
        case = heuristic_case(edition)
        child = [sys.executable, __file__, "--pure-child", "--games", str(args.games), "--seed", str(args.seed)]
        child += ["--edition", edition]
        play_game(edition, case[2], game_seed(args.seed, -1))  # warm-up: this edition's tables
        here: list[float] = []
        pure: list[float] = []
        for _ in range(args.rounds):
            here.append(run(*case, args.games, args.seed)["player_turns_per_cpu_sec"])
            out = subprocess.run(child, env=env, capture_output=True, text=True, check=True).stdout
            pure.append(json.loads(out.splitlines()[-1])["player_turns_per_cpu_sec"])
        h, p = statistics.median(here), statistics.median(pure)
        rows.append(
            {
                "case": case[0],
                "edition": edition,
                "games": args.games,
                "rounds": args.rounds,
                "engine": _native.status(),
                "player_turns_per_cpu_sec": h,
                "pure_python_player_turns_per_cpu_sec": p,
                "ratio": round(h / p, 2),
            }
        )
    if args.json:
        print(json.dumps(rows[0] if len(rows) == 1 else rows, indent=2))
        return 0
    print(f"{args.games} games, median of {args.rounds} interleaved rounds (player-turns per CPU-second):")
    print(f"  {'case':<30} {_native.status():>24} {'pure Python':>12} {'ratio':>6} {'of target':>9}")
    for r in rows:
        h, p = r["player_turns_per_cpu_sec"], r["pure_python_player_turns_per_cpu_sec"]
        print(f"  {r['case']:<30} {h:>24,.0f} {p:>12,.0f} {h / p:>5.2f}x {h / TARGET:>9.0%}")
    print(f"  target: {TARGET:,} player-turns/s per core, every edition")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
