import json

import pytest

pytest.importorskip("numpy")
from typer.testing import CliRunner  # noqa: E402

from openmonopoly.analysis.rents import rent_table  # noqa: E402
from openmonopoly.cli.main import app  # noqa: E402

runner = CliRunner()


def test_rent_table_classic():
    data = rent_table("classic")
    rows = [r for r in data["rows"] if r["name"] == "Boardwalk"]
    assert [r["level"] for r in rows] == [
        "unimproved",
        "full set",
        "1 house",
        "2 houses",
        "3 houses",
        "4 houses",
        "hotel",
    ]
    hotel = rows[-1]
    assert hotel["rent"] == 2000 and hotel["cost"] == 400 + 4 * 200 + 200
    assert hotel["expected_rent_per_roll"] == pytest.approx(hotel["landing_probability"] * 2000)
    assert hotel["rolls_to_earn_back"] == pytest.approx(hotel["cost"] / hotel["expected_rent_per_roll"])
    kinds = {r["type"] for r in data["rows"]}
    assert kinds == {"street", "railroad", "utility"}


def test_cli_landing_json_and_plot(tmp_path):
    png = tmp_path / "board.png"
    res = runner.invoke(app, ["analyze", "landing", "--edition", "classic", "--json", "--plot", str(png)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert abs(sum(p["probability"] for p in data["positions"]) + data["in_jail"] - 1) < 1e-9
    assert png.exists() and png.stat().st_size > 10_000


def test_cli_landing_simulate_table():
    res = runner.invoke(
        app, ["analyze", "landing", "-e", "classic", "--method", "simulate", "--rolls", "20000", "--jail", "short"]
    )
    assert res.exit_code == 0, res.output
    assert "In Jail" in res.output and "Illinois Avenue" in res.output


def test_cli_rents_json():
    res = runner.invoke(app, ["analyze", "rents", "--edition", "classic", "--json"])
    assert res.exit_code == 0, res.output
    assert len(json.loads(res.output)["rows"]) > 100


def test_cli_bad_flags():
    res = runner.invoke(app, ["analyze", "landing", "--edition", "nope"])
    assert res.exit_code == 2 and "unknown edition" in res.output
    res = runner.invoke(app, ["analyze", "landing", "--jail", "forever"])
    assert res.exit_code == 2 and "--jail" in res.output
