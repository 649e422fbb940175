"""Hideouts: rent (more for a full colour set, less for The Mandalorian), selling back to the bank,
and the rulebook's "Help! I can't pay!".

Buying and auctioning an unowned hideout reuse the shared ``BuyOrAuction`` and
``Auction`` steps. A player who cannot pay a debt gets a ``debt`` prompt: they
may sell hideouts back to the bank at the printed price (``sell N``) or trade
with other players, then ``pay``; once they own no hideout and still cannot
pay, ``bankrupt`` hands over what they have: their credits, and their Signet
cards to the creditor (to the bottom of the deck when the bank is owed). The
rest of the debt is forgiven and they stay in the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import actions as A
from ...engine import events as E
from ...engine import prompt as P
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from ...engine.state import BANK
from ..money import pay, transfer
from ..property import ClaimRent
from . import events as ME
from .signets import return_to_bottom
from .state import MandoState

if TYPE_CHECKING:
    from .game import MandalorianGame


def owns_set(game: MandalorianGame, player: int, pos: int) -> bool:
    ed = game.edition
    s: MandoState = game.state
    owner = s.owner
    for q in ed.group_members[ed.group_of[pos]]:
        if owner[q] != player:
            return False
    return True


def rent_of(game: MandalorianGame, pos: int) -> int:
    """The rent printed on the card: the set rent when the owner holds the whole colour set."""
    t = game.rules
    s: MandoState = game.state
    owner = s.owner[pos]
    return t.set_rent[pos] if owns_set(game, owner, pos) else t.rent[pos]


def rent_due(game: MandalorianGame, payer: int, pos: int) -> int:
    amount = rent_of(game, pos)
    if game.ability(payer) == "rent_discount":
        amount -= game.ability_value(payer)
    return amount if amount > 0 else 0


def charge_rent(game: MandalorianGame, payer: int, pos: int) -> None:
    s: MandoState = game.state
    owner = s.owner[pos]
    amount = rent_due(game, payer, pos)
    if amount <= 0:
        return
    if game.claim_rent:
        game.push(ClaimRent(owner, payer, pos, amount))
    else:
        pay(game, payer, owner, amount, "rent", pos)


# ---------------------------------------------------------------------- can't pay
def check_sell(game: MandalorianGame, player: int, pos: int) -> str | None:
    s: MandoState = game.state
    top = s.stack[-1]
    if not (type(top) is HideoutDebt and top.player == player):
        return "hideouts are sold back to the bank only to raise money for a debt you cannot pay"
    if not (0 <= pos < game.edition.size) or game.edition.board[pos].type != "hideout":
        return f"{pos} is not a hideout"
    if s.owner[pos] != player:
        return f"you do not own {game.edition.board[pos].name}"
    return None


def sell(game: MandalorianGame, player: int, pos: int) -> None:
    price = game.edition.board[pos].price
    s: MandoState = game.state
    s.owner[pos] = BANK
    s.owner_changes += 1
    transfer(game, BANK, player, price)
    if game.log_events:
        game.emit(Event(ME.SOLD, player, pos, price))


def start_debt(game: MandalorianGame, payer: int, payee: int, amount: int, reason: str, pos: int) -> None:
    game.push(HideoutDebt(payer, payee, amount, reason, pos))
    if game.log_events:
        game.emit(Event(E.DEBT, payer, pos, amount, payee, reason))


class HideoutDebt(Step):
    """``player`` owes ``amount`` to ``creditor`` (-1: the bank) and lacks the credits."""

    FIELDS = ("player", "creditor", "amount", "reason", "pos")
    creditor: int
    amount: int
    reason: str
    pos: int
    kind = P.DEBT
    answers = frozenset({A.PAY, A.BANKRUPT})

    def __init__(
        self, player: int, creditor: int, amount: int, reason: str, pos: int
    ) -> None:  # (the generic Step.__init__ is slower)
        self.player = player
        self.creditor = creditor
        self.amount = amount
        self.reason = reason
        self.pos = pos

    def debtor(self) -> int:
        return self.player

    def legal(self, game: MandalorianGame, player: int) -> list[Action]:
        s: MandoState = game.state
        if s.cash[player] >= self.amount:
            return [A.A_PAY]
        if not game.hideouts_of(player):
            return [A.A_BANKRUPT]
        return []

    def check(self, game: MandalorianGame, player: int, action: Action) -> str | None:
        s: MandoState = game.state
        cash = s.cash[player]
        money = game.edition.money
        if action.kind == A.PAY:
            if cash < self.amount:
                return f"you owe {money(self.amount)} and have {money(cash)}; sell hideouts to the bank or trade first"
            return None
        if cash >= self.amount:
            return "you can pay this debt"
        if game.hideouts_of(player):
            return "sell your hideouts back to the bank first"
        return None

    def apply(self, game: MandalorianGame, player: int, action: Action) -> None:
        game.pop()
        if action.kind == A.PAY:
            transfer(game, player, self.creditor, self.amount)
            if game.log_events:
                game.emit(Event(E.PAID, player, self.pos, self.amount, self.creditor, self.reason))
        else:
            give_up(game, player, self.creditor)

    def describe(self, game: MandalorianGame) -> dict[str, Any]:
        return {"amount": self.amount, "creditor": self.creditor, "reason": self.reason, "pos": self.pos}

    def detail(self, game: MandalorianGame, name: str) -> Any:
        return self.amount if name == "amount" else self.describe(game)[name]


def give_up(game: MandalorianGame, player: int, creditor: int) -> None:
    """Still in debt with no hideout left: hand over the credits and the Signet cards; stay in the game."""
    s: MandoState = game.state
    cash = s.cash[player]
    if cash:
        transfer(game, player, creditor, cash)
    if game.log_events:
        game.emit(Event(ME.GAVE_UP, player, amount=cash, other=creditor))
    cards = s.held[player]
    s.held[player] = []
    for card in cards:
        if creditor == BANK:
            return_to_bottom(game, player, card, "given-up")
        else:
            s.held[creditor].append(card)
            if game.log_events:
                game.emit(Event(E.CARD_GIVEN, creditor, 0, card, player))
