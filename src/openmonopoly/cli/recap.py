"""What happened since a player last decided, fitted into the lines a screen has left for it.

The player's own turn comes first and always has a place: what their roll did (the dice, the move, the
purchase, the rent, the card) is what they most need to see, so when the room is short it is folded (the
most important events kept, joined into as few lines as they fill) before anything of it is left out.
The others' turns come after it, in full when they fit, otherwise one line each (the turn's most
important events, the rest counted), and the oldest are left to ``log`` when even those do not fit.
Nothing is cut mid-word with an ellipsis: what does not fit is left out whole and counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ..engine import events as E
from ..engine.events import Event
from ..engine.game import Game
from . import render

# How much a player wants to hear of an event when not everything fits: 0 always kept, 3 first left out.
# Events of a family's own kinds (battles, towers, missions...) count as 1: they are what its turns are about.
IMPORTANCE: dict[str, int] = {
    E.DICE: 0,
    E.GAME_OVER: 0,
    E.BANKRUPT: 0,
    E.JAIL: 0,
    E.DEBT: 0,
    E.MOVED: 1,
    E.BOUGHT: 1,
    E.RENT: 1,
    E.PAID: 1,
    E.CARD: 1,
    E.AUCTION_WON: 1,
    E.AUCTION_UNSOLD: 1,
    E.TRADE_OFFERED: 1,
    E.TRADE_ACCEPTED: 1,
    E.TRADE_REJECTED: 1,
    E.BUILT: 1,
    E.SOLD_BUILDING: 1,
    E.LEFT_JAIL: 1,
    E.TRANSFERRED: 1,
    E.CARD_GIVEN: 1,
    E.SALARY: 2,
    E.MORTGAGED: 2,
    E.UNMORTGAGED: 2,
    E.RENT_LAPSED: 2,
    E.AUCTION_START: 2,
    E.BID: 3,
    E.BID_PASS: 3,
    E.TURN: 3,
    E.WANTS: 3,
    E.SHORTAGE: 3,
    E.GAME_STARTED: 3,
}
FAMILY_EVENT_IMPORTANCE = 1


def importance(event: Event) -> int:
    return IMPORTANCE.get(event.kind, FAMILY_EVENT_IMPORTANCE)


@dataclass
class Turn:
    """A run of events from one turn header to the next (``owner``: whose turn; -1 before the first)."""

    owner: int
    events: list[Event] = field(default_factory=list)


def split_turns(events: Sequence[Event], first_owner: int) -> list[Turn]:
    """``events`` cut at each turn header; the run before the first header belongs to ``first_owner``."""
    turns = [Turn(first_owner)]
    for event in events:
        if event.kind == E.TURN:
            turns.append(Turn(event.player))
        turns[-1].events.append(event)
    return [t for t in turns if t.events]


class Recap:
    """The box of what happened since ``me`` last decided, at ``console``'s width."""

    def __init__(self, game: Game, console: Console, events: Sequence[Event], me: int | None, mine_first: bool):
        self.game = game
        self.console = console
        self.me = me
        self.inside = console.options.update(width=max(20, console.width - 4))
        # The run before the first turn header continues the turn in which ``me`` last decided.
        turns = split_turns(events, me if (mine_first and me is not None) else -1)
        # ``me``'s new turn, begun since (its header, and what came with it), is said last.
        self.tail = turns.pop().events if turns and me is not None and turns[-1].owner == me and len(turns) > 1 else []
        self.mine = [e for t in turns if me is not None and t.owner == me for e in t.events]
        self.others = [t for t in turns if me is None or t.owner != me]
        self.events = list(events)

    # ------------------------------------------------------------------ measuring
    def height(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.inside, pad=False))

    def line(self, event: Event) -> Text:
        return render.event_text(self.game, event, self.me)

    def joined(self, events: Sequence[Event]) -> Text:
        """Events as one sentence, "Cy rolls 4 and 5; moves to Virgin; buys Virgin for $100K.", a player's
        name said once for a run of their own events."""
        out = Text()
        last = None
        for event in events:
            text = self.line(event)
            name = self.game.players[event.player] + " " if 0 <= event.player < len(self.game.players) else None
            if last is not None and name and event.player == last and text.plain.startswith(name):
                text = text[len(name) :]
            if out:
                if out.plain.endswith("."):
                    out.right_crop(1)
                out.append("; ")
            out.append_text(text)
            last = event.player
        return out

    # ------------------------------------------------------------------ folding
    def most_important(self, events: Sequence[Event], keep_n: int) -> list[Event]:
        """The ``keep_n`` most important of ``events``, in their order (the earlier first among equals)."""
        ranked = sorted(range(len(events)), key=lambda i: (importance(events[i]), i))
        return [events[i] for i in sorted(ranked[:keep_n])]

    def folded(self, events: Sequence[Event], budget: int) -> list[Text]:
        """``events`` in at most ``budget`` lines: one line each if that fits; else the most important
        ones joined into one sentence, the rest counted ("+3 more")."""
        if not events or budget <= 0:
            return []
        lines = [self.line(e) for e in events]
        if sum(self.height(t) for t in lines) <= budget:
            return lines
        for keep_n in range(len(events), 0, -1):
            text = self.joined(self.most_important(events, keep_n))
            left = len(events) - keep_n
            if left:
                text.append(f" (+{left} more: 'log')", style="dim")
            if self.height(text) <= budget:
                return [text]
        return []

    def summary(self, turn: Turn) -> Text:
        """One line for another player's turn: its most important events, as many as fit the width."""
        events = [e for e in turn.events if e.kind != E.TURN] or turn.events
        for keep_n in range(len(events), 0, -1):
            text = self.joined(self.most_important(events, keep_n))
            left = len(events) - keep_n
            if left:
                text.append(f" (+{left})", style="dim")
            if self.height(text) <= 1:
                return text
        return text  # (one event longer than a line: it wraps rather than being cut)

    # ------------------------------------------------------------------ the box
    def body(self, budget: int) -> list[Text]:
        """The box's lines, at most ``budget`` of them: one's own turn first, then the others' turns (in
        full, else a line each), then the header of one's new turn. One's own turn is folded to leave the
        others a line each before any of theirs is left out."""
        tail = self.folded(self.tail, 1 if self.others else budget)
        budget -= self.lines_height(tail)
        if not self.others:
            return [*self.folded(self.mine, budget), *tail]
        mine_full = [self.line(e) for e in self.mine]
        full = [self.line(e) for t in self.others for e in t.events]
        summaries = [self.summary(t) for t in self.others]
        mine_h, full_h, summaries_h = (self.lines_height(x) for x in (mine_full, full, summaries))
        if mine_h + full_h <= budget:
            return [*mine_full, *full, *tail]
        if mine_h + summaries_h <= budget:
            return [*mine_full, *summaries, *tail]
        mine = self.folded(self.mine, budget - summaries_h)
        if mine or not self.mine:
            return [*mine, *summaries, *tail]
        mine = self.folded(self.mine, budget)
        return [*mine, *self.newest(summaries, budget - self.lines_height(mine)), *tail]

    def lines_height(self, lines: Sequence[Text]) -> int:
        return sum(self.height(t) for t in lines)

    def newest(self, summaries: list[Text], rest: int) -> list[Text]:
        """The newest of the others' turns that fit in ``rest`` lines, after a count of the ones left out."""
        rest -= 1
        kept: list[Text] = []
        for text in reversed(summaries):
            h = self.height(text)
            if h > rest:
                break
            kept.insert(0, text)
            rest -= h
        left = len(summaries) - len(kept)
        if rest < 0:
            return []
        return [Text(f"{left} earlier turn(s) not shown: 'log' has them", style="dim italic"), *kept]

    def panel(self, title: str, budget: int | None) -> Panel | Group | None:
        """The box in at most ``budget`` lines, borders included (None: everything); without borders
        when only a line or two are left."""
        if budget is None:
            lines = [self.line(e) for e in self.events] or [Text("(nothing new)", style="dim")]
            return Panel(Group(*lines), title=title, title_align="left", box=box.ROUNDED)
        if not self.events or budget <= 0:
            return None
        if budget < 3:
            bare = self.body(budget)
            return Group(*bare) if bare else None
        lines = self.body(budget - 2)
        if not lines:
            return None
        return Panel(Group(*lines), title=title, title_align="left", box=box.ROUNDED)

    def needs(self) -> int:
        """The fewest lines that show what ``me`` did (bordered): 0 when nothing happened."""
        if not self.events:
            return 0
        return 3 if self.mine or self.tail else 0
