"""Whole-game invariants over Mandalorian bot games (see ``checks.py`` for what is checked).

400 random-bot games (2-4 players, a round limit of 60) and 200 heuristic-bot games
(no round limit: each must end by Moff Gideon's defeat or Grogu's capture
within the safety cap); a subset of each with the expensive checks at every step.
"""

from __future__ import annotations

import pytest

from .checks import play_checked

RANDOM_GAMES, HEURISTIC_GAMES, CHUNK = 400, 200, 25
HEURISTIC_BASE = 50_000
FULL_RANDOM = tuple(range(0, RANDOM_GAMES, 80))
FULL_HEURISTIC = tuple(range(HEURISTIC_BASE, HEURISTIC_BASE + HEURISTIC_GAMES, 50))


def chunks(start: int, count: int) -> list[tuple[int, int]]:
    return [(a, min(a + CHUNK, start + count)) for a in range(start, start + count, CHUNK)]


@pytest.mark.parametrize("lo,hi", chunks(0, RANDOM_GAMES), ids=str)
def test_random_games(lo: int, hi: int) -> None:
    for seed in range(lo, hi):
        if seed not in FULL_RANDOM:
            play_checked(seed, "random", full=False, max_rounds=60)


@pytest.mark.parametrize("seed", FULL_RANDOM)
def test_random_games_full_checks(seed: int) -> None:
    play_checked(seed, "random", full=True, max_rounds=60)


@pytest.mark.parametrize("lo,hi", chunks(HEURISTIC_BASE, HEURISTIC_GAMES), ids=str)
def test_heuristic_games(lo: int, hi: int) -> None:
    for seed in range(lo, hi):
        if seed not in FULL_HEURISTIC:
            g = play_checked(seed, "heuristic", full=False)
            assert g.state.end_reason in ("gideon-defeated", "grogu-captured")


@pytest.mark.parametrize("seed", FULL_HEURISTIC)
def test_heuristic_games_full_checks(seed: int) -> None:
    g = play_checked(seed, "heuristic", full=True)
    assert g.state.end_reason in ("gideon-defeated", "grogu-captured")
