"""Buildings: Fleets and Bases, Not Enough Buildings?, selling back (Star Wars 40th rulebook)."""

import openmonopoly as om
from kit import assert_refused, event_kinds, own, prompt_kind, roll, set_cash

from .helpers import SW, check_invariants, new_game

LIGHT_BLUE = (6, 8, 9)  # Fleets cost 50
PINK = (11, 13, 14)  # Fleets cost 100


def test_build_needs_the_whole_colour_set():
    """Building Fleets: as soon as you get a color set you can buy Fleets; not before."""
    g = new_game(SW)
    own(g, 0, 6, 8)
    own(g, 1, 9)
    assert_refused(g, 0, "build 6", "whole colour set")


def test_build_refused_when_a_scene_of_the_set_is_mortgaged():
    """Buildings: you cannot build on a Scene if any Scene in its color set is mortgaged."""
    g = new_game(SW)
    own(g, 0, 6, 8)
    own(g, 0, 9, mortgaged=True)
    assert_refused(g, 0, "build 6", "mortgaged")


def test_build_only_on_scenes():
    """Buildings: Fleets go on Scenes, not on Ships or Power Sources."""
    g = new_game(SW)
    own(g, 0, 5, 15, 25, 35)
    assert_refused(g, 0, "build 5")


def test_build_a_fleet_pays_the_bank_the_fleet_cost():
    """Building Fleets: pay the Bank the Fleet cost on the Title Deed and place a Fleet on the Scene."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE)
    events = g.act(0, "build 6")
    s = g.state
    assert (s.level[6], s.cash[0], s.bank_houses) == (1, 1450, 31)
    assert "built" in event_kinds(events)
    assert prompt_kind(g) == (0, "turn")  # building does not end or use up the turn
    check_invariants(g)


def test_build_evenly():
    """Building Fleets: build evenly -- no second Fleet on a Scene until each Scene of the set has one."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE)
    g.act(0, "build 6")
    assert_refused(g, 0, "build 6", "evenly")
    g.act(0, "build 8")
    g.act(0, "build 9")
    g.act(0, "build 6")
    assert [g.state.level[p] for p in LIGHT_BLUE] == [2, 1, 1]
    assert g.state.cash[0] == 1300


def test_build_max_four_fleets_then_a_base_returning_four_fleets():
    """Building Bases: with 4 Fleets on every Scene of the set, pay the Base cost, return the 4 Fleets to
    the Bank and put a Base; only 1 Base per Scene and no more Fleets."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE, level=4)
    s = g.state
    assert (s.bank_houses, s.bank_hotels) == (20, 12)
    g.act(0, "build 6")
    assert (s.level[6], s.bank_houses, s.bank_hotels, s.cash[0]) == (5, 24, 11, 1450)
    assert_refused(g, 0, "build 6", "already has")
    check_invariants(g)


def test_base_needs_four_fleets_on_every_scene_of_the_set():
    """Building Bases: only once you have 4 Fleets on *all* Scenes in a color set."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE, level=4)
    own(g, 0, 9, level=3)
    assert_refused(g, 0, "build 6", "evenly")


def test_no_fleets_left_build_refused():
    """Not Enough Buildings? No buildings left? You can't buy any until someone sells theirs back."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE)
    g.state.bank_houses = 0
    assert_refused(g, 0, "build 6", "no")


def test_no_bases_left_build_refused():
    """Not Enough Buildings? (Bases): with no Base in the Bank, the upgrade is refused."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE, level=4)
    g.state.bank_hotels = 0
    assert_refused(g, 0, "build 6", "no")


def test_fleet_supply_is_32_and_bases_12():
    """Contents: 32 Fleets, 12 Bases -- the bank's finite supply."""
    g = new_game(SW)
    assert (g.state.bank_houses, g.state.bank_hotels) == (32, 12)
    assert (g.edition.rules.houses, g.edition.rules.hotels) == (32, 12)


def test_build_refused_without_the_cash():
    """Building Fleets: you must pay the Fleet cost."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE)
    set_cash(g, 0, 49)
    assert_refused(g, 0, "build 6", "costs")


def test_build_when_it_is_not_your_turn():
    """Building Fleets: you don't have to wait for your turn."""
    g = new_game(SW, first=2)
    own(g, 0, *LIGHT_BLUE)
    assert prompt_kind(g) == (2, "turn")
    g.act(0, "build 8")
    assert g.state.level[8] == 1 and g.state.cash[0] == 1450
    assert prompt_kind(g) == (2, "turn")


def test_build_during_an_auction_by_a_non_bidder_turn():
    """Building Fleets (at any time): also while another decision (an auction) is pending."""
    g = new_game(SW)
    own(g, 3, *PINK)
    roll(g, 0, 2, 3)
    g.act(0, "auction")
    g.act(3, "build 11")
    assert g.state.level[11] == 1 and prompt_kind(g) == (1, "auction")


# ---------------------------------------------------------------- Not Enough Buildings?
def shortage_game(houses=1):
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE)
    own(g, 1, *PINK)
    g.state.bank_houses = houses
    return g


def check_shortage_supply(g, houses_out):
    s = g.state
    assert sum(lv for lv in s.level if 0 < lv < 5) + s.bank_houses == houses_out


def test_building_shortage_auction_when_several_want_the_last_fleet():
    """Not Enough Buildings?: if multiple players want the last Fleet, the Banker must auction it;
    bids start at 10. The winner pays the bid and places the Fleet."""
    g = shortage_game(houses=1)
    events = g.act(0, "build 6")
    assert "shortage" in event_kinds(events)
    assert g.prompt == om.Prompt(1, "building-shortage", {"requester": 0, "pos": 6, "building": "house", "supply": 1})
    g.act(1, "want")
    assert g.prompt.kind == "auction" and g.prompt.player == 0
    assert g.prompt.details["lot_kind"] == "house" and g.prompt.details["minimum"] == 10
    assert g.prompt.details["bidders"] == [0, 1]
    assert_refused(g, 0, "bid 9", "at least")
    g.act(0, "bid 10")
    g.act(1, "bid 11")
    g.act(0, "bid 20")
    g.act(1, "pass")
    assert g.prompt == om.Prompt(0, "place-building", {"building": "house"})
    assert_refused(g, 0, "place 11", "cannot place")
    g.act(0, "place 8")
    s = g.state
    assert (s.level[8], s.bank_houses, s.cash[0], s.cash[1]) == (1, 0, 1480, 1500)
    assert prompt_kind(g) == (0, "turn")
    check_shortage_supply(g, 1)


def test_building_shortage_rival_wins_and_places_on_own_set():
    """Not Enough Buildings?: the rival who wins the auction places the last Fleet on their own set."""
    g = shortage_game(houses=1)
    g.act(0, "build 6")
    g.act(1, "want")
    g.act(0, "bid 10")
    g.act(1, "bid 15")
    g.act(0, "pass")
    assert prompt_kind(g) == (1, "place-building")
    g.act(1, "place 13")
    s = g.state
    assert (s.level[13], s.level[6], s.cash[0], s.cash[1], s.bank_houses) == (1, 0, 1500, 1485, 0)


def test_building_shortage_rival_passes_then_the_requester_builds_at_cost():
    """Not Enough Buildings?: if nobody else wants it, there is no auction: build it at the Fleet cost."""
    g = shortage_game(houses=1)
    g.act(0, "build 6")
    g.act(1, "pass")
    s = g.state
    assert (s.level[6], s.cash[0], s.bank_houses) == (1, 1450, 0)
    assert prompt_kind(g) == (0, "turn")


def test_no_shortage_when_the_bank_has_enough_for_everyone():
    """Not Enough Buildings? (engine: a shortage is fewer buildings than players who could build):
    with 2 Fleets and 1 rival there is no auction."""
    g = shortage_game(houses=2)
    g.act(0, "build 6")
    assert g.state.level[6] == 1 and prompt_kind(g) == (0, "turn")


def test_building_shortage_auction_for_the_last_base():
    """Not Enough Buildings?: the same auction for the last Base (bids start at 10)."""
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE, level=4)
    own(g, 1, *PINK, level=4)
    g.state.bank_hotels = 1
    g.act(0, "build 9")
    assert g.prompt.kind == "building-shortage" and g.prompt.details["building"] == "hotel"
    g.act(1, "want")
    g.act(0, "bid 10")
    g.act(1, "pass")
    assert prompt_kind(g) == (0, "place-building")
    g.act(0, "place 9")
    s = g.state
    assert (s.level[9], s.bank_hotels, s.bank_houses, s.cash[0]) == (5, 0, 12, 1490)


# ---------------------------------------------------------------- selling back
def test_sell_fleet_back_at_half_price():
    """Help! / Selling Buildings: sell Fleets to the Bank for half the cost price."""
    g = new_game(SW)
    own(g, 0, *PINK, level=2)
    g.act(0, "sell 11")
    s = g.state
    assert (s.level[11], s.cash[0], s.bank_houses) == (1, 1550, 27)
    check_invariants(g)


def test_sell_fleets_evenly():
    """Help! / Selling Buildings: Fleets must be sold evenly across the color set."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE, level=2)
    g.act(0, "sell 6")
    assert_refused(g, 0, "sell 6", "evenly")
    g.act(0, "sell 8")


def test_sell_base_returns_four_fleets_when_the_bank_has_them():
    """Help! / Selling Buildings: sell Bases for half the cost price and exchange them at once for 4 Fleets."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE, level=5)
    s = g.state
    g.act(0, "sell 6")
    assert (s.level[6], s.cash[0], s.bank_houses, s.bank_hotels) == (4, 1525, 28, 10)
    check_invariants(g)


def test_sell_base_refused_when_the_bank_lacks_four_fleets_sell_all_works():
    """Selling Buildings + no buildings left: a Base cannot be exchanged for 4 Fleets the Bank doesn't have;
    selling the whole set's buildings works (half price each: Base 25 + 4 Fleets 4x25)."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE, level=5)
    g.state.bank_houses = 3
    assert_refused(g, 0, "sell 6", "sell-all")
    g.act(0, "sell-all 6")
    s = g.state
    assert [s.level[p] for p in LIGHT_BLUE] == [0, 0, 0]
    assert (s.cash[0], s.bank_hotels, s.bank_houses) == (1500 + 3 * 125, 12, 3)


def test_sell_buildings_at_any_time_even_on_another_players_turn():
    """Deals & Trades / Selling: buildings can be sold back to the Bank at any time."""
    g = new_game(SW, first=1)
    own(g, 0, *LIGHT_BLUE, level=1)
    g.act(0, "sell 9")
    assert g.state.level[9] == 0 and g.state.cash[0] == 1525


def test_sell_refused_when_nothing_is_built():
    """Selling Buildings: there must be something to sell."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE)
    assert_refused(g, 0, "sell 6", "nothing")
    assert_refused(g, 0, "sell-all 6", "no buildings")


def test_rebuild_after_selling_back_to_the_bank():
    """No buildings left?: you can't buy any until someone sells theirs back; then you can."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE, level=1)
    own(g, 1, *PINK)
    g.state.bank_houses = 0
    assert_refused(g, 1, "build 11", "no")
    g.act(0, "sell 6")
    assert g.state.bank_houses == 1
    g.act(1, "build 11")  # player 0 could rebuild too: a shortage
    assert g.prompt == om.Prompt(0, "building-shortage", {"requester": 1, "pos": 11, "building": "house", "supply": 1})
    g.act(0, "pass")
    s = g.state
    assert (s.level[11], s.cash[1], s.bank_houses) == (1, 1400, 0)


ORANGE = (16, 18, 19)  # Fleets cost 100


def test_after_a_shortage_auction_an_ordinary_build_is_not_refused():
    """Not Enough Buildings?: "If multiple players want the last Fleet or Base, the Banker must auction it."
    The engine lets a player call one such auction of each kind per turn; once Fleets come back to the bank
    and there is no shortage any more, the same player's ordinary build goes ahead at the Fleet cost."""
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE)
    own(g, 1, *PINK)
    own(g, 2, *ORANGE, level=1)
    g.state.bank_houses = 1
    g.act(0, "build 6")
    g.act(1, "want")
    g.act(2, "pass")
    g.act(0, "bid 10")
    g.act(1, "bid 15")
    g.act(0, "pass")
    g.act(1, "place 13")
    s = g.state
    assert (s.bank_houses, s.level[13], s.cash[1]) == (0, 1, 1485)
    g.act(2, "sell-all 16")  # three Fleets back: 3 for 2 rivals is no shortage
    assert (s.bank_houses, s.cash[2]) == (3, 1650)
    assert g.check(0, "build 6") is None
    g.act(0, "build 6")
    assert (s.level[6], s.cash[0], s.bank_houses) == (1, 1450, 2)
    assert prompt_kind(g) == (0, "turn")


def test_a_second_shortage_auction_in_the_same_turn_is_refused():
    """The once-a-turn limit still stops the same player from calling a second shortage auction."""
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE)
    own(g, 1, *PINK)
    g.state.bank_houses = 1
    g.act(0, "build 6")
    g.act(1, "want")
    g.act(0, "bid 10")
    g.act(1, "bid 15")
    g.act(0, "pass")
    g.act(1, "place 13")
    g.act(1, "sell 13")  # one Fleet back, and both could build: a shortage
    assert g.state.bank_houses == 1
    assert_refused(g, 0, "build 6", "already called a Fleet auction this turn")


def test_a_fleet_won_at_auction_is_the_winners_until_placed():
    """Not Enough Buildings?: "If multiple players want the last Fleet or Base, the Banker must auction it."
    The winner places the Fleet won; meanwhile nobody else may build it (the bank's last Fleet is no longer
    the bank's to sell), so the place-building prompt always keeps an answer."""
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE)
    own(g, 1, *PINK)
    g.state.bank_houses = 1
    g.act(0, "build 6")
    g.act(1, "want")
    g.act(0, "bid 20")
    g.act(1, "pass")
    assert prompt_kind(g) == (0, "place-building")
    assert_refused(g, 1, "build 11", "won at auction")
    assert om.Action("build", 11) not in g.legal_actions(1)
    assert [str(a) for a in g.legal_actions(0).actions if a.kind == "place"] == ["place 6", "place 8", "place 9"]
    g.act(0, "place 9")
    s = g.state
    assert (s.level[9], s.level[11], s.bank_houses, s.cash[0], s.cash[1]) == (1, 0, 0, 1480, 1500)
    assert prompt_kind(g) == (0, "turn")


def test_a_fleet_won_at_auction_with_nowhere_left_to_go_is_refunded():
    """The winner who leaves the won Fleet nowhere to go (here: mortgaging a Scene of the set at the
    place-building prompt) can only 'pass': the bank keeps the Fleet and refunds the bid (20)."""
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE)
    own(g, 1, *PINK)
    g.state.bank_houses = 1
    g.act(0, "build 6")
    g.act(1, "want")
    g.act(0, "bid 20")
    g.act(1, "pass")
    assert_refused(g, 0, "pass", "only for a building with nowhere left")
    g.act(0, "mortgage 6")  # +50
    assert prompt_kind(g) == (0, "place-building")
    assert [str(a) for a in g.legal_actions(0).actions if a.kind in ("place", "pass")] == ["pass"]
    assert_refused(g, 0, "place 8", "nowhere left")
    g.act(0, "pass")
    s = g.state
    assert (s.cash[0], s.bank_houses, s.level[6] + s.level[8] + s.level[9]) == (1500 - 20 + 50 + 20, 1, 0)
    assert prompt_kind(g) == (0, "turn")
    assert sum(s.cash) - s.bank_net == 3 * 1500


def test_build_refusals_keep_their_order_when_several_apply():
    """One build breaking several rules at once gets the first reason of the rulebook's order: the whole
    set, then a mortgage on it, then building evenly (the set's facts are read in one pass)."""
    g = new_game(SW)
    own(g, 0, 6, 9, mortgaged=True)  # a mortgaged Scene before the one owned by another player
    own(g, 1, 8)
    assert_refused(g, 0, "build 6", "whole colour set")
    g = new_game(SW)
    own(g, 0, 6, level=1)
    own(g, 0, 8, level=0)
    own(g, 0, 9, level=1, mortgaged=True)  # mortgaged and uneven: the mortgage is named
    assert_refused(g, 0, "build 6", "mortgaged")
    g = new_game(SW)
    own(g, 0, 6, 9, level=1)
    own(g, 0, 8, level=0)  # the lowest Scene of the set is in the middle
    assert_refused(g, 0, "build 9", "evenly")
    assert g.check(0, "build 8") is None
