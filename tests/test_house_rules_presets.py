"""House-rule presets: the family's ``popular``, the editions' own (schema-checked), on the command line."""

from __future__ import annotations

import copy
import json

import pytest
from typer.testing import CliRunner

from openmonopoly import catalogue
from openmonopoly.cli.main import app
from openmonopoly.editions import DATA, EditionError
from openmonopoly.editions.schema import parse_edition
from openmonopoly.engine.options import BadOption


def test_popular_and_the_editions_own_presets():
    ed = catalogue.edition("classic")
    assert catalogue.house_rules_preset(ed, "popular") == {"free-parking-pot": 0, "go-bonus": True, "no-auctions": True}
    assert catalogue.house_rules_preset(ed, "family-night")["starting-cash"] == 2000
    with pytest.raises(BadOption, match="presets: family-night, popular"):
        catalogue.house_rules_preset(ed, "nope")
    with pytest.raises(BadOption, match="presets: none"):
        catalogue.house_rules_preset(catalogue.edition("empire"), "popular")


@pytest.mark.parametrize(
    "presets,field",
    [
        ({"x": {"no-such-rule": True}}, "house_rules.x.no-such-rule"),
        ({"popular": {"go-bonus": True}}, "house_rules.popular"),
        ({"Bad Name": {"go-bonus": True}}, "house_rules"),
        ({"x": {"salary": -5}}, "house_rules.x.salary"),
    ],
)
def test_edition_presets_are_schema_checked(presets, field):
    raw = json.loads((DATA / "classic.json").read_text(encoding="utf-8"))
    bad = copy.deepcopy(raw)
    bad["house_rules"] = presets
    with pytest.raises(EditionError) as info:
        parse_edition(bad, "classic.json", trusted=False)
    assert field in str(info.value)


def test_play_with_a_preset_lists_the_house_rules_and_options_add_to_it(tmp_path):
    save = tmp_path / "g.json"
    runner = CliRunner()
    result = runner.invoke(
        app,
        [
            "play",
            "--house-rules",
            "popular",
            "-o",
            "salary=300",
            "--seats",
            "heuristic,heuristic",
            "--seed",
            "4",
            "--max-rounds",
            "2",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "House rules at this table:" in result.output and "go-bonus" in result.output
    result = runner.invoke(app, ["play", "--house-rules", "nope", "--seats", "heuristic,heuristic"])
    assert result.exit_code != 0 and "no house-rules preset 'nope'" in result.output


def test_simulate_takes_a_preset_as_play_does():
    runner = CliRunner()
    args = ["simulate", "-n", "2", "-w", "1", "--seed", "5", "--max-rounds", "30", "--json"]
    with_preset = runner.invoke(app, [*args, "--house-rules", "popular"])
    assert with_preset.exit_code == 0, with_preset.output
    spelled = runner.invoke(app, [*args, "-o", "free-parking-pot", "-o", "go-bonus", "-o", "no-auctions"])
    book = runner.invoke(app, args)
    # The preset plays exactly the games its options spelled out play, and not the book's.
    digest = json.loads(with_preset.stdout)["digest"]
    assert digest == json.loads(spelled.stdout)["digest"]
    assert digest != json.loads(book.stdout)["digest"]
    # --option changes the preset's value.
    changed = runner.invoke(app, [*args, "--house-rules", "popular", "-o", "free-parking-pot=500"])
    assert json.loads(changed.stdout)["digest"] != digest
    refused = runner.invoke(app, [*args, "--house-rules", "nope"])
    assert refused.exit_code == 2 and "no house-rules preset 'nope'" in refused.output


def test_analyze_takes_a_preset():
    pytest.importorskip("numpy")
    runner = CliRunner()
    landing = runner.invoke(app, ["analyze", "landing", "--house-rules", "popular", "--json"])
    assert landing.exit_code == 0, landing.output
    # family-night has jail-no-rent, which the rent table cannot model: refused, naming it.
    rents = runner.invoke(app, ["analyze", "rents", "--house-rules", "family-night"])
    assert rents.exit_code != 0 and "jail-no-rent" in rents.output
