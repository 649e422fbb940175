"""Your own turn first, always: at 80x24 and 100x30, in every edition, the screen after each of your rolls says what
the roll did, whatever the bots did meanwhile (their turns are folded to a line each when space is
short), and no line is cut off with an ellipsis."""

from __future__ import annotations

import re

import pytest

from test_terminal_pty import Pty

EDITIONS = ["classic", "starwars40", "sailormoon", "clonewars", "mandalorian", "empire"]
ROLL_CHOICE = re.compile(r"(\d+)\) Roll\b")
BORDERS = re.compile(r"[│╭╮╰╯─]")
TURNS = 10
# Choices that open a dialog end in an ellipsis by convention; any other one is a line cut off.
DIALOG_CHOICE = re.compile(r"\d\) (Propose a trade…|Manage properties…)")


def screen_text(shown: str) -> str:
    """A screen's words in one run: box borders gone, wrapped lines joined."""
    return " ".join(BORDERS.sub(" ", shown).split())


@pytest.mark.parametrize("cols, rows", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_each_of_your_rolls_is_on_the_screen_after_it(edition, cols, rows):
    term = Pty(
        "play",
        "--edition",
        edition,
        "--seed",
        "7",
        "--seats",
        "human,heuristic,heuristic,heuristic",
        "--names",
        "Ann,Bo-Katan Kryze of Mandalore,Cy,Di",
        cols=cols,
        rows=rows,
    )
    try:
        shown = term.read_until(r"Ann ▸ ")
        rolls = 0
        answers = 0
        while rolls < TURNS:
            answers += 1
            assert answers < 200, "the game never came back to a roll"
            menu = shown[shown.rfind("\n 1) ") :] if "\n 1) " in shown else shown
            roll = ROLL_CHOICE.search(menu)
            term.type(roll.group(1) if roll else "1")
            shown = term.read_until(r"Ann ▸ |Winner:")
            if "Winner:" in shown:  # (the final standings follow the last screen)
                shown = shown[: shown.find("Final standings")]
            if roll:
                rolls += 1
                words = screen_text(shown)
                assert re.search(r"\bAnn rolls\b", words), f"roll {rolls} not on the screen after it:\n{shown}"
            lines = shown.split("\n")
            assert len(shown.strip("\n").split("\n")) <= rows + 1, shown  # one screen (and the echoed keystroke)
            assert not [line for line in lines if len(line) > cols], shown
            cut = [line for line in lines if "…" in line and not DIALOG_CHOICE.search(line)]
            assert not cut, shown
            if "Ann ▸" not in shown:
                break
        assert rolls >= 3
    finally:
        term.close()
