"""Whole-game invariants with players acting out of turn, over every edition and option.

At the table anyone may build, sell, mortgage, lift a mortgage or propose a trade at any time, not only
the player the game waits for. Bots only answer their own prompts, so here, before each prompted action,
a random player who is not prompted does a random legal any-time action (``invariants.random_anytime``,
one step in five), and every step is checked as in the other invariant runs -- including that every
prompt keeps at least one legal answer (``invariants.check_answerable``).

CI plays ``GAMES_PER_COMBO`` games of each combination (random and heuristic bots alternating, a round
limit of 15-40 rounds, the first of each with the expensive checks). Thousands of games locally:

    PYTHONPATH=src:tests python tests/test_anytime_invariants.py --games 200      # per combination
"""

from __future__ import annotations

import random
import sys
import time

import pytest

from empire import empire_checks
from invariants import MEDDLED, play_checked
from mandalorian import checks as mando_checks

MEDDLE = 0.2
# Every classic-family house rule at once (they combine).
ALL_HOUSE_RULES = {
    "free-parking-pot": 50,
    "go-bonus": True,
    "salary": 300,
    "jail-no-rent": True,
    "no-auctions": True,
    "uneven-building": True,
    "no-mortgages": True,
    "starting-cash": 1200,
    "shuffle-seats": True,
}
GAMES_PER_COMBO = 12
COMBOS: list[tuple[str, dict]] = [
    ("classic", {}),
    ("starwars40", {}),
    ("sailormoon", {}),
    ("sailormoon", {"quicker-game": True}),
    ("clonewars", {}),
    ("clonewars", {"quicker-game": True}),
    ("clonewars", {"time-limit": 25}),
    ("clonewars", {"starwars-rule": True}),
    ("clonewars", {"starwars-rule": True, "quicker-game": True}),
    ("clonewars", {"starwars-rule": True, "time-limit": 25}),
    ("empire", {}),
    ("mandalorian", {}),
    # House rules: each alone on the classic board, then together on every classic-family edition,
    # and the two every family offers on Empire and the Mandalorian.
    ("classic", {"free-parking-pot": 0}),
    ("classic", {"free-parking-pot": 100}),
    ("classic", {"go-bonus": True}),
    ("classic", {"salary": 400}),
    ("classic", {"jail-no-rent": True}),
    ("classic", {"no-auctions": True}),
    ("classic", {"uneven-building": True}),
    ("classic", {"no-mortgages": True}),
    ("classic", {"starting-cash": 800}),
    ("classic", {"shuffle-seats": True}),
    ("starwars40", ALL_HOUSE_RULES),
    ("sailormoon", dict(ALL_HOUSE_RULES, **{"quicker-game": True})),
    ("clonewars", dict(ALL_HOUSE_RULES, **{"starwars-rule": True})),
    ("clonewars", dict(ALL_HOUSE_RULES, **{"time-limit": 25})),
    ("empire", {"starting-cash": 800, "shuffle-seats": True}),
    ("mandalorian", {"starting-cash": 100, "shuffle-seats": True}),
]


def combo_id(combo: tuple[str, dict]) -> str:
    edition, options = combo
    return edition + "".join(f"+{k}" for k in options)


def play_one(combo: tuple[str, dict], seed: int, full: bool = False):
    edition, options = combo
    bot = ("random", "heuristic")[seed % 2]
    rounds = 15 + seed % 26
    if edition == "empire":
        return empire_checks.play_checked(seed, bot, full=full, max_rounds=rounds, meddle=MEDDLE, options=options)
    if edition == "mandalorian":
        return mando_checks.play_checked(seed, bot, full=full, max_rounds=rounds, meddle=MEDDLE, options=options)
    rng = random.Random(seed * 7919 + 29)
    players = 3 if full else rng.randint(2, 6)
    opts = dict(options, **{"rent-must-be-claimed": rng.random() < 0.25})
    return play_checked(seed, bot, full=full, max_rounds=rounds, config=(edition, players, opts), meddle=MEDDLE)


# What players not prompted can do at any time, per family (Empire: only trade jail cards; Mandalorian:
# trades, and selling hideouts only while in debt).
EXPECTED_KINDS = {"empire": {"trade"}, "mandalorian": {"trade"}}


@pytest.mark.parametrize("combo", COMBOS, ids=combo_id)
def test_any_time_actions_by_unprompted_players(combo) -> None:
    MEDDLED.clear()
    for seed in range(GAMES_PER_COMBO):
        g = play_one(combo, seed, full=seed == 0)
        assert g.over
    expected = EXPECTED_KINDS.get(combo[0], {"build", "mortgage", "unmortgage", "trade"})
    if combo[1].get("no-mortgages"):
        expected = expected - {"mortgage", "unmortgage"}
    assert expected <= set(MEDDLED), MEDDLED


def main(argv: list[str]) -> int:
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 100
    start = int(argv[argv.index("--start") + 1]) if "--start" in argv else 1000
    t0 = time.time()
    played = 0
    for combo in COMBOS:
        for seed in range(start, start + games):
            play_one(combo, seed)
            played += 1
        print(f"{combo_id(combo)}: {games} games ok ({played} so far, {time.time() - t0:.0f} s)", flush=True)
    print(f"{played} games, 0 violations, {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
