"""Battles: stopping on enemies, the card, Signet battle cards, both dice with Grogu, Ahsoka's re-roll,
wins and losses, enemies leaving the game, and Moff Gideon."""

from __future__ import annotations

import openmonopoly as om
from kit import assert_refused, event_kinds, own, place, roll

from .helpers import (
    AHSOKA,
    BOKATAN,
    DARK,
    DARKSABER,
    GIDEON,
    STORM,
    THERMAL,
    enemy_to_outpost,
    give_grogu,
    grogu_alone,
    new_game,
    put_enemy,
)

SEAT = BOKATAN  # a seat whose ability does not touch battles or rent


def battle_at_11(players: int = 4, enemy: int = STORM, deck: list[int] | None = None) -> om.Game:
    """Seat 1 on 9 rolls 4, passing the enemy on 11 (a hideout it owns): the move stops there and a battle starts."""
    g = new_game(players, first=SEAT)
    if deck is not None:
        g.state.enemy_decks[enemy] = deck
    place(g, SEAT, 9)
    own(g, SEAT, 11)
    put_enemy(g, enemy, 11)
    grogu_alone(g, 0)
    roll(g, SEAT, 4)
    assert g.state.position[SEAT] == 11 and g.prompt.kind == "battle"
    return g


def test_passing_an_enemy_ends_the_move_on_its_space_and_starts_a_battle():
    """If you would pass an Imperial enemy, end your move on their space; battle them."""
    g = battle_at_11()
    d = g.prompt.details
    assert (d["enemy"], d["card"], d["level"], d["roll_needed"]) == (STORM, 0, 1, 4)
    assert d["bonus"] == {"kind": "collect", "amount": 50} and d["penalty"] == {"kind": "pay", "amount": 30}


def test_win_takes_the_bonus_keeps_the_card_and_sends_the_enemy_to_the_next_free_outpost():
    """Roll >= the card's number: bonus, card kept, enemy to the next unoccupied Imperial Outpost."""
    g = battle_at_11()
    ev = roll(g, SEAT, 4)
    s = g.state
    assert "battle-won" in event_kinds(ev)
    assert s.cash[SEAT] == 200 and s.won[SEAT] == [0] and s.enemy_decks[STORM] == [1, 2, 3]
    assert s.enemy_space[STORM] == -1 and s.enemy_outpost[STORM] == 1
    assert g.prompt.player == 2


def test_next_free_outpost_skips_occupied_ones():
    g = battle_at_11()
    put_enemy(g, DARK, 30)
    enemy_to_outpost(g, GIDEON, 1)  # outpost beside 12 taken; 20's is free
    roll(g, SEAT, 6)
    assert g.state.enemy_outpost[STORM] == 2


def test_loss_takes_the_penalty_returns_the_card_and_moves_the_enemy_on():
    """Roll lower: penalty, card back on the board, enemy to the next unoccupied outpost."""
    g = battle_at_11()
    ev = roll(g, SEAT, 2)
    s = g.state
    assert "battle-lost" in event_kinds(ev)
    assert s.cash[SEAT] == 120 and s.won[SEAT] == [] and s.enemy_decks[STORM] == [0, 1, 2, 3]
    assert s.enemy_outpost[STORM] == 1


def test_loss_with_grogu_he_is_safe():
    g = new_game(first=SEAT)
    place(g, SEAT, 10)
    own(g, SEAT, 11)
    put_enemy(g, STORM, 11)
    give_grogu(g, SEAT)
    roll(g, SEAT, 1)
    roll(g, SEAT, 1, 1)  # 2 < 4
    assert g.state.grogu_carrier == SEAT and not g.state.over


def test_winning_the_last_card_removes_the_enemy_from_the_game():
    """If there are no cards left, remove that enemy token from the game."""
    g = battle_at_11(players=2, deck=[1])
    roll(g, SEAT, 5)  # card 2 (level 2): draw a Signet card as bonus
    s = g.state
    assert s.enemy_space[STORM] == -1 and s.enemy_outpost[STORM] == -1 and s.enemy_decks[STORM] == []


def test_carrier_rolls_both_dice():
    """Grogu's ability: roll both dice when battling."""
    g = new_game(first=SEAT)
    place(g, SEAT, 10)
    own(g, SEAT, 11)
    put_enemy(g, STORM, 11)
    give_grogu(g, SEAT)
    roll(g, SEAT, 1)  # green 1
    ev = roll(g, SEAT, 2, 2)  # silver 2 + green 2 = 4: wins
    assert [e.amount for e in ev if e.kind == "battle-roll"] == [4] and g.state.won[SEAT] == [0]


def test_signet_battle_cards_add_to_the_roll_and_go_to_the_bottom():
    """Announce Darksaber / Thermal Detonators cards before rolling; they go to the bottom after the battle."""
    g = battle_at_11()
    g.state.decks[0].remove(DARKSABER)
    g.state.held[SEAT].append(DARKSABER)
    assert "play 0" in [str(a) for a in g.legal_actions(SEAT).actions]
    assert_refused(g, SEAT, "play 2")  # not held
    g.act(SEAT, "play 0")
    assert g.state.held[SEAT] == [] and g.prompt.details["card_bonus"] == 2
    roll(g, SEAT, 2)  # 2 + 2 >= 4
    assert g.state.won[SEAT] == [0] and g.state.decks[0][-1] == DARKSABER


def test_several_battle_cards_in_one_battle():
    """There is no limit to how many Signet cards you may use in one turn."""
    g = battle_at_11(deck=[3])  # level 4: roll 5
    for c in (THERMAL, THERMAL + 1):
        g.state.decks[0].remove(c)
        g.state.held[SEAT].append(c)
    g.act(SEAT, "play 2")
    g.act(SEAT, "play 3")
    roll(g, SEAT, 3)  # 3 + 1 + 1 = 5
    assert g.state.won[SEAT] == [3]


def test_ahsoka_may_reroll_the_silver_die_and_must_use_the_second_roll():
    """Ahsoka Tano: re-roll the silver die in battle, but use the second roll."""
    g = new_game(first=AHSOKA)
    place(g, AHSOKA, 9)
    own(g, AHSOKA, 11)
    put_enemy(g, STORM, 11)
    grogu_alone(g, 0)
    roll(g, AHSOKA, 4)
    roll(g, AHSOKA, 2)
    assert g.prompt.kind == "battle-reroll" and g.prompt.details["roll"] == 2
    roll(g, AHSOKA, 1, action="reroll")  # worse, but it counts
    assert g.state.won[AHSOKA] == [] and g.state.cash[AHSOKA] == 120


def test_ahsoka_reroll_to_a_win_and_keep():
    g = new_game(first=AHSOKA)
    place(g, AHSOKA, 9)
    own(g, AHSOKA, 11)
    put_enemy(g, STORM, 11)
    grogu_alone(g, 0)
    roll(g, AHSOKA, 4)
    roll(g, AHSOKA, 1)
    roll(g, AHSOKA, 5, action="reroll")
    assert g.state.won[AHSOKA] == [0]
    g2 = new_game(first=AHSOKA)
    place(g2, AHSOKA, 9)
    own(g2, AHSOKA, 11)
    put_enemy(g2, STORM, 11)
    grogu_alone(g2, 0)
    roll(g2, AHSOKA, 4)
    roll(g2, AHSOKA, 4)
    g2.act(AHSOKA, "keep")
    assert g2.state.won[AHSOKA] == [0]


def test_ahsoka_with_grogu_rerolls_both_dice():
    """With Grogu: re-roll both dice."""
    g = new_game(first=AHSOKA)
    place(g, AHSOKA, 10)
    own(g, AHSOKA, 11)
    put_enemy(g, STORM, 11)
    give_grogu(g, AHSOKA)
    roll(g, AHSOKA, 1)
    roll(g, AHSOKA, 1, 1)
    assert g.prompt.details["dice"] == [1, 1]
    ev = roll(g, AHSOKA, 2, 3, action="reroll")
    assert [e.amount for e in ev if e.kind == "battle-roll"] == [5] and g.state.won[AHSOKA] == [0]


def test_non_ahsoka_gets_no_reroll():
    g = battle_at_11()
    assert_refused(g, SEAT, "reroll")


def test_space_rules_come_first_then_the_battle():
    """Follow the rules of the space where you land, then battle (here: buy the hideout first)."""
    g = new_game(first=SEAT)
    place(g, SEAT, 9)
    put_enemy(g, STORM, 11)
    grogu_alone(g, 0)
    roll(g, SEAT, 4)
    assert g.prompt.kind == "buy"
    g.act(SEAT, "buy")
    assert g.prompt.kind == "battle" and g.state.owner[11] == SEAT


def test_landing_on_an_unexpected_ally_with_an_enemy_escapes():
    """If you landed on an Unexpected Ally with an enemy, use the Unexpected Ally space to get away."""
    g = new_game(first=SEAT)
    place(g, SEAT, 3)
    put_enemy(g, STORM, 6)
    grogu_alone(g, 0)
    roll(g, SEAT, 5)  # stops at 6 (enemy), jumps to 7
    assert g.state.position[SEAT] == 7 and g.prompt.kind == "buy"
    g.act(SEAT, "buy")
    assert g.prompt.kind == "turn" and g.state.enemy_space[STORM] == 6


def test_enemy_bonus_collect_from_each_player_and_jail_penalty():
    """Enemy cards carry a bonus and a penalty of their own (reconstructed values)."""
    g = battle_at_11(enemy=DARK, deck=[5, 6, 7])  # level 2 (roll 5): collect 30 from each player
    roll(g, SEAT, 5)
    assert g.state.cash == [120, 240, 120, 120]
    g2 = battle_at_11(enemy=DARK, deck=[7])  # level 4 (roll 5): lose -> go to Jail
    roll(g2, SEAT, 4)
    assert g2.state.in_jail[SEAT] and g2.state.enemy_decks[DARK] == [7]


def gideon_battle(carrier: bool) -> om.Game:
    g = new_game(first=SEAT)
    place(g, SEAT, 26 if carrier else 25)
    own(g, SEAT, 27)
    put_enemy(g, GIDEON, 27)
    if carrier:
        give_grogu(g, SEAT)
    else:
        grogu_alone(g, 0)
    roll(g, SEAT, 1 if carrier else 2)
    assert g.prompt.kind == "battle" and g.prompt.details["enemy"] == GIDEON
    return g


def test_beating_moff_gideon_pays_100_and_ends_the_game():
    """If you beat Moff Gideon, collect 100. Then the game is over (end-of-game scoring follows)."""
    g = gideon_battle(carrier=False)
    ev = roll(g, SEAT, 6)
    s = g.state
    assert s.over and s.end_reason == "gideon-defeated" and s.won[SEAT] == [8]
    # 150 + 100 (Gideon) + 10 rent of 27 from the bank + 50 most enemy cards
    assert s.cash[SEAT] == 310 and g.winners == [SEAT]
    assert "game-over" in event_kinds(ev)


def test_losing_to_moff_gideon_sends_you_to_jail_and_he_stays():
    """If you lost to Moff Gideon, go to Jail; leave him on his space; his card goes back."""
    g = gideon_battle(carrier=False)
    roll(g, SEAT, 4)  # 4 < 5
    s = g.state
    assert s.in_jail[SEAT] and s.enemy_space[GIDEON] == 27 and s.enemy_decks[GIDEON] == [8]
    assert not s.over and g.prompt.player == 2


def test_losing_to_moff_gideon_with_grogu_ends_the_game_with_no_winner():
    """If you have Grogu, he is taken, and the game is over! No one wins!"""
    g = gideon_battle(carrier=True)
    roll(g, SEAT, 2, 2)  # 4 < 5
    assert g.state.over and g.state.end_reason == "grogu-captured" and g.winners == []


def test_enemies_passing_players_do_not_battle():
    """When Imperial enemies pass or land on your space, you do not battle."""
    g = new_game()
    place(g, 1, 13)
    grogu_alone(g, 0)
    place(g, 0, 1)
    roll(g, 0, 3, 2)  # Stormtrooper 12 -> 13, onto seat 1
    assert g.state.enemy_space[STORM] == 13 and g.prompt.kind == "turn" and g.prompt.player == 1
