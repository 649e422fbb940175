"""Set It Up!, On Your Turn, doubles and the GO space (Star Wars 40th rulebook)."""

import openmonopoly as om
from kit import event_kinds, own, place, prompt_kind, roll, scripted_game, stack_card
from openmonopoly.engine.state import BANK

from .helpers import CARGO, CHANCE, CL, COMMUNITY_CHEST, FORCE, SW, check_invariants, new_game


# ---------------------------------------------------------------- Set It Up!
def test_setup_each_player_gets_1500_and_starts_on_go():
    """Set It Up!: each player gets 1500 (5x1, 1x5, 2x10, 1x20, 1x50, 4x100, 2x500), tokens on GO;
    the Banker holds 32 Fleets, 12 Bases, all Title Deeds and the two shuffled card piles."""
    g = om.Game(SW, 4, seed=3)
    s = g.state
    assert 5 * 1 + 5 + 2 * 10 + 20 + 50 + 4 * 100 + 2 * 500 == 1500
    assert s.cash == [1500] * 4
    assert s.position == [0] * 4
    assert (s.bank_houses, s.bank_hotels) == (32, 12)
    assert all(o == BANK for o in s.owner)
    assert [len(d) for d in s.decks] == [16, 16]
    assert sorted(s.decks[FORCE]) == list(range(16)) and sorted(s.decks[CARGO]) == list(range(16))
    assert g.prompt.kind == "turn" and g.prompt.player == s.current
    check_invariants(g)


def test_setup_decks_are_shuffled():
    """Set It Up!: shuffle the Force and Smuggler's Cargo cards (the order depends on the seed)."""
    orders = {tuple(om.Game(SW, 2, seed=seed).state.decks[FORCE]) for seed in range(5)}
    assert len(orders) > 1


def test_first_player_is_the_highest_roller():
    """Set It Up! / Who goes first?: each player rolls both dice; the highest roller goes first."""
    g = scripted_game(SW, 3, [1, 2, 6, 5, 3, 3])  # totals 3, 11, 6
    assert g.state.current == 1 and g.state.first_player == 1
    assert g.prompt == om.Prompt(1, "turn", {"in_jail": False, "jail_turns": 0, "doubles": 0})


def test_first_player_tie_for_highest_rolls_again():
    """Who goes first? (engine issue: ties re-roll): the tied highest rollers roll again; others do not."""
    g = scripted_game(
        SW,
        3,
        [
            6,
            6,
            6,
            6,
            1,
            1,  # 12, 12, 2: players 0 and 1 tie
            1,
            2,
            3,
            3,
        ],
    )  # re-roll: 3 vs 6 -> player 1
    assert g.state.current == 1
    started = [e for e in g.history if e.kind == "game-started"][0]
    assert started.player == 1
    assert started.info == "0:6+6 1:6+6 2:1+1 0:1+2 1:3+3"


def test_turns_pass_to_the_left():
    """On Your Turn: your turn is over; the player on your left goes next (seat order 0,1,2,3,0,...)."""
    g = new_game(SW, 4, first=2)
    order = []
    for _ in range(5):
        p = g.prompt.player
        order.append(p)
        place(g, p, 0)
        roll(g, p, 4, 6)  # to Just Visiting: nothing happens
    assert order == [2, 3, 0, 1, 2]
    assert g.state.round == 2


# ---------------------------------------------------------------- On Your Turn: moving
def test_move_forward_by_the_dice_total():
    """On Your Turn: roll both dice and move forward that number of spaces; the space decides."""
    g = new_game(SW)
    events = roll(g, 0, 2, 3)
    assert g.state.position[0] == 5
    assert g.state.dice == (2, 3)
    assert "moved" in event_kinds(events)
    assert g.prompt == om.Prompt(0, "buy", {"pos": 5, "price": 200})


def test_go_salary_when_passing_go():
    """Action Spaces / GO: if your move took you past GO, collect 200 from the Bank."""
    g = new_game(SW)
    own(g, 0, 1)
    place(g, 0, 38)
    roll(g, 0, 1, 2)  # 38 -> 1
    assert g.state.position[0] == 1
    assert g.state.cash[0] == 1700
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_go_salary_when_landing_on_go():
    """Action Spaces / GO: a move that took you onto GO also collects 200."""
    g = new_game(SW)
    place(g, 0, 34)
    roll(g, 0, 2, 4)
    assert g.state.position[0] == 0
    assert g.state.cash[0] == 1700
    assert prompt_kind(g) == (1, "turn")


def test_no_salary_for_a_move_that_does_not_reach_go():
    """Action Spaces / GO: no salary without reaching or passing GO."""
    g = new_game(SW)
    place(g, 0, 10)
    roll(g, 0, 4, 6)  # Free Parking
    assert g.state.cash[0] == 1500


def test_go_salary_when_a_card_advances_you_past_go():
    """GO + cards (classic Chance 'Advance to St. Charles Place'): a card move past GO collects 200."""
    g = new_game(CL)
    place(g, 0, 31)
    stack_card(g, CHANCE, 3)  # advance to St. Charles Place (11)
    roll(g, 0, 2, 3)  # 31 -> 36 Chance
    assert g.state.position[0] == 11
    assert g.state.cash[0] == 1700
    assert g.prompt == om.Prompt(0, "buy", {"pos": 11, "price": 140})


def test_go_salary_twice_when_passing_go_twice_in_one_turn():
    """GO (engine issue: salary each time): pass GO by dice, then a card 'Advance to GO' -> 200 twice."""
    g = new_game(CL)
    place(g, 0, 38)
    stack_card(g, COMMUNITY_CHEST, 0)  # advance to GO
    roll(g, 0, 1, 3)  # 38 -> 2 (passes GO), Community Chest
    assert g.state.position[0] == 0
    assert g.state.cash[0] == 1900
    assert [e.kind for e in g.history].count("salary") == 2
    check_invariants(g)


def test_go_salary_words_tell_landing_on_go_from_passing_it():
    """The salary event names where the move ended, so the log says "lands on GO" only when it did."""
    g = new_game(CL)
    place(g, 0, 36)
    roll(g, 0, 1, 3)  # 36 -> 0: exactly on GO
    salaries = [e for e in g.history if e.kind == "salary"]
    assert [(e.player, e.pos, e.amount) for e in salaries] == [(0, 0, 200)]
    assert g.describe(salaries[0]) == f"{g.players[0]} lands on GO and collects $200."
    assert prompt_kind(g) == (1, "turn")
    place(g, 1, 38)
    roll(g, 1, 2, 3)  # 38 -> 3: passes GO
    salary = [e for e in g.history if e.kind == "salary"][-1]
    assert (salary.player, salary.pos, salary.amount) == (1, 3, 200)
    assert g.describe(salary) == f"{g.players[1]} passes GO and collects $200."
    # An event without the end of the move (an older record) reads as before.
    assert g.describe(salary._replace(pos=-1)) == f"{g.players[1]} passes GO and collects $200."


def test_starwars_jump_to_lightspeed_card_collects_salary():
    """GO + Smuggler's Cargo 'advance to GO' card in starwars40: collect 200 on reaching GO."""
    g = new_game(SW)
    place(g, 0, 31)
    stack_card(g, CARGO, 0)  # jump_to_lightspeed: advance to GO
    roll(g, 0, 1, 1)  # 31 -> 33 Smuggler's Cargo (doubles)
    assert g.state.position[0] == 0 and g.state.cash[0] == 1700
    assert prompt_kind(g) == (0, "turn")  # doubles: roll again


def test_no_salary_when_sent_to_jail_from_go_to_jail_space():
    """Go To Jail: move to In Jail immediately, do not collect 200 for passing GO; your turn is over."""
    g = new_game(SW)
    place(g, 0, 25)
    roll(g, 0, 2, 3)  # 30 Go To Jail
    s = g.state
    assert (s.position[0], s.in_jail[0], s.cash[0]) == (10, True, 1500)
    assert prompt_kind(g) == (1, "turn")


def test_no_salary_when_a_card_sends_you_to_jail():
    """Go To Jail via a card (classic Chance 'Go to Jail' from 36): no salary although jail is past GO."""
    g = new_game(CL)
    place(g, 0, 33)
    stack_card(g, CHANCE, 10)
    roll(g, 0, 1, 2)  # 36 Chance
    s = g.state
    assert (s.position[0], s.in_jail[0], s.cash[0]) == (10, True, 1500)
    assert prompt_kind(g) == (1, "turn")


# ---------------------------------------------------------------- doubles
def test_doubles_roll_again():
    """On Your Turn / Did you roll a double?: move, follow the space, then take another turn."""
    g = new_game(SW)
    own(g, 0, 6, 9)
    roll(g, 0, 3, 3)  # 6 (own), doubles
    assert g.state.position[0] == 6
    assert g.prompt == om.Prompt(0, "turn", {"in_jail": False, "jail_turns": 0, "doubles": 1})
    roll(g, 0, 1, 2)  # 9 (own), not doubles
    assert g.state.position[0] == 9
    assert prompt_kind(g) == (1, "turn")
    assert g.state.doubles == 0


def test_doubles_roll_again_after_buying():
    """Did you roll a double?: the extra turn comes after following the space's instructions (buy)."""
    g = new_game(SW)
    roll(g, 0, 3, 3)
    assert prompt_kind(g) == (0, "buy")
    g.act(0, "buy")
    assert prompt_kind(g) == (0, "turn")
    assert g.state.owner[6] == 0 and g.state.cash[0] == 1400


def test_three_doubles_in_a_row_go_to_jail_without_moving():
    """Watch out!: a double 3 times in a row sends you directly to Jail (the third roll does not move you)."""
    g = new_game(SW)
    own(g, 0, 6, 14)
    roll(g, 0, 3, 3)  # 0 -> 6
    roll(g, 0, 4, 4)  # 6 -> 14
    events = roll(g, 0, 1, 1)  # third double: jail, not 16
    s = g.state
    assert (s.position[0], s.in_jail[0], s.cash[0]) == (10, True, 1500)
    assert "moved" not in event_kinds(events)
    assert "salary" not in event_kinds(events)
    assert prompt_kind(g) == (1, "turn")


def test_doubles_count_resets_each_turn():
    """Watch out! (3 doubles *in a row*): a double on a later turn starts a new count."""
    g = new_game(SW, 2)
    own(g, 0, 6, 14, 19)
    roll(g, 0, 3, 3)  # 0 -> 6, double 1
    roll(g, 0, 4, 4)  # 6 -> 14, double 2
    stack_card(g, CARGO, 14)  # holochess win: collect 10
    roll(g, 0, 1, 2)  # 14 -> 17 Smuggler's Cargo, turn over
    assert g.state.cash[0] == 1510
    assert g.state.doubles == 0
    roll(g, 1, 4, 6)  # player 1 to Just Visiting
    roll(g, 0, 1, 1)  # 17 -> 19: a first double again, not a third
    assert not g.state.in_jail[0] and g.state.position[0] == 19
    assert g.prompt == om.Prompt(0, "turn", {"in_jail": False, "jail_turns": 0, "doubles": 1})


def test_no_extra_roll_after_doubles_that_land_in_jail():
    """Did you roll a double?: take another turn *provided you did not land In Jail* on that move."""
    g = new_game(SW)
    place(g, 0, 24)
    roll(g, 0, 3, 3)  # 30 Go To Jail
    assert g.state.in_jail[0] and g.state.position[0] == 10
    assert prompt_kind(g) == (1, "turn")
    assert g.state.doubles == 0


def test_no_extra_roll_after_doubles_and_a_go_to_jail_card():
    """Did you roll a double? + a card that sends you to jail on that move: no extra turn."""
    g = new_game(CL)
    place(g, 0, 5)
    stack_card(g, CHANCE, 10)
    roll(g, 0, 1, 1)  # 7 Chance: go to jail
    assert g.state.in_jail[0]
    assert prompt_kind(g) == (1, "turn")
