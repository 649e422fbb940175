"""The legal list is complete and exact: every numbered any-time action (build, sell, mortgage, a
family's own) that ``check`` accepts is listed by ``legal_actions``, and nothing else is, for every
seat on random states of every edition. (``legal_anytime`` filters cheaply and checks without the
words of a failure's reason; this compares it with the full checks of every kind on every space.)"""

from __future__ import annotations

import random

import pytest

from openmonopoly import Action, Game
from openmonopoly.editions import edition_ids, load
from openmonopoly.engine import actions as A
from openmonopoly.engine.game import rules_class


def numbered_anytime(game: Game) -> list[Action]:
    kinds = rules_class(game.edition).ACTION_KINDS
    size = len(game.edition.board)
    return [Action(k, pos) for k in sorted(kinds.anytime & kinds.numbered) for pos in range(size)]


@pytest.mark.parametrize("edition", edition_ids())
def test_legal_anytime_lists_exactly_what_check_accepts(edition: str) -> None:
    ed = load(edition)
    compared = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        game = Game(edition, min(4, ed.max_players), seed=seed, options={"max-rounds": 40}, events=False)
        universe = numbered_anytime(game)
        for step in range(400):
            if game.over:
                break
            if step % 4 == 0:
                for p in range(game.state.n):
                    legal = game.legal_actions(p)
                    listed = [a for a in legal.actions if a.kind in game.ACTION_KINDS.anytime]
                    assert len(listed) == len(set(listed)), (edition, p, listed)
                    accepted = {a for a in universe if game.check(p, a) is None}
                    assert set(listed) & set(universe) == accepted, (edition, seed, step, p)
                    compared += 1
            p = game.decider
            legal = game.legal_actions(p)
            # mostly answer the prompt, sometimes take an any-time action, so that buildings and mortgages appear
            anytime = [a for a in legal.actions if a.kind in game.ACTION_KINDS.anytime]
            if anytime and rng.random() < 0.3:
                action = rng.choice(anytime)
            elif legal.bid_range is not None and rng.random() < 0.5:
                action = Action(A.BID, rng.randint(*legal.bid_range))
            else:
                answers = game.legal_answers(p)
                action = rng.choice(answers.actions) if answers.actions else legal.first()
            game.act(p, action)
    assert compared > 50
