"""`openmonopoly simulate --edition mandalorian --json` and terminal play of this edition."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openmonopoly.cli.main import app
from openmonopoly.sim import simulate

# A wide terminal: these tests read full space names off the board (an 80-column board shortens them).
runner = CliRunner(env={"COLUMNS": "160", "LINES": "50"})


def test_simulate_reports_gideon_defeats_and_captures():
    r = simulate("mandalorian", 30, 1, ["heuristic"] * 4)
    assert set(r["end_reasons"]) <= {"gideon-defeated", "grogu-captured"}
    assert sum(r["end_reasons"].values()) == 30 and r["end_reasons"].get("gideon-defeated", 0) > 0
    assert sum(r["wins"]) <= 30
    assert len(r["landings"]["positions"]) == 32
    assert sum(p["count"] for p in r["landings"]["positions"]) + r["landings"]["in_jail"] == r["landings"]["moves"]


def test_simulate_cli_json():
    res = runner.invoke(
        app,
        [
            "simulate",
            "--edition",
            "mandalorian",
            "--games",
            "10",
            "--seed",
            "1",
            "--seats",
            "heuristic,heuristic,random",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["edition"] == "mandalorian" and sum(data["end_reasons"].values()) == 10


def test_terminal_play_with_bots_to_the_end():
    res = runner.invoke(app, ["play", "--edition", "mandalorian", "--seats", "heuristic,heuristic", "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert "Game over" in res.output


def test_terminal_play_human_seat_renders_the_board_and_quits():
    res = runner.invoke(
        app,
        ["play", "--edition", "mandalorian", "--seats", "human,heuristic", "--seed", "4"],
        input="board\n1\n1\n1\nquit\nn\n",
    )
    assert "Imperial Advance" in res.output and "Grogu" in res.output
