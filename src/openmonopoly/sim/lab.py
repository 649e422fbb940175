"""The house-rules lab: the same deals played under the book and under option sets, compared with 95% intervals.

Every option set plays games ``0 .. n-1`` with the same root seed, so game ``i`` has the same seed (the same
deal: the same dice and card order, the same bots' seeds) under every set: the comparison is paired. Each set
is an ordinary ``run_simulation`` (any backend) with ``lab`` summaries (``runner.game_summary``); this module
only reads the summaries.

Intervals (all 95%, normal approximation, z = 1.96):

- a per-set figure (mean game length in rounds, share of games ending one way, first mover's advantage): the
  mean of the per-game values ± z · sd / √n;
- a difference from the book: the mean of the per-game *paired* differences (value under the set minus value
  under the book, game by game) ± z · sd(differences) / √n. Pairing removes the deal-to-deal spread both
  runs share, so these intervals are much narrower than two unpaired ones would suggest;
- cash in circulation (players' total cash at the first decision of round r): per round, the mean over the
  games still running at that round ± z · sd / √k (games end at different rounds, so these are not paired);
- the winners' sets: the share of games in which a winner owned that whole set at the end, with a Wilson
  interval (``report.wilson``).

The lab's ``digest`` is a hash of each set's label, options and simulation digest: like a simulation's, it
is the same for every backend, worker count and chunk size.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Z95 = 1.96
BOOK = "book"


class BadOptionSet(ValueError):
    """An option set the lab refuses (unknown option, bad value, contradictory options)."""


@dataclass(frozen=True)
class OptionSet:
    """One column of the comparison: its label as typed (``book``, ``free-parking-pot,go-bonus``,
    ``popular``), the parsed options and the house-rules preset it names, if any."""

    label: str
    options: dict[str, Any]
    preset: str | None = None


def parse_option_sets(edition: Any, texts: Iterable[str], seats: int, max_rounds: int | None = None) -> list[OptionSet]:
    """The option sets as typed (``book``, or ``NAME[=VALUE]`` and at most one house-rules preset joined by
    commas), the book first whether named or not. A preset (``popular``, or one the edition's data declares)
    stands for its options, which the set's other options add to or change, as with ``--house-rules`` and
    ``--option``; a name that is an option is the option. Each set is checked against the edition's options
    and set up once (a game is made, not played), so an unknown or contradictory set is refused before any
    game runs. ``max_rounds``: the limit every set plays under (``--max-rounds``), which a set may then not
    set itself."""
    from ..catalogue import game_class, house_rule_presets, preset_and_options
    from ..catalogue import options as known_options
    from ..engine.errors import OpenMonopolyError
    from ..engine.options import BadOption, clock_refused, needs_clock

    known = known_options(edition)
    presets = house_rule_presets(edition)
    sets = [OptionSet(BOOK, {})]
    seen: dict[str, str] = {json.dumps({}): BOOK}
    for text in texts:
        label = text.strip()
        if not label:
            raise BadOptionSet("an empty option set; give 'book' or NAME[=VALUE] joined by commas")
        if label == BOOK:
            continue
        parts = [p.strip() for p in label.split(",")]
        if BOOK in parts or not all(parts):
            raise BadOptionSet(
                f"option set {label!r}: write 'book' alone, and options as NAME[=VALUE] joined by commas"
            )
        named = [p for p in parts if p in presets and p not in known]
        if len(named) > 1:
            raise BadOptionSet(
                f"option set {label!r} names the presets {', '.join(named)}; give one preset per set and add "
                "options to it"
            )
        typed = [p for p in parts if p not in named]
        names = [p.split("=", 1)[0].strip().replace("_", "-") for p in typed]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise BadOptionSet(f"option set {label!r} gives {', '.join(twice)} more than once")
        try:
            options = preset_and_options(edition, named[0] if named else None, typed)
        except BadOption as exc:
            also = (
                f"; house-rules presets: {', '.join(sorted(presets)) or 'none'}" if "unknown option" in str(exc) else ""
            )
            raise BadOptionSet(f"option set {label!r}: {exc}{also}") from None
        if max_rounds is not None and "max-rounds" in options:
            raise BadOptionSet(
                f"option set {label!r} sets max-rounds, but --max-rounds {max_rounds} already limits every set;"
                " give the limit in one place"
            )
        if needs_clock(options):
            raise BadOptionSet(f"option set {label!r}: {clock_refused('a simulation')}")
        try:
            game_class(edition)(edition, seats, seed=0, options=options)
        except (OpenMonopolyError, ValueError) as exc:
            raise BadOptionSet(f"option set {label!r}: {exc}") from None
        key = json.dumps(options, sort_keys=True, default=str)
        if key in seen:
            raise BadOptionSet(f"option set {label!r} is the same as {seen[key]!r}; give each set once")
        seen[key] = label
        sets.append(OptionSet(label, options, named[0] if named else None))
    if len(sets) < 2:
        raise BadOptionSet("--compare needs at least one option set besides the book")
    return sets


def options_label(options: dict[str, Any]) -> str:
    """A set's options as typed (``free-parking-pot=0, go-bonus, no-auctions``), to say what a preset holds."""
    from ..engine.options import option_text

    return ", ".join(option_text(k, v) for k, v in options.items()) or "none"


@dataclass(frozen=True)
class Estimate:
    """A mean and its 95% interval."""

    mean: float
    lo: float
    hi: float
    n: int

    def to_json(self) -> dict[str, float | int]:
        return {"mean": self.mean, "lo": self.lo, "hi": self.hi, "n": self.n}


def mean_interval(values: list[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` ± z · sample sd / √n (n = 1: the interval is the point)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def paired_difference(values: list[float], book: list[float], z: float = Z95) -> Estimate:
    """The mean of the game-by-game differences ``values[i] - book[i]`` and its interval."""
    if len(values) != len(book):
        raise ValueError(f"paired values must match game for game; got {len(values)} and {len(book)}")
    return mean_interval([a - b for a, b in zip(values, book, strict=True)], z)


def first_mover_win(game: dict[str, Any], seats: int) -> float:
    """The first mover's share of this game's win (1, a fraction when a tie is shared, or 0) minus the
    equal share 1/N: averaged over games, the first mover's advantage."""
    winners = game["winners"]
    won = 1 / len(winners) if game["first_player"] in winners else 0.0
    return won - 1 / seats


# Per-game figures compared game by game: name -> (what it measures, value of one game).
def _figures(end_reasons: list[str], seats: int) -> dict[str, tuple[str, Callable[[dict[str, Any]], float]]]:
    figures: dict[str, tuple[str, Callable[[dict[str, Any]], float]]] = {
        "rounds": ("game length in rounds", lambda g: float(g["rounds"])),
        "first_mover_advantage": (
            f"first mover's win share minus 1/{seats}",
            lambda g: first_mover_win(g, seats),
        ),
    }
    for reason in end_reasons:
        figures[f"ended_by:{reason}"] = (f"share of games ended by {reason}", _ended_by(reason))
    return figures


def _ended_by(reason: str) -> Callable[[dict[str, Any]], float]:
    def value(game: dict[str, Any]) -> float:
        return 1.0 if game["end_reason"] == reason else 0.0

    return value


def compare(
    sets: list[OptionSet], games_by_set: dict[str, list[dict[str, Any]]], seats: int, group_names: dict[str, str]
) -> dict[str, Any]:
    """The comparison from each set's lab summaries (game ``i`` of every set from the same deal)."""
    from .report import wilson

    book = games_by_set[BOOK]
    indices = [g["index"] for g in book]
    for s in sets:
        if [g["index"] for g in games_by_set[s.label]] != indices:
            raise ValueError(f"option set {s.label!r} did not play the same games as the book")
    reasons = sorted({g["end_reason"] for s in sets for g in games_by_set[s.label]})
    figures = _figures(reasons, seats)
    out: dict[str, Any] = {"games": len(book), "figures": {k: v[0] for k, v in figures.items()}, "sets": []}
    book_values = {k: [f(g) for g in book] for k, (_, f) in figures.items()}
    for s in sets:
        played = games_by_set[s.label]
        row: dict[str, Any] = {
            "label": s.label,
            "options": s.options,
            "preset": s.preset,
            "figures": {},
            "vs_book": {},
        }
        for key, (_, f) in figures.items():
            values = [f(g) for g in played]
            level = mean_interval(values).to_json()
            if key.startswith("ended_by:"):  # a share: the normal interval is cut to 0..1
                level["lo"], level["hi"] = max(0.0, level["lo"]), min(1.0, level["hi"])
            row["figures"][key] = level
            if s.label != BOOK:
                row["vs_book"][key] = paired_difference(values, book_values[key]).to_json()
        row["cash_by_round"] = [e.to_json() for e in cash_by_round(played)]
        n = len(played)
        held: dict[str, int] = {}
        for g in played:
            for group in g["winner_sets"]:
                held[group] = held.get(group, 0) + 1
        row["winner_sets"] = []
        for group, count in sorted(held.items(), key=lambda kv: (-kv[1], kv[0])):
            p, lo, hi = wilson(count, n)
            row["winner_sets"].append(
                {"group": group, "name": group_names.get(group, group), "games": count, "share": p, "lo": lo, "hi": hi}
            )
        out["sets"].append(row)
    return out


def cash_by_round(games: list[dict[str, Any]]) -> list[Estimate]:
    """Mean players' total cash at each round (index 0: round 1) over the games that reached it."""
    longest = max((len(g["cash_by_round"]) for g in games), default=0)
    return [
        mean_interval([float(g["cash_by_round"][r]) for g in games if len(g["cash_by_round"]) > r])
        for r in range(longest)
    ]


def lab_digest(sets: list[OptionSet], digests: dict[str, str]) -> str:
    """One fingerprint of the whole comparison: each set's label, options and simulation digest."""
    h = hashlib.sha256()
    for s in sets:
        h.update(json.dumps([s.label, s.options, digests[s.label]], sort_keys=True, default=str).encode())
    return h.hexdigest()


def run_lab(
    edition: str,
    games: int,
    seed: int,
    seats: list[str],
    sets: list[OptionSet],
    max_rounds: int | None = None,
    *,
    progress: Callable[[str, int, int], None] | None = None,
    **run: Any,
) -> dict[str, Any]:
    """Play ``games`` games under every option set (``parse_option_sets``; the book first) and compare them.

    ``run``: ``backend``, ``workers``, ``chunk_size``, ``address`` as for ``run_simulation``; the same
    backend object may be passed (it is started and closed for each set). ``progress(label, done, total)``.
    The result: ``compare``'s dict plus ``edition``, ``seed``, ``seats``, ``max_rounds``, ``digest``,
    each set's simulation ``result`` (under ``sets[k]["simulation"]``) and ``interrupted``."""
    from ..editions import load
    from .runner import run_simulation

    ed = load(edition)
    games_by_set: dict[str, list[dict[str, Any]]] = {}
    results: dict[str, dict[str, Any]] = {}
    for s in sets:
        tick = (lambda done, total, label=s.label: progress(label, done, total)) if progress else None
        done = run_simulation(
            edition, games, seed, seats, s.options, max_rounds, keep_games=True, lab=True, progress=tick, **run
        )
        if done.interrupted:
            raise KeyboardInterrupt
        games_by_set[s.label] = done.games
        results[s.label] = done.result
    from .report import group_label

    names: dict[str, str] = {}
    for space in ed.board:
        group = getattr(space, "group", None)
        if group:
            names[group] = group_label(ed, space.position)
    out = compare(sets, games_by_set, len(seats), names)
    for row in out["sets"]:
        row["simulation"] = {k: v for k, v in results[row["label"]].items() if k not in ("landings", "rents")}
    out.update(
        edition=edition,
        edition_name=ed.name,
        seed=seed,
        seats=list(seats),
        max_rounds=max_rounds,
        digest=lab_digest(sets, {k: r["digest"] for k, r in results.items()}),
        interval_method="normal approximation, 95%: paired differences game by game vs the book",
    )
    out["backend"] = results[BOOK]["backend"]
    out["workers"] = results[BOOK]["workers"]
    out["seconds"] = sum(r["seconds"] for r in results.values())
    out["games_by_set"] = games_by_set
    return out
