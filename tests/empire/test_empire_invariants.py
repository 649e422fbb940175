"""Whole-game invariants for Monopoly Empire (see ``empire_checks``): 300 random-bot and 100 heuristic-bot
games of 2-4 players, every one played to a full tower (no round limit), with the cheap checks at every
step and the privacy check every 16th step; 8 of them with the expensive checks (candidate-action
universe, acting on clones, JSON round trip, privacy) at every step."""

from __future__ import annotations

import pytest

from empire.empire_checks import play_checked

RANDOM, HEURISTIC, CHUNK = 300, 100, 25
HBASE = 50_000
FULL_RANDOM = tuple(range(0, RANDOM, 60))
FULL_HEURISTIC = tuple(range(HBASE, HBASE + HEURISTIC, 40))


def chunks(start: int, count: int) -> list[tuple[int, int]]:
    return [(a, min(a + CHUNK, start + count)) for a in range(start, start + count, CHUNK)]


@pytest.mark.parametrize("lo,hi", chunks(0, RANDOM), ids=str)
def test_random_games(lo: int, hi: int) -> None:
    for seed in range(lo, hi):
        if seed not in FULL_RANDOM:
            assert play_checked(seed, "random", full=False, max_rounds=None).state.end_reason == "tower-full"


@pytest.mark.parametrize("lo,hi", chunks(HBASE, HEURISTIC), ids=str)
def test_heuristic_games(lo: int, hi: int) -> None:
    for seed in range(lo, hi):
        if seed not in FULL_HEURISTIC:
            assert play_checked(seed, "heuristic", full=False, max_rounds=None).state.end_reason == "tower-full"


@pytest.mark.parametrize("seed", FULL_RANDOM + FULL_HEURISTIC)
def test_games_full_checks(seed: int) -> None:
    bot = "random" if seed < HBASE else "heuristic"
    assert play_checked(seed, bot, full=True, max_rounds=None).state.end_reason == "tower-full"


@pytest.mark.parametrize("seed", [7, 8])
def test_round_limit_games(seed: int) -> None:
    g = play_checked(seed, "random", full=True, max_rounds=2)
    assert g.state.end_reason in ("round-limit", "tower-full")
