"""The heuristic bot under the classic family's house rules: it plays by them, not by the book."""

from __future__ import annotations

import openmonopoly as om
from kit import new_game, own, place, roll, set_cash, start_turn
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


# ------------------------------------------------------------------------------ uneven-building
PARK_PLACE, BOARDWALK = 37, 39


def _builds(g: om.Game) -> list[int]:
    """Let seat 0's bot act at the start of its turn until it does something other than build."""
    bot = make_agent("heuristic", 0)
    built = []
    while True:
        action = bot.act(g.view(0), g.prompt)
        if action.kind != "build":
            return built
        built.append(action.arg)
        g.act(0, action)


def test_concentrates_houses_where_rent_jumps_most_under_uneven_building():
    for options, expected, rent in (
        ({}, [BOARDWALK, PARK_PLACE, BOARDWALK], 600),  # the book: evenly, Boardwalk at 2 houses
        ({"uneven-building": True}, [BOARDWALK] * 3, 1400),  # the third house on the set's best street
    ):
        g = new_game("classic", 2, options=options)
        own(g, 0, PARK_PLACE, BOARDWALK)
        set_cash(g, 0, 700)  # three houses (200 each) and the bot's 100 reserve
        assert _builds(g) == expected, options
        start_turn(g, 1)
        place(g, 1, 35)
        before = g.state.cash[1]
        roll(g, 1, 1, 3)  # to Boardwalk
        assert before - g.state.cash[1] == rent, options


def test_spreads_to_the_next_street_only_after_the_third_house():
    g = new_game("classic", 2, options={"uneven-building": True})
    own(g, 0, PARK_PLACE, BOARDWALK)
    set_cash(g, 0, 3000)
    built = _builds(g)
    # Boardwalk to 3, Park Place to 3, then each on to its hotel (a hotel's 300 more per 200 is worth more on
    # Boardwalk than Park Place's 200 more for its fourth house).
    assert built[:6] == [BOARDWALK] * 3 + [PARK_PLACE] * 3
    assert built[6:8] == [BOARDWALK, BOARDWALK]
    assert g.state.level[BOARDWALK] == g.hotel_level == g.state.level[PARK_PLACE]


def test_sells_where_least_rent_is_lost_under_uneven_building_and_no_mortgages():
    # Not the book's choice (the cheapest street at the highest level): the house whose loss costs least rent.
    for levels, sold in (((1, 3), PARK_PLACE), ((3, 1), BOARDWALK)):
        g = new_game("classic", 2, options={"no-mortgages": True, "uneven-building": True})
        own(g, 0, PARK_PLACE, level=levels[0])
        own(g, 0, BOARDWALK, level=levels[1])
        set_cash(g, 0, 150)
        roll(g, 0, 1, 3)  # Income Tax 200 with 150: raised by selling a house (100 back)
        assert g.prompt.kind == "debt"
        action = _answer(g)
        assert (action.kind, action.arg) == ("sell", sold), levels
        g.act(0, action)
        assert g.state.cash[0] == 250 and _answer(g).kind == "pay"  # one house was enough
