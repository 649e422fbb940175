"""The RL environments play under house rules like any option, and refuse a bad one at construction."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from openmonopoly.engine.options import BadOption  # noqa: E402
from openmonopoly.rl.aec import MonopolyAEC  # noqa: E402
from openmonopoly.rl.gym import MonopolyGym  # noqa: E402


def test_gym_env_plays_under_house_rules():
    env = MonopolyGym(game_options={"no-auctions": True, "starting-cash": 900}, max_rounds=5)
    env.reset(seed=3)
    assert env.game.no_auctions and env.game.state.cash[env.seat] == 900
    assert env.game.record()["options"]["no-auctions"] is True


def test_aec_env_plays_under_house_rules_and_refuses_bad_ones():
    env = MonopolyAEC(game_options={"shuffle-seats": True}, max_rounds=5)
    env.reset(seed=1)
    assert env.game.shuffle_seats
    with pytest.raises(BadOption, match="classic family"):
        MonopolyAEC(edition="empire", game_options={"go-bonus": True})


def book_dim(edition: str = "classic", seats: int = 4) -> int:
    from openmonopoly.editions import load
    from openmonopoly.rl.observation import ObservationBuilder

    return ObservationBuilder(load(edition), seats).dim


def test_the_pot_is_observed_only_when_the_house_rule_is_on():
    import numpy as np

    book = MonopolyAEC(num_players=4, max_rounds=5)
    other_rules = MonopolyAEC(num_players=4, max_rounds=5, game_options={"no-auctions": True})
    pot = MonopolyAEC(num_players=4, max_rounds=5, game_options={"free-parking-pot": 500})
    dim = book_dim()
    assert book.obs.dim == other_rules.obs.dim == dim and book.obs.extras == ()
    assert pot.obs.dim == dim + 1 and pot.obs.extras == ("pot",)
    book.reset(seed=2)
    pot.reset(seed=2)
    agent = pot.agent_selection
    seen = pot.observe(agent)["observation"]
    assert seen.shape == (dim + 1,) and seen[-1] == np.float32(500 / 1500)
    # every other number means what it means under the book's rules (same seed, same game so far)
    assert np.array_equal(seen[:-1], book.observe(book.agent_selection)["observation"])
    pot.game.state.pot = 1234
    assert pot.observe(agent)["observation"][-1] == np.float32(1234 / 1500)


def test_the_fast_observation_with_the_pot_equals_its_definition():
    import random

    import numpy as np

    from openmonopoly import Game
    from openmonopoly.editions import load
    from openmonopoly.rl.actions import ActionSpace
    from openmonopoly.rl.observation import ObservationBuilder

    ed = load("classic")
    options = {"free-parking-pot": 100, "max-rounds": 30}
    builder = ObservationBuilder(ed, 3, options)
    space = ActionSpace(ed)
    game = Game(ed, 3, seed=8, options=options, events=False)
    rng = random.Random(0)
    pots = set()
    for _ in range(600):
        if game.over:
            break
        p = game.prompt.player
        for me in range(3):
            legal = game.legal_actions(me) if me == p else None
            fast = builder.observe(game, me, legal.bid_range if legal else None)
            assert np.array_equal(fast, builder.build(game.view(me).to_json()))
        pots.add(game.state.pot)
        legal_indices = np.flatnonzero(space.mask(game, p))
        game.act(p, space.decode(game, p, int(legal_indices[rng.randrange(len(legal_indices))])))
    assert len(pots) > 2  # the pot filled and emptied


def test_vector_envs_play_under_house_rules():
    from openmonopoly.rl.vector import MonopolySelfPlayEnv, MonopolyVectorEnv

    venv = MonopolyVectorEnv(2, num_players=3, max_rounds=5, game_options={"free-parking-pot": 200})
    obs, info = venv.reset(seed=1)
    assert obs.shape == (2, book_dim(seats=3) + 1) and (obs[:, -1] == obs.dtype.type(200 / 1500)).all()
    assert venv.tables[0].game.pot_fees and venv.tables[0].game.state.cash[0] == 1500
    single = MonopolySelfPlayEnv(num_players=2, game_options={"starting-cash": 900})
    single.reset(seed=1)
    assert single.table.game.state.cash == [900, 900]
    with pytest.raises(BadOption, match="unknown option"):
        MonopolyVectorEnv(1, game_options={"no-such-rule": True})
