"""Cards: each classic Chance / Community Chest effect kind (engine issue), and the Star Wars rule
'Take the top card from the matching pile and immediately do what it says. Return it to the bottom.'"""

import pytest

import openmonopoly as om
from kit import hold_card, jail, own, place, prompt_kind, roll, set_cash, stack_card, start_turn

from .helpers import CHANCE, CL, COMMUNITY_CHEST, FORCE, SW, check_invariants, new_game


def draw_chance(g, card, start=3, d1=1, d2=3, *extra):
    """Player 0 lands on Chance (7) from ``start`` and draws ``card``."""
    stack_card(g, CHANCE, card)
    place(g, 0, start)
    g.chance.force_dice(d1, d2, *extra)
    return g.act(0, "roll")


def draw_chest(g, card, start=14, d1=1, d2=2):
    """Player 0 lands on Community Chest (17) from ``start`` and draws ``card``."""
    stack_card(g, COMMUNITY_CHEST, card)
    place(g, 0, start)
    g.chance.force_dice(d1, d2)
    return g.act(0, "roll")


def test_card_goes_to_the_bottom_of_its_pile():
    """Action Spaces / The Force, Smuggler's Cargo: return the card to the bottom of the pile when done."""
    g = new_game(SW)
    stack_card(g, FORCE, 7)  # scouting reward: collect 50
    before = list(g.state.decks[FORCE])
    place(g, 0, 4)
    roll(g, 0, 1, 2)  # 7 The Force
    assert g.state.decks[FORCE] == before[1:] + [7]
    assert g.state.cash[0] == 1550


def test_card_advance_to_a_property():
    """Chance 'Advance to Boardwalk': move there (no GO passed, no salary) and resolve it (buy/auction)."""
    g = new_game(CL)
    draw_chance(g, 0)
    assert g.state.position[0] == 39 and g.state.cash[0] == 1500
    assert g.prompt == om.Prompt(0, "buy", {"pos": 39, "price": 400})


def test_card_advance_to_an_owned_property_pays_normal_rent():
    """Chance 'Advance to Illinois Avenue': owned -> pay the usual rent."""
    g = new_game(CL)
    own(g, 1, 24)
    draw_chance(g, 2)
    assert g.state.position[0] == 24 and g.state.cash[:2] == [1480, 1520]


def test_card_advance_to_go():
    """Community Chest 'Advance to GO': collect 200."""
    g = new_game(CL)
    draw_chest(g, 0)
    assert g.state.position[0] == 0 and g.state.cash[0] == 1700


def test_card_nearest_railroad_owned_pays_double_rent():
    """Chance 'Advance to the nearest Railroad; if owned pay twice the rent'."""
    g = new_game(CL)
    own(g, 1, 15, 25)  # 2 railroads: 50, doubled 100
    draw_chance(g, 4)
    assert g.state.position[0] == 15
    assert g.state.cash[:2] == [1400, 1600]


def test_card_nearest_railroad_unowned_may_be_bought_and_passes_go():
    """Chance 'Advance to the nearest Railroad' from 36: Reading Railroad, passing GO (200); unowned: buy."""
    g = new_game(CL)
    draw_chance(g, 5, start=33, d1=1, d2=2)
    assert g.state.position[0] == 5 and g.state.cash[0] == 1700
    assert g.prompt == om.Prompt(0, "buy", {"pos": 5, "price": 200})


def test_card_nearest_utility_owned_pays_10x_a_roll():
    """Chance 'Advance to the nearest Utility; if owned throw dice and pay 10x the amount thrown'."""
    g = new_game(CL)
    own(g, 1, 12)  # only one utility: 10x anyway
    events = draw_chance(g, 6, 3, 1, 3, 3, 4)  # move 1+3, then throw 3+4
    assert g.state.position[0] == 12
    assert g.state.cash[:2] == [1430, 1570]
    assert [e.info for e in events if e.kind == "dice"] == ["move", "rent"]


def test_card_nearest_utility_from_22_is_water_works():
    """Chance 'Advance to the nearest Utility' from 22 goes to Water Works (28)."""
    g = new_game(CL)
    own(g, 1, 12, 28)
    stack_card(g, CHANCE, 6)
    place(g, 0, 19)
    g.chance.force_dice(1, 2, 6, 6)
    g.act(0, "roll")
    assert g.state.position[0] == 28 and g.state.cash[:2] == [1380, 1620]


def test_card_go_back_3_spaces_and_resolve():
    """Chance 'Go back 3 spaces': from 7 to Income Tax (4): pay 200; no salary for a backward move."""
    g = new_game(CL)
    draw_chance(g, 9)
    assert g.state.position[0] == 4 and g.state.cash[0] == 1300


def test_card_go_back_3_from_36_to_community_chest():
    """Chance 'Go back 3 spaces' from 36 lands on Community Chest (33) and draws there."""
    g = new_game(CL)
    stack_card(g, COMMUNITY_CHEST, 1)  # bank error: collect 200
    draw_chance(g, 9, start=33, d1=1, d2=2)
    assert g.state.position[0] == 33 and g.state.cash[0] == 1700


@pytest.mark.parametrize(
    "deck,card,delta", [(CHANCE, 7, 50), (CHANCE, 15, 150), (COMMUNITY_CHEST, 1, 200), (COMMUNITY_CHEST, 7, 20)]
)
def test_card_collect_from_the_bank(deck, card, delta):
    """Chance 'Bank pays you dividend of 50' / Community Chest 'Bank error in your favour 200' etc."""
    g = new_game(CL)
    (draw_chance if deck == CHANCE else draw_chest)(g, card)
    assert g.state.cash[0] == 1500 + delta
    assert g.state.decks[deck][-1] == card
    check_invariants(g)


@pytest.mark.parametrize("deck,card,delta", [(CHANCE, 12, 15), (COMMUNITY_CHEST, 2, 50), (COMMUNITY_CHEST, 10, 100)])
def test_card_pay_the_bank(deck, card, delta):
    """Chance 'Speeding fine 15' / Community Chest 'Doctor's fee 50', 'Hospital fees 100'."""
    g = new_game(CL)
    (draw_chance if deck == CHANCE else draw_chest)(g, card)
    assert g.state.cash[0] == 1500 - delta


def test_card_general_repairs_per_house_and_hotel():
    """Chance 'General repairs: 25 per house, 100 per hotel'."""
    g = new_game(CL)
    own(g, 0, 1, 3, level=2)  # 4 houses
    own(g, 0, 37, 39, level=5)  # 2 hotels
    draw_chance(g, 11)
    assert g.state.cash[0] == 1500 - (4 * 25 + 2 * 100)


def test_card_street_repairs_per_house_and_hotel():
    """Community Chest 'Street repairs: 40 per house, 115 per hotel'."""
    g = new_game(CL)
    own(g, 0, 1, 3, level=2)
    own(g, 0, 37, 39, level=5)
    draw_chest(g, 13)
    assert g.state.cash[0] == 1500 - (4 * 40 + 2 * 115)


def test_card_repairs_with_no_buildings_costs_nothing():
    """Chance 'General repairs' with no buildings: nothing to pay."""
    g = new_game(CL)
    draw_chance(g, 11)
    assert g.state.cash[0] == 1500 and prompt_kind(g) == (1, "turn")


def test_card_pay_each_player():
    """Chance 'Chairman of the board: pay each player 50'."""
    g = new_game(CL)
    draw_chance(g, 14)
    assert g.state.cash == [1350, 1550, 1550, 1550]
    check_invariants(g)


def test_card_pay_each_player_skips_bankrupt_players():
    """Chance 'pay each player 50': only players still in the game are paid."""
    g = new_game(CL)
    g.state.alive[2] = False
    set_cash(g, 2, 0)
    draw_chance(g, 14)
    assert g.state.cash == [1400, 1550, 0, 1550]


def test_card_collect_from_each_player():
    """Community Chest 'It is your birthday: collect 10 from each player'."""
    g = new_game(CL)
    draw_chest(g, 8)
    assert g.state.cash == [1530, 1490, 1490, 1490]


def test_card_collect_from_each_player_who_must_raise_money():
    """Community Chest 'collect 10 from each player': a player without the cash gets a debt prompt."""
    g = new_game(CL)
    set_cash(g, 2, 5)
    own(g, 2, 1)
    draw_chest(g, 8)
    assert g.prompt == om.Prompt(2, "debt", {"amount": 10, "creditor": 0, "reason": "card", "pos": -1})
    g.act(2, "mortgage 1")
    g.act(2, "pay")
    assert g.state.cash == [1530, 1490, 25, 1490]
    assert prompt_kind(g) == (1, "turn")


@pytest.mark.parametrize("deck,card", [(CHANCE, 10), (COMMUNITY_CHEST, 5)])
def test_card_go_to_jail(deck, card):
    """Chance / Community Chest 'Go to Jail': directly, do not pass GO, do not collect 200."""
    g = new_game(CL)
    (draw_chance if deck == CHANCE else draw_chest)(g, card)
    s = g.state
    assert (s.position[0], s.in_jail[0], s.cash[0]) == (10, True, 1500)
    assert prompt_kind(g) == (1, "turn")


def test_get_out_of_jail_card_is_kept_then_used_then_returned_to_the_bottom():
    """Get Out of Jail Free: kept until needed; using it puts it at the bottom of the appropriate pile
    (How Do I Get Out of Jail?), then roll and move."""
    g = new_game(CL, 2)
    draw_chance(g, 8)
    s = g.state
    assert s.held[0] == [CHANCE << 8 | 8]
    assert 8 not in s.decks[CHANCE] and len(s.decks[CHANCE]) == 15
    check_invariants(g)
    jail(g, 0)
    start_turn(g, 0)
    assert om.Action("use-card") in g.legal_actions(0)
    g.act(0, "use-card")
    assert s.held[0] == [] and not s.in_jail[0]
    assert s.decks[CHANCE][-1] == 8 and len(s.decks[CHANCE]) == 16
    assert prompt_kind(g) == (0, "turn")  # then roll and move
    own(g, 0, 15)
    roll(g, 0, 2, 3)
    assert s.position[0] == 15
    check_invariants(g)


def test_get_out_of_jail_card_sold_in_a_trade():
    """Deals & Trades: property can be traded for ... Get Out of Jail Free cards; the card changes hands."""
    g = new_game(CL, 3)
    hold_card(g, 0, COMMUNITY_CHEST, 4)
    g.act(0, "trade 2 give-cards=1 cash=-40")  # player 2 pays 40 for the card
    assert prompt_kind(g) == (2, "trade")
    g.act(2, "accept")
    s = g.state
    assert s.held[0] == [] and s.held[2] == [COMMUNITY_CHEST << 8 | 4]
    assert s.cash == [1540, 1500, 1460]
    check_invariants(g)
