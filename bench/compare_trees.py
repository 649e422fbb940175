"""A/B speed of two source trees of openmonopoly, measured in one run.

    .venv/bin/python bench/compare_trees.py OTHER_SRC [--games 100] [--rounds 5] [--edition classic]

Times the same bot games (4 heuristic bots, events off, one process each) with this checkout's
``src/`` and with ``OTHER_SRC`` (for example a ``git worktree add /tmp/base <commit>`` whose
compiled core was built with ``python tools/build_native.py`` there), alternating the two
``--rounds`` times, and prints the median player-turns per CPU-second of each and their ratio.
Alternating in one run is what makes a ratio trustworthy on a noisy machine. Each child says
which engine it ran (compiled or pure Python): compare like with like.

``--instructions`` counts machine instructions per player-turn instead (under valgrind's callgrind,
which must be installed): the count does not depend on what else the machine is doing, so one round
settles a difference of a few per cent that timing on a busy machine cannot. Each tree plays ``--games``
and then ten times as many; the difference of the two counts over the difference of their turns is the
cost of a turn without the start-up. Fewer instructions is faster, though not in exact proportion.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import instructions  # noqa: E402  (bench/instructions.py: the callgrind counting, shared)

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
print(json.dumps({"engine": _native.status(), "rate": turns / max(time.process_time() - start, 1e-9), "turns": turns}))
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


def per_turn(src: Path, edition: str, games: int, seats: int) -> tuple[float, str]:
    """Instructions per player-turn under callgrind, start-up cancelled (bench/instructions.py)."""
    return instructions.game_turn(edition, games, src, seats)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("other", type=Path, help="the other tree's src/ directory")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--instructions", action="store_true", help="count instructions (valgrind) instead of timing")
    args = ap.parse_args(argv)
    trees = {"this": HERE, "other": args.other.resolve()}
    if args.instructions:
        costs = {}
        for name, src in trees.items():
            costs[name], engine = per_turn(src, args.edition, args.games, args.seats)
            print(f"{name:6} {src}  [{engine}]  {costs[name]:,.0f} instructions per player-turn")
        print(f"other / this = {costs['other'] / costs['this']:.3f}  (above 1: this tree does less work)")
        return 0
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
