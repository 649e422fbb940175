"""The End of the Game: scoring after Moff Gideon's defeat; capture; ties."""

from __future__ import annotations

from kit import own, place, roll
from openmonopoly.rules.mandalorian.scoring import end_after_gideon

from .helpers import BOKATAN, GIDEON, give_grogu, grogu_alone, new_game, put_enemy


def test_end_scoring_rent_double_for_sets_grogu_100_most_enemy_cards_50():
    """All collect rent from the Bank for each hideout (double in a set); Grogu's holder 100; the most enemy
    cards 50; the most credits wins."""
    g = new_game()
    s = g.state
    own(g, 0, 29, 31, 1)  # black set: 2 x 40; sand single: 10
    own(g, 1, 13)  # 10
    give_grogu(g, 2)
    s.won[1] = [0, 4]
    s.won[3] = [1]
    end_after_gideon(g)
    assert s.cash == [150 + 90, 150 + 10 + 50, 150 + 100, 150]
    assert s.over and s.end_reason == "gideon-defeated" and g.winners == [2]


def test_most_enemy_cards_tie_goes_to_the_most_hideouts():
    """If there is a tie, the tied player with the most hideouts collects 50."""
    g = new_game()
    s = g.state
    s.won[0] = [0]
    s.won[1] = [4]
    own(g, 1, 13)
    own(g, 2, 15, 17)
    end_after_gideon(g)
    assert s.cash[0] == 150 and s.cash[1] == 150 + 10 + 50


def test_tie_in_credits_shares_the_win():
    """Docs: equal most credits share the win (the rulebook does not say)."""
    g = new_game(2)
    end_after_gideon(g)
    assert g.winners == [0, 1]


def test_end_scoring_through_play_counts_gideons_card():
    g = new_game(first=BOKATAN)
    s = g.state
    s.won[0] = [0]  # seat 0 has one card
    own(g, BOKATAN, 27)
    put_enemy(g, GIDEON, 27)
    grogu_alone(g, 0)
    place(g, BOKATAN, 25)
    roll(g, BOKATAN, 2)
    roll(g, BOKATAN, 6)
    # Bo-Katan: 150 + 100 + 10 rent; one card each: tie -> most hideouts (Bo-Katan 1, seat 0 none): + 50
    assert s.cash[BOKATAN] == 310 and s.cash[0] == 150 and g.winners == [BOKATAN]


def test_capture_ends_the_game_with_every_player_losing():
    """The game also ends if any Imperial enemy obtains Grogu. Then all players lose."""
    g = new_game()
    grogu_alone(g, 13)
    place(g, 0, 1)
    roll(g, 0, 3, 2)
    assert g.over and g.winners == [] and g.state.end_reason == "grogu-captured"
    refused_reason = g.check(1, "roll")
    assert refused_reason == "the game is over"


def test_round_limit_option_richest_wins():
    g = new_game(2, options={"max-rounds": 1})
    own(g, 1, 29)
    grogu_alone(g, 20)
    own(g, 0, 1, 3, 5)
    roll(g, 0, 1)
    roll(g, 1, 1)
    assert g.over and g.state.end_reason == "round-limit" and g.winners == [0]
