"""``View._check_formed``: for every well-formed action, what ``View.check`` answers, with the same approval.

The heuristic bot confirms its builds, lifts, sales, debt and trade answers with ``_check_formed`` (no
shape test: its actions are the shared numbered ones and offers of whole numbers), and ``play_out``
applies what it approved without a second check. So at every decision of random legal play (any-time
actions from random bots, debts, auctions, trades from the heuristic bots), on the editions and house
rules the bot plays, every seat's view (and a spectator's) is asked both checks of the actions a bot
could send there: they must agree, on the reason and on what is remembered for ``play_out``.
"""

from __future__ import annotations

import random

import pytest

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.agents.base import trade_action, trade_offer
from openmonopoly.agents.random_bot import RandomAgent
from openmonopoly.engine.actions import TRADE, Action
from openmonopoly.engine.prompt import numbered_action
from openmonopoly.engine.state import BANK

HOUSE_RULES = {
    "free-parking-pot": 50,
    "go-bonus": True,
    "jail-no-rent": True,
    "no-auctions": True,
    "uneven-building": True,
    "no-mortgages": True,
    "starting-cash": 1200,
}
COMBOS = [
    ("classic", {}),
    ("classic", {"uneven-building": True, "rent-must-be-claimed": True}),
    ("classic", HOUSE_RULES),
    ("starwars40", {}),
    ("sailormoon", {"quicker-game": True}),
    ("clonewars", {"starwars-rule": True}),
    ("clonewars", {"time-limit": 0}),
]


def _compare(game: om.Game, view, action: Action) -> str | None:
    """Both checks of ``action`` from ``view``, each from no approval: equal answers and approvals."""
    game._approved, game._approved_by = None, -1
    want = view.check(action)
    approved = (game._approved, game._approved_by)
    game._approved, game._approved_by = None, -1
    got = view._check_formed(action)
    assert got == want, (action, view.player)
    assert game._approved is approved[0] and game._approved_by == approved[1], (action, view.player)
    return want


def _candidates(game: om.Game, seat: int, rng: random.Random) -> list[Action]:
    """Well-formed actions a bot of ``seat`` could send now: every plain kind, every numbered kind on the
    seat's properties and a few other spaces (and bids about the prices), the legal actions of the
    decider, and trade offers of the seat's properties for another seat's."""
    kinds = game.ACTION_KINDS
    s = game.state
    mine = [q for q in game.edition.properties if s.owner[q] == seat]
    spots = mine + rng.sample(range(len(game.edition.board)), 3) + [len(game.edition.board) + 2]
    out = [Action(kind) for kind in sorted(kinds.plain) if kind != TRADE]
    for kind in sorted(kinds.numbered):
        out += [numbered_action(kind, q) for q in spots]
        out.append(numbered_action(kind, rng.randrange(0, 2 * max(1, s.cash[seat]) + 2)))
    prompt = game.prompt
    if prompt is not None and prompt.player == seat:
        out += game.legal_actions(seat).actions
    others = [o for o in range(s.n) if o != seat]
    for _ in range(3):
        target = rng.choice(others)
        theirs = [q for q in game.edition.properties if s.owner[q] == target]
        free = [q for q in game.edition.properties if s.owner[q] == BANK]
        give = tuple(rng.sample(mine, min(len(mine), rng.randrange(0, 3))))
        take = tuple(rng.sample(theirs + free[:1], min(len(theirs) + len(free[:1]), rng.randrange(0, 3))))
        out.append(trade_action(trade_offer(seat, target, give, take, rng.randrange(-300, 600))))
    return out


def _play_comparing(edition: str, options: dict, seed: int, rounds: int) -> int:
    """Random legal play (two heuristic bots, two random bots taking many any-time actions), both checks
    compared at every decision for every seat and a spectator; how many checks passed."""
    game = om.Game(edition, 4, seed=seed, options=dict(options, **{"max-rounds": rounds}), events=False)
    bots = [
        make_agent("heuristic", seed),
        RandomAgent(seed * 10 + 1, anytime_rate=0.5),
        make_agent("heuristic", seed + 2),
        RandomAgent(seed * 10 + 3, anytime_rate=0.5),
    ]
    rng = random.Random(seed)
    views = [game.view(p) for p in range(4)]
    spectator = game.view(None)
    passed = 0
    while not game.over:
        for seat in range(4):
            for action in _candidates(game, seat, rng):
                passed += _compare(game, views[seat], action) is None
        _compare(game, spectator, numbered_action("build", 1))
        prompt = game.prompt
        p = prompt.player
        game._approved, game._approved_by = None, -1
        game.act(p, bots[p].act(views[p], prompt))
    for seat in range(4):  # (the game over: every check says so)
        for action in _candidates(game, seat, rng)[:20]:
            assert _compare(game, views[seat], action) == "the game is over"
    return passed


@pytest.mark.parametrize(("edition", "options"), COMBOS, ids=[e + "".join(f"+{k}" for k in o) for e, o in COMBOS])
def test_check_formed_answers_as_check_in_random_legal_play(edition, options):
    passed = sum(_play_comparing(edition, options, seed, rounds=25) for seed in range(2))
    assert passed > 200  # (legal actions were among those compared, not refusals alone)
