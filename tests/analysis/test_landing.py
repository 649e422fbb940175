"""Landing probabilities: the exact chain and simulated moves agree; the classic board's values are sound."""

import json

import numpy as np
import pytest

pytest.importorskip("numpy")

from openmonopoly.analysis import landing  # noqa: E402
from openmonopoly.analysis.markov import build_chain, move_model  # noqa: E402
from openmonopoly.editions import edition_ids, load  # noqa: E402

EDITIONS = edition_ids()
ROLLS = 400_000


@pytest.mark.parametrize("jail", ["long", "short"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_exact_and_simulated_agree_within_sampling_error(edition, jail):
    exact = landing(edition, jail, "exact")
    sim = landing(edition, jail, "simulate", rolls=ROLLS, seed=11)
    assert sim.rolls >= ROLLS
    # Rolls of one token are correlated (a doubles streak, a jail stay), which widens the error of a
    # frequency by a small factor over the binomial one; 6 binomial standard errors covers it.
    se = np.sqrt(exact.probs * (1 - exact.probs) / sim.rolls)
    diff = np.abs(exact.probs - sim.probs)
    worst = int(np.argmax(diff / (se + 1e-12)))
    assert np.all(diff <= 6 * se + 1e-5), (edition, jail, worst, exact.probs[worst], sim.probs[worst])


@pytest.mark.parametrize("edition", EDITIONS)
def test_probabilities_sum_to_one(edition):
    for jail in ("long", "short"):
        r = landing(edition, jail)
        assert r.probs.shape == (len(load(edition).board) + 1,)
        assert abs(r.probs.sum() - 1) < 1e-9
        assert (r.probs >= 0).all()
        chain = build_chain(move_model(edition), jail)
        assert np.allclose(chain.P.sum(axis=1), 1.0)


def test_classic_values_are_sound():
    r = landing("classic", "long")
    board = load("classic").board
    streets = [s.position for s in board if s.type == "street"]
    best_street = max(streets, key=lambda p: r.probs[p])
    assert board[best_street].name == "Illinois Avenue"
    gtj = next(s.position for s in board if s.type == "go_to_jail")
    assert r.probs[gtj] == 0.0
    # In Jail is the most likely single outcome of a roll, well above Just Visiting
    assert r.ranking()[0] == len(board)
    assert r.in_jail > 2 * r.probs[10]
    # Chance spaces lose most of their visitors to their cards' moves
    assert r.probs[7] < 0.5 * r.probs[6]
    # staying in jail longer means more rolls end in jail
    assert landing("classic", "short").in_jail < r.in_jail
    # well-known values: Illinois about 3.0% of rolls, Mediterranean about 2.0%
    assert 0.029 < r.probs[24] < 0.031
    assert 0.019 < r.probs[1] < 0.021


def test_themed_classic_editions_share_the_classic_chain():
    base = landing("classic").probs
    for e in ("starwars40", "sailormoon", "clonewars"):
        if e in EDITIONS:
            assert np.allclose(landing(e).probs, base, atol=1e-12)


def test_exact_classic_is_fast():
    import time

    landing("classic")
    t = time.perf_counter()
    landing("classic")
    assert time.perf_counter() - t < 3.0  # about 0.1 s; generous for a loaded machine


def test_json_shape():
    data = landing("classic").to_json()
    assert len(data["positions"]) == 40
    assert data["positions"][24]["name"] == "Illinois Avenue"
    assert {"in_jail", "total", "method", "jail"} <= data.keys()
    json.dumps(data)


@pytest.mark.skipif("mandalorian" not in EDITIONS, reason="no Mandalorian edition data")
def test_mandalorian_model_parameters_matter():
    a = landing("mandalorian", grogu_loss=0.0).probs
    b = landing("mandalorian", grogu_loss=1.0).probs
    assert not np.allclose(a, b)
    board = load("mandalorian").board
    gtj = next(s.position for s in board if s.type == "go_to_jail")
    assert a[gtj] == 0.0
    # Unexpected Ally spaces send their visitors on
    ally = [s.position for s in board if s.type == "unexpected_ally"]
    assert all(a[p] < 0.02 for p in ally) or landing("mandalorian", hideouts_owned=0.0).probs[ally[0]] < 0.02
