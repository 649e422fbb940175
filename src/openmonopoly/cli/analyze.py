"""``openmonopoly analyze``: landing probabilities (exact Markov chain or simulated moves) and rents."""

from __future__ import annotations

import json

import typer

from ..engine.errors import OpenMonopolyError
from .flags import HOUSE_RULES_OPTION

# Rich and the editions are imported by the commands (`openmonopoly --help` lists this group without them).

analyze_app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="Analyse an edition: landing probabilities, expected rents."
)


def _console():
    from .main import console

    return console()


def _fail(message: str):
    from .main import fail

    fail(message)


def _check(edition: str, jail: str, method: str = "exact") -> None:
    from ..editions import edition_ids

    if edition not in edition_ids():
        _fail(f"unknown edition {edition!r}; known editions: {', '.join(edition_ids())}")
    if jail not in ("short", "long"):
        _fail(f"--jail must be 'short' (pay and leave at once) or 'long' (roll for doubles); got {jail!r}")
    if method not in ("exact", "simulate"):
        _fail(f"--method must be 'exact' or 'simulate'; got {method!r}")


def _numpy_missing(exc: ImportError):
    _fail(f"analysis needs NumPy ({exc}); install it with: pip install 'openmonopoly[analysis]'")


def _house_rules(analysis: str, edition: str, given: list[str] | None, house_rules: str | None) -> str:
    """--house-rules PRESET and --option NAME[=VALUE] (house rules only): checked against the edition and
    what the analysis models."""
    from .. import catalogue
    from ..engine.options import BadOption

    try:
        from ..analysis.house_rules import check_house_rules
    except ImportError as exc:  # (the analysis package needs NumPy: the [analysis] extra)
        _numpy_missing(exc)
        raise

    try:
        options = catalogue.preset_and_options(catalogue.edition(edition), house_rules, given or [])
        return check_house_rules(analysis, options)
    except BadOption as exc:
        _fail(str(exc))
        raise


def _model_params(grogu_loss: float | None, hideouts_owned: float | None) -> dict:
    for name, v in (("--grogu-loss", grogu_loss), ("--hideouts-owned", hideouts_owned)):
        if v is not None and not 0.0 <= v <= 1.0:
            _fail(f"{name} is a probability between 0 and 1; got {v}")
    return {"grogu_loss": grogu_loss, "hideouts_owned": hideouts_owned}


@analyze_app.command()
def landing(
    edition: str = typer.Option("classic", "--edition", "-e", help="Edition id."),
    jail: str = typer.Option("long", "--jail", help="short: pay and leave jail at once; long: roll for doubles."),
    method: str = typer.Option("exact", "--method", help="exact (Markov chain) or simulate (NumPy moves)."),
    rolls: int = typer.Option(10_000_000, "--rolls", min=1000, help="Rolls to simulate (--method simulate)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the simulation."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    plot: str | None = typer.Option(None, "--plot", help="Write a board heatmap to this PNG file."),
    grogu_loss: float | None = typer.Option(
        None, "--grogu-loss", help="Mandalorian: chance per roll that another player takes Grogu."
    ),
    hideouts_owned: float | None = typer.Option(
        None, "--hideouts-owned", help="Mandalorian: share of hideouts owned (Unexpected Ally)."
    ),
    option: list[str] | None = typer.Option(
        None, "--option", "-o", help="A house rule NAME[=VALUE] (repeatable); says how the chain models it."
    ),
    house_rules: str | None = HOUSE_RULES_OPTION,
) -> None:
    """Long-run probability that a roll ends on each space (In Jail apart from Just Visiting)."""
    _check(edition, jail, method)
    rules_note = _house_rules("landing", edition, option, house_rules)
    params = _model_params(grogu_loss, hideouts_owned)
    try:
        from ..analysis import landing as compute

        result = compute(edition, jail, method, rolls, seed, **params)
    except ImportError as exc:
        _numpy_missing(exc)
    except (OpenMonopolyError, ValueError) as exc:
        _fail(str(exc))
    if plot:
        try:
            from ..analysis.plot import plot_landing

            plot_landing(result, plot)
        except ImportError as exc:
            _fail(f"--plot needs matplotlib ({exc}); install it with: pip install 'openmonopoly[analysis]'")
        except (OSError, ValueError) as exc:
            _fail(f"cannot write the plot {plot}: {exc}")
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2))
        return
    ed = result.edition
    how = "Markov chain" if method == "exact" else f"{result.rolls:,} simulated rolls"
    from rich import box
    from rich.table import Table

    table = Table(title=f"{ed.name}: where each roll's move ends ({how}, jail {jail}; {rules_note})", box=box.SIMPLE)
    table.add_column("#", justify="right")
    table.add_column("space")
    table.add_column("share of rolls", justify="right")
    table.add_column("rank", justify="right")
    rank = {p: i + 1 for i, p in enumerate(result.ranking())}
    for s in ed.board:
        name = s.name + (" (Just Visiting)" if s.position == result.jail_pos else "")
        table.add_row(str(s.position), name, f"{100 * result.probs[s.position]:.3f}%", str(rank[s.position]))
    table.add_row("", "In Jail", f"{100 * result.in_jail:.3f}%", str(rank[result.size]))
    from ..analysis.landing import MEANING

    out = _console()
    out.print(table)
    out.print(MEANING, style="dim")
    if plot:
        out.print(f"Heatmap written to {plot}")


@analyze_app.command()
def rents(
    edition: str = typer.Option("classic", "--edition", "-e", help="Edition id."),
    jail: str = typer.Option("long", "--jail", help="Jail model of the landing chain: short or long."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    grogu_loss: float | None = typer.Option(None, "--grogu-loss", help="Mandalorian movement model parameter."),
    hideouts_owned: float | None = typer.Option(None, "--hideouts-owned", help="Mandalorian model parameter."),
    option: list[str] | None = typer.Option(
        None, "--option", "-o", help="A house rule NAME[=VALUE] (repeatable); refused where the table cannot model it."
    ),
    house_rules: str | None = HOUSE_RULES_OPTION,
) -> None:
    """Expected rent per opponent roll and rolls to earn back the cost, per property and building level."""
    _check(edition, jail)
    _house_rules("rents", edition, option, house_rules)
    params = _model_params(grogu_loss, hideouts_owned)
    try:
        from ..analysis.rents import rent_table

        data = rent_table(edition, jail, **params)
    except ImportError as exc:
        _numpy_missing(exc)
    except (OpenMonopolyError, ValueError) as exc:
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    from rich import box
    from rich.table import Table

    from ..editions import load as load_edition

    ed = load_edition(edition)
    table = Table(title=f"{ed.name}: expected rent per opponent roll (jail {jail})", box=box.SIMPLE)
    for col in ("#", "property", "level", "rent", "cost", "per roll", "rolls to earn back"):
        table.add_column(col, justify="left" if col in ("property", "level") else "right")
    for r in data["rows"]:
        back = r["rolls_to_earn_back"]
        table.add_row(
            str(r["position"]),
            r["name"],
            r["level"],
            ed.money(int(round(r["rent"]))),
            ed.money(r["cost"]),
            f"{r['expected_rent_per_roll']:.2f}",
            "-" if back is None else f"{back:.0f}",
        )
    _console().print(table)
