"""Illegal actions (engine issue): wrong player, wrong prompt, malformed text -> IllegalAction /
BadActionText with a reason, and the game (its whole JSON) unchanged."""

import pytest

import openmonopoly as om
from kit import assert_refused, own, roll, set_cash

from .helpers import SW, new_game


def test_wrong_player_cannot_roll():
    """On Your Turn: only the player whose turn it is rolls."""
    g = new_game(SW)
    reason = assert_refused(g, 1, "roll", "not your decision")
    assert "Player 1" in reason


def test_wrong_player_cannot_buy_or_bid_out_of_turn():
    """Want to buy it? is the lander's decision; auction bids go round the table one at a time."""
    g = new_game(SW)
    roll(g, 0, 3, 3)
    assert_refused(g, 1, "buy", "not your decision")
    g.act(0, "auction")
    assert_refused(g, 2, "bid 10", "not your decision")
    assert_refused(g, 0, "bid 10", "not your decision")


@pytest.mark.parametrize(
    "text",
    [
        "buy",
        "auction",
        "bid 10",
        "pass",
        "pay",
        "bankrupt",
        "accept",
        "reject",
        "lift",
        "keep",
        "claim",
        "waive",
        "want",
        "place 6",
    ],
)
def test_action_that_does_not_answer_the_prompt(text):
    """Engine: an action that does not answer the current prompt ('turn') is refused."""
    g = new_game(SW)
    assert_refused(g, 0, text, "does not answer")


def test_roll_does_not_answer_a_buy_prompt():
    g = new_game(SW)
    roll(g, 0, 3, 3)
    assert_refused(g, 0, "roll", "does not answer")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "roll 3",
        "bid",
        "bid ten",
        "build x",
        "trade",
        "trade x",
        "trade 1 give=a",
        "trade 1 cash=lots",
        "trade 1 foo=1",
    ],
)
def test_malformed_text_is_bad_action_text(text):
    """Engine: text that does not parse raises BadActionText (an IllegalAction) with a reason."""
    g = new_game(SW)
    reason = assert_refused(g, 0, text, exc=om.BadActionText)
    assert reason


def test_no_such_player():
    g = new_game(SW)
    assert_refused(g, 7, "roll", "no player")


def test_illegal_any_time_actions_name_the_reason():
    """Buildings / Mortgaging: refused any-time actions say why."""
    g = new_game(SW)
    assert_refused(g, 0, "build 6", "do not own")
    assert_refused(g, 0, "mortgage 6", "do not own")
    assert_refused(g, 0, "unmortgage 6", "do not own")
    assert_refused(g, 0, "sell 6", "own no")
    assert_refused(g, 0, "build 4", "only")


def test_illegal_action_lists_the_legal_ones():
    """Engine: IllegalAction carries what the player may do instead."""
    g = new_game(SW)
    with pytest.raises(om.IllegalAction) as info:
        g.act(0, "buy")
    assert om.Action("roll") in info.value.legal


def test_legal_actions_are_exactly_what_act_accepts_at_a_debt():
    """Help!: at a debt with too little cash, neither pay nor bankrupt is offered while money can be raised."""
    g = new_game(SW)
    set_cash(g, 0, 100)
    own(g, 0, 5)
    roll(g, 0, 1, 3)
    legal = g.legal_actions(0)
    assert om.Action("pay") not in legal and om.Action("bankrupt") not in legal
    assert om.Action("mortgage", 5) in legal
    for action in legal.actions:
        assert g.check(0, action) is None
