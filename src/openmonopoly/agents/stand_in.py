"""The stand-in: a bot that only minds an absent person's seat.

It answers what the game cannot go on without and decides nothing the person would want to decide
themselves: it rolls, pays what is owed (raising the money the cautious way: mortgages before sales of
buildings, cheapest first, and never a trade), declines optional purchases (the bank auctions them),
passes every auction, declines every trade offered, keeps a mortgaged property it receives as it is,
claims rent owed, and ends the turn. It never builds, lifts a mortgage, proposes a trade, pays bail, plays
a card it may keep for later or takes an optional extra. Where the rules force a choice that spends nothing
(a player to target, a space to pick, which Signet card to keep, where to place Grogu), it asks the
family's heuristic bot and takes that answer unless it is one of the things above.

The turn timer hands a timed-out turn to this bot, and it is what the host's "Bot plays" puts in an absent
person's seat unless the host chooses the full bot.
"""

from __future__ import annotations

from typing import Final

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.prompt import Prompt
from ..engine.view import View
from .base import Agent

# The answers a stand-in gives where the prompt offers them, best first: each leaves the person's money,
# property and cards as they were (or collects what is owed to them). The family-specific kinds are named
# by their text (this module imports no rules family): Empire's "move" (ignore the swapper die).
MINDFUL: Final[tuple[str, ...]] = (
    A.REJECT,  # a trade offered to the seat
    A.PASS,  # an auction, a card that could be answered, a building shortage, an optional mission
    A.AUCTION,  # an optional purchase: the bank auctions it
    A.KEEP,  # a mortgaged property received: keep it mortgaged (interest only); a battle roll kept
    A.CLAIM,  # rent the seat is owed
    A.PAY,  # a debt or rent the cash covers
    A.ROLL,  # the turn's roll (in jail: try for doubles)
    "move",  # Empire's swapper die: just move
    A.END,  # the turn, or an optional choice, ends
)
# Never taken by a stand-in: each spends the person's money, gives something of theirs away or uses
# something they might keep for later. (A bankruptcy is only legal when nothing can raise the debt.)
NEVER: Final[frozenset[str]] = frozenset(
    {
        A.BUY,
        A.BID,
        A.TRADE,
        A.ACCEPT,
        A.BUILD,
        A.UNMORTGAGE,
        A.LIFT,
        A.WANT,
        A.PAY_BAIL,
        A.USE_CARD,
        A.PLAY,
        A.REROLL,
        A.SELL_ALL,
        "buy-office",
        "swap",
        "mission",
    }
)
# What a stand-in does to raise a debt it cannot pay, in this order: mortgages, then sales.
RAISING: Final[tuple[str, ...]] = (A.MORTGAGE, A.SELL)


class StandIn:
    """Minds a seat: see the module's text."""

    name = "stand-in"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._chooser: Agent | None = None  # the family's heuristic bot, for forced choices only

    def act(self, view: View, prompt: Prompt) -> Action:
        legal = view.legal_actions()
        anytime = view.action_kinds.anytime
        answers = [a for a in legal.actions if a.kind not in anytime]
        kinds = {a.kind for a in answers}
        for kind in MINDFUL:
            if kind in kinds:
                return next(a for a in answers if a.kind == kind)
        if not answers:  # a debt the cash does not cover yet, and it can still be raised
            raise_money = self._raise_money(view, legal.actions)
            if raise_money is not None:
                return raise_money
        allowed = [a for a in answers if a.kind not in NEVER]
        if len(allowed) > 1:
            choice = self._forced_choice(view, prompt)
            if choice in allowed:
                return choice
        if allowed:
            return allowed[0]
        if answers:  # only what a stand-in would rather not do (a bankruptcy's last resort is among these)
            return answers[0]
        return legal.first()

    def _raise_money(self, view: View, actions: list[Action]) -> Action | None:
        """The next step of raising a debt: the mortgage of least value, else the sale of the cheapest
        building; None when neither is possible."""
        board = view.edition.board
        for kind in RAISING:
            options = [a for a in actions if a.kind == kind]
            if options:
                if kind == A.MORTGAGE:
                    return min(options, key=lambda a: (board[a.arg].mortgage, a.arg))
                return min(options, key=lambda a: (getattr(board[a.arg], "house_cost", 0), a.arg))
        return None

    def _forced_choice(self, view: View, prompt: Prompt) -> Action | None:
        if self._chooser is None:
            from .by_family import FamilyHeuristic

            self._chooser = FamilyHeuristic(self.seed)
        try:
            return self._chooser.act(view, prompt)
        except Exception:  # noqa: BLE001 - the chooser is only advice; the first allowed answer will do
            return None
