"""RL environments: PettingZoo api_test and seed_test for every edition, the Gymnasium wrapper, the action space."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium as gym  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from openmonopoly import Game  # noqa: E402
from openmonopoly.editions import edition_ids, load  # noqa: E402
from openmonopoly.rl import ActionSpace, env  # noqa: E402
from openmonopoly.rl.gym import MonopolyGym  # noqa: E402

EDITIONS = edition_ids()


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_api_and_seed(edition):
    api_test(env(edition=edition, num_players=2, max_rounds=8), num_cycles=200, verbose_progress=False)
    seed_test(lambda: env(edition=edition, num_players=3, max_rounds=8), num_cycles=100)


@pytest.mark.parametrize("edition", EDITIONS)
def test_random_masked_play_to_the_end(edition):
    e = env(edition=edition, num_players=3, max_rounds=15)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, term, trunc, info = e.last()
        assert obs["observation"].shape == e.observation_space(agent)["observation"].shape
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size, "a prompted agent always has a legal index"
        e.step(int(rng.choice(legal)))
        steps += 1
    assert e.game.over or e.steps >= e.max_steps
    assert steps > 10


def test_mask_matches_engine_check():
    """Every index the mask offers is accepted by the engine; every concrete legal action has an index."""
    g = Game("classic", 3, seed=5, options={"max-rounds": 20}, events=False)
    space = ActionSpace(load("classic"))
    rng = np.random.default_rng(1)
    for _ in range(400):
        if g.over:
            break
        p = g.prompt.player
        mask = space.mask(g, p)
        for i in np.flatnonzero(mask):
            assert g.check(p, space.decode(g, p, int(i))) is None, space.labels[i]
        for a in g.legal_actions(p).actions:
            assert mask[space.encode(a)]
        g.act(p, space.decode(g, p, int(rng.choice(np.flatnonzero(mask)))))


def test_illegal_index_is_refused():
    e = env(edition="classic", num_players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError):
        e.step(int(np.flatnonzero(mask == 0)[0]))


def test_observation_hides_deck_order():
    """Two games that differ only in deck order give the same observation."""
    e = env(edition="classic", num_players=2)
    e.reset(seed=4)
    a = e.observe(e.agent_selection)["observation"].copy()
    e.game.state.decks[0].reverse()
    assert np.array_equal(a, e.observe(e.agent_selection)["observation"])


def test_net_worth_shaping():
    e = env(edition="classic", num_players=2, max_rounds=3, reward="net-worth")
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        total[agent] += r
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(total.values()) > 0


def test_gym_wrapper_and_vector_env():
    from gymnasium.utils.env_checker import check_env

    check_env(MonopolyGym("classic", max_rounds=5), skip_render_check=True)
    venv = gym.vector.SyncVectorEnv([lambda: MonopolyGym("classic", ("random",), max_rounds=10) for _ in range(3)])
    obs, info = venv.reset(seed=7)
    assert obs.shape[0] == 3
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(1500):
        acts = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in info["action_mask"]]
        obs, r, term, trunc, info = venv.step(acts)
        finished += int((term | trunc).sum())
    assert finished >= 1
    venv.close()


def test_gym_reproducible_and_illegal_replaced():
    def run(seed):
        e = MonopolyGym("starwars40" if "starwars40" in EDITIONS else "classic", ("random", "heuristic"), max_rounds=5)
        obs, info = e.reset(seed=seed)
        out = [obs.sum()]
        for _ in range(50):
            obs, r, term, trunc, info = e.step(0 if not info["action_mask"][0] else 1)  # often illegal
            out.append(float(obs.sum()))
            if term or trunc:
                break
        return out, info

    a, info = run(9)
    b, _ = run(9)
    assert a == b
    assert "illegal_action" in info
