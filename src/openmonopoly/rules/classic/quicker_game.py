"""The Quicker Game (Sailor Moon) / short game (Clone Wars): one option, shared by both editions.

The two rulebooks print the same four special rules:

1. at set-up the banker shuffles the title deeds and deals three to each player, free;
2. a hotel (city) needs only three houses (settlements) on each property of the set; rents stay
   as printed, and the bank's buy-back of a hotel is half of what it cost (three houses and the
   hotel: one house less than in the regular game);
3. a player in jail must leave on their next turn: card, doubles or the fine -- after a failed
   try for doubles they pay the fine and move by that roll in the same turn;
4. the game ends when a player goes bankrupt; the others count cash, properties at price
   (mortgaged at half), houses and hotels at their purchase price (a hotel: three houses plus
   the hotel) and the wealthiest wins.

``QuickerGame`` is the classic game with this option; an edition's own class derives from it.
The bankrupt player's estate is still settled (the creditor's lift-or-keep decisions, the bank's
auctions) before the count, so the rulebook's hand-over rules count too.
"""

from __future__ import annotations

from typing import ClassVar

from ...editions import Edition
from ...engine import events as E
from ...engine.events import Event
from ...engine.flow import Step
from ...engine.options import Option
from ...engine.state import BANK
from ..money import transfer
from .game import ClassicGame, ClassicState

QUICKER = "quicker-game"
FIRST_BANKRUPTCY = "first-bankruptcy"
QUICKER_DEEDS = 3
QUICKER_HOUSES_PER_HOTEL = 3


def quicker_option(name_in_book: str) -> Option:
    return Option(
        QUICKER,
        False,
        f"The rulebook's {name_in_book}: 3 free title deeds each at set-up, a hotel after 3 houses (buy-back "
        "lowered to match), leave jail on your next turn, and the game ends at the first bankruptcy: the "
        "wealthiest by the rulebook's valuation wins.",
    )


class EndAtBankruptcy(Step):
    """Quicker game: once the bankrupt's estate is settled, the wealthiest player left wins."""

    FIELDS = ()
    automatic = True

    def run(self, game: QuickerGame) -> None:
        game.pop()
        game.end_by_valuation(FIRST_BANKRUPTCY)


def quicker_options(edition: Edition, name: str) -> dict[str, Option]:
    """The classic options and the quicker game's, called ``name`` (a subclass adds its own to these:
    compiled, ``super()`` in a classmethod does not pass the subclass on)."""
    options = ClassicGame.available_options(edition)
    options[QUICKER] = quicker_option(name)
    return options


class QuickerGame(ClassicGame):
    """A classic-family game whose rulebook has the Quicker Game (short game) option."""

    QUICKER_NAME: ClassVar[str] = "Quicker Game"

    @classmethod
    def available_options(cls, edition: Edition) -> dict[str, Option]:
        return quicker_options(edition, cls.QUICKER_NAME)

    # ------------------------------------------------------------ hooks changed by the option
    @property
    def houses_per_hotel(self) -> int:
        return QUICKER_HOUSES_PER_HOTEL if self.options[QUICKER] else self.edition.rules.max_houses

    @property
    def jail_attempts(self) -> int:
        return 1 if self.options[QUICKER] else 3

    @property
    def bankruptcy_interest_always(self) -> bool:
        # Both rulebooks: the creditor pays the 10% on each mortgaged property received, at once,
        # whether or not they lift the mortgage (lifting then costs the usual mortgage + 10%).
        return True

    def after_bankruptcy(self, player: int, handover: list[Step]) -> None:
        if self.options[QUICKER]:
            self.end_after(handover)

    def end_after(self, handover: list[Step]) -> None:
        """End the game once the ``handover`` steps (still pending) are settled; nothing else is played."""
        s: ClassicState = self.state
        keep = [step for step in s.stack if any(step is h for h in handover)]
        s.stack[:] = [EndAtBankruptcy()] + keep

    def end_by_valuation(self, reason: str) -> None:
        """The wealthiest living player(s) by the rulebook's valuation (``net_worth``) win."""
        self.end_at_limit(reason)

    # ------------------------------------------------------------ set-up
    def deal_at_setup(self) -> None:
        if self.options[QUICKER]:
            self.deal_deeds(QUICKER_DEEDS, paid=False)

    def deal_deeds(self, count: int, *, paid: bool) -> None:
        """Shuffle the title deeds and deal ``count`` to each player in seat order, one at a time;
        ``paid``: each player pays the bank the printed price of each deed at once."""
        s: ClassicState = self.state
        deeds = list(self.edition.properties)
        self.chance.shuffle(deeds)
        board = self.edition.board
        for round_ in range(count):
            for p in range(s.n):
                pos = deeds[round_ * s.n + p]
                s.owner[pos] = p
                s.owner_changes += 1
                if self._events is not None:
                    self._events.append(Event(E.TRANSFERRED, p, pos, other=BANK))
                if paid:
                    price = board[pos].price
                    transfer(self, p, BANK, price)
                    if self._events is not None:
                        self._events.append(Event(E.PAID, p, pos, price, BANK, "deed"))
