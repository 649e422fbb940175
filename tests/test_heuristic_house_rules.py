"""The heuristic bot under the classic family's house rules: it plays by them, not by the book."""

from __future__ import annotations

import openmonopoly as om
from kit import new_game, own, place, roll, set_cash
from openmonopoly.agents import make_agent


def _answer(g: om.Game) -> om.Action:
    p = g.prompt
    return make_agent("heuristic", 0).act(g.view(p.player), p)


def test_buys_with_a_thinner_reserve_when_there_are_no_auctions():
    for options, expected in (({}, "auction"), ({"no-auctions": True}, "buy")):
        g = new_game("classic", options=options)
        set_cash(g, 0, 260)  # Reading Railroad costs 200: 60 left, below the usual reserve (75), above half
        place(g, 0, 0)
        roll(g, 0, 1, 4)
        assert g.prompt.kind == "buy"
        assert _answer(g).kind == expected, options


def test_never_tries_to_mortgage_under_no_mortgages():
    g = new_game("classic", options={"no-mortgages": True})
    set_cash(g, 0, 100)
    own(g, 0, 1, 3, 5, 6, 8, 9)
    roll(g, 0, 1, 3)  # Income Tax 200 with 100: nothing can be raised, so bankruptcy
    assert g.prompt.kind == "debt"
    assert _answer(g).kind == "bankrupt"


def test_counts_the_free_parking_pot_in_its_reserve():
    g = new_game("classic", options={"free-parking-pot": 0})
    bot = make_agent("heuristic", 0)
    from openmonopoly.agents.heuristic import _board

    view = g.view(0)
    b = _board(view)
    before = bot.reserve(view, b)
    g.state.pot = 350
    assert before == 75 and bot.reserve(view, b) == 25


def test_plays_whole_games_under_every_house_rule():
    options = {
        "free-parking-pot": 0,
        "go-bonus": True,
        "no-auctions": True,
        "no-mortgages": True,
        "uneven-building": True,
        "jail-no-rent": True,
        "max-rounds": 60,
    }
    for seed in range(3):
        g = om.Game("classic", 4, seed=seed, options=options)
        g.play_out([make_agent("heuristic", seed * 10 + i) for i in range(4)])
        assert g.over
        assert not any(e.kind == "auction" and e.pos >= 0 for e in g.history)
        assert not any(e.kind == "mortgaged" for e in g.history)
