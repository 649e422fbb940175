"""Protect Grogu!, Getting Grogu, Free Parking, Just Visiting, Go to Jail (with Grogu), Grogu alone."""

from __future__ import annotations

from kit import assert_refused, event_kinds, own, place, roll, set_cash

from .helpers import GO_TO_JAIL, JUST_VISITING, STORM, give_grogu, grogu_alone, new_game, put_enemy


def test_first_player_to_pass_just_visiting_takes_grogu():
    """Grogu starts on Just Visiting; the first player to pass that space takes him."""
    g = new_game()
    place(g, 0, 5)
    own(g, 1, 9)
    ev = roll(g, 0, 4)  # 5 -> 9, passing 8
    assert g.state.grogu_carrier == 0 and g.state.grogu_pos == -1
    assert "grogu" in event_kinds(ev)


def test_landing_on_just_visiting_takes_grogu():
    """... or lands on it."""
    g = new_game()
    place(g, 0, 5)
    roll(g, 0, 3)
    assert g.state.position[0] == JUST_VISITING and g.state.grogu_carrier == 0


def test_passing_a_carrier_takes_grogu_from_them():
    """Afterwards anyone passing or landing on Grogu's space takes him, even from another player."""
    g = new_game()
    give_grogu(g, 1)
    place(g, 1, 11)
    place(g, 0, 9)
    own(g, 2, 13)
    roll(g, 0, 4)  # 9 -> 13 passing seat 1 on 11
    assert g.state.grogu_carrier == 0


def test_landing_on_grogu_alone_on_a_hideout_takes_him():
    g = new_game()
    grogu_alone(g, 13)
    own(g, 0, 13)
    place(g, 0, 9)
    roll(g, 0, 4)
    assert g.state.grogu_carrier == 0 and g.state.grogu_pos == -1


def test_free_parking_gives_grogu_to_a_player_without_him():
    """Free Parking: if you do not have Grogu, take him (from wherever he is)."""
    g = new_game()
    give_grogu(g, 2)
    place(g, 2, 30)
    place(g, 0, 13)
    ev = roll(g, 0, 3)
    assert g.state.grogu_carrier == 0
    assert [e.info for e in ev if e.kind == "grogu"] == ["free-parking"]


def test_free_parking_with_grogu_does_nothing():
    g = new_game()
    give_grogu(g, 0)
    place(g, 0, 14)
    ev = roll(g, 0, 2)
    assert g.state.grogu_carrier == 0 and "grogu" not in event_kinds(ev)
    assert g.state.cash[0] == 150


def test_unexpected_ally_jump_takes_no_grogu_battles_no_enemy_but_pays_go():
    """Unexpected Ally: advance to the next unowned hideout; GO pays 20; no battle; no Grogu."""
    g = new_game()
    place(g, 0, 19)
    grogu_alone(g, 27)
    put_enemy(g, STORM, 29)
    for pos in (23, 25, 27, 29, 31):
        own(g, 1, pos)
    roll(g, 0, 3)  # 19 -> 22 (Fennec Shand) -> 1, passing GO
    s = g.state
    assert s.position[0] == 1 and s.grogu_pos == 27 and s.grogu_carrier == -1
    assert s.cash[0] == 170
    assert g.prompt.kind == "buy" and g.prompt.details["pos"] == 1
    g.act(0, "buy")
    assert s.owner[1] == 0 and s.enemy_space[STORM] == 29 and g.prompt.player == 1


def test_unexpected_ally_with_no_unowned_hideout_moves_to_the_next_ally():
    """If there are no unowned hideouts, move to the next Unexpected Ally space instead."""
    g = new_game()
    for pos in g.edition.rules.hideouts:
        own(g, 1, pos)
    place(g, 0, 3)
    set_cash(g, 1, 1000)
    roll(g, 0, 3)  # 3 -> 6 (Carson Teva) -> 22 (Fennec Shand)
    assert g.state.position[0] == 22 and g.prompt.player == 1


def test_go_to_jail_with_grogu_and_no_hideout_leaves_him_on_go_to_jail():
    """Go to Jail: if you have Grogu and own no hideouts, leave him on the Go to Jail space."""
    g = new_game()
    give_grogu(g, 0)
    place(g, 0, 21)
    roll(g, 0, 3)
    s = g.state
    assert s.in_jail[0] and s.position[0] == JUST_VISITING
    assert s.grogu_carrier == -1 and s.grogu_pos == GO_TO_JAIL
    assert s.cash[0] == 150 and g.prompt.player == 1


def test_go_to_jail_with_grogu_and_one_hideout_leaves_him_there():
    g = new_game()
    give_grogu(g, 0)
    own(g, 0, 13)
    place(g, 0, 21)
    roll(g, 0, 3)
    assert g.state.grogu_pos == 13


def test_go_to_jail_with_grogu_places_him_on_a_hideout_of_your_choice():
    """... place him on any hideout you own."""
    g = new_game()
    give_grogu(g, 0)
    own(g, 0, 13, 29)
    place(g, 0, 21)
    roll(g, 0, 3)
    assert g.prompt.kind == "place-grogu" and g.prompt.details["spaces"] == [13, 29]
    assert_refused(g, 0, "place 15")
    g.act(0, "place 29")
    assert g.state.grogu_pos == 29 and g.prompt.player == 1


def test_an_enemy_passing_grogu_alone_captures_him_and_nobody_wins():
    """Grogu alone on a space and an enemy passes it: captured, the game ends, no one wins."""
    g = new_game()
    grogu_alone(g, 14)
    own(g, 1, 9)
    place(g, 0, 1)
    roll(g, 0, 3, 4)  # lands on Imperial Advance (4); advance 4
    s = g.state  # Stormtrooper 12,13,14,15: passes 14
    assert s.over and s.end_reason == "grogu-captured" and g.winners == []
    assert g.prompt is None


def test_an_enemy_landing_on_grogu_alone_captures_him():
    g = new_game()
    grogu_alone(g, 13)
    place(g, 0, 1)
    roll(g, 0, 3, 2)  # Stormtrooper 12, 13: lands on Grogu
    assert g.state.end_reason == "grogu-captured"


def test_an_enemy_passing_a_carrier_does_not_capture():
    """Only Grogu alone is captured; enemies passing players do not battle them either."""
    g = new_game()
    give_grogu(g, 1)
    place(g, 1, 14)
    place(g, 0, 1)
    roll(g, 0, 3, 4)
    s = g.state
    assert not s.over and s.grogu_carrier == 1 and s.enemy_space[STORM] == 15
    assert g.prompt.player == 1 and g.prompt.kind == "turn"


def test_carrier_uses_grogus_powers_both_dice_in_battle():
    """Using Grogu's Powers: the carrier rolls both dice in battle (see test_battles too)."""
    g = new_game()
    give_grogu(g, 0)
    put_enemy(g, STORM, 3)
    own(g, 1, 3)
    roll(g, 0, 3)  # green die 3: lands on the Stormtrooper
    assert g.prompt.kind == "battle" and g.prompt.details["both_dice"] is True
