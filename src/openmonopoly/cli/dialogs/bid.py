"""An auction bid: the amount asked for, within the range the rules allow now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import actions as A
from ...engine.actions import Action, whole_number
from ...engine.errors import IllegalAction
from ...engine.prompt import Legal

if TYPE_CHECKING:
    from ..terminal import Session


def strip_money(text: str, currency_symbol: str) -> str:
    """An amount as typed, without the currency symbol and thousands commas ("$1,200" -> "1200")."""
    return text.replace(currency_symbol, "").replace(",", "").strip()


def bid_dialog(session: Session, seat: int, legal: Legal) -> str:
    game = session.game
    money = game.edition.money
    assert legal.bid_range is not None
    lo, hi = legal.bid_range
    text = session.read_or_quit(f"Your bid ({money(lo)}..{money(hi)}, Enter for {money(lo)}): ")
    text = strip_money(text, game.edition.currency_symbol)
    amount = whole_number(text) if text else lo
    if amount is None:
        session.console.print(f"A bid is a whole number from {money(lo)} to {money(hi)}.", style="yellow")
        return "choices"
    try:
        game.act(seat, Action(A.BID, amount))
    except IllegalAction as exc:
        session.console.print(f"Not allowed: {exc.reason}.", style="yellow")
        return "choices"
    return "acted"
