"""`simulate` keeps what was done: SIGTERM and SIGHUP stop it as Ctrl-C does (the finished games are
written to --out and --report, exit code 128 + the signal), and --report checks its path before any
game is played."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmonopoly.cli.main import app

runner = CliRunner()
CLI = ["simulate", "--games", "4", "--seed", "1", "--seats", "random,random", "--max-rounds", "10", "--workers", "1"]


@pytest.fixture
def no_game_may_start(monkeypatch):
    import openmonopoly.sim.runner as sim_runner

    def refuse(job, index):
        raise AssertionError("a game was played before the bad --report path was refused")

    monkeypatch.setattr(sim_runner, "game_summary", refuse)


def refused(args: list[str]) -> str:
    result = runner.invoke(app, CLI + args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    return " ".join(result.stderr.split())


def test_report_at_an_existing_file_is_refused_before_any_game(tmp_path, no_game_may_start):
    target = tmp_path / "summary.md"
    target.write_text("mine")
    message = refused(["--report", str(target)])
    assert message.startswith("Error: --report:") and "is a file; give a folder" in message
    assert target.read_text() == "mine"


def test_report_under_a_file_is_refused_before_any_game(tmp_path, no_game_may_start):
    (tmp_path / "plain").write_text("x")
    message = refused(["--report", str(tmp_path / "plain" / "report")])
    assert "--report: cannot write into" in message and "Not a directory" in message


def test_report_where_nothing_can_be_written_is_refused_before_any_game(no_game_may_start):
    message = refused(["--report", "/proc/openmonopoly-report"])
    assert "--report: cannot write into '/proc/openmonopoly-report'" in message


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_report_into_a_read_only_folder_is_refused_before_any_game(tmp_path, no_game_may_start):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert "Permission denied" in refused(["--report", str(folder / "report")])
    finally:
        folder.chmod(0o755)


def test_report_into_a_new_nested_folder_still_works(tmp_path):
    target = tmp_path / "a" / "b"
    result = runner.invoke(app, CLI + ["--report", str(target), "--json"])
    assert result.exit_code == 0, result.output
    assert (target / "summary.md").is_file()


def _children(pid: int) -> list[int]:
    kids: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            kids += [int(k) for k in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
        except OSError:
            pass
    return kids


@pytest.mark.parametrize(
    "signum, whole_group", [(signal.SIGTERM, False), (signal.SIGHUP, True)], ids=["SIGTERM", "SIGHUP-to-the-group"]
)
def test_a_stop_signal_writes_the_finished_games_like_ctrl_c(tmp_path, signum, whole_group):
    """SIGTERM to the command, or SIGHUP to its whole process group (a closed terminal): the pool stops,
    the finished games are in the CSV and the report, the JSON says so, and the exit code is 128 + signal."""
    out, report = tmp_path / "games.csv", tmp_path / "report"
    cmd = [sys.executable, "-m", "openmonopoly.cli", *CLI[:2], "100000", *CLI[3:-2]]
    cmd += ["--workers", "2", "--chunk-size", "5", "--json", "--out", str(out), "--report", str(report)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and len(_children(proc.pid)) < 2:
            time.sleep(0.2)
        time.sleep(3)  # some chunks finish
        workers = _children(proc.pid)
        if whole_group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 128 + signum, stderr
    assert "Traceback" not in stderr, stderr
    data = json.loads(stdout)
    assert data["interrupted"] is True and 0 < data["games"] < 100000
    with out.open(newline="") as fh:
        assert len(list(csv.DictReader(fh))) == data["games"]
    assert (
        f"| Games | {data['games']:,} |" in (report / "summary.md").read_text()
        or str(data["games"]) in (report / "summary.md").read_text()
    )
    time.sleep(0.5)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists() and "Z" not in _state(pid)]


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return "Z"


def test_the_house_rules_lab_checks_its_report_path_too(tmp_path, no_game_may_start):
    target = tmp_path / "summary.md"
    target.write_text("mine")
    result = runner.invoke(app, [*CLI, "--compare", "book", "utility-rent-reroll", "--report", str(target)])
    assert result.exit_code == 2, result.output
    assert "is a file; give a folder" in " ".join(result.stderr.split())


def test_ctrl_c_stops_the_run_but_cannot_cut_the_writing_once_it_is_over():
    """Armed, Ctrl-C raises KeyboardInterrupt (the runner keeps what finished); disarmed (the run is over,
    its games are being written), a Ctrl-C is only noted: the writing goes on and the exit code is 130."""
    from openmonopoly.cli.stopping import stop_signals_interrupt

    before = signal.getsignal(signal.SIGINT)
    with stop_signals_interrupt() as stops, pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
    assert stops.received == signal.SIGINT and stops.exit_code(True) == 130
    with stop_signals_interrupt() as stops:
        stops.armed = False
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
        written = "every game"
    assert written == "every game" and stops.received == signal.SIGINT and stops.exit_code(False) == 0
    assert signal.getsignal(signal.SIGINT) is before
