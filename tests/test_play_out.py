"""The bot loop's shortcuts (``Game.play_out``): prompt details worked out on demand, one check per action,
shared numbered actions. Each must leave the games and the engine's answers as they were."""

from __future__ import annotations

import pytest

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.engine.actions import A_ROLL, Action
from openmonopoly.engine.prompt import BotPrompt, numbered_action
from openmonopoly.sim.runner import agent_seed, game_seed


class Watcher:
    """A heuristic bot that compares each prompt it is handed with the game's own ``Game.prompt``."""

    def __init__(self, seed: int, read: bool) -> None:
        self.bot = make_agent("heuristic", seed)
        self.read = read
        self.seen: list[BotPrompt] = []
        self.compared = 0

    def act(self, view, prompt):
        self.seen.append(prompt)
        if self.read:
            public = view._game.prompt
            assert (prompt.player, prompt.kind, prompt.details) == (public.player, public.kind, public.details)
            self.compared += 1
        return self.bot.act(view, prompt)


def test_prompt_details_are_the_games_own_and_the_game_unchanged():
    seed = game_seed(7, 0)
    watchers = [Watcher(agent_seed(seed, k), read=True) for k in range(4)]
    g = om.Game("classic", 4, seed=seed, events=False)
    g.play_out(watchers)
    plain = om.Game("classic", 4, seed=seed, events=False)
    plain.play_out([make_agent("heuristic", agent_seed(seed, k)) for k in range(4)])
    assert g.over and sum(w.compared for w in watchers) > 100
    assert g.digest() == plain.digest()
    # read during the decision, details stay readable afterwards
    assert all(isinstance(p.details, dict) for w in watchers for p in w.seen[:20])


def test_unread_details_cannot_be_read_once_answered():
    seed = game_seed(7, 1)
    watchers = [Watcher(agent_seed(seed, k), read=False) for k in range(4)]
    g = om.Game("classic", 4, seed=seed, events=False, options={"max-rounds": 3})
    g.play_out(watchers)
    # the heuristic bot never reads a turn prompt's details: they were never worked out
    turn = next(p for p in watchers[0].seen if p.kind == "turn")
    with pytest.raises(RuntimeError, match="not read while it was being answered"):
        _ = turn.details


class FactReader:
    """A heuristic bot that first reads each fact of every prompt it is handed by name (``detail``, which
    a step may answer from its fields without the whole dict) and compares it with the game's own prompt."""

    def __init__(self, seed: int) -> None:
        self.bot = make_agent("heuristic", seed)
        self.seen: list[BotPrompt] = []
        self.kinds: set[str] = set()

    def act(self, view, prompt):
        self.seen.append(prompt)
        for name, value in view._game.prompt.details.items():
            assert prompt.detail(name) == value, (prompt.kind, name)
            self.kinds.add(prompt.kind)
        with pytest.raises(KeyError):
            prompt.detail("no-such-fact")
        return self.bot.act(view, prompt)


def test_facts_read_one_by_one_are_the_details_and_the_game_unchanged():
    seen: set[str] = set()
    for n in range(3):
        seed = game_seed(11, n)
        readers = [FactReader(agent_seed(seed, k)) for k in range(4)]
        g = om.Game("classic", 4, seed=seed, events=False)
        g.play_out(readers)
        plain = om.Game("classic", 4, seed=seed, events=False)
        plain.play_out([make_agent("heuristic", agent_seed(seed, k)) for k in range(4)])
        assert g.digest() == plain.digest()
        seen |= set().union(*(r.kinds for r in readers))
    assert {"buy", "auction", "debt"} <= seen
    # once answered, a fact that was never worked out cannot be read any more
    turn = next(p for p in readers[0].seen if p.kind == "turn")
    with pytest.raises(RuntimeError, match="not read while it was being answered"):
        turn.detail("pos")


class CheckedOnce:
    """Rolls at its turn after checking the roll through its view; at any other prompt it answers the same
    roll again without checking (not legal there). ``unchecked`` counts those answers, for all seats."""

    unchecked = 0

    def act(self, view, prompt):
        if prompt.kind == "turn":
            assert view.check(A_ROLL) is None
        else:
            CheckedOnce.unchecked += 1
        return A_ROLL


def test_an_action_approved_at_one_decision_is_checked_again_at_the_next():
    # A player rolls (approved by its view.check), lands and is asked to buy; the same roll object,
    # unchecked this time, must be refused at once, and the game left as it was.
    for seed in range(40):
        g = om.Game("classic", 2, seed=seed, events=False)
        CheckedOnce.unchecked = 0
        try:
            g.play_out([CheckedOnce(), CheckedOnce()])
        except om.IllegalAction as exc:
            assert CheckedOnce.unchecked == 1  # refused the first time, not applied and refused later
            prompt = g.prompt
            assert prompt is not None and prompt.kind != "turn"
            assert "does not answer this prompt" in exc.reason
            before = (len(g._record), g.state.position[:], g.state.cash[:])
            with pytest.raises(om.IllegalAction):
                g.act(prompt.player, A_ROLL)
            assert (len(g._record), g.state.position[:], g.state.cash[:]) == before
            return
    pytest.fail("no seed led to a prompt other than a turn")


def test_numbered_actions_are_shared_and_equal_to_built_ones():
    a = numbered_action("build", 5)
    assert a is numbered_action("build", 5)
    assert a == Action("build", 5) and type(a) is Action
    assert numbered_action("bid", 10**6) == Action("bid", 10**6)  # past the shared range: made each time
    assert numbered_action("mortgage", 0) != numbered_action("build", 0)
