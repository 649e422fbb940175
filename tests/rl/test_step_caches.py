"""The RL step's kept work gives what a fresh computation gives: the per-space part of the observation
(kept per observer, its changed pieces rewritten in place) and the classic net worths (their board part
kept while the board is unchanged), over random-legal-index games played the way the environments play
them: only the prompted player observed, several games sharing one encoder, the observation, mask and
rewards compared at every step with the definitions (``ObservationBuilder.build`` of the view's JSON,
``reference_mask``, the rewards worked out from ``net_worth`` seat by seat)."""

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from openmonopoly import Game  # noqa: E402
from openmonopoly.editions import load  # noqa: E402
from openmonopoly.rl.actions import ActionSpace  # noqa: E402
from openmonopoly.rl.aec import end_rewards  # noqa: E402
from openmonopoly.rl.encoding import StepCore  # noqa: E402
from openmonopoly.rl.observation import ObservationBuilder  # noqa: E402

from .test_fast_path import reference_mask  # noqa: E402


def reference_rewards(game: Game) -> list[float]:
    """``end_rewards(game, "net-worth")`` from each seat's own ``net_worth``."""
    n = game.state.n
    winners = set(game.winners) if game.over else set()
    worth = [max(0, game.net_worth(p)) if game.state.alive[p] else 0 for p in range(n)]
    total = sum(worth) or 1
    return [(1.0 if p in winners else 0.0) + worth[p] / total for p in range(n)]


@pytest.mark.parametrize("edition,seats", [("classic", 4), ("classic", 2), ("sailormoon", 3), ("mandalorian", 4)])
def test_step_path_equals_the_definitions_over_interleaved_games(edition, seats):
    ed = load(edition)
    space = ActionSpace(ed)
    builder = ObservationBuilder(ed, seats)
    rng = random.Random(7)
    # three games stepped in turn, their cores sharing the builder's encoder (as the vector environment's do)
    games = [Game(ed, seats, seed=seed, options={"max-rounds": 30}, events=False) for seed in range(3)]
    cores = []
    for game in games:
        core = StepCore(builder.encoder, space.encoder)
        core.start(game)
        cores.append(core)
    steps = 0
    changed_boards = 0
    for _ in range(400):
        for game, core in zip(games, cores, strict=True):
            if game.over:
                continue
            p = game.decider
            before = (list(game.state.owner), list(getattr(game.state, "mortgaged", [])))
            mask = np.frombuffer(core.mask(p), np.int8)
            assert np.array_equal(mask, reference_mask(space, game, p)), (edition, steps)
            obs = np.frombuffer(core.observation(p), np.float32)
            assert np.array_equal(obs, builder.build(game.view(p).to_json())), (
                edition,
                steps,
                np.flatnonzero(obs != builder.build(game.view(p).to_json())),
            )
            assert game.net_worths() == [game.net_worth(q) for q in range(seats)]
            assert end_rewards(game, "net-worth") == reference_rewards(game)
            legal = np.flatnonzero(mask)
            assert core.act(p, int(legal[rng.randrange(len(legal))]))
            after = (list(game.state.owner), list(getattr(game.state, "mortgaged", [])))
            changed_boards += before != after
            steps += 1
    assert steps > 600 and changed_boards > 50  # (the kept parts were made again many times, and kept too)


def test_net_worths_follow_a_replaced_board():
    """Net worths follow owners and levels changed as the rules change them (counted), a mortgage, and
    board lists replaced (a loaded or restored game)."""
    game = Game("classic", 3, seed=2, events=False)
    s = game.state
    s.owner[1] = 0
    s.owner[3] = 1
    s.owner_changes += 1
    assert game.net_worths() == [game.net_worth(p) for p in range(3)]
    s.owner = list(s.owner)
    s.owner[1] = 2
    s.mortgaged = list(s.mortgaged)
    s.mortgaged[3] = True
    assert game.net_worths() == [game.net_worth(p) for p in range(3)]
    s.level[1] = 2
    s.level_changes += 1
    assert game.net_worths() == [game.net_worth(p) for p in range(3)]
    s.mortgaged[1] = True
    assert game.net_worths() == [game.net_worth(p) for p in range(3)]
