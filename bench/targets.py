"""Every speed target (the engine against a peer engine, each edition, the compiled core), measured
as ratios in one run.

    .venv/bin/python bench/targets.py [--peer /path/to/gamescomputersplay-monopoly] [--quick] [--json]

Rows (each a measured figure, the target and their ratio; >= 1.00 meets it):
- editions: player-turns per CPU-second, compiled, heuristic bots, per edition, against 150,000.
- peer: classic against gamescomputersplay/monopoly on one pinned core (bench/peer_compare.py; only
  with --peer, a checkout made by hand: nothing is fetched), against 3x.
- simulate --workers 1 --json against `make bench` (bench/engine_speed.py) for the same games, against
  90 %; both timed in alternating rounds, medians.
- simulate --workers 2 against --workers 1 on 2,000 games, against 1.8x (an idle 2-core machine: the
  load average is printed beside it, since other work on the machine takes from the second worker).
- peak RSS (largest process of the run) of simulate --games 100,000 against --games 1,000, against 1.10.
- `openmonopoly --help` against 0.15 s and `simulate --games 1` against 0.4 s, wall clock, medians of
  several runs with bytecode caching on (as users run it; the first run writes the caches).

The commands run as a user runs them: the `openmonopoly` script of this virtualenv, in child
processes. ``--quick`` uses fewer games (10,000 instead of 100,000 for the memory row) for a fast look.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import engine_speed  # noqa: E402  (bench/engine_speed.py: the `make bench` figure)

COMMAND = str(Path(sys.executable).with_name("openmonopoly"))
EDITIONS = ["classic", "starwars40", "sailormoon", "clonewars", "mandalorian", "empire"]
PER_CORE = 150_000


def user_env() -> dict[str, str]:
    """Bytecode caching on, as users have it (this machine sets PYTHONDONTWRITEBYTECODE)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def simulate_json(*args: str) -> dict:
    out = subprocess.run(
        [COMMAND, "simulate", "--json", *args], capture_output=True, text=True, check=True, env=user_env()
    ).stdout
    return json.loads(out)


def wall(cmd: list[str], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of ``cmd`` (CPU: a figure a busy machine distorts less)."""
    subprocess.run(cmd, capture_output=True, env=user_env(), check=True)  # writes the caches
    times, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=user_env(), check=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), statistics.median(cpus)


def peak_rss_mb(cmd: list[str]) -> float:
    """The largest resident set of the command's processes (it and its pool workers), in MB."""
    probe = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, capture_output=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, *cmd], capture_output=True, text=True, check=True, env=user_env()
    ).stdout
    return int(out.strip()) / 1024


def row(name: str, measured: float, unit: str, target: float, higher_is_better: bool = True, note: str = "") -> dict:
    ratio = measured / target if higher_is_better else target / measured
    return {
        "target": name,
        "measured": measured,
        "unit": unit,
        "goal": target,
        "ratio": round(ratio, 2),
        "met": ratio >= 1.0,
        "note": note,
    }


def editions(cpu_seconds: float) -> list[dict]:
    """Each edition's games (the same seeds every run) until ``cpu_seconds`` of CPU time are spent."""
    rows = []
    for ed in EDITIONS:
        seats = ["heuristic"] * (3 if ed == "empire" else 4)
        engine_speed.play_game(ed, seats, engine_speed.game_seed(1, -1))  # warm-up
        turns, cpu, games = 0, 0.0, 0
        while cpu < cpu_seconds:
            r = engine_speed.run(ed, ed, seats, None, 10, games)  # 10 games of root seed `games`
            turns, cpu, games = turns + r["player_turns"], cpu + r["cpu_seconds"], games + 10
        rows.append(
            row(
                f"{ed}: player-turns per CPU-second",
                turns / cpu,
                "/s",
                PER_CORE,
                note=f"{games} games, {engine_speed._native.status()}",
            )
        )
    return rows


def simulate_vs_bench(games: int, rounds: int) -> dict:
    sim, bench = [], []
    for _ in range(rounds):
        sim.append(simulate_json("--games", str(games), "--seed", "1", "--workers", "1")["player_turns_per_sec"])
        bench.append(engine_speed.run(*engine_speed.CASES[0], games, 1)["player_turns_per_sec"])
    s, b = statistics.median(sim), statistics.median(bench)
    return row(
        "simulate --workers 1 / make bench (player-turns/s)",
        s / b,
        "x",
        0.90,
        note=f"{s:,.0f} vs {b:,.0f} player-turns/s, {games} games, median of {rounds}",
    )


SPIN = "import time\nt = time.perf_counter()\nx = 0\nfor i in range(10_000_000): x += i\nprint(time.perf_counter() - t)"


def machine_parallelism() -> float:
    """How much more work two busy processes get done at once than one alone, right now: 2.0 on an
    idle 2-core machine, less when other work holds a core (the ceiling of the --workers 2 row)."""

    def spin(n: int) -> float:
        procs = [subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.PIPE, text=True) for _ in range(n)]
        return max(float(p.communicate()[0]) for p in procs)

    alone = spin(1)
    return 2 * alone / spin(2)


def scaling(games: int, rounds: int) -> dict:
    one, two, walls, per_worker = [], [], [], []
    for _ in range(rounds):
        a = simulate_json("--games", str(games), "--seed", "1", "--workers", "1")
        b = simulate_json("--games", str(games), "--seed", "1", "--workers", "2")
        assert a["digest"] == b["digest"]
        one.append(a["player_turns_per_sec"])
        two.append(b["player_turns_per_sec"])
        walls.append((a["seconds"] + a["startup_seconds"]) / (b["seconds"] + b["startup_seconds"]))
        # Each of the two workers' own rate against the single one's: below 1 when they wait for a core
        # (other work on the machine), not for the pool.
        per_worker.append(b["player_turns_per_worker_sec"] / a["player_turns_per_worker_sec"])
    ratio = statistics.median(two) / statistics.median(one)
    load = os.getloadavg()[0]
    ceiling = machine_parallelism()
    return row(
        f"simulate --workers 2 / --workers 1 ({games} games)",
        ratio,
        "x",
        1.8,
        note=f"{statistics.median(two):,.0f} vs {statistics.median(one):,.0f} player-turns/s of play; "
        f"with start-up {statistics.median(walls):.2f}x; each worker at {statistics.median(per_worker):.2f}"
        f" of the single one's rate; two busy loops get {ceiling:.2f}x the work of one on this machine"
        f" now (load average {load:.1f} on {os.cpu_count()} cores)",
    )


def memory(big: int, small: int) -> dict:
    base = [COMMAND, "simulate", "--seed", "1", "--json"]
    few = peak_rss_mb(base + ["--games", str(small)])
    many = peak_rss_mb(base + ["--games", str(big)])
    return row(
        f"peak RSS, simulate --games {big:,} / --games {small:,}",
        many / few,
        "x",
        1.10,
        higher_is_better=False,
        note=f"{many:.1f} MB vs {few:.1f} MB",
    )


def start_up(runs: int) -> list[dict]:
    help_s, help_cpu = wall([COMMAND, "--help"], runs)
    sim_s, sim_cpu = wall([COMMAND, "simulate", "--games", "1"], runs)
    load = f"load average {os.getloadavg()[0]:.1f}"
    return [
        row(
            "openmonopoly --help (s)",
            help_s,
            "s",
            0.15,
            higher_is_better=False,
            note=f"{help_cpu:.3f} s of CPU; {load}",
        ),
        row(
            "openmonopoly simulate --games 1 (s)",
            sim_s,
            "s",
            0.40,
            higher_is_better=False,
            note=f"{sim_cpu:.3f} s of CPU; {load}",
        ),
    ]


def peer(path: str, games: int) -> dict:
    out = subprocess.run(
        [sys.executable, str(HERE / "peer_compare.py"), path, "--games", str(games), "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    r = json.loads(out)
    rates = f"{r['ours']['player_turns_per_cpu_sec']:,} vs {r['peer']['player_turns_per_cpu_sec']:,}"
    return row(
        "classic / gamescomputersplay/monopoly (player-turns per CPU-second, one core)",
        r["ratio"],
        "x",
        r["target"],
        note=f"{rates}; aiming at {r['aim']:g}x",
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", help="a checkout of gamescomputersplay/monopoly, for the side-by-side row")
    ap.add_argument("--quick", action="store_true", help="fewer games (a fast look, not the targets' sizes)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not Path(COMMAND).exists():
        ap.error(f"no openmonopoly command beside {sys.executable}: run it with the project's virtualenv")
    quick = args.quick
    rows = editions(0.5 if quick else 3.0)
    if args.peer:
        rows.append(peer(args.peer, 100 if quick else 300))
    rows.append(simulate_vs_bench(500 if quick else 2000, 3))
    rows.append(scaling(2000, 1 if quick else 3))
    rows.append(memory(10_000 if quick else 100_000, 1000))
    rows += start_up(5 if quick else 9)
    if args.json:
        print(json.dumps({"engine": engine_speed._native.status(), "rows": rows}, indent=2))
        return 0
    print(f"speed targets; engine: {engine_speed._native.status()}; {os.cpu_count()} cores")
    for r in rows:
        value = f"{r['measured']:,.0f}" if r["measured"] >= 1000 else f"{r['measured']:.3g}"
        print(
            f"  {'ok ' if r['met'] else 'NOT'} {r['target']:<62} {value:>9}{r['unit']:<2} goal {r['goal']:g}"
            f"  ratio {r['ratio']:.2f}  {r['note']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
