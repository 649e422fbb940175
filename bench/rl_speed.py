"""Reinforcement-learning speed: environment steps per CPU-second, with observations, masks and rewards.

    .venv/bin/python bench/rl_speed.py [--steps 20000] [--edition classic] [--seats 4] [--seed 1] [--json]
        [--vector N]

The PettingZoo loop as a user writes it (``agent_iter``, ``last()`` for the observation, mask and
reward, a uniformly random legal index, ``step``), new games from fresh seeds until ``--steps`` steps
are played. ``--vector N`` times the vector environment instead: N games at once, each stepped with a
random legal index from its batched mask (``MonopolyVectorEnv``: every seat is a learner, so every
step is a decision of some player). CPU time (``time.process_time``), so a loaded machine distorts it
less than wall time; instruction counts (``bench/instructions.py``) do not depend on the load at all.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

try:
    from openmonopoly import _native
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from openmonopoly import _native

import numpy as np

from openmonopoly.rl import env as make_env


def aec_steps(edition: str, seats: int, steps: int, seed: int) -> int:
    """Play ``steps`` steps of the PettingZoo environment with random legal indices; return the games begun."""
    e = make_env(edition=edition, num_players=seats)
    rng = random.Random(seed)
    played = 0
    games = 0
    while played < steps:
        e.reset(seed=seed + games)
        games += 1
        for _agent in e.agent_iter():
            _obs, _reward, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(_obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            played += 1
            if played >= steps:
                break
    return games


def vector_steps(edition: str, seats: int, steps: int, seed: int, num_envs: int) -> int:
    """Step ``num_envs`` games at once until ``steps`` single-game steps are played; return the games ended."""
    from openmonopoly.rl.vector import MonopolyVectorEnv

    venv = MonopolyVectorEnv(num_envs, edition=edition, num_players=seats)
    rng = np.random.default_rng(seed)
    _obs, info = venv.reset(seed=seed)
    ended = 0
    for _ in range(-(-steps // num_envs)):
        actions = venv.sample_legal(info["action_mask"], rng)
        _obs, _reward, term, trunc, info = venv.step(actions)
        ended += int((term | trunc).sum())
    venv.close()
    return ended


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vector", type=int, default=0, metavar="N", help="time the vector environment of N games")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    what = f"vector environment, {args.vector} games" if args.vector else "PettingZoo AEC environment"
    if args.vector:
        vector_steps(args.edition, args.seats, 200, args.seed + 1, args.vector)  # warm-up: imports, tables
    else:
        aec_steps(args.edition, args.seats, 200, args.seed + 1)
    start = time.process_time()
    if args.vector:
        games = vector_steps(args.edition, args.seats, args.steps, args.seed, args.vector)
    else:
        games = aec_steps(args.edition, args.seats, args.steps, args.seed)
    cpu = max(time.process_time() - start, 1e-9)
    row = {
        "case": what,
        "edition": args.edition,
        "seats": args.seats,
        "steps": args.steps,
        "games": games,
        "cpu_seconds": round(cpu, 3),
        "steps_per_cpu_sec": round(args.steps / cpu, 1),
        "engine": _native.status(),
    }
    if args.json:
        print(json.dumps(row, indent=2))
    else:
        print(f"engine: {row['engine']}")
        print(
            f"{what}, {args.edition}, {args.seats} seats, random legal indices: {args.steps:,} steps in "
            f"{cpu:.2f} CPU-s = {row['steps_per_cpu_sec']:,.0f} steps per CPU-second"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
