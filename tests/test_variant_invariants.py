"""Whole-game invariants (``invariants.play_checked``) for the editions with their own rulebook classes
and every option and allowed combination of options: Sailor Moon and Clone Wars.

``COMBOS`` lists (edition, options); every combination the editions allow is here (Clone Wars
refuses quicker-game with time-limit, see ``test_refused_combination``). Each combination plays
random-bot games (a round limit) and heuristic-bot games (no limit: they must end by a bankruptcy,
the quicker game's first bankruptcy, Swift Victory or the time limit), 2-6 players, one in five with
"rent must be claimed"; one 3-player game of each bot kind per combination (the random one limited to
6 rounds) runs the expensive checks at every step. New editions or options: add them to ``COMBOS``.
"""

from __future__ import annotations

import random

import pytest

import openmonopoly as om
from invariants import play_checked

COMBOS: list[tuple[str, dict]] = [
    ("sailormoon", {}),
    ("sailormoon", {"quicker-game": True}),
    ("clonewars", {}),
    ("clonewars", {"quicker-game": True}),
    ("clonewars", {"time-limit": 25}),
    ("clonewars", {"starwars-rule": True}),
    ("clonewars", {"starwars-rule": True, "quicker-game": True}),
    ("clonewars", {"starwars-rule": True, "time-limit": 25}),
]
RANDOM_GAMES, HEURISTIC_GAMES = 5, 4
END_REASONS = ("bankruptcy", "first-bankruptcy", "swift-victory", "time-limit")


def combo_id(combo: tuple[str, dict]) -> str:
    edition, options = combo
    return edition + "".join(f"+{k}" for k in options) if options else edition + "+plain"


def config(combo: tuple[str, dict], seed: int, full: bool = False) -> tuple[str, int, dict]:
    edition, options = combo
    rng = random.Random(seed * 7919 + 17)
    players = 3 if full else rng.randint(2, 6)  # the expensive checks grow with the players
    return edition, players, dict(options, **{"rent-must-be-claimed": rng.random() < 0.2})


@pytest.mark.parametrize("combo", COMBOS, ids=combo_id)
def test_random_games(combo) -> None:
    for seed in range(RANDOM_GAMES):
        full = seed == 0
        play_checked(
            seed, "random", full=full, max_rounds=6 if full else 15 + seed % 20, config=config(combo, seed, full)
        )


@pytest.mark.parametrize("combo", COMBOS, ids=combo_id)
def test_heuristic_games(combo) -> None:
    for seed in range(1000, 1000 + HEURISTIC_GAMES):
        full = seed == 1000
        play_checked(
            seed, "heuristic", full=full, max_rounds=None, config=config(combo, seed, full), end_reasons=END_REASONS
        )


def test_refused_combination() -> None:
    with pytest.raises(om.BadOption, match="choose one"):
        om.Game("clonewars", 3, options={"quicker-game": True, "time-limit": 10})


@pytest.mark.parametrize("edition", ["sailormoon", "clonewars"])
def test_options_are_declared_per_edition(edition) -> None:
    from openmonopoly.engine.game import rules_class
    from openmonopoly.engine.house_rules import DOUBLE_RENT_FULL_SET, HOUSE_RULES

    known = set(rules_class(om.load_edition(edition)).available_options(om.load_edition(edition)))
    expected = {"max-rounds", "rent-must-be-claimed", "quicker-game", "utility-rent-reroll"}
    if edition == "clonewars":
        expected |= {"time-limit", "starwars-rule"}
    # and the classic family's house rules, less the one every classic rulebook already plays
    expected |= set(HOUSE_RULES) - {DOUBLE_RENT_FULL_SET}
    assert known == expected
    assert "quicker-game" not in rules_class(om.load_edition("classic")).available_options(om.load_edition("classic"))
