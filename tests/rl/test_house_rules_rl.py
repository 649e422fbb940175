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
