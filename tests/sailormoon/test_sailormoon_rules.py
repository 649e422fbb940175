"""Sailor Moon rulebook scenarios (scripted dice; see docs/RULES-COVERAGE.md, section Sailor Moon)."""

from __future__ import annotations

import openmonopoly as om
from kit import assert_refused, hold_card, jail, own, place, prompt_kind, roll, set_cash, start_turn
from openmonopoly.engine.state import BANK
from rules.helpers import check_invariants, new_game

SM = "sailormoon"
QUICK = {"quicker-game": True}
LUNA, MIMETTE = 1, 3
TELLU, VILUY, EUDIAL = 6, 8, 9
KAOLINITE, TOMOE, MISTRESS9 = 11, 13, 14
SWORD, MIRROR, ORB, GLAIVE = 5, 15, 25, 35
COMMUNICATOR, LUNA_P = 12, 28
SERENITY = 39


def test_setup_money_decks_tokens_and_words():
    g = new_game(SM, 6)
    ed = g.edition
    assert g.state.cash == [1500] * 6 and [len(d.cards) for d in ed.decks] == [16, 16]
    assert [d.name for d in ed.decks] == ["Love", "Friendship"]
    assert len(ed.properties) == 28 and (g.state.bank_houses, g.state.bank_hotels) == (32, 12)
    assert ed.tokens[:3] == ["Brooch", "Holy Grail", "Cosmic Sword"]
    assert (ed.term("street"), ed.term("railroad"), ed.term("utility")) == ("Character", "Talisman/Weapon", "Item")


def test_attack_spaces_are_taxes():
    g = new_game(SM, 2)
    roll(g, 0, 1, 3)
    assert g.edition.board[4].name == "Attack of the Death Busters" and g.state.cash[0] == 1300
    place(g, 1, 35)
    roll(g, 1, 1, 2)
    assert g.edition.board[38].name == "Attack of the Five Witches" and g.state.cash[1] == 1400


def test_auction_opens_at_1_bids_only_up_to_cash_and_the_last_bidder_must_buy():
    g = new_game(SM, 3)
    set_cash(g, 2, 30)
    roll(g, 0, 2, 6)  # Viluy
    g.act(0, "auction")
    assert g.prompt.details["minimum"] == 1
    g.act(1, "bid 5")
    assert g.legal_actions(2).bid_range == (6, 30)
    assert_refused(g, 2, "bid 31", "at most")
    g.act(2, "bid 30")
    g.act(0, "pass")
    g.act(1, "pass")
    assert g.state.owner[VILUY] == 2 and g.state.cash[2] == 0
    check_invariants(g)


def test_talismans_and_weapons_rent_by_count_owned():
    for count, rent in ((1, 25), (2, 50), (3, 100), (4, 200)):
        g = new_game(SM, 2)
        own(g, 1, *(SWORD, MIRROR, ORB, GLAIVE)[:count])
        place(g, 0, 2)
        roll(g, 0, 1, 2)
        assert g.state.cash[0] == 1500 - rent


def test_items_charge_4x_or_10x_a_fresh_roll_of_both_dice():
    g = new_game(SM, 2)
    own(g, 1, COMMUNICATOR)
    place(g, 0, 7)
    g.chance.force_dice(2, 3, 6, 5)  # moving roll 5; the rent roll 11
    g.act(0, "roll")
    assert g.state.cash[0] == 1500 - 44
    g = new_game(SM, 2)
    own(g, 1, COMMUNICATOR, LUNA_P)
    place(g, 0, 7)
    g.chance.force_dice(2, 3, 1, 2)
    g.act(0, "roll")
    assert g.state.cash[0] == 1500 - 30


def test_double_rent_only_for_a_complete_unmortgaged_colour_group():
    g = new_game(SM, 2)
    own(g, 1, TELLU, VILUY, EUDIAL)
    roll(g, 0, 2, 6)
    assert g.state.cash[0] == 1500 - 12
    g = new_game(SM, 2)
    own(g, 1, TELLU, VILUY, EUDIAL)
    g.state.mortgaged[EUDIAL] = True
    roll(g, 0, 2, 6)
    assert g.state.cash[0] == 1500 - 6


def test_jail_three_tries_in_the_regular_game():
    g = new_game(SM, 2)
    jail(g, 0)
    roll(g, 0, 1, 2)
    assert g.state.in_jail[0] and g.state.cash[0] == 1500


def test_bankruptcy_to_a_player_mortgaged_properties_and_cards_the_10_percent_at_once():
    g = new_game(SM, 3)
    own(g, 0, LUNA, MIMETTE, mortgaged=True)
    own(g, 2, VILUY)
    card = next(i for i, c in enumerate(g.edition.decks[0].cards) if c.effect["kind"] == "get_out_of_jail")
    hold_card(g, 0, 0, card)
    set_cash(g, 0, 2)
    place(g, 0, 5)
    roll(g, 0, 1, 2)
    g.act(0, "bankrupt")
    s = g.state
    assert s.owner[LUNA] == s.owner[MIMETTE] == 2 and s.held[2] == [card] and s.cash[2] == 1502
    assert prompt_kind(g) == (2, "mortgaged-property") and g.prompt.details["lift_cost"] == 36
    g.act(2, "keep")
    g.act(2, "keep")
    assert s.cash[2] == 1502 - 6 and s.mortgaged[LUNA] and s.mortgaged[MIMETTE]
    check_invariants(g)


def test_bankruptcy_to_the_bank_mortgaged_properties_auctioned_unmortgaged_cards_returned():
    g = new_game(SM, 3)
    own(g, 0, LUNA, mortgaged=True)
    card = next(i for i, c in enumerate(g.edition.decks[1].cards) if c.effect["kind"] == "get_out_of_jail")
    hold_card(g, 0, 1, card)
    set_cash(g, 0, 10)
    roll(g, 0, 1, 3)
    g.act(0, "bankrupt")
    assert g.state.decks[1][-1] == card and not g.state.mortgaged[LUNA]
    assert prompt_kind(g)[1] == "auction" and g.prompt.details["lot"] == LUNA and g.prompt.details["minimum"] == 1


# ------------------------------------------------------------------ Quicker Game
def test_quicker_game_deals_three_free_title_deeds_each():
    g = om.Game(SM, 4, seed=9, options=QUICK)
    s = g.state
    assert [s.owner.count(p) for p in range(4)] == [3, 3, 3, 3] and s.cash == [1500] * 4
    assert s.bank_net == 0


def test_quicker_game_hotel_after_three_houses_rent_as_printed_buy_back_lowered():
    g = new_game(SM, 2, options=QUICK)
    g.state.owner[:] = [BANK] * len(g.state.owner)
    own(g, 0, KAOLINITE, TOMOE, MISTRESS9, level=3)
    assert g.hotel_level == 4
    g.act(0, f"build {MISTRESS9}")  # hotel: 100
    assert g.state.level[MISTRESS9] == 4 and g.state.bank_hotels == 11 and g.state.cash[0] == 1400
    place(g, 1, 11)
    start_turn(g, 1)
    roll(g, 1, 1, 2)  # Mistress 9 with a hotel: the hotel rent (900)
    assert g.state.cash[1] == 600
    place(g, 1, 11)
    start_turn(g, 1)
    roll(g, 1, 1, 1)  # Professor Tomoe, 3 houses: 450
    assert g.state.cash[1] == 150
    cash = g.state.cash[0]
    g.act(0, f"sell-all {MISTRESS9}")  # the hotel: (100 + 3 x 100) / 2, one house less; 2 x 3 houses at 50
    assert g.state.cash[0] == cash + 200 + 150 + 150
    check_invariants(g)


def test_quicker_game_leave_jail_on_the_next_turn_after_a_failed_try():
    g = new_game(SM, 2, options=QUICK)
    jail(g, 0)
    roll(g, 0, 1, 3)
    assert not g.state.in_jail[0] and g.state.position[0] == 14 and g.state.cash[0] <= 1450


def test_quicker_game_ends_at_the_first_bankruptcy_wealthiest_wins():
    g = new_game(SM, 3, options=QUICK)
    s = g.state
    s.owner[:] = [BANK] * len(s.owner)
    own(g, 1, SERENITY, level=2)  # 400 + 2 x 200
    own(g, 2, TELLU, mortgaged=True)  # half of 100
    set_cash(g, 1, 1000)
    set_cash(g, 2, 1700)
    set_cash(g, 0, 5)
    roll(g, 0, 1, 3)  # Death Busters: 200
    g.act(0, "bankrupt")
    assert g.over and g.state.end_reason == "first-bankruptcy"
    assert (g.net_worth(1), g.net_worth(2)) == (1800, 1750) and g.winners == [1]


def test_without_the_option_the_game_goes_on_after_a_bankruptcy():
    g = new_game(SM, 3)
    set_cash(g, 0, 5)
    roll(g, 0, 1, 3)
    g.act(0, "bankrupt")
    assert not g.over and prompt_kind(g) == (1, "turn")


def test_bankruptcy_creditor_lifting_a_received_mortgage_pays_the_interest_too_by_either_way():
    """Bankruptcy, debts to another player: "The other player must immediately pay 10% interest to the Bank
    for each mortgaged property received from you. This applies even if they do not wish to lift the
    mortgage at that time." Lifting at once therefore costs that 10% plus the mortgage and its 10% ("When you
    later lift the mortgage, pay the Bank the mortgage amount plus 10% interest"): 3 + 33 for a mortgage of
    30 -- the same whether the creditor answers 'lift' or lifts it with 'unmortgage' first."""
    g = new_game(SM, 3)
    own(g, 0, LUNA, MIMETTE, mortgaged=True)
    own(g, 2, TELLU)
    set_cash(g, 0, 5)
    place(g, 0, 3)
    roll(g, 0, 1, 2)  # Tellu: 6 rent to player 2
    g.act(0, "bankrupt")
    s = g.state
    assert s.owner[LUNA] == s.owner[MIMETTE] == 2 and s.cash[2] == 1505
    assert prompt_kind(g) == (2, "mortgaged-property") and g.prompt.details["pos"] == LUNA
    assert g.prompt.details["lift_cost"] == 36 and g.prompt.details["interest"] == 3
    legal = g.legal_actions(2)
    assert om.Action("lift") in legal and om.Action("unmortgage", LUNA) in legal
    set_cash(g, 2, 35)
    assert_refused(g, 2, "lift", "36")
    assert_refused(g, 2, f"unmortgage {LUNA}", "36")
    set_cash(g, 2, 1505)
    g.act(2, f"unmortgage {MIMETTE}")  # the second property, before its prompt: 36 all the same
    assert s.cash[2] == 1505 - 36 and not s.mortgaged[MIMETTE]
    g.act(2, "lift")  # Luna: 36
    assert s.cash[2] == 1505 - 72 and not s.mortgaged[LUNA]
    assert prompt_kind(g) == (1, "turn")
    assert_refused(g, 2, f"unmortgage {LUNA}", "not mortgaged")
    check_invariants(g)


def test_bankruptcy_creditor_keeping_pays_10_percent_then_lifts_later_at_mortgage_plus_10():
    """Bankruptcy: keep the mortgage -> pay the 10% now (3); lifting it later costs the mortgage plus 10% (33)."""
    g = new_game(SM, 3)
    own(g, 0, LUNA, mortgaged=True)
    own(g, 2, TELLU)
    set_cash(g, 0, 5)
    place(g, 0, 3)
    roll(g, 0, 1, 2)
    g.act(0, "bankrupt")
    g.act(2, "keep")
    assert g.state.cash[2] == 1505 - 3
    g.act(2, f"unmortgage {LUNA}")
    assert g.state.cash[2] == 1505 - 3 - 33
