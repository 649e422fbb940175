"""Conformance of every edition the registry knows, by construction: a new edition gets it without a line.

Random playouts where every seat acts, not only the prompted one: at each step one seat (the prompted
player most of the time, else any other player still in) tries a few actions -- some it is offered,
some it is not (the candidate universe of ``invariants.universe``, a random trade offer). For every
action tried, ``check`` agrees with the legal list (an offered action passes, a refused one is not
offered; a trade passes only towards a listed partner), an accepted action is applied and a refused one
raises ``IllegalAction`` and leaves the game exactly as it was. Along the way clones and JSON round trips
are exact, and at the end replaying the record gives the same digest.
"""

from __future__ import annotations

import json
import random

import pytest

from invariants import random_offer, state_hash, universe
from openmonopoly import Action, Game, IllegalAction
from openmonopoly.editions import edition_ids, load
from openmonopoly.engine import actions as A

STEPS = 300  # actions per playout: a few seconds per edition in all
SEEDS = (1, 2, 3)


def offered(legal, action: Action) -> bool:
    if action.kind == A.BID:
        return legal.bid_range is not None and legal.bid_range[0] <= action.arg <= legal.bid_range[1]
    return action in legal.actions


def try_action(g: Game, p: int, action: Action, legal) -> bool:
    """Try ``action`` by ``p``: ``check`` and the legal list agree, and ``act`` does what ``check`` says."""
    reason = g.check(p, action)
    if action.kind == A.TRADE:
        assert reason is not None or action.offer.target in legal.trade_partners, (action, legal.trade_partners)
    else:
        assert (reason is None) == offered(legal, action), f"{g.edition.id}: {p} {action}: check {reason!r}, {legal}"
    if reason is None:
        g.act(p, action)
        return True
    before = state_hash(g), len(g._record)
    with pytest.raises(IllegalAction):
        g.act(p, action)
    assert (state_hash(g), len(g._record)) == before, f"refused {action} by {p} changed the game"
    return False


def candidates(g: Game, p: int, legal, rng: random.Random) -> list[Action]:
    out: list[Action] = rng.sample(legal.actions, min(2, len(legal.actions)))
    if legal.bid_range is not None:
        out.append(Action(A.BID, rng.randint(*legal.bid_range)))
    out += rng.sample(universe(g, p, legal), 2)
    others = [q for q in range(g.state.n) if q != p]
    out.append(random_offer(g, rng, p, rng.choice(others)))
    rng.shuffle(out)
    return out


def check_copies(g: Game) -> None:
    data = g.to_json()
    assert g.clone().to_json() == data, "clone differs"
    back = Game.from_json(json.loads(json.dumps(data)), verify=False)
    assert back.to_json() == data, "JSON round trip differs"


@pytest.mark.parametrize("edition", edition_ids())
def test_check_agrees_with_legal_for_every_seat(edition: str) -> None:
    ed = load(edition)
    for seed in SEEDS:
        rng = random.Random(seed)
        g = Game(edition, min(3, ed.max_players), seed=seed, options={"max-rounds": 15})
        for step in range(STEPS):
            if g.over:
                break
            s = g.state
            prompted = g.prompt.player
            alive = [q for q in range(s.n) if s.alive[q]]
            p = prompted if rng.random() < 0.7 else rng.choice(alive)
            legal = g.legal_actions(p)
            answers = g.legal_answers(p)  # the prompt's part of the list: what the random bot mostly picks from
            assert set(answers.actions) <= set(legal.actions) and answers.bid_range == legal.bid_range, (p, answers)
            acted = False
            for action in candidates(g, p, legal, rng):
                if try_action(g, p, action, legal):
                    acted = True
                    break
            if not acted and p == prompted and not g.over:
                g.act(p, legal.first())  # (nothing tried was legal: answer the prompt to move on)
            if step % 25 == 0 and not g.over:
                check_copies(g)
        check_copies(g)
        assert Game.replay(g.record()).digest() == g.digest()


def test_rules_fuzz_slice_finds_no_broken_money_rule(capsys) -> None:
    """A slice of ``bench/rules_fuzz.py`` (run 10,000 games of it by hand): one random-bot game per
    edition and option combination, every action checked by ``invariants.MoneyRules``."""
    from test_bots import _bench_module

    fuzz = _bench_module("rules_fuzz")
    count = len(fuzz.combos())
    assert fuzz.main(["--games", str(count), "--start", "90000", "--rounds", "20"]) == 0, capsys.readouterr().out
