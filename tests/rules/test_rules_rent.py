"""Owned Scenes, Ships and Power Sources: rent (Star Wars 40th rulebook), mortgaged rent, rent must be asked."""

import pytest

import openmonopoly as om
from kit import assert_refused, event_kinds, own, place, prompt_kind

from .helpers import CL, SW, check_invariants, new_game


def land_on(g, pos, d1=None, d2=None, *extra):
    """Player 0 rolls from just behind ``pos`` onto it (default dice 1+2 or as given), then ``extra`` dice."""
    d1, d2 = (1, 2) if d1 is None else (d1, d2)
    place(g, 0, pos - d1 - d2)
    g.chance.force_dice(d1, d2, *extra)
    return g.act(0, "roll")


def test_rent_base_scene():
    """Owned Scenes: pay the rent shown on the Title Deed (Stormtroopers on the Trail: 6)."""
    g = new_game(SW)
    own(g, 1, 6)
    land_on(g, 6)
    assert g.state.cash[:2] == [1494, 1506]
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_rent_doubles_for_a_full_unbuilt_colour_set():
    """Property: rent goes up on each Scene as soon as you complete the set (Rent with color set 12)."""
    g = new_game(SW)
    own(g, 1, 6, 8, 9)
    land_on(g, 6)
    assert g.state.cash[:2] == [1488, 1512]


def test_rent_set_bonus_still_applies_when_another_scene_of_the_set_is_mortgaged():
    """Help! / Mortgaging: the increased rent level can be collected on the unmortgaged Scenes of a set."""
    g = new_game(SW)
    own(g, 1, 6, 8)
    own(g, 1, 9, mortgaged=True)
    land_on(g, 8)
    assert g.state.cash[:2] == [1488, 1512]


@pytest.mark.parametrize("level,rent", [(1, 30), (2, 90), (3, 270), (4, 400), (5, 550)])
def test_rent_with_fleets_and_base(level, rent):
    """Title Deed Stormtroopers on the Trail: 1-4 Fleets 30/90/270/400, Base 550."""
    g = new_game(SW)
    own(g, 1, 6, 8, 9, level=level)
    land_on(g, 6)
    assert g.state.cash[:2] == [1500 - rent, 1500 + rent]


def test_rent_with_fleets_on_ambushed_by_tusken_raiders():
    """Title Deed Ambushed by Tusken Raiders: rent 8, set 16, 2 Fleets 100."""
    g = new_game(SW)
    own(g, 1, 6, 8, 9, level=2)
    land_on(g, 9)
    assert g.state.cash[:2] == [1400, 1600]


def test_no_rent_on_a_mortgaged_property():
    """Help! / Mortgaging: rent cannot be collected on properties that are mortgaged."""
    g = new_game(SW)
    own(g, 1, 6, mortgaged=True)
    own(g, 1, 8, 9)
    events = land_on(g, 6)
    assert g.state.cash[:2] == [1500, 1500]
    assert "debt" not in event_kinds(events) and prompt_kind(g) == (1, "turn")


def test_no_rent_on_your_own_property():
    """Owned Scenes: rent is paid when you land on a Scene that *someone else* owns."""
    g = new_game(SW)
    own(g, 0, 6)
    land_on(g, 6)
    assert g.state.cash[0] == 1500


@pytest.mark.parametrize("ships,rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_ship_rent_by_number_of_ships_owned(ships, rent):
    """Ships: rent depends on how many Ships the owner has: 25 / 50 / 100 / 200."""
    g = new_game(SW)
    own(g, 1, *[5, 15, 25, 35][:ships])
    land_on(g, 5, 2, 3)
    assert g.state.cash[:2] == [1500 - rent, 1500 + rent]


def test_ship_rent_counts_mortgaged_ships_of_the_owner():
    """Help! / Mortgaging: 'the increased rent on unmortgaged Ships ... may be collected in the same way'
    -- a mortgaged Ship still counts towards the owner's number of Ships."""
    g = new_game(SW)
    own(g, 1, 5, 15, 25)
    own(g, 1, 35, mortgaged=True)
    land_on(g, 5, 2, 3)
    assert g.state.cash[:2] == [1300, 1700]


@pytest.mark.parametrize("owned,mult", [((12,), 4), ((12, 28), 10)])
def test_starwars_power_source_rent_rolls_the_dice_again(owned, mult):
    """Power Sources: roll the dice again to decide rent: 4x the roll with 1, 10x with 2 Power Sources."""
    g = new_game(SW)
    own(g, 1, *owned)
    events = land_on(g, 12, 1, 2, 5, 6)  # move by 3, then rent dice 5+6
    assert g.state.cash[:2] == [1500 - 11 * mult, 1500 + 11 * mult]
    dice = [e for e in events if e.kind == "dice"]
    assert [(d.amount, d.info) for d in dice] == [(3, "move"), (11, "rent")]
    assert g.state.dice == (1, 2)  # the move roll is what doubles are judged on
    assert prompt_kind(g) == (1, "turn")


def test_starwars_power_source_rent_reroll_doubles_do_not_give_an_extra_turn():
    """Power Sources + doubles: only the move roll counts as a double, not the rent roll."""
    g = new_game(SW)
    own(g, 1, 12)
    land_on(g, 12, 1, 2, 3, 3)
    assert g.state.cash[:2] == [1476, 1524]
    assert prompt_kind(g) == (1, "turn")


@pytest.mark.parametrize("owned,mult", [((12,), 4), ((12, 28), 10)])
def test_classic_utility_rent_uses_the_moving_roll(owned, mult):
    """Classic utilities (engine issue): 4x / 10x the dice the player moved with; no new roll."""
    g = new_game(CL)
    own(g, 1, *owned)
    draws = len(g.chance.log)
    land_on(g, 12, 1, 2)
    assert g.state.cash[:2] == [1500 - 3 * mult, 1500 + 3 * mult]
    assert len(g.chance.log) == draws + 2


def test_power_source_mortgaged_counts_for_the_other():
    """Help! / Mortgaging: increased rent on the unmortgaged Power Source when the other is mortgaged."""
    g = new_game(SW)
    own(g, 1, 12)
    own(g, 1, 28, mortgaged=True)
    land_on(g, 12, 1, 2, 1, 1)
    assert g.state.cash[:2] == [1480, 1520]


# ---------------------------------------------------------------- rent must be asked (option)
def test_rent_must_be_claimed_claim_pays():
    """Property / Watch out!: the owner must ask for rent before the next player rolls (option
    rent-must-be-claimed): the owner is prompted; 'claim' collects it."""
    g = new_game(SW, options={"rent-must-be-claimed": True})
    own(g, 2, 6)
    land_on(g, 6)
    assert g.prompt == om.Prompt(2, "claim-rent", {"payer": 0, "pos": 6, "amount": 6})
    assert g.state.cash == [1500] * 4
    assert_refused(g, 1, "roll", "not your decision")  # the next player cannot roll before it is settled
    g.act(2, "claim")
    assert g.state.cash[0] == 1494 and g.state.cash[2] == 1506
    assert prompt_kind(g) == (1, "turn")


def test_rent_must_be_claimed_waive_means_not_paid():
    """Property / Watch out!: if the owner does not ask, you don't have to pay ('waive')."""
    g = new_game(SW, options={"rent-must-be-claimed": True})
    own(g, 2, 6)
    land_on(g, 6)
    events = g.act(2, "waive")
    assert g.state.cash == [1500] * 4
    assert "rent-lapsed" in event_kinds(events)
    assert prompt_kind(g) == (1, "turn")


def test_rent_is_collected_automatically_by_default():
    """Option rent-must-be-claimed off (default): rent is paid without a prompt."""
    g = new_game(SW)
    assert g.options["rent-must-be-claimed"] is False
    own(g, 2, 6)
    land_on(g, 6)
    assert g.state.cash[0] == 1494 and prompt_kind(g) == (1, "turn")


def test_option_utility_rent_reroll_on_for_classic_rolls_again():
    """Option 'utility-rent-reroll' (docs/RULES-COVERAGE.md): the classic rules use the moving roll by
    default; with the option on the dice are rolled again for the rent (here 5 + 6 = 11: 44)."""
    g = new_game(CL, options={"utility-rent-reroll": True})
    own(g, 1, 12)
    land_on(g, 12, 1, 2, 5, 6)
    assert g.state.cash[:2] == [1500 - 44, 1500 + 44]


def test_option_utility_rent_reroll_off_for_starwars_uses_the_moving_roll():
    """Power Sources: "Roll the dice again to decide rent" is the book's reading (the default); with the
    option off the roll that moved the player decides it (1 + 2 = 3: 12) and no dice are rolled."""
    g = new_game(SW, options={"utility-rent-reroll": False})
    own(g, 1, 12)
    draws = len(g.chance.log)
    land_on(g, 12, 1, 2)
    assert g.state.cash[:2] == [1500 - 12, 1500 + 12] and len(g.chance.log) == draws + 2


def test_utility_rent_reroll_defaults_follow_each_rulebook():
    from openmonopoly.engine.game import rules_class

    defaults = {}
    for edition in ("classic", "starwars40", "sailormoon", "clonewars"):
        ed = om.load_edition(edition)
        defaults[edition] = rules_class(ed).available_options(ed)["utility-rent-reroll"].default
    assert defaults == {"classic": False, "starwars40": True, "sailormoon": True, "clonewars": False}
