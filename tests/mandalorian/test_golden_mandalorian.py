"""Golden playthrough of the Mandalorian edition: a seeded 4-player heuristic game, event by event.

``tests/golden/mandalorian.txt`` holds one line per event in the edition's words and a summary.
Regenerate on purpose and read the diff:

    python -m tests.mandalorian.test_golden_mandalorian --regenerate
    OPENMONOPOLY_REGENERATE_GOLDEN=1 python -m pytest tests/mandalorian/test_golden_mandalorian.py
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import openmonopoly as om
from openmonopoly.agents import make_agent

GOLDEN = Path(__file__).parent.parent / "golden" / "mandalorian.txt"
SEED = 2024
PLAYERS = ("Din", "Bo", "Ahsoka", "Boba")


def transcript() -> list[str]:
    g = om.Game("mandalorian", list(PLAYERS), seed=SEED)
    bots = [make_agent("heuristic", SEED * 10 + i) for i in range(len(PLAYERS))]
    while not g.over:
        p = g.prompt
        g.act(p.player, bots[p.player].act(g.view(p.player), p))
    ed = g.edition
    t = ed.rules
    s = g.state
    lines = [f"# {ed.name} ({ed.id}); seed {SEED}; heuristic bots; players " + ", ".join(PLAYERS)]
    lines += [g.describe(e) for e in g.history]
    lines.append("")
    lines.append(f"== Summary: {s.end_reason} after {s.round} rounds, {s.turns} turns, "
                 f"{len(g.record()['actions'])} actions; winners: " + (", ".join(PLAYERS[w] for w in s.winners)
                                                                       or "nobody"))
    for p in range(s.n):
        owned = ", ".join(ed.board[pos].name for pos in t.hideouts if s.owner[pos] == p)
        cards = ", ".join(f"{t.enemies[t.enemy_cards[c].enemy].name} {t.enemy_cards[c].level}" for c in s.won[p])
        lines.append(f"{PLAYERS[p]} ({t.characters[s.character[p]].name}): {ed.money(s.cash[p])}; "
                     f"hideouts: {owned or '-'}; enemy cards: {cards or '-'}")
    lines.append(f"Grogu: {'with ' + PLAYERS[s.grogu_carrier] if s.grogu_carrier >= 0 else 'alone'}; "
                 f"digest {g.digest()[:16]}")
    return lines


def test_golden_playthrough() -> None:
    if os.environ.get("OPENMONOPOLY_REGENERATE_GOLDEN") == "1":
        GOLDEN.write_text("\n".join(transcript()) + "\n", encoding="utf-8")
        pytest.skip(f"regenerated {GOLDEN}")
    assert GOLDEN.exists(), f"{GOLDEN} is missing; regenerate it (see the module docstring)"
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    actual = transcript()
    for i, (want, got) in enumerate(zip(expected, actual), 1):
        if want != got:
            pytest.fail(f"{GOLDEN.name} line {i} differs:\n  golden: {want}\n  now:    {got}")
    assert len(expected) == len(actual), f"golden has {len(expected)} lines, the game now gives {len(actual)}"


if __name__ == "__main__":
    if "--regenerate" in sys.argv[1:]:
        GOLDEN.write_text("\n".join(transcript()) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")
