"""``openmonopoly simulate --compare OPTION_SET...``: the house-rules lab on the command line (``sim.lab``)."""

from __future__ import annotations

import json
import shlex
import sys
from typing import Any, NoReturn

import typer


def run_lab_command(
    ed: Any,
    games: int,
    seed: int,
    kinds: list[str],
    texts: list[str],
    option: list[str] | None,
    max_rounds: int | None,
    out: str | None,
    report: str | None,
    as_json: bool,
    **run: Any,
) -> NoReturn:
    """Check every option set (before any game), play them all on the same deals, print the comparison and
    write ``--report DIR``. Exits (0, or 130 after Ctrl-C)."""
    from ..sim.lab import BadOptionSet, parse_option_sets, run_lab
    from .main import UsageProblem, console

    if option:
        raise UsageProblem("--option does not go with --compare: put the options into each option set")
    if out:
        raise UsageProblem("--out does not go with --compare; --report DIR writes the comparison (lab.json)")
    if not texts:
        raise UsageProblem(
            "--compare needs option sets, e.g. --compare book max-rounds=50 'max-rounds=50,NAME' popular"
        )
    try:
        sets = parse_option_sets(ed, texts, len(kinds), max_rounds)
    except BadOptionSet as exc:
        raise UsageProblem(str(exc)) from None
    if report:
        from ..sim.report import check_report

        try:
            check_report(report)
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
    if (run.get("workers") or 0) == 1 and run.get("backend", "local") == "local":
        run["backend"] = "inprocess"
    try:
        lab = run_lab(ed.id, games, seed, kinds, sets, max_rounds, **run)
    except KeyboardInterrupt:
        console().print("Interrupted: no comparison (every option set must play every game).", style="yellow")
        raise typer.Exit(130) from None
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    written = None
    if report:
        from ..sim.lab_report import write_lab_report

        written = write_lab_report(report, lab, ed, "openmonopoly " + " ".join(shlex.quote(a) for a in sys.argv[1:]))
    public = {k: v for k, v in lab.items() if k != "games_by_set"}
    if as_json:
        typer.echo(json.dumps(public, indent=2, ensure_ascii=False, default=str))
        raise typer.Exit(0)
    render_lab(public)
    if written:
        console().print(f"Wrote {written}", markup=False, soft_wrap=True)
    raise typer.Exit(0)


def render_lab(lab: dict[str, Any]) -> None:
    from rich import box
    from rich.table import Table

    from ..sim.lab import options_label
    from ..sim.lab_report import figure_cell
    from .main import console

    con = console()
    con.print(
        f"{lab['games']:,} paired games of {lab['edition_name']} per option set, seats {','.join(lab['seats'])}, "
        f"seed {lab['seed']}",
        style="bold",
        markup=False,
    )
    keys = list(lab["figures"])
    table = Table(box=box.SIMPLE_HEAD, title="mean (95% CI); Δ vs the book, paired (95% CI)", title_justify="left")
    table.add_column("option set")
    for k in keys:
        table.add_column(lab["figures"][k], justify="right")
    for row in lab["sets"]:
        table.add_row(row["label"], *(figure_cell(row, k, between="..", newline="\n") for k in keys))
    con.print(table)
    for row in lab["sets"]:
        if row.get("preset"):
            con.print(f"{row['label']} plays {options_label(row['options'])}", markup=False)
    con.print(f"Digest: {lab['digest']}", markup=False)
