"""The OpenSpiel registration: load the game, play it randomly, let OpenSpiel's MCTS bot move."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

from openmonopoly.editions import edition_ids  # noqa: E402
from openmonopoly.rl import openspiel as om_spiel  # noqa: E402


@pytest.mark.parametrize("edition", edition_ids())
def test_random_playthrough(edition):
    game = pyspiel.load_game(om_spiel.SHORT_NAME, {"edition": edition, "players": 2, "max_rounds": 6})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal
        state.apply_action(int(rng.choice(legal)))
    assert len(state.returns()) == 2
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_clone_is_exact():
    game = om_spiel.load("classic", 2, max_rounds=5)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(20):
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    for _ in range(30):
        if state.is_terminal():
            break
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        copy.apply_action(a)
        assert str(state) == str(copy)


def test_mcts_bot_plays():
    from open_spiel.python.algorithms import mcts
    game = om_spiel.load("classic", 2, max_rounds=1)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
