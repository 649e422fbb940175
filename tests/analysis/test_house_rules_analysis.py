"""The Markov analysis and house rules: it says which it models (none moves a token) and refuses the rest."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from openmonopoly.analysis.house_rules import check_house_rules
from openmonopoly.cli.main import app
from openmonopoly.engine.options import BadOption


def test_landing_models_every_house_rule_as_the_books_movement():
    note = check_house_rules("landing", {"go-bonus": True, "free-parking-pot": 0, "jail-no-rent": True})
    assert "landing probabilities are the book's" in note and "free-parking-pot" in note
    assert check_house_rules("landing", {"go-bonus": False}) == "by the book"


def test_rents_refuses_jail_no_rent_and_non_house_rules():
    with pytest.raises(BadOption, match="does not model house rule jail-no-rent"):
        check_house_rules("rents", {"jail-no-rent": True})
    with pytest.raises(BadOption, match="not house rules: max-rounds"):
        check_house_rules("landing", {"max-rounds": 5})


def test_cli_refuses_with_the_reason():
    runner = CliRunner()
    result = runner.invoke(app, ["analyze", "rents", "-o", "jail-no-rent"])
    assert result.exit_code != 0 and "jail-no-rent" in result.output
    result = runner.invoke(app, ["analyze", "landing", "-e", "mandalorian", "-o", "no-auctions"])
    assert result.exit_code != 0 and "classic family" in result.output
