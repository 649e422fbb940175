"""Two bots head to head: two seats each in 4-seat games, every seating played on the same dice.

    .venv/bin/python bench/head_to_head.py [--a hard] [--b mcts] [--deals 34] [--first-deal 0]
        [--edition classic] [--max-rounds 150] [--seed 1] [--workers 1] [--weights FILE] [--json FILE]
        [--pool FILE ...] [--baseline FILE ...]

A *deal* is one game seed (``game_seed(seed, d)``, as in ``simulate`` and the league). Each deal is played
six times, once per way of giving A two of the four seats ({0,1}, {0,2}, {0,3}, {1,2}, {1,3}, {2,3}); the
six include every seating and its mirror (B in A's seats), so neither the turn order nor the deal favours
a side. Each game has a winner (at ``--max-rounds`` the richest wins), so A's share of the wins and B's
add to 1: A is at least as strong as B when its share is at least 50 %.

Printed: A's share of the wins over all games with two 95 % intervals -- Wilson over the games (as if they
were independent) and, the one to read, a normal interval clustered by deal (the six games of a deal share
dice and decks, so they are not independent: the mean over deals of A's per-deal share, with the standard
error of that mean) -- plus each bot's milliseconds per decision and the exact command. ``--first-deal``
and ``--pool`` (the ``--json`` files of earlier runs with other deals or seeds) extend a run without replaying
it; ``--deals 0 --pool ...`` reports the pooled runs alone. ``--weights`` plays ``hard``/``expert`` with a
trained file other than the shipped one; ``--baseline`` compares this run with another one over the same deals,
deal by deal (the way to tell two sets of weights apart).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import shlex
import sys
import time
from multiprocessing import Pool
from pathlib import Path

try:
    import openmonopoly  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from openmonopoly.agents import make_agent
from openmonopoly.agents.learned import use_weights
from openmonopoly.sim.report import wilson
from openmonopoly.sim.runner import agent_seed, game_seed, play_game

sys.path.insert(0, str(Path(__file__).resolve().parent))  # (bench/, for the league's stopwatch)
from league import Timed  # noqa: E402

SEATS = 4
SEATINGS = tuple(itertools.combinations(range(SEATS), 2))  # A's two seats, six ways


def play_one(job: tuple) -> dict:
    edition, a, b, deal, seating, root, max_rounds = job
    seed = game_seed(root, deal)
    kinds = [a if p in SEATINGS[seating] else b for p in range(SEATS)]
    agents = [Timed(make_agent(kind, agent_seed(seed, p))) for p, kind in enumerate(kinds)]
    g = play_game(edition, kinds, seed, max_rounds=max_rounds, agents=agents)
    winners = list(g.winners)
    a_share = sum(1.0 for p in winners if kinds[p] == a) / len(winners) if winners else 0.0
    return {
        "edition": edition,
        "seed": root,
        "deal": deal,
        "seating": seating,
        "kinds": kinds,
        "winners": winners,
        "a_share": a_share,
        "turns": g.state.turns,
        "decisions": [x.decisions for x in agents],
        "seconds": [x.seconds for x in agents],
    }


def _deal_of(result: dict) -> tuple:
    # (a deal is a seed and a deal number: pooled runs may come from other --seed values; files written
    # before results named their seed count as one unnamed seed)
    return result.get("seed"), result["deal"]


def clustered(results: list[dict]) -> tuple[float, float, float]:
    """A's share of the wins, with a 95 % normal interval whose standard error is taken over deals."""
    by_deal: dict[tuple, list[float]] = {}
    for r in results:
        by_deal.setdefault(_deal_of(r), []).append(r["a_share"])
    means = [sum(v) / len(v) for v in by_deal.values()]
    k = len(means)
    mean = sum(means) / k
    if k < 2:
        return mean, 0.0, 1.0
    se = math.sqrt(sum((m - mean) ** 2 for m in means) / (k - 1) / k)
    return mean, max(0.0, mean - 1.96 * se), min(1.0, mean + 1.96 * se)


def paired(results: list[dict], baseline: list[dict]) -> tuple[float, float, float, int]:
    """A's share minus the baseline run's, deal by deal, over the deals both played in every seating: the
    mean difference with a 95 % interval (its standard error taken over deals) and the number of deals.
    Both runs met the same dice and decks, which makes it narrower than two independent runs would allow."""

    def by_deal(rs: list[dict]) -> dict[tuple, list[float]]:
        out: dict[tuple, dict[int, float]] = {}
        for r in rs:
            out.setdefault(_deal_of(r), {})[r["seating"]] = r["a_share"]
        return {d: list(v.values()) for d, v in out.items() if len(v) == len(SEATINGS)}

    mine, theirs = by_deal(results), by_deal(baseline)
    diffs = [sum(mine[d]) / len(SEATINGS) - sum(theirs[d]) / len(SEATINGS) for d in mine if d in theirs]
    k = len(diffs)
    if k == 0:
        return 0.0, 0.0, 0.0, 0
    mean = sum(diffs) / k
    se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (k - 1) / k) if k > 1 else float("inf")
    return mean, mean - 1.96 * se, mean + 1.96 * se, k


def report(results: list[dict], a: str, b: str, command: str, seconds: float) -> str:
    n = len(results)
    wins = sum(r["a_share"] for r in results)
    _, wlo, whi = wilson(wins, n)
    share, lo, hi = clustered(results)
    deals = len({_deal_of(r) for r in results})
    lines = [
        f"`{command}` ({seconds:.0f} s)",
        "",
        "| A (2 seats) | B (2 seats) | deals | games | A's wins | A's share | 95 % (by deal) | 95 % (Wilson) |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- | --- |",
        f"| {a} | {b} | {deals} | {n} | {wins:g} | {share:.1%} | {lo:.1%}-{hi:.1%} | {wlo:.1%}-{whi:.1%} |",
        "",
        "| bot | decisions | ms per decision |",
        "| --- | ---: | ---: |",
    ]
    for kind in (a, b):
        decisions = sum(d for r in results for k, d in zip(r["kinds"], r["decisions"], strict=True) if k == kind)
        spent = sum(t for r in results for k, t in zip(r["kinds"], r["seconds"], strict=True) if k == kind)
        ms = 1000 * spent / decisions if decisions else 0.0
        lines.append(f"| {kind} | {decisions} | {ms:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="hard", help="bot kind A (make_agent name)")
    ap.add_argument("--b", default="mcts", help="bot kind B")
    ap.add_argument("--deals", type=int, default=34, help="game seeds, each played in all six seatings")
    ap.add_argument("--first-deal", type=int, default=0, help="deals first-deal .. first-deal + deals - 1")
    ap.add_argument("--pool", nargs="*", default=[], help="--json files of earlier runs to count in")
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--max-rounds", type=int, default=150, help="game limit: then the richest wins (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--weights", default=None, help="the learned bot's weights file (default: the shipped one)")
    ap.add_argument("--json", default=None, help="also write every game's result to this file")
    ap.add_argument(
        "--baseline",
        nargs="*",
        default=[],
        help="--json files of another run over the same deals (other weights, say): A's share against it, by deal",
    )
    args = ap.parse_args(argv)
    try:
        use_weights(args.weights)
    except FileNotFoundError as e:
        ap.error(str(e))
    if args.a == args.b:
        ap.error("head to head needs two different bots")
    for kind in (args.a, args.b):
        make_agent(kind, 0)  # an unknown kind fails here, with the known ones
    command = "bench/head_to_head.py " + " ".join(shlex.quote(x) for x in (argv if argv is not None else sys.argv[1:]))
    max_rounds = args.max_rounds or None
    jobs = [
        (args.edition, args.a, args.b, d, s, args.seed, max_rounds)
        for d in range(args.first_deal, args.first_deal + args.deals)
        for s in range(len(SEATINGS))
    ]
    pool = Pool(args.workers, use_weights, (args.weights,)) if args.workers > 1 else None
    imap = pool.imap_unordered if pool is not None else map
    start = time.perf_counter()
    results = [r for path in args.pool for r in json.loads(Path(path).read_text())]
    total = len(results) + len(jobs)
    for r in results:
        if set(r["kinds"]) != {args.a, args.b} or r.get("edition", args.edition) != args.edition:
            ap.error(
                f"a pooled run played {'/'.join(sorted(set(r['kinds'])))} on {r.get('edition', '?')}, "
                f"not {args.a}/{args.b} on {args.edition}"
            )
    mine = {(args.seed, d) for d in range(args.first_deal, args.first_deal + args.deals)}
    if len({(*_deal_of(r), r["seating"]) for r in results}) < len(results) or any(_deal_of(r) in mine for r in results):
        ap.error("the pooled runs overlap each other or this run's deals")
    try:
        for r in imap(play_one, jobs):
            results.append(r)
            running = sum(x["a_share"] for x in results) / len(results)
            print(
                f"[{len(results)}/{total}] deal {r['deal']} seating {r['seating']}: winners {r['winners']} "
                f"({args.a} {running:.1%} so far)",
                file=sys.stderr,
                flush=True,
            )
    finally:
        if pool is not None:
            pool.terminate()
    print(report(results, args.a, args.b, command, time.perf_counter() - start))
    if args.baseline:
        baseline = [r for path in args.baseline for r in json.loads(Path(path).read_text())]
        diff, lo, hi, k = paired(results, baseline)
        if k == 0:
            print("The baseline shares no complete deal with this run: nothing to compare.")
        else:
            print(
                f"A's share minus the baseline's: {100 * diff:+.1f} points "
                f"({100 * lo:+.1f} to {100 * hi:+.1f}) over {k} deals both played."
            )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
