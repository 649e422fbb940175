"""House rules of the classic family: each scripted on the board, exact money, owners and positions.

Run on every classic-family edition where the rule's effect is the same (their boards put tax on 4,
Free Parking on 20, jail on 10; their fine is 50 and salary 200), in each edition's own currency.
"""

from __future__ import annotations

import pytest

import openmonopoly as om
from kit import assert_refused, event_kinds, jail, own, place, prompt_kind, roll, set_cash, stack_card
from openmonopoly.engine.options import BadOption

from .helpers import CHANCE, CL, COMMUNITY_CHEST, check_invariants, new_game

CLASSIC_FAMILY = ("classic", "starwars40", "sailormoon", "clonewars")
TAX, FREE_PARKING, GO = 4, 20, 0


# ---------------------------------------------------------------------- free-parking-pot
@pytest.mark.parametrize("edition", CLASSIC_FAMILY)
def test_tax_goes_to_the_pot_and_free_parking_takes_it(edition):
    g = new_game(edition, options={"free-parking-pot": True})
    roll(g, 0, 1, 3)  # onto the tax space: 200 into the pot
    assert g.state.cash[0] == 1300 and g.state.pot == 200
    assert g.view(1).to_json()["pot"] == 200
    place(g, 1, 15)
    events = roll(g, 1, 2, 3)  # Free Parking
    assert g.state.position[1] == FREE_PARKING
    assert g.state.cash[1] == 1700 and g.state.pot == 0
    assert "(the pot on" in " ".join(g.describe(e) for e in events)
    check_invariants(g)


def test_pot_refill_from_the_bank_at_start_and_after_each_taking():
    g = new_game(CL, options={"free-parking-pot": 500})
    assert g.state.pot == 500
    place(g, 0, 15)
    roll(g, 0, 2, 3)
    assert (g.state.cash[0], g.state.pot) == (2000, 500)
    check_invariants(g)


def test_card_fees_and_jail_fine_go_to_the_pot_but_not_purchases():
    g = new_game(CL, options={"free-parking-pot": 0})
    stack_card(g, COMMUNITY_CHEST, 2)  # doctor's bill: 50
    roll(g, 0, 1, 1)  # Community Chest on 2 (doubles: Player 1 rolls again)
    assert g.state.cash[0] == 1450 and g.state.pot == 50
    roll(g, 0, 1, 2)  # Reading Railroad (200): buying it is no fee
    g.act(0, "buy")
    assert g.state.cash[0] == 1250 and g.state.pot == 50
    jail(g, 1)
    g.act(1, "pay-bail")
    assert g.state.cash[1] == 1450 and g.state.pot == 100
    check_invariants(g)


def test_a_fee_raised_as_a_debt_reaches_the_pot_when_paid():
    g = new_game(CL, options={"free-parking-pot": 0})
    set_cash(g, 0, 100)
    own(g, 0, 1)  # Mediterranean: mortgage 30
    roll(g, 0, 1, 3)  # Income Tax 200 with 100 in hand
    assert prompt_kind(g) == (0, "debt")
    g.act(0, "mortgage 1")
    set_cash(g, 0, 250)
    g.act(0, "pay")
    assert g.state.cash[0] == 50 and g.state.pot == 200
    check_invariants(g)


def test_without_the_house_rule_free_parking_pays_nothing_and_views_have_no_pot():
    g = new_game(CL)
    roll(g, 0, 1, 3)
    place(g, 1, 15)
    roll(g, 1, 2, 3)
    assert g.state.cash[1] == 1500 and g.state.pot == 0
    assert "pot" not in g.view(1).to_json()


# ---------------------------------------------------------------------- go-bonus and salary
@pytest.mark.parametrize("edition", CLASSIC_FAMILY)
def test_landing_exactly_on_go_pays_double(edition):
    g = new_game(edition, options={"go-bonus": True})
    place(g, 0, 35)
    roll(g, 0, 2, 3)
    assert (g.state.position[0], g.state.cash[0]) == (GO, 1900)
    place(g, 1, 35)
    roll(g, 1, 2, 4)  # passes GO to 1: single salary
    assert (g.state.position[1], g.state.cash[1]) == (1, 1700)


def test_advance_to_go_card_counts_as_landing_on_go():
    g = new_game(CL, options={"go-bonus": True})
    stack_card(g, CHANCE, 1)  # Advance to GO
    assert g.edition.decks[CHANCE].cards[1].effect == {"kind": "advance", "to": 0}
    roll(g, 0, 3, 4)
    assert (g.state.position[0], g.state.cash[0]) == (GO, 1900)


def test_salary_option_changes_what_go_pays():
    g = new_game(CL, options={"salary": 400})
    place(g, 0, 35)
    roll(g, 0, 2, 4)
    assert g.state.cash[0] == 1900
    g2 = new_game(CL, options={"salary": 400, "go-bonus": True})
    place(g2, 0, 35)
    roll(g2, 0, 2, 3)
    assert g2.state.cash[0] == 2300


def test_go_bonus_with_no_salary_is_refused_naming_both():
    with pytest.raises(BadOption, match="go-bonus .* salary=0"):
        om.Game(CL, 4, options={"go-bonus": True, "salary": 0})


# ---------------------------------------------------------------------- jail-no-rent
@pytest.mark.parametrize("edition", CLASSIC_FAMILY)
def test_owner_in_jail_collects_no_rent(edition):
    g = new_game(edition, options={"jail-no-rent": True})
    own(g, 1, 3)
    jail(g, 1)
    roll(g, 0, 1, 2)
    assert g.state.position[0] == 3 and g.state.cash[:2] == [1500, 1500]
    check_invariants(g)


def test_owner_out_of_jail_still_collects_under_jail_no_rent():
    g = new_game(CL, options={"jail-no-rent": True})
    own(g, 1, 3)
    roll(g, 0, 1, 2)
    assert g.state.cash[:2] == [1496, 1504]


# ---------------------------------------------------------------------- no-auctions
@pytest.mark.parametrize("edition", CLASSIC_FAMILY)
def test_declined_property_stays_with_the_bank(edition):
    g = new_game(edition, options={"no-auctions": True})
    roll(g, 0, 1, 2)
    events = g.act(0, "auction")
    assert g.state.owner[3] == -1 and g.state.cash == [1500] * 4
    assert "auction" not in event_kinds(events)
    assert prompt_kind(g) == (1, "turn")
    assert "stays with the bank" in " ".join(g.describe(e) for e in events)


def test_bankrupt_to_the_bank_leaves_properties_unowned_without_auction():
    g = new_game(CL, options={"no-auctions": True})
    set_cash(g, 0, 10)
    own(g, 0, 1, 3, mortgaged=True)
    roll(g, 0, 1, 3)  # Income Tax, nothing to raise
    g.act(0, "bankrupt")
    s = g.state
    assert not s.alive[0] and s.owner[1] == s.owner[3] == -1
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


# ---------------------------------------------------------------------- uneven-building
@pytest.mark.parametrize("edition", CLASSIC_FAMILY)
def test_uneven_building_and_selling(edition):
    g = new_game(edition, options={"uneven-building": True})
    own(g, 0, 1, 3)
    g.act(0, "build 3")
    g.act(0, "build 3")
    assert g.state.level[1] == 0 and g.state.level[3] == 2
    g.act(0, "build 1")
    g.act(0, "sell 1")
    assert g.state.level[1] == 0 and g.state.level[3] == 2
    assert g.state.cash[0] == 1500 - 3 * 50 + 25
    check_invariants(g)


def test_even_building_is_the_book():
    g = new_game(CL)
    own(g, 0, 1, 3)
    g.act(0, "build 3")
    assert_refused(g, 0, "build 3", "build evenly")


# ---------------------------------------------------------------------- no-mortgages
@pytest.mark.parametrize("edition", CLASSIC_FAMILY)
def test_no_mortgages(edition):
    g = new_game(edition, options={"no-mortgages": True})
    own(g, 0, 1)
    assert_refused(g, 0, "mortgage 1", "no-mortgages")
    assert all(a.kind != "mortgage" for a in g.legal_actions(0))


def test_no_mortgages_debt_counts_no_mortgage_value():
    g = new_game(CL, options={"no-mortgages": True})
    set_cash(g, 0, 10)
    own(g, 0, 1)
    roll(g, 0, 1, 3)  # Income Tax: the street cannot be mortgaged, so bankruptcy is allowed
    assert prompt_kind(g) == (0, "debt")
    assert [a.kind for a in g.legal_answers(0)] == ["bankrupt"]


# ---------------------------------------------------------------------- starting cash and seats
@pytest.mark.parametrize("edition", (*CLASSIC_FAMILY, "empire", "mandalorian"))
def test_starting_cash(edition):
    g = om.Game(edition, 3, seed=4, options={"starting-cash": 777})
    assert g.state.cash == [777] * 3 and g.starting_cash() == 777


@pytest.mark.parametrize("edition", (*CLASSIC_FAMILY, "empire", "mandalorian"))
def test_shuffle_seats_draws_the_first_player(edition):
    firsts = set()
    for seed in range(12):
        g = om.Game(edition, 4, seed=seed, options={"shuffle-seats": True})
        started = [e for e in g.history if e.kind == "game-started"]
        assert [e.info for e in started] == ["drawn"]
        assert g.state.first_player == g.state.current == started[0].player
        assert "drawn at random" in g.describe(started[0])
        firsts.add(g.state.first_player)
    assert len(firsts) > 1  # not always the same seat


def test_shuffle_seats_draw_is_scripted_by_chance():
    from kit import unshuffled_draws
    from openmonopoly.engine.chance import Chance

    chance = Chance(1).force(*unshuffled_draws(CL), 2)
    g = om.Game(CL, 4, seed=1, options={"shuffle-seats": True}, chance=chance)
    assert g.state.current == 2


# ---------------------------------------------------------------------- refusals and presets
def test_double_rent_full_set_is_refused_where_the_rulebook_doubles():
    for edition in CLASSIC_FAMILY:
        with pytest.raises(BadOption, match="already doubles"):
            om.Game(edition, 4, options={"double-rent-full-set": True})


@pytest.mark.parametrize("edition", ("empire", "mandalorian"))
@pytest.mark.parametrize("rule", ("free-parking-pot", "go-bonus", "no-auctions", "no-mortgages", "salary"))
def test_other_families_refuse_classic_house_rules_naming_the_family(edition, rule):
    with pytest.raises(BadOption, match=f"'{rule}'.*classic family.*{edition} family"):
        om.Game(edition, 3, options={rule: 5 if rule == "salary" else True})


def test_all_house_rules_combine_and_replay():
    options = {
        "free-parking-pot": 100,
        "go-bonus": True,
        "salary": 300,
        "jail-no-rent": True,
        "no-auctions": True,
        "uneven-building": True,
        "no-mortgages": True,
        "starting-cash": 1000,
        "shuffle-seats": True,
        "max-rounds": 30,
    }
    from openmonopoly.agents import make_agent

    g = om.Game(CL, 4, seed=9, options=options)
    g.play_out([make_agent("heuristic", i) for i in range(4)])
    record = g.record()
    assert record["options"] == options
    again = om.Game.replay(record)
    assert again.digest() == g.digest() and again.state.pot == g.state.pot
    loaded = om.Game.from_json(g.to_json())
    assert loaded.no_mortgages and loaded.pot_refill == 100 and loaded.state.cash == g.state.cash
    assert g.clone().go_bonus


def test_starting_cash_too_small_for_the_time_limit_deeds_is_refused():
    with pytest.raises(BadOption, match="time-limit game .* starting-cash=50 is too little: give at least 750"):
        om.Game("clonewars", 4, options={"time-limit": 10, "starting-cash": 50})
    g = om.Game("clonewars", 4, seed=2, options={"time-limit": 10, "starting-cash": 750})
    assert min(g.state.cash) >= 0
