"""Towers: billboards and offices stacked bottom to top, the tower value, offices and the win.

A tower is a list of piece codes, bottom first: a billboard is coded by the
board position of its brand or utility, an office by ``OFFICE``. ``height``
keeps each tower's height in units (billboards 1-4 units, offices
``office_height``); the value is ``tower_ladder[min(height, capacity)]``.
Whatever leaves a tower "to the board" goes back to its space (or, for an
office, to the bank's offices).

An office tile is not a billboard. Every rule that moves "the topmost billboard"
(GO's "No billboards? Collect $50K", Tower Tax, Rival Tower Tax, the sneaky swap,
a debt, the Empire cards) takes the highest *billboard* of the tower: an office
above it stays where it is, still counting for height and value, and a tower of
offices only has no billboard to give (docs/RULES-COVERAGE.md, Empire).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.events import Event
from ...engine.state import BANK
from .data import OFFICE
from .kinds import EV_PIECE_IN, EV_PIECE_OUT, EV_SWAPPED
from .state import EmpireState

if TYPE_CHECKING:
    from .game import EmpireGame


def tower_value(game: EmpireGame, player: int) -> int:
    s: EmpireState = game.state
    t = game.table
    h = s.height[player]
    return t.ladder[h if h < t.capacity else t.capacity]


def is_full(game: EmpireGame, player: int) -> bool:
    s: EmpireState = game.state
    return s.height[player] >= game.table.capacity


def billboards(game: EmpireGame, player: int) -> int:
    """Billboards (not offices) in ``player``'s tower."""
    s: EmpireState = game.state
    count = 0
    for piece in s.tower[player]:
        if piece != OFFICE:
            count += 1
    return count


def top_billboard(game: EmpireGame, player: int) -> int:
    """The index in ``player``'s tower of its topmost billboard (offices skipped), or -1 if none."""
    s: EmpireState = game.state
    tower = s.tower[player]
    for i in range(len(tower) - 1, -1, -1):
        if tower[i] != OFFICE:
            return i
    return -1


def top_billboard_piece(game: EmpireGame, player: int) -> int:
    """The piece of ``player``'s topmost billboard (what taxes, swaps and debts move), or -1 if none."""
    s: EmpireState = game.state
    i = top_billboard(game, player)
    return s.tower[player][i] if i >= 0 else -1


def has_billboard(game: EmpireGame, player: int) -> bool:
    """Whether ``player``'s tower holds a billboard (``top_billboard`` finds one): asked of every tower at
    every swapper roll, card and GO, so the tower is walked from the bottom, with no index worked out."""
    s: EmpireState = game.state
    for piece in s.tower[player]:
        if piece != OFFICE:
            return True
    return False


def add_piece(game: EmpireGame, player: int, piece: int, how: str, paid: int = 0, giver: int = BANK) -> None:
    """Slot ``piece`` on top of ``player``'s tower; a completed colour set brings a free office."""
    s: EmpireState = game.state
    t = game.table
    s.tower[player].append(piece)
    height = s.height
    height[player] = height[player] + t.height[piece]  # (not ``+=``: see docs/COMPILED.md)
    if height[player] >= t.capacity:  # (``EmpireGame._advance`` looks for the full tower)
        game.tower_filled = True
    if piece != OFFICE and t.is_brand[piece]:
        s.owner[piece] = player
        s.owner_changes += 1
    game.emit(Event(EV_PIECE_IN, player, piece, paid, giver, how)) if game.log_events else None
    set_bonus(game, player, piece)


def set_bonus(game: EmpireGame, player: int, piece: int) -> None:
    """``piece`` has just arrived in ``player``'s tower: if it completes a colour set, a free office."""
    s: EmpireState = game.state
    t = game.table
    if piece != OFFICE and t.is_brand[piece] and s.offices > 0:
        owner = s.owner
        for q in t.members[t.group_of[piece]]:  # (a loop, not ``all`` of a generator: this runs at every arrival)
            if owner[q] != player:
                return
        s.offices -= 1
        add_piece(game, player, OFFICE, "office-set")


def take_from_board(game: EmpireGame, player: int, pos: int, how: str, paid: int = 0) -> None:
    """A billboard leaves its space for ``player``'s tower."""
    s: EmpireState = game.state
    s.stock[pos] = s.stock[pos] - 1
    add_piece(game, player, pos, how, paid)


def remove_top_billboard(game: EmpireGame, player: int) -> int:
    """Take the topmost billboard out of ``player``'s tower (it must have one); offices above it drop down."""
    s: EmpireState = game.state
    piece = s.tower[player].pop(top_billboard(game, player))
    s.height[player] = s.height[player] - game.table.height[piece]
    if game.table.is_brand[piece]:
        s.owner[piece] = BANK
        s.owner_changes += 1
    return piece


def remove_piece(game: EmpireGame, player: int, piece: int) -> None:
    """Take ``piece`` out of the middle of ``player``'s tower (the ones above drop down)."""
    s: EmpireState = game.state
    s.tower[player].remove(piece)
    s.height[player] = s.height[player] - game.table.height[piece]
    if piece != OFFICE and game.table.is_brand[piece]:
        s.owner[piece] = BANK
        s.owner_changes += 1


def to_board(game: EmpireGame, player: int, piece: int, why: str) -> None:
    """A piece that has left ``player``'s tower goes back to its space (an office to the bank)."""
    s: EmpireState = game.state
    if piece == OFFICE:
        s.offices += 1
    else:
        s.stock[piece] = s.stock[piece] + 1
    game.emit(Event(EV_PIECE_OUT, player, piece, info=why)) if game.log_events else None


def return_top(game: EmpireGame, player: int, why: str) -> None:
    """Tower Tax, Rival Tower Tax, a debt to the bank, a crash: the topmost billboard back to the board
    ("If you don't have any billboards, do nothing")."""
    if has_billboard(game, player):
        to_board(game, player, remove_top_billboard(game, player), why)


def hand_over_top(game: EmpireGame, giver: int, taker: int, how: str) -> None:
    """The topmost billboard of ``giver``'s tower goes on top of ``taker``'s (nothing if ``giver`` has none)."""
    if has_billboard(game, giver):
        add_piece(game, taker, remove_top_billboard(game, giver), how, 0, giver)


def swap_tops(game: EmpireGame, actor: int, a: int, b: int) -> None:
    """The topmost billboards of towers ``a`` and ``b`` switch places: each takes the other's slot, so
    offices above them stay on top. A billboard completing a colour set in its new tower brings the
    bonus office as any arrival does."""
    s: EmpireState = game.state
    t = game.table
    ia, ib = top_billboard(game, a), top_billboard(game, b)
    if a == b or ia < 0 or ib < 0:
        return
    pa, pb = s.tower[a][ia], s.tower[b][ib]
    s.tower[a][ia], s.tower[b][ib] = pb, pa
    height = s.height
    height[a] = height[a] + t.height[pb] - t.height[pa]
    height[b] = height[b] + t.height[pa] - t.height[pb]
    if height[a] >= t.capacity or height[b] >= t.capacity:  # (as in ``add_piece``)
        game.tower_filled = True
    # Owners change before either set is looked at: a set split across the two towers is checked as it now is.
    if t.is_brand[pa]:
        s.owner[pa] = b
        s.owner_changes += 1
    if t.is_brand[pb]:
        s.owner[pb] = a
        s.owner_changes += 1
    if game.log_events:
        game.emit(Event(EV_SWAPPED, actor, -1, a, b, f"{pa},{pb}"))
        game.emit(Event(EV_PIECE_IN, a, pb, 0, b, "swap"))
        game.emit(Event(EV_PIECE_IN, b, pa, 0, a, "swap"))
    set_bonus(game, a, pb)
    set_bonus(game, b, pa)


def full_tower(game: EmpireGame) -> int:
    """A player whose tower is full (the current player first), or -1."""
    s: EmpireState = game.state
    cap = game.table.capacity
    height = s.height
    full = False
    for h in height:  # (nearly always nobody: answered without going round from the current player)
        if h >= cap:
            full = True
            break
    if not full:
        return -1
    n = s.n
    for i in range(n):
        p = (s.current + i) % n
        if height[p] >= cap:
            return p
    return -1
