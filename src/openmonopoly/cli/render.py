"""The terminal screen of the classic family (``ClassicScreen``) and the pieces every screen shares.

A screen reads one game (through ``game.view()`` where it can) and returns Rich renderables or
plain strings; nothing here asks for input. Families with parts of their own subclass
``ClassicScreen`` and override its hooks (``space_columns``/``space_cells`` for the board,
``players_table``, ``holdings``, ``header``, ``deed_panel``, ``prompt_text``, ``action_label``,
``legend_rows``, ``help_commands``/``help_notes``); ``cli.screens`` says which class draws which game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.color import Color, ColorParseError
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..editions.schema import CARD, FREE_PARKING, GO, GO_TO_JAIL, JAIL, RAILROAD, STREET, TAX, UTILITY, Edition
from ..engine import actions as A
from ..engine import events as E
from ..engine import prompt as P
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.house_rules import FREE_PARKING_POT
from ..rules.classic.buildings import BUILDING_SHORTAGE, PLACE_BUILDING
from ..rules.classic.mortgage import MORTGAGED_PROPERTY
from ..rules.words import offer_words

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.prompt import Legal, Prompt

PLAYER_STYLES = (
    "bold red",
    "bold blue",
    "bold green",
    "bold magenta",
    "bold cyan",
    "bold yellow",
    "bold bright_red",
    "bold bright_blue",
)

TYPE_GLYPHS = {GO: "→", RAILROAD: "≡", UTILITY: "◆", TAX: "%", CARD: "?", JAIL: "#", FREE_PARKING: "P", GO_TO_JAIL: "!"}

# Colour labels an edition file may give instead of a colour the terminal knows.
NAMED_COLOURS = {
    "brown": "#9b5a2c",
    "light-blue": "#87cefa",
    "light_blue": "#87cefa",
    "pink": "#ff69b4",
    "orange": "#ff9f1a",
    "red": "#e0262b",
    "yellow": "#f4d03f",
    "green": "#1e9e4a",
    "dark-blue": "#2b50d9",
    "dark_blue": "#2b50d9",
    "sand": "#d8c38f",
    "ochre": "#cc7722",
    "teal": "#008080",
    "black": "#555555",
}

# Seats are numbered from 1 wherever a person reads them.
SEAT_BASE = 1


def player_style(seat: int) -> str:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def tag(seat: int) -> Text:
    """A player's token on the board: their seat number (1-based) in their colour."""
    return Text(str(seat + SEAT_BASE), style=player_style(seat))


# Words a shortened name does not end with.
LINKING_WORDS = frozenset({"of", "the", "and", "de", "von", "van", "la", "le"})


def short_name(name: str, limit: int) -> str:
    """``name`` in at most ``limit`` characters: its first words that fit ("Bo-Katan Kryze of Mandalore" ->
    "Bo-Katan Kryze"), or its first ``limit`` letters when its first word alone is longer."""
    if len(name) <= limit:
        return name
    words = name.split()
    kept = ""
    for word in words:
        longer = f"{kept} {word}" if kept else word
        if len(longer) > limit:
            break
        kept = longer
    while " " in kept and kept.rsplit(" ", 1)[1].lower() in LINKING_WORDS:
        kept = kept.rsplit(" ", 1)[0]  # ("Bo-Katan Kryze", not "Bo-Katan Kryze of")
    return kept or name[:limit]


def name_text(game: Game, seat: int, limit: int | None = None) -> Text:
    name = game.players[seat]
    return Text(name if limit is None else short_name(name, limit), style=player_style(seat))


SEGMENT_BREAK = re.compile(r"\s{2,}|\s·\s")


def pack_segments(text: Text, width: int) -> list[Text]:
    """A status header in lines of at most ``width`` cells, broken only between its parts (parts are
    set apart by two spaces or a middle dot), so that no part is cut."""
    if text.cell_len <= width:
        return [text]
    cuts = [0]
    for m in SEGMENT_BREAK.finditer(text.plain):
        cuts += [m.start(), m.end()]
    cuts.append(len(text.plain))
    parts = [text[cuts[i] : cuts[i + 1]] for i in range(0, len(cuts) - 1, 2)]
    lines: list[Text] = []
    for part in parts:
        if lines and lines[-1].cell_len + 2 + part.cell_len <= width:
            lines[-1].append("  ")
            lines[-1].append_text(part)
        else:
            lines.append(part.copy())
    return lines


def terminal_colour(label: str | None) -> str:
    """A colour Rich can draw for an edition's colour (a hex code, a Rich name or a label of ours)."""
    if not label:
        return "white"
    label = NAMED_COLOURS.get(label, label)
    try:
        Color.parse(label)
    except ColorParseError:
        return "white"
    return label


def set_colour(edition: Edition, pos: int) -> str:
    sp = edition.board[pos]
    if not sp.group:
        return "white"
    group = edition.groups[sp.group]
    return terminal_colour(group.get("color") or group.get("colour") or sp.group)


def group_name(edition: Edition, pos: int) -> str:
    sp = edition.board[pos]
    if sp.group:
        return str(edition.groups[sp.group].get("name") or sp.group.replace("_", " ").replace("-", " "))
    return edition.space_type_word(pos)


_MARKS: dict[int, dict[str, str]] = {}


def set_marks(edition: Edition) -> dict[str, str]:
    """Two letters per colour set (BR, LB, ...), unique in the edition, so sets stay told apart without colour."""
    cached = _MARKS.get(id(edition))
    if cached is not None:
        return cached
    marks: dict[str, str] = {}
    for group in edition.groups:
        name = str(edition.groups[group].get("name") or group)
        words = [w for w in re.split(r"[\s_\-]+", name.upper()) if w]
        letters = "".join(words)
        candidates = (
            ([words[0][0] + words[1][0]] if len(words) > 1 else [])
            + [letters[:2]]
            + [letters[0] + c for c in letters[2:]]
            + [f"{letters[0]}{i}" for i in range(10)]
        )
        marks[group] = next(c for c in candidates if c not in marks.values())
    _MARKS[id(edition)] = marks
    return marks


def swatch(edition: Edition, pos: int, glyphs: dict[str, str] = TYPE_GLYPHS) -> Text:
    """Three cells: a colour block and the set's letters for a street, the space type's glyph otherwise."""
    sp = edition.board[pos]
    if sp.group:
        return Text.assemble(("█", set_colour(edition, pos)), (set_marks(edition)[sp.group], "bold"))
    return Text(glyphs.get(sp.type, " ").center(3), style="dim")


def fit_width(renderable: RenderableType, console: Console) -> RenderableType:
    """``renderable`` as it is if it fits ``console``; a table too wide for it becomes lines per row
    (``table_as_lines``), since shrinking every column to a few cells leaves nothing readable."""
    if isinstance(renderable, Group):
        return Group(*(fit_width(r, console) for r in renderable.renderables))
    # (measured without the console's bound, which would clamp the table's natural width to it)
    unbounded = console.options.update(max_width=10_000)
    if isinstance(renderable, Table) and console.measure(renderable, options=unbounded).maximum > console.width:
        return table_as_lines(renderable)
    return renderable


def table_as_lines(table: Table, lead: int = 3) -> Group:
    """Each row of ``table`` as one line of its first ``lead`` cells, then an indented line (wrapped by
    the console) of every other non-empty cell after its column's header: 'Cash $1,500  Where 11 ...'."""
    columns = [list(c.cells) for c in table.columns]
    lines: list[RenderableType] = []
    for r in range(table.row_count):
        lead_cells = [col[r] for col in columns[:lead]]
        first = Text(" ").join(c if isinstance(c, Text) else Text.from_markup(str(c)) for c in lead_cells)
        rest = Text()
        for col, cells in zip(table.columns[lead:], columns[lead:], strict=True):
            cell = cells[r]
            text = Text(cell) if isinstance(cell, str) else cell
            if not isinstance(text, Text) or not text.plain.strip():
                continue
            if rest:
                rest.append("  ")
            if col.header:
                rest.append(f"{col.header} ", style="dim")
            rest.append_text(text)
        lines += [first, Padding(rest, (0, 0, 0, 3))]  # (wrapped lines keep the indent)
    return Group(*lines)


# ---------------------------------------------------------------------------------- events
def short_names(names: Sequence[str], width: int) -> list[str]:
    """``names`` each at most ``width`` characters, still telling spaces apart: the later words are cut first,
    each only as much as needed ("Mediterranean Avenue" -> "Mediterrane. Ave."); distinct names stay
    distinct (a clash keeps more letters). The full names: a one-run board, the deeds (``deed N``)."""

    def cut(name: str, keep: int) -> str:
        words = name.split()
        for i in range(len(words) - 1, -1, -1):
            excess = len(" ".join(words)) - width
            if excess <= 0:
                break
            if len(words[i]) > keep + 1:
                words[i] = words[i][: max(keep, len(words[i]) - excess - 1)] + "."
        text = " ".join(words)
        return text if len(text) <= width else text[: width - 1] + "…"

    out = []
    for name in names:
        keep = 3
        text = cut(name, keep)
        while keep < len(name) and any(cut(o, keep) == text for o in names if o != name):
            keep += 1
            text = cut(name, keep)
        out.append(text)
    return out


def event_text(game: Game, event: Event, me: int | None = None) -> Text:
    line = game.describe(event)
    if event.kind == E.TURN:
        return Text(line, style="bold")
    if event.kind == E.GAME_OVER:
        return Text(line, style="bold green")
    if event.kind in (E.BANKRUPT, E.JAIL, E.DEBT):
        return Text(line, style="red")
    if me is not None and event.player == me:
        return Text(line, style=player_style(me).replace("bold ", ""))
    return Text(line)


def events_panel(
    game: Game, events: Sequence[Event], me: int | None, limit: int | None = None, title: str = "What just happened"
) -> Panel:
    lines = [event_text(game, e, me) for e in events]
    hidden = 0
    if limit is not None and len(lines) > limit:
        hidden = len(lines) - limit + 1
        lines = lines[hidden:]
    body: list[RenderableType] = []
    if hidden:
        body.append(Text(f"… {hidden} earlier line(s); type 'log' to see them", style="dim italic"))
    body.extend(lines)
    if not body:
        body.append(Text("(nothing new)", style="dim"))
    return Panel(Group(*body), title=title, title_align="left", box=box.ROUNDED)


def trade_summary(game: Game, offer: dict, viewer: int | None = None) -> Text:
    """Who gives what in a trade offer (TradeOffer.to_json() form)."""
    ed = game.edition
    p, q = offer["proposer"], offer["target"]
    names = game.players

    def side(positions: Sequence[int], cards: Sequence[int], cash: int) -> str:
        items = [ed.board[pos].name for pos in positions]
        if cards:
            items.append(f"{len(cards)} get-out-of-jail card" + ("s" if len(cards) > 1 else ""))
        if cash > 0:
            items.append(ed.money(cash))
        return ", ".join(items) or "nothing"

    def who(seat: int) -> str:
        return "You give" if viewer == seat else f"{names[seat]} gives"

    cash = offer.get("cash", 0)
    t = Text()
    t.append(f"  {who(p)}: ")
    t.append(side(offer.get("give", ()), offer.get("give_cards", ()), max(cash, 0)))
    t.append(f"\n  {who(q)}: ")
    t.append(side(offer.get("take", ()), offer.get("take_cards", ()), max(-cash, 0)))
    return t


def bid_label(game: Game, legal: Legal) -> str:
    assert legal.bid_range is not None
    lo, hi = legal.bid_range
    return f"Bid ({game.edition.money(lo)}..{game.edition.money(hi)})"


def header_start(game: Game, view: Any) -> Text:
    """The edition's name, the round (of the limit, if any) and the turn: every family's header starts so."""
    t = Text()
    t.append(game.edition.name, style="bold")
    t.append(f"  round {view.round}")
    limit = game.options.get("max-rounds")
    if limit:
        t.append(f" of {limit}")
    t.append(f", turn {view.turns}")
    return t


def tokens_by_space(view: Any) -> dict[int, list[Text]]:
    """Each space's tokens (seat numbers; in brackets when in jail)."""
    tokens: dict[int, list[Text]] = {}
    for seat in range(view.n):
        if view.alive[seat]:
            t = tag(seat)
            if view.in_jail[seat]:
                t = Text.assemble(("(", "dim"), t, (")", "dim"))
            tokens.setdefault(view.position[seat], []).append(t)
    return tokens


class ClassicScreen:
    """How a game of the classic family looks in the terminal; families subclass it and override hooks."""

    GLYPHS = TYPE_GLYPHS

    def __init__(self, game: Game) -> None:
        self.game = game
        self.edition = game.edition
        self._narrow = False  # the board being drawn has narrow middle columns
        self.shortened = 0  # names the last board drawn had to shorten (then `board` shows one run)

    def view(self) -> Any:
        return self.game.view(None)

    # ------------------------------------------------------------------ rule facts, from the view
    def houses_per_hotel(self) -> int:
        return int(self.view().houses_per_hotel)

    def hotel_level(self) -> int:
        return int(self.view().hotel_level)

    def building_label(self, level: int) -> str:
        """'2 Fleets', 'Base' or '' in the edition's words."""
        ed = self.edition
        if level <= 0:
            return ""
        if level >= self.hotel_level():
            return ed.term("hotel").capitalize()
        return f"{level} {ed.term('house', level)}"

    def money_word(self) -> str | None:
        """The currency when the edition writes it as a word after the figure ('60 credits'), else None."""
        fmt = self.edition.money_format
        unit = fmt.replace("{}", "").strip()
        return unit if fmt.startswith("{}") and unit.isalpha() else None

    def table_money(self, amount: int) -> str:
        """An amount in a table cell. A currency word would take most of a narrow column ('60 credi…'),
        so there the cell has the bare figure and the table names the currency once."""
        return f"{amount:,}" if self.money_word() else self.edition.money(amount)

    # ------------------------------------------------------------------ the board
    def space_columns(self, width: int) -> list[tuple[str, int, str]]:
        """The board's columns between a space's name and its tokens: (header, width, justify)."""
        if width < 18:  # narrow: the owner's seat number and a short status
            return [("", 1, "left"), ("", 5, "left")]
        return [("Owner", max(3, min(16, width - 10)), "left"), ("Status", 9, "left")]

    def space_cells(self, pos: int, view: Any) -> list[RenderableType]:
        """One space's cells for ``space_columns``."""
        ed = self.edition
        sp = ed.board[pos]
        narrow = self._narrow
        owner = view.owner[pos] if sp.is_property else -1
        owner_cell = Text("")
        if owner >= 0:
            owner_cell = tag(owner) if narrow else Text.assemble(tag(owner), " ", name_text(self.game, owner))
        if sp.is_property and view.mortgaged[pos]:
            built = Text("mortg" if narrow else "mortgaged", style="red")
        elif sp.type == STREET and view.level[pos]:
            level = view.level[pos]
            hotel = level >= self.hotel_level()
            label = ("H" if hotel else f"{level}h") if narrow else self.building_label(level)
            built = Text(label, style="bold" if hotel else "")
        elif sp.is_property and owner < 0:
            built = Text(self.table_money(sp.price), style="dim")
        else:
            built = Text("")
        return [owner_cell, built]

    def here_extras(self, pos: int, view: Any) -> Text | None:
        """What else stands on a space besides the players' tokens (none in the classic family)."""
        return None

    def board_table(self, *, highlight: int | None = None, columns: int = 2, width: int = 120) -> Table:
        """All spaces in ``columns`` side-by-side runs of positions (2: 0-19 | 20-39), at most ``width`` wide."""
        ed = self.edition
        view = self.view()
        size = ed.size
        rows = -(-size // columns)
        here_w = max(3, 2 * view.n - 1) if width >= 100 else 5
        longest = max(len(s.name) for s in ed.board)
        # Columns are one cell apart; between runs a separator column (three cells with its gaps).
        n_middle = len(self.space_columns(20))
        avail = (width - 3 * (columns - 1)) // columns - (2 + 3 + here_w) - (3 + n_middle)
        name_w = max(8, min(longest, avail * 11 // 20))
        middle = self.space_columns(avail - name_w)
        self._narrow = sum(w for _, w, _ in middle) < 12
        spare = avail - name_w - sum(w for _, w, _ in middle)
        if spare > 0:
            name_w = min(longest, name_w + spare)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 0), show_edge=False, expand=False)
        for run in range(columns):
            if run:
                table.add_column("", width=1, no_wrap=True, style="dim")
            table.add_column("#", justify="right", no_wrap=True, style="dim", width=2)
            table.add_column("", no_wrap=True, width=3)
            table.add_column("Space", no_wrap=True, overflow="ellipsis", width=name_w)
            for head, w, justify in middle:
                table.add_column(head, no_wrap=True, overflow="ellipsis", width=w, justify=justify)  # type: ignore[arg-type]
            table.add_column("Here", no_wrap=True, overflow="ellipsis", width=here_w)
        tokens = tokens_by_space(view)
        short = short_names([sp.name for sp in ed.board], name_w)
        self.shortened = sum(a != sp.name for a, sp in zip(short, ed.board, strict=True))
        blank = [""] * (4 + len(middle))
        for r in range(rows):
            cells: list[RenderableType] = []
            for run in range(columns):
                pos = run * rows + r
                if run:
                    cells.append("│")
                if pos >= size:
                    cells += blank
                    continue
                name = Text(short[pos], style="bold reverse" if pos == highlight else "")
                here = Text(" " if 2 * len(tokens.get(pos, [])) - 1 <= here_w else "").join(tokens.get(pos, []))
                extra = self.here_extras(pos, view)
                if extra:
                    here.append_text(extra)
                cells += [str(pos), self.space_mark(pos), name, *self.space_cells(pos, view), here]
            table.add_row(*cells)
        return table

    def space_mark(self, pos: int) -> Text:
        """The three cells before a space's name on the board."""
        return swatch(self.edition, pos, self.GLYPHS)

    def glyph_words(self) -> dict[str, str]:
        """What each of ``GLYPHS`` stands for, in the edition's words."""
        ed = self.edition
        return {
            GO: "GO",
            RAILROAD: ed.term("railroad"),
            UTILITY: ed.term("utility"),
            TAX: "tax",
            CARD: "card",
            JAIL: ed.term("jail"),
            FREE_PARKING: "Free Parking",
            GO_TO_JAIL: f"go to {ed.term('jail')}",
        }

    def legend_lines(self) -> list[Text]:
        """What the board's marks mean, one line each."""
        ed = self.edition
        used = {sp.type for sp in ed.board}
        words = self.glyph_words()
        lines = []
        sets = Text("Sets: ")
        for members in ed.group_members:
            if members:
                sets.append_text(swatch(ed, members[0]))
                sets.append(f" {group_name(ed, members[0])}  ")
        if ed.group_members:
            lines.append(sets)
        lines.append(
            Text("Spaces: ")
            + Text("  ").join(Text(f"{g} {words.get(t, t)}") for t, g in self.GLYPHS.items() if t in used)
        )
        lines.append(Text(f"Tokens: seat numbers; (2) is in {ed.term('jail')}.  ▶ deciding now, · whose turn it is."))
        for_sale = f", 140: for sale at 140 {self.money_word()}" if self.money_word() else ""
        kinds = self.game.ACTION_KINDS.all
        marks = ["owner by seat number"]
        if A.BUILD in kinds:  # (only where the edition builds and mortgages: Mandalorian hideouts do neither)
            marks.append(f"2h: two {self.edition.term('house', 2)}, H: a {self.edition.term('hotel')}")
        if A.MORTGAGE in kinds:
            marks.append("mortg: mortgaged")
        lines.append(Text(f"Board: {', '.join(marks)}{for_sale}."))
        lines.append(Text("Holdings: set letters and how many of the set (LB2); reversed: the whole set."))
        return lines

    def legend(self) -> RenderableType:
        return Group(*self.legend_lines())

    # ------------------------------------------------------------------ players
    def holdings(self, seat: int) -> Text:
        """Owned streets as set letters with how many of the set (reversed: the whole set), then counts."""
        ed = self.edition
        view = self.view()
        out = Text()
        houses = hotels = rails = utils = 0
        marks = set_marks(ed)
        for g, members in enumerate(ed.group_members):
            owned = [pos for pos in members if view.owner[pos] == seat]
            if not owned or ed.board[owned[0]].type != STREET:
                continue
            if out:
                out.append(" ")
            whole = len(owned) == len(members)
            out.append(
                f"{marks[ed.group_names[g]]}{len(owned)}",
                style=set_colour(ed, owned[0]) + (" reverse" if whole else ""),
            )
            for pos in owned:
                if view.level[pos] >= self.hotel_level():
                    hotels += 1
                else:
                    houses += view.level[pos]
        for pos in ed.properties:
            if view.owner[pos] == seat:
                rails += ed.board[pos].type == RAILROAD
                utils += ed.board[pos].type == UTILITY
        extra = []
        if rails:
            extra.append(f"{rails} {ed.term('railroad', rails)}")
        if utils:
            extra.append(f"{utils} {ed.term('utility', utils)}")
        if houses:
            extra.append(f"{houses} {ed.term('house', houses)}")
        if hotels:
            extra.append(f"{hotels} {ed.term('hotel', hotels)}")
        cards = len(view.held[seat])
        if cards:
            extra.append(f"{cards} jail card" + ("s" if cards > 1 else ""))
        mortgaged_n = sum(1 for pos in ed.properties if view.owner[pos] == seat and view.mortgaged[pos])
        if mortgaged_n:
            extra.append(f"{mortgaged_n} mortgaged")
        if extra:
            if out:
                out.append(" ")
            out.append(", ".join(extra))
        return out or Text("-", style="dim")

    def player_facts(self, seat: int) -> list[RenderableType]:
        """Family columns of the players table beside cash and place (the classic family: none)."""
        return []

    def player_fact_headers(self) -> list[str]:
        return []

    def players_table(self, kinds: Sequence[str], deciding: int | None = None) -> RenderableType:
        ed = self.edition
        view = self.view()
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
        cash = (self.money_word() or "cash").capitalize()  # ('Credits': the cells are bare figures then)
        for head in ("", "#", "Player", "Seat", cash, "Worth", "Where", ed.term("jail"), *self.player_fact_headers()):
            table.add_column(
                head,
                no_wrap=True,
                justify="right" if head in (cash, "Worth") else "left",
                overflow="ellipsis",
                max_width=24 if head in ("Player", "Where") else None,
            )
        table.add_column("Holdings", min_width=14)
        extra = len(self.player_fact_headers())
        for seat in range(view.n):
            mark = Text("▶", style="bold") if seat == deciding else Text("·" if seat == view.current else " ")
            kind = kinds[seat] if seat < len(kinds) else ""
            if not view.alive[seat]:
                table.add_row(
                    mark,
                    tag(seat),
                    name_text(self.game, seat),
                    kind,
                    Text("bankrupt", style="red"),
                    *([""] * (4 + extra)),
                    style="dim",
                )
                continue
            jail = Text(f"in (try {view.jail_turns[seat] + 1})", style="red") if view.in_jail[seat] else Text("")
            table.add_row(
                mark,
                tag(seat),
                name_text(self.game, seat),
                kind,
                self.table_money(view.cash[seat]),
                self.table_money(self.game.net_worth(seat)),
                f"{view.position[seat]} {ed.board[view.position[seat]].name}",
                jail,
                *self.player_facts(seat),
                self.holdings(seat),
            )
        return table

    def status_facts(self, seat: int) -> str:
        """A few words after a player's cash and place in the compact status (jail, side, tower...)."""
        view = self.view()
        if view.in_jail[seat]:
            return f"in {self.edition.term('jail')}"
        return ""

    def header(self) -> Text:
        ed = self.edition
        view = self.view()
        t = header_start(self.game, view)
        if self.game.options.get(FREE_PARKING_POT) is not None:  # (house rule: the money in the middle)
            t.append(f"  {ed.term('free_parking')} pot: {ed.money(view.pot)}", style="bold green")
        t.append(
            f"  bank: {view.bank_houses} {ed.term('houses', 2)}, {view.bank_hotels} {ed.term('hotels', 2)}", style="dim"
        )
        return t

    # ------------------------------------------------------------------ title deeds
    def deed_panel(self, pos: int) -> Panel:
        game, ed = self.game, self.edition
        sp = ed.board[pos]
        view = self.view()
        money = ed.money
        rules = ed.rules
        table = Table.grid(padding=(0, 2))
        table.add_column()
        table.add_column(justify="right")
        hph = self.houses_per_hotel()
        if sp.type == STREET:
            house, houses, hotel = ed.term("house"), ed.term("houses", 2), ed.term("hotel")
            table.add_row("Rent", money(sp.rent[0]))
            table.add_row("Rent with the whole colour set", money(sp.rent[0] * 2))
            for n in range(1, hph + 1):
                table.add_row(f"With {n} {house if n == 1 else houses}", money(sp.rent[n]))
            table.add_row(f"With a {hotel}", money(sp.rent[5]))
            table.add_row("", "")
            table.add_row(f"{houses.capitalize()} cost", f"{money(sp.house_cost)} each")
            table.add_row(f"{hotel.capitalize()} cost", f"{money(sp.hotel_cost)} plus {hph} {houses}")
        elif sp.type == RAILROAD:
            word = ed.term("railroads", 2)
            for n, rent in enumerate(rules.railroad_rent[: len(ed.railroads)], 1):
                table.add_row("Rent" if n == 1 else f"If {n} {word} are owned", money(rent))
        elif sp.type == UTILITY:
            word = ed.term("utilities", 2)
            for n, mult in enumerate(rules.utility_multipliers[: len(ed.utilities)], 1):
                table.add_row(
                    f"With {n} {ed.term('utility', n)} owned" if n == 1 else f"With {n} {word} owned",
                    f"{mult} × the dice",
                )
            if game.options.get("utility-rent-reroll", rules.utility_rent_reroll):
                table.add_row("(the dice are rolled again for the rent)", "")
        elif sp.type == TAX:
            table.add_row("Pay", money(sp.amount))
        else:
            what = ed.space_type_word(pos)
            return Panel(
                Text(f"{sp.name} is not a property ({what}).", style="dim"), title=f"{pos} {sp.name}", expand=False
            )
        if sp.is_property:
            table.add_row("", "")
            table.add_row("Price", money(sp.price))
            table.add_row("Mortgage value", money(sp.mortgage))
            table.add_row("Lift the mortgage for", money(sp.unmortgage))
            table.add_row("", "")
            owner = view.owner[pos]
            status = Text("Owner: ")
            status.append(name_text(game, owner) if owner >= 0 else Text("the bank"))
            if view.mortgaged[pos]:
                status.append(" (mortgaged)", style="red")
            if sp.type == STREET and view.level[pos]:
                status.append(f", {self.building_label(view.level[pos])}")
            if owner >= 0 and not view.mortgaged[pos]:
                status.append(f"; rent now {money(view.current_rent(pos))}")
            table.add_row(status, "")
        colour = set_colour(ed, pos)
        title = Text(
            f" {ed.term('title_deed').upper()}: {sp.name} ",
            style=f"bold black on {colour}" if sp.group else "bold reverse",
        )
        sub = Text(group_name(ed, pos) + (f" ({set_marks(ed)[sp.group]})" if sp.group else ""), style="dim")
        return Panel(Group(sub, table), title=title, expand=False, border_style=colour if sp.group else "white")

    def deeds_table(self) -> Table:
        """Every property in one line: price, rents by level, building cost, owner."""
        ed = self.edition
        view = self.view()
        word = self.money_word()
        # Columns two cells apart (the box's divider and one cell), so 80 columns hold a whole line.
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 0, 0, 1))
        if word:
            table.caption, table.caption_justify = f"Prices and building costs in {word}.", "left"
        for head in ("#", "", "Property", "Price", "Rent: base … hotel", "Build", "Owner"):
            table.add_column(
                head,
                no_wrap=True,
                overflow="ellipsis",
                justify="right" if head in ("#", "Price", "Build") else "left",
                max_width={"Property": 22, "Rent: base … hotel": 25}.get(head),
                # (the space number and its set mark must never be the columns that shrink)
                min_width={"#": 2, "": 3}.get(head),
            )
        for pos in ed.properties:
            sp = ed.board[pos]
            if sp.type == STREET:
                levels = [sp.rent[n] for n in range(self.houses_per_hotel() + 1)] + [sp.rent[5]]
                rents = "/".join(str(r) for r in levels)
                build = self.table_money(sp.house_cost)
            else:
                rents, build = "", ""
            owner = view.owner[pos]
            table.add_row(
                str(pos),
                self.space_mark(pos),
                sp.name,
                self.table_money(sp.price),
                rents,
                build,
                tag(owner) if owner >= 0 else Text("bank", style="dim"),
            )
        return table

    def properties_table(self, seat: int) -> RenderableType:
        """``seat``'s properties with what each charges now."""
        ed = self.edition
        view = self.view()
        mine = [pos for pos in ed.properties if view.owner[pos] == seat]
        if not mine:
            return Text(f"{self.game.players[seat]} owns nothing yet.", style="dim")
        table = Table(
            box=box.SIMPLE_HEAD,
            pad_edge=False,
            show_edge=False,
            padding=(0, 1),
            title=f"{self.game.players[seat]}'s properties",
            title_justify="left",
        )
        for head in ("#", "", "Property", "Built", "Rent now", "Mortgage"):
            table.add_column(
                head,
                no_wrap=True,
                overflow="ellipsis",
                justify="right" if head in ("#", "Rent now", "Mortgage") else "left",
                max_width=24 if head == "Property" else None,
            )
        for pos in mine:
            sp = ed.board[pos]
            if view.mortgaged[pos]:
                built, rent, mort = Text("mortgaged", style="red"), "-", f"lift {ed.money(sp.unmortgage)}"
            else:
                level = view.level[pos] if sp.type == STREET else 0
                built = Text(self.building_label(level))
                rent = ed.money(view.current_rent(pos)) + (" (at 7)" if sp.type == UTILITY else "")
                mort = f"+{ed.money(sp.mortgage)}"
            table.add_row(str(pos), self.space_mark(pos), sp.name, built, rent, mort)
        return table

    # ------------------------------------------------------------------ prompts
    def prompt_text(self, prompt: Prompt) -> RenderableType:
        """A sentence saying what ``prompt.player`` must decide, in the edition's words."""
        return Text.assemble(name_text(self.game, prompt.player), self.prompt_words(prompt))

    def prompt_words(self, prompt: Prompt) -> str | Text:
        """What follows the decider's name in ``prompt_text``."""
        game, ed = self.game, self.edition
        d = prompt.details
        me = prompt.player
        money = ed.money
        view = self.view()
        kind = prompt.kind
        if kind == P.TURN:
            if d.get("in_jail"):
                return (
                    f", you are in {ed.term('jail')} (try {d.get('jail_turns', 0) + 1} of "
                    f"{getattr(game, 'jail_attempts', 3)} for doubles)."
                )
            if d.get("doubles"):
                return ", you rolled doubles: roll again."
            return ", it is your turn."
        if kind == P.BUY:
            pos = d["pos"]
            return (
                f", you landed on {ed.board[pos].name}, for sale at {money(d['price'])}. You have "
                f"{money(view.cash[me])}. Buy it, or the bank auctions it ('deed {pos}' shows its card)."
            )
        if kind == P.AUCTION:
            lot = d["lot"]
            what = ed.board[lot].name if lot >= 0 else f"one of the bank's last {ed.term(d['lot_kind'] + 's', 2)}"
            high = (
                f"High bid {money(d['high'])} by {game.players[d['high_bidder']]}. "
                if d["high_bidder"] >= 0
                else "No bids yet. "
            )
            return (
                f": auction of {what}. {high}You may bid {money(d['minimum'])} or more, or pass "
                f"(you have {money(view.cash[me])})."
            )
        if kind == P.DEBT:
            creditor = "the bank" if d["creditor"] < 0 else game.players[d["creditor"]]
            words = f", you owe {money(d['amount'])} to {creditor} ({d['reason']}) and have {money(view.cash[me])}. "
            if view.cash[me] < d["amount"]:
                words += "Raise the money: sell buildings, mortgage or trade (choice 'Manage…')."
            return words
        if kind == P.TRADE:
            offer = d["offer"]
            return Text.assemble(
                f", {game.players[offer['proposer']]} offers you a trade:\n", trade_summary(game, offer, viewer=me)
            )
        if kind == MORTGAGED_PROPERTY:
            pos = d["pos"]
            return (
                f", you received {ed.board[pos].name}, which is mortgaged: lift the mortgage now for "
                f"{money(d['lift_cost'])}, or keep it mortgaged and pay {money(d['interest'])} interest."
            )
        if kind == P.CLAIM_RENT:
            return (
                f", {game.players[d['payer']]} owes you {money(d['amount'])} rent for "
                f"{ed.board[d['pos']].name}: claim it?"
            )
        if kind == BUILDING_SHORTAGE:
            req = game.players[d["requester"]]
            return (
                f", {req} wants a {ed.term(d['building'])} but the bank has only {d['supply']}. "
                "Do you want one too? (it would then be auctioned)"
            )
        if kind == PLACE_BUILDING:
            return f", where do you place your {ed.term(d['building'])}?"
        return f" must answer '{kind}'."

    def action_label(self, player: int, action: Action) -> str:
        """A readable label for a concrete action, in the edition's words."""
        game, ed = self.game, self.edition
        money = ed.money
        view = self.view()
        prompt = game.prompt
        d = prompt.details if prompt is not None and prompt.player == player else {}
        k = action.kind
        if k == A.ROLL:
            return "Roll for doubles" if view.in_jail[player] else "Roll the dice"
        if k == A.PAY_BAIL:
            return f"Pay {money(ed.rules.jail_fine)} to leave {ed.term('jail')}"
        if k == A.USE_CARD:
            return "Use a get-out-of-jail card"
        if k == A.BUY:
            return f"Buy {ed.board[d['pos']].name} for {money(d['price'])}" if "pos" in d else "Buy"
        if k == A.AUCTION:
            return f"Don't buy: auction {ed.board[d['pos']].name}" if "pos" in d else "Let the bank auction it"
        if k == A.PASS:
            if prompt is not None and prompt.kind == BUILDING_SHORTAGE:
                return "No, I don't want one"
            return "Pass (drop out of the auction)"
        if k == A.PAY:
            if "amount" in d:
                creditor = "the bank" if d.get("creditor", -1) < 0 else game.players[d["creditor"]]
                return f"Pay {money(d['amount'])} to {creditor}"
            return "Pay"
        if k == A.BANKRUPT:
            return "Declare bankruptcy"
        if k == A.ACCEPT:
            return "Accept the trade"
        if k == A.REJECT:
            return "Reject the trade"
        if k == A.LIFT:
            return f"Lift the mortgage for {money(d['lift_cost'])}" if "lift_cost" in d else "Lift the mortgage"
        if k == A.KEEP:
            return f"Keep it mortgaged, pay {money(d['interest'])} interest" if "interest" in d else "Keep it mortgaged"
        if k == A.CLAIM:
            return f"Claim {money(d['amount'])} rent" if "amount" in d else "Claim the rent"
        if k == A.WAIVE:
            return "Let the rent go"
        if k == A.WANT:
            return "Yes, I want one too"
        if k == A.PLACE:
            what = ed.term(d.get("building", "house"))
            return f"Place the {what} on {ed.board[action.arg].name}"
        if k == A.END:
            return "Done"
        if k in (A.BUILD, A.SELL, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE):
            pos = action.arg
            sp = ed.board[pos]
            level = view.level[pos]
            if k == A.BUILD:
                if level >= self.houses_per_hotel():
                    return f"Build a {ed.term('hotel')} on {sp.name} ({money(sp.hotel_cost)})"
                return f"Build a {ed.term('house')} on {sp.name} ({money(sp.house_cost)})"
            if k == A.SELL:
                if level >= self.hotel_level():
                    return f"Sell the {ed.term('hotel')} on {sp.name} (+{money(sp.hotel_cost // 2)})"
                return f"Sell a {ed.term('house')} on {sp.name} (+{money(sp.house_cost // 2)})"
            if k == A.SELL_ALL:
                return f"Sell all buildings of the {group_name(ed, pos)} set"
            if k == A.MORTGAGE:
                return f"Mortgage {sp.name} (+{money(sp.mortgage)})"
            return f"Lift the mortgage on {sp.name} ({money(sp.unmortgage)})"
        if k == A.BID:
            return f"Bid {money(action.arg)}"
        if k == A.TRADE and action.offer is not None:
            return "Propose: " + offer_words(ed, str(action.offer), game.players)
        return str(action)

    # ------------------------------------------------------------------ trades
    def no_trade_words(self, seat: int) -> str:
        """Why ``seat`` can propose no trade now (the game lists no partner), in the edition's words."""
        from ..rules.permissions import auction_open
        from ..rules.trade import trade_pending

        if trade_pending(self.game):
            return "another trade is waiting for an answer"
        if auction_open(self.game):
            return "an auction is on: trades wait until it ends"
        return "no other player can trade with you now"

    # ------------------------------------------------------------------ help
    # (actions a player may type as text, in the order help names them: those the family has)
    TYPED_ACTIONS: tuple[str, ...] = (
        "roll",
        "buy",
        "auction",
        "bid 120",
        "pass",
        "pay",
        "accept",
        "reject",
        "play",
        "keep",
    )

    def help_commands(self) -> list[tuple[str, str]]:
        """The commands help lists, (what to type, what it does): only what the edition has."""
        ed = self.edition
        kinds = self.game.ACTION_KINDS.all
        deed = ed.term("title_deed")
        rows = [
            ("board", "the board"),
            ("mine", "your properties, with current rents"),
            ("deed <space>", f"a {deed}"),
            ("deeds", f"every {deed} in short"),
            ("players", "everyone's holdings"),
            ("log [N]", "the last N events (all by default)"),
            ("legend", "what the marks mean"),
            ("trade", "propose a trade"),
        ]
        if A.BUILD in kinds:
            house, hotel = ed.term("house", 2), ed.term("hotel", 2)
            rows.append(("build / sell <space>", f"build or sell {house} and {hotel}"))
            rows.append(("sell-all <space>", "sell every building of the space's set"))
        if A.MORTGAGE in kinds:
            rows.append(("mortgage <space>", "mortgage a property; unmortgage <space> lifts it"))
        rows += [("save <file>", "save the game (resume with --load <file>)"), ("quit", "leave (asks to save)")]
        return rows

    def help_example(self) -> str:
        """An example of a command taking a space, e.g. 'mortgage mediterranean'."""
        ed = self.edition
        name = ed.board[ed.properties[0]].name.split()[0].lower() if ed.properties else "3"
        return f"{'mortgage' if A.MORTGAGE in self.game.ACTION_KINDS.all else 'deed'} {name}"

    def help_notes(self) -> list[str]:
        """Paragraphs (Rich markup) below the commands, each wrapped to the window."""
        kinds = self.game.ACTION_KINDS.all
        typed = [a for a in self.TYPED_ACTIONS if a.split()[0] in kinds]
        return [
            f"A <space> is its number (0-{self.edition.size - 1}) or part of its name, e.g. 'deed 1' or "
            f"'{self.help_example()}'.",
            f"Actions may also be typed in text form: {', '.join(typed)}, ...",
        ]

    def help_renderable(self) -> RenderableType:
        """Help as the window shows it: the commands in two aligned columns (a long description wraps
        under its own column), then the notes as paragraphs."""
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()
        for command, words in self.help_commands():
            grid.add_row(command, words)
        return Group(
            Text.from_markup("Answer with the [bold]number[/] of a choice, or type one of these:"),
            Padding(grid, (0, 0, 0, 2)),
            *[Text.from_markup(note) for note in self.help_notes()],
        )
