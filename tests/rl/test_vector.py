"""The self-play vector environments: shapes and dtypes, next-step autoreset, seeding, and equivalence
with the PettingZoo environment game by game."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.vector import AutoresetMode  # noqa: E402

from openmonopoly.rl import env  # noqa: E402
from openmonopoly.rl.vector import MonopolySelfPlayEnv, MonopolyVectorEnv, async_vector_env  # noqa: E402


def play(venv, seed, steps):
    obs, info = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [(obs.copy(), info["action_mask"].copy())]
    for _ in range(steps):
        actions = MonopolyVectorEnv.sample_legal(info["action_mask"], rng)
        obs, reward, term, trunc, info = venv.step(actions)
        out.append((obs.copy(), info["action_mask"].copy(), reward.copy(), term.copy(), trunc.copy()))
    return out


def test_shapes_dtypes_and_spaces():
    venv = MonopolyVectorEnv(3, edition="classic", num_players=4, max_rounds=5)
    assert venv.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = venv.reset(seed=1)
    assert obs.shape == (3, venv.single_observation_space.shape[0]) and obs.dtype == np.float32
    assert venv.observation_space.contains(obs)
    mask = info["action_mask"]
    assert mask.shape == (3, venv.actions.n) and mask.dtype == np.int8 and mask.any(axis=1).all()
    assert info["player"].shape == (3,)
    obs, reward, term, trunc, info = venv.step(venv.sample_legal(mask, np.random.default_rng(0)))
    assert reward.shape == (3,) and reward.dtype == np.float64
    assert term.dtype == np.bool_ and trunc.dtype == np.bool_
    with pytest.raises(ValueError):
        venv.step(np.zeros(2, dtype=np.int64))
    illegal = np.array([int(np.flatnonzero(m == 0)[0]) for m in info["action_mask"]])
    with pytest.raises(ValueError, match="not legal"):
        venv.step(illegal)


def test_next_step_autoreset_and_final_rewards():
    venv = MonopolyVectorEnv(2, edition="classic", num_players=2, max_rounds=3)
    obs, info = venv.reset(seed=5)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(3000):
        obs, reward, term, trunc, info = venv.step(venv.sample_legal(info["action_mask"], rng))
        done = term | trunc
        if done.any():
            ended += 1
            assert info["_final_rewards"].tolist() == done.tolist()
            i = int(np.flatnonzero(done)[0])
            assert not info["action_mask"][i].any()  # the final observation: nothing to do
            assert reward[i] == info["final_rewards"][i][info["player"][i]]
            # the next step ignores game i's action (any index, even an illegal one) and starts a new game
            actions = venv.sample_legal(info["action_mask"], rng)
            actions[i] = 10**6
            obs, reward, term, trunc, info = venv.step(actions)
            assert reward[i] == 0.0 and not term[i] and not trunc[i]
            assert info["action_mask"][i].any()
            assert obs[i, -2] == np.float32(0.01)  # round 1 of a new game
            if ended >= 3:
                break
    assert ended >= 3


def test_same_seed_same_trajectory_and_another_seed_differs():
    a = play(MonopolyVectorEnv(3, max_rounds=6), 11, 300)
    b = play(MonopolyVectorEnv(3, max_rounds=6), 11, 300)
    c = play(MonopolyVectorEnv(3, max_rounds=6), 12, 300)
    assert all(all(np.array_equal(x, y) for x, y in zip(s, t, strict=True)) for s, t in zip(a, b, strict=True))
    assert not all(np.array_equal(s[0], t[0]) for s, t in zip(a, c, strict=True))


def test_each_game_is_the_pettingzoo_game_of_its_seed():
    """Game i of reset(seed=s) plays what MonopolyAEC plays after reset(seed=s + i), given the same indices."""
    venv = MonopolyVectorEnv(2, edition="starwars40", num_players=3, max_rounds=8)
    obs, info = venv.reset(seed=40)
    aecs = [env(edition="starwars40", num_players=3, max_rounds=8) for _ in range(2)]
    for i, e in enumerate(aecs):
        e.reset(seed=40 + i)
    rng = np.random.default_rng(0)
    for _ in range(400):
        actions = venv.sample_legal(info["action_mask"], rng)
        for i, e in enumerate(aecs):
            agent = e.agent_selection
            seen = e.observe(agent)
            assert int(info["player"][i]) == e.agent_index[agent]
            assert np.array_equal(seen["observation"], obs[i]) and np.array_equal(
                seen["action_mask"], info["action_mask"][i]
            )
            e.step(int(actions[i]))
        obs, reward, term, trunc, info = venv.step(actions)
        if (term | trunc).any():
            break


def test_single_env_and_the_multi_process_version_agree():
    single = MonopolySelfPlayEnv("classic", num_players=3, max_rounds=4)
    venv = async_vector_env(2, edition="classic", num_players=3, max_rounds=4)
    here = MonopolyVectorEnv(2, edition="classic", num_players=3, max_rounds=4)
    try:
        a_obs, a_info = venv.reset(seed=3)
        b_obs, b_info = here.reset(seed=3)
        s_obs, s_info = single.reset(seed=4)
        assert np.array_equal(a_obs, b_obs) and np.array_equal(s_obs, b_obs[1])
        rng = np.random.default_rng(1)
        for _ in range(60):
            actions = here.sample_legal(b_info["action_mask"], rng)
            a_obs, a_r, a_term, a_trunc, a_info = venv.step(actions)
            b_obs, b_r, b_term, b_trunc, b_info = here.step(actions)
            assert np.array_equal(a_obs, b_obs) and np.array_equal(a_r, b_r)
            assert np.array_equal(a_info["action_mask"], b_info["action_mask"])
            if (b_term | b_trunc).any():
                break
    finally:
        venv.close()
