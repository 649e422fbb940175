"""How Do I Get Out of Jail? and what you may do while In Jail (Star Wars 40th rulebook)."""

import openmonopoly as om
from kit import assert_refused, hold_card, jail, own, place, prompt_kind, roll, set_cash

from .helpers import CARGO, FORCE, SW, check_invariants, new_game


def jailed_game(turns=0, players=2):
    """Player 0 in jail at the start of their turn; player 1 owns the spaces it will roll onto."""
    g = new_game(SW, players)
    jail(g, 0, turns)
    return g


def test_jail_pay_50_before_rolling_then_roll_and_move_normally():
    """Get out / option 1: pay 50 at the start of your next turn, then roll and move as normal."""
    g = jailed_game()
    assert g.prompt == om.Prompt(0, "turn", {"in_jail": True, "jail_turns": 0, "doubles": 0})
    assert set(g.legal_actions(0).actions) >= {om.Action("roll"), om.Action("pay-bail")}
    g.act(0, "pay-bail")
    s = g.state
    assert (s.cash[0], s.in_jail[0]) == (1450, False)
    assert prompt_kind(g) == (0, "turn")
    own(g, 0, 15)
    roll(g, 0, 2, 3)
    assert s.position[0] == 15 and prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_jail_pay_50_then_doubles_roll_again_as_normal():
    """Get out / option 1: after paying, 'roll and move as normal' -- a double gives another roll."""
    g = jailed_game()
    g.act(0, "pay-bail")
    own(g, 0, 14)
    roll(g, 0, 2, 2)
    assert g.state.position[0] == 14 and prompt_kind(g) == (0, "turn")


def test_jail_pay_bail_refused_without_50():
    """Get out / option 1: you must be able to pay the 50."""
    g = jailed_game()
    set_cash(g, 0, 49)
    assert_refused(g, 0, "pay-bail", "fine")


def test_jail_pay_bail_refused_when_not_in_jail():
    """How Do I Get Out of Jail?: only a player In Jail pays to get out (Just Visiting is not jail)."""
    g = new_game(SW)
    place(g, 0, 10)
    assert_refused(g, 0, "pay-bail", "not in jail")


def test_jail_use_get_out_of_jail_free_card():
    """Get out / option 2: use a Get Out of Jail Free card, put it at the bottom of its pile, roll and move."""
    g = jailed_game()
    hold_card(g, 0, FORCE, 8)
    g.act(0, "use-card")
    s = g.state
    assert (s.in_jail[0], s.cash[0], s.held[0]) == (False, 1500, [])
    assert s.decks[FORCE][-1] == 8
    own(g, 0, 15)
    roll(g, 0, 2, 3)
    assert s.position[0] == 15 and prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_jail_use_card_refused_without_a_card():
    """Get out / option 2: only 'if you have one'."""
    g = jailed_game()
    assert_refused(g, 0, "use-card", "no get-out-of-jail card")


def test_jail_card_bought_from_another_player_then_used():
    """Get out / option 2: '(or buy one from another player)': buy it by trade, then use it."""
    g = jailed_game()
    hold_card(g, 1, CARGO, 4)
    g.act(0, "trade 1 take-cards=1 cash=30")
    g.act(1, "accept")
    g.act(0, "use-card")
    s = g.state
    assert (s.in_jail[0], s.cash) == (False, [1470, 1530])
    assert s.decks[CARGO][-1] == 4


def test_jail_roll_doubles_gets_out_and_moves_no_extra_roll():
    """Get out / option 3: roll a double: use the roll to move, and that's the end of your turn."""
    g = jailed_game()
    own(g, 0, 14)
    roll(g, 0, 2, 2)
    s = g.state
    assert (s.position[0], s.in_jail[0], s.jail_turns[0], s.cash[0]) == (14, False, 0, 1500)
    assert prompt_kind(g) == (1, "turn")


def test_jail_failed_first_and_second_rolls_stay_in_jail():
    """Get out / option 3: you can use up to 3 turns to try for a double; failures 1 and 2 stay In Jail."""
    g = jailed_game()
    own(g, 1, 13, 16)
    place(g, 1, 10)
    s = g.state
    roll(g, 0, 1, 2)  # first failure
    assert (s.position[0], s.in_jail[0], s.jail_turns[0], s.cash[0]) == (10, True, 1, 1500)
    assert prompt_kind(g) == (1, "turn")
    roll(g, 1, 1, 2)  # player 1: 10 -> 13 (own)
    roll(g, 0, 5, 6)  # second failure
    assert (s.position[0], s.in_jail[0], s.jail_turns[0], s.cash[0]) == (10, True, 2, 1500)
    assert prompt_kind(g) == (1, "turn")


def test_jail_third_failure_pay_50_and_move_by_that_roll():
    """Get out / option 3: no double by your third turn In Jail: pay 50 and use your last roll to move."""
    g = jailed_game(turns=2)
    own(g, 0, 15)
    roll(g, 0, 2, 3)
    s = g.state
    assert (s.position[0], s.in_jail[0], s.jail_turns[0], s.cash[0]) == (15, False, 0, 1450)
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_jail_third_failure_played_through_three_turns():
    """Get out / option 3 over three real turns of a 2-player game."""
    g = jailed_game()
    own(g, 1, 13, 16)
    own(g, 0, 14)
    place(g, 1, 10)
    roll(g, 0, 1, 2)
    roll(g, 1, 1, 2)  # 13
    roll(g, 0, 1, 2)
    roll(g, 1, 1, 2)  # 16
    roll(g, 0, 1, 3)  # third failure: pay 50, move 4 -> 14
    s = g.state
    assert (s.position[0], s.in_jail[0], s.cash[0]) == (14, False, 1450)


def test_jail_third_failure_without_cash_is_a_debt_then_the_move():
    """Get out / option 3: the 50 is owed even without the cash: raise it (here by mortgaging), then move."""
    g = jailed_game(turns=2)
    set_cash(g, 0, 20)
    own(g, 0, 1, 15)
    roll(g, 0, 2, 3)
    assert g.prompt == om.Prompt(0, "debt", {"amount": 50, "creditor": -1, "reason": "bail", "pos": -1})
    assert g.state.position[0] == 10
    g.act(0, "mortgage 1")  # +30
    g.act(0, "pay")
    s = g.state
    assert (s.position[0], s.in_jail[0], s.cash[0]) == (15, False, 0)
    assert prompt_kind(g) == (1, "turn")


def test_jail_third_doubles_attempt_succeeds_free():
    """Get out / option 3: a double on the third try frees you without paying."""
    g = jailed_game(turns=2)
    own(g, 0, 16)
    roll(g, 0, 3, 3)
    assert (g.state.position[0], g.state.cash[0], g.state.in_jail[0]) == (16, 1500, False)
    assert prompt_kind(g) == (1, "turn")


def test_in_jail_still_collect_rent():
    """Go To Jail: you can still collect rent while you are In Jail."""
    g = new_game(SW, 2, first=1)
    jail(g, 0)
    own(g, 0, 6)
    roll(g, 1, 2, 4)
    assert g.state.cash == [1506, 1494]


def test_in_jail_still_build_mortgage_and_trade_on_another_players_turn():
    """Go To Jail: you can still ... buy Fleets and Bases, mortgage, and trade while you are In Jail."""
    g = new_game(SW, 2, first=1)
    jail(g, 0)
    own(g, 0, 1, 3, 5)
    g.act(0, "build 1")
    g.act(0, "mortgage 5")
    hold_card(g, 1, FORCE, 8)
    g.act(0, "trade 1 take-cards=0 cash=10")
    g.act(1, "accept")
    s = g.state
    assert s.level[1] == 1 and s.mortgaged[5] and s.held[0] == [FORCE << 8 | 8]
    assert s.cash == [1500 - 50 + 100 - 10, 1510]
    assert s.in_jail[0] and prompt_kind(g) == (1, "turn")
    check_invariants(g)
