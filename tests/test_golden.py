"""Golden playthroughs: a seeded 4-player game per edition, written out event by event.

``tests/golden/<edition>.txt`` holds one line per event in the edition's own
words (``Game.describe``) and a final summary. The test
replays the same game and compares line by line, failing at the first line
that differs. When a change of the rules or of the bots is meant to change the
games, regenerate on purpose and read the diff:

    python tests/test_golden.py --regenerate
    OPENMONOPOLY_REGENERATE_GOLDEN=1 python -m pytest tests/test_golden.py
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import openmonopoly as om
from openmonopoly.agents import make_agent

GOLDEN = Path(__file__).parent / "golden"
EDITIONS = ("classic", "starwars40", "sailormoon", "clonewars")
# Variants: golden file name -> (edition, options); each also plays with the round limit.
VARIANTS = {
    "sailormoon-quicker-game": ("sailormoon", {"quicker-game": True}),
    "clonewars-quicker-game": ("clonewars", {"quicker-game": True}),
    "clonewars-time-limit": ("clonewars", {"time-limit": 25}),
    "clonewars-starwars-rule": ("clonewars", {"starwars-rule": True}),
    "clonewars-starwars-rule-quicker-game": ("clonewars", {"starwars-rule": True, "quicker-game": True}),
}
GAMES = EDITIONS + tuple(VARIANTS)
SEED = 2024
PLAYERS = ("Ann", "Ben", "Cat", "Dan")
BOT = "heuristic"
MAX_ROUNDS = 40


def play(name: str) -> om.Game:
    edition, options = VARIANTS.get(name, (name, {}))
    g = om.Game(edition, list(PLAYERS), seed=SEED, options={"max-rounds": MAX_ROUNDS, **options})
    bots = [make_agent(BOT, SEED * 10 + i) for i in range(len(PLAYERS))]
    while not g.over:
        p = g.prompt
        g.act(p.player, bots[p.player].act(g.view(p.player), p))
    return g


def transcript(edition: str) -> list[str]:
    g = play(edition)
    ed = g.edition
    names = g.players
    variant = "".join(f"; {k}={v}" for k, v in VARIANTS.get(edition, ("", {}))[1].items())
    lines = [f"# {ed.name} ({ed.id}){variant}; seed {SEED}; {BOT} bots; max-rounds {MAX_ROUNDS}; players "
             + ", ".join(names)]
    lines += [g.describe(e) for e in g.history]
    s = g.state
    lines.append("")
    lines.append(f"== Summary: {s.end_reason} after {s.round} rounds, {s.turns} turns, "
                 f"{len(g.record()['actions'])} actions; winners: " + ", ".join(names[w] for w in s.winners))
    for p in range(s.n):
        props = [pos for pos in ed.properties if s.owner[pos] == p]
        owned = ", ".join(ed.board[pos].name + ("*" if s.mortgaged[pos] else "")
                          + (f" [{s.level[pos]}]" if s.level[pos] else "") for pos in props)
        status = "in" if s.alive[p] else "bankrupt"
        lines.append(f"{names[p]} ({status}): cash {ed.money(s.cash[p])}, net worth {ed.money(g.net_worth(p))}; "
                     f"owns: {owned or '-'}")
    lines.append(f"Bank: {s.bank_houses} {ed.term('houses', 2)}, {s.bank_hotels} {ed.term('hotels', 2)}; "
                 f"digest {g.digest()[:16]}")
    return lines


def path_of(edition: str) -> Path:
    return GOLDEN / f"{edition}.txt"


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for edition in GAMES:
        path_of(edition).write_text("\n".join(transcript(edition)) + "\n", encoding="utf-8")
        print(f"wrote {path_of(edition)}")


@pytest.mark.parametrize("edition", GAMES)
def test_golden_playthrough(edition: str) -> None:
    if os.environ.get("OPENMONOPOLY_REGENERATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path_of(edition).write_text("\n".join(transcript(edition)) + "\n", encoding="utf-8")
        pytest.skip(f"regenerated {path_of(edition)}")
    path = path_of(edition)
    assert path.exists(), f"{path} is missing; run: python tests/test_golden.py --regenerate"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = transcript(edition)
    for i, (want, got) in enumerate(zip(expected, actual), 1):
        if want != got:
            pytest.fail(f"{path.name} line {i} differs:\n  golden: {want}\n  now:    {got}\n"
                        "(if the change is intended: python tests/test_golden.py --regenerate)")
    if len(expected) != len(actual):
        pytest.fail(f"{path.name}: golden has {len(expected)} lines, the game now gives {len(actual)}; first extra "
                    f"line {min(len(expected), len(actual)) + 1}: "
                    f"{(expected if len(expected) > len(actual) else actual)[min(len(expected), len(actual))]}")


if __name__ == "__main__":
    if "--regenerate" in sys.argv[1:]:
        regenerate()
    else:
        print(__doc__)
