"""Golden playthrough of Monopoly Empire: a seeded 4-player heuristic-bot game, event by event, in the
edition's words (``tests/golden/empire.txt``), compared line by line. Regenerate on purpose:

    python -m tests.empire.test_empire_golden --regenerate     (or OPENMONOPOLY_REGENERATE_GOLDEN=1 pytest ...)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.rules.empire.words import piece_name

PATH = Path(__file__).parent.parent / "golden" / "empire.txt"
SEED = 2024
PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def transcript() -> list[str]:
    g = om.Game("empire", list(PLAYERS), seed=SEED)
    bots = [make_agent("heuristic", SEED * 10 + i) for i in range(len(PLAYERS))]
    while not g.over:
        p = g.prompt
        g.act(p.player, bots[p.player].act(g.view(p.player), p))
    ed = g.edition
    lines = [f"# {ed.name} ({ed.id}); seed {SEED}; heuristic bots; players " + ", ".join(PLAYERS)]
    lines += [g.describe(e) for e in g.history]
    s = g.state
    lines.append("")
    lines.append(f"== Summary: {s.end_reason} after {s.round} rounds, {s.turns} turns, "
                 f"{len(g.record()['actions'])} actions; winners: " + ", ".join(PLAYERS[w] for w in s.winners))
    for p in range(s.n):
        pieces = ", ".join(piece_name(ed, x) for x in s.tower[p]) or "-"
        lines.append(f"{PLAYERS[p]}: cash {ed.money(s.cash[p])}, tower {s.height[p]}/16 units "
                     f"(value {ed.money(ed.rules.ladder[min(s.height[p], 16)])}): {pieces}; "
                     f"{len(s.hands[p])} Empire cards")
    lines.append(f"digest {g.digest()[:16]}")
    return lines


def write() -> None:
    PATH.write_text("\n".join(transcript()) + "\n", encoding="utf-8")


def test_golden_playthrough_empire() -> None:
    if os.environ.get("OPENMONOPOLY_REGENERATE_GOLDEN") == "1":
        write()
        pytest.skip(f"regenerated {PATH}")
    assert PATH.exists(), f"{PATH} is missing; regenerate it"
    expected = PATH.read_text(encoding="utf-8").splitlines()
    actual = transcript()
    for i, (want, got) in enumerate(zip(expected, actual), 1):
        assert want == got, f"{PATH.name} line {i} differs:\n  golden: {want}\n  now:    {got}"
    assert len(expected) == len(actual), f"golden has {len(expected)} lines, the game now gives {len(actual)}"


if __name__ == "__main__" and "--regenerate" in sys.argv[1:]:
    write()
