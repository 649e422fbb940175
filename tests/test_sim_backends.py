"""Simulation backends: the same games and the same digest for any backend, worker count and chunking."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from openmonopoly import Game
from openmonopoly.cli.main import app
from openmonopoly.editions import load
from openmonopoly.sim import SimJob, game_summary, play_game, run_simulation, simulate
from openmonopoly.sim.backends import InProcess, ProcessPool, cpu_count, make_backend, plan_chunks
from openmonopoly.sim.runner import game_digest
from openmonopoly.sim.stats import Aggregate

SEATS = ["heuristic", "heuristic", "random"]
ARGS = ("classic", 9, 5, SEATS)
KW = {"max_rounds": 6}
# What may differ between runs of the same simulation: timing and how it was run.
RUN_FIELDS = {
    "games_per_sec",
    "player_turns_per_sec",
    "seconds",
    "startup_seconds",
    "player_turns_per_worker_sec",
    "backend",
    "workers",
    "chunk_size",
}


def same_games(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in RUN_FIELDS}


@pytest.fixture(scope="module")
def reference():
    return run_simulation(*ARGS, **KW, backend="inprocess", chunk_size=100)


def test_chunks_cover_every_game_once():
    for games in (0, 1, 7, 64, 65, 1000):
        for workers in (1, 2, 3, 16):
            chunks = plan_chunks(games, workers)
            assert [i for a, b in chunks for i in range(a, b)] == list(range(games))
            assert all(1 <= b - a <= 64 for a, b in chunks)
    assert plan_chunks(10, 2, chunk_size=4) == [(0, 4), (4, 8), (8, 10)]
    assert len(plan_chunks(200, 2)) >= 8  # several chunks per worker, not one task per game
    with pytest.raises(ValueError):
        plan_chunks(10, 2, chunk_size=0)


def test_summary_fields(reference):
    games = reference.games
    assert [g["index"] for g in games] == list(range(9))
    g = games[0]
    assert set(g) >= {
        "index",
        "seed",
        "turns",
        "rounds",
        "end_reason",
        "winners",
        "cash",
        "net_worth",
        "landings",
        "rents",
        "first_player",
        "digest",
    }
    assert len(g["cash"]) == len(g["net_worth"]) == 3 and len(g["landings"]) == 41
    assert g["end_reason"] in ("bankruptcy", "round-limit") and g["winners"]
    assert reference.result["interrupted"] is False and reference.result["games_requested"] == 9


def test_chunking_does_not_change_anything(reference):
    for chunk_size in (1, 2, 4):
        other = run_simulation(*ARGS, **KW, backend="inprocess", chunk_size=chunk_size)
        assert same_games(other.result) == same_games(reference.result)
        assert other.games == reference.games


def test_process_pool_matches_in_process(reference):
    other = run_simulation(*ARGS, **KW, backend="process", workers=2, chunk_size=2)
    assert other.result["backend"] == "process" and other.result["workers"] == 2
    assert same_games(other.result) == same_games(reference.result)
    assert other.games == reference.games
    quick = simulate(*ARGS, **KW, workers=2)  # simulate() picks the pool when given workers
    assert quick["backend"] == "process" and quick["digest"] == reference.result["digest"]


def test_aggregation_is_order_independent(reference):
    ed = load("classic")
    shuffled = list(reference.games)
    random.Random(1).shuffle(shuffled)
    agg = Aggregate(ed, SEATS)
    for g in shuffled:
        agg.add(g)
    kwargs = {"edition": "classic", "seed": 5, "options": {}, "max_rounds": 6, "seconds": 1.0, "requested": 9}
    straight = Aggregate(ed, SEATS)
    for g in reference.games:
        straight.add(g)
    assert agg.result(**kwargs) == straight.result(**kwargs)
    assert agg.digest() == reference.result["digest"]
    with pytest.raises(ValueError, match="twice"):
        agg.add(reference.games[0])


def test_digest_sums_one_hash_per_game_over_its_index_and_game_digest(reference):
    """The batch digest: sum mod 2**256 of blake2b(index:game_digest), whatever the order of the games."""
    import hashlib

    total = 0
    for g in reference.games:
        h = hashlib.blake2b(f"{g['index']}:{g['digest']}".encode(), digest_size=32).digest()
        total = (total + int.from_bytes(h, "big")) % (1 << 256)
    assert reference.result["digest"] == f"{total:064x}"
    assert simulate(*ARGS, **KW)["digest"] == reference.result["digest"]
    job = SimJob("classic", tuple(SEATS), 5, {}, 6)
    one = game_summary(job, 3)
    assert one == reference.games[3]
    # The game digest is the played game's: the same game replayed from its record gives it again,
    # and another game (the next index) another one.
    game = play_game("classic", SEATS, one["seed"], max_rounds=6)
    assert game_digest(game) == one["digest"] == game_digest(Game.replay(game.record(), events=False))
    assert game_summary(job, 4)["digest"] != one["digest"]
    assert len({g["digest"] for g in reference.games}) == len(reference.games)


def test_memory_stays_flat_without_summaries():
    """Without keep_games nothing per game is kept: the totals of 40 games are as big as those of 4."""
    import pickle

    small = run_simulation("classic", 4, 2, SEATS, max_rounds=3, backend="inprocess", keep_games=False)
    big = run_simulation("classic", 40, 2, SEATS, max_rounds=3, backend="inprocess", keep_games=False)
    assert small.games == [] and big.games == [] and big.result["games"] == 40
    ed = load("classic")
    sizes = []
    for n in (4, 40, 400):
        agg = Aggregate(ed, SEATS)
        for i in range(n):
            agg.add(
                {
                    "index": i,
                    "landings": [1] * 41,
                    "rents": [0] * 39 + [i % 5],
                    "winners": [i % 3],
                    "first_player": i % 3,
                    "end_reason": "round-limit",
                    "turns": 30 + i % 7,
                    "digest": f"{i:032x}",
                }
            )
        sizes.append(len(pickle.dumps(agg)))
    assert max(sizes) - min(sizes) < 64, sizes


def test_keyboard_interrupt_keeps_what_finished(reference):
    calls = []

    def progress(done, total):
        calls.append((done, total))
        if len(calls) == 2:
            raise KeyboardInterrupt

    run = run_simulation(*ARGS, **KW, backend="inprocess", chunk_size=2, progress=progress)
    assert run.interrupted and run.result["interrupted"] is True
    assert calls == [(2, 9), (4, 9)]
    assert run.result["games"] == 4 and run.result["games_requested"] == 9
    assert run.games == reference.games[:4]
    assert run.result["digest"] == simulate("classic", 4, 5, SEATS, **KW)["digest"]


def test_a_ctrl_c_while_a_chunk_is_counted_waits_until_its_games_are_kept(monkeypatch, reference):
    """The third chunk's totals are merged, then Ctrl-C arrives before its games are kept: the run stops
    after the chunk is taken whole, so the games counted (the digest's, the JSON's) are the games written."""
    merge = Aggregate.merge
    merged = []

    def merge_then_ctrl_c(self, totals):
        merge(self, totals)
        merged.append(totals)
        if len(merged) == 3:
            os.kill(os.getpid(), signal.SIGINT)
            merged.append("no KeyboardInterrupt here, in the middle of taking the chunk")

    monkeypatch.setattr(Aggregate, "merge", merge_then_ctrl_c)
    run = run_simulation(*ARGS, **KW, backend="inprocess", chunk_size=2)
    assert run.interrupted
    assert run.result["games"] == len(run.games) == 6
    assert isinstance(merged[-1], str)
    assert run.games == reference.games[:6]


def test_backend_choice_and_errors():
    assert isinstance(make_backend("local", workers=1), InProcess)
    assert isinstance(make_backend("local", workers=2), ProcessPool)
    assert make_backend(None).workers >= 1
    # By default no more workers than games: one game plays in this process, with no pool to start.
    assert isinstance(make_backend("local", games=1), InProcess)
    assert make_backend("local", games=1000).workers == cpu_count()
    assert isinstance(make_backend("local", workers=2, games=1), ProcessPool)  # asked for: given
    with pytest.raises(ValueError, match="unknown backend"):
        make_backend("spark")
    with pytest.raises(ValueError, match="at least 1"):
        make_backend("local", workers=0)
    with pytest.raises(ValueError, match="ray backend only"):
        make_backend("process", address="127.0.0.1:6379")


# ---------------------------------------------------------------------------------------- the command
runner = CliRunner()
CLI = [
    "simulate",
    "--edition",
    "classic",
    "--games",
    "8",
    "--seed",
    "3",
    "--seats",
    "heuristic,random,heuristic",
    "--max-rounds",
    "5",
    "--json",
]


def cli_json(*extra: str) -> dict:
    result = runner.invoke(app, CLI + list(extra))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_cli_workers_1_and_2_same_digest():
    one = cli_json("--workers", "1")
    two = cli_json("--workers", "2", "--chunk-size", "3")
    assert one["workers"] == 1 and two["workers"] == 2 and two["backend"] == "process"
    assert one["digest"] == two["digest"] and same_games(one) == same_games(two)


def test_cli_keyboard_interrupt_prints_what_finished_and_exits_130(monkeypatch):
    import openmonopoly.sim.runner as sim_runner

    real = sim_runner.game_summary

    def interrupted_at_5(job, index):
        if index == 5:
            raise KeyboardInterrupt
        return real(job, index)

    monkeypatch.setattr(sim_runner, "game_summary", interrupted_at_5)
    result = runner.invoke(app, CLI + ["--workers", "1", "--chunk-size", "2"])
    assert result.exit_code == 130, result.output
    data = json.loads(result.stdout)
    assert data["interrupted"] is True and data["games"] == 4 and data["games_requested"] == 8
    monkeypatch.undo()
    assert data["digest"] == cli_json("--games", "4", "--workers", "1")["digest"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--workers", "0"], ["--workers", "at least 1"]),
        (["--backend", "spark"], ["unknown --backend", "local", "ray"]),
        (["--address", "127.0.0.1:6379"], ["--address", "--backend ray"]),
        (["--chunk-size", "0"], ["--chunk-size", "at least 1"]),
        (["--out", "games.xlsx"], [".csv", ".parquet"]),
        (["--out", "/nonexistent/dir/games.csv"], ["no such folder"]),
    ],
)
def test_bad_flags_are_clear_errors(args, words):
    result = runner.invoke(app, CLI + args)
    assert result.exit_code == 2, result.output
    message = result.stderr
    assert message.startswith("Error: ") and len(message.strip().splitlines()) == 1
    for word in words:
        assert word in message
    assert "Traceback" not in result.output


def test_ctrl_c_stops_a_process_pool_cleanly(tmp_path):
    """A real SIGINT to the command: it stops the pool, prints the finished games as JSON and exits 130."""
    out = tmp_path / "games.csv"
    cmd = [
        sys.executable,
        "-m",
        "openmonopoly.cli",
        "simulate",
        "--games",
        "100000",
        "--seed",
        "1",
        "--seats",
        "random,random",
        "--max-rounds",
        "20",
        "--workers",
        "2",
        "--chunk-size",
        "5",
        "--json",
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        # Wait until the pool's workers exist (the run has started), then a little longer.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_children(proc.pid)) < 2:
            time.sleep(0.2)
        time.sleep(2)
        workers = _children(proc.pid)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            orphans = _children(proc.pid)
            proc.kill()
            for pid in orphans:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
    assert proc.returncode == 130, stderr
    data = json.loads(stdout)
    assert data["interrupted"] is True and data["games"] < 100000 and data["games_requested"] == 100000
    assert len(out.read_text().splitlines()) == data["games"] + 1
    assert "Traceback" not in stderr
    time.sleep(0.5)
    assert not [pid for pid in workers if os.path.exists(f"/proc/{pid}") and _alive(pid)]


def _children(pid: int) -> list[int]:
    kids = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as fh:
                kids += [int(x) for x in fh.read().split()]
    except OSError:
        pass
    return kids


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


# ---------------------------------------------------------------------------------------- Ray
def test_ray_backend_same_digest(reference):
    """Ray in local mode (2 CPUs): the same games as in-process, from the API and from the command."""
    ray = pytest.importorskip("ray")
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        other = run_simulation(*ARGS, **KW, backend="ray", workers=2, chunk_size=3)
        assert other.result["backend"] == "ray"
        assert same_games(other.result) == same_games(reference.result)
        assert other.games == reference.games
        via_ray = cli_json("--backend", "ray", "--workers", "2")
        assert via_ray["backend"] == "ray"
        assert via_ray["digest"] == cli_json("--workers", "1")["digest"]
        assert ray.is_initialized()  # a Ray the caller started is left running
    finally:
        if started:
            ray.shutdown()


WORKER_MODULES = """
import sys
from openmonopoly.cli.main import app          # as the `openmonopoly` script does, at the top of __main__
from openmonopoly.sim.backends import ProcessPool
from openmonopoly.sim.runner import SimJob

pool = ProcessPool(2)
pool.start(SimJob("classic", ("heuristic",) * 4, 1))
try:
    print(pool._pool.submit(eval, "sorted(__import__('sys').modules)").result())
finally:
    pool.close()
"""


def test_pool_workers_import_the_engine_but_not_the_command_line(tmp_path):
    """Spawned workers do not re-run the parent's __main__ (the CLI): only the engine, already warm."""
    script = tmp_path / "main_like_the_command.py"
    script.write_text(WORKER_MODULES)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True, timeout=120)
    modules = set(eval(out.stdout.strip().splitlines()[-1]))
    assert {"openmonopoly.engine.game", "openmonopoly.rules.classic.game", "openmonopoly.agents.heuristic"} <= modules
    assert not {m for m in modules if m.startswith(("openmonopoly.cli", "typer", "rich", "pydantic", "fastapi"))}


@pytest.mark.parametrize("edition", ["classic", "starwars40", "sailormoon", "clonewars", "mandalorian", "empire"])
def test_every_edition_same_digest_in_process_and_in_a_pool(edition):
    seats = ["heuristic"] * (3 if edition == "empire" else 4)
    here = simulate(edition, 4, 11, seats, max_rounds=15, backend="inprocess")
    pool = simulate(edition, 4, 11, seats, max_rounds=15, backend="process", workers=2, chunk_size=1)
    assert here["games"] == pool["games"] == 4
    assert pool["digest"] == here["digest"] and same_games(pool) == same_games(here)


def test_rates_count_only_the_time_spent_playing():
    """Start-up (spawning the pool, importing and warming up the engine) is reported apart: the rates
    divide by the time from the workers being ready to the last game."""
    run = run_simulation(*ARGS, **KW, backend="process", workers=2)
    r = run.result
    turns = sum(g["turns"] for g in run.games)
    assert r["startup_seconds"] > 0.05  # two spawned interpreters importing the engine
    assert r["player_turns_per_sec"] == pytest.approx(turns / r["seconds"])
    assert r["games_per_sec"] == pytest.approx(9 / r["seconds"])
    assert r["player_turns_per_worker_sec"] > 0
