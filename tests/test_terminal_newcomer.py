"""What a newcomer sees at 80x24 in the editions with parts of their own: Empire's help in aligned
columns, its tower said once per status line, long lists paged; Mandalorian's help, legend and jail
in its own terms (one die, no houses, no mortgages); Clone Wars players who are not named after the
character they then choose; a trade wizard that keeps what was entered; a refused trade that says why."""

from __future__ import annotations

import os
import re

from rich.console import Console

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.cli.screens import screen_for
from openmonopoly.cli.terminal import Session
from openmonopoly.editions import load
from openmonopoly.engine import events as E
from test_terminal import Script
from test_terminal_pty import Pty

ROLL = re.compile(r"(\d+)\) Roll\b")


def rows(shown: str) -> list[str]:
    return shown.strip("\n").split("\n")


def fits(shown: str) -> None:
    """One screen: at most 24 rows (and the echoed keystroke), none wider than 80 columns, none cut."""
    assert len(rows(shown)) <= 24 + 1, shown
    assert not [line for line in rows(shown) if len(line) > 80], shown
    assert not [line for line in rows(shown) if "…" in line and "Propose a trade…" not in line], shown


def empire() -> Pty:
    return Pty("play", "--edition", "empire", "--seed", "7", "--seats", "human,heuristic,heuristic,heuristic")


def test_empire_help_is_in_aligned_columns_and_the_status_says_the_tower_once():
    term = empire()
    try:
        first = term.read_until(r"▸ ")
        players = [line for line in rows(first) if re.match(r"[▶· ]\d ", line)]
        assert len(players) == 4
        for line in players:  # the tower once: its bar and size, never a second time
            assert line.count("/16") == 1, line
        # the secret hand by its cards' full names, not cut to a few letters
        hand = " ".join(first[first.find("Your Empire cards") :].split())
        assert hand.startswith(
            "Your Empire cards (secret; 'mine' says what they do): Bargain Business, Hostile Takeover"
        )
        term.type("help")
        shown = term.read_until(r"back to the game|▸ ")
        fits(shown)
        # a description too long for the line goes on under its own column, not under the commands
        assert re.search(
            r"\n  deed <space>  a brand's card: price, colour set, height, owner \(or what a *"
            r"\n {16}space does\)",
            shown,
        ), shown
        assert re.search(r"\n  trade {9}sell \(or buy\) a Chance Get Out of Jail Free card", shown)
        for command in ("board", "players", "mine", "deeds", "legend", "save <file>", "quit"):
            assert re.search(rf"\n  {re.escape(command)} +\S", shown), command
    finally:
        term.close()


def test_empire_log_and_board_page_within_24_rows():
    term = empire()
    try:
        shown = term.read_until(r"▸ ")
        for _ in range(2):  # two of one's turns: the log grows past a screen
            roll = ROLL.search(shown[shown.rfind("\n 1) ") :])
            term.type(roll.group(1) if roll else "1")
            shown = term.read_until(r"▸ ")
        term.type("log")
        page = term.read_until(r"back to the game")
        fits(page)
        assert re.search(r"the log: lines 1-22 of \d+ · Enter: next page, q: back to the game", page)
        term.type("q")  # back to the game at once: the screen is drawn again
        fits(term.read_until(r"▸ "))
        term.type("board")
        page = term.read_until(r"back to the game")
        fits(page)
        assert "Nerf" in page and "the board: lines 1-22 of" in page and "Xbox" not in page
        term.type("")
        page = term.read_until(r"back to the game")
        assert "Xbox" in page and "the end; Enter: back to the game" in page
        term.type("")
        fits(term.read_until(r"▸ "))
    finally:
        term.close()


def test_mandalorian_help_and_legend_speak_of_hideouts_not_houses_or_mortgages():
    term = Pty("play", "--edition", "mandalorian", "--seed", "7", "--seats", "human,heuristic")
    try:
        term.read_until(r"▸ ")
        term.type("help")
        shown = term.read_until(r"back to the game|▸ ")
        fits(shown)
        helped = shown[shown.find("Answer with") :]
        assert "sell <space>" in helped and "hideouts back to the bank" in helped
        for word in ("mortgage", "house", "hotel", "build"):
            assert word not in helped.lower(), (word, helped)
        assert "'deed " in helped  # the example command is one the edition has
        if "back to the game" in shown:
            term.type("")
            term.read_until(r"▸ ")
        term.type("legend")
        legend = term.read_until(r"▸ ")
        legend = legend[: legend.find(", it is your turn")]
        assert "Board: owner by seat number" in legend
        assert "house" not in legend and "mortg" not in legend
    finally:
        term.close()


def test_mandalorian_jail_is_one_die_without_doubles():
    game = om.Game("mandalorian", ["Ann", "Ben"], seed=3)
    seat = game.prompt.player
    game.state.in_jail[seat] = True
    screen = screen_for(game)
    words = screen.prompt_text(game.prompt).plain
    rules = game.edition.rules
    assert "doubles" not in words
    assert f"try 1 of {rules.jail_attempts}" in words and f"roll the silver die, a {rules.jail_roll_needed}" in words
    labels = [screen.action_label(seat, a) for a in game.legal_actions(seat).actions]
    assert any(label.startswith("Roll the silver die for a") for label in labels), labels
    assert not any("doubles" in label for label in labels)


def test_clone_wars_players_who_choose_a_character_are_not_named_after_one():
    term = Pty(
        "play",
        "--edition",
        "clonewars",
        "--seed",
        "7",
        "--option",
        "starwars-rule=true",
        "--seats",
        "human,heuristic,heuristic",
    )
    try:
        first = term.read_until(r"▸ ")
        assert "Player 1, choose your character" in first and "4) General Grievous (dark side)" in first
        term.type("4")
        after = term.read_until(r"▸ ")
        fits(after)
        assert re.search(r"▶1 Player 1 .*\(as General Grievous, dark side\)", after), after
        assert "Anakin Skywalker chooses" not in after
    finally:
        term.close()


def test_empty_cash_is_shown_without_the_thousands_mark():
    empire_ed, classic = load("empire"), load("classic")
    assert empire_ed.money(0) == "$0" and empire_ed.money(50) == "$50K" and empire_ed.money(-50) == "-$50K"
    assert classic.money(0) == "$0" and load("clonewars").money(0) == "0 credits"


# ---------------------------------------------------------------------------------- the trade wizard
def first_seat_starts(edition: str) -> om.Game:
    for seed in range(200):
        game = om.Game(edition, ["Ann", "Bob"], seed=seed)
        if game.prompt.player == 0 and game.prompt.kind == "turn":
            return game
    raise AssertionError("no seed where seat 0 starts")


def session(game: om.Game, script: Script) -> tuple[Session, Console]:
    console = Console(width=80, record=True, file=open(os.devnull, "w"))
    agents = {1: make_agent("random", 1)}
    return Session(game, ["human", "random"], agents, console, read=script, interactive=False), console


def offered(game: om.Game) -> list[str]:
    return [e.info for e in game.history if e.kind == E.TRADE_OFFERED]


def test_too_much_cash_asks_again_for_the_cash_only():
    game = first_seat_starts("classic")
    game.state.owner[1] = 0  # Ann: Mediterranean Avenue
    game.state.owner[3] = 1  # Bob: Baltic Avenue
    script = Script(["trade", "1", "1", "baltic", "5000", "50", "y"])
    s, console = session(game, script)
    assert s.run() == 0
    assert offered(game)[:1] == ["1 give=1 take=3 cash=50"]
    text = console.export_text()
    assert "You have only $1,500." in text
    assert sum("Give which properties" in p for p in script.prompts) == 1  # not asked again


def test_a_refused_offer_keeps_its_answers_and_asks_which_part_to_change():
    game = first_seat_starts("classic")
    game.state.owner[3] = 1  # Bob: Baltic Avenue
    # nothing given, nothing asked, no cash: refused; change 2) what you ask for
    script = Script(["trade", "1", "", "", "", "2", "baltic", "y"])
    s, console = session(game, script)
    assert s.run() == 0
    assert offered(game)[:1] == ["1 take=3"]
    text = " ".join(console.export_text().split())
    assert "That trade is not allowed: a trade must move at least one property or card." in text
    assert any(p.startswith("Change 1) what you give, 2) what you ask for, 3) the cash") for p in script.prompts)


def test_empire_says_why_no_trade_can_be_proposed():
    game = first_seat_starts("empire")
    assert not any(game.state.held)
    script = Script(["trade"])
    s, console = session(game, script)
    s.run()
    text = " ".join(console.export_text().split())
    assert "another trade is waiting" not in text
    assert (
        "No trade can be proposed now: in Monopoly Empire a trade sells or buys a Get Out of Jail Free card, "
        "and nobody holds one now." in text
    )
