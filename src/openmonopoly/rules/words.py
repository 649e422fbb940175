"""Events in each edition's own words: Fleet and Base, Scene and Ship, ₦ and $.

``EventWords`` words the events the shared rule parts emit, in the edition's terms and money; a
family's subclass words its own events (``own``), and its Game class returns it from the ``words()``
hook. Interfaces call ``game.describe(event)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..editions.schema import Edition
from ..engine import events as E
from ..engine.events import Event

_HOW_LEFT_JAIL = {
    "paid": "pays the fine and leaves {jail}",
    "card": "uses a get-out-of-jail card",
    "doubles": "rolls doubles and leaves {jail}",
    "fine": "pays the fine after the last try",
    "placed": "is put on another space and so leaves {jail}",
}
_JAIL_REASON = {"space": "lands on {go_to_jail}", "card": "is sent by a card", "three doubles": "rolls three doubles"}


def building_words(edition: Edition, level: int, houses_per_hotel: int) -> str:
    if level == houses_per_hotel + 1:
        return f"a {edition.term('hotel')}"
    if level == 0:
        return "no buildings"
    return f"{level} {edition.term('house', level)}"


def money_words(edition: Edition, amount: int) -> str:
    """``edition.money(amount)`` with a singular unit for one ("1 credit", not "1 credits")."""
    text = edition.money(amount)
    fmt = edition.money_format
    if abs(amount) == 1 and fmt.startswith("{} ") and fmt.endswith("s"):
        return text[:-1]
    return text


def first_rolls(info: str, names: Sequence[str]) -> str:
    """The first-player roll-off as people read it: "Ann 5+6, Ben 3+5" (the event says "0:5+6 1:3+5",
    seats counted from 0)."""
    out = []
    for item in info.split():
        seat, _, faces = item.partition(":")
        known = seat.isdigit() and int(seat) < len(names)
        out.append(f"{names[int(seat)]} {faces}" if known else item)
    return ", ".join(out)


class EventWords:
    """Events of one game in its edition's words; ``names`` are the players' names by seat."""

    def __init__(self, edition: Edition, names: Sequence[str], houses_per_hotel: int = 4) -> None:
        self.edition = edition
        self.names = names
        self.houses_per_hotel = houses_per_hotel

    def describe(self, event: Event) -> str:
        """One sentence for ``event``."""
        if event.kind == E.GAME_STARTED and event.info == "drawn":  # house rule shuffle-seats, any family
            return f"The first player is drawn at random: {self.names[event.player]} starts."
        text = self.own(event)
        if text is None:
            text = describe(self.edition, event, self.names, self.houses_per_hotel)
        return text[:1].upper() + text[1:]

    def own(self, event: Event) -> str | None:
        """A family's wording of its own events (and of shared ones it words otherwise); None: the
        shared wording fits."""
        return None


def describe(edition: Edition, event: Event, names: Sequence[str], houses_per_hotel: int = 4) -> str:
    """The shared wording of ``event`` (families word their own events in ``EventWords.own``)."""
    k = event.kind
    ed = edition
    money = ed.money

    def who(p: int) -> str:
        return "the bank" if p < 0 else names[p]

    def space(pos: int) -> str:
        return ed.board[pos].name if 0 <= pos < len(ed.board) else str(pos)

    terms = {key: ed.term(key) for key in ("jail", "go_to_jail", "go")}
    p = event.player
    if k == E.GAME_STARTED:
        return f"Everyone rolls for the first turn ({first_rolls(event.info, names)}); {who(p)} starts."
    if k == E.TURN:
        return f"--- Round {event.amount}: {who(p)}'s turn ---"
    if k == E.DICE:
        d1, d2 = divmod(event.other, 10)
        if event.info == "mission":
            return f"{who(p)} rolls a {event.amount} for the mission."
        purpose = {"jail": " trying for doubles", "rent": " for the rent"}.get(event.info, "")
        dbl = " (doubles)" if d1 == d2 and event.info != "rent" else ""
        return f"{who(p)} rolls {d1} and {d2}{purpose}{dbl}."
    if k == E.MOVED:
        how = {"back": "goes back to", "direct": "advances to", "placed": "is placed on"}.get(event.info, "moves to")
        return f"{who(p)} {how} {space(event.pos)}."
    if k == E.SALARY:
        # (pos: where the move ended, GO itself at 0; -1 where it is not given: older records)
        how = "lands on" if event.pos == 0 else "passes"
        return f"{who(p)} {how} {terms['go']} and collects {money(event.amount)}."
    if k == E.BOUGHT:
        return f"{who(p)} buys {space(event.pos)} for {money(event.amount)}."
    if k == E.AUCTION_START:
        lot = space(event.pos) if event.pos >= 0 else f"one of the bank's last {ed.term(event.info + 's', 2)}"
        return f"Auction of {lot}; bids open at {money_words(ed, event.amount)}."
    if k == E.BID:
        return f"{who(p)} bids {money(event.amount)}."
    if k == E.BID_PASS:
        return f"{who(p)} passes."
    if k == E.AUCTION_WON:
        lot = space(event.pos) if event.pos >= 0 else f"a {ed.term(event.info)}"
        return f"{who(p)} wins {lot} for {money(event.amount)}."
    if k == E.AUCTION_UNSOLD and event.info == "no-auctions":
        return f"{who(p)} does not buy {space(event.pos)}; with no auctions it stays with the bank."
    if k == E.AUCTION_UNSOLD:
        return "Nobody bids; it stays with the bank." if event.pos >= 0 else "Nobody bids."
    if k == E.PAID:
        reason = event.info
        if reason == "rent":
            return f"{who(p)} pays {money(event.amount)} rent to {who(event.other)} for {space(event.pos)}."
        if reason == "tax":
            return f"{who(p)} pays {money(event.amount)} for {space(event.pos)}."
        if reason == "bankruptcy":
            return f"{who(p)} hands their last {money(event.amount)} to {who(event.other)}."
        if reason == "interest":
            return f"{who(p)} pays {money(event.amount)} interest to {who(event.other)}."
        label = {
            "bail": "to leave jail",
            "card": "(card)",
            "repairs": "for repairs",
            "auction": "for the auction",
            "building-auction": "for the building",
            "refund": "(refund)",
            "mission": "(mission)",
            "deed": f"for {space(event.pos)}",
            "free-parking": f"(the pot on {space(event.pos)})",
        }
        return f"{who(p)} pays {money(event.amount)} to {who(event.other)} {label.get(reason, reason)}.".replace(
            "  ", " "
        )
    if k == E.RENT_LAPSED:
        return f"{who(event.other)} does not claim the {money(event.amount)} rent on {space(event.pos)}."
    if k == E.CARD:
        deck = ed.decks[event.pos]
        return f'{who(p)} draws {deck.name}: "{deck.cards[event.amount].text}"'
    if k == E.JAIL:
        reason = _JAIL_REASON.get(event.info, event.info).format(**terms)
        return f"{who(p)} {reason} and goes to {terms['jail']}."
    if k == E.LEFT_JAIL:
        return f"{who(p)} {_HOW_LEFT_JAIL.get(event.info, event.info).format(**terms)}."
    if k == E.BUILT:
        return (
            f"{who(p)} builds on {space(event.pos)} for {money(event.amount)}: now "
            f"{building_words(ed, event.other, houses_per_hotel)}."
        )
    if k == E.SOLD_BUILDING:
        if event.info == "bankruptcy":
            return (
                f"The bank takes back {who(p)}'s buildings on {space(event.pos)} at half price, "
                f"{money(event.amount)}, part of what {who(p)} hands over."
            )
        return (
            f"{who(p)} sells buildings on {space(event.pos)} for {money(event.amount)}: now "
            f"{building_words(ed, event.other, houses_per_hotel)}."
        )
    if k == E.MORTGAGED:
        return f"{who(p)} mortgages {space(event.pos)} for {money(event.amount)}."
    if k == E.UNMORTGAGED:
        return f"{who(p)} lifts the mortgage on {space(event.pos)} for {money(event.amount)}."
    if k == E.TRADE_OFFERED:
        return f"{who(p)} offers {who(event.other)} a trade: {offer_words(ed, event.info, names)}."
    if k == E.TRADE_ACCEPTED:
        return f"{who(p)} accepts the trade."
    if k == E.TRADE_REJECTED:
        return f"{who(p)} rejects the trade."
    if k == E.TRANSFERRED:
        return f"{space(event.pos)} passes from {who(event.other)} to {who(p)}."
    if k == E.CARD_GIVEN:
        return f"{who(event.other)}'s get-out-of-jail card goes to {who(p)}."
    if k == E.DEBT:
        return f"{who(p)} owes {money(event.amount)} to {who(event.other)} and must raise the money."
    if k == E.BANKRUPT:
        return f"{who(p)} is bankrupt (creditor: {who(event.other)})."
    if k == E.SHORTAGE:
        return (
            f"{who(p)} wants a {ed.term(event.info)}, but the bank has only {event.amount}: others may claim one too."
        )
    if k == E.WANTS:
        return f"{who(p)} wants one too."
    if k == E.GAME_OVER:
        reason, _, ids = event.info.partition(":")
        winners = [names[int(i)] for i in ids.split(",") if i]
        endings = {
            "bankruptcy": "is the last player standing",
            "round-limit": "is the richest at the round limit",
            "first-bankruptcy": "is the wealthiest after the first bankruptcy",
            "time-limit": "is the richest at the time limit",
            "swift-victory": "is the last player standing",
        }
        if len(winners) == 1:
            return f"Game over: {winners[0]} {endings.get(reason, 'wins')}."
        return f"Game over ({reason}): " + (", ".join(winners) + " share the win." if winners else "nobody wins.")
    return f"{k} {event}"


def offer_words(ed: Edition, text: str, names: Sequence[str]) -> str:
    """The text form of a trade offer (``TradeOffer.__str__``) in words."""
    parts = text.split()
    out = []
    for part in parts[1:]:
        key, _, value = part.partition("=")
        items = [v for v in value.split(",") if v]
        if key in ("give", "take"):
            what = ", ".join(ed.board[int(v)].name for v in items)
            out.append(("gives " if key == "give" else "asks for ") + what)
        elif key == "cash":
            amount = int(value)
            out.append(f"pays {ed.money(amount)}" if amount > 0 else f"asks for {ed.money(-amount)}")
        else:
            out.append(("gives " if key == "give-cards" else "asks for ") + f"{len(items)} get-out-of-jail card(s)")
    return "; ".join(out) or "nothing"
