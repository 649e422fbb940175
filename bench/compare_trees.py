"""A/B speed of two source trees of openmonopoly, measured in one run.

    .venv/bin/python bench/compare_trees.py OTHER_SRC [--games 100] [--rounds 5] [--edition classic]

Times the same bot games (4 heuristic bots, events off, one process each) with this checkout's
``src/`` and with ``OTHER_SRC`` (for example a ``git worktree add /tmp/base <commit>`` whose
compiled core was built with ``python tools/build_native.py`` there), alternating the two
``--rounds`` times, and prints the median player-turns per CPU-second of each and their ratio.
Alternating in one run is what makes a ratio trustworthy on a noisy machine. Each child says
which engine it ran (compiled or pure Python): compare like with like.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"

CHILD = """
import json, sys, time
from openmonopoly import _native
from openmonopoly.sim.runner import game_seed, play_game
edition, games, seats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
turns = 0
start = time.process_time()
for i in range(games):
    turns += play_game(edition, ["heuristic"] * seats, game_seed(1, i)).state.turns
print(json.dumps({"engine": _native.status(), "rate": turns / max(time.process_time() - start, 1e-9)}))
"""


def measure(src: Path, edition: str, games: int, seats: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, "-c", CHILD, edition, str(games), str(seats)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("other", type=Path, help="the other tree's src/ directory")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--seats", type=int, default=4)
    args = ap.parse_args(argv)
    trees = {"this": HERE, "other": args.other.resolve()}
    rates: dict[str, list[float]] = {k: [] for k in trees}
    engines: dict[str, str] = {}
    for _ in range(args.rounds):
        for name, src in trees.items():
            result = measure(src, args.edition, args.games, args.seats)
            rates[name].append(result["rate"])
            engines[name] = result["engine"]
    for name in trees:
        print(
            f"{name:6} {trees[name]}  [{engines[name]}]  median {statistics.median(rates[name]):,.0f} "
            f"player-turns/CPU-s  (runs: {', '.join(f'{r:,.0f}' for r in rates[name])})"
        )
    ratio = statistics.median(rates["this"]) / statistics.median(rates["other"])
    print(f"this / other = {ratio:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
