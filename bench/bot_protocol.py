"""The bot protocol's cost per decision: a trivial bot as an external process against the same logic in
process, over the same games.

    .venv/bin/python bench/bot_protocol.py [--games 200] [--edition classic] [--max-rounds 30] [--bot CMD]

The trivial bot answers the first legal answer (else the lowest bid, else the first any-time action):
``bench/bots/trivial_bot.py`` over the protocol (a Python child process), and ``First`` here in process.
Both sit in seat 0 against three heuristic bots with the same seeds, so they make the same decisions in
the same games. Printed per
decision of that seat (wall clock): the in-process time, the external time, and the external time split
into building the prompt (the seat's view, the legal answers, the events, encoded) and the round trip
(writing the line, the bot reading, deciding and answering, the engine reading and checking the answer).
The last line estimates a 10,000-game league at that speed on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

try:
    import openmonopoly  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from openmonopoly import _native
from openmonopoly.agents import make_agent
from openmonopoly.botprotocol import make_bot
from openmonopoly.botprotocol import session as session_module
from openmonopoly.botprotocol.messages import encode
from openmonopoly.botprotocol.process import close_all
from openmonopoly.engine.actions import Action
from openmonopoly.sim.runner import agent_seed, game_seed, play_game

TRIVIAL = Path(__file__).resolve().parent / "bots" / "trivial_bot.py"


class First:
    """The trivial bot's logic in process: the first legal answer to the prompt, else the lowest bid, else
    the first any-time action."""

    name = "first"

    def act(self, view, prompt) -> Action:
        legal = view.legal_actions()
        anytime = view.action_kinds.anytime
        for action in legal.actions:
            if action.kind not in anytime:
                return action
        if legal.bid_range is not None:
            return Action("bid", legal.bid_range[0])
        return legal.actions[0]  # (a debt to raise money for: sell or mortgage first)


class Timed:
    def __init__(self, bot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def act(self, view, prompt):
        start = time.perf_counter()
        action = self.bot.act(view, prompt)
        self.times.append(time.perf_counter() - start)
        return action

    def finish(self, game) -> None:
        finish = getattr(self.bot, "finish", None)
        if finish is not None:
            finish(game)


def play(edition: str, games: int, rounds: int, make, kind: str) -> tuple[list[float], float, list[str]]:
    timed = Timed(make())
    digests = []
    began = time.perf_counter()
    for i in range(games):
        seed = game_seed(1, i)
        agents = [timed] + [make_agent("heuristic", agent_seed(seed, k)) for k in range(1, 4)]
        # (an external seat's kind turns the game's events on: the bot is sent them, and that is part of the cost)
        game = play_game(edition, [kind, "heuristic", "heuristic", "heuristic"], seed, max_rounds=rounds, agents=agents)
        digests.append(game.digest())
    return timed.times, time.perf_counter() - began, digests


def us(xs: list[float]) -> str:
    xs = sorted(xs)
    return (
        f"mean {1e6 * statistics.fmean(xs):7.1f} us   p50 {1e6 * xs[len(xs) // 2]:7.1f} us   "
        f"p99 {1e6 * xs[int(len(xs) * 0.99)]:7.1f} us"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--max-rounds", type=int, default=30)
    ap.add_argument("--bot", default=f"{sys.executable} {TRIVIAL}", help="the external bot's command")
    args = ap.parse_args(argv)
    # the external run also times the building of each prompt message
    building: list[float] = []
    original = session_module.SeatSession.prompt

    def timed_prompt(self, prompt):
        start = time.perf_counter()
        message = original(self, prompt)
        encode(message)  # (the agent encodes it again to send: counted once here, as it costs)
        building.append(time.perf_counter() - start)
        return message

    inproc, inproc_seconds, want = play(args.edition, args.games, args.max_rounds, First, "first")
    session_module.SeatSession.prompt = timed_prompt  # type: ignore[method-assign]
    try:
        external, external_seconds, got = play(
            args.edition,
            args.games,
            args.max_rounds,
            lambda: make_bot(f"exec:{args.bot}", 0, time_ms=5000),
            f"exec:{args.bot}",
        )
    finally:
        session_module.SeatSession.prompt = original  # type: ignore[method-assign]
        close_all()
    assert got == want, "the external bot played other games than the same logic in process"
    n = len(external)
    trip = [e - b for e, b in zip(external, building, strict=True)]
    overhead = statistics.fmean(external) - statistics.fmean(inproc)
    print(
        f"{args.games} games of {args.edition}, {args.max_rounds} rounds, {n} decisions of the trivial bot "
        f"(engine: {_native.status()})"
    )
    print(f"in process      {us(inproc)}")
    print(f"external        {us(external)}")
    print(f"  build prompt  {us(building)}")
    print(f"  round trip    {us(trip)}")
    print(f"overhead per decision: {1e6 * overhead:.1f} us")
    per_game = external_seconds / args.games
    print(
        f"games: {args.games / inproc_seconds:.1f}/s in process, {args.games / external_seconds:.1f}/s external: "
        f"a 10,000-game league with this bot in one seat takes {10_000 * per_game / 60:.1f} min on one core"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
