"""Instructions per player-turn and per RL step, counted under valgrind's callgrind: a speed figure no load moves.

    .venv/bin/python bench/instructions.py [--games 20] [--rl-steps 500] [--editions all|classic,...]
        [--src OTHER/src] [--json]

Timing on a shared machine swings by a third between runs; the number of machine instructions a piece
of work takes does not. Each case runs twice in a child process under callgrind, a small and a ten
times larger workload; the difference of the two counts over the difference of the work is the cost of
one unit without the start-up (imports, edition tables, the first game's caches). Fewer instructions is
faster, though not in exact proportion (cache misses and branch mispredictions are not counted).

Cases: every edition played by heuristic bots to the end (4 seats, 3 on Empire; instructions per
player-turn), and the reinforcement-learning step (``bench/rl_speed.py``'s PettingZoo loop on classic
with 4 seats and random legal indices; instructions per environment step, observation, mask and reward
included). The RL row needs the ``rl`` extra (NumPy, Gymnasium, PettingZoo) and is left out without it.

valgrind must be installed (``apt-get install valgrind``). A run of the defaults takes a few minutes
(callgrind runs code some 50 times slower). ``bench/compare_trees.py --instructions`` uses the same
counting to compare two source trees.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
EDITIONS = ["classic", "starwars40", "sailormoon", "clonewars", "mandalorian", "empire"]

# A child plays ``games`` bot games and prints what it did (the count is callgrind's, of the whole process).
GAMES_CHILD = """
import json, sys
from openmonopoly import _native
from openmonopoly.sim.runner import game_seed, play_game
edition, games, seats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
turns = 0
for i in range(games):
    turns += play_game(edition, ["heuristic"] * seats, game_seed(1, i)).state.turns
print(json.dumps({"engine": _native.status(), "units": turns}))
"""

# A child plays ``steps`` steps of the PettingZoo loop of bench/rl_speed.py.
RL_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[4])
from openmonopoly import _native
from rl_speed import aec_steps
edition, steps, seats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
aec_steps(edition, seats, steps, 1)
print(json.dumps({"engine": _native.status(), "units": steps}))
"""


def count(child: str, args: list[str], src: Path = SRC) -> tuple[int, dict]:
    """(instructions, the child's JSON line) of ``python -c child args`` run under callgrind with ``src`` first."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind): it counts the instructions")
    # One BLAS thread: NumPy's idle worker threads spin for a while after each call, and callgrind counts
    # their instructions too (some thousands per RL step, differing from run to run).
    env = dict(os.environ, PYTHONPATH=str(src), OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", child, *args]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1)), json.loads(out.stdout.strip().splitlines()[-1])


def per_unit(child: str, args: list[str], small: int, src: Path = SRC, scale: int = 10) -> tuple[float, str]:
    """Instructions per unit of work (a player-turn, a step) with start-up cancelled, and the engine used.

    ``args`` are the child's arguments with ``{n}`` where the amount of work goes: run with ``small``
    and ``small * scale``, the marginal cost is the difference of the counts over the difference of
    the units the child reports."""
    runs = []
    for n in (small, small * scale):
        runs.append(count(child, [a.format(n=n) for a in args], src))
    (few, few_out), (many, many_out) = runs
    return (many - few) / (many_out["units"] - few_out["units"]), few_out["engine"]


def game_turn(edition: str, games: int, src: Path = SRC, seats: int | None = None) -> tuple[float, str]:
    """Instructions per player-turn of heuristic bots on ``edition`` (4 seats, 3 on Empire)."""
    seats = seats or (3 if edition == "empire" else 4)
    return per_unit(GAMES_CHILD, [edition, "{n}", str(seats)], games, src)


def rl_step(steps: int, src: Path = SRC, edition: str = "classic", seats: int = 4) -> tuple[float, str]:
    """Instructions per step of the PettingZoo loop (observation, mask, reward, a random legal index)."""
    return per_unit(RL_CHILD, [edition, "{n}", str(seats), str(Path(__file__).resolve().parent)], steps, src)


def has_rl(src: Path) -> bool:
    env = dict(os.environ, PYTHONPATH=str(src))
    probe = "import numpy, gymnasium, pettingzoo, openmonopoly.rl"
    return subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True).returncode == 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games of the small run per edition (the large: 10x)")
    ap.add_argument("--rl-steps", type=int, default=500, help="steps of the small RL run (the large: 10x; 0: none)")
    ap.add_argument("--editions", default="all", help="comma-separated editions, or all (none: skip the bot games)")
    ap.add_argument("--src", type=Path, default=SRC, help="the source tree to measure (default: this checkout's)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    editions = EDITIONS if args.editions == "all" else [e for e in args.editions.split(",") if e and e != "none"]
    rows = []
    for edition in editions:
        cost, engine = game_turn(edition, args.games, args.src)
        seats = 3 if edition == "empire" else 4
        case = f"{edition}, heuristic x{seats}"
        rows.append({"case": case, "unit": "player-turn", "instructions": cost, "engine": engine})
        if not args.json:
            print(f"{rows[-1]['case']:<32} {cost:>10,.0f} per player-turn  [{engine}]", flush=True)
    if args.rl_steps:
        if has_rl(args.src):
            cost, engine = rl_step(args.rl_steps, args.src)
            case = "RL step, classic x4 (PettingZoo)"
            rows.append({"case": case, "unit": "step", "instructions": cost, "engine": engine})
            if not args.json:
                print(f"{rows[-1]['case']:<32} {cost:>10,.0f} per step         [{engine}]", flush=True)
        elif not args.json:
            print("RL step: left out (the rl extra is not installed: pip install 'openmonopoly[rl]')")
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
