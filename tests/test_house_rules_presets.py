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
