"""Events: small records of what happened, returned by ``Game.act``.

One record type serves every kind of event, with the meaning of its fields
given per kind below; each edition turns them into its own words
(``Edition.describe``). An event with ``private_to >= 0`` is shown only to that
player (and hidden from everyone else's log).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

# kind                  player      pos         amount      other            info
GAME_STARTED: Final = "game-started"  # first     -           -           -                "d1+d2,..." rolls per player
TURN: Final = "turn"  # player    -           round       -                -
DICE: Final = "dice"  # player    -           total       d1*10+d2         why: move/jail/rent/order
MOVED: Final = "moved"  # player    to          from        steps            "forward"/"back"/"direct"
SALARY: Final = "salary"  # player    end of move amount      -                -
BOUGHT: Final = "bought"  # player    pos         price       -                -
AUCTION_START: Final = "auction"  # -         pos/lot     opening     -                lot: property/house/hotel
BID: Final = "bid"  # player    lot         amount      -                -
BID_PASS: Final = "bid-pass"  # player    lot         -           -                -
AUCTION_WON: Final = "auction-won"  # player    lot         amount      -                -
AUCTION_UNSOLD: Final = "auction-unsold"  # -      lot         -           -                -
RENT: Final = "rent"  # payer     pos         amount      owner            -
RENT_LAPSED: Final = "rent-lapsed"  # payer     pos         amount      owner            -
PAID: Final = "paid"  # payer     -           amount      payee (-1 bank)  reason
CARD: Final = "card"  # player    deck        card        -                card id
JAIL: Final = "jail"  # player    -           -           -                reason
LEFT_JAIL: Final = "left-jail"  # player    -           -           -                how
BUILT: Final = "built"  # player    pos         cost        level            -
SOLD_BUILDING: Final = "sold-building"  # player    pos         refund      level            "bankruptcy": to the bank
MORTGAGED: Final = "mortgaged"  # player    pos         amount      -                -
UNMORTGAGED: Final = "unmortgaged"  # player    pos         amount      -                -
TRADE_OFFERED: Final = "trade-offered"  # proposer  -           cash        target           offer text
TRADE_ACCEPTED: Final = "trade-accepted"  # target -           cash        proposer         offer text
TRADE_REJECTED: Final = "trade-rejected"  # target -           -           proposer         offer text
TRANSFERRED: Final = "transferred"  # to        pos         -           from (-1 bank)   -
CARD_GIVEN: Final = "card-given"  # to        deck        card        from             -
DEBT: Final = "debt"  # debtor    -           amount      creditor         reason
BANKRUPT: Final = "bankrupt"  # player    -           -           creditor         -
SHORTAGE: Final = "shortage"  # requester -           supply      -                house/hotel
WANTS: Final = "wants"  # player    -           -           -                house/hotel
GAME_OVER: Final = "game-over"  # winner    -           -           -                reason; "a,b" winners


class Event(NamedTuple):
    kind: str
    player: int = -1
    pos: int = -1
    amount: int = 0
    other: int = -1
    info: str = ""
    private_to: int = -1

    def visible_to(self, player: int | None) -> bool:
        return self.private_to < 0 or self.private_to == player

    def to_json(self) -> dict[str, Any]:
        """The fields that differ from their defaults. Written out field by field: every save, record
        and web update writes the whole history, so this runs hundreds of thousands of times."""
        kind, player, pos, amount, other, info, private_to = self
        d: dict[str, Any] = {"kind": kind}
        if player != -1:
            d["player"] = player
        if pos != -1:
            d["pos"] = pos
        if amount != 0:
            d["amount"] = amount
        if other != -1:
            d["other"] = other
        if info != "":
            d["info"] = info
        if private_to != -1:
            d["private_to"] = private_to
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        return cls(**d)
