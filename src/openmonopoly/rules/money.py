"""Payments: cash moving between players and the bank, shared by every family.

``pay`` settles at once when the payer has the cash; otherwise the family settles it its own way
(``Game.cannot_pay``: the classic family's debt to raise, ``rules/classic/debt.py``; the Mandalorian's
hideout sales; Empire's billboard handed over).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import events as E
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.state import BANK as BANK  # (the rule modules take it from here)
from ..engine.state import State

if TYPE_CHECKING:
    from ..engine.game import Game


def transfer(game: Game, payer: int, payee: int, amount: int) -> None:
    """Move cash; the bank (-1) has unlimited money and its flow is tallied in ``bank_net``."""
    s: State = game.base_state
    if payer == BANK:
        s.bank_net += amount
    else:
        s.cash[payer] = s.cash[payer] - amount  # (``xs[i] -= n`` compiles to a generic Python subtraction)
    if payee == BANK:
        s.bank_net -= amount
    else:
        s.cash[payee] = s.cash[payee] + amount


def pay(game: Game, payer: int, payee: int, amount: int, reason: str, pos: int = -1) -> None:
    """``payer`` owes ``amount`` to ``payee`` now: pay it, or let the family settle what cannot be paid."""
    if amount <= 0:
        return
    counts = game.rent_counts
    if counts is not None and pos >= 0 and reason == "rent":
        counts[pos] = counts[pos] + amount
    s: State = game.base_state
    if s.cash[payer] >= amount:
        transfer(game, payer, payee, amount)
        if payee == BANK and game.pot_fees:  # (house rule free-parking-pot)
            game.fee_to_pot(amount, reason)
        if game._events is not None:
            game._events.append(Event(E.PAID, payer, pos, amount, payee, reason))
    else:
        game.cannot_pay(payer, payee, amount, reason, pos)


class PayStep(Step):
    """A payment queued behind others (several payers or payees from one card)."""

    FIELDS = ("payer", "payee", "amount", "reason")
    payer: int
    payee: int
    amount: int
    reason: str
    automatic = True

    def __init__(self, payer: int, payee: int, amount: int, reason: str) -> None:
        # (the generic Step.__init__ sets the FIELDS by name, which compiled code does slowly)
        self.payer = payer
        self.payee = payee
        self.amount = amount
        self.reason = reason

    def run(self, game: Game) -> None:
        game.pop()
        s: State = game.base_state
        if s.alive[self.payer] and (self.payee == BANK or s.alive[self.payee]):
            pay(game, self.payer, self.payee, self.amount, self.reason)
