"""Empire events in words: towers, billboards, offices, Empire cards, the sneaky swap, $K."""

from __future__ import annotations

from collections.abc import Sequence

from ...editions.schema import Edition
from ...engine import events as E
from ...engine.events import Event
from ..words import EventWords
from .data import OFFICE
from .kinds import (
    EV_BLOCKED,
    EV_CASINO,
    EV_CHOSE,
    EV_EMPIRE_DRAWN,
    EV_EMPIRE_PLAYED,
    EV_NO_RENT,
    EV_PIECE_IN,
    EV_PIECE_OUT,
    EV_SWAPPED,
)

_IN = {
    "bought": "buys {piece} for {money}",
    "auction": "slides {piece} into their tower",
    "free": "takes a free {piece} billboard",
    "office-set": "completes a colour set: a free office tile",
    "office-bought": "buys an office tile for {money}",
    "takeover": "takes over {piece} from {giver}",
    "debt": "receives {piece} from {giver} instead of cash",
    "swap": "now tops their tower with {piece}",
}
_OUT = {
    "tower-tax": "returns {piece} to the board (Tower Tax)",
    "rival-tax": "loses {piece} to Rival Tower Tax",
    "debt": "cannot pay and returns {piece} to the board",
    "crash": "loses {piece} in the stock market crash",
    "fired": "loses {piece}: YOU'RE FIRED!",
    "attack": "returns {piece} to the board",
}
_CHOSE = {
    "rival-tax": "picks {target} for Rival Tower Tax",
    "swap_the_top": "swaps tops with {target}",
    "hostile_takeover": "targets {target}",
    "billboard_tax": "taxes {target}",
    "youre_fired": "fires {target}",
    "casino": "challenges {target} at the casino",
    "free-parking": "pays for a trip to {space}",
    "move_to_any_space": "picks {space}",
    "speed-ahead": "picks {space} to speed ahead to",
}


def piece_name(ed: Edition, piece: int) -> str:
    return "an office" if piece == OFFICE else ed.board[piece].name


def describe_empire(ed: Edition, event: Event, names: Sequence[str]) -> str | None:
    """Text for Empire's own events and its wording of shared ones; None: the shared wording fits."""
    k = event.kind
    p = event.player
    money = ed.money

    def who(q: int) -> str:
        return "the bank" if q < 0 else names[q]

    if k == E.GAME_STARTED:
        return f"{who(p)}, the youngest, starts. Each player is dealt 2 secret Empire cards."
    if k == E.DICE:
        d1, d2 = divmod(event.other, 10)
        second = "the sneaky swapper" if d2 == ed.rules.swapper_face else str(d2)
        purpose = " trying for doubles" if event.info == "jail" else ""
        dbl = " (doubles)" if d1 == d2 and d2 != ed.rules.swapper_face else ""
        return f"{who(p)} rolls {d1} and {second}{purpose}{dbl}."
    if k == E.SALARY:
        how = "lands on" if event.pos == 0 else "passes"  # (pos: where the move ended)
        return f"{who(p)} {how} GO and collects their tower value, {money(event.amount)}."
    if k == EV_PIECE_IN:
        text = _IN.get(event.info, "gets {piece}").format(
            piece=piece_name(ed, event.pos), money=money(event.amount), giver=who(event.other)
        )
        return f"{who(p)} {text}."
    if k == EV_PIECE_OUT:
        return f"{who(p)} " + _OUT.get(event.info, "returns {piece}").format(piece=piece_name(ed, event.pos)) + "."
    if k == EV_SWAPPED:
        a, b = (int(x) for x in event.info.split(","))
        return (
            f"Sneaky swap by {who(p)}: {who(event.amount)}'s {piece_name(ed, a)} and "
            f"{who(event.other)}'s {piece_name(ed, b)} change towers."
        )
    if k == EV_EMPIRE_DRAWN:
        return f"{who(p)} takes an Empire card."
    if k == E.CARD and event.pos == ed.deck_index.get("empire"):
        return f'(secret) {who(p)} holds "{ed.decks[event.pos].cards[event.amount].text}"'
    if k == EV_EMPIRE_PLAYED:
        return f'{who(p)} plays an Empire card: "{ed.decks[ed.deck_index["empire"]].cards[event.amount].text}"'
    if k == EV_BLOCKED:
        return f"{who(p)} blocks {who(event.other)}'s move."
    if k == EV_NO_RENT:
        return f"{who(event.other)} is in Jail and collects no rent for {ed.board[event.pos].name}."
    if k == EV_CASINO:
        mine, theirs = event.info.split(":")
        return f"Casino night: {mine} against {theirs}; {who(p)} wins {money(event.amount)}."
    if k == EV_CHOSE:
        space = ed.board[event.pos].name if event.pos >= 0 else ""
        return f"{who(p)} " + _CHOSE.get(event.info, "chooses").format(target=who(event.other), space=space) + "."
    if k == E.PAID:
        if event.info == "rent":
            return f"{who(p)} pays {money(event.amount)} rent (the tower value) to {who(event.other)}."
        if event.info == "reverse-rent":
            return f"{who(p)} pays {who(event.other)} {money(event.amount)}: reverse rent."
        if event.info == "trip":
            return f"{who(p)} pays {money(event.amount)} for a Free Parking trip."
        if event.info == "billboard-tax":
            return f"{who(p)} pays {money(event.amount)} billboard tax to {who(event.other)}."
        if event.info in ("card", "casino") and p < 0:
            return f"{who(event.other)} collects {money(event.amount)} from the bank."
        return None
    if k == E.DEBT:
        return f"{who(p)} cannot pay {money(event.amount)} to {who(event.other)}."
    if k == E.AUCTION_START:
        return f"Auction of the {ed.board[event.pos].name} billboard; bids open at {money(event.amount)}."
    if k == E.AUCTION_WON:
        return f"{who(p)} wins the {ed.board[event.pos].name} billboard for {money(event.amount)}."
    if k == E.AUCTION_UNSOLD:
        return "Nobody bids; the billboard stays on its space."
    if k == E.GAME_OVER:
        reason, _, ids = event.info.partition(":")
        winners = [names[int(i)] for i in ids.split(",") if i]
        if reason == "tower-full":
            return f"Game over: {winners[0]} fills their tower first and wins."
        if reason == "round-limit":
            return f"Game over at the round limit: {', '.join(winners)} with the tallest tower."
        return None
    return None


class EmpireWords(EventWords):
    def own(self, event: Event) -> str | None:
        return describe_empire(self.edition, event, self.names)
