"""The bot league: every bot against every other in 4-seat games, rated, per edition.

    .venv/bin/python bench/league.py [--editions classic,starwars40] [--bots easy,normal,hard,expert]
        [--pairings hard:normal,expert:normal] [--games 40] [--max-rounds 150] [--seed 1] [--workers 2]
        [--write docs/BOTS.md] [--json FILE]

A *pairing* is one bot A in one seat against three copies of bot B; every ordered pair (A, B) of
distinct bots (or each of ``--pairings``) is played for ``--games`` games, A's seat rotating through 0-3
(game ``i`` puts it in seat ``i % 4``), so no place in the turn order favours anyone. Game ``i`` of a
pairing has the seed ``game_seed(seed, i)``, the same for every pairing, so pairings meet the same dice
and decks as far as their play lets them. A shared win counts as a fraction.

Printed per edition:
* per pairing, A's win rate with its 95 % Wilson interval (an equal share is 25 %);
* per bot, its openskill rating (Plackett-Luce over every game: the winners first, everyone else tied
  behind them, so only winning counts; the three copies of B in a game are rated as three players and
  B's mu moves by the sum of their updates, its sigma to their mean; games are fed deal by deal, every
  pairing's game i before any game i + 1), as mu, sigma and the ordinal mu - 3 sigma;
* per bot, its mean milliseconds per decision (CPU time of ``act``, over all its games; for an external
  bot, ``exec:COMMAND`` or ``bot:NAME``, the wall-clock time of the round trip to its process).

``--write`` replaces the edition's table in that Markdown file (between ``<!-- league:EDITION -->``
markers, added at the end if missing), with the command that produced it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shlex
import sys
import time
from multiprocessing import Pool
from pathlib import Path

try:
    import openmonopoly  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from openmonopoly.agents.learned import use_weights
from openmonopoly.botprotocol import make_bot
from openmonopoly.sim.report import wilson
from openmonopoly.sim.runner import agent_seed, game_seed, play_game

SEATS = 4


class Timed:
    """A bot with a stopwatch on ``act``: CPU time of this process, so other jobs on a shared machine do
    not count."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.decisions = 0
        self.seconds = 0.0
        # An external bot thinks in its own process: its time is the wall-clock round trip.
        self.clock = time.perf_counter if hasattr(bot, "finish") else time.process_time

    def act(self, view, prompt):
        clock = self.clock
        start = clock()
        action = self.bot.act(view, prompt)
        self.seconds += clock() - start
        self.decisions += 1
        return action

    def finish(self, game) -> None:
        """Pass the end of a game on (an external bot gets ``game-over`` and its process is reused)."""
        finish = getattr(self.bot, "finish", None)
        if finish is not None:
            finish(game)


def play_one(job: tuple) -> dict:
    edition, a, b, i, root, max_rounds = job
    seed = game_seed(root, i)
    seat = i % SEATS
    kinds = [b] * SEATS
    kinds[seat] = a
    agents = [Timed(make_bot(kind, agent_seed(seed, k))) for k, kind in enumerate(kinds)]
    g = play_game(edition, kinds, seed, max_rounds=max_rounds, agents=agents)
    s = g.state
    winners = list(g.winners)
    return {
        "edition": edition,
        "a": a,
        "b": b,
        "game": i,
        "seat": seat,
        "kinds": kinds,
        "winners": winners,
        "ranks": places(winners),
        "a_win": (1.0 / len(winners)) if seat in winners else 0.0,
        "turns": s.turns,
        "decisions": [x.decisions for x in agents],
        "seconds": [x.seconds for x in agents],
    }


def pairing(text: str) -> tuple[str, ...]:
    """``A:B`` as (A, B); an external bot's kind has a colon of its own (``bot:mybot:normal``)."""
    words = text.split(":")
    out: list[str] = []
    while words:
        word = words.pop(0)
        if word in ("bot", "exec") and words:
            word += ":" + words.pop(0)
        out.append(word)
    return tuple(out)


def places(winners: list[int]) -> list[int]:
    """The ranks the rating sees: the winners first (tied), everyone else tied behind them.

    Only winning counts. Ranking the losers among themselves -- by net worth, those out of the game last --
    rewards a bot that merely survives: in the 400-game classic table that scheme rated the random bot
    above the easy bot, which beats it in 99.8 % of games."""
    return [0 if p in winners else 1 for p in range(SEATS)]


def rate(results: list[dict], bots: list[str]) -> dict[str, tuple[float, float, float]]:
    """openskill Plackett-Luce ratings (mu, sigma, ordinal) from the games, deal by deal.

    The games are fed in the order of their deals (game index), every pairing's game ``i`` before any
    pairing's game ``i + 1``: an online rating fed pairing after pairing drifts with the order of the blocks
    (it rated ``normal`` above ``hard`` and ``random`` above ``easy`` in the 400-game classic table)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    mu = {b: model.mu for b in bots}
    sigma = {b: model.sigma for b in bots}
    for r in sorted(results, key=lambda x: (x["game"], x["a"], x["b"])):
        teams = [[model.rating(mu=mu[k], sigma=sigma[k])] for k in r["kinds"]]
        new = model.rate(teams, ranks=r["ranks"])
        for kind in set(r["kinds"]):
            seats = [p for p, k in enumerate(r["kinds"]) if k == kind]
            # the copies are one bot: it gains (or loses) what they gain together, so a game moves A and B by
            # about the same amount, as if two players had met
            mu[kind] += sum(new[p][0].mu - mu[kind] for p in seats)
            sigma[kind] = sum(new[p][0].sigma for p in seats) / len(seats)
    return {b: (mu[b], sigma[b], mu[b] - 3 * sigma[b]) for b in bots}


def table(edition: str, results: list[dict], bots: list[str], command: str, seconds: float) -> str:
    lines = [
        f"### {edition}",
        "",
        f"`{command}` ({seconds:.0f} s)",
        "",
        "| bot (1 seat) | against (3 seats) | games | wins | win rate | 95 % interval |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    for a, b in itertools.permutations(bots, 2):
        rs = [r for r in results if r["a"] == a and r["b"] == b]
        if not rs:
            continue
        wins = sum(r["a_win"] for r in rs)
        _, lo, hi = wilson(wins, len(rs))
        lines.append(f"| {a} | {b} | {len(rs)} | {wins:g} | {wins / len(rs):.1%} | {lo:.1%}-{hi:.1%} |")
    ratings = rate(results, bots)
    lines += [
        "",
        "| bot | rating (mu - 3 sigma) | mu | sigma | decisions | ms per decision |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for b in sorted(bots, key=lambda x: -ratings[x][2]):
        decisions = sum(d for r in results for k, d in zip(r["kinds"], r["decisions"], strict=True) if k == b)
        spent = sum(t for r in results for k, t in zip(r["kinds"], r["seconds"], strict=True) if k == b)
        mu, sigma, ordinal = ratings[b]
        ms = 1000 * spent / decisions if decisions else 0.0
        lines.append(f"| {b} | {ordinal:.1f} | {mu:.1f} | {sigma:.2f} | {decisions} | {ms:.2f} |")
    return "\n".join(lines) + "\n"


def write_section(path: Path, edition: str, text: str) -> None:
    start, end = f"<!-- league:{edition} -->", f"<!-- /league:{edition} -->"
    doc = path.read_text() if path.exists() else ""
    block = f"{start}\n{text}{end}"
    if start in doc and end in doc:
        doc = doc[: doc.index(start)] + block + doc[doc.index(end) + len(end) :]
    else:
        doc = doc.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(doc)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--editions", default="classic")
    ap.add_argument("--bots", default="random,easy,normal,hard", help="bot kinds (make_agent names)")
    ap.add_argument("--pairings", default=None, help="only these pairings, as A:B,... (A in one seat, three B)")
    ap.add_argument("--games", type=int, default=40, help="games per ordered pairing (a multiple of 4)")
    ap.add_argument("--max-rounds", type=int, default=150, help="game limit: then the richest wins (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--write", default=None, help="Markdown file to write the tables into (docs/BOTS.md)")
    ap.add_argument("--weights", default=None, help="the learned bot's weights file (default: the shipped one)")
    ap.add_argument("--json", default=None, help="also write every game's result to this file")
    args = ap.parse_args(argv)
    try:
        use_weights(args.weights)
    except FileNotFoundError as e:
        ap.error(str(e))
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    editions = [e.strip() for e in args.editions.split(",") if e.strip()]
    pairs = list(itertools.permutations(bots, 2))
    if args.pairings:
        pairs = [pairing(x) for x in args.pairings.split(",")]  # type: ignore[misc]
        bots = list(dict.fromkeys(b for pair in pairs for b in pair))
    if len(bots) < 2 or any(len(pair) != 2 or pair[0] == pair[1] for pair in pairs):
        ap.error("a league needs at least two bots, and a pairing two different ones (A:B)")
    for b in bots:
        make_bot(b, 0)  # an unknown kind fails here, with the known ones
    command = "bench/league.py " + " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    max_rounds = args.max_rounds or None
    everything = []
    # (one worker: in this process; the workers load --weights themselves)
    pool = Pool(args.workers, use_weights, (args.weights,)) if args.workers > 1 else None
    imap = pool.imap_unordered if pool is not None else map
    try:
        for edition in editions:
            start = time.perf_counter()
            jobs = [(edition, a, b, i, args.seed, max_rounds) for a, b in pairs for i in range(args.games)]
            results = []
            for r in imap(play_one, jobs):
                results.append(r)
                print(
                    f"[{edition} {len(results)}/{len(jobs)}] {r['a']} vs 3 {r['b']}: game {r['game']} "
                    f"winners {r['winners']}",
                    file=sys.stderr,
                    flush=True,
                )
            text = table(edition, results, bots, command, time.perf_counter() - start)
            print(text)
            if args.write:
                write_section(Path(args.write), edition, text)
            everything += results
    finally:
        if pool is not None:
            pool.terminate()
    if args.json:
        Path(args.json).write_text(json.dumps(everything, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
