"""Whole-game invariants over many bot games (the engine's fuzz test).

1,000 random-bot games and 200 heuristic-bot games, alternating the editions
``classic`` and ``starwars40``, 2-6 players, one in five with the option
"rent must be claimed". Random games have a round limit of 20-40 rounds;
heuristic games have none and must end by bankruptcy (a safety cap of 20,000
actions fails the test).

Cost split, to keep the whole suite within a few minutes on 2 cores:

* every step of every game (cheap): money conserved and never negative, one
  owner per property and nothing owned by bankrupt players, building supply and
  levels (full unmortgaged sets only, even within one), every card either in its
  pile or held, a prompt for a live player while not over, every offered action
  (and both ends of the bid range) passes ``check`` for the player the prompt waits
  for (for every player on every 8th step), pending steps still refer to owned/
  mortgaged properties as they claim, the clone's
  state equals the original and shares no lists, and a state hash that the
  action-by-action replay of the record must reproduce at every step. Views (no
  hidden keys; identical after perturbing deck order and the generator) are
  checked every 64th step and at the end.
* every step of a subset of games (``FULL_*`` seeds, expensive): in addition, the
  universe of candidate actions (every kind x every position and just outside
  the board, bids at and just outside the range, trade probes) where ``check``
  must agree with membership in ``legal_actions``; offered actions succeed and
  refused ones raise ``IllegalAction`` leaving ``to_json()`` unchanged, on
  clones; ``clone().to_json()`` and the JSON round trip equal ``to_json()``;
  the view perturbation check; and ``Game.replay`` gives the same digest.
"""

from __future__ import annotations

import pytest

from invariants import play_checked

RANDOM_GAMES = 1000
HEURISTIC_GAMES = 200
CHUNK = 25
HEURISTIC_BASE = 100_000
# Seeds played with the expensive checks at every step (they count towards the totals above).
FULL_RANDOM = tuple(range(0, RANDOM_GAMES, 200))  # 5 games
FULL_HEURISTIC = tuple(range(HEURISTIC_BASE, HEURISTIC_BASE + HEURISTIC_GAMES, 50))  # 4 games


def random_rounds(seed: int) -> int:
    return 20 + seed % 21


def chunks(start: int, count: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, start + count)) for a in range(start, start + count, size)]


@pytest.mark.parametrize("lo,hi", chunks(0, RANDOM_GAMES, CHUNK), ids=lambda v: str(v))
def test_random_games(lo: int, hi: int) -> None:
    for seed in range(lo, hi):
        if seed not in FULL_RANDOM:
            play_checked(seed, "random", full=False, max_rounds=random_rounds(seed))


@pytest.mark.parametrize("seed", FULL_RANDOM)
def test_random_games_full_checks(seed: int) -> None:
    play_checked(seed, "random", full=True, max_rounds=random_rounds(seed))


@pytest.mark.parametrize("lo,hi", chunks(HEURISTIC_BASE, HEURISTIC_GAMES, CHUNK), ids=lambda v: str(v))
def test_heuristic_games(lo: int, hi: int) -> None:
    for seed in range(lo, hi):
        if seed not in FULL_HEURISTIC:
            g = play_checked(seed, "heuristic", full=False, max_rounds=None)
            assert g.state.end_reason == "bankruptcy"


@pytest.mark.parametrize("seed", FULL_HEURISTIC)
def test_heuristic_games_full_checks(seed: int) -> None:
    g = play_checked(seed, "heuristic", full=True, max_rounds=None)
    assert g.state.end_reason == "bankruptcy"


def test_counts() -> None:
    """The parametrisation covers exactly the advertised number of games."""
    random_seeds = {s for lo, hi in chunks(0, RANDOM_GAMES, CHUNK) for s in range(lo, hi)}
    heuristic_seeds = {s for lo, hi in chunks(HEURISTIC_BASE, HEURISTIC_GAMES, CHUNK) for s in range(lo, hi)}
    assert len(random_seeds) == RANDOM_GAMES and set(FULL_RANDOM) <= random_seeds
    assert len(heuristic_seeds) == HEURISTIC_GAMES and set(FULL_HEURISTIC) <= heuristic_seeds


def test_lifting_a_received_mortgage_early_is_not_charged_twice() -> None:
    """Regression: receiving a mortgaged property then lifting it with 'unmortgage' left the
    lift-or-keep prompt pending, so 'lift' charged the mortgage again (and the property could be
    traded on, leaving a prompt about a property the player no longer owned)."""
    import openmonopoly as om
    from openmonopoly.rules.classic.game import TurnStart

    g = om.Game("classic", 3, seed=3)
    s = g.state
    s.first_player = s.current = 0
    s.stack[:] = [TurnStart(0)]
    s.owner[3] = 0
    s.mortgaged[3] = True
    g.act(0, "trade 1 give=3 cash=-10")
    g.act(1, "accept")
    assert g.prompt.kind == "mortgaged-property" and g.prompt.player == 1
    # it cannot be passed on before the decision
    assert g.check(1, "trade 2 give=3") is not None
    cash = s.cash[1]
    g.act(1, "unmortgage 3")
    assert s.cash[1] == cash - g.edition.board[3].unmortgage
    assert g.prompt.kind == "turn" and g.prompt.player == 0
    assert g.check(1, "lift") is not None
