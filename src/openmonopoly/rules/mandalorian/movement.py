"""Moving a token and resolving the space it reaches.

A move walks space by space: passing or reaching GO pays the salary; passing
or reaching Grogu's space takes him; passing or reaching an enemy ends the move
on its space, and the battle follows the space's own rules (``BattleCheck``).
An Unexpected Ally jump (``how="ally"``) pays GO but meets neither Grogu nor
enemies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import events as E
from ...engine.events import Event
from ...engine.state import BANK
from ..money import transfer
from ..property import BuyOrAuction
from . import grogu
from .battle import BattleCheck
from .data import FREE_PARKING, GO_TO_JAIL, HIDEOUT, IMPERIAL_ADVANCE, IMPERIAL_CREDITS, SIGNET, UNEXPECTED_ALLY
from .enemies import imperial_advance
from .hideouts import charge_rent
from .signets import on_signet_space
from .state import MandoState

if TYPE_CHECKING:
    from .game import MandalorianGame


def move(game: MandalorianGame, player: int, steps: int, how: str = "forward") -> None:
    s: MandoState = game.state
    ed = game.edition
    size = ed.size
    old = s.position[player]
    walked = steps
    stop_enemy = -1
    meets = how != "ally"
    # Worked out from where the enemies, Grogu and GO are, not step by step: the number of steps to reach
    # a space ``q`` is ``(q - old - 1) % size + 1`` (1..size), and what the walk meets, it meets in that order.
    grogu_at = 0  # the step that reaches Grogu (0: the walk does not take him)
    if meets:
        # the first enemy ahead within reach ends the walk on its space
        spaces = s.enemy_space
        for e in range(len(spaces)):
            q = spaces[e]
            if q >= 0:
                d = (q - old - 1) % size + 1
                if d <= walked and (stop_enemy < 0 or d < walked):
                    walked = d
                    stop_enemy = e
        c = s.grogu_carrier
        if c != player:
            q = s.grogu_pos
            if q >= 0:
                grogu_at = (q - old - 1) % size + 1
            if c >= 0:
                d = (s.position[c] - old - 1) % size + 1
                if grogu_at == 0 or d < grogu_at:
                    grogu_at = d
            if grogu_at > walked:
                grogu_at = 0
    # GO pays at each step onto it (Grogu met on GO itself is taken after the salary)
    i = (-old - 1) % size + 1
    while i <= walked:
        if 0 < grogu_at < i:
            grogu.take(game, player)
            grogu_at = 0
        # (the move ends here when this is its last step or an enemy waits on GO itself)
        collect_salary(game, player, i == steps or (stop_enemy >= 0 and i == walked))
        i += size
    if grogu_at > 0:
        grogu.take(game, player)
    new = (old + walked) % size
    s.position[player] = new
    if game.log_events:
        game.emit(Event(E.MOVED, player, new, old, walked, how))
    counts = game.landing_counts
    if counts is not None:
        counts[-1 if ed.board[new].type == GO_TO_JAIL else new] += 1
    if stop_enemy >= 0:
        game.push(BattleCheck(player, new, stop_enemy))
    land(game, player, how)


def collect_salary(game: MandalorianGame, player: int, lands: bool = False) -> None:
    """The GO salary; its event names GO (0) when the move ends there, else -1 (passing it: the walk may
    still be stopped by an enemy, so the end is not known yet)."""
    amount = game.rules.go_salary
    if game.ability(player) == "go_salary":
        amount = game.ability_value(player)
    transfer(game, BANK, player, amount)
    if game.log_events:
        game.emit(Event(E.SALARY, player, 0 if lands else -1, amount))


def land(game: MandalorianGame, player: int, how: str) -> None:
    s: MandoState = game.state
    pos = s.position[player]
    sp = game.edition.board[pos]
    t = sp.type
    if t == HIDEOUT:
        owner = s.owner[pos]
        if owner == BANK:
            game.push(BuyOrAuction(player, pos))
        elif owner != player:
            charge_rent(game, player, pos)
    elif t == SIGNET:
        on_signet_space(game, player)
    elif t == IMPERIAL_ADVANCE:
        imperial_advance(game, player)
    elif t == IMPERIAL_CREDITS:
        transfer(game, BANK, player, sp.amount)
        if game.log_events:
            game.emit(Event(E.PAID, BANK, pos, sp.amount, player, "imperial-credits"))
    elif t == UNEXPECTED_ALLY:
        if how != "ally":
            ally_jump(game, player)
    elif t == FREE_PARKING:
        if s.grogu_carrier != player:
            grogu.take(game, player, "free-parking")
    elif t == GO_TO_JAIL:
        game.go_to_jail(player, "space")


def ally_jump(game: MandalorianGame, player: int) -> None:
    """Advance to the next unowned hideout, or to the next Unexpected Ally space if none is left."""
    s: MandoState = game.state
    ed = game.edition
    size = ed.size
    pos = s.position[player]
    target = -1
    for i in range(1, size):
        p = (pos + i) % size
        if ed.board[p].type == HIDEOUT and s.owner[p] == BANK:
            target = p
            break
    if target < 0:
        for i in range(1, size + 1):
            p = (pos + i) % size
            if ed.board[p].type == UNEXPECTED_ALLY:
                target = p
                break
    move(game, player, (target - pos) % size or size, "ally")
