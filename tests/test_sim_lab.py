"""The house-rules lab (``simulate --compare``): paired deals, intervals, refusals, and one digest on every backend."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from openmonopoly.cli.main import app
from openmonopoly.editions import load
from openmonopoly.sim import game_seed, play_game
from openmonopoly.sim.lab import (
    BadOptionSet,
    OptionSet,
    compare,
    first_mover_win,
    mean_interval,
    paired_difference,
    parse_option_sets,
    run_lab,
)

SEATS = ["heuristic"] * 4
CLASSIC = load("classic")


def lab_sets(*texts: str) -> list[OptionSet]:
    return parse_option_sets(CLASSIC, texts, len(SEATS))


@pytest.fixture(scope="module")
def small_lab():
    # max-rounds=10000 is never reached: those games must be the book's, move for move.
    sets = lab_sets("book", "max-rounds=12", "max-rounds=10000")
    return run_lab("classic", 6, 11, SEATS, sets, backend="inprocess")


# ------------------------------------------------------------------------------ paired deals
def test_every_set_plays_the_same_seeds(small_lab):
    seeds = [[g["seed"] for g in small_lab["games_by_set"][row["label"]]] for row in small_lab["sets"]]
    assert seeds[0] == [game_seed(11, i) for i in range(6)]
    assert seeds[0] == seeds[1] == seeds[2]


def test_same_deal_same_first_rolls_under_options_that_leave_the_dice_alone():
    seed = game_seed(11, 3)
    book = play_game("classic", SEATS, seed)
    capped = play_game("classic", SEATS, seed, {"max-rounds": 12})
    claimed = play_game("classic", SEATS, seed, {"rent-must-be-claimed": True})
    # The first rolls (the set-up roll and the opening moves) are the same chance outcomes in the same order.
    assert len(book.chance.log) > 20
    assert capped.chance.log[:20] == book.chance.log[:20]
    assert claimed.chance.log[:20] == book.chance.log[:20]


def test_a_limit_never_reached_changes_nothing(small_lab):
    by = small_lab["games_by_set"]
    assert [g["digest"] for g in by["max-rounds=10000"]] == [g["digest"] for g in by["book"]]
    row = next(r for r in small_lab["sets"] if r["label"] == "max-rounds=10000")
    assert all(d["mean"] == 0 and d["lo"] == 0 and d["hi"] == 0 for d in row["vs_book"].values())
    capped = next(r for r in small_lab["sets"] if r["label"] == "max-rounds=12")
    assert capped["figures"]["rounds"]["hi"] <= 12
    assert capped["vs_book"]["rounds"]["mean"] < 0  # the book's games last longer than 12 rounds
    # Everyone starts with the same cash under every set: the first round's cash is the same.
    assert {r["cash_by_round"][0]["mean"] for r in small_lab["sets"]} == {4 * 1500}


# ------------------------------------------------------------------------------ intervals
def test_mean_interval_on_a_known_example():
    e = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 1.96 * math.sqrt(5 / 3) / 2  # sample variance 5/3, n = 4
    assert e.mean == 2.5 and e.n == 4
    assert e.lo == pytest.approx(2.5 - half) and e.hi == pytest.approx(2.5 + half)
    assert mean_interval([7.0]).lo == 7.0 == mean_interval([7.0]).hi


def test_paired_difference_uses_the_game_by_game_differences():
    d = paired_difference([3.0, 5.0, 7.0], [1.0, 2.0, 3.0])  # differences 2, 3, 4: sd 1
    assert d.mean == 3.0
    assert d.lo == pytest.approx(3 - 1.96 / math.sqrt(3)) and d.hi == pytest.approx(3 + 1.96 / math.sqrt(3))
    # Same differences, far more spread in the levels: the paired interval does not widen.
    wide = paired_difference([102.0, 3.0, 54.0], [100.0, 0.0, 50.0])
    assert (wide.lo, wide.hi) == (d.lo, d.hi)
    with pytest.raises(ValueError, match="game for game"):
        paired_difference([1.0], [1.0, 2.0])


def _game(index, rounds, reason, winners, first=0, cash=(6000,), sets=()):
    return {
        "index": index,
        "rounds": rounds,
        "end_reason": reason,
        "winners": list(winners),
        "first_player": first,
        "cash_by_round": list(cash),
        "winner_sets": list(sets),
    }


def test_compare_on_a_small_known_example():
    sets = [OptionSet("book", {}), OptionSet("x", {"max-rounds": 3})]
    book = [_game(0, 10, "bankruptcy", [0], sets=("red",)), _game(1, 20, "bankruptcy", [1], cash=(6000, 5000))]
    other = [_game(0, 3, "round-limit", [0, 1]), _game(1, 3, "round-limit", [1], first=1, cash=(6000, 4000))]
    lab = compare(sets, {"book": book, "x": other}, 4, {"red": "Red"})
    b, x = lab["sets"]
    assert b["figures"]["rounds"]["mean"] == 15
    assert x["vs_book"]["rounds"]["mean"] == -12  # differences -7 and -17
    assert x["vs_book"]["rounds"]["hi"] - (-12) == pytest.approx(1.96 * math.sqrt(50) / math.sqrt(2))
    assert b["figures"]["ended_by:bankruptcy"]["mean"] == 1
    assert x["figures"]["ended_by:round-limit"]["mean"] == 1
    # first mover: book 1 - 1/4 and 0 - 1/4; x: a shared win 1/2 - 1/4 and a win 1 - 1/4
    assert b["figures"]["first_mover_advantage"]["mean"] == pytest.approx(0.25)
    assert x["figures"]["first_mover_advantage"]["mean"] == pytest.approx(0.5)
    assert first_mover_win(other[0], 4) == pytest.approx(0.25)
    assert [e["mean"] for e in x["cash_by_round"]] == [6000, 4000]
    assert [e["n"] for e in x["cash_by_round"]] == [2, 1]
    assert b["winner_sets"] == [
        {
            "group": "red",
            "name": "Red",
            "games": 1,
            "share": 0.5,
            "lo": pytest.approx(0.0945, abs=1e-3),
            "hi": pytest.approx(0.9055, abs=1e-3),
        }
    ]
    assert x["winner_sets"] == []
    with pytest.raises(ValueError, match="same games"):
        compare(sets, {"book": book, "x": other[:1]}, 4, {})


# ------------------------------------------------------------------------------ refusals
@pytest.mark.parametrize(
    ("texts", "words"),
    [
        (["book", "free-lunch"], ["free-lunch", "unknown option", "known options", "max-rounds"]),
        (["max-rounds=0"], ["max-rounds=0", "at least 1"]),
        (["max-rounds=ten"], ["whole number"]),
        (["book,max-rounds=5"], ["'book' alone"]),
        (["max-rounds=5,max-rounds=6"], ["more than once"]),
        (["max-rounds=5", "max-rounds=5"], ["same as"]),
        (["book"], ["at least one option set besides the book"]),
        (["max-rounds=5,"], ["NAME[=VALUE]"]),
        # A preset's options typed out are the same set as the preset.
        (["popular", "free-parking-pot,go-bonus,no-auctions"], ["same as 'popular'"]),
        (["popular,family-night"], ["presets popular, family-night", "one preset per set"]),
        (["populr"], ["unknown option 'populr'", "house-rules presets: family-night, popular"]),
        (["popular,salary=0"], ["salary=0 pays none"]),
    ],
)
def test_bad_option_sets_are_refused_with_a_clear_error(texts, words):
    with pytest.raises(BadOptionSet) as caught:
        lab_sets(*texts)
    for word in words:
        assert word in str(caught.value)


def test_the_command_refuses_a_bad_set_before_any_game(monkeypatch):
    import openmonopoly.sim.runner as sim_runner

    def no_games(*_args, **_kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(sim_runner, "game_summary", no_games)
    result = CliRunner().invoke(app, ["simulate", "-n", "3", "-w", "1", "--compare", "book", "max-rounds=9", "nope"])
    assert result.exit_code == 2
    assert "option set 'nope': unknown option 'nope'" in result.output
    result = CliRunner().invoke(app, ["simulate", "-n", "3", "--max-rounds", "5", "--compare", "max-rounds=9"])
    assert result.exit_code == 2 and "give the limit in one place" in result.output
    result = CliRunner().invoke(app, ["simulate", "-n", "3", "book", "max-rounds=9"])
    assert result.exit_code == 2 and "go after --compare" in result.output


# ------------------------------------------------------------------------------ one digest everywhere
COMMAND = ["simulate", "-n", "5", "--seed", "4", "--seats", "heuristic,random,heuristic", "--json"]
SETS = ["--compare", "book", "max-rounds=8", "max-rounds=8,rent-must-be-claimed"]


def lab_json(*extra: str) -> dict:
    result = CliRunner().invoke(app, COMMAND + list(extra) + SETS)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _without_timing(lab: dict) -> dict:
    return {k: v for k, v in lab.items() if k not in ("backend", "workers", "seconds", "sets")} | {
        "sets": [{k: v for k, v in row.items() if k != "simulation"} for row in lab["sets"]]
    }


def test_same_digest_on_1_and_2_workers_and_ray(tmp_path):
    one = lab_json("--workers", "1")
    two = lab_json("--workers", "2", "--chunk-size", "2")
    assert one["workers"] == 1 and two["workers"] == 2
    assert one["digest"] == two["digest"]
    assert _without_timing(one) == _without_timing(two)
    ray = pytest.importorskip("ray")
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        via_ray = lab_json("--backend", "ray", "--workers", "2")
    finally:
        if started:
            ray.shutdown()
    assert via_ray["backend"] == "ray"
    assert via_ray["digest"] == one["digest"]
    assert _without_timing(via_ray) == _without_timing(one)


def test_report_writes_plots_and_summary(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "lab"
    command = ["simulate", "-n", "4", "-w", "1", "--seed", "2", "--report", str(out)]
    result = CliRunner().invoke(app, [*command, "--compare", "max-rounds=10", "popular"])
    assert result.exit_code == 0, result.output
    for name in ("lab_figures.png", "lab_cash.png", "lab_sets.png", "lab.json", "summary.md"):
        assert (out / name).stat().st_size > 0, name
    summary = (out / "summary.md").read_text()
    assert "| max-rounds=10 |" in summary and "Δ" in summary and "Digest" in summary
    lab = json.loads((out / "lab.json").read_text())
    assert lab["games"] == 4
    # A preset's set is labelled with the preset's name, and both outputs say which options it played.
    assert "\n| popular |" in summary
    assert "`popular` (house-rules preset popular) plays free-parking-pot=0, go-bonus, no-auctions" in summary
    assert "popular plays free-parking-pot=0, go-bonus, no-auctions" in result.output
    assert [(row["label"], row["preset"]) for row in lab["sets"]] == [
        ("book", None),
        ("max-rounds=10", None),
        ("popular", "popular"),
    ]


# ------------------------------------------------------------------------------ presets as option sets
def test_a_preset_is_an_option_set_labelled_with_its_name():
    sets = lab_sets("popular", "popular,free-parking-pot=300", "family-night")
    by = {s.label: s for s in sets}
    assert [s.label for s in sets] == ["book", "popular", "popular,free-parking-pot=300", "family-night"]
    assert by["popular"].options == {"free-parking-pot": 0, "go-bonus": True, "no-auctions": True}
    assert by["popular"].preset == "popular" and by["book"].preset is None
    # The set's own options change or add to the preset's, as --option does after --house-rules.
    assert by["popular,free-parking-pot=300"].options == {
        "free-parking-pot": 300,
        "go-bonus": True,
        "no-auctions": True,
    }
    assert by["family-night"].options["starting-cash"] == 2000


def test_an_edition_without_presets_says_so():
    with pytest.raises(BadOptionSet, match="house-rules presets: none"):
        parse_option_sets(load("empire"), ["popular"], 4)


def test_house_rules_flag_goes_into_the_sets_not_beside_them():
    result = CliRunner().invoke(app, ["simulate", "-n", "2", "--house-rules", "popular", "--compare", "go-bonus"])
    assert result.exit_code == 2 and "(--compare popular)" in result.output
