"""Jail: how players get there and out again (classic family).

In jail you pay the fine or use a card before rolling, or roll for doubles on
up to ``jail_attempts`` turns; after the last failed roll you pay the fine and
move by that roll. While in jail you still collect rent, build, mortgage and trade.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import events as E
from ..engine.events import Event
from ..engine.state import BANK
from .money import transfer

if TYPE_CHECKING:
    from .classic import ClassicGame


def send_to_jail(game: "ClassicGame", player: int, reason: str) -> None:
    """Straight to jail: no salary for passing GO, and the turn ends (no doubles re-roll)."""
    s = game.state
    s.position[player] = game.edition.rules["jail_position"]
    s.in_jail[player] = True
    s.jail_turns[player] = 0
    if game._events is not None:
        game._events.append(Event(E.JAIL, player, info=reason))


def release(game: "ClassicGame", player: int, how: str) -> None:
    s = game.state
    s.in_jail[player] = False
    s.jail_turns[player] = 0
    if game._events is not None:
        game._events.append(Event(E.LEFT_JAIL, player, info=how))


def check_pay_bail(game: "ClassicGame", player: int) -> str | None:
    s = game.state
    fine = game.edition.rules["jail_fine"]
    if not s.in_jail[player]:
        return "you are not in jail"
    if s.cash[player] < fine:
        return f"the fine is {game.edition.money(fine)} and you have {game.edition.money(s.cash[player])}"
    return None


def pay_bail(game: "ClassicGame", player: int) -> None:
    fine = game.edition.rules["jail_fine"]
    transfer(game, player, BANK, fine)
    game.emit(Event(E.PAID, player, -1, fine, BANK, "bail"))
    release(game, player, "paid")


def check_use_card(game: "ClassicGame", player: int) -> str | None:
    s = game.state
    if not s.in_jail[player]:
        return "you are not in jail"
    if not s.held[player]:
        return "you have no get-out-of-jail card"
    return None


def use_card(game: "ClassicGame", player: int) -> None:
    s = game.state
    ref = s.held[player].pop(0)
    s.decks[ref >> 8].append(ref & 0xFF)      # back to the bottom of its deck
    release(game, player, "card")
