"""The trade wizard: a partner, what each side gives, cash and cards, then the offer to confirm."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ...engine import actions as A
from ...engine.actions import Action, TradeOffer, whole_number
from ...engine.errors import OpenMonopolyError
from ...engine.prompt import Legal
from .. import render
from .bid import strip_money

if TYPE_CHECKING:
    from ..terminal import Session


class Cancelled(Exception):
    """The player typed 'cancel' (or left the partner question empty)."""


class TradeWizard:
    """One proposal by ``seat``: asked step by step, checked by the rules before it is offered."""

    def __init__(self, session: Session, seat: int, legal: Legal) -> None:
        self.session = session
        self.game = session.game
        self.console = session.console
        self.seat = seat
        self.legal = legal
        self.view = session.screen.view()

    def run(self) -> str:
        try:
            return self._run()
        except Cancelled:
            self.console.print("Trade cancelled.")
            return "choices"
        except EOFError:
            from .leave import QuitGame

            raise QuitGame("End of input: leaving the game.", self.session.save_path) from None

    def read(self, question: str) -> str:
        text = self.session.read(question)
        if text.lower() in ("cancel", "c"):
            raise Cancelled
        return text

    def tradable(self, owner: int) -> list[int]:
        """``owner``'s properties that may change hands (none in a set with buildings on it)."""
        game = self.game
        ed = game.edition
        s = self.view
        levels = getattr(game.state, "level", None)
        out = []
        for pos in ed.properties:
            if s.owner[pos] != owner:
                continue
            group = ed.board[pos].group
            if group is not None and levels is not None and any(s.level[q] for q in ed.group_members[ed.group_of[pos]]):
                continue
            out.append(pos)
        return out

    def find_among(self, text: str, allowed: list[int]) -> int:
        """A space by number or name, preferring the spaces in ``allowed`` when a name part is ambiguous."""
        ed = self.game.edition
        low = text.lower()
        if not low.isdigit():
            hits = [pos for pos in allowed if low in ed.board[pos].name.lower()]
            if len(hits) == 1:
                return hits[0]
        return ed.find(text)

    def pick_spaces(self, question: str, allowed: list[int]) -> list[int]:
        while True:
            text = self.read(question)
            if not text or text == "-":
                return []
            picked: list[int] = []
            bad = []
            for part in text.split(","):
                part = part.strip()
                if not part:
                    continue
                pos = self.find_among(part, allowed)
                if pos < 0 or pos not in allowed:
                    bad.append(part)
                elif pos not in picked:
                    picked.append(pos)
            if not bad:
                return picked
            self.console.print(
                f"Not tradable here: {', '.join(bad)}. Choose from the list (numbers or names, "
                "comma-separated), Enter for none, 'cancel' to stop.",
                style="yellow",
            )

    def listing(self, spaces: list[int]) -> Text:
        ed = self.game.edition
        mortgages = getattr(self.view, "mortgaged", None)  # (families without mortgages have none)
        t = Text()
        for pos in spaces:
            t.append("  ")
            t.append_text(self.session.screen.space_mark(pos))
            mortgaged = " (mortgaged)" if mortgages is not None and mortgages[pos] else ""
            t.append(f" {pos} {ed.board[pos].name}{mortgaged}\n")
        return t if spaces else Text("  (nothing tradable)\n", style="dim")

    def partner(self, partners: list[int]) -> int:
        game = self.game
        ed = game.edition
        for i, q in enumerate(partners, 1):
            self.console.print(
                Text.assemble(
                    f" {i}) ",
                    render.name_text(game, q),
                    f"  {ed.money(self.view.cash[q])}  ",
                    self.session.screen.holdings(q),
                )
            )
        while True:
            text = self.read("Trade with (number): ")
            if not text:
                raise Cancelled
            n = whole_number(text)
            if n is not None and 1 <= n <= len(partners):
                return partners[n - 1]
            self.console.print(f"Choose 1-{len(partners)}, or Enter to cancel.", style="yellow")

    def cash(self, target: int) -> int:
        ed = self.game.edition
        view = self.view
        while True:
            text = self.read(
                f"Cash: you pay them (e.g. 100), they pay you (e.g. -100), Enter for none "
                f"(you have {ed.money(view.cash[self.seat])}, they have {ed.money(view.cash[target])}): "
            )
            text = strip_money(text, ed.currency_symbol)
            if not text:
                return 0
            amount = whole_number(text[1:] if text.startswith("-") else text)
            if amount is None:
                self.console.print("A whole number, please (negative: they pay you).", style="yellow")
                continue
            payer = target if text.startswith("-") else self.seat
            if amount > view.cash[payer]:  # (only this answer is asked again: the rest of the offer stays)
                who = "you have" if payer == self.seat else f"{self.game.players[payer]} has"
                self.console.print(f"{who.capitalize()} only {ed.money(view.cash[payer])}.", style="yellow")
                continue
            return -amount if text.startswith("-") else amount

    def ask_give(self, mine: list[int]) -> list[int]:
        self.console.print(Text.assemble("You can give:\n", self.listing(mine)))
        return self.pick_spaces("Give which properties (numbers or names, comma-separated): ", mine)

    def ask_take(self, target: int, theirs: list[int]) -> list[int]:
        self.console.print(Text.assemble(f"{self.game.players[target]} can give:\n", self.listing(theirs)))
        return self.pick_spaces("Ask for which properties: ", theirs)

    def part_to_change(self, offer: TradeOffer, cash: list[int]) -> str:
        """Which part of a refused offer to ask again: the cash when it is more than the payer has,
        else the player's choice (Enter or 'cancel' stops the trade)."""
        if offer.cash > cash[offer.proposer] or -offer.cash > cash[offer.target]:
            self.console.print("The rest is kept; say the cash again.", style="yellow")
            return "cash"
        while True:
            text = self.read("Change 1) what you give, 2) what you ask for, 3) the cash (Enter: cancel): ")
            if not text:
                raise Cancelled
            n = whole_number(text)
            if n in (1, 2, 3):
                return ("give", "take", "cash")[n - 1]
            self.console.print("Choose 1, 2 or 3, or Enter to cancel.", style="yellow")

    def _run(self) -> str:
        game = self.game
        console = self.console
        seat, view = self.seat, self.view
        partners = self.legal.trade_partners
        if not partners:
            words = self.session.screen.no_trade_words(seat)
            console.print(f"No trade can be proposed now: {words}.", style="yellow")
            return "stay"
        console.print(Text("Propose a trade (Enter skips a question, 'cancel' stops)", style="bold"))
        target = self.partner(list(partners))
        mine, theirs = self.tradable(seat), self.tradable(target)
        give = self.ask_give(mine)
        take = self.ask_take(target, theirs)
        cash = self.cash(target)
        give_cards: tuple[int, ...] = ()
        take_cards: tuple[int, ...] = ()
        if view.held[seat] and self.session.ask_yes("Give your get-out-of-jail card?", False):
            give_cards = (view.trade_cards(seat)[0],)
        if view.held[target] and self.session.ask_yes("Ask for their get-out-of-jail card?", False):
            take_cards = (view.trade_cards(target)[0],)
        while True:
            # One answer the rules refuse (too much cash, nothing moving) costs only that answer: the
            # others are kept and the player says which part to give again.
            offer = TradeOffer(seat, target, tuple(give), tuple(take), cash, give_cards, take_cards)
            reason = game.check(seat, Action(A.TRADE, -1, offer))
            if reason is None:
                break
            console.print(f"That trade is not allowed: {reason}.", style="yellow")
            console.print(Text.assemble("So far: ", render.trade_summary(game, offer.to_json(), viewer=seat)))
            part = self.part_to_change(offer, view.cash)
            if part == "give":
                give = self.ask_give(mine)
            elif part == "take":
                take = self.ask_take(target, theirs)
            else:
                cash = self.cash(target)
        console.print(render.trade_summary(game, offer.to_json(), viewer=seat))
        if not self.session.ask_yes("Propose this trade?", True):
            raise Cancelled
        try:
            game.act(seat, Action(A.TRADE, -1, offer))
        except OpenMonopolyError as exc:
            console.print(f"Not allowed: {getattr(exc, 'reason', exc)}.", style="yellow")
            return "choices"
        return "acted"


def trade_dialog(session: Session, seat: int, legal: Legal) -> str:
    return TradeWizard(session, seat, legal).run()
