"""Terminal play: bots and humans (who read from stdin) at one table.

``Session`` drives a game to its end. Bots answer their prompts through
``agent.act(view, prompt)``; for a human seat the session itself draws the
screen and reads a line (``Session.human_decides``): a choice number, a command
(``help``) or an action in text form (``bid 120``); its dialogs live in
``cli/dialogs/``. Input may be piped; end of input quits cleanly.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import actions as A
from ..engine import prompt as P
from ..engine.actions import Action, whole_number
from ..engine.errors import BadActionText, IllegalAction
from ..engine.events import Event
from ..engine.game import Game
from ..engine.house_rules import HOUSE_RULES
from ..engine.options import option_text
from ..engine.prompt import Legal, Prompt
from . import pager, render
from .dialogs.bid import bid_dialog
from .dialogs.confirm import TIME_UP, confirm
from .dialogs.leave import QuitGame, quit_dialog
from .dialogs.manage import manage_dialog
from .dialogs.trade import trade_dialog
from .recap import Recap
from .refusals import refusal
from .screens import screen_for

__all__ = ["QuitGame", "Session", "save_game"]

# Bots get this many any-time actions (build, mortgage, trade...) in a row on one prompt before
# the session answers the prompt for them: a guard against a bot that never moves on.
BOT_ANYTIME_LIMIT = 60

# The longest line of input read as a choice, command or action (a longer one is refused, not parsed).
MAX_INPUT = 200
# Answers that cannot be taken back, listed after the safe ones whatever the rules' order.
DRASTIC = {A.BANKRUPT: 2, A.ACCEPT: 1, TIME_UP: 3}
# Any-time actions on one's own properties: in the 'Manage properties' submenu, in this order.
MANAGE_KINDS = (A.BUILD, "sell-city", A.SELL, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE)

# A label's closing remark in brackets, left out of a long list's narrow columns ('board' tells it).
PARENTHETICAL = re.compile(r"\s*\([^()]*\)$")


@dataclass
class Choice:
    label: str
    action: Action | None = None  # None: a bid (asks the amount) or a trade (opens the dialog)
    special: str = ""  # "bid" | "trade" | "manage"


def save_game(game: Game, path: str, seats: Sequence[str] | None = None) -> None:
    """Write ``game`` to ``path`` whole or not at all: into a temporary file beside it, flushed to disk,
    then renamed over the old save, so a crash or a closed window mid-write keeps the previous save.
    ``seats``: who plays each seat (human or a bot kind), so that ``--load`` alone resumes the table."""
    data = game.to_json()
    if seats is not None:
        data["seats"] = list(seats)  # (the terminal's; Game.from_json reads only the game's own keys)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".openmonopoly-save-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class Session:
    """One game at the terminal: ``kinds[seat]`` is "human" or a bot kind; ``agents`` the bots by seat."""

    def __init__(
        self,
        game: Game,
        kinds: Sequence[str],
        agents: dict[int, Any],
        console: Console,
        save_path: str | None = None,
        read: Callable[[str], str] | None = None,
        interactive: bool | None = None,
        seen: int = 0,
        deadline: float | None = None,
        fit: bool = False,
        note: str | None = None,
    ) -> None:
        self.game = game
        self.deadline = deadline  # time.monotonic() when a clock-timed game ends ('time-up')
        self.kinds = list(kinds)
        self.agents = agents
        self.console = console
        self.save_path = save_path
        self._autosave_failed = False
        self.interactive = sys.stdin.isatty() and console.is_terminal if interactive is None else interactive
        self._read = read
        self.seen = seen  # events already shown (game.history[:seen])
        self.last_seen: dict[int, int] = {}  # per human seat: len(history) when they last saw the screen
        self.fit = fit  # fit each screen to the console's height even when piped
        self.note = note  # said before the game and after it (how to play it again)
        self.humans = [s for s, k in enumerate(self.kinds) if k == "human"]
        self.screen = screen_for(game)
        self.menu_height = 0  # the lines of the question and its choices now shown (a list printed above them)

    # ------------------------------------------------------------------ input
    def read(self, prompt: str) -> str:
        if self._read is not None:
            line = self._read(prompt)
        else:
            self.console.print(Text.from_markup(prompt), end="")
            self.console.file.flush()
            line = sys.stdin.readline()
            if not line:
                self.console.print()
                raise EOFError
            line = line.rstrip("\r\n")
            if not self.interactive:
                self.console.print(line, style="dim", markup=False, highlight=False)  # a readable transcript
        return line.strip()

    def read_or_quit(self, prompt: str) -> str:
        """A line of input inside a dialog; the end of input leaves the game (saving with ``--save``)."""
        try:
            return self.read(prompt)
        except EOFError:
            raise QuitGame("End of input: leaving the game.", self.save_path) from None

    def ask_yes(self, question: str, default: bool) -> bool:
        hint = escape("[Y/n]" if default else "[y/N]")
        while True:
            answer = self.read(f"{question} {hint} ").lower()
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.console.print("Please answer y or n.", style="yellow")

    # ------------------------------------------------------------------ the game loop
    def say_house_rules(self) -> None:
        """The set-up's list of the house rules in play, each with its one-line explanation."""
        game = self.game
        known = game.available_options(game.edition)
        chosen = [(k, v) for k, v in game.chosen_options().items() if k in HOUSE_RULES and k in known]
        if not chosen:
            return
        self.console.print("House rules at this table:", style="bold")
        for name, value in chosen:
            self.console.print(f"  {option_text(name, value)}: {known[name].help.removeprefix('House rule: ')}")

    def run(self) -> int:
        game = self.game
        self.say_house_rules()
        self.say_note()
        try:
            while not game.over:
                prompt = game.prompt
                if prompt is None:
                    break
                if self.deadline is not None and time.monotonic() >= self.deadline:
                    self.console.print("The agreed time is up.", style="bold")
                    game.act(game.state.current, "time-up")  # by whose turn it is; recorded, so the game replays
                    break
                if self.kinds[prompt.player] == "human":
                    self.autosave()
                    self.human_decides(prompt)
                else:
                    self.bot_decides(prompt)
                    if not any(game.state.alive[h] for h in self.humans):
                        self.flush_events()  # nobody at the keyboard is still playing: stream
        except QuitGame as stop:
            self.flush_events()
            target = stop.save
            if target:
                self.save(target)
            self.console.print(f"{stop.reason}", style="bold")
            self.say_note()
            return 0
        except KeyboardInterrupt:
            self.console.print("\nInterrupted.", style="bold")
            if self.save_path:
                self.save(self.save_path)
            return 130
        self.finish()
        return 0

    def finish(self) -> None:
        game = self.game
        if any(game.state.alive[h] for h in self.humans):
            self.draw_screen(None)
        else:
            self.flush_events()
        winners = game.winners
        names = ", ".join(game.players[w] for w in winners) or "nobody"
        reason = {
            "bankruptcy": "last player standing",
            "round-limit": "richest at the round limit",
            "tower-full": "first full tower",
        }.get(game.state.end_reason, game.state.end_reason)
        table = Table(box=box.SIMPLE_HEAD, title="Final standings", title_justify="left")
        table.add_column("Player")
        table.add_column("Cash", justify="right")
        table.add_column("Net worth", justify="right")
        order = sorted(range(len(game.players)), key=lambda s: (-int(game.state.alive[s]), -game.net_worth(s)))
        for seat in order:
            alive = game.state.alive[seat]
            table.add_row(
                render.name_text(game, seat),
                game.edition.money(game.state.cash[seat]),
                game.edition.money(game.net_worth(seat)) if alive else "bankrupt",
            )
        self.console.print(table)
        self.console.print(Panel(Text(f"Winner: {names} ({reason})", style="bold green"), expand=False))
        if self.save_path:
            self.save(self.save_path)
        self.say_note()

    def say_note(self) -> None:
        if self.note:
            self.console.print(self.note, style="dim", markup=False, soft_wrap=True)

    def autosave(self) -> None:
        """With ``--save``, the game as it stands before each human decision: a window closed, a lost
        connection or a crash then costs at most the move being made."""
        if self.save_path and not self._autosave_failed:
            # (a failure is said once; the saves on quit and at the end still try again)
            self._autosave_failed = not self.save(self.save_path, announce=False)

    def save(self, path: str, announce: bool = True) -> bool:
        try:
            save_game(self.game, path, self.kinds)
        except OSError as exc:
            self.console.print(f"Could not save to {path}: {exc.strerror or exc}", style="red")
            return False
        if announce:
            self.console.print(f"Game saved to {path}.", style="green", soft_wrap=True)  # a path must not be broken
        return True

    def new_events(self, viewer: int | None) -> list:
        events = self.game.history[self.seen :]
        self.seen = len(self.game.history)
        return [e for e in events if e.visible_to(viewer)]

    def flush_events(self) -> None:
        for event in self.new_events(None):
            self.console.print(render.event_text(self.game, event))

    # ------------------------------------------------------------------ bots
    def bot_decides(self, prompt: Prompt) -> None:
        game = self.game
        seat = prompt.player
        agent = self.agents[seat]
        streak = 0
        while game.prompt == prompt and not game.over:
            action = agent.act(game.view(seat), prompt)
            if action.kind in self.game.ACTION_KINDS.anytime:
                streak += 1
                if streak > BOT_ANYTIME_LIMIT:
                    action = self.fallback(seat)
            try:
                game.act(seat, action)
            except IllegalAction:
                game.act(seat, self.fallback(seat))
            if action.kind not in self.game.ACTION_KINDS.anytime:
                return

    def fallback(self, seat: int) -> Action:
        """A legal answer to the prompt (prompt answers first), for a bot that misbehaves."""
        legal = self.game.legal_actions(seat)
        answers = [a for a in legal.actions if a.kind not in self.game.ACTION_KINDS.anytime]
        if answers:
            return answers[0]
        if legal.bid_range is not None:
            return Action(A.BID, legal.bid_range[0])
        return legal.actions[0]

    # ------------------------------------------------------------------ humans
    def choices(self, seat: int, legal: Legal) -> list[Choice]:
        """The menu: the prompt's answers (safe ones first), a bid, then 'Manage…' and 'Propose a trade…'."""
        game = self.game
        anytime = game.ACTION_KINDS.anytime
        answers = [a for a in legal.actions if a.kind not in anytime]
        answers.sort(key=lambda a: DRASTIC.get(a.kind, 0))  # stable: the rules' order otherwise
        out = [Choice(self.screen.action_label(seat, a), a) for a in answers]
        if legal.bid_range is not None:
            out.insert(min(1, len(out)), Choice(render.bid_label(game, legal), special="bid"))
        manage = self.manage_choices(seat, legal)
        others = [a for a in legal.actions if a.kind in anytime and a.kind not in MANAGE_KINDS and self.offered(a)]
        out += self._unique([Choice(self.screen.action_label(seat, a), a) for a in others])
        if manage:
            out.append(Choice(f"Manage properties… ({len(manage)}: build, sell, mortgage)", special="manage"))
        if legal.trade_partners:
            out.append(Choice("Propose a trade…", special="trade"))
        return out

    def offered(self, action: Action) -> bool:
        """Whether the menu offers ``action``: ending a clock game only once its time is up (never without a
        clock: the engine would take 'time-up' at any moment)."""
        if action.kind == TIME_UP:
            return self.deadline is not None and time.monotonic() >= self.deadline
        return True

    def manage_choices(self, seat: int, legal: Legal) -> list[Choice]:
        """Build, sell, mortgage and lift mortgages: one entry each (a set's 'sell all' once)."""
        acts = [a for a in legal.actions if a.kind in MANAGE_KINDS]
        acts.sort(key=lambda a: MANAGE_KINDS.index(a.kind))
        return self._unique([Choice(self.screen.action_label(seat, a), a) for a in acts])

    @staticmethod
    def _unique(choices: list[Choice]) -> list[Choice]:
        seen: set[str] = set()
        out = []
        for c in choices:
            if c.label not in seen:
                seen.add(c.label)
                out.append(c)
        return out

    def clock(self) -> Text | None:
        if self.deadline is None:
            return None
        left = self.deadline - time.monotonic()
        if left <= 0:
            return Text("time is up", style="bold red")
        return Text(f"time left {int(left) // 60}:{int(left) % 60:02d}", style="bold")

    def status_lines(self, deciding: int | None) -> list[Text]:
        """The compact status: the header, then one line per player (who decides, cash, where, what else),
        each within the console's width: a long one leaves out its least needed parts whole rather than
        being cut off (the bot kind, then the family's facts, then the holdings; 'players' has them all)."""
        head = self.screen.header()
        clock = self.clock()
        if clock is not None:
            head = Text.assemble(clock, "  ", head)
        width = self.console.width
        lines = render.pack_segments(head, width)
        return lines + [self.player_line(seat, deciding, width) for seat in range(self.screen.view().n)]

    def player_line(self, seat: int, deciding: int | None, width: int) -> Text:
        game = self.game
        ed = game.edition
        view = self.screen.view()
        mark = "▶" if seat == deciding else ("·" if seat == view.current else " ")
        who = Text.assemble((mark, "bold"), render.tag(seat), " ", render.name_text(game, seat, 18))
        bot = seat < len(self.kinds) and self.kinds[seat] != "human"
        kind = Text(f"  [{self.kinds[seat]}]", style="dim") if bot else Text()
        if not view.alive[seat]:
            return Text.assemble(who, ("  out of the game", "dim"), kind)
        pos = view.position[seat]
        cash = Text(f"  {ed.money(view.cash[seat])}")
        place, short_place = Text(f"  at {pos} {ed.board[pos].name}"), Text(f"  at {pos}")
        facts = self.screen.status_facts(seat)
        facts_text = Text(f"  ({facts})", style="dim") if facts else Text()
        holdings = Text.assemble("  ", self.screen.holdings(seat))
        for parts in (
            (who, cash, place, facts_text, holdings, kind),
            (who, cash, place, facts_text, holdings),
            (who, cash, place, holdings),
            (who, cash, place, facts_text),
            (who, cash, place),
            (who, cash, short_place),
        ):
            line = Text.assemble(*parts)
            if line.cell_len <= width:
                return line
        return line

    def height_of(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def draw_screen(self, prompt: Prompt | None, footer: int = 0) -> None:
        """The screen for ``prompt``: status, (the board, if the window is tall), what happened since the
        decider last acted, fitted so that the question and ``footer`` lines below it stay in view. What
        the decider's own last move did keeps its place first: the players' lines give way before it."""
        game = self.game
        console = self.console
        me = prompt.player if prompt is not None else None
        mine_first = me is not None and me in self.last_seen  # (their last decision is in these events)
        events = self.since(me)
        if self.interactive:
            console.clear()
        status = self.status_lines(me)
        recap = Recap(game, console, events, me, mine_first)
        title = "Since your last move" if me is not None else "What just happened"
        if not (self.interactive or self.fit):  # a transcript (piped input): everything
            for line in status:
                console.print(line)
            console.print(recap.panel(title, None))
            return
        room = console.height - footer - 1  # -1: the input line
        heads = len(status) - self.screen.view().n
        if len(status) + recap.needs() > room:
            status = status[:1] + status[heads:]  # the header's first line only
        if len(status) + recap.needs() > room:
            status = status[:1]  # a very long question: the header's first line only
        for line in status:
            console.print(line, no_wrap=True, overflow="crop")
        room -= len(status)
        highlight = (
            prompt.details.get("pos")
            if prompt is not None and prompt.kind == P.BUY
            else (game.state.position[me] if me is not None else None)
        )
        columns = 2 if console.width >= 76 else 1
        board = self.screen.board_table(highlight=highlight, columns=columns, width=console.width)
        board_h = self.height_of(board)
        if room - board_h >= 12:  # a tall window: the board too, and room for the rest
            console.print(board)
            room -= board_h
        box_ = recap.panel(title, room)
        if box_ is not None:
            console.print(box_)

    def since(self, viewer: int | None) -> list[Event]:
        """Events since ``viewer`` last decided (for a bot-only table: since the last drawing)."""
        start = self.last_seen.get(viewer, self.seen) if viewer is not None else self.seen
        events = self.game.history[start:]
        self.seen = len(self.game.history)
        if viewer is not None:
            self.last_seen[viewer] = self.seen
        return [e for e in events if e.visible_to(viewer)]

    def menu(self, prompt: Prompt, choices: list[Choice]) -> list[RenderableType]:
        """The question and the numbered choices, as printed lines."""
        out: list[RenderableType] = [self.screen.prompt_text(prompt)]
        items = [Text.assemble((f"{i:>2}) ", "bold"), c.label) for i, c in enumerate(choices, 1)]
        long = [
            i
            for i, c in enumerate(choices)
            if not c.special and c.action is not None and c.action.kind not in self.game.ACTION_KINDS.anytime
        ]
        if len(long) > 8:  # a long list (any space, say): in columns, numbers running down
            first, last = long[0], long[-1] + 1
            width = self.console.width
            per_row = max(1, min(4, width // min(max(len(items[i]) for i in long) + 2, 26)))
            grid = Table.grid(padding=(0, 1))
            for _ in range(per_row):
                grid.add_column(no_wrap=True, overflow="ellipsis", max_width=width // per_row - 1)
            cell = width // per_row - 1
            block = [self.grid_item(i, choices[i].label, cell) for i in range(first, last)]
            rows = -(-len(block) // per_row)
            for r in range(rows):
                grid.add_row(*[block[r + c * rows] if r + c * rows < len(block) else "" for c in range(per_row)])
            out += [*items[:first], grid, *items[last:]]
        else:
            out.extend(items)
        out.append(Text("help · board · mine · deeds · players · log · legend · save · quit", style="dim"))
        return out

    @staticmethod
    def grid_item(index: int, label: str, width: int) -> Text:
        """A choice in a column ``width`` cells wide: its label, or without its remark in brackets
        ("12 Electric Company (for sale, $150K)" -> "12 Electric Company"), or its words shortened."""
        number = f"{index + 1:>2}) "
        plain = PARENTHETICAL.sub("", label)
        for text in (label, plain):
            if len(number) + len(text) <= width:
                return Text.assemble((number, "bold"), text)
        return Text.assemble((number, "bold"), render.short_names([plain], width - len(number))[0])

    def show_choices(self, prompt: Prompt, choices: list[Choice]) -> None:
        for part in self.menu(prompt, choices):
            self.console.print(part)

    def human_decides(self, prompt: Prompt) -> None:
        game = self.game
        seat = prompt.player
        name = game.players[seat]
        style = render.player_style(seat)
        redraw = True
        while True:
            legal = game.legal_actions(seat)
            choices = self.choices(seat, legal)
            self.menu_height = sum(self.height_of(part) for part in self.menu(prompt, choices))
            if redraw:
                self.draw_screen(prompt, footer=self.menu_height)
            self.show_choices(prompt, choices)
            try:
                line = self.read(f"[{style}]{name}[/] ▸ ")
            except EOFError:
                raise QuitGame("End of input: leaving the game.", self.save_path) from None
            outcome = self.handle(seat, line, choices, legal)
            if outcome == "acted":
                return
            # "redraw": the whole screen; "choices" (a command printed something) or "stay" (a message):
            # the question and the choices again below it, so that they stay in view
            redraw = outcome == "redraw"

    def handle(self, seat: int, line: str, choices: list[Choice], legal: Legal) -> str:
        """Do what one line of input says. Returns "acted", "redraw", "choices" or "stay"."""
        game = self.game
        console = self.console
        if not line:
            console.print(self.allowed(choices), style="yellow")
            return "stay"
        if len(line) > MAX_INPUT:
            console.print(
                f"That line is {len(line)} characters long; a choice, command or action is at most "
                f"{MAX_INPUT}. " + self.allowed(choices),
                style="yellow",
            )
            return "stay"
        words = line.split()
        cmd = words[0].lower()
        rest = line[len(words[0]) :].strip()
        number = whole_number(line)
        if number is not None:
            return self.pick(seat, number, choices, legal)
        if line.lstrip("+-").isdigit():  # '²', '--5', '-1', a very long number: no choice's number
            shown = line if len(line) <= 12 else line[:12] + "…"
            console.print(f"'{shown}' is not a choice number. " + self.allowed(choices), style="yellow")
            return "stay"
        if cmd in ("help", "h", "?"):
            return self.page(self.screen.help_renderable(), "help")
        if cmd == "board":
            here = game.state.position[seat]
            columns = 2 if console.width >= 76 else 1
            board = self.screen.board_table(highlight=here, columns=columns, width=console.width)
            if self.screen.shortened and columns == 2:  # asked for: every name in full, in one run
                board = self.screen.board_table(highlight=here, columns=1, width=console.width)
            return self.page(board, "the board")
        if cmd in ("legend", "key"):
            return self.page(self.screen.legend(), "the legend")
        if cmd in ("players", "who", "status"):
            return self.page(render.fit_width(self.screen.players_table(self.kinds, deciding=seat), console), "players")
        if cmd in ("mine", "props", "properties"):
            return self.page(self.screen.properties_table(seat), "yours")
        if cmd == "deeds":
            return self.page(self.screen.deeds_table(), "the deeds")
        if cmd == "log":
            count = whole_number(rest) if rest else None
            if rest and count is None:
                console.print("log N: N is a whole number of events (log alone shows them all).", style="yellow")
                return "stay"
            visible = [e for e in game.history if e.visible_to(seat)]  # no one else's secrets
            events = visible[-count:] if count else visible
            return self.page(Group(*[render.event_text(game, event) for event in events]), "the log")
        if cmd in ("deed", "card"):
            pos = self.space(rest)
            if pos is None:
                return "stay"
            console.print(self.screen.deed_panel(pos))
            return "stay"
        if cmd == "save":
            path = rest or self.save_path
            if not path:
                console.print("Say where: save <file>", style="yellow")
                return "stay"
            self.save(path)
            return "stay"
        if cmd in ("quit", "exit", "q"):
            return quit_dialog(self)
        if cmd == "trade" and not rest:
            return trade_dialog(self, seat, legal)
        if cmd in ("manage", "m") and not rest:
            return manage_dialog(self, seat, legal)
        if cmd in (A.BUILD, A.SELL, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE):
            if cmd not in game.ACTION_KINDS.all:  # (a family without buildings or mortgages)
                console.print(refusal(self, seat, cmd, None), style="yellow")
                return "stay"
            if not rest:
                console.print(f"Say which space: {cmd} <space> (a number or part of its name)", style="yellow")
                return "stay"
            pos = self.space(rest)
            if pos is None:
                return "stay"
            return self.try_act(seat, Action(cmd, pos), choices)
        if cmd == A.BID and not rest and legal.bid_range is not None:
            return bid_dialog(self, seat, legal)
        try:
            action = game.parse(line, seat)
        except BadActionText as exc:
            if cmd in game.ACTION_KINDS:
                console.print(f"Not understood: {exc.reason}.", style="yellow")
            else:
                console.print(f"'{line}' is not a choice, a command or an action.", style="yellow")
            console.print(self.allowed(choices), style="yellow")
            return "stay"
        return self.try_act(seat, action, choices)

    def page(self, renderable: RenderableType, what: str) -> str:
        """Show a list, a screenful at a time when it is taller than the window (``pager``)."""
        return pager.show(self, renderable, what, below=self.menu_height)

    def pick(self, seat: int, n: int, choices: list[Choice], legal: Legal) -> str:
        if not 1 <= n <= len(choices):
            self.console.print(f"There is no choice {n}. " + self.allowed(choices), style="yellow")
            return "stay"
        choice = choices[n - 1]
        if choice.special == "bid":
            return bid_dialog(self, seat, legal)
        if choice.special == "trade":
            return trade_dialog(self, seat, legal)
        if choice.special == "manage":
            return manage_dialog(self, seat, legal)
        assert choice.action is not None
        return self.try_act(seat, choice.action, choices)

    def allowed(self, choices: list[Choice]) -> str:
        numbers = f"1-{len(choices)}" if len(choices) > 1 else "1"
        return (
            f"Type a choice number ({numbers}), a command (help, board, mine, log, ...) or an action such "
            "as 'roll' or 'bid 120'."
        )

    def space(self, text: str) -> int | None:
        ed = self.game.edition
        if not text:
            self.console.print("Say which space: a number or part of its name.", style="yellow")
            return None
        pos = ed.find(text) if len(text) <= MAX_INPUT else -1
        if pos < 0:
            low = text.lower()
            hits = [s.name for s in ed.board if low in s.name.lower()]
            if len(hits) > 1:
                self.console.print(
                    f"'{text}' matches several spaces: {', '.join(hits[:6])}; be more precise.", style="yellow"
                )
            else:
                self.console.print(
                    f"No space '{text}': give its number 0-{ed.size - 1} or part of its name.", style="yellow"
                )
            return None
        return pos

    def try_act(self, seat: int, action: Action, choices: list[Choice]) -> str:
        game = self.game
        reason = game.check(seat, action)
        try:
            sure = reason is not None or confirm(self, seat, action)
        except EOFError:
            raise QuitGame("End of input: leaving the game.", self.save_path) from None
        if not sure:
            self.console.print("Not done.", style="yellow")
            return "choices"
        try:
            game.act(seat, action)
        except IllegalAction as exc:
            self.console.print(refusal(self, seat, action, exc.reason), style="yellow")
            if game.prompt is None or game.prompt.player != seat:
                self.console.print(self.allowed(choices), style="yellow")
            return "stay"
        return "acted"
