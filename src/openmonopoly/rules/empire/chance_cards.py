"""The Chance effects of this edition that the shared deck code (``rules/cards.py``) does not know.

The shared code draws from the top, keeps get-out-of-jail cards (to use or
sell) and puts every other card at the bottom, and handles advance / collect /
pay / go to jail / collect from each player; it hands these to us:

* ``move_up_to``: move forward 1..max spaces, your choice (Speed Ahead);
* ``free_utility``: a free billboard of that utility into your tower, if any is left;
* ``casino``: pick a rival; each rolls the numbered die (ties roll again); the
  higher roll collects ``amount`` from the bank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import events as E
from ...engine.events import Event
from ...engine.state import BANK
from ..money import transfer
from .choose import PLAYER_PURPOSES, PLAYER_TESTS, SPACE_PURPOSES, choose_player, choose_space
from .empire_cards import is_rival
from .kinds import EV_CASINO
from .state import EmpireState
from .tower import take_from_board

if TYPE_CHECKING:
    from .game import EmpireGame


def apply(game: EmpireGame, player: int, effect: dict[str, Any]) -> None:
    s: EmpireState = game.state
    kind = effect["kind"]
    if kind == "move_up_to":
        choose_space(game, player, "speed-ahead", effect["max"])
    elif kind == "free_utility":
        pos = effect["space"]
        if s.stock[pos]:
            take_from_board(game, player, pos, "free")
    elif kind == "casino":
        choose_player(game, player, "casino", effect["amount"])
    else:  # validated on load
        raise AssertionError(f"unknown Empire chance effect {kind}")


def _ahead(game: EmpireGame, player: int, most: int) -> list[int]:
    s: EmpireState = game.state
    here = s.position[player]
    size = game.edition.size
    return [(here + k) % size for k in range(1, most + 1)]


SPACE_PURPOSES["speed-ahead"] = (_ahead, lambda g, p, pos, most: g.advance_to(p, pos), False)


def _casino(game: EmpireGame, player: int, rival: int, amount: int) -> None:
    chance = game.chance
    while True:
        mine, theirs = chance.die(), chance.die()
        if mine != theirs:
            break
    winner, loser = (player, rival) if mine > theirs else (rival, player)
    transfer(game, BANK, winner, amount)
    if game.log_events:
        game.emit(Event(EV_CASINO, winner, -1, amount, loser, f"{mine}:{theirs}"))
        game.emit(Event(E.PAID, BANK, -1, amount, winner, "casino"))


def _casino_rival(game: EmpireGame, player: int, arg: int, q: int) -> bool:
    return is_rival(game, player, q)


PLAYER_PURPOSES["casino"] = (lambda g, p, arg: list(g.rivals(p)), _casino)
PLAYER_TESTS["casino"] = _casino_rival
