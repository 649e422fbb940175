"""The last question before an action that cannot be taken back and costs a lot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...engine import actions as A
from ...engine import prompt as P
from ...engine.actions import Action

if TYPE_CHECKING:
    from ..terminal import Session

# Clone Wars' time-limit game ends with this any-time action (offered once the clock says so).
TIME_UP = "time-up"


def confirm(session: Session, seat: int, action: Action) -> bool:
    """Ask before bankruptcy, a lopsided trade or ending the game; every other action goes ahead at once."""
    game = session.game
    k = action.kind
    if k == A.BANKRUPT:
        label = session.screen.action_label(seat, action)
        return session.ask_yes(f"{label}: are you sure? This cannot be undone.", False)
    if k == TIME_UP:
        return session.ask_yes("End the game now? The richest player wins.", False)
    if k == A.ACCEPT and game.prompt is not None and game.prompt.kind == P.TRADE:
        get, give = offer_values(session, game.prompt.details["offer"], seat)
        if give > get:
            money = game.edition.money
            return session.ask_yes(
                f"You would give about {money(give)} of value and get {money(get)}: accept anyway?", False
            )
    return True


def offer_values(session: Session, offer: dict, seat: int) -> tuple[int, int]:
    """(what ``seat`` would get, what it would give) in a trade offer, properties at their printed
    price (half when mortgaged), cards at 50."""
    ed = session.game.edition
    view = session.screen.view()
    mortgaged = getattr(view, "mortgaged", None)  # (families without mortgages have none)

    def worth(spaces: Sequence[int], cards: Sequence[int], cash: int) -> int:
        total = max(cash, 0) + 50 * len(cards)
        for pos in spaces:
            price = ed.board[pos].price or 0
            total += price // 2 if mortgaged and mortgaged[pos] else price
        return total

    cash = offer.get("cash", 0)
    proposer_gives = worth(offer.get("give", ()), offer.get("give_cards", ()), cash)
    target_gives = worth(offer.get("take", ()), offer.get("take_cards", ()), -cash)
    if seat == offer["proposer"]:
        return target_gives, proposer_gives
    return proposer_gives, target_gives
