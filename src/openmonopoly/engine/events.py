"""Events: small records of what happened, returned by ``Game.act``.

One record type serves every kind of event, with the meaning of its fields
given per kind below; each edition turns them into its own words
(``Edition.describe``). An event with ``private_to >= 0`` is shown only to that
player (and hidden from everyone else's log).
"""
from __future__ import annotations

from typing import NamedTuple

# kind                  player      pos         amount      other            info
GAME_STARTED = "game-started"   # first     -           -           -                "d1+d2,..." rolls per player
TURN = "turn"                   # player    -           round       -                -
DICE = "dice"                   # player    -           total       d1*10+d2         purpose (move, jail, rent, order)
MOVED = "moved"                 # player    to          from        steps            "forward"/"back"/"direct"
SALARY = "salary"               # player    -           amount      -                -
BOUGHT = "bought"               # player    pos         price       -                -
AUCTION_START = "auction"       # -         pos/lot     opening     -                lot kind (property/house/hotel)
BID = "bid"                     # player    lot         amount      -                -
BID_PASS = "bid-pass"           # player    lot         -           -                -
AUCTION_WON = "auction-won"     # player    lot         amount      -                -
AUCTION_UNSOLD = "auction-unsold"  # -      lot         -           -                -
RENT = "rent"                   # payer     pos         amount      owner            -
RENT_LAPSED = "rent-lapsed"     # payer     pos         amount      owner            -
PAID = "paid"                   # payer     -           amount      payee (-1 bank)  reason
CARD = "card"                   # player    deck        card        -                card id
JAIL = "jail"                   # player    -           -           -                reason
LEFT_JAIL = "left-jail"         # player    -           -           -                how
BUILT = "built"                 # player    pos         cost        level            -
SOLD_BUILDING = "sold-building" # player    pos         refund      level            -
MORTGAGED = "mortgaged"         # player    pos         amount      -                -
UNMORTGAGED = "unmortgaged"     # player    pos         amount      -                -
TRADE_OFFERED = "trade-offered" # proposer  -           cash        target           offer text
TRADE_ACCEPTED = "trade-accepted"  # target -           cash        proposer         offer text
TRADE_REJECTED = "trade-rejected"  # target -           -           proposer         offer text
TRANSFERRED = "transferred"     # to        pos         -           from (-1 bank)   -
CARD_GIVEN = "card-given"       # to        deck        card        from             -
DEBT = "debt"                   # debtor    -           amount      creditor         reason
BANKRUPT = "bankrupt"           # player    -           -           creditor         -
SHORTAGE = "shortage"           # requester -           supply      -                house/hotel
WANTS = "wants"                 # player    -           -           -                house/hotel
GAME_OVER = "game-over"         # winner    -           -           -                reason; "a,b" winners


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

    def to_json(self) -> dict:
        d: dict = {"kind": self.kind}
        for name, default in _DEFAULTS:
            value = getattr(self, name)
            if value != default:
                d[name] = value
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Event":
        return cls(**d)


_DEFAULTS = (("player", -1), ("pos", -1), ("amount", 0), ("other", -1), ("info", ""), ("private_to", -1))
