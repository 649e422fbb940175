"""Imperial Advance, Imperial Outposts, collisions, and when Moff Gideon moves."""

from __future__ import annotations

from kit import event_kinds, own, place, roll, set_cash, stack_card

from .helpers import DARK, GIDEON, PATROL, SIGNET, STORM, enemy_to_outpost, grogu_alone, new_game, put_enemy


def test_imperial_advance_moves_both_troopers_from_their_outposts_first_step_onto_imperial_advance():
    """Imperial Advance: roll the silver die, move the Stormtrooper and Dark Trooper that many spaces; an enemy
    in an outpost first moves onto the Imperial Advance space. Moff Gideon stays (not active)."""
    g = new_game()
    grogu_alone(g, 0)
    place(g, 0, 1)
    ev = roll(g, 0, 3, 3)  # 1 -> 4; advance 3
    s = g.state
    assert s.enemy_space == [14, 22, -1] and s.enemy_outpost == [-1, -1, 3]
    assert "imperial-advance" in event_kinds(ev)
    assert s.cash[0] == 150 and g.prompt.player == 1  # enemies ignore the spaces they land on


def test_enemies_on_the_board_move_the_roll_clockwise():
    g = new_game()
    put_enemy(g, STORM, 30)
    put_enemy(g, DARK, 5)
    grogu_alone(g, 20)
    place(g, 0, 1)
    roll(g, 0, 3, 5)
    assert g.state.enemy_space[:2] == [3, 10]


def test_never_two_enemies_on_one_space_the_one_not_from_an_outpost_goes_one_further():
    """Imperial Outpost note: never more than one enemy on a space; of two that would share one, the token that
    did not begin its move in an Imperial Outpost is placed one space further ahead."""
    g = new_game()
    put_enemy(g, STORM, 19)
    enemy_to_outpost(g, DARK, 2)
    place(g, 0, 1)
    roll(g, 0, 3, 3)  # Storm 19 -> 22; Dark 20, 21, 22
    assert g.state.enemy_space[:2] == [23, 22]


def test_a_mover_onto_a_standing_enemy_goes_one_further():
    g = new_game()
    put_enemy(g, GIDEON, 15)  # Gideon inactive: he does not move
    put_enemy(g, STORM, 12)
    enemy_to_outpost(g, DARK, 0)
    place(g, 0, 1)
    roll(g, 0, 3, 3)  # Storm 12 -> 15 (Gideon) -> 16; Dark 4, 5, 6
    assert g.state.enemy_space == [16, 6, 15]


def test_a_bumped_enemy_landing_on_grogu_alone_captures_him():
    g = new_game()
    put_enemy(g, GIDEON, 15)
    put_enemy(g, STORM, 12)
    grogu_alone(g, 16)
    place(g, 0, 1)
    roll(g, 0, 3, 3)
    assert g.state.end_reason == "grogu-captured"


def test_gideon_moves_once_all_hideouts_are_bought():
    """Move Moff Gideon the same way, but only when all hideouts have been purchased ..."""
    g = new_game()
    for pos in g.edition.rules.hideouts:
        own(g, 1, pos)
    grogu_alone(g, 0)
    set_cash(g, 1, 0)
    place(g, 0, 3)
    roll(g, 0, 1, 2)  # 3 -> 4; advance 2
    assert g.state.enemy_space == [13, 21, 29]


def test_gideon_moves_once_a_trooper_deck_is_down_to_its_last_card():
    """... or when there is only one Stormtrooper or Dark Trooper card left in its deck."""
    g = new_game()
    g.state.enemy_decks[DARK] = [7]
    grogu_alone(g, 0)
    place(g, 0, 3)
    roll(g, 0, 1, 2)
    assert g.state.enemy_space == [13, 21, 29]


def test_gideon_does_not_move_before():
    g = new_game()
    g.state.enemy_decks[DARK] = [6, 7]
    grogu_alone(g, 0)
    place(g, 0, 3)
    roll(g, 0, 1, 2)
    assert g.state.enemy_space == [13, 21, -1] and g.state.enemy_outpost[GIDEON] == 3


def test_imperial_advance_signet_card_moves_the_enemies():
    """A reconstructed Signet card ("Imperial patrol") triggers an Imperial Advance."""
    g = new_game()
    grogu_alone(g, 0)
    stack_card(g, SIGNET, PATROL)
    place(g, 0, 1)
    roll(g, 0, 1, 4)
    assert g.state.enemy_space[:2] == [15, 23] and g.state.decks[0][-1] == PATROL
