"""Random-bot fuzz of the money rules over every edition the registry knows and every option mix.

    PYTHONPATH=src .venv/bin/python bench/rules_fuzz.py --games 10000 [--start 0] [--rounds 25] [--json]

Game ``i`` plays combination ``i % len(combos)`` (an edition id from the registry and one mix of its
on/off options, with ``time-limit`` off or 25 where the edition has it; mixes the rules refuse are
left out; the house rules that take a value, such as the Free Parking pot, drawn per game) with
random bots from seed ``start + i``, 2 to the edition's most players, a round limit of ``--rounds``.
Before each prompted action a player who is not prompted tries a random any-time action one time in
five (``tests/invariants.random_anytime``: builds, sales, mortgages, lifts, trade offers), as people at
a table may. After every action ``tests/invariants.MoneyRules`` checks what no action may
do: cash or property leaving a debtor except towards the debt or in a sale for cash, a cash-only high
bid not covered by cash in hand, rent charged on a mortgaged space, a building placed by a player in
debt -- and no player's cash goes below zero. A violation is counted with its first example; the run
goes on. Also counted: how often the situations arose (actions taken while a debt waited, while a
cash-only bid stood, rent-claim prompts), so a clean run is seen to have exercised them.

Run it in chunks on a busy machine (``--start``), and nice'd: every chunk is reproducible on its own.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the invariant checks are the tests' own
try:
    import openmonopoly  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT / "src"))

from invariants import InvariantError, MoneyRules, cash_only_lot, debtors, random_anytime  # noqa: E402
from openmonopoly import Game, catalogue  # noqa: E402
from openmonopoly.agents import make_agent  # noqa: E402
from openmonopoly.engine.options import BadOption  # noqa: E402

MEDDLE = 0.2
CAP = 20000  # actions per game (a safety net: every game ends at the round limit long before)


VALUED_HOUSE_RULES: dict[str, tuple[int | None, ...]] = {
    "free-parking-pot": (None, 0, 500),
    "salary": (None, 400),
    "starting-cash": (None, 300, 3000),
}


def combos() -> list[tuple[str, dict]]:
    """Every edition id of the registry with every mix of its on/off options (and the time limit)."""
    out: list[tuple[str, dict]] = []
    for info in catalogue.editions():
        ed = catalogue.edition(info.id)
        options = catalogue.options(ed)
        switches = sorted(name for name, o in options.items() if o.kind is bool)
        limits = [None, 25] if "time-limit" in options else [None]
        for bits in itertools.product((False, True), repeat=len(switches)):
            for limit in limits:
                mix = {name: on for name, on in zip(switches, bits, strict=True) if on}
                if limit is not None:
                    mix["time-limit"] = limit
                try:
                    Game(info.id, ed.min_players, options=mix, events=False)
                except BadOption:
                    continue  # (e.g. quicker-game with time-limit: the rulebook's two ways to shorten it)
                out.append((info.id, mix))
    return out


def play(combo: tuple[str, dict], seed: int, rounds: int, tally: dict) -> None:
    edition, mix = combo
    ed = catalogue.edition(edition)
    rng = random.Random(seed)
    players = rng.randint(2, ed.max_players)
    options = dict(mix, **{"max-rounds": rounds})
    known = catalogue.options(ed)
    if "character-shift" in known:
        options["character-shift"] = seed % 4
    # The house rules that take a value are not among the on/off mixes: each game draws one of a few
    # values for each its edition offers (a low starting cash brings debts early).
    draw = random.Random(f"valued house rules {seed}")
    for name, values in VALUED_HOUSE_RULES.items():
        value = draw.choice(values)
        if name in known and value is not None:
            options[name] = value
    try:
        g = Game(edition, players, seed=seed, options=options)
    except BadOption:  # a drawn value the mix refuses (e.g. too little starting cash for the time-limit deal)
        g = Game(edition, players, seed=seed, options={k: v for k, v in options.items() if k not in VALUED_HOUSE_RULES})
    bots = [make_agent("random", seed * 100 + i) for i in range(players)]
    rules = MoneyRules(g)
    step = 0
    while not g.over and step < CAP:
        meddled = random_anytime(g, rng) if rng.random() < MEDDLE else None
        if meddled is None:
            p = g.prompt
            action = bots[p.player].act(g.view(p.player), p)
            g.act(p.player, action)
            meddled = (p.player, action)
        step += 1
        s = g.state
        if debtors(g):
            tally["actions with a debt pending"] += 1
        if any(type(st).__name__ == "Auction" and st.high_bidder >= 0 and cash_only_lot(g, st.lot) for st in s.stack):
            tally["actions with a cash-only bid standing"] += 1
        if s.stack and s.stack[-1].kind == "claim-rent":
            tally["rent-claim prompts"] += 1
        try:
            rules.check(g, step, *meddled)
            if min(s.cash) < 0:
                raise InvariantError(f"{edition} seed={seed}: negative cash {s.cash} after {meddled}")
        except InvariantError as exc:
            kind = classify(str(exc))
            tally["violations"][kind] = tally["violations"].get(kind, 0) + 1
            tally["examples"].setdefault(kind, str(exc))
            rules.snap(g)
    tally["actions"] += step


def classify(message: str) -> str:
    for words, kind in (
        ("debtor", "a debtor paid or gave away"),
        ("not covered", "a cash-only bid uncovered"),
        ("rent charged", "rent on a mortgaged space"),
        ("placed a building", "a building placed in debt"),
        ("negative cash", "negative cash"),
    ):
        if words in message:
            return kind
    return "other"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0, help="the first game's index (run in chunks)")
    ap.add_argument("--rounds", type=int, default=25, help="round limit of every game")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    all_combos = combos()
    tally: dict = {
        "actions": 0,
        "actions with a debt pending": 0,
        "actions with a cash-only bid standing": 0,
        "rent-claim prompts": 0,
        "violations": {},
        "examples": {},
    }
    t0 = time.time()
    for i in range(args.start, args.start + args.games):
        play(all_combos[i % len(all_combos)], i, args.rounds, tally)
        done = i - args.start + 1
        if done % 250 == 0:  # (a chunk stopped early still says how far it got, and with what)
            print(
                f"  {done} games (#{args.start}..{i}), {time.time() - t0:.0f} s, {tally['actions']} actions, "
                f"violations: {tally['violations'] or 'none'}",
                file=sys.stderr,
                flush=True,
            )
    result = {
        "games": args.games,
        "start": args.start,
        "combinations": len(all_combos),
        "editions": sorted({e for e, _ in all_combos}),
        "seconds": round(time.time() - t0, 1),
        **tally,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{args.games} games (#{args.start}..{args.start + args.games - 1}) over {len(all_combos)} edition/option "
            f"combinations ({', '.join(result['editions'])}), {result['seconds']} s"
        )
        print(
            f"{tally['actions']} actions; {tally['actions with a debt pending']} with a debt pending, "
            f"{tally['actions with a cash-only bid standing']} with a cash-only bid standing, "
            f"{tally['rent-claim prompts']} rent-claim prompts"
        )
        print(f"violations: {tally['violations'] or 'none'}")
        for kind, example in tally["examples"].items():
            print(f"  first {kind}: {example}")
    return 1 if tally["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
