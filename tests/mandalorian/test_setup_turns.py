"""Setup, Who Goes First?, On Your Turn, GO, and the characters' GO ability (rulebook order)."""

from __future__ import annotations

import pytest

import openmonopoly as om
from kit import event_kinds, own, place, roll, set_cash
from openmonopoly.engine.chance import Chance

from .helpers import BOKATAN, DARK, ED, GIDEON, JUST_VISITING, STORM, give_grogu, grogu_alone, new_game, put_enemy


def test_setup_150_each_grogu_on_just_visiting_enemies_in_outposts():
    """Setup: 150 credits each (5x10 + 2x50); Grogu on Just Visiting; the three enemies on their outposts;
    Signet deck of 20 shuffled; Moff Gideon's card beside his token."""
    g = om.Game(ED, 4, seed=3)
    s = g.state
    assert s.cash == [150] * 4 and s.position == [0] * 4
    assert s.grogu_pos == JUST_VISITING and s.grogu_carrier == -1
    assert s.enemy_space == [-1, -1, -1] and s.enemy_outpost == [1, 2, 3]
    assert sorted(s.decks[0]) == list(range(20)) and s.decks[0] != list(range(20))
    assert s.enemy_decks[GIDEON] == [8]


@pytest.mark.parametrize("players,cards", [(2, [1, 2]), (3, [1, 2, 3]), (4, [1, 2, 3, 4])])
def test_enemy_piles_by_number_of_players_in_order_1_on_top(players, cards):
    """Setup: 2 players use cards 1-2 of each trooper, 3 players 1-3, 4 players all; 1 on top."""
    g = om.Game(ED, players, seed=1)
    t = g.edition.rules
    for e in (STORM, DARK):
        assert [t.enemy_cards[c].level for c in g.state.enemy_decks[e]] == cards


def test_two_to_four_players():
    """Printed on the box: 2-4 players."""
    for bad in (1, 5):
        with pytest.raises(om.OpenMonopolyError):
            om.Game(ED, bad)


def test_characters_by_seat_by_name_and_shift():
    """Each player has one of the four characters."""
    names = [c.name for c in om.Game(ED, 4).edition.rules.characters]
    assert names == ["The Mandalorian", "Bo-Katan Kryze", "Ahsoka Tano", "Boba Fett"]
    assert om.Game(ED, 4).state.character == [0, 1, 2, 3]
    assert om.Game(ED, ["Ann", "Boba Fett"]).state.character == [0, 3]
    assert om.Game(ED, 3, options={"character-shift": 1}).state.character == [1, 2, 3]


def test_first_player_by_silver_die_ties_roll_again():
    """Who Goes First?: each rolls the silver die; highest starts (tied highest roll again)."""
    ed = om.Game(ED, 2).edition
    chance = Chance(5)
    chance.force(*([0] * (len(ed.decks[0].cards) - 1)))  # the Signet shuffle
    chance.force_dice(2, 6, 6, 3)  # seats 1 and 2 tie on 6
    chance.force_dice(4, 5)  # re-roll: seat 2 wins
    g = om.Game(ED, 3, seed=5, chance=chance)
    assert g.state.current == 2 and g.prompt.player == 2


def test_move_by_silver_die_no_doubles_then_the_turn_passes_left():
    """On Your Turn: roll the silver die, move clockwise, resolve, pass the dice to the left."""
    g = new_game()
    own(g, 1, 1)
    ev = roll(g, 0, 1)
    assert g.state.position[0] == 1 and g.state.dice == (1,)
    assert "moved" in event_kinds(ev)
    assert g.prompt.player == 1 and g.prompt.kind == "turn"


def test_with_grogu_move_by_the_green_die_1_to_3():
    """Moving with Grogu: roll the green die (only 1, 2 or 3) instead of the silver die."""
    g = new_game()
    give_grogu(g, 0)
    assert g.prompt.details["die"] == "green"
    roll(g, 0, 3)
    assert g.state.position[0] == 3
    g2 = new_game()
    give_grogu(g2, 0)
    g2.chance.force_dice(4)  # a green die has no 4
    with pytest.raises(ValueError):
        g2.act(0, "roll")


def test_pass_go_collects_20():
    """GO: pass or land on GO, collect 20."""
    g = new_game()
    place(g, 0, 29)
    own(g, 0, 1)
    roll(g, 0, 4)  # 29 -> 1 passing GO
    assert g.state.cash[0] == 170
    g2 = new_game()
    place(g2, 0, 28)
    grogu_alone(g2, 12)
    put_enemy(g2, STORM, 13)
    g2.state.owner[1] = 1
    before = g2.state.cash[0]
    roll(g2, 0, 4)  # 28 -> 0: lands on GO
    assert g2.state.position[0] == 0 and g2.state.cash[0] == before + 20


def test_go_salary_words_tell_landing_on_go_from_passing_it():
    """The log says "lands on GO" only when the move ends there (the salary is paid on the way)."""
    g = new_game()
    place(g, 0, 29)
    roll(g, 0, 4)  # 29 -> 1 passing GO
    salary = [e for e in g.history if e.kind == "salary"][-1]
    assert g.describe(salary) == f"{g.players[0]} passes GO and collects 20 credits."
    g2 = new_game()
    place(g2, 0, 28)
    grogu_alone(g2, 12)
    put_enemy(g2, STORM, 13)
    roll(g2, 0, 4)  # 28 -> 0: lands on GO
    salary = [e for e in g2.history if e.kind == "salary"][-1]
    assert g2.describe(salary) == f"{g2.players[0]} lands on GO and collects 20 credits."


@pytest.mark.parametrize("with_grogu,amount", [(False, 50), (True, 70)])
def test_bo_katan_go_salary(with_grogu, amount):
    """Bo-Katan Kryze: passing GO collects 50 instead of 20 (70 with Grogu)."""
    g = new_game(first=BOKATAN)
    place(g, BOKATAN, 30)
    if with_grogu:
        give_grogu(g, BOKATAN)
    own(g, 0, 1)
    set_cash(g, 0, 100)
    roll(g, BOKATAN, 3)  # 30 -> 1, rent 10 to seat 0
    assert g.state.cash[BOKATAN] == 150 + amount - 10
