"""A move is worked out from where the enemies, Grogu and GO are (``movement.move``), not step by step:
it must do exactly what the walk space by space does (``walk_step_by_step``, the rule as written), to the
state and to the events, from thousands of random positions."""

from __future__ import annotations

import random

from openmonopoly.engine import events as E
from openmonopoly.engine.events import Event
from openmonopoly.rules.mandalorian import events as ME
from openmonopoly.rules.mandalorian import grogu, movement
from openmonopoly.rules.mandalorian.battle import BattleCheck

from .helpers import new_game


def walk_step_by_step(game, player: int, steps: int, how: str = "forward") -> None:  # type: ignore[no-untyped-def]
    """``movement.move`` as the rule reads: space by space, GO paying, Grogu taken, the first enemy stopping."""
    s = game.state
    size = game.edition.size
    old = s.position[player]
    walked = steps
    stop_enemy = -1
    meets = how != "ally"
    spaces = s.enemy_space
    for i in range(1, steps + 1):
        p = (old + i) % size
        if p == 0:
            movement.collect_salary(game, player, i == steps or (meets and p in spaces))
        if meets:
            if grogu.is_here(game, player, p):
                grogu.take(game, player)
            if p in spaces:
                walked = i
                stop_enemy = spaces.index(p)
                break
    new = (old + walked) % size
    s.position[player] = new
    if game.log_events:
        game.emit(Event(E.MOVED, player, new, old, walked, how))
    if stop_enemy >= 0:
        game.push(BattleCheck(player, new, stop_enemy))
    movement.land(game, player, how)


def random_position(rng: random.Random):  # type: ignore[no-untyped-def]
    g = new_game(4, seed=rng.randrange(1000))
    s = g.state
    size = g.edition.size
    for p in range(4):
        s.position[p] = rng.randrange(size)
    # enemies on distinct spaces, or off the board
    spaces = rng.sample(range(size), len(s.enemy_space))
    for e in range(len(s.enemy_space)):
        s.enemy_space[e] = spaces[e] if rng.random() < 0.7 else -1
    # Grogu carried (by the mover too), alone on a space, or being placed
    r = rng.random()
    if r < 0.5:
        s.grogu_carrier, s.grogu_pos = rng.randrange(4), -1
    elif r < 0.95:
        s.grogu_carrier, s.grogu_pos = -1, rng.randrange(size)
    else:
        s.grogu_carrier = s.grogu_pos = -1
    return g


def test_move_is_the_walk_step_by_step() -> None:
    rng = random.Random(7)
    stopped = salaries = taken = 0
    for _ in range(3000):
        g = random_position(rng)
        size = g.edition.size
        player = rng.randrange(4)
        steps = rng.choice([rng.randint(1, 6), rng.randint(1, size)])
        how = "ally" if rng.random() < 0.15 else "forward"
        ref = g.clone()
        start = len(g.history)
        movement.move(g, player, steps, how)
        walk_step_by_step(ref, player, steps, how)
        assert g.state.to_json() == ref.state.to_json()
        events = [(e.kind, e.player, e.pos, e.amount, e.other, e.info) for e in g.history[start:]]
        assert events == [(e.kind, e.player, e.pos, e.amount, e.other, e.info) for e in ref.history[start:]]
        kinds = [k for k, *_ in events]
        stopped += any(type(step) is BattleCheck for step in g.state.stack)
        salaries += E.SALARY in kinds
        taken += ME.GROGU in kinds
    assert stopped > 100 and salaries > 100 and taken > 100  # (each part of the walk was exercised)
