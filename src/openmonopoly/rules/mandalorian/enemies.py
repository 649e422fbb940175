"""The Imperial enemies on the board: Imperial Advance, outposts, collisions, Moff Gideon's activation.

An enemy is on a board space (``enemy_space``), in an Imperial Outpost beside
an Imperial Advance space (``enemy_outpost``), or out of the game (both -1).
Imperial Advance rolls the silver die once and moves the Stormtrooper, then the
Dark Trooper, then Moff Gideon if he is active, that many spaces clockwise; an
enemy in an outpost spends its first step onto the Imperial Advance space
beside it. Enemies ignore the spaces they land on, but passing or landing on
Grogu alone captures him.

Never two enemies on one space (our reading of the rulebook sentence, see
docs/editions/mandalorian.md): when a move would end on another enemy's space,
of the two the one that began this Imperial Advance in an outpost keeps the
space and the other is placed one space further ahead (again, if needed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.events import Event
from ...engine.state import BANK
from . import events as ME
from .grogu import capture_if_alone
from .state import MandoState

if TYPE_CHECKING:
    from .game import MandalorianGame


def enemy_at(game: MandalorianGame, pos: int) -> int:
    """The enemy on board space ``pos``, or -1."""
    s: MandoState = game.state
    spaces = s.enemy_space
    for e in range(len(spaces)):
        if spaces[e] == pos:
            return e
    return -1


def in_game(game: MandalorianGame, e: int) -> bool:
    s: MandoState = game.state
    return s.enemy_space[e] >= 0 or s.enemy_outpost[e] >= 0


def gideon_active(game: MandalorianGame) -> bool:
    """Moff Gideon moves once every hideout is bought or a trooper deck is down to its last card."""
    s: MandoState = game.state
    t = game.rules
    for e in range(t.gideon):
        if len(s.enemy_decks[e]) <= 1:
            return True
    owner = s.owner
    for pos in t.hideouts:
        if owner[pos] == BANK:
            return False
    return True


def next_free_outpost(game: MandalorianGame, pos: int) -> int:
    """The next unoccupied Imperial Outpost clockwise after space ``pos``."""
    t = game.rules
    s: MandoState = game.state
    size = game.edition.size
    best, best_d = -1, size + 1
    for k, beside in enumerate(t.outposts):
        if k in s.enemy_outpost:
            continue
        d = (beside - pos - 1) % size + 1  # 1..size: strictly ahead, the space itself last
        if d < best_d:
            best, best_d = k, d
    return best


def to_outpost(game: MandalorianGame, e: int) -> None:
    s: MandoState = game.state
    frm = s.enemy_space[e]
    k = next_free_outpost(game, frm if frm >= 0 else 0)
    s.enemy_space[e] = -1
    s.enemy_outpost[e] = k
    if game.log_events:
        game.emit(Event(ME.ENEMY_OUTPOST, -1, k, e, frm))


def remove(game: MandalorianGame, e: int) -> None:
    s: MandoState = game.state
    s.enemy_space[e] = -1
    s.enemy_outpost[e] = -1
    if game.log_events:
        game.emit(Event(ME.ENEMY_REMOVED, -1, amount=e))


def imperial_advance(game: MandalorianGame, player: int) -> None:
    """Roll the silver die and move the troopers (and Moff Gideon once active) that many spaces."""
    s: MandoState = game.state
    t = game.rules
    roll = game.chance.die(game.rules.silver_die)
    if game.log_events:
        game.emit(Event(ME.ADVANCE, player, s.position[player], roll))
    movers = [e for e in range(t.gideon) if in_game(game, e)]
    if in_game(game, t.gideon) and gideon_active(game):
        movers.append(t.gideon)
    began = [False] * len(t.enemies)
    for e in movers:
        if not move_enemy(game, e, roll, began):
            return


def move_enemy(game: MandalorianGame, e: int, roll: int, began: list[bool]) -> bool:
    """Move enemy ``e`` ``roll`` spaces; False if it captured Grogu (the game is over)."""
    s: MandoState = game.state
    size = game.edition.size
    k = s.enemy_outpost[e]
    if k >= 0:
        began[e] = True
        start = game.rules.outposts[k]
        s.enemy_outpost[e] = -1
        frm = -1
        first, last = start, start + roll - 1
    else:
        frm = start = s.enemy_space[e]
        s.enemy_space[e] = -1
        first, last = start + 1, start + roll
    for p in range(first, last + 1):
        if capture_if_alone(game, p % size, e):
            return False
    dest = last % size
    bumped = False
    while True:
        other = enemy_at(game, dest)
        if other < 0:
            s.enemy_space[e] = dest
            if game.log_events:
                game.emit(Event(ME.ENEMY_MOVED, -1, dest, e, frm, "bumped" if bumped else "board"))
            return True
        if began[e] and not began[other]:
            # the enemy that began in an outpost keeps the space; the other is placed one space further
            s.enemy_space[e] = dest
            if game.log_events:
                game.emit(Event(ME.ENEMY_MOVED, -1, dest, e, frm, "board"))
            s.enemy_space[other] = -1
            e, frm = other, dest
        bumped = True
        dest = (dest + 1) % size
        if capture_if_alone(game, dest, e):
            return False
