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
            if type(value) is int:  # (and the whole numbers by ``int_detail``)
                assert prompt.int_detail(name) == value, (prompt.kind, name)
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
    with pytest.raises(RuntimeError, match="not read while it was being answered"):
        turn.int_detail("pos")


def test_empire_facts_read_one_by_one_are_the_details_and_the_game_unchanged():
    # (the Empire steps answer their own facts: the auction's, the purchase's price, the swapper's first pick)
    seen: set[str] = set()
    for n in range(4):
        seed = game_seed(11, n)
        readers = [FactReader(agent_seed(seed, k)) for k in range(3)]
        g = om.Game("empire", 3, seed=seed, events=False)
        g.play_out(readers)
        plain = om.Game("empire", 3, seed=seed, events=False)
        plain.play_out([make_agent("heuristic", agent_seed(seed, k)) for k in range(3)])
        assert g.over and g.digest() == plain.digest()
        seen |= set().union(*(r.kinds for r in readers))
    assert {"buy", "auction", "swap"} <= seen


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


class PlaysBehindItsAnswer:
    """Checks its roll with ``view.check``, then plays that roll itself through the game before answering
    with the same object: the approval was for the state before the roll, not the one it answers in."""

    def act(self, view, prompt):
        assert view.check(A_ROLL) is None
        view._game.act(prompt.player, A_ROLL)
        return A_ROLL


def test_an_approval_is_void_once_an_action_is_played_while_the_bot_decides():
    for seed in range(40):
        g = om.Game("classic", 2, seed=seed, events=False)
        mover = g.prompt.player
        try:
            g.play_out([PlaysBehindItsAnswer(), PlaysBehindItsAnswer()])
        except om.IllegalAction as exc:
            if len(g._record) != 1:
                continue  # (a first roll of doubles left a roll legal: another seed)
            # the roll it played stands; the second, approved before the first, was checked and refused
            assert g._moves()[0] == (mover, A_ROLL)
            reason = g.check(mover, A_ROLL)
            assert reason is not None and exc.reason == reason
            return
    pytest.fail("no seed refused the second roll")


def test_numbered_actions_are_shared_and_equal_to_built_ones():
    a = numbered_action("build", 5)
    assert a is numbered_action("build", 5)
    assert a == Action("build", 5) and type(a) is Action
    assert numbered_action("bid", 10**6) == Action("bid", 10**6)  # past the shared range: made each time
    assert numbered_action("mortgage", 0) != numbered_action("build", 0)
    # The same shared action whether the kind is the engine's own string or an equal one made elsewhere, for
    # the kinds found by identity (bid, build, mortgage, sell) and the others alike.
    for kind in ("bid", "build", "mortgage", "sell", "sell-all", "unmortgage", "lift"):
        same_text = "".join(list(kind))
        for arg in (0, 7, 39, 4095):
            shared = numbered_action(kind, arg)
            assert shared is numbered_action(same_text, arg) and shared == Action(kind, arg), (kind, arg)
            assert shared.kind == kind and shared.arg == arg


def test_answers_the_bots_did_not_check_play_as_through_act():
    # The random bot answers from the legal lists without checking: play_out checks its answers with the
    # facts of the decision known; the same bots through game.act (the full check) play the same games.
    for n in range(6):
        seed = game_seed(3, n)
        options = {"max-rounds": 30}
        g = om.Game("classic", 3, seed=seed, events=False, options=options)
        g.play_out([make_agent("random", agent_seed(seed, k)) for k in range(3)])
        h = om.Game("classic", 3, seed=seed, events=False, options=options)
        bots = [make_agent("random", agent_seed(seed, k)) for k in range(3)]
        while not h.over:
            prompt = h.prompt
            h.act(prompt.player, bots[prompt.player].act(h.view(prompt.player), prompt))
        assert g.digest() == h.digest()


class Saboteur:
    """A heuristic bot that, from its ``at``-th decision on, answers ``wrong`` instead the first time it is
    illegal (asked of the game, not of the view, whose check would approve what it accepts)."""

    def __init__(self, seed: int, at: int, wrong: object) -> None:
        self.bot = make_agent("heuristic", seed)
        self.at = at
        self.wrong = wrong
        self.moves = -1

    def act(self, view, prompt):
        self.at -= 1
        if self.at <= 0 and view._game.check(prompt.player, self.wrong) is not None:
            self.moves = len(view._game._record)
            return self.wrong
        return self.bot.act(view, prompt)


@pytest.mark.parametrize(
    "wrong",
    [
        Action("build", 1),  # a street nobody owns yet
        numbered_action("mortgage", 39),
        Action("bid", 0),  # no auction
        Action("buy", -1),
        Action("roll", 3),  # malformed: an arg on a kind that takes none
        Action("no-such-kind", -1),
        "pay",
        ("roll", -1, None),  # a plain tuple, not an Action
    ],
)
def test_an_unchecked_wrong_answer_is_refused_with_the_reason_check_gives(wrong):
    for at in (1, 2, 3, 5, 8):
        seed = game_seed(5, at)
        bots = [Saboteur(agent_seed(seed, k), at, wrong) for k in range(3)]
        g = om.Game("classic", 3, seed=seed, events=False)
        with pytest.raises(om.IllegalAction) as caught:
            g.play_out(bots)
        moves = max(b.moves for b in bots)
        assert len(g._record) == moves  # refused before anything was applied
        player = g.prompt.player
        assert caught.value.reason == g.check(player, wrong)


def test_the_answer_code_is_the_kinds_code_when_check_accepts_and_minus_one_otherwise():
    # ``play_out`` applies an answer with the code ``_answer_code`` gives (``_apply`` then looks nothing up):
    # the kind's own code for exactly what ``check`` accepts, -1 for anything else (trades left to ``check``).
    seed = game_seed(9, 0)
    g = om.Game("classic", 3, seed=seed, events=False, options={"max-rounds": 20})
    bots = [make_agent("random", agent_seed(seed, k)) for k in range(3)]
    wrong = [Action("build", 1), Action("bid", 0), Action("buy", -1), Action("roll", 3), ("roll", -1, None)]
    asked = 0
    while not g.over:
        prompt = g.prompt
        p = prompt.player
        top = g.state.stack[-1]
        for a in [*g.legal_answers(p).actions, *wrong]:
            passes = g.check(p, a) is None and isinstance(a, Action) and a.kind != "trade"
            assert g._answer_code(p, a, top) == (g.kind_code(a.kind) if passes else -1), a
            asked += 1
        g.act(p, bots[p].act(g.view(p), prompt))
    assert asked > 500
