"""Terminal play: bots and humans (who read from stdin) at one table.

``Session`` drives a game to its end. Bots answer their prompts through
``agent.act(view, prompt)``; a human seat is a ``TerminalAgent`` that draws the
screen and reads a line: a choice number, a command (``help``) or an action
in text form (``bid 120``). Input may be piped; end of input quits cleanly.
"""
from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from ..engine.errors import BadActionText, IllegalAction, OpenMonopolyError
from ..engine.game import Game, Legal, Prompt
from . import render
from .screens import screen_for

# Bots get this many any-time actions (build, mortgage, trade...) in a row on one prompt before
# the session answers the prompt for them: a guard against a bot that never moves on.
BOT_ANYTIME_LIMIT = 60

class QuitGame(Exception):
    """The player asked to leave (or the input ended)."""

    def __init__(self, reason: str, save: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.save = save


@dataclass
class Choice:
    label: str
    action: Action | None = None     # None: a bid (asks the amount) or a trade (opens the dialog)
    special: str = ""               # "bid" | "trade"


def save_game(game: Game, path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(game.to_json(), fh)


class Session:
    """One game at the terminal: ``kinds[seat]`` is "human" or a bot kind; ``agents`` the bots by seat."""

    def __init__(self, game: Game, kinds: Sequence[str], agents: dict[int, Any], console: Console,
                 save_path: str | None = None, read: Callable[[str], str] | None = None,
                 interactive: bool | None = None, seen: int = 0, deadline: float | None = None) -> None:
        self.game = game
        self.deadline = deadline             # time.monotonic() when a clock-timed game ends ('time-up')
        self.kinds = list(kinds)
        self.agents = agents
        self.console = console
        self.save_path = save_path
        self.interactive = sys.stdin.isatty() and console.is_terminal if interactive is None else interactive
        self._read = read
        self.seen = seen                     # events already shown (game.history[:seen])
        self.humans = [s for s, k in enumerate(self.kinds) if k == "human"]
        self.screen = screen_for(game)

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
                self.console.print(line, style="dim", markup=False, highlight=False)   # a readable transcript
        return line.strip()

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
    def run(self) -> int:
        game = self.game
        try:
            while not game.over:
                prompt = game.prompt
                if prompt is None:
                    break
                if self.deadline is not None and time.monotonic() >= self.deadline:
                    self.console.print("The agreed time is up.", style="bold")
                    game.act(prompt.player, "time-up")      # recorded, so the game replays
                    break
                if self.kinds[prompt.player] == "human":
                    self.human_decides(prompt)
                else:
                    self.bot_decides(prompt)
                    if not any(game.state.alive[h] for h in self.humans):
                        self.flush_events()          # nobody at the keyboard is still playing: stream
        except QuitGame as stop:
            self.flush_events()
            target = stop.save
            if target:
                self.save(target)
            self.console.print(f"{stop.reason}", style="bold")
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
        reason = {"bankruptcy": "last player standing", "round-limit": "richest at the round limit",
                  "tower-full": "first full tower"}.get(
            game.state.end_reason, game.state.end_reason)
        table = Table(box=box.SIMPLE_HEAD, title="Final standings", title_justify="left")
        table.add_column("Player")
        table.add_column("Cash", justify="right")
        table.add_column("Net worth", justify="right")
        order = sorted(range(len(game.players)), key=lambda s: (-int(game.state.alive[s]), -game.net_worth(s)))
        for seat in order:
            alive = game.state.alive[seat]
            table.add_row(render.name_text(game, seat), game.edition.money(game.state.cash[seat]),
                          game.edition.money(game.net_worth(seat)) if alive else "bankrupt")
        self.console.print(table)
        self.console.print(Panel(Text(f"Winner: {names} ({reason})", style="bold green"), expand=False))
        if self.save_path:
            self.save(self.save_path)

    def save(self, path: str) -> bool:
        try:
            save_game(self.game, path)
        except OSError as exc:
            self.console.print(f"Could not save to {path}: {exc.strerror or exc}", style="red")
            return False
        self.console.print(f"Game saved to {path}.", style="green", soft_wrap=True)  # a path must not be broken
        return True

    def new_events(self, viewer: int | None) -> list:
        events = self.game.history[self.seen:]
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
        game = self.game
        answers = [a for a in legal.actions if a.kind not in self.game.ACTION_KINDS.anytime]
        anytime = [a for a in legal.actions if a.kind in self.game.ACTION_KINDS.anytime]
        out = [Choice(self.screen.action_label(seat, a), a) for a in answers]
        if legal.bid_range is not None:
            out.append(Choice(render.bid_label(game, legal), special="bid"))
        out += [Choice(self.screen.action_label(seat, a), a) for a in anytime]
        if legal.trade_partners:
            out.append(Choice("Propose a trade…", special="trade"))
        return out

    def draw_screen(self, prompt: Prompt | None) -> None:
        game = self.game
        console = self.console
        me = prompt.player if prompt is not None else None
        events = self.new_events(me)
        if self.interactive:
            console.clear()
        highlight = None
        if prompt is not None and prompt.kind == "buy":
            highlight = prompt.details.get("pos")
        elif prompt is not None:
            highlight = game.state.position[prompt.player]
        columns = 2 if console.width >= 90 else 1
        board = self.screen.board_table(highlight=highlight, columns=columns, width=console.width)
        console.print(self.screen.header())
        console.print(board)
        console.print(self.screen.players_table(self.kinds, deciding=me))
        limit = None
        if self.interactive:
            used = 1 + (game.edition.size // columns + 2) + (len(game.players) + 2) + 14
            limit = max(4, console.height - used)
        console.print(render.events_panel(game, events, me, limit))

    def show_choices(self, prompt: Prompt, choices: list[Choice]) -> None:
        game = self.game
        console = self.console
        console.print(self.screen.prompt_text(prompt))
        items = [Text.assemble((f"{i:>2}) ", "bold"), c.label) for i, c in enumerate(choices, 1)]
        anytime = game.ACTION_KINDS.anytime
        n_answers = sum(1 for c in choices if c.special == "bid" or (c.action is not None
                                                                      and c.action.kind not in anytime))
        answers, rest = items[:n_answers], items[n_answers:]
        if len(answers) > 12:                # a long list (any space, say): in columns, like the commands
            rest, n_answers = answers + rest, 0
        for item in answers if n_answers else ():
            console.print(item)
        trade = [item for item, c in zip(items, choices) if c.special == "trade"]
        rest = [item for item in rest if item not in trade]
        if rest:
            widest = max(len(item) for item in rest) + 3
            per_row = max(1, min(3, console.width // widest)) if len(rest) > 3 else 1
            grid = Table.grid(padding=(0, 3))
            for _ in range(per_row):
                grid.add_column(no_wrap=True, overflow="ellipsis")
            for start in range(0, len(rest), per_row):
                row = rest[start:start + per_row]
                grid.add_row(*row, *([""] * (per_row - len(row))))
            console.print(grid)
        for item in trade:
            console.print(item)
        console.print(Text("help: commands · deed <space> · board · trade · save <file> · quit", style="dim"))

    def human_decides(self, prompt: Prompt) -> None:
        game = self.game
        seat = prompt.player
        self.draw_screen(prompt)
        name = game.players[seat]
        style = render.player_style(seat)
        while True:
            legal = game.legal_actions(seat)
            choices = self.choices(seat, legal)
            self.show_choices(prompt, choices)
            while True:
                try:
                    line = self.read(f"[{style}]{name}[/] ▸ ")
                except EOFError:
                    raise QuitGame("End of input: leaving the game.", self.save_path) from None
                outcome = self.handle(seat, line, choices, legal)
                if outcome == "acted":
                    return
                if outcome == "redraw":
                    self.draw_screen(prompt)
                    break
                if outcome == "choices":
                    break
                # "stay": the message is printed; read again

    def handle(self, seat: int, line: str, choices: list[Choice], legal: Legal) -> str:
        """Do what one line of input says. Returns "acted", "redraw", "choices" or "stay"."""
        game = self.game
        ed = game.edition
        console = self.console
        if not line:
            console.print(self.allowed(choices), style="yellow")
            return "stay"
        words = line.split()
        cmd = words[0].lower()
        rest = line[len(words[0]):].strip()
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(choices):
                console.print(f"There is no choice {n}. " + self.allowed(choices), style="yellow")
                return "stay"
            choice = choices[n - 1]
            if choice.special == "bid":
                return self.bid_dialog(seat, legal)
            if choice.special == "trade":
                return self.trade_dialog(seat, legal)
            assert choice.action is not None
            return self.try_act(seat, choice.action, choices)
        if cmd in ("help", "h", "?"):
            console.print(Text.from_markup(self.screen.help_text()))
            return "stay"
        if cmd == "board":
            return "redraw"
        if cmd == "log":
            count = int(rest) if rest.isdigit() else 30
            for event in [e for e in game.history if e.visible_to(seat)][-count:]:   # no one else's secrets
                console.print(render.event_text(game, event))
            return "stay"
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
            return self.quit_dialog()
        if cmd == "trade" and not rest:
            return self.trade_dialog(seat, legal)
        if cmd in (A.BUILD, A.SELL, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE):
            if not rest:
                console.print(f"Say which space: {cmd} <space> (a number or part of its name)", style="yellow")
                return "stay"
            pos = self.space(rest)
            if pos is None:
                return "stay"
            return self.try_act(seat, Action(cmd, pos), choices)
        if cmd == A.BID and not rest and legal.bid_range is not None:
            return self.bid_dialog(seat, legal)
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

    def allowed(self, choices: list[Choice]) -> str:
        numbers = f"1-{len(choices)}" if len(choices) > 1 else "1"
        return (f"Type a choice number ({numbers}), a command (help, deed <space>, board, trade, save <file>, "
                "quit) or an action such as 'roll' or 'bid 120'.")

    def space(self, text: str) -> int | None:
        ed = self.game.edition
        if not text:
            self.console.print("Say which space: a number or part of its name.", style="yellow")
            return None
        pos = ed.find(text)
        if pos < 0:
            low = text.lower()
            hits = [s.name for s in ed.board if low in s.name.lower()]
            if len(hits) > 1:
                self.console.print(f"'{text}' matches several spaces: {', '.join(hits[:6])}; be more precise.",
                                   style="yellow")
            else:
                self.console.print(f"No space '{text}': give its number 0-{ed.size - 1} or part of its name.",
                                   style="yellow")
            return None
        return pos

    def try_act(self, seat: int, action: Action, choices: list[Choice]) -> str:
        try:
            self.game.act(seat, action)
        except IllegalAction as exc:
            self.console.print(f"Not allowed: {exc.reason}.", style="yellow")
            self.console.print(self.allowed(choices), style="yellow")
            return "stay"
        return "acted"

    # ------------------------------------------------------------------ dialogs
    def bid_dialog(self, seat: int, legal: Legal) -> str:
        game = self.game
        money = game.edition.money
        assert legal.bid_range is not None
        lo, hi = legal.bid_range
        try:
            text = self.read(f"Your bid ({money(lo)}..{money(hi)}, Enter for {money(lo)}): ")
        except EOFError:
            raise QuitGame("End of input: leaving the game.", self.save_path) from None
        text = text.replace(game.edition.currency_symbol, "").replace(",", "").strip() if text else ""
        if not text:
            amount = lo
        elif text.isdigit():
            amount = int(text)
        else:
            self.console.print(f"A bid is a whole number from {money(lo)} to {money(hi)}.", style="yellow")
            return "choices"
        try:
            game.act(seat, Action(A.BID, amount))
        except IllegalAction as exc:
            self.console.print(f"Not allowed: {exc.reason}.", style="yellow")
            return "choices"
        return "acted"

    def quit_dialog(self) -> str:
        try:
            if self.save_path:
                if self.ask_yes(f"Save the game to {self.save_path} before leaving?", True):
                    raise QuitGame("Goodbye.", self.save_path)
                raise QuitGame("Goodbye (not saved).")
            if self.ask_yes("Save the game before leaving?", False):
                path = self.read(escape("File name [openmonopoly-save.json]: ")) or "openmonopoly-save.json"
                raise QuitGame("Goodbye.", path)
        except EOFError:
            raise QuitGame("Goodbye.", self.save_path) from None
        raise QuitGame("Goodbye (not saved).")

    def trade_dialog(self, seat: int, legal: Legal) -> str:
        try:
            return self._trade_dialog(seat, legal)
        except EOFError:
            raise QuitGame("End of input: leaving the game.", self.save_path) from None

    def _tradable(self, owner: int) -> list[int]:
        game = self.game
        ed = game.edition
        s = game.view(None)
        out = []
        for pos in ed.properties:
            if s.owner[pos] != owner:
                continue
            sp = ed.board[pos]
            if sp.group is not None and hasattr(game.state, "level") and any(
                    s.level[q] for q in ed.group_members[ed.group_of[pos]]):
                continue
            out.append(pos)
        return out

    def _find_among(self, text: str, allowed: list[int]) -> int:
        """A space by number or name, preferring the spaces in ``allowed`` when a name part is ambiguous."""
        ed = self.game.edition
        low = text.lower()
        if not low.isdigit():
            hits = [pos for pos in allowed if low in ed.board[pos].name.lower()]
            if len(hits) == 1:
                return hits[0]
        return ed.find(text)

    def _pick_spaces(self, question: str, allowed: list[int]) -> list[int] | None:
        ed = self.game.edition
        while True:
            text = self.read(question)
            if text.lower() in ("cancel", "c"):
                return None
            if not text or text == "-":
                return []
            picked: list[int] = []
            bad = []
            for part in text.split(","):
                part = part.strip()
                if not part:
                    continue
                pos = self._find_among(part, allowed)
                if pos < 0 or pos not in allowed:
                    bad.append(part)
                elif pos not in picked:
                    picked.append(pos)
            if not bad:
                return picked
            self.console.print(f"Not tradable here: {', '.join(bad)}. Choose from the list (numbers or names, "
                               "comma-separated), Enter for none, 'cancel' to stop.", style="yellow")

    def _trade_dialog(self, seat: int, legal: Legal) -> str:
        game = self.game
        ed = game.edition
        console = self.console
        view = game.view(None)
        partners = legal.trade_partners
        if not partners:
            console.print("No trade can be proposed now (another trade is waiting for an answer).", style="yellow")
            return "stay"
        console.print(Text("Propose a trade (Enter skips a question, 'cancel' stops)", style="bold"))
        for i, q in enumerate(partners, 1):
            console.print(Text.assemble(f" {i}) ", render.name_text(game, q),
                                        f"  {ed.money(view.cash[q])}  ", self.screen.holdings(q)))
        while True:
            text = self.read("Trade with (number): ")
            if not text or text.lower() in ("cancel", "c"):
                console.print("Trade cancelled.")
                return "choices"
            if text.isdigit() and 1 <= int(text) <= len(partners):
                target = partners[int(text) - 1]
                break
            console.print(f"Choose 1-{len(partners)}.", style="yellow")

        def listing(owner: int, spaces: list[int]) -> Text:
            t = Text()
            for pos in spaces:
                t.append("  ")
                t.append_text(self.screen.space_mark(pos))
                t.append(f" {pos} {ed.board[pos].name}" + (" (mortgaged)" if getattr(game.state, "mortgaged", None) and view.mortgaged[pos] else "") + "\n")
            return t if spaces else Text("  (nothing tradable)\n", style="dim")

        mine, theirs = self._tradable(seat), self._tradable(target)
        console.print(Text.assemble("You can give:\n", listing(seat, mine)))
        give = self._pick_spaces("Give which properties (numbers or names, comma-separated): ", mine)
        if give is None:
            console.print("Trade cancelled.")
            return "choices"
        console.print(Text.assemble(f"{game.players[target]} can give:\n", listing(target, theirs)))
        take = self._pick_spaces("Ask for which properties: ", theirs)
        if take is None:
            console.print("Trade cancelled.")
            return "choices"
        cash = 0
        while True:
            text = self.read(f"Cash: you pay them (e.g. 100), they pay you (e.g. -100), Enter for none "
                             f"(you have {ed.money(view.cash[seat])}, they have {ed.money(view.cash[target])}): ")
            text = text.replace(ed.currency_symbol, "").replace(",", "").strip()
            if not text:
                break
            if text.lower() in ("cancel", "c"):
                console.print("Trade cancelled.")
                return "choices"
            if text.lstrip("-").isdigit():
                cash = int(text)
                break
            console.print("A whole number, please (negative: they pay you).", style="yellow")
        give_cards: tuple[int, ...] = ()
        take_cards: tuple[int, ...] = ()
        if view.held[seat] and self.ask_yes("Give your get-out-of-jail card?", False):
            give_cards = (view.trade_cards(seat)[0],)
        if view.held[target] and self.ask_yes("Ask for their get-out-of-jail card?", False):
            take_cards = (view.trade_cards(target)[0],)
        offer = TradeOffer(seat, target, tuple(give), tuple(take), cash, give_cards, take_cards)
        reason = game.check(seat, Action(A.TRADE, -1, offer))
        if reason is not None:
            console.print(f"That trade is not allowed: {reason}.", style="yellow")
            return "choices"
        console.print(render.trade_summary(game, offer.to_json(), viewer=seat))
        if not self.ask_yes("Propose this trade?", True):
            console.print("Trade cancelled.")
            return "choices"
        try:
            game.act(seat, Action(A.TRADE, -1, offer))
        except OpenMonopolyError as exc:
            console.print(f"Not allowed: {getattr(exc, 'reason', exc)}.", style="yellow")
            return "choices"
        return "acted"
