"""``simulate --report DIR``: plots (matplotlib) and a markdown summary that links them.

Files: ``game_length.png`` (turns per game, by how games ended), ``win_rate.png`` (win
rate by seat, by bot kind and by place in the turn order, with 95% Wilson intervals and the equal
share), ``landing_heatmap.png`` (where moves ended, on the board; ``analysis.plot.plot_landing``),
``rent_by_group.png`` (rent owed per game by colour group) and ``summary.md``.
"""

from __future__ import annotations

import math
import tempfile
from pathlib import Path
from typing import Any

PLOTS = ("game_length.png", "win_rate.png", "landing_heatmap.png", "rent_by_group.png")


def check_report(directory: str | Path) -> None:
    """Fail before a long run when matplotlib is missing or the report could not be written there: the
    path is a file, or neither it nor the folder it would be made in can be written."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        from ..extras import needs_extra

        raise ValueError(needs_extra("--report (its plots: matplotlib)", "sim")) from None
    out = Path(directory)
    if out.exists() and not out.is_dir():
        raise ValueError(f"--report: {str(out)!r} is a file; give a folder (it gets summary.md and the plots)")
    try:  # made now and written to once, so that a path that cannot take the report fails before any game
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        raise ValueError(f"--report: cannot write into {str(out)!r}: {exc.strerror or exc}") from None


def wilson(successes: float, trials: float, z: float = 1.96) -> tuple[float, float, float]:
    """Share and its Wilson score interval (shared wins count as fractions of a win)."""
    if trials <= 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def win_rates(result: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Win rate by seat and by bot kind (a kind's seats pooled), with 95% intervals."""
    games = result["games"]
    seats = result["seats"]
    by_seat = []
    for k, (kind, wins) in enumerate(zip(seats, result["wins"], strict=True)):
        p, lo, hi = wilson(wins, games)
        by_seat.append(
            {"label": f"seat {k + 1} ({kind})", "wins": wins, "trials": games, "rate": p, "lo": lo, "hi": hi}
        )
    by_kind = []
    for kind in dict.fromkeys(seats):
        wins = sum(w for s, w in zip(seats, result["wins"], strict=True) if s == kind)
        trials = games * seats.count(kind)
        p, lo, hi = wilson(wins, trials)
        by_kind.append({"label": kind, "wins": wins, "trials": trials, "rate": p, "lo": lo, "hi": hi})
    by_order = []
    for place, wins in enumerate(result.get("wins_by_turn_order", [])):
        p, lo, hi = wilson(wins, games)
        by_order.append({"label": _ordinal(place + 1), "wins": wins, "trials": games, "rate": p, "lo": lo, "hi": hi})
    return {"seat": by_seat, "kind": by_kind, "order": by_order}


def no_winner_sentence(result: dict[str, Any]) -> str:
    """How many games ended without a winner, said even when none did (the wins then add up to every game)."""
    nobody = int(result.get("no_winner", 0))
    games = int(result["games"])
    if not nobody:
        return f"Every one of the {games:,} games had a winner."
    ends = ", ".join(f"{k} {v}" for k, v in result.get("end_reasons", {}).items())
    return (
        f"{nobody:,} of the {games:,} games ({_pct(nobody / max(1, games))}) ended with no winner "
        f"and count in no seat's wins (game ends: {ends})."
    )


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def group_label(edition, pos: int) -> str:
    """The colour group of a space as people call it (its set's name, or the edition's word for its
    kind: "Ships", "utilities")."""
    space = edition.board[pos]
    if space.group:
        name = edition.groups.get(space.group, {}).get("name")
        return str(name) if name else space.group.replace("_", " ").replace("-", " ").title()
    return edition.term(space.type, 2)


def rent_by_group(result: dict[str, Any], edition) -> list[dict[str, Any]]:
    """Rent owed per game by colour group, largest first, with each group's share of all rent."""
    totals: dict[str, int] = {}
    for row in result.get("rents", []):
        label = group_label(edition, row["position"])
        totals[label] = totals.get(label, 0) + row["amount"]
    everything = sum(totals.values()) or 1
    games = max(1, result["games"])
    return [
        {"group": g, "total": t, "per_game": t / games, "share": t / everything}
        for g, t in sorted(totals.items(), key=lambda kv: -kv[1])
    ]


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_game_length(games: list[dict[str, Any]], path: Path) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    reasons = sorted({g["end_reason"] for g in games})
    turns = [g["turns"] for g in games]
    if turns:
        bins = min(40, max(5, len(set(turns))))
        ax.hist(
            [[g["turns"] for g in games if g["end_reason"] == r] for r in reasons],
            bins=bins,
            stacked=True,
            label=reasons,
        )
        mean = sum(turns) / len(turns)
        ax.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
        ax.legend(title="game ended by")
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.set_title(f"Game length ({len(games)} games)")
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def win_rate_axis_top(rates: dict[str, list[dict[str, Any]]], fair: float) -> float:
    """One axis for every win-rate panel, from 0 to a little above the highest interval (and the equal
    share): differences of a few points stay visible, which a 0-1 axis flattens."""
    top = max([fair] + [r["hi"] for rows in rates.values() for r in rows])
    return min(1.0, top * 1.15 + 0.01)


def plot_win_rate(result: dict[str, Any], path: Path) -> None:
    plt = _plt()
    rates = win_rates(result)
    panels = [("seat", "by seat"), ("kind", "by bot kind (seats pooled)"), ("order", "by place in turn order")]
    panels = [(key, title) for key, title in panels if rates[key]]
    fig, axes = plt.subplots(
        1,
        len(panels),
        figsize=(5 * len(panels), 4.5),
        squeeze=False,
        gridspec_kw={"width_ratios": [max(1.5, len(rates[key])) for key, _ in panels]},
    )
    fair = 1 / max(1, len(result["seats"]))
    top = win_rate_axis_top(rates, fair)
    for ax, (key, title) in zip(axes[0], panels, strict=True):
        rows = rates[key]
        xs = range(len(rows))
        ax.bar(
            xs,
            [r["rate"] for r in rows],
            color="tab:blue",
            alpha=0.75,
            yerr=[[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]],
            capsize=5,
        )
        ax.axhline(fair, color="black", linestyle="--", linewidth=1, label=f"equal share ({100 * fair:.0f}%)")
        ax.set_xticks(
            list(xs),
            [r["label"] for r in rows],
            rotation=20 if key == "seat" else 0,
            ha="right" if key == "seat" else "center",
        )
        ax.set_ylim(0, top)
        ax.yaxis.set_major_formatter(lambda v, _pos: f"{100 * v:.0f}%")
        ax.set_ylabel("win rate")
        ax.set_title(f"Win rate {title}, 95% CI", fontsize=10)
        ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def plot_landings(result: dict[str, Any], edition, path: Path) -> None:
    import numpy as np

    landings = result["landings"]
    counts = [p["count"] for p in landings["positions"]] + [landings["in_jail"]]
    moves = max(1, landings["moves"])
    probs = np.array(counts, dtype=float) / moves
    size = len(edition.board)
    title = (
        f"{edition.name}: share of moves ending on each space, every dice and card move counted "
        f"({landings['moves']:,} moves in {result['games']} bot games)"
    )
    if size % 4 == 0:
        from ..analysis.landing import LandingResult
        from ..analysis.plot import plot_landing

        plot_landing(
            LandingResult(edition, "bot games", "as played", probs, landings["moves"]),
            path,
            title=title,
            scale_label="share of moves",
        )
        return
    plt = _plt()  # not a square board: bars instead of the board
    fig, ax = plt.subplots(figsize=(12, 4.5))
    ax.bar(range(size + 1), probs, color="tab:red")
    ax.set_xticks(range(size + 1), [s.name for s in edition.board] + ["In Jail"], rotation=90, fontsize=6)
    ax.set_ylabel("share of moves")
    ax.set_title(title)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def plot_rent_by_group(result: dict[str, Any], edition, path: Path) -> None:
    plt = _plt()
    from matplotlib.colors import is_color_like

    rows = rent_by_group(result, edition)
    fig, ax = plt.subplots(figsize=(9, 4.5))
    colours = {}
    for s in edition.board:
        if s.group:
            info = edition.groups.get(s.group, {})
            colour = str(info.get("color") or info.get("colour") or "").replace("-", "")
            colours[group_label(edition, s.position)] = colour if is_color_like(colour) else "tab:grey"
    if rows:
        ax.barh(
            [r["group"] for r in rows][::-1],
            [r["per_game"] for r in rows][::-1],
            color=[colours.get(r["group"], "tab:grey") for r in rows][::-1],
            edgecolor="black",
        )
    else:
        ax.text(0.5, 0.5, "no rent was owed in these games", ha="center", va="center", transform=ax.transAxes)
    ax.xaxis.set_major_formatter(lambda v, _pos: edition.money(round(v)))
    ax.set_xlabel("rent owed per game")
    ax.set_title(f"{edition.name}: rent income by colour group ({result['games']} games)", fontsize=10)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# (two landing statistics exist and differ by design: the report says which one this is)
MOVES_MEANING = (
    "What is counted here: every move, the dice's and each card's separately, where it stops; so a card space "
    "counts whenever a token stops on it, even when its card sends the token on, and turns spent in jail are "
    "not moves. `openmonopoly analyze landing` gives the other statistic, each roll counted once where its move "
    "finally ends and every turn in jail as In Jail (the long-run distribution): its card spaces are lower and "
    "In Jail higher than here."
)


def summary_markdown(result: dict[str, Any], edition) -> str:
    rates = win_rates(result)
    t = result["turns"]
    lines = [f"# Simulation: {result['games']} games of {edition.name}", ""]
    if result.get("interrupted"):
        lines += [
            f"**Interrupted**: {result['games']} of {result.get('games_requested', '?')} games finished; "
            "everything below is about those.",
            "",
        ]
    lines += [
        f"- Seats: {', '.join(result['seats'])}",
        f"- Seed: {result['seed']}" + (f", at most {result['max_rounds']} rounds" if result.get("max_rounds") else ""),
        f"- Options: {result['options'] or 'defaults'}",
        f"- Backend: {result.get('backend', '?')}, {result.get('workers', '?')} worker(s); "
        f"{result.get('seconds', 0):.1f} s, {result.get('games_per_sec', 0):.1f} games/s",
        f"- Digest: `{result['digest']}`",
        "",
        "## Who wins",
        "",
        "![win rate by seat and bot kind](win_rate.png)",
        "",
        "| seat | bot | wins | win rate | 95% CI |",
        "| --- | --- | ---: | ---: | --- |",
    ]
    for k, (kind, row) in enumerate(zip(result["seats"], rates["seat"], strict=True)):
        ci = f"{_pct(row['lo'])} - {_pct(row['hi'])}"
        lines.append(f"| {k + 1} | {kind} | {row['wins']:g} | {_pct(row['rate'])} | {ci} |")
    lines += ["", "| bot | seats | wins | win rate | 95% CI |", "| --- | ---: | ---: | ---: | --- |"]
    for row in rates["kind"]:
        lines.append(
            f"| {row['label']} | {result['seats'].count(row['label'])} | {row['wins']:g} | "
            f"{_pct(row['rate'])} | {_pct(row['lo'])} - {_pct(row['hi'])} |"
        )
    lines += [
        "",
        "Shared wins (equal net worth at the round limit) count as fractions of a win. " + no_winner_sentence(result),
        "",
    ]
    if rates["order"]:
        lines += [
            "### First player's advantage",
            "",
            "Win rate by place in the turn order (the first player is found by the set-up roll, "
            f"whatever the seat); an equal share is {_pct(1 / max(1, len(result['seats'])))}.",
            "",
            "| place | wins | win rate | 95% CI |",
            "| --- | ---: | ---: | --- |",
        ]
        for row in rates["order"]:
            lines.append(
                f"| {row['label']} | {row['wins']:g} | {_pct(row['rate'])} | {_pct(row['lo'])} - {_pct(row['hi'])} |"
            )
        if len(set(result["seats"])) > 1:
            lines.append(
                "\nWith different bots at the table this mixes in who the bots are; "
                "play the same bot in every seat to measure the turn order alone."
            )
        lines.append("")
    lines += [
        "## How long games last",
        "",
        "![game length distribution](game_length.png)",
        "",
        f"Turns per game: mean {t['mean']:.1f}, median {t['p50']:g}, 95th percentile {t['p95']:.1f}, max {t['max']}.",
        "Game ends: " + (", ".join(f"{k} {v}" for k, v in result["end_reasons"].items()) or "none") + ".",
        "",
        "## Where moves end",
        "",
        "![landing frequency on the board](landing_heatmap.png)",
        "",
    ]
    landings = result["landings"]
    moves = landings["moves"]
    if moves:
        lines += ["| space | name | landings | share |", "| ---: | --- | ---: | ---: |"]
        for p in sorted(landings["positions"], key=lambda p: -p["count"])[:10]:
            lines.append(f"| {p['position']} | {p['name']} | {p['count']:,} | {100 * p['count'] / moves:.2f}% |")
        lines += ["", f"{moves:,} moves; {landings['in_jail']:,} ended in jail.", "", MOVES_MEANING]
    groups = rent_by_group(result, edition)
    lines += ["", "## Rent income by colour group", "", "![rent owed per game by colour group](rent_by_group.png)", ""]
    if groups:
        lines += ["| group | rent owed per game | share of all rent |", "| --- | ---: | ---: |"]
        lines += [f"| {g['group']} | {edition.money(round(g['per_game']))} | {_pct(g['share'])} |" for g in groups]
        lines += ["", "Rent owed, whether or not the payer could pay all of it."]
    else:
        lines.append("No rent was owed in these games.")
    return "\n".join(lines) + "\n"


def write_report(directory: str | Path, result: dict[str, Any], games: list[dict[str, Any]], edition) -> Path:
    """Write the plots and ``summary.md`` into ``directory`` (made if missing); returns summary.md's path."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    plot_game_length(games, out / "game_length.png")
    plot_win_rate(result, out / "win_rate.png")
    plot_landings(result, edition, out / "landing_heatmap.png")
    plot_rent_by_group(result, edition, out / "rent_by_group.png")
    summary = out / "summary.md"
    summary.write_text(summary_markdown(result, edition), encoding="utf-8")
    return summary
