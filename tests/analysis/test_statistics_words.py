"""The two landing statistics say which they are, the heatmap reads like its cells, the win tables
account for games with no winner, and a model parameter of another edition is refused, not ignored."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
from typer.testing import CliRunner  # noqa: E402

from openmonopoly.cli.main import app  # noqa: E402
from openmonopoly.editions import load  # noqa: E402

runner = CliRunner()


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("command", ["landing", "rents"])
def test_a_mandalorian_parameter_on_classic_is_refused_naming_where_it_applies(command):
    res = runner.invoke(app, ["analyze", command, "--edition", "classic", "--grogu-loss", "0.2"])
    assert res.exit_code != 0
    said = words(res.output + (res.stderr if res.stderr_bytes is not None else ""))
    assert "--grogu-loss" in said and "does not apply to classic" in said and "applies to mandalorian" in said
    assert "Traceback" not in said


def test_the_parameter_is_taken_where_it_applies():
    from openmonopoly.analysis import landing

    low, high = (landing("mandalorian", grogu_loss=p).probs for p in (0.05, 0.9))
    assert (low != high).any()  # (it changes the chain: it is not ignored there either)


def test_analyze_landing_says_what_it_counts_and_how_simulate_differs():
    res = runner.invoke(app, ["analyze", "landing", "--edition", "classic"])
    assert res.exit_code == 0, res.output
    said = words(res.output)
    assert "share of rolls" in said and "where each roll's move ends" in said
    assert "every turn spent in jail counts as In Jail" in said
    assert "simulate --report counts every move instead" in said


def test_simulate_says_its_landings_are_moves_and_that_every_game_had_a_winner():
    res = runner.invoke(app, ["simulate", "--games", "4", "--seed", "3", "--edition", "classic"])
    assert res.exit_code == 0, res.output
    said = words(res.output)
    assert "no winner 0 0.0%" in said and "Every one of the 4 games had a winner." in said
    assert "Where moves end (every dice and card move)" in said and "share of moves" in said
    assert "'openmonopoly analyze landing' gives the other statistic" in said


def test_games_with_no_winner_are_counted_and_said_in_the_report():
    from openmonopoly.sim.report import summary_markdown
    from openmonopoly.sim.stats import Aggregate

    edition = load("classic")
    size = len(edition.board)
    agg = Aggregate(edition, ["heuristic"] * 2)
    base = {"turns": 10, "landings": [1] * (size + 1), "rents": [0] * size, "digest": "0", "first_player": 0}
    agg.add({**base, "index": 0, "winners": [1], "end_reason": "bankruptcy"})
    agg.add({**base, "index": 1, "winners": [], "end_reason": "time-up"})
    agg.add({**base, "index": 2, "winners": [0, 1], "end_reason": "round-limit"})
    result = agg.result(edition="classic", seed=0, options={}, max_rounds=None, seconds=1.0)
    assert result["no_winner"] == 1 and result["wins"] == [0.5, 1.5]
    text = words(summary_markdown(result, edition))
    assert "1 of the 3 games (33.3%) ended with no winner and count in no seat's wins" in text
    assert "time-up 1" in text
    assert "every move, the dice's and each card's separately" in text


def test_heatmap_percent_scale_whole_words_and_in_jail_off_the_scale():
    pytest.importorskip("matplotlib")
    from openmonopoly.analysis import landing
    from openmonopoly.analysis.plot import cell_label, landing_figure

    assert cell_label("Universal Parks & Resorts") == "Universal\nParks &\nResorts"
    assert cell_label("Kuiil's Vapor Farm Moisture-Vaporators").split("\n")[-1] == "Moisture-Vaporators"
    result = landing("classic", "long")
    fig = landing_figure(result)
    try:
        bar = fig.axes[1]
        fig.canvas.draw()
        ticks = [t.get_text() for t in bar.get_yticklabels() if t.get_text()]
        assert ticks and all(t.endswith("%") for t in ticks), ticks
        assert all(float(t.rstrip("%")) > 0.3 for t in ticks), ticks  # percent (2.5%), not fractions (0.025)
        texts = [t.get_text() for t in fig.axes[0].texts]
        assert "(above the colour scale)" in texts  # In Jail (about 9 %) far above every space (at most 3 %)
        assert not any(line.endswith("-") for t in texts for line in t.split("\n"))  # no word broken
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
