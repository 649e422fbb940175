"""Jail: how players get there and out again (classic family).

In jail you pay the fine or use a card before rolling, or roll for doubles on
up to ``jail_attempts`` turns; after the last failed roll you pay the fine and
move by that roll. While in jail you still collect rent, build, mortgage and trade.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..editions.schema import Rules
from ..engine import events as E
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.state import State
from .money import BANK, pay, transfer
from .movement import MoveStep

if TYPE_CHECKING:
    from ..engine.game import Game

# Every family sends players to jail (Mandalorian and Empire too): the functions take any Game;
# the jail fields (in_jail, jail_turns, held) are declared on the base State.


def send_to_jail(game: Game, player: int, reason: str) -> None:
    """Straight to jail: no salary for passing GO, and the turn ends (no doubles re-roll)."""
    s: State = game.base_state
    rules: Rules = game.edition.rules  # (typed: a C field, not a lookup by name)
    jail_position = rules.jail_position
    s.position[player] = jail_position
    s.in_jail[player] = True
    s.jail_turns[player] = 0
    if game._events is not None:
        game._events.append(Event(E.JAIL, player, info=reason))


def roll_in_jail(
    game: Game, player: int, doubles: bool, steps: int, attempts: int, fine: int, end_of_move: Step
) -> None:
    """A roll in jail (``end_of_move`` replaces the turn: such a roll never earns another): doubles
    free you and you move by them; otherwise it is one more failed try, and after the last you pay
    ``fine`` and move by this roll."""
    s: State = game.base_state
    game.replace_top(end_of_move)
    if doubles:
        release(game, player, "doubles")
        game.move_by(player, steps)
        return
    s.jail_turns[player] = s.jail_turns[player] + 1  # (``xs[i] += 1`` compiles to a generic addition)
    if s.jail_turns[player] < attempts:
        return
    release(game, player, "fine")
    game.push(MoveStep(player, steps))  # after the fine, which may first have to be raised
    pay(game, player, BANK, fine, "bail")


def third_doubles(game: Game, player: int, doubles: bool) -> bool:
    """Count a roll's doubles; the third doubles in one turn sends the player to jail (True)."""
    if not doubles:
        return False
    s: State = game.base_state
    s.doubles += 1
    if s.doubles < 3:
        return False
    send_to_jail(game, player, "three doubles")
    return True


def release(game: Game, player: int, how: str) -> None:
    s: State = game.base_state
    s.in_jail[player] = False
    s.jail_turns[player] = 0
    if game._events is not None:
        game._events.append(Event(E.LEFT_JAIL, player, info=how))


def check_pay_bail(game: Game, player: int) -> str | None:
    s: State = game.base_state
    rules: Rules = game.edition.rules
    fine = rules.jail_fine
    if not s.in_jail[player]:
        return "you are not in jail"
    if s.cash[player] < fine:
        return f"the fine is {game.edition.money(fine)} and you have {game.edition.money(s.cash[player])}"
    return None


def pay_bail(game: Game, player: int) -> None:
    rules: Rules = game.edition.rules
    fine = rules.jail_fine
    transfer(game, player, BANK, fine)
    if game.pot_fees:  # (house rule free-parking-pot)
        game.fee_to_pot(fine, "bail")
    if game._events is not None:
        game._events.append(Event(E.PAID, player, -1, fine, BANK, "bail"))
    release(game, player, "paid")


def check_use_card(game: Game, player: int) -> str | None:
    s: State = game.base_state
    if not s.in_jail[player]:
        return "you are not in jail"
    if not s.held[player]:
        return "you have no get-out-of-jail card"
    return None


def use_card(game: Game, player: int) -> None:
    s: State = game.base_state
    ref = s.held[player].pop(0)
    game.state.decks[ref >> 8].append(ref & 0xFF)  # back to the bottom of its deck (the family's decks)
    release(game, player, "card")
