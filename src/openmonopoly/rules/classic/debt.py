"""Debts and bankruptcy, the classic family's way (Sailor Moon, Clone Wars and the Star Wars
40th too): a payment the debtor cannot make now becomes a ``Debt`` step; the debtor raises the money
(sell buildings, mortgage, trade) and pays, or, when even selling everything would not cover it, goes
bankrupt and hands everything to the creditor or back to the bank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine import events as E
from ...engine import prompt as P
from ...engine.events import Event
from ...engine.flow import Step
from ...engine.state import BANK, State
from ..auction import start_auction
from ..money import transfer
from .buildings import clear_buildings, refund_value
from .mortgage import MortgagedTransfer

if TYPE_CHECKING:
    from .game import ClassicGame, ClassicState

# Actions as Final module constants: compiled code reads them as C statics (the kind strings are
# Final literals in engine/actions.py and engine/events.py, which the compiler inlines).
A_PAY: Final = A.A_PAY
A_BANKRUPT: Final = A.A_BANKRUPT


def start_debt(game: ClassicGame, payer: int, payee: int, amount: int, reason: str, pos: int = -1) -> None:
    """The classic answer to a payment the payer cannot make now: raise the money or go bankrupt."""
    game.push(Debt(payer, payee, amount, reason, pos))
    if game._events is not None:
        game._events.append(Event(E.DEBT, payer, pos, amount, payee, reason))


def raisable(game: ClassicGame, player: int) -> int:
    """Cash the player could still raise from the bank: sell every building, then mortgage everything."""
    s: ClassicState = game.state
    board = game.edition.board
    total = 0
    owner = s.owner
    level = s.level
    mortgaged = s.mortgaged
    for pos in game.edition.properties:
        if owner[pos] != player:
            continue
        if level[pos]:
            total += refund_value(game, pos)
        if not mortgaged[pos] and not game.no_mortgages:
            total += board[pos].mortgage
    return total


class Debt(Step):
    """``player`` owes ``amount`` to ``creditor`` (-1: the bank) and lacks the cash."""

    FIELDS = ("player", "creditor", "amount", "reason", "pos")
    creditor: int
    amount: int
    reason: str
    pos: int
    kind = P.DEBT
    answers = frozenset({A.PAY, A.BANKRUPT})

    def __init__(self, player: int, creditor: int, amount: int, reason: str, pos: int) -> None:
        self.player = player
        self.creditor = creditor
        self.amount = amount
        self.reason = reason
        self.pos = pos

    def debtor(self) -> int:
        return self.player

    def legal(self, game: ClassicGame, player: int) -> list[A.Action]:
        s: State = game.base_state
        cash = s.cash[player]
        if cash >= self.amount:
            return [A_PAY]
        if cash + raisable(game, player) < self.amount:
            return [A_BANKRUPT]
        return []

    def check(self, game: ClassicGame, player: int, action: A.Action) -> str | None:
        s: State = game.base_state
        cash = s.cash[player]
        if action.kind == A.PAY:
            if cash < self.amount:
                return (
                    f"you owe {game.edition.money(self.amount)} and have {game.edition.money(cash)}; "
                    "sell buildings, mortgage or trade first"
                )
            return None
        if cash >= self.amount:
            return "you can pay this debt, so you are not bankrupt"
        can = raisable(game, player)
        if cash + can >= self.amount:
            return (
                f"you can still raise {game.edition.money(can)} by selling buildings and mortgaging; "
                "bankruptcy is only for debts you cannot raise"
            )
        return None

    def apply(self, game: ClassicGame, player: int, action: A.Action) -> None:
        game.pop()
        if action.kind == A.PAY:
            transfer(game, player, self.creditor, self.amount)
            if self.creditor == BANK and game.pot_fees:  # (house rule free-parking-pot)
                game.fee_to_pot(self.amount, self.reason)
            if game._events is not None:
                game._events.append(Event(E.PAID, player, self.pos, self.amount, self.creditor, self.reason))
        else:
            go_bankrupt(game, player, self.creditor)

    def describe(self, game: ClassicGame) -> dict[str, Any]:
        return {"amount": self.amount, "creditor": self.creditor, "reason": self.reason, "pos": self.pos}

    def detail(self, game: ClassicGame, name: str) -> Any:
        return self.amount if name == "amount" else self.describe(game)[name]

    def without(self, game: ClassicGame, player: int) -> Step | None:
        # A debt to a player who has since gone bankrupt is void: there is no one left to pay.
        return None if player in (self.player, self.creditor) else self


def go_bankrupt(game: ClassicGame, player: int, creditor: int) -> None:
    """Hand everything to the creditor (a player) or back to the bank, and leave the game."""
    s: ClassicState = game.state
    ed = game.edition
    if game._events is not None:
        game._events.append(Event(E.BANKRUPT, player, other=creditor))
    mine = [pos for pos in ed.properties if s.owner[pos] == player]
    # Buildings go back to the bank at half price; that money is part of what the creditor gets.
    for pos in mine:
        if s.level[pos]:
            refund = clear_buildings(game, pos)
            transfer(game, BANK, player, refund)
            if game._events is not None:
                game._events.append(Event(E.SOLD_BUILDING, player, pos, refund, 0, "bankruptcy"))
    cash = s.cash[player]
    if cash:
        transfer(game, player, creditor, cash)
        if game._events is not None:
            game._events.append(Event(E.PAID, player, -1, cash, creditor, "bankruptcy"))
    cards = list(s.held[player])
    s.held[player].clear()
    s.alive[player] = False
    before = len(s.stack)
    if creditor != BANK:
        for ref in cards:
            s.held[creditor].append(ref)
            if game._events is not None:
                game._events.append(Event(E.CARD_GIVEN, creditor, ref >> 8, ref & 0xFF, player))
        mortgaged: list[int] = []
        for pos in mine:
            s.owner[pos] = creditor
            s.owner_changes += 1
            if game._events is not None:
                game._events.append(Event(E.TRANSFERRED, creditor, pos, other=player))
            if s.mortgaged[pos]:
                mortgaged.append(pos)
        for pos in reversed(mortgaged):
            game.push(MortgagedTransfer(creditor, pos, player, game.bankruptcy_interest_always))
    else:
        for ref in cards:
            s.decks[ref >> 8].append(ref & 0xFF)
        for pos in mine:
            s.owner[pos] = BANK
            s.owner_changes += 1
            s.mortgaged[pos] = False
            if game._events is not None:
                game._events.append(Event(E.TRANSFERRED, BANK, pos, other=player))
        if not game.no_auctions:  # (house rule no-auctions: they stay with the bank)
            for pos in reversed(mine):
                start_auction(game, pos, game.seats_from(s.current))
    handover = s.stack[before:]
    game.drop_from_flow(player)
    alive = [p for p in range(s.n) if s.alive[p]]
    if len(alive) == 1:
        game.finish(alive, "bankruptcy")
    else:
        game.after_bankruptcy(player, handover)
