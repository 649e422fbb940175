"""simulate --out (CSV / Parquet, one row per game) and --report (plots + summary.md)."""
from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from openmonopoly.cli.main import app
from openmonopoly.editions import load
from openmonopoly.sim import run_simulation
from openmonopoly.sim.output import columns, write_games
from openmonopoly.sim.report import PLOTS, wilson, win_rates, write_report

SEATS = ["heuristic", "random", "heuristic"]
runner = CliRunner()
CLI = ["simulate", "--edition", "classic", "--games", "6", "--seed", "2", "--seats", ",".join(SEATS),
       "--max-rounds", "6", "--workers", "1"]


@pytest.fixture(scope="module")
def run():
    return run_simulation("classic", 6, 2, SEATS, max_rounds=6, backend="inprocess")


def test_csv_one_row_per_game(run, tmp_path):
    path = write_games(tmp_path / "games.csv", run.games, "classic", SEATS)
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 6
    assert list(rows[0]) == columns(3)
    assert [int(r["game"]) for r in rows] == list(range(6))
    for row, game in zip(rows, run.games, strict=True):
        assert row["seats"] == ",".join(SEATS) and row["edition"] == "classic"
        assert int(row["seed"]) == game["seed"] and row["end_reason"] == game["end_reason"]
        assert [int(w) - 1 for w in row["winners"].split(",")] == game["winners"]     # seats from 1
        assert [int(row[f"cash_{k}"]) for k in (1, 2, 3)] == game["cash"]
        assert [int(row[f"net_worth_{k}"]) for k in (1, 2, 3)] == game["net_worth"]
        assert int(row["turns"]) == game["turns"] and row["digest"] == game["digest"]
    # the rows agree with the totals
    wins = [0.0] * 3
    for row in rows:
        winners = row["winners"].split(",")
        for w in winners:
            wins[int(w) - 1] += 1 / len(winners)
    assert wins == pytest.approx(run.result["wins"])


def test_parquet_one_row_per_game(run, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    path = write_games(tmp_path / "games.parquet", run.games, "classic", SEATS)
    table = pq.read_table(path)
    assert table.num_rows == 6 and table.column_names == columns(3)
    data = table.to_pylist()
    assert [r["game"] for r in data] == list(range(6))
    assert data[0]["seats"] == SEATS and data[0]["winners"] == [w + 1 for w in run.games[0]["winners"]]
    assert [r["net_worth_2"] for r in data] == [g["net_worth"][1] for g in run.games]


def test_unknown_format_is_refused(run, tmp_path):
    with pytest.raises(ValueError, match=r"\.csv or \.parquet"):
        write_games(tmp_path / "games.json", run.games, "classic", SEATS)


def test_report_folder_holds_its_plots(run, tmp_path):
    pytest.importorskip("matplotlib")
    summary = write_report(tmp_path / "report", run.result, run.games, load("classic"))
    folder = tmp_path / "report"
    assert summary == folder / "summary.md"
    for name in PLOTS:
        data = (folder / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    text = summary.read_text()
    for name in PLOTS:
        assert f"]({name})" in text                      # the summary links every plot
    assert run.result["digest"] in text and "95% CI" in text


def test_report_on_a_board_of_another_shape(tmp_path):
    pytest.importorskip("matplotlib")
    r = run_simulation("mandalorian", 2, 1, ["heuristic", "heuristic"], max_rounds=4, backend="inprocess")
    write_report(tmp_path, r.result, r.games, load("mandalorian"))
    assert all((tmp_path / name).stat().st_size > 0 for name in PLOTS)


def test_win_rate_intervals(run):
    p, lo, hi = wilson(5, 10)
    assert p == 0.5 and 0.2 < lo < 0.5 < hi < 0.8
    assert wilson(0, 10)[1] == 0.0 and wilson(10, 10)[2] == pytest.approx(1.0)
    rates = win_rates(run.result)
    assert len(rates["seat"]) == 3 and [r["label"] for r in rates["kind"]] == ["heuristic", "random"]
    heuristic = rates["kind"][0]
    assert heuristic["trials"] == 12
    assert heuristic["wins"] == pytest.approx(run.result["wins"][0] + run.result["wins"][2])


def test_cli_out_and_report(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "games.csv"
    report = tmp_path / "report"
    result = runner.invoke(app, CLI + ["--out", str(out), "--report", str(report)])
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}" in result.stdout
    assert len(out.read_text().splitlines()) == 1 + 6
    assert sorted(p.name for p in report.iterdir()) == sorted(PLOTS + ("summary.md",))


def test_cli_parquet_with_json(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "games.parquet"
    result = runner.invoke(app, CLI + ["--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)                    # stdout stays pure JSON
    assert pq.read_table(out).num_rows == data["games"] == 6
    assert "━" not in result.stdout                     # no progress bar without a terminal


def test_cli_interrupted_run_still_writes_the_finished_games(tmp_path, monkeypatch):
    import openmonopoly.sim.runner as sim_runner

    real = sim_runner.game_summary

    def interrupted_at_3(job, index):
        if index == 3:
            raise KeyboardInterrupt
        return real(job, index)

    monkeypatch.setattr(sim_runner, "game_summary", interrupted_at_3)
    out = tmp_path / "games.csv"
    result = runner.invoke(app, CLI + ["--chunk-size", "1", "--out", str(out)])
    assert result.exit_code == 130, result.output
    assert "interrupted: 3 of 6 finished" in " ".join(result.stdout.split())
    assert len(out.read_text().splitlines()) == 1 + 3
