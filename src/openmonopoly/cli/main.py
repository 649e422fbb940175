"""The ``openmonopoly`` command: editions, play, simulate, replay."""

from __future__ import annotations

import functools
import json
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import typer

# Imported here only what every command needs and costs nothing (the catalogue imports the engine when a
# command asks it something); Rich, the engine and the bots are imported by the commands that use them,
# so that `--help` and `--version` start at once.
from .. import catalogue, json_limits
from ..agents import AGENT_KINDS
from ..catalogue import SEAT_KINDS
from ..engine.errors import OpenMonopolyError
from ..engine.options import BadOption, clock_refused, needs_clock, option_text
from .flags import HOUSE_RULES_OPTION
from .stopping import stop_signals_interrupt

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ..engine.game import Game

# rich_markup_mode=None: plain help text (Typer's Rich help imports Rich and Markdown for every --help).
app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Monopoly editions played by their rulebooks: play in the terminal, simulate, replay.",
)


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__, _native

        typer.echo(f"openmonopoly {__version__}, engine: {_native.status()}")
        raise typer.Exit()


@app.callback()
def _options_for_every_command(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_show_version,
        is_eager=True,
        help="Show the version and the engine in use (compiled or pure Python), and exit.",
    ),
) -> None:
    pass


class UsageProblem(Exception):
    """A bad flag or file: reported in one line, exit code 2."""


def console() -> Console:
    from rich.console import Console

    width = None
    if not sys.stdout.isatty() and "COLUMNS" not in os.environ:
        width = 120
    return Console(width=width, highlight=False)


def fail(message: str) -> NoReturn:
    from rich.console import Console

    Console(stderr=True, highlight=False, soft_wrap=True).print(f"Error: {message}", markup=False, style="bold red")
    raise typer.Exit(2)


def _edition(edition_id: str):
    from ..editions import load as load_edition

    try:
        return load_edition(edition_id)
    except OpenMonopolyError as exc:
        raise UsageProblem(str(exc)) from None


def _family(edition) -> type[Game]:
    """The Game class that plays ``edition`` (its family's, or its own subclass)."""
    try:
        return catalogue.game_class(edition)
    except OpenMonopolyError as exc:
        raise UsageProblem(str(exc)) from None


# What the terminal screen reads from a game's state (the classic family's fields).
SCREEN_FIELDS = ("owner", "level", "mortgaged", "in_jail", "jail_turns", "held", "bank_houses", "bank_hotels")


def _check_screen(game: Game) -> None:
    from .screens import screen_class

    if screen_class(game) is not None:
        return  # the family ships its own screen parts
    missing = [f for f in SCREEN_FIELDS if not hasattr(game.state, f)]
    if missing:
        raise UsageProblem(
            f"terminal play does not support the {game.edition.family} rules family yet "
            f"(edition {game.edition.id}); try simulate or another edition"
        )


def _options(
    edition, given: list[str] | None, max_rounds: int | None, house_rules: str | None = None
) -> dict[str, Any]:
    """--house-rules PRESET, then --option NAME[=VALUE] (which may change a preset's) and --max-rounds,
    checked against the edition's options."""
    try:
        out = catalogue.preset_and_options(edition, house_rules, given or [])
    except BadOption as exc:
        raise UsageProblem(str(exc)) from None
    if max_rounds is not None:
        if max_rounds < 1:
            raise UsageProblem(f"--max-rounds must be at least 1; got {max_rounds}")
        out["max-rounds"] = max_rounds
    return out


def _seats(text: str, edition) -> list[str]:
    from ..botprotocol.config import is_external

    # (an external bot's command keeps its case: exec:./MyBot)
    kinds = [k.strip() if is_external(k.strip()) else k.strip().lower() for k in text.split(",") if k.strip()]
    for k in kinds:
        if k not in SEAT_KINDS and not is_external(k):
            raise UsageProblem(
                f"unknown seat kind {k!r}; allowed: {', '.join(SEAT_KINDS)}, "
                "or an external bot: exec:COMMAND or bot:NAME (docs/BOT-PROTOCOL.md)"
            )
    if not edition.min_players <= len(kinds) <= edition.max_players:
        raise UsageProblem(
            f"{edition.name} is for {edition.min_players}-{edition.max_players} players; "
            f"--seats gives {len(kinds)} ({','.join(kinds) or 'none'})"
        )
    return kinds


def _read_json(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json_limits.loads(fh.read(), path)
    except json_limits.JsonLimitError as exc:
        raise UsageProblem(f"{exc}: not a saved game or record") from None
    except FileNotFoundError:
        raise UsageProblem(f"no such file: {path}") from None
    except json.JSONDecodeError as exc:
        raise UsageProblem(f"{path} is not valid JSON: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageProblem(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise UsageProblem(f"{path} is not a saved game or a game record (expected a JSON object)")
    return data


def _saved_record(data: dict) -> dict:
    """The record (for ``Game.replay``) inside a saved game."""
    return {
        "format": data["format"],
        "edition": data["edition"],
        "options": data["options"],
        "players": data["state"]["names"],
        "seed": data["seed"],
        "actions": data["record"],
        "chance": data["chance"]["log"],
    }


def load_game_file(path: str, data: dict | None = None) -> Game:
    """A game from a file written by --save / ``save``, or from a record (``Game.record()``); with events.
    ``data``: the file's JSON when the caller has read it already."""
    from ..engine.game import Game

    if data is None:
        data = _read_json(path)
    try:
        if "state" in data and "record" in data:
            game = Game.from_json(data)
            if data.get("events") is None:  # saved without events: rebuild them from the record
                game = Game.replay(_saved_record(data))
            return game
        if "actions" in data and "chance" in data:
            return Game.replay(data)
    except OpenMonopolyError as exc:
        raise UsageProblem(f"{path}: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise UsageProblem(f"{path} is not a valid saved game or record ({type(exc).__name__}: {exc})") from None
    raise UsageProblem(f"{path} is neither a saved game (from --save) nor a game record")


def _bots(kinds: list[str], seed: int) -> dict[int, Any]:
    from ..botprotocol import make_bot

    agents = {}
    for seat, kind in enumerate(kinds):
        if kind == "human":
            continue
        try:
            agents[seat] = make_bot(kind, seed * 100 + seat)
        except ImportError as exc:
            raise UsageProblem(
                f"the {kind!r} bot is not available in this installation ({exc}); "
                f"try another seat kind: {', '.join(k for k in SEAT_KINDS if k != kind)}"
            ) from None
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
    return agents


# ------------------------------------------------------------------------------------ editions
def editions_data() -> list[dict]:
    return [e.to_json() for e in catalogue.editions()]


def edition_schema(family: str) -> dict:
    """The JSON Schema of the edition files of ``family``."""
    from .. import registry
    from ..editions.model import json_schema

    if family not in registry.family_ids():
        raise UsageProblem(f"unknown rules family {family!r}; families: {', '.join(registry.family_ids())}")
    return json_schema(registry.family_class(family).edition_model())


def check_edition_file(path: str, games: int, seed: int = 0) -> list[str]:
    """Validate the edition file at ``path`` by its family's schema, then play ``games`` games of random
    bots on it, each also replayed and reloaded; the first problem is an ``OpenMonopolyError`` saying
    which game, turn and error. Returns what was checked, one line each."""
    from ..agents import make_agent
    from ..editions import DATA, SEARCH_PATH_ENV, load
    from ..engine.game import Game

    if not os.path.isfile(path):
        raise UsageProblem(f"no edition file at {path}")
    edition = load(os.path.abspath(path))
    shipped = DATA / f"{edition.id}.json"
    if shipped.exists() and not shipped.samefile(path):
        raise OpenMonopolyError(
            f"{path}: id: {edition.id!r} is a shipped edition's id; give yours its own id (and file name)"
        )
    # Records name their edition by id: the replays below find the file through the search path.
    os.environ[SEARCH_PATH_ENV] = os.pathsep.join(
        filter(None, [os.path.dirname(os.path.abspath(path)), os.environ.get(SEARCH_PATH_ENV)])
    )
    lines = [
        f"{path}: valid {edition.family} edition {edition.id!r} ({edition.name}): {len(edition.board)} "
        f"spaces, {len(edition.decks)} decks"
    ]
    players = min(max(edition.min_players, 3), edition.max_players)
    for k in range(games):
        game_seed = seed + k
        game = Game(edition, players, seed=game_seed, options={"max-rounds": 150})
        where = f"game {k + 1} (seed {game_seed}, {players} random bots)"
        try:
            game.play_out([make_agent("random", game_seed * 10 + p) for p in range(players)])
            again = Game.replay(game.record())
            if again.digest() != game.digest():
                raise OpenMonopolyError("its replay differs from the game")
            Game.from_json(json.loads(json.dumps(game.to_json())))
        except Exception as exc:  # anything at all is a problem of the file, reported where it arose
            raise OpenMonopolyError(f"{path}: {where}, turn {game.state.turns}: {type(exc).__name__}: {exc}") from exc
        lines.append(
            f"{where}: {game.state.turns} turns, {game.state.end_reason or 'unfinished'}, replayed and reloaded"
        )
    return lines


@app.command()
def editions(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    schema: str | None = typer.Option(
        None,
        "--schema",
        metavar="FAMILY",
        help="Print the JSON Schema of a rules family's edition files "
        "(classic, mandalorian, empire), for editor completion.",
    ),
    check: str | None = typer.Option(
        None,
        "--check",
        metavar="FILE",
        help="Validate an edition file and play a few random games on it; report the first problem.",
    ),
    games: int = typer.Option(5, "--games", min=0, max=1000, help="Games --check plays."),
) -> None:
    """List every edition with its players, currency and options; or print a family's schema; or check a file."""
    if schema is not None or check is not None:
        try:
            if schema is not None:
                typer.echo(json.dumps(edition_schema(schema), indent=2, ensure_ascii=False))
            if check is not None:
                for line in check_edition_file(check, games):
                    typer.echo(line)
        except (UsageProblem, OpenMonopolyError) as exc:
            fail(str(exc))
        return
    try:
        data = editions_data()
    except OpenMonopolyError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from rich import box
    from rich.table import Table
    from rich.text import Text

    out = console()
    table = Table(title="Editions", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("id", "name", "family", "players", "currency"):
        table.add_column(col, no_wrap=col != "name")
    for e in data:
        table.add_row(
            Text(e["id"], style="bold" if e["rules_available"] else "dim"),
            e["name"] + ("" if e["rules_available"] else " (rules not available yet)"),
            e["family"],
            f"{e['players']['min']}-{e['players']['max']}",
            e["currency"]["symbol"],
        )
    out.print(table)
    opts = Table(title="Options (play/simulate --option NAME[=VALUE])", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("edition", "option", "default", "type", "help"):
        opts.add_column(col, no_wrap=col != "help")
    for e in data:
        for o in e["options"]:
            default = (
                "off"
                if o["default"] is None or o["default"] is False
                else ("on" if o["default"] is True else str(o["default"]))
            )
            opts.add_row(e["id"], Text(o["name"], style="bold"), default, o["type"], o["help"])
    out.print(opts)
    presets = Table(
        title="House-rule presets (play/simulate --house-rules NAME, simulate --compare NAME)",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    for col in ("edition", "preset", "options"):
        presets.add_column(col, no_wrap=col != "options")
    for e in data:
        for name, values in e.get("house_rule_presets", {}).items():
            text = ", ".join(option_text(k, v) for k, v in values.items())
            presets.add_row(e["id"], Text(name, style="bold"), text)
    out.print(presets)


# ------------------------------------------------------------------------------------ play
@app.command()
def play(
    edition: str | None = typer.Option(
        None, "--edition", "-e", help="Edition id (see `openmonopoly editions`). Default: classic."
    ),
    seats: str | None = typer.Option(
        None,
        "--seats",
        "-s",
        help=f"Comma-separated seat kinds: {', '.join(SEAT_KINDS)}, exec:COMMAND or bot:NAME (an external bot). "
        "Default: human,heuristic,heuristic,heuristic.",
    ),
    seed: int | None = typer.Option(
        None,
        "--seed",
        help="Random seed (dice, cards, bots). Default: a new "
        "one each game, printed so that the game can be played again.",
    ),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="NAME[=VALUE]; repeatable."),
    house_rules: str | None = HOUSE_RULES_OPTION,
    max_rounds: int | None = typer.Option(None, "--max-rounds", help="End after R rounds (richest wins)."),
    save: str | None = typer.Option(
        None,
        "--save",
        help="Save the game to FILE before each of your moves, on exit and at the end (a closed window or a "
        "crash loses at most the move being made).",
    ),
    load: str | None = typer.Option(
        None, "--load", help="Resume a game saved with --save or `save`, with its seats (unless --seats gives others)."
    ),
    names: str | None = typer.Option(None, "--names", help="Comma-separated player names."),
    time_limit_minutes: float | None = typer.Option(
        None,
        "--time-limit-minutes",
        help="A time-limit game against the clock (editions with the time-limit option): after M minutes the "
        "game ends and the richest wins. Sets --option time-limit=0, which needs it (with --load: the "
        "minutes left).",
    ),
) -> None:
    """Play a game in the terminal: humans and bots at one table."""
    from ..engine.game import Game
    from .terminal import Session

    if seed is None:
        import secrets

        seed = secrets.randbelow(1_000_000)
    try:
        if load:
            data = _read_json(load)
            game = load_game_file(load, data)
            ed = game.edition
            if edition is not None and edition != ed.id:
                raise UsageProblem(f"{load} is a game of edition {ed.id}, not {edition}")
            saved = data.get("seats")  # (a save from `play` names its seats; a bare record does not)
            if isinstance(saved, list) and all(isinstance(k, str) for k in saved):
                seats = seats or ",".join(saved)
            if not seats:
                raise UsageProblem(
                    f"--load needs --seats for its {len(game.players)} players (allowed kinds: {', '.join(SEAT_KINDS)})"
                )
            kinds = _seats(seats, ed)
            if len(kinds) != len(game.players):
                raise UsageProblem(f"{load} has {len(game.players)} players; --seats gives {len(kinds)}")
            if option or max_rounds is not None or house_rules:
                raise UsageProblem("--option, --house-rules and --max-rounds cannot change a loaded game")
            if game.over:
                raise UsageProblem(f"{load}: that game is already over (see `openmonopoly replay {load}`)")
        else:
            ed = _edition(edition or "classic")
            kinds = _seats(seats or "human,heuristic,heuristic,heuristic", ed)
            options = _options(ed, option, max_rounds, house_rules)
            if time_limit_minutes is not None:
                if "time-limit" not in _family(ed).available_options(ed):
                    raise UsageProblem(f"edition {ed.id} has no time-limit game (option time-limit)")
                if options.setdefault("time-limit", 0) != 0:
                    raise UsageProblem(
                        "--time-limit-minutes plays the time-limit game against the clock (time-limit=0); "
                        f"it does not go with time-limit={options['time-limit']} (that many rounds)"
                    )
            if names:
                player_names = [n.strip() for n in names.split(",")]
                if len(player_names) != len(kinds) or not all(player_names):
                    raise UsageProblem(f"--names needs {len(kinds)} non-empty names, one per seat")
            else:
                player_names = default_names(ed, kinds)
            try:
                game = Game(ed, player_names, seed, options)
                from ..rules.classic.editions.clonewars.characters import CHARACTER  # (only when playing)

                if not names and game.prompt is not None and game.prompt.kind == CHARACTER:
                    # The tokens are the characters (Clone Wars): "Anakin Skywalker" choosing General Grievous
                    # would be two people in one name. Players who choose a character are named by seat.
                    game = Game(ed, [f"Player {seat + 1}" for seat in range(len(kinds))], seed, options)
            except OpenMonopolyError as exc:
                raise UsageProblem(str(exc)) from None
        if time_limit_minutes is not None and time_limit_minutes <= 0:
            raise UsageProblem(f"--time-limit-minutes must be positive; got {time_limit_minutes:g}")
        # The engine cannot tell the time: a game against the clock is played only with one (a saved one too,
        # given the minutes left).
        if needs_clock(game.options) and time_limit_minutes is None:
            raise UsageProblem(
                clock_refused(
                    "play without --time-limit-minutes", ", or --time-limit-minutes M to play against the clock"
                )
            )
        if load and time_limit_minutes is not None and not needs_clock(game.options):
            raise UsageProblem(f"{load} is not a game against the clock (time-limit=0): drop --time-limit-minutes")
        _check_screen(game)
        agents = _bots(kinds, seed)
    except UsageProblem as exc:
        fail(str(exc))
    # A resumed game shows what happened since its last turn began; a new one, everything.
    seen = 0
    if load:
        turns = [i for i, e in enumerate(game.history) if e.kind == "turn"]
        seen = turns[-1] if turns else 0
    deadline = None
    if time_limit_minutes is not None:
        import time

        deadline = time.monotonic() + 60 * time_limit_minutes
    note = None if load else f"seed {seed}: replay with --seed {seed}"
    session = Session(game, kinds, agents, console(), save_path=save, seen=seen, deadline=deadline, note=note)
    try:
        code = session.run()
    finally:
        from ..botprotocol import finish_agents

        finish_agents(agents.values(), game)  # (external bots hear the game is over, or was left)
    raise typer.Exit(code)


def default_names(ed, kinds: list[str]) -> list[str]:
    """The edition's tokens as names ("Darth Vader"), else Player N."""
    names = []
    for seat in range(len(kinds)):
        names.append(ed.tokens[seat] if seat < len(ed.tokens) else f"Player {seat + 1}")
    return names


# ------------------------------------------------------------------------------------ simulate
@app.command()
def simulate(
    edition: str = typer.Option("classic", "--edition", "-e", help="Edition id."),
    games: int = typer.Option(100, "--games", "-n", help="Number of games."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game."),
    seats: str = typer.Option(
        "heuristic,heuristic,heuristic,heuristic",
        "--seats",
        "-s",
        help=f"Comma-separated bot kinds: {', '.join(AGENT_KINDS)}, exec:COMMAND or bot:NAME (an external bot).",
    ),
    max_rounds: int | None = typer.Option(None, "--max-rounds", help="End each game after R rounds."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="NAME[=VALUE]; repeatable."),
    house_rules: str | None = HOUSE_RULES_OPTION,
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    workers: int | None = typer.Option(
        None,
        "--workers",
        "-w",
        help="Worker processes (default: all cores, at most one per game; 1 plays in this process).",
    ),
    backend: str = typer.Option(
        "local", "--backend", help="local (a process pool) or ray (a local Ray, or the cluster at --address)."
    ),
    address: str | None = typer.Option(None, "--address", help="Ray cluster to join (with --backend ray)."),
    chunk_size: int | None = typer.Option(None, "--chunk-size", help="Games per task (default: automatic)."),
    out: str | None = typer.Option(None, "--out", help="Write one row per game to FILE.csv or FILE.parquet."),
    report: str | None = typer.Option(None, "--report", help="Write plots and summary.md (matplotlib) into DIR."),
    compare: bool = typer.Option(
        False,
        "--compare",
        help="House-rules lab: play the same deals under the book and under each OPTION_SET given as arguments "
        "('book', or NAME[=VALUE] and at most one house-rules preset such as popular, joined by commas) and "
        "compare them with 95% intervals.",
    ),
    option_sets: list[str] | None = typer.Argument(None, help="With --compare: the option sets to compare."),
) -> None:
    """Play many bot games and report who wins, how long games last and more.

    The digest is the same for every backend, worker count and chunk size. Ctrl-C, SIGTERM and SIGHUP
    stop the run and still report and write the games that finished (exit code 130, 143, 129)."""
    try:
        ed = _edition(edition)
        kinds = _seats(seats, ed)
        if "human" in kinds:
            raise UsageProblem(f"simulate plays bots only; allowed seat kinds: {', '.join(AGENT_KINDS)}")
        if games < 1:
            raise UsageProblem(f"--games must be at least 1; got {games}")
        if compare and house_rules:
            raise UsageProblem(
                "--house-rules does not go with --compare: give the preset as an option set of its own "
                f"(--compare {house_rules}) or with options ('{house_rules},NAME=VALUE')"
            )
        options = _options(ed, option, None, house_rules)
        if needs_clock(options):
            raise UsageProblem(clock_refused("a simulation"))
        if max_rounds is not None and max_rounds < 1:
            raise UsageProblem(f"--max-rounds must be at least 1; got {max_rounds}")
        _bots(kinds, seed)  # fail early and clearly if a bot kind is missing
        from ..botprotocol import check_starts

        for kind in dict.fromkeys(kinds):
            try:
                check_starts(kind)  # an external bot that will not start or greet: say so now
            except ValueError as exc:
                raise UsageProblem(str(exc)) from None
        try:
            from ..sim import run_simulation
            from ..sim.backends import make_backend
        except ImportError as exc:
            raise UsageProblem(f"simulation is not available in this installation ({exc})") from None
        if workers is not None and workers < 1:
            raise UsageProblem(f"--workers must be at least 1; got {workers}")
        if chunk_size is not None and chunk_size < 1:
            raise UsageProblem(f"--chunk-size must be at least 1; got {chunk_size}")
        if backend.lower() not in ("local", "ray"):
            raise UsageProblem(f"unknown --backend {backend!r}; allowed: local, ray")
        if address and backend.lower() != "ray":
            raise UsageProblem("--address joins a Ray cluster: use it with --backend ray")
        if option_sets and not compare:
            raise UsageProblem(f"unexpected arguments {' '.join(option_sets)!r}: option sets go after --compare")
        if compare:
            from .lab import run_lab_command

            run_lab_command(
                ed,
                games,
                seed,
                kinds,
                option_sets or [],
                option,
                max_rounds,
                out,
                report,
                as_json,
                backend=backend,
                workers=workers,
                address=address,
                chunk_size=chunk_size,
            )
        try:
            if out:
                from ..sim.output import check_out

                check_out(out)
            if report:
                from ..sim.report import check_report

                check_report(report)
            runner = make_backend(backend, workers=workers, address=address, games=games)
        except (ValueError, ImportError) as exc:
            raise UsageProblem(str(exc)) from None
        try:
            # Each game's summary is kept only for --out and --report: otherwise memory stays flat.
            keeping = functools.partial(run_simulation, keep_games=bool(out or report))
            with stop_signals_interrupt() as stops:
                run = _run_with_progress(
                    keeping,
                    ed,
                    games,
                    seed,
                    kinds,
                    options,
                    max_rounds,
                    runner,
                    chunk_size,
                    show=not as_json and sys.stdout.isatty(),
                )
                stops.armed = False  # what finished is written whatever arrives now
                result = run.result
                written = []
                if out:
                    from ..sim.output import write_games

                    written.append(str(write_games(out, run.games, ed.id, kinds)))
                if report:
                    from ..sim.report import write_report

                    written.append(str(write_report(report, result, run.games, ed)))
        except OpenMonopolyError as exc:
            raise UsageProblem(str(exc)) from None
    except UsageProblem as exc:
        fail(str(exc))
    code = stops.exit_code(run.interrupted)
    if as_json:
        typer.echo(json.dumps(result, indent=2, ensure_ascii=False, default=str))
        raise typer.Exit(code)
    from rich.text import Text

    con = console()
    con.print(
        Text(
            f"{result['games']} games of {ed.name}, seats {','.join(kinds)}, seed {seed}"
            + (f", at most {max_rounds} rounds" if max_rounds else "")
            + (f" (interrupted: {result['games']} of {games} finished)" if run.interrupted else ""),
            style="bold",
        )
    )
    try:
        render_simulation(con, result, kinds)
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError):
        con.print(_summary(result))  # a result shape this summary does not know: show it all
    faults = result.get("bot_faults") or {}
    if faults.get("games"):
        codes = ", ".join(f"{code}: {n}" for code, n in faults["by_code"].items())
        con.print(
            f"External bots had faults in {faults['games']} games ({codes}); the heuristic bot stood in for them.",
            style="yellow",
            markup=False,
        )
    for path in written:
        con.print(f"Wrote {path}", markup=False, soft_wrap=True)  # a path must not be broken
    raise typer.Exit(code)


def _run_with_progress(
    run_simulation,
    ed,
    games: int,
    seed: int,
    kinds: list[str],
    options: dict,
    max_rounds: int | None,
    runner,
    chunk_size: int | None,
    show: bool,
):
    """Run the simulation, with a Rich progress bar (games/s, ETA) when ``show``."""
    if not show:
        return run_simulation(ed.id, games, seed, kinds, options, max_rounds, backend=runner, chunk_size=chunk_size)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class GamesPerSecond(ProgressColumn):
        def render(self, task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(bar_width=24),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console(),
    ) as bar:
        task = bar.add_task(f"{ed.id} x{runner.workers}", total=games)
        return run_simulation(
            ed.id,
            games,
            seed,
            kinds,
            options,
            max_rounds,
            backend=runner,
            chunk_size=chunk_size,
            progress=lambda done, total: bar.update(task, completed=done),
        )


def no_winner_words(result: dict) -> str:
    """What the wins table's last row means, so that its shares visibly add up to every game."""
    from ..sim.report import no_winner_sentence

    return no_winner_sentence(result)


def render_simulation(out: Console, result: dict, kinds: list[str]) -> None:
    from rich import box
    from rich.table import Table

    games = max(int(result["games"]), 1)
    wins = Table(title="Wins", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("seat", "bot", "wins", "share"):
        wins.add_column(col, justify="right" if col in ("wins", "share") else "left")
    for seat, (kind, w) in enumerate(zip(kinds, result["wins"], strict=True)):
        wins.add_row(str(seat + 1), kind, f"{w:g}", f"{100 * w / games:.1f}%")
    nobody = int(result.get("no_winner", 0))
    wins.add_row("-", "no winner", str(nobody), f"{100 * nobody / games:.1f}%", style="dim" if not nobody else "")
    out.print(wins)
    out.print(no_winner_words(result), style="dim")
    turns = result.get("turns", {})
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column()
    facts.add_row("Game ends", ", ".join(f"{k}: {v}" for k, v in result.get("end_reasons", {}).items()))
    if turns:
        facts.add_row(
            "Turns per game",
            f"mean {turns['mean']:.1f}, median {turns['p50']:g}, "
            f"95th percentile {turns['p95']:.1f}, max {turns['max']}",
        )
    if "games_per_sec" in result:
        facts.add_row(
            "Speed",
            f"{result['games_per_sec']:,.1f} games/s, "
            f"{result.get('player_turns_per_sec', 0):,.0f} player-turns/s "
            f"({result.get('seconds', 0):.2f} s of play, "
            f"{result.get('startup_seconds', 0):.2f} s to start)",
        )
    if "digest" in result:
        facts.add_row("Digest", str(result["digest"]))
    out.print(facts)
    landings = result.get("landings")
    if landings and landings.get("moves"):
        moves = landings["moves"]
        top = sorted(landings["positions"], key=lambda p: -p["count"])[:10]
        table = Table(
            title="Where moves end (every dice and card move)",
            box=box.SIMPLE_HEAD,
            title_justify="left",
            caption=f"{moves:,} moves; {landings.get('in_jail', 0):,} ended in jail",
            caption_justify="left",
        )
        table.add_column("#", justify="right")
        table.add_column("space")
        table.add_column("moves", justify="right")
        table.add_column("share of moves", justify="right")
        for p in top:
            table.add_row(str(p["position"]), p["name"], f"{p['count']:,}", f"{100 * p['count'] / moves:.2f}%")
        out.print(table)
        from ..sim.report import MOVES_MEANING

        out.print(MOVES_MEANING.replace("`", "'"), style="dim")


def _summary(value: Any, title: str | None = None) -> Table:
    """A readable rendering of a (nested) result dict."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_header=False, title=title, title_justify="left", pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        if isinstance(item, dict) and item:
            table.add_row(str(key), _summary(item))
        elif isinstance(item, list) and item and isinstance(item[0], (dict, list)):
            table.add_row(str(key), _summary(item))
        elif isinstance(item, float):
            table.add_row(str(key), f"{item:,.3f}".rstrip("0").rstrip("."))
        elif isinstance(item, list):
            table.add_row(str(key), ", ".join(map(str, item)))
        else:
            table.add_row(str(key), str(item))
    return table


# ------------------------------------------------------------------------------------ replay
@app.command()
def replay(file: str = typer.Argument(..., help="A saved game (--save) or a game record (JSON).")) -> None:
    """Print a saved game's (or a record's) events in order, in the edition's words."""
    from ..engine.events import Event

    try:
        game = load_game_file(file)
    except UsageProblem as exc:
        fail(str(exc))
    out = console()
    for event in game.history:
        if not isinstance(event, Event) or event.private_to >= 0:
            continue
        line = game.describe(event)
        out.print(line, markup=False, soft_wrap=True, style="bold" if event.kind in ("turn", "game-over") else None)


from .analyze import analyze_app  # noqa: E402

app.add_typer(analyze_app, name="analyze")


from .serve import register as _register_serve  # noqa: E402  (the web game: cli/serve.py)

_register_serve(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
