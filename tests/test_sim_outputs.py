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
CLI = [
    "simulate",
    "--edition",
    "classic",
    "--games",
    "6",
    "--seed",
    "2",
    "--seats",
    ",".join(SEATS),
    "--max-rounds",
    "6",
    "--workers",
    "1",
]


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
        assert [int(w) - 1 for w in row["winners"].split(",")] == game["winners"]  # seats from 1
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
        assert f"]({name})" in text  # the summary links every plot
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
    data = json.loads(result.stdout)  # stdout stays pure JSON
    assert pq.read_table(out).num_rows == data["games"] == 6
    assert "━" not in result.stdout  # no progress bar without a terminal


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


# ---------------------------------------------------------------- report contents


def test_rent_owed_is_counted_per_space_where_it_is_paid():
    """The simulation's rent statistic: landing on an owned street counts its rent on that space."""
    from openmonopoly.engine.game import Game

    game = Game("classic", 2, seed=5, events=False)
    mover = game.state.current
    owner = 1 - mover
    game.state.owner[3] = owner  # Baltic Avenue, rent $4
    counts = [0] * len(game.edition.board)
    game.rent_counts = counts
    game.chance.force_dice(1, 2)
    game.act(mover, game.parse("roll"))
    assert game.state.position[mover] == 3
    assert counts[3] == 4 and sum(counts) == 4
    assert game.state.cash[owner] - game.state.cash[mover] == 8


def test_wins_are_counted_by_place_in_the_turn_order():
    from openmonopoly.sim.stats import Aggregate

    agg = Aggregate(load("classic"), ["heuristic"] * 3)
    size = len(load("classic").board)
    base = {"end_reason": "bankruptcy", "turns": 10, "landings": [0] * (size + 1), "rents": [0] * size, "digest": "0"}
    agg.add({**base, "index": 0, "winners": [2], "first_player": 2})  # the first mover won
    agg.add({**base, "index": 1, "winners": [0], "first_player": 1})  # the third mover won
    agg.add({**base, "index": 2, "winners": [1, 2], "first_player": 1})  # shared: first and second
    result = agg.result(edition="classic", seed=0, options={}, max_rounds=None, seconds=1.0)
    assert result["wins"] == [1.0, 0.5, 1.5]
    assert result["wins_by_turn_order"] == [1.5, 0.5, 1.0]


def test_report_shows_the_first_players_advantage_and_rent_by_group_in_edition_words(tmp_path):
    pytest.importorskip("matplotlib")
    r = run_simulation("starwars40", 8, 3, ["heuristic"] * 4, max_rounds=60, backend="inprocess")
    assert sum(r.result["wins_by_turn_order"]) == pytest.approx(sum(r.result["wins"]))
    text = write_report(tmp_path, r.result, r.games, load("starwars40")).read_text()
    assert "First player's advantage" in text and "| 1st |" in text and "| 4th |" in text
    section = text.split("## Rent income by colour group")[1]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert rows, section
    groups = [row.split("|")[1].strip() for row in rows]
    assert "Ships" in groups or "Power Sources" in groups  # the edition's words, not "railroads"
    shares = [float(row.split("|")[3].strip().rstrip("%")) for row in rows]
    assert sum(shares) == pytest.approx(100, abs=0.6) and shares == sorted(shares, reverse=True)
    assert all("₦" in row.split("|")[2] for row in rows)


def test_heat_scale_spans_the_landed_spaces_and_the_win_axis_shows_differences():
    from openmonopoly.analysis.plot import colour_scale
    from openmonopoly.sim.report import win_rate_axis_top

    probs = [0.0, 0.018, 0.03, 0.022, 0.05]  # 0.05: In Jail, beyond the board's 4 spaces
    assert colour_scale(probs, 4) == (0.018, 0.03)  # Go To Jail's 0 is not the bottom of the scale
    rates = {"seat": [{"hi": 0.31}, {"hi": 0.28}], "kind": [], "order": []}
    top = win_rate_axis_top(rates, 0.25)
    assert 0.31 < top < 0.5  # not 0-1: a 3-point difference stays visible
