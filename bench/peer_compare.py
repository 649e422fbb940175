"""openmonopoly against gamescomputersplay/monopoly on classic, side by side on one pinned core.

    git clone https://github.com/gamescomputersplay/monopoly /path/to/peer      # once, by hand, outside the repo
    .venv/bin/python bench/peer_compare.py /path/to/peer [--games 300] [--rounds 3] [--core 0] [--json]

Nothing is fetched at run time: the peer is the checkout given as the argument, imported as it is
(its ``monopoly`` package and ``settings.py``), with its own game log switched off
(``LogSettings.KEEP_GAME_LOG = False``, its fastest setting) and its bankruptcy log written to a
temporary folder, so its checkout is left untouched. Its game is its ``monopoly_game`` with its
default settings (4 players, its standard behaviour, up to 1000 rounds).

Each timing runs in a child process pinned to one core (``taskset -c CORE``), the two engines in
alternating rounds; the figure is player-turns per CPU-second (a player-turn: one seat's turn,
doubles included), the median over the rounds. openmonopoly plays its heuristic bots on ``classic``
to the end (the ``make bench`` case). The peer's player-turns are counted in a separate, untimed
pass over the same games (its games are seeded, so the pass replays them exactly): counting calls
costs time, and the timed pass must not pay it.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET, AIM = 3.0, 4.0  # the speed target: at least 3x the peer's player-turns per second, aiming at 4x


def ours(games: int, seed: int) -> dict:
    sys.path.insert(0, str(HERE))
    import engine_speed

    engine_speed.play_game("classic", ["heuristic"] * 4, engine_speed.game_seed(seed, -1))  # warm-up
    row = engine_speed.run(*engine_speed.CASES[0], games, seed)
    return {
        "engine": f"openmonopoly, {engine_speed._native.status()}",
        "games": games,
        "player_turns": row["player_turns"],
        "cpu_seconds": row["cpu_seconds"],
        "seconds": row["seconds"],
    }


def peer(path: Path, games: int, seed: int) -> dict:
    sys.path.insert(0, str(path))
    from monopoly.core import game as peer_game
    from monopoly.core.player import Player
    from monopoly.log_settings import LogSettings

    logs = Path(tempfile.mkdtemp(prefix="peer-logs-"))
    LogSettings.KEEP_GAME_LOG = False
    LogSettings.EVENTS_LOG_PATH = logs / "events.log"
    LogSettings.BANKRUPTCIES_PATH = logs / "bankruptcies.tsv"
    LogSettings.init_logs()
    master = random.Random(seed)  # seeds drawn the way its simulate script draws them
    pairs = [(i + 1, master.getrandbits(32)) for i in range(games)]
    try:
        peer_game.monopoly_game((0, 12345))  # warm-up
        cpu, wall = time.process_time(), time.perf_counter()
        for pair in pairs:
            peer_game.monopoly_game(pair)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        # Untimed: the same games again, counting the turns its game loop gives (not a double's extra move).
        turns = 0
        depth = 0
        move = Player.make_a_move

        def counted(self, *args, **kwargs):
            nonlocal turns, depth
            if depth == 0 and not self.is_bankrupt:
                turns += 1
            depth += 1
            try:
                return move(self, *args, **kwargs)
            finally:
                depth -= 1

        Player.make_a_move = counted
        for pair in pairs:
            peer_game.monopoly_game(pair)
        Player.make_a_move = move
    finally:
        shutil.rmtree(logs, ignore_errors=True)
    return {
        "engine": "gamescomputersplay/monopoly",
        "games": games,
        "player_turns": turns,
        "cpu_seconds": round(cpu, 3),
        "seconds": round(wall, 3),
    }


def pinned(core: int) -> list[str]:
    return ["taskset", "-c", str(core)] if shutil.which("taskset") else []


def child(which: str, args: argparse.Namespace) -> dict:
    cmd = [
        *pinned(args.core),
        sys.executable,
        __file__,
        str(args.peer),
        "--child",
        which,
        "--games",
        str(args.games),
        "--seed",
        str(args.seed),
        "--core",
        str(args.core),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout
    return json.loads(out.strip().splitlines()[-1])


def compare(args: argparse.Namespace) -> dict:
    rows: dict[str, list[dict]] = {"ours": [], "peer": []}
    for _ in range(args.rounds):
        for which in ("ours", "peer"):
            rows[which].append(child(which, args))

    def rate(which: str) -> float:
        return statistics.median(r["player_turns"] / max(r["cpu_seconds"], 1e-9) for r in rows[which])

    o, p = rate("ours"), rate("peer")
    return {
        "games": args.games,
        "rounds": args.rounds,
        "core": args.core,
        "pinned": bool(pinned(args.core)),
        "ours": {
            "engine": rows["ours"][0]["engine"],
            "player_turns_per_cpu_sec": round(o),
            "player_turns_per_game": rows["ours"][0]["player_turns"] / args.games,
        },
        "peer": {
            "engine": rows["peer"][0]["engine"],
            "player_turns_per_cpu_sec": round(p),
            "player_turns_per_game": rows["peer"][0]["player_turns"] / args.games,
        },
        "ratio": round(o / p, 2),
        "target": TARGET,
        "aim": AIM,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("peer", type=Path, help="a checkout of gamescomputersplay/monopoly (cloned by hand)")
    ap.add_argument("--games", type=int, default=300, help="games per engine and round (default 300)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--core", type=int, default=0, help="the core both engines are pinned to (default 0)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", choices=("ours", "peer"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if not (args.peer / "monopoly" / "core" / "game.py").is_file():
        ap.error(f"{args.peer} is not a checkout of gamescomputersplay/monopoly (no monopoly/core/game.py)")
    if args.child:
        print(
            json.dumps(
                ours(args.games, args.seed)
                if args.child == "ours"
                else peer(args.peer.resolve(), args.games, args.seed)
            )
        )
        return 0
    result = compare(args)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    where = f"pinned to core {args.core}" if result["pinned"] else "not pinned (no taskset)"
    print(f"classic, {args.games} games per engine, median of {args.rounds} alternating rounds, {where}:")
    for key in ("ours", "peer"):
        r = result[key]
        print(
            f"  {r['engine']:<44} {r['player_turns_per_cpu_sec']:>10,} player-turns per CPU-second "
            f"({r['player_turns_per_game']:.0f} per game)"
        )
    print(f"  ratio {result['ratio']:.2f}x (target {TARGET:g}x, aiming at {AIM:g}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
