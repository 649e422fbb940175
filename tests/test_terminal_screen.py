"""The terminal at 80x24 (a default window): every screen fits, the question and its choices are always in view,
drastic actions are confirmed, menus are grouped, bad input never crashes."""

from __future__ import annotations

import os
import time

import pytest
from rich.console import Console
from rich.text import Text

import openmonopoly as om
from kit import own, roll, set_cash
from openmonopoly.agents import make_agent
from openmonopoly.cli.render import set_marks
from openmonopoly.cli.screens import screen_for
from openmonopoly.cli.terminal import QuitGame, Session
from openmonopoly.engine import events as E
from openmonopoly.engine.actions import Action, TradeOffer
from rules.helpers import new_game

WIDTH, HEIGHT = 80, 24


class Terminal:
    """A recording 80x24 console that cuts its output into screens (at each clear) and checks each
    screen when the session asks for a line; then answers from ``lines``."""

    def __init__(self, lines: list[str], width: int = WIDTH, height: int = HEIGHT) -> None:
        self.console = Console(width=width, height=height, record=True, file=open(os.devnull, "w"), color_system=None)
        self.console.clear = self._clear  # type: ignore[method-assign]
        self.lines = list(lines)
        self.screen: list[str] = []  # what is on screen since the last clear
        self.asked: list[tuple[str, list[str]]] = []  # (question, the screen's last HEIGHT lines)
        self.drawn: list[list[str]] = []  # each whole screen the session drew, up to its question
        self.fresh = False
        self.pages = 0  # pages of long lists (the board, the log) answered with Enter

    def _clear(self, home: bool = True) -> None:
        self.console.export_text(clear=True)
        self.screen = []
        self.fresh = True

    def read(self, question: str) -> str:
        question = Text.from_markup(question).plain
        self.screen += self.console.export_text(clear=True).splitlines()
        if self.fresh:
            self.drawn.append(self.screen + [question])
            self.fresh = False
        shown = (self.screen + [question])[-self.console.height :]
        self.asked.append((question, shown))
        self.screen.append(question)
        if question.rstrip().endswith("back to the game"):  # a long list's page: on to the next one
            self.pages += 1
            return ""
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def session(game: om.Game, kinds: list[str], term: Terminal, **kw) -> Session:
    agents = {seat: make_agent(kind, seat) for seat, kind in enumerate(kinds) if kind != "human"}
    return Session(game, kinds, agents, term.console, read=term.read, interactive=True, **kw)


def check_screens(term: Terminal, game: om.Game) -> None:
    assert term.asked and term.drawn
    for screen in term.drawn:  # a drawn screen fits the window, its input line included
        assert len(screen) <= HEIGHT, "\n".join(screen)
    for question, shown in term.asked:
        for line in shown:
            assert len(line) <= WIDTH, line
        if question.endswith("▸ ") and not question.startswith("Manage"):
            # the numbered choices of the question are among the lines in view
            assert any(line.startswith(" 1) ") or "  1) " in line for line in shown), "\n".join(shown)


EDITIONS = [
    ("classic", {}),
    ("starwars40", {}),
    ("sailormoon", {"quicker-game": True}),
    ("clonewars", {"starwars-rule": True}),
    ("mandalorian", {}),
    ("empire", {}),
]
COMMANDS = [
    "board",
    "deeds",
    "mine",
    "players",
    "legend",
    "log 5",
    "help",
    "²",
    "--5",
    "9" * 5000,
    "-1",
    "manage",
    "",
    "buy",
    "deed 1",
    "xyzzy",
]


@pytest.mark.parametrize("seed", [5, 7])
@pytest.mark.parametrize("edition, options", EDITIONS, ids=[e for e, _ in EDITIONS])
def test_every_screen_fits_80x24_with_the_question_in_view(edition, options, seed):
    game = om.Game(
        edition, ["Ann", "Bo-Katan Kryze of Mandalore", "Cy", "Di"], seed=seed, options={"max-rounds": 10, **options}
    )
    term = Terminal(COMMANDS + ["1"] * 300)
    s = session(game, ["human", "heuristic", "heuristic", "random"], term)
    assert s.run() == 0
    check_screens(term, game)
    # the first screen (drawn by the session) is within the window with its input line
    first = term.asked[0][1]
    assert len(first) <= HEIGHT and first[-1].startswith("Ann ▸")
    out = "\n".join(line for _, shown in term.asked for line in shown)
    assert "Traceback" not in out
    assert "'²' is not a choice number" in out and "'--5' is not a choice number" in out
    assert "That line is 5000 characters long" in out


def test_a_tall_window_shows_the_board_too():
    game = om.Game("classic", ["Ann", "Ben"], seed=3)
    term = Terminal(["1"] * 4, width=120, height=50)
    session(game, ["human", "random"], term).run()
    first = term.asked[0][1]
    assert any("Boardwalk" in line for line in first) and len(first) <= 50
    small = Terminal(["1"] * 4)
    session(om.Game("classic", ["Ann", "Ben"], seed=3), ["human", "random"], small).run()
    assert not any("Boardwalk" in line for line in small.asked[0][1])


def _debt_game() -> om.Game:
    g = new_game("classic", 2)
    own(g, 1, 39, level=5)  # Boardwalk with a hotel: $2,000
    set_cash(g, 0, 50)
    g.state.position[0] = 35
    roll(g, 0, 1, 3)
    assert g.prompt.kind == "debt" and g.prompt.player == 0
    return g


def test_bankruptcy_is_listed_last_and_asks_first():
    g = _debt_game()
    term = Terminal(["1", "n", "1", "y"])
    s = session(g, ["human", "human"], term)
    s.run()
    shown = "\n".join(term.asked[0][1])
    assert " 1) Declare bankruptcy" in shown  # the only answer; any-time choices follow
    questions = [q for q, _ in term.asked]
    assert questions[1].startswith("Declare bankruptcy: are you sure?")
    assert g.state.alive[0] is False or not g.state.alive[0]
    assert [e.kind for e in g.history].count(E.BANKRUPT) == 1


def test_declining_the_bankruptcy_question_changes_nothing():
    g = _debt_game()
    before = g.to_json()
    term = Terminal(["1", "n"])
    session(g, ["human", "human"], term).run()
    assert g.to_json()["state"] == before["state"] and g.state.alive[0]


def test_accepting_a_one_sided_trade_asks_first_and_reject_comes_first():
    g = new_game("classic", 2)
    own(g, 0, 39)  # Ann has Boardwalk; Ben offers $1 for it
    g.act(1, Action("trade", -1, TradeOffer(1, 0, (), (39,), 1)))
    assert g.prompt.kind == "trade" and g.prompt.player == 0
    term = Terminal(["2", "n", "2", "y"])
    session(g, ["human", "human"], term).run()
    shown = "\n".join(term.asked[0][1])
    assert shown.index(" 1) Reject the trade") < shown.index(" 2) Accept the trade")
    assert term.asked[1][0].startswith("You would give about $400 of value and get $1: accept anyway?")
    assert g.state.owner[39] == 1  # accepted after the second "y"


def test_a_fair_trade_is_accepted_without_a_question():
    g = new_game("classic", 2)
    own(g, 0, 1)
    g.act(1, Action("trade", -1, TradeOffer(1, 0, (), (1,), 200)))
    term = Terminal(["2"])
    session(g, ["human", "human"], term).run()
    assert g.state.owner[1] == 1
    assert not any("accept anyway" in q for q, _ in term.asked)


def test_manage_submenu_has_no_duplicates():
    g = new_game("classic", 2)
    own(g, 0, 16, 18, 19, level=1)  # the orange set with a house each
    term = Terminal(["manage", ""])
    session(g, ["human", "human"], term).run()
    shown = "\n".join(next(lines for q, lines in term.asked if q.startswith("Manage")))
    assert shown.count("Sell all buildings of the Orange set") == 1
    assert "Manage properties… (" in shown and "Build a house on St. James Place" in shown
    first = "\n".join(term.asked[0][1])
    assert "Build a house" not in first  # in the submenu, not on the main menu


def test_clock_is_shown_and_time_up_offered_only_when_the_time_is_up():
    g = om.Game("clonewars", ["Ann", "Ben"], seed=2, options={"time-limit": 0})
    while g.prompt.player != 0:
        g.act(g.prompt.player, g.legal_actions(g.prompt.player).actions[0])
    term = Terminal([])
    s = session(g, ["human", "human"], term, deadline=time.monotonic() + 600)
    labels = [c.label for c in s.choices(0, g.legal_actions(0))]
    assert not any("Time is up" in label for label in labels)
    s.run()
    assert "time left 9:5" in term.asked[0][1][0] or "time left 10:00" in term.asked[0][1][0]
    s.deadline = time.monotonic() - 1
    labels = [c.label for c in s.choices(0, g.legal_actions(0))]
    assert labels[-2:][0].startswith("Time is up") or any(label.startswith("Time is up") for label in labels)
    # once offered, ending is confirmed: "n" keeps playing
    term2 = Terminal([str(1 + labels.index(next(label for label in labels if label.startswith("Time is up")))), "n"])
    with pytest.raises(QuitGame):  # (the input ends after the "n")
        session(g, ["human", "human"], term2, deadline=time.monotonic() - 1).human_decides(g.prompt)
    assert not g.over and any(q.startswith("End the game now?") for q, _ in term2.asked)
    # without a clock the end is never offered (the engine would take 'time-up' at any moment)
    s.deadline = None
    assert not any(c.label.startswith("Time is up") for c in s.choices(0, g.legal_actions(0)))


def test_set_letters_tell_sets_apart_without_colour():
    for edition in ("classic", "mandalorian", "empire"):
        ed = om.load_edition(edition)
        marks = set_marks(ed)
        assert len(set(marks.values())) == len(ed.groups)
    g = new_game("classic", 2)
    own(g, 0, 6, 8, 9)
    own(g, 0, 1)
    term = Terminal([])
    session(g, ["human", "human"], term).run()
    assert "LB3" in term.asked[0][1][1] and "BR1" in term.asked[0][1][1]


def test_mine_lists_current_rents():
    g = new_game("classic", 2)
    own(g, 0, 1, 3)  # the brown set: double rent
    text = Console(width=WIDTH, record=True, file=open(os.devnull, "w"))
    text.print(screen_for(g).properties_table(0))
    out = text.export_text()
    assert "Mediterranean Avenue" in out and "$4" in out and "Baltic Avenue" in out and "$8" in out


def test_seats_are_one_based_on_screen():
    g = new_game("classic", 3)
    own(g, 2, 39)
    text = Console(width=WIDTH, record=True, file=open(os.devnull, "w"))
    text.print(screen_for(g).board_table(columns=2, width=WIDTH))
    row = next(line for line in text.export_text().splitlines() if "Boardwalk" in line)
    assert "3" in row.split("Boardwalk")[1]


def test_play_picks_a_seed_prints_it_and_the_seed_replays_the_game():
    import re

    from typer.testing import CliRunner

    from openmonopoly.cli.main import app

    runner = CliRunner()
    first = runner.invoke(app, ["play", "--seats", "random,random", "--max-rounds", "2"], input="")
    assert first.exit_code == 0, first.output
    found = re.match(r"seed (\d+): replay with --seed (\d+)\n", first.output)
    assert found and found.group(1) == found.group(2)
    again = runner.invoke(
        app, ["play", "--seats", "random,random", "--max-rounds", "2", "--seed", found.group(1)], input=""
    )
    assert again.output == first.output


def test_event_words_people_read():
    from openmonopoly.engine.events import Event
    from openmonopoly.rules.words import first_rolls, money_words

    assert first_rolls("0:5+6 1:3+5", ["Ann", "Ben"]) == "Ann 5+6, Ben 3+5"  # names, not seats from 0
    mando = om.load_edition("mandalorian")
    assert money_words(mando, 1) == "1 credit" and money_words(mando, 2) == "2 credits"
    assert money_words(om.load_edition("classic"), 1) == "$1"
    g = om.Game("starwars40", ["Ann", "Ben"], seed=1)
    assert g.describe(Event(E.PAID, 0, amount=5, other=-1, info="interest")) == "Ann pays ₦5 interest to the bank."
    m = om.Game("mandalorian", ["Din", "Bo"], seed=1)
    from openmonopoly.rules.mandalorian import events as ME

    assert m.describe(Event(ME.BATTLE_ROLL, 0, amount=5, other=50, info="roll")) == "Din rolls 5."
    assert m.describe(Event(ME.BATTLE_ROLL, 0, amount=7, other=52, info="roll")) == "Din rolls 5 + 2 (both dice) = 7."


def test_a_refused_answer_says_what_the_question_is():
    g = new_game("classic", 2)
    term = Terminal(["buy"])
    session(g, ["human", "human"], term).run()
    shown = "\n".join(term.asked[-1][1])
    assert "You cannot buy now. The question: Player 1, it is your turn." in " ".join(shown.split())
    assert "Possible answers: Roll the dice ('roll')." in " ".join(shown.split())
    assert "does not answer this prompt" not in shown


def test_clone_wars_side_is_shown():
    g = om.Game("clonewars", ["Ann", "Ben"], seed=2, options={"starwars-rule": True})
    g.act(g.prompt.player, g.legal_actions(g.prompt.player).actions[0])
    g.act(g.prompt.player, g.legal_actions(g.prompt.player).actions[0])
    screen = screen_for(g)
    sides = [screen.status_facts(seat) for seat in range(2)]
    assert all(("light side" in s) or ("dark side" in s) for s in sides)


def test_board_names_at_80_columns_are_shortened_unambiguously():
    from openmonopoly.cli.render import short_names

    names = ["Mediterranean Avenue", "Pennsylvania Avenue", "Pennsylvania Railroad", "GO"]
    short = short_names(names, 17)
    assert short == ["Mediterrane. Ave.", "Pennsylvania Ave.", "Pennsylvania Rai.", "GO"]
    for edition in ("classic", "starwars40", "mandalorian", "empire", "clonewars", "sailormoon"):
        g = om.Game(edition, 4, seed=3)
        screen = screen_for(g)
        out = Console(width=80, record=True, color_system=None)
        out.print(screen.board_table(columns=2, width=80))
        lines = out.export_text().splitlines()
        assert max(len(line) for line in lines) <= 80 and len(lines) <= 24
        board_names = [sp.name for sp in g.edition.board]
        short = short_names(board_names, 17)
        distinct = {n: s for n, s in zip(board_names, short, strict=True)}
        assert len(set(distinct.values())) == len(distinct)  # different spaces never read alike
        if screen.shortened:  # the `board` command then shows every name in full, in one run
            out = Console(width=80, record=True, color_system=None)
            out.print(screen.board_table(columns=1, width=80))
            text = out.export_text()
            assert all(name in text for name in board_names) and max(map(len, text.splitlines())) <= 80


def test_deeds_at_80_columns_show_every_number_and_price_in_full():
    """`deeds` at 80 columns: each line keeps the space number, the price, every rent and the building cost
    (Clone Wars writes '60 credits': the cells carry the figure and the table names the currency once)."""
    for edition in ("classic", "starwars40", "clonewars", "sailormoon"):
        g = om.Game(edition, 4, seed=3)
        screen = screen_for(g)
        out = Console(width=80, record=True, color_system=None)
        out.print(screen.deeds_table())
        text = out.export_text()
        assert max(map(len, text.splitlines())) <= 80
        ed = g.edition
        word = screen.money_word()
        assert (word == "credits") == (edition == "clonewars")
        if word:
            assert f"in {word}." in text
        for pos in ed.properties:
            sp = ed.board[pos]
            line = next(ln for ln in text.splitlines() if ln.lstrip().startswith(f"{pos} "))
            assert f" {screen.table_money(sp.price)} " in line, line
            if sp.type == "street":
                assert "/".join(str(sp.rent[n]) for n in range(6)) in line, line
                assert f" {screen.table_money(sp.house_cost)} " in line, line


@pytest.mark.parametrize("edition", ["classic", "starwars40", "clonewars", "sailormoon", "mandalorian", "empire"])
def test_deeds_lists_every_space_that_can_be_bought(edition):
    """One line per space with a price, at its number, in every edition (Empire's brands and utility
    billboards are not the classic family's properties, and its table had come out empty)."""
    g = om.Game(edition, 4, seed=3)
    out = Console(width=80, record=True, color_system=None)
    out.print(screen_for(g).deeds_table())
    numbers = [int(ln.split()[0]) for ln in out.export_text().splitlines() if ln.split() and ln.split()[0].isdigit()]
    assert numbers == [pos for pos, sp in enumerate(g.edition.board) if sp.price]


@pytest.mark.parametrize("edition", ["classic", "clonewars", "mandalorian", "empire"])
def test_players_at_80_columns_show_everyones_cash_place_and_holdings_in_full(edition):
    """`players` at 80 columns: a table too wide for the window is shown as lines per player (each of its
    columns had been cut to a few cells: '140 cre…', 'heuris…', holdings broken into five-letter strips)."""
    from openmonopoly.agents import make_agent
    from openmonopoly.cli.render import fit_width

    g = om.Game(edition, 4, seed=3)
    bots = [make_agent("heuristic", seat) for seat in range(4)]
    for _ in range(150):
        if g.over:
            break
        g.act(g.prompt.player, bots[g.prompt.player].act(g.view(g.prompt.player), g.prompt))
    screen = screen_for(g)
    out = Console(width=80, record=True, color_system=None)
    out.print(fit_width(screen.players_table(["human", "heuristic", "heuristic", "heuristic"], deciding=0), out))
    text = out.export_text()
    flat = " ".join(text.split())
    assert max(map(len, text.splitlines())) <= 80 and "…" not in text
    v = g.view(0)
    for seat in range(4):
        assert g.players[seat] in flat
        if v.alive[seat]:
            assert screen.table_money(v.cash[seat]) in flat
            assert f"{v.position[seat]} {g.edition.board[v.position[seat]].name}" in flat
            if edition == "empire":  # (its towers table stands for the holdings)
                assert f"{v.height[seat]}/{g.edition.rules.capacity}" in flat
            else:
                assert " ".join(screen.holdings(seat).plain.split()) in flat


@pytest.mark.parametrize("edition", ["classic", "starwars40"])
def test_the_free_parking_pot_is_in_the_status_at_80x24(edition):
    """House rule free-parking-pot: the money in the middle is in the status header (and only then); every
    screen still fits the window. Star Wars 40th's long name puts it on the header's second line."""
    game = om.Game(edition, ["Ann", "Ben", "Cy", "Di"], seed=5, options={"free-parking-pot": 0, "max-rounds": 10})
    game.state.pot = 1350
    term = Terminal(COMMANDS + ["1"] * 300)
    assert session(game, ["human", "heuristic", "heuristic", "random"], term).run() == 0
    check_screens(term, game)
    money = game.edition.money(1350)
    first = term.asked[0][1]
    header = [line for line in first if "pot:" in line]
    assert header and f"Free Parking pot: {money}" in header[0], "\n".join(first)
    assert header[0] == first[0 if edition == "classic" else 1]
    # As the game goes the header follows the pot.
    shown = {line.split("pot: ")[1].split("  ")[0] for _, screen in term.asked for line in screen if "pot: " in line}
    assert len(shown) > 1
    book = om.Game(edition, ["Ann", "Ben", "Cy", "Di"], seed=5, options={"max-rounds": 10})
    plain = Terminal(["1"] * 40)
    session(book, ["human", "heuristic", "heuristic", "random"], plain).run()
    assert not any("pot:" in line for _, screen in plain.asked for line in screen)
