"""Golden playthroughs: one seeded bot game per edition and per variant, written step by step.

After the OpenSpiel ``integration_tests/playthroughs`` model: for each decision the file holds the
prompt, a summary of what the deciding seat may do, the action taken, the events it caused in the
edition's words, and a digest of every seat's view (so a change to what any seat sees shows, even
where the events read the same). The first ``DETAILED_STEPS`` steps are written in full; after that
a checkpoint every ``CHECKPOINT_EVERY`` steps (and at the end) with a digest of the events' words
since the last one and of every view, then the final public state and the game's digest, which
covers the whole game (every action and chance outcome).

The games come from the catalogue, so a new edition or option is a new game here: every edition
with its base options, then one variant per option the catalogue declares (an on/off option on, a
number option at its ``SAMPLE_VALUES`` value), then the ``COMBINATIONS``. ``tests/test_playthroughs.py``
replays each and fails when one has no file; ``python tools/golden.py`` writes them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openmonopoly as om
from openmonopoly import catalogue
from openmonopoly.agents import make_agent
from openmonopoly.editions import load

DIRECTORY = Path(__file__).parent / "playthroughs"
REGENERATE = "python tools/golden.py"

SEED = 2024
# The random bot, as OpenSpiel's playthroughs use random actions: a change to a strategic bot never
# rewrites the engine's golden files (the bots have their own tests).
BOT = "random"
PLAYERS = ("Ann", "Ben", "Cat", "Dan")
# Every game is bounded by the round limit where the edition offers one (random play need not end).
ROUND_LIMIT = {"max-rounds": 40}


def base_options(info: catalogue.EditionInfo) -> dict[str, Any]:
    return dict(ROUND_LIMIT) if any(o.name in ROUND_LIMIT for o in info.options) else {}


# The value a number option's variant is played at (an option missing here fails the generator).
SAMPLE_VALUES = {"max-rounds": 10, "time-limit": 25, "character-shift": 1, "salary": 400, "free-parking-pot": 100}
# Number options whose sample is a multiple of the edition's printed value (its currency's scale differs).
SAMPLE_SCALES = {"starting-cash": 2}
# Options played together as well as alone (the rulebook allows these at once).
COMBINATIONS = {
    "clonewars": (("starwars-rule", "quicker-game"),),
    # The popular house rules (``--house-rules popular``) together.
    "classic": (("free-parking-pot", "go-bonus", "no-auctions"),),
}

DETAILED_STEPS = 60
CHECKPOINT_EVERY = 100


@dataclass(frozen=True)
class Playthrough:
    name: str  # the file's stem: <edition>[-<option>...]
    edition: str
    options: dict[str, Any]

    @property
    def path(self) -> Path:
        return DIRECTORY / f"{self.name}.txt"


def _variant_value(edition: str, option: Any) -> Any:
    if option.kind is bool:
        return not option.default
    if option.name in SAMPLE_SCALES:
        return SAMPLE_SCALES[option.name] * load(edition).rules.start_cash
    if option.name not in SAMPLE_VALUES:
        raise KeyError(f"{edition}: option '{option.name}' needs a value in SAMPLE_VALUES of {__file__}")
    return SAMPLE_VALUES[option.name]


def playthroughs() -> list[Playthrough]:
    """Every game the golden files cover, from the catalogue's editions and options."""
    out = []
    for info in catalogue.editions():
        if info.error is not None:
            raise RuntimeError(f"edition {info.id} does not load: {info.error}")
        base = base_options(info)
        declared = {o.name: o for o in info.options}
        out.append(Playthrough(info.id, info.id, dict(base)))
        for option in info.options:
            out.append(
                Playthrough(f"{info.id}-{option.name}", info.id, {**base, option.name: _variant_value(info.id, option)})
            )
        for combo in COMBINATIONS.get(info.id, ()):
            out.append(
                Playthrough(
                    "-".join((info.id, *combo)),
                    info.id,
                    {**base, **{n: _variant_value(info.id, declared[n]) for n in combo}},
                )
            )
    return out


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]


def _views(g: om.Game) -> str:
    return " ".join(f"{p}={_digest(g.view(p).to_json())}" for p in range(g.state.n))


def transcript(pt: Playthrough) -> list[str]:
    """The playthrough's lines: plays the whole game with seeded bots, writing it as the module says."""
    players = list(PLAYERS)
    g = om.Game(pt.edition, players, seed=SEED, options=pt.options)
    bots = [make_agent(BOT, SEED * 10 + i) for i in range(len(players))]
    ed = g.edition
    options = ", ".join(f"{k}={v}" for k, v in sorted(pt.options.items())) or "defaults"
    lines = [
        f"# {ed.name} ({ed.id}); options: {options}; seed {SEED}; {BOT} bots; players " + ", ".join(players),
        f"# regenerate with: {REGENERATE}",
        "== set-up",
    ]
    lines += [f"  {g.describe(e)}" for e in g.history]
    lines.append(f"  views {_views(g)}")
    step = 0
    words: list[str] = []
    while not g.over:
        p = g.prompt
        assert p is not None
        action = bots[p.player].act(g.view(p.player), p)
        detailed = step < DETAILED_STEPS
        if detailed:
            legal = g.legal_actions(p.player).summary()
            lines.append(
                f"== step {step}: {players[p.player]} to answer {p.kind} "
                f"{json.dumps(p.details, sort_keys=True, default=str)}"
            )
            lines.append(f"  legal ({len(legal)}): " + ", ".join(legal))
            lines.append(f"  action: {action}")
        said = [g.describe(e) for e in g.act(p.player, action)]
        step += 1
        if detailed:
            lines += [f"  {line}" for line in said]
            lines.append(f"  views {_views(g)}")
            continue
        # Past the detailed steps the events are kept as a digest of their words, so a change in
        # what late events say still shows, between the two checkpoints around it.
        words.extend(said)
        if step % CHECKPOINT_EVERY == 0 or g.over:
            lines.append(
                f"== step {step} (checkpoint): round {g.state.round}; {len(words)} events, words "
                f"{_digest(words)}; views {_views(g)}"
            )
            words.clear()
    s = g.state
    lines.append(
        f"== end: {s.end_reason} after {s.round} rounds, {s.turns} turns, {step} actions; winners: "
        + (", ".join(players[w] for w in s.winners) or "nobody")
    )
    final = g.view(None).to_json()
    lines += [f"  {key}: {json.dumps(final[key], sort_keys=True)}" for key in sorted(final)]
    lines.append(f"  digest {g.digest()}")
    return lines


def write(pt: Playthrough) -> None:
    DIRECTORY.mkdir(exist_ok=True)
    pt.path.write_text("\n".join(transcript(pt)) + "\n", encoding="utf-8")
