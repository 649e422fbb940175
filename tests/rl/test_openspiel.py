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
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert len(outcomes) <= game.max_chance_outcomes()
            state.apply_action(int(rng.integers(len(outcomes))))
            continue
        legal = state.legal_actions()
        assert legal
        state.apply_action(int(rng.choice(legal)))
    assert len(state.returns()) == 2
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_clone_is_exact():
    game = om_spiel.load("classic", 2, max_rounds=5)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(60):
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    for _ in range(60):
        if state.is_terminal():
            break
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        copy.apply_action(a)
        assert str(state) == str(copy)


def test_mcts_bot_plays_from_the_start():
    from open_spiel.python.algorithms import mcts

    game = om_spiel.load("classic", 2, max_rounds=1)
    bot = mcts.MCTSBot(
        game,
        uct_c=2,
        max_simulations=4,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(0),
    )
    state = game.new_initial_state()
    for _ in range(3):
        if state.is_terminal():
            break
        _resolve_chance(state)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def _resolve_chance(state):
    """Step through chance nodes with scripted outcomes (varied, so a roll-off cannot tie forever)."""
    k = 0
    while state.is_chance_node():
        state.apply_action(k % len(state.chance_outcomes()))
        k += 1


def test_game_declares_explicit_chance():
    game = om_spiel.load("classic", 2)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node()  # the set-up's deck shuffles and first-player roll
    assert max(a for a, _ in state.chance_outcomes()) < game.max_chance_outcomes()


def test_dice_are_chance_nodes_with_the_rolled_faces():
    game = om_spiel.load("classic", 2, max_rounds=5)
    state = game.new_initial_state()
    _resolve_chance(state)
    player = state.current_player()
    start = state.engine.state.position[player]
    roll = state._spiel_game.actions.labels.index("roll")
    assert roll in state.legal_actions()
    state.apply_action(roll)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    state.apply_action(1)  # a 2
    assert state.is_chance_node()
    two_copies = state.clone(), state.clone()
    state.apply_action(3)  # and a 4: no doubles, six spaces on
    assert not state.is_chance_node()
    assert state.engine.state.position[player] == (start + 6) % 40
    a, b = two_copies  # copies of a chance node do not share a future roll
    a.apply_action(0)
    b.apply_action(2)
    assert a.engine.state.position[player] == (start + 3) % 40
    assert b.engine.state.position[player] == (start + 5) % 40


def test_illegal_chance_outcome_is_refused():
    state = om_spiel.load("classic", 2).new_initial_state()
    before = str(state)
    with pytest.raises(Exception, match="outside"):
        state.apply_action(state._draw_range)
    assert str(state) == before


def test_openspiel_mcts_bot_sees_chance_nodes_whose_probabilities_sum_to_one(monkeypatch):
    from open_spiel.python.algorithms import mcts

    seen = []
    original = om_spiel.MonopolySpielState.chance_outcomes

    def checked(self):
        outcomes = original(self)
        seen.append(sum(p for _, p in outcomes))
        return outcomes

    monkeypatch.setattr(om_spiel.MonopolySpielState, "chance_outcomes", checked)
    game = om_spiel.load("classic", 2, max_rounds=2)
    bot = mcts.MCTSBot(
        game,
        uct_c=2,
        max_simulations=6,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(0),
    )
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    decisions = 0
    while not state.is_terminal() and decisions < 4:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 4
    assert len(seen) > 100  # the search stepped through chance nodes itself
    assert all(abs(total - 1.0) < 1e-9 for total in seen)


def test_openspiel_ismcts_bot_plays():
    from open_spiel.python.algorithms import ismcts, mcts

    game = om_spiel.load("classic", 2, max_rounds=1)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2,
        max_simulations=4,
        random_state=np.random.RandomState(0),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    _resolve_chance(state)
    for _ in range(2):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        _resolve_chance(state)


def test_resample_hides_the_deck_order():
    game = om_spiel.load("classic", 2)
    state = game.new_initial_state()
    _resolve_chance(state)
    player = state.current_player()
    sampler = iter([0.1, 0.7]).__next__
    a = state.resample_from_infostate(player, sampler)
    b = state.resample_from_infostate(player, sampler)
    assert a.engine.state.cash == state.engine.state.cash
    hidden = sorted(state.engine.state.HIDDEN)
    assert any(getattr(a.engine.state, h) != getattr(b.engine.state, h) for h in hidden)


def test_game_options_are_parameters():
    plain = om_spiel.load("classic", 2, max_rounds=5)
    game = om_spiel.load("classic", 2, max_rounds=5, house_rules="popular", options="free-parking-pot=300")
    assert game.observation_tensor_size() == plain.observation_tensor_size() + 1
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.is_chance_node():  # the set-up (the same outcome each time would tie the first roll forever)
        state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
    engine = state.engine
    assert engine.pot_fees and engine.no_auctions and engine.state.pot == 300  # popular, with the pot set to 300
    assert engine.round_limit() == 5
    assert state.observation_tensor(0)[-1] == np.float32(300 / 1500)
    while not state.is_terminal():  # a whole game under them
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.engine.state.round <= 6


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"options": "no-such-rule"}, "unknown option 'no-such-rule'"),
        ({"options": "free-parking-pot=lots"}, "whole number"),
        ({"options": "go-bonus,,no-auctions"}, "no empty entry"),
        ({"options": "max-rounds=9"}, "max_rounds parameter"),
        ({"house_rules": "nonesuch"}, "nonesuch"),
        ({"edition": "empire", "players": 3, "options": "go-bonus"}, "classic family"),
    ],
)
def test_bad_game_options_are_refused_when_loading(params, message):
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(om_spiel.SHORT_NAME, {"edition": "classic", "players": 2, **params})
