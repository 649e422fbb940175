"""``simulate --compare ... --report DIR``: the house-rules lab's plots (matplotlib) and ``summary.md``.

Files: ``lab_figures.png`` (each compared figure's paired difference from the book, with 95% intervals),
``lab_cash.png`` (players' total cash by round, mean and 95% band per option set), ``lab_sets.png`` (share
of games in which a winner held each set), ``lab.json`` (the whole comparison) and ``summary.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .lab import options_label
from .report import _plt

PLOTS = ("lab_figures.png", "lab_cash.png", "lab_sets.png")


def level_text(key: str, value: float) -> str:
    return f"{value:.2f}" if key == "rounds" else f"{100 * value:.1f}%"


def plot_figures(lab: dict[str, Any], path: Path) -> None:
    plt = _plt()
    keys = list(lab["figures"])
    others = [row for row in lab["sets"] if row["vs_book"]]
    fig, axes = plt.subplots(1, len(keys), figsize=(4.2 * len(keys), 0.5 * len(others) + 2.2), squeeze=False)
    for ax, key in zip(axes[0], keys, strict=True):
        scale = 1 if key == "rounds" else 100
        diffs = [row["vs_book"][key] for row in others]
        ys = range(len(others))
        ax.errorbar(
            [scale * d["mean"] for d in diffs],
            list(ys),
            xerr=[[scale * (d["mean"] - d["lo"]) for d in diffs], [scale * (d["hi"] - d["mean"]) for d in diffs]],
            fmt="o",
            capsize=4,
        )
        ax.axvline(0, color="black", linewidth=1)
        ax.set_yticks(list(ys), [row["label"] for row in others], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("rounds" if key == "rounds" else "percentage points")
        ax.set_title(f"{lab['figures'][key]}\nvs the book, 95% CI", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def plot_cash(lab: dict[str, Any], edition: Any, path: Path) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for row in lab["sets"]:
        # (rounds that fewer than 30 games reached make a noisy tail: cut there)
        points = [(r + 1, e) for r, e in enumerate(row["cash_by_round"]) if e["n"] >= min(30, lab["games"])]
        if not points:
            continue
        xs = [r for r, _ in points]
        ax.plot(xs, [e["mean"] for _, e in points], label=row["label"])
        ax.fill_between(xs, [e["lo"] for _, e in points], [e["hi"] for _, e in points], alpha=0.2)
    ax.yaxis.set_major_formatter(lambda v, _pos: edition.money(round(v)))
    ax.set_xlabel("round")
    ax.set_ylabel("players' total cash")
    ax.set_title(
        "Cash in circulation (games still running; rounds reached by ≥ 30 games or all), 95% band", fontsize=10
    )
    ax.legend(fontsize=8)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def plot_sets(lab: dict[str, Any], path: Path) -> None:
    plt = _plt()
    groups = sorted({s["name"] for row in lab["sets"] for s in row["winner_sets"]})
    fig, ax = plt.subplots(figsize=(9, 0.45 * max(1, len(groups)) * max(1, len(lab["sets"])) / 2 + 2))
    height = 0.8 / max(1, len(lab["sets"]))
    for k, row in enumerate(lab["sets"]):
        by_name = {s["name"]: s for s in row["winner_sets"]}
        ys = [i + k * height for i in range(len(groups))]
        shares = [by_name[g]["share"] if g in by_name else 0.0 for g in groups]
        lo = [by_name[g]["share"] - by_name[g]["lo"] if g in by_name else 0.0 for g in groups]
        hi = [by_name[g]["hi"] - by_name[g]["share"] if g in by_name else 0.0 for g in groups]
        ax.barh(ys, shares, height=height, xerr=[lo, hi], capsize=2, label=row["label"])
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(groups))], groups, fontsize=8)
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter(lambda v, _pos: f"{100 * v:.0f}%")
    ax.set_xlabel("games in which a winner held the whole set at the end (95% Wilson CI)")
    ax.set_title("Which sets the winners held", fontsize=10)
    ax.legend(fontsize=8)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def summary_markdown(lab: dict[str, Any], command: str | None = None) -> str:
    keys = list(lab["figures"])
    lines = [
        f"# House-rules lab: {lab['games']:,} paired games of {lab['edition_name']}",
        "",
        f"- Seats: {', '.join(lab['seats'])}; seed {lab['seed']}"
        + (f"; at most {lab['max_rounds']} rounds" if lab.get("max_rounds") else ""),
        f"- Backend: {lab['backend']}, {lab['workers']} worker(s); {lab['seconds']:.1f} s of play",
        f"- Digest: `{lab['digest']}`",
    ]
    if command:
        lines.append(f"- Command: `{command}`")
    lines += [
        "",
        "Game *i* is dealt the same (same seed: dice, cards, bots' seeds) under every option set. Intervals are 95%,",
        "normal approximation: a set's own figure is mean ± 1.96·sd/√n over its games; its difference from the",
        "book is the mean of the game-by-game (paired) differences ± 1.96·sd/√n of those differences.",
        "",
        "## The figures",
        "",
        "![paired differences from the book](lab_figures.png)",
        "",
        "| option set | " + " | ".join(lab["figures"][k] for k in keys) + " |",
        "| --- | " + " | ".join("---:" for _ in keys) + " |",
    ]
    for row in lab["sets"]:
        cells = [figure_cell(row, k, between=" – ", newline="<br>") for k in keys]
        lines.append(f"| {row['label']} | " + " | ".join(cells) + " |")
    presets = [row for row in lab["sets"] if row.get("preset")]
    if presets:
        lines.append("")
        lines += [
            f"- `{row['label']}` (house-rules preset {row['preset']}) plays {options_label(row['options'])}"
            for row in presets
        ]
    lines += [
        "",
        "Δ: difference from the book, paired game by game. The first mover is the player the set-up roll puts",
        "first, whatever the seat; their advantage is their share of the wins minus the equal share.",
        "",
        "## Cash in circulation",
        "",
        "![players' total cash by round](lab_cash.png)",
        "",
        "Players' total cash at the first decision of each round, averaged over the games still running then.",
        "",
        "| option set | " + " | ".join(f"round {r}" for r in _cash_rounds(lab)) + " |",
        "| --- | " + " | ".join("---:" for _ in _cash_rounds(lab)) + " |",
    ]
    for row in lab["sets"]:
        cells = []
        for r in _cash_rounds(lab):
            e = row["cash_by_round"][r - 1] if r - 1 < len(row["cash_by_round"]) else None
            cells.append(f"{e['mean']:,.0f} ± {e['hi'] - e['mean']:,.0f} (n={e['n']})" if e else "–")
        lines.append(f"| {row['label']} | " + " | ".join(cells) + " |")
    lines += ["", "## Which sets the winners held", "", "![winners' sets](lab_sets.png)", ""]
    names = sorted({s["name"] for row in lab["sets"] for s in row["winner_sets"]})
    lines += [
        "| set | " + " | ".join(row["label"] for row in lab["sets"]) + " |",
        "| --- | " + " | ".join("---:" for _ in lab["sets"]) + " |",
    ]
    for name in names:
        cells = []
        for row in lab["sets"]:
            hit = next((s for s in row["winner_sets"] if s["name"] == name), None)
            cells.append(f"{100 * hit['share']:.1f}% ({100 * hit['lo']:.1f} – {100 * hit['hi']:.1f})" if hit else "0")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "Share of games in which a winner owned the whole set at the end (Wilson 95% interval)."]
    return "\n".join(lines) + "\n"


def delta_text(key: str, value: float) -> str:
    return f"{value:+.2f}" if key == "rounds" else f"{100 * value:+.2f} pts"


def figure_cell(row: dict[str, Any], key: str, *, between: str, newline: str) -> str:
    """One option set's figure with its interval, and under it (``newline``) the paired difference from the
    book with its interval; ``between`` joins an interval's ends (the terminal's table and summary.md)."""
    f = row["figures"][key]
    cell = f"{level_text(key, f['mean'])} ({level_text(key, f['lo'])}{between}{level_text(key, f['hi'])})"
    if row["vs_book"]:
        d = row["vs_book"][key]
        cell += (
            f"{newline}Δ {delta_text(key, d['mean'])} ({delta_text(key, d['lo'])}{between}{delta_text(key, d['hi'])})"
        )
    return cell


def _cash_rounds(lab: dict[str, Any]) -> list[int]:
    longest = max((len(row["cash_by_round"]) for row in lab["sets"]), default=0)
    return [r for r in (1, 10, 20, 30, 50, 100) if r <= longest]


def write_lab_report(directory: str | Path, lab: dict[str, Any], edition: Any, command: str | None = None) -> Path:
    """Write the plots, ``lab.json`` and ``summary.md`` into ``directory``; returns summary.md's path."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    plot_figures(lab, out / "lab_figures.png")
    plot_cash(lab, edition, out / "lab_cash.png")
    plot_sets(lab, out / "lab_sets.png")
    public = {k: v for k, v in lab.items() if k != "games_by_set"}
    (out / "lab.json").write_text(json.dumps(public, indent=2, default=str), encoding="utf-8")
    summary = out / "summary.md"
    summary.write_text(summary_markdown(lab, command), encoding="utf-8")
    return summary
