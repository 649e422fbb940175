"""Why an answer typed at the terminal was refused, in the edition's words: what the question is (the
sentence the screen asks it with) and which answers are possible now (the menu's labels, each with what
to type), rather than the engine's names for prompts and action kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console

from ..engine import actions as A
from ..engine.actions import Action

if TYPE_CHECKING:
    from .terminal import Session

# What one is trying to do, as a person says it ("You cannot <verb> now").
VERBS = {
    A.ROLL: "roll",
    A.BUY: "buy",
    A.AUCTION: "send this to auction",
    A.BID: "bid",
    A.PASS: "pass",
    A.PAY: "pay",
    A.PAY_BAIL: "pay to leave jail",
    A.USE_CARD: "use a get-out-of-jail card",
    A.BANKRUPT: "declare bankruptcy",
    A.ACCEPT: "accept a trade",
    A.REJECT: "reject a trade",
    A.BUILD: "build",
    A.SELL: "sell",
    A.SELL_ALL: "sell a set's buildings",
    A.MORTGAGE: "mortgage",
    A.UNMORTGAGE: "lift a mortgage",
    A.TRADE: "propose a trade",
    A.END: "end this",
}
# An engine's reason that only restates "that kind does not answer this prompt" adds nothing here.
GENERIC_REASON = "does not answer this prompt"


def question(session: Session, seat: int) -> str:
    """The question now put to ``seat``, as the screen words it (its first lines, plain text)."""
    prompt = session.game.prompt
    if prompt is None or prompt.player != seat:
        return ""
    quiet = Console(width=10_000, color_system=None, file=session.console.file)
    lines = quiet.render_lines(session.screen.prompt_text(prompt), quiet.options, pad=False)
    text = " ".join("".join(seg.text for seg in line).strip() for line in lines[:2])
    return text if text.endswith((".", "?", ")")) else text + "."


def possible_answers(session: Session, seat: int) -> str:
    """The answers to the question, as the menu lists them, each with the text that takes it."""
    game = session.game
    legal = game.legal_actions(seat)
    answers = [a for a in legal.actions if a.kind not in game.ACTION_KINDS.anytime]
    parts = [f"{session.screen.action_label(seat, a)} ('{a}')" for a in answers]
    if legal.bid_range is not None:
        lo, hi = legal.bid_range
        parts.insert(min(1, len(parts)), f"a bid from {game.edition.money(lo)} to {game.edition.money(hi)} ('bid N')")
    return "; ".join(parts)


def refusal(session: Session, seat: int, action: Action | str, reason: str | None) -> str:
    """One message: what was refused and why, the question, and the possible answers."""
    kind = action.kind if isinstance(action, Action) else action
    game = session.game
    if kind not in game.ACTION_KINDS.all:
        head = f"There is no '{kind}' in {game.edition.name}."
    else:
        head = f"You cannot {VERBS.get(kind, repr(str(action)))} now"
        head += f" ({reason})." if reason and GENERIC_REASON not in reason else "."
    asked = question(session, seat)
    answers = possible_answers(session, seat) if asked else ""
    out = head
    if asked:
        out += f" The question: {asked}"
    if answers:
        out += f" Possible answers: {answers}."
    return out
