"""Action and event kinds of the Empire family (``EMPIRE_KINDS``: what ``EmpireGame.parse`` reads)."""

from __future__ import annotations

from typing import Final

from ...engine import actions as A

# Actions (besides the shared roll, pay-bail, use-card, buy, auction, bid, pass, pay, end, accept, reject, trade).
SWAP: Final = "swap"  # sneaky swap: pick a tower (twice: the two towers whose tops change places)
MOVE: Final = "move"  # ignore the swapper die and move by the numbered die
PLAY: Final = "play"  # play Empire card N (its index in the Empire deck) from your hand
TARGET: Final = "target"  # choose a player (Rival Tower Tax, a card's victim, casino night)
PICK: Final = "pick"  # choose a space (Free Parking trip, move-to-any-space, speed ahead, YOU'RE FIRED!)
BUY_OFFICE: Final = "buy-office"  # buy an office tile from the bank on your turn

# The shared kinds less what Empire has no use for (buildings, mortgages, bankruptcy, ...), plus its own.
EMPIRE_KINDS = A.SHARED_KINDS.without(
    A.BANKRUPT,
    A.LIFT,
    A.KEEP,
    A.CLAIM,
    A.WAIVE,
    A.WANT,
    A.REROLL,
    A.PLACE,
    A.CHOOSE,
    A.BUILD,
    A.SELL,
    A.SELL_ALL,
    A.MORTGAGE,
    A.UNMORTGAGE,
).extend(plain=(MOVE, BUY_OFFICE), numbered=(SWAP, PLAY, TARGET, PICK))

# (Final: compiled code reads them as constants, not from the module's dictionary at each use)
A_MOVE: Final[A.Action] = A.Action(MOVE)
A_BUY_OFFICE: Final[A.Action] = A.Action(BUY_OFFICE)

# Events            player        pos        amount          other          info
EV_PIECE_IN: Final = (
    "tower-in"  # tower owner piece  price paid      from (-1 bank) how: bought/auction/free/office-set/
)
#                                                                                      office-bought/takeover/debt/swap
EV_PIECE_OUT: Final = "tower-out"  # tower owner piece  -               -              why: tower-tax/rival-tax/debt/
#                                                                                      crash/fired
EV_SWAPPED: Final = "tower-swap"  # actor       -      tower a         tower b        "pieceA,pieceB" (the tops swapped)
EV_EMPIRE_DRAWN: Final = (
    "empire-drawn"  # player    -      -               -              - (public; the card is private)
)
EV_EMPIRE_PLAYED: Final = "empire-played"  # player  -      card index      -              card id
EV_BLOCKED: Final = "blocked"  # victim      -      card index      attacker       card id
EV_NO_RENT: Final = "no-rent"  # lander      pos    -               owner          "jail"
EV_CASINO: Final = "casino"  # winner      -      amount          loser          "a:b" rolls
EV_CHOSE: Final = "chose"  # player      pos    -               target         purpose
