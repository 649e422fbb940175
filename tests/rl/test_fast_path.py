"""The RL step's fast path equals the definitions: the observation made from the state equals
``ObservationBuilder.build(view.to_json())`` and the mask equals the one worked out here from
``legal_actions`` and ``check``, for every seat, on random states of every edition and seat count."""

import math
import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from openmonopoly import Game  # noqa: E402
from openmonopoly.editions import edition_ids, load  # noqa: E402
from openmonopoly.engine import actions as A  # noqa: E402
from openmonopoly.engine.actions import Action, TradeOffer  # noqa: E402
from openmonopoly.rl.actions import BID_OFFSETS, TRADE_MULTIPLIERS, ActionSpace  # noqa: E402
from openmonopoly.rl.observation import ObservationBuilder  # noqa: E402


def reference_mask(space: ActionSpace, game: Game, player: int) -> np.ndarray:
    """The mask as rl/actions.py defines it, written out plainly."""
    m = np.zeros(space.n, dtype=np.int8)
    if game.over:
        return m
    legal = game.legal_actions(player)
    for a in legal.actions:
        if a in space.index:
            m[space.index[a]] = 1
    if legal.bid_range is not None:
        lo, hi = legal.bid_range
        for j, o in enumerate(BID_OFFSETS):
            m[space.bid_start + j] = lo + o <= hi
    ed = space.edition
    owner = game.state.owner
    for members in ed.group_members:
        others = [q for q in members if owner[q] != player]
        if len(members) >= 2 and len(others) == 1 and owner[others[0]] >= 0:
            target = others[0]
            for j, mult in enumerate(TRADE_MULTIPLIERS):
                cash = int(math.ceil(mult * ed.board[target].price))
                offer = TradeOffer(player, owner[target], (), (target,), cash)
                if offer.target in legal.trade_partners:
                    m[space.trade_start + j] = game.check(player, Action(A.TRADE, -1, offer)) is None
            break
    if not m.any() and (legal.actions or legal.bid_range is not None):
        m[0] = 1
    return m


@pytest.mark.parametrize("edition", edition_ids())
def test_fast_observation_and_mask_equal_the_definitions(edition):
    ed = load(edition)
    compared = 0
    for seats in range(ed.min_players, ed.max_players + 1):
        space = ActionSpace(ed)
        builder = ObservationBuilder(ed, seats)
        rng = random.Random(seats)
        for seed in range(3):
            game = Game(ed, seats, seed=seed, options={"max-rounds": 25}, events=False)
            for _ in range(250):
                if game.over:
                    break
                for me in range(seats):
                    expected_mask = reference_mask(space, game, me)
                    row = np.zeros(space.n, dtype=np.int8)
                    legal = space.fill_mask(row, game, me)
                    assert np.array_equal(row, expected_mask), (edition, seats, seed, me)
                    expected = builder.build(game.view(me).to_json())
                    fast = builder.observe(game, me, legal.bid_range if legal else None)
                    assert fast.dtype == np.float32 and np.array_equal(fast, expected), (
                        edition,
                        seats,
                        np.flatnonzero(fast != expected),
                    )
                    compared += 1
                p = game.prompt.player
                legal_indices = np.flatnonzero(space.mask(game, p))
                game.act(p, space.decode(game, p, int(legal_indices[rng.randrange(len(legal_indices))])))
    assert compared > 500


def test_fill_writes_into_a_batch_row():
    ed = load("classic")
    builder = ObservationBuilder(ed, 4)
    game = Game(ed, 4, seed=3, events=False)
    batch = np.full((2, builder.dim), 7.0, dtype=np.float32)
    builder.fill(batch[1], game, 0, None)
    assert np.array_equal(batch[1], builder.build(game.view(0).to_json()))
    assert (batch[0] == 7.0).all()
