"""Actions: what a player can do, with a text form that prints and parses.

An action is a small immutable value. ``str(action)`` gives its text form and
``Action.parse(text)`` reads it back, so actions can be typed in a terminal,
sent over a socket or stored in a record.
"""
from __future__ import annotations

from typing import Final, NamedTuple

from .errors import BadActionText

# Decisions answering the current prompt.
ROLL: Final = "roll"              # roll the dice (in jail: try for doubles)
PAY_BAIL: Final = "pay-bail"      # leave jail by paying the fine before rolling
USE_CARD: Final = "use-card"      # leave jail with a get-out-of-jail card
BUY: Final = "buy"                # buy the property landed on
AUCTION: Final = "auction"        # decline to buy: the bank auctions it
BID: Final = "bid"                # bid an amount in an auction
PASS: Final = "pass"              # drop out of an auction
PAY: Final = "pay"                # settle a debt once enough cash is raised
BANKRUPT: Final = "bankrupt"      # give up: only when the debt cannot be raised
ACCEPT: Final = "accept"          # accept the trade offered to you
REJECT: Final = "reject"          # reject it
LIFT: Final = "lift"              # received a mortgaged property: repay the mortgage now
KEEP: Final = "keep"              # ... or keep it mortgaged and pay only the interest
CLAIM: Final = "claim"            # claim rent (option "rent must be claimed")
WAIVE: Final = "waive"            # let that rent go
WANT: Final = "want"              # building shortage: I want one of the last buildings too
PLACE: Final = "place"            # place a building won at a shortage auction
END: Final = "end"                # end a phase where doing nothing more is allowed
PLAY: Final = "play"              # play a kept card by its number (Mandalorian: a Signet battle card)
REROLL: Final = "reroll"          # roll the battle dice again (Mandalorian: Ahsoka Tano)
CHOOSE: Final = "choose"          # choose one of the offered items by number (Mandalorian: Boba Fett's Signet card)

# Actions a player may take "at any time" the rules allow.
BUILD: Final = "build"
SELL: Final = "sell"
SELL_ALL: Final = "sell-all"
MORTGAGE: Final = "mortgage"
UNMORTGAGE: Final = "unmortgage"
TRADE: Final = "trade"

# A set that ``register_kind`` grows in place, so a reference taken at import time stays current.
ANYTIME_KINDS: Final[set[str]] = {BUILD, SELL, SELL_ALL, MORTGAGE, UNMORTGAGE, TRADE}
_NO_ARG = frozenset({ROLL, PAY_BAIL, USE_CARD, BUY, AUCTION, PASS, PAY, BANKRUPT, ACCEPT, REJECT,
                     LIFT, KEEP, CLAIM, WAIVE, WANT, END, REROLL})
_INT_ARG = frozenset({BID, PLACE, BUILD, SELL, SELL_ALL, MORTGAGE, UNMORTGAGE, PLAY, CHOOSE})
KINDS = _NO_ARG | _INT_ARG | {TRADE}


def register_kind(kind: str, takes_number: bool, anytime: bool = False) -> None:
    """Let a rules family add an action kind; its text form is ``kind`` or ``kind N``.

    ``anytime``: like build or mortgage, it does not answer the prompt (``Game.check_anytime`` decides)."""
    global _NO_ARG, _INT_ARG, KINDS
    if anytime:
        ANYTIME_KINDS.add(kind)
    if kind in KINDS:
        return
    if takes_number:
        _INT_ARG = _INT_ARG | {kind}
    else:
        _NO_ARG = _NO_ARG | {kind}
    KINDS = KINDS | {kind}


class TradeOffer(NamedTuple):
    """A proposal from ``proposer`` to ``target``.

    ``give``/``take`` are board positions moving from/to the proposer, ``cash`` is
    paid by the proposer to the target (negative: the target pays), and
    ``give_cards``/``take_cards`` are the deck indices of get-out-of-jail cards.
    """

    proposer: int
    target: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0
    give_cards: tuple[int, ...] = ()
    take_cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        parts = [str(self.target)]
        if self.give:
            parts.append("give=" + ",".join(map(str, self.give)))
        if self.take:
            parts.append("take=" + ",".join(map(str, self.take)))
        if self.cash:
            parts.append(f"cash={self.cash}")
        if self.give_cards:
            parts.append("give-cards=" + ",".join(map(str, self.give_cards)))
        if self.take_cards:
            parts.append("take-cards=" + ",".join(map(str, self.take_cards)))
        return " ".join(parts)

    def to_json(self) -> dict:
        return {"proposer": self.proposer, "target": self.target, "give": list(self.give),
                "take": list(self.take), "cash": self.cash, "give_cards": list(self.give_cards),
                "take_cards": list(self.take_cards)}

    @classmethod
    def from_json(cls, d: dict) -> "TradeOffer":
        return cls(int(d["proposer"]), int(d["target"]), tuple(d.get("give", ())), tuple(d.get("take", ())),
                   int(d.get("cash", 0)), tuple(d.get("give_cards", ())), tuple(d.get("take_cards", ())))


class Action(NamedTuple):
    kind: str
    arg: int = -1
    offer: TradeOffer | None = None

    def __str__(self) -> str:
        if self.kind == TRADE and self.offer is not None:
            return f"trade {self.offer}"
        if self.kind in _INT_ARG:
            return f"{self.kind} {self.arg}"
        return self.kind

    @staticmethod
    def parse(text: str, proposer: int = -1) -> "Action":
        """Read the text form. ``proposer`` fills in who proposes a trade."""
        words = text.strip().split()
        if not words:
            raise BadActionText("empty action; expected one of: " + ", ".join(sorted(KINDS)))
        kind = words[0].lower()
        if kind in _NO_ARG:
            if len(words) != 1:
                raise BadActionText(f"'{kind}' takes no argument", text)
            return Action(kind)
        if kind in _INT_ARG:
            if len(words) != 2 or not _is_int(words[1]):
                raise BadActionText(f"'{kind}' needs one whole number, e.g. '{kind} 12'", text)
            return Action(kind, int(words[1]))
        if kind == TRADE:
            return Action(TRADE, -1, _parse_offer(words[1:], proposer, text))
        raise BadActionText(f"unknown action '{kind}'; known: " + ", ".join(sorted(KINDS)), text)

    def to_json(self) -> str | dict:
        if self.offer is not None:
            return {"kind": self.kind, "offer": self.offer.to_json()}
        return str(self)

    @staticmethod
    def from_json(data: str | dict) -> "Action":
        if isinstance(data, str):
            return Action.parse(data)
        if not isinstance(data, dict) or data.get("kind") != TRADE or not isinstance(data.get("offer"), dict):
            raise BadActionText(f"an action is a string like 'bid 20' or a trade object; got {data!r}")
        try:
            return Action(TRADE, -1, TradeOffer.from_json(data["offer"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadActionText(f"malformed trade offer {data['offer']!r}: {exc}") from None


def _is_int(word: str) -> bool:
    return word.lstrip("-").isdigit()


def _ints(value: str, text: str) -> tuple[int, ...]:
    items = [v for v in value.split(",") if v]
    if not all(_is_int(v) for v in items):
        raise BadActionText(f"expected comma-separated numbers, got '{value}'", text)
    return tuple(int(v) for v in items)


def _parse_offer(words: list[str], proposer: int, text: str) -> TradeOffer:
    if not words or not _is_int(words[0]):
        raise BadActionText("trade needs a target player, e.g. 'trade 2 give=1,3 take=39 cash=100'", text)
    fields: dict[str, object] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in ("give", "take", "cash", "give-cards", "take-cards"):
            raise BadActionText(f"unknown trade part '{word}'; use give=, take=, cash=, give-cards=, take-cards=",
                                text)
        if key == "cash":
            if not _is_int(value):
                raise BadActionText(f"cash must be a whole number, got '{value}'", text)
            fields["cash"] = int(value)
        else:
            fields[key.replace("-", "_")] = _ints(value, text)
    return TradeOffer(proposer, int(words[0]), **fields)  # type: ignore[arg-type]


# Shared instances of the argument-free actions: bots use them to avoid allocating.
A_ROLL, A_PAY_BAIL, A_USE_CARD = Action(ROLL), Action(PAY_BAIL), Action(USE_CARD)
A_BUY, A_AUCTION, A_PASS, A_PAY, A_BANKRUPT = Action(BUY), Action(AUCTION), Action(PASS), Action(PAY), Action(BANKRUPT)
A_ACCEPT, A_REJECT, A_LIFT, A_KEEP = Action(ACCEPT), Action(REJECT), Action(LIFT), Action(KEEP)
A_CLAIM, A_WAIVE, A_WANT, A_END = Action(CLAIM), Action(WAIVE), Action(WANT), Action(END)
A_REROLL = Action(REROLL)
