"""The search bot (``agents/mcts.py``) and ``View.sample_game``: secrets stay secret, answers are
legal at every prompt kind, every family plays, and a test-sized match shows its strength."""

from __future__ import annotations

import inspect
import random
import re
from collections import Counter

import pytest

import openmonopoly as om
from openmonopoly.agents import AGENT_KINDS, make_agent
from openmonopoly.agents import mcts as mcts_module
from openmonopoly.agents.mcts import MCTSAgent
from openmonopoly.agents.random_bot import RandomAgent
from openmonopoly.engine.game import Game, View
from openmonopoly.sim.runner import agent_seed, game_seed, play_game


def _midgame(seed: int = 3, actions: int = 300, edition: str = "classic") -> om.Game:
    g = om.Game(edition, 4, seed=seed, events=False)
    bots = [RandomAgent(seed * 10 + p, trade_weight=0.1) for p in range(4)]
    for _ in range(actions):
        prompt = g.prompt
        if prompt is None:
            break
        g.act(prompt.player, bots[prompt.player].act(g.view(prompt.player), prompt))
    return g


# ------------------------------------------------------------------ View.sample_game
def test_sample_game_redraws_deck_orders_and_dice_but_keeps_the_view():
    g = _midgame()
    digest, before = g.digest(), g.to_json()
    view = g.view(1)
    real = [list(d) for d in g.state.decks]
    samples = [view.sample_game(s) for s in range(60)]
    for sample in samples:
        assert sample is not g and sample.state is not g.state
        assert sample.view(1).to_json() == view.to_json()  # consistent with what 1 sees
        assert [sorted(d) for d in sample.state.decks] == [sorted(d) for d in real]  # the same cards
        assert sample.seed != g.seed and not sample.record()["actions"]  # no way back to the real seed
        assert not sample.log_events
    # The real order is not revealed: samples (almost) never match it and vary among themselves.
    for d in range(len(real)):
        assert sum(sample.state.decks[d] == real[d] for sample in samples) <= 1
        assert len({sample.state.decks[d][0] for sample in samples}) >= 5
    # The dice to come differ from the real game's.
    real_chance = g.chance.copy()
    real_dice = [real_chance.die() for _ in range(30)]
    assert sum([s.chance.copy().die() for _ in range(30)] == real_dice for s in samples[:10]) == 0
    # Same seed, same sample; the real game is untouched.
    assert view.sample_game(7).state.decks == view.sample_game(7).state.decks
    assert g.digest() == digest and g.to_json() == before


def test_resample_hidden_defaults_to_shuffling_decks():
    g = om.Game("classic", 3, seed=1, events=False)
    clone = g.clone(events=False)
    clone.resample_hidden(0, random.Random(5))
    assert clone.state.decks != g.state.decks
    assert [sorted(d) for d in clone.state.decks] == [sorted(d) for d in g.state.decks]


# ------------------------------------------------------------------ the bot touches only its view
def test_the_bot_reads_only_its_view(monkeypatch):
    """No back door in the source; while it decides, the real game is neither played nor changed, and
    every game object it plays on came from ``View.sample_game``."""
    assert not re.search(r"\._game\b|\bstate\.HIDDEN", inspect.getsource(mcts_module))
    g = _midgame(seed=5, actions=200)
    real_act, real_sample = Game.act, View.sample_game
    deciding = [False]
    samples: list = []

    def act(self, player, action):
        assert not (deciding[0] and self is g), "the bot acted on the real game"
        if deciding[0]:
            assert any(self is s for s in samples), "the bot played on a game that is not a sample"
        return real_act(self, player, action)

    def sample_game(self, seed):
        sample = real_sample(self, seed)
        samples.append(sample)
        return sample

    monkeypatch.setattr(Game, "act", act)
    monkeypatch.setattr(View, "sample_game", sample_game)
    bot = MCTSAgent(seed=1, iterations=6, horizon=2)
    for _ in range(60):
        prompt = g.prompt
        if prompt is None:
            break
        before = g.to_json()
        deciding[0] = True
        action = bot.act(g.view(prompt.player), prompt)
        deciding[0] = False
        assert g.to_json() == before  # deciding changed nothing
        g.act(prompt.player, action)
    assert bot.stats["searched"] > 0 and samples


# ------------------------------------------------------------------ legal answers at every prompt kind
def test_legal_answers_at_every_prompt_kind():
    kinds: Counter = Counter()
    bot = MCTSAgent(seed=2, iterations=4, horizon=2)
    for seed in (11, 12, 13):
        g = om.Game("classic", 4, seed=seed, options={"rent-must-be-claimed": True}, events=False)
        bots = [RandomAgent(seed + p, trade_weight=0.3) for p in range(4)]
        asked = 0
        for _ in range(1500):
            prompt = g.prompt
            if prompt is None:
                break
            p = prompt.player
            view = g.view(p)
            if asked < 120 and (prompt.kind != "turn" or kinds["turn"] < 30):
                action = bot.act(view, prompt)
                assert g.check(p, action) is None, (prompt, action)
                kinds[prompt.kind] += 1
                asked += 1
            g.act(p, bots[p].act(view, prompt))
    assert {"turn", "buy", "auction", "trade", "debt", "claim-rent"} <= set(kinds), kinds


def test_make_agent_knows_mcts():
    assert "mcts" in AGENT_KINDS
    assert isinstance(make_agent("mcts", 4), MCTSAgent)


@pytest.mark.parametrize("edition", ["starwars40", "mandalorian", "empire", "sailormoon", "clonewars"])
def test_plays_every_family(edition):
    agents = [MCTSAgent(seed=3, iterations=4, horizon=2)] + [make_agent("heuristic", k) for k in range(1, 4)]
    g = play_game(edition, ["heuristic"] * 4, 21, max_rounds=6, agents=agents)
    assert g.over
    assert agents[0].stats["prompts"] > 0


def test_empire_samples_deal_the_hands_the_viewer_cannot_see():
    g = om.Game("empire", 4, seed=2, events=False)
    view = g.view(0)
    real = g.state
    deck = g.edition.rules.empire_deck
    unseen = sorted(real.decks[deck] + [c for p in (1, 2, 3) for c in real.hands[p]])
    changed = 0
    for s in range(20):
        sample = view.sample_game(s).state
        assert sample.hands[0] == real.hands[0]  # my own hand is mine
        assert [len(h) for h in sample.hands] == [len(h) for h in real.hands]
        assert sorted(sample.decks[deck] + [c for p in (1, 2, 3) for c in sample.hands[p]]) == unseen
        changed += sample.hands[1:] != real.hands[1:]
    assert changed >= 18


# ------------------------------------------------------------------ strength, test-sized
def test_beats_three_heuristic_bots_in_a_small_match():
    """12 games (the mcts seat rotates), 30 rounds at most, 6 iterations a decision, rollouts 3 rounds
    deep: fixed seeds, so the result is deterministic (6 of 12 when written; about 45 s on a busy
    2-core machine). Equal strength would win 25%; the mcts seat must win at least 40% and clearly
    more than each heuristic seat. ``bench/mcts_match.py`` plays the 200-game match."""
    games, wins, others = 12, 0.0, 0.0
    for i in range(games):
        seed = game_seed(2024, i)
        seat = i % 4
        agents = [make_agent("heuristic", agent_seed(seed, k)) for k in range(4)]
        agents[seat] = MCTSAgent(agent_seed(seed, seat), iterations=6, horizon=3)
        g = play_game("classic", ["heuristic"] * 4, seed, max_rounds=30, agents=agents)
        share = 1.0 / len(g.winners)
        wins += share if seat in g.winners else 0.0
        others += sum(share for w in g.winners if w != seat)
    assert wins / games >= 0.40, (wins, others)
    assert wins >= 1.5 * others / 3, (wins, others)  # each heuristic seat won others / 3
