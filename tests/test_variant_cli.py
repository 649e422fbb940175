"""The command line with the Sailor Moon and Clone Wars editions and their options."""

from __future__ import annotations

import json
import time

from rich.console import Console
from typer.testing import CliRunner

import openmonopoly as om
from openmonopoly.cli.main import app
from openmonopoly.cli.terminal import Session

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_editions_json_lists_both_editions_with_their_options():
    data = {e["id"]: e for e in json.loads(run("editions", "--json").output)}
    assert {o["name"] for o in data["sailormoon"]["options"]} >= {"quicker-game"}
    assert {o["name"] for o in data["clonewars"]["options"]} >= {"quicker-game", "time-limit", "starwars-rule"}
    assert "short game" in next(o["help"] for o in data["clonewars"]["options"] if o["name"] == "quicker-game")
    assert "starwars-rule" not in {o["name"] for o in data["sailormoon"]["options"]}


def test_simulate_with_each_option():
    for args in (
        ["--edition", "clonewars", "--option", "starwars-rule"],
        ["--edition", "clonewars", "--option", "quicker-game", "--option", "starwars-rule"],
        ["--edition", "clonewars", "--option", "time-limit=10"],
        ["--edition", "sailormoon", "--option", "quicker-game"],
    ):
        result = run("simulate", *args, "-n", "2", "--seats", "random,heuristic,heuristic", "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["games"] == 2


def test_unknown_option_and_refused_combination_are_clear_errors():
    result = run("simulate", "--edition", "clonewars", "--option", "bogus", "-n", "1")
    assert result.exit_code == 2 and "known options" in result.output and "starwars-rule" in result.output
    result = run(
        "simulate", "--edition", "clonewars", "--option", "quicker-game", "--option", "time-limit=5", "-n", "1"
    )
    assert result.exit_code == 2 and "choose one" in result.output
    result = run("play", "--edition", "sailormoon", "--time-limit-minutes", "5", "--seats", "random,random")
    assert result.exit_code == 2 and "no time-limit game" in result.output


def test_time_limit_0_needs_a_clock_everywhere():
    """time-limit=0 is ended by a clock outside the engine: only `play --time-limit-minutes` keeps one."""
    result = run("play", "--edition", "clonewars", "--option", "time-limit=0", "--seats", "random,random")
    assert result.exit_code == 2 and "against a clock" in result.output and "--time-limit-minutes" in result.output
    result = run("simulate", "--edition", "clonewars", "--option", "time-limit=0", "-n", "1")
    assert result.exit_code == 2 and "a simulation does not keep" in result.output and "time-limit=N" in result.output
    result = run(
        "play",
        "--edition",
        "clonewars",
        "--option",
        "time-limit=5",
        "--time-limit-minutes",
        "1",
        "--seats",
        "random,random",
    )
    assert result.exit_code == 2 and "does not go with time-limit=5" in result.output


def test_terminal_plays_the_star_wars_rule_and_ends_a_clock_game():
    g = om.Game("clonewars", ["Ann", "Ben"], seed=2, options={"starwars-rule": True, "time-limit": 0})
    lines = iter(["1", "1"] + ["1"] * 400)
    out = Console(record=True, width=120)
    session = Session(
        g,
        ["human", "random"],
        {1: om.agents.make_agent("random", 1)},
        out,
        read=lambda prompt: next(lines),
        interactive=False,
        deadline=time.monotonic() + 3600,
    )
    for _ in range(30):  # a few human decisions, then the clock runs out
        if g.over or g.prompt.player != 0:
            session.bot_decides(g.prompt) if not g.over else None
            continue
        session.human_decides(g.prompt)
    session.deadline = time.monotonic() - 1
    assert session.run() == 0
    assert g.over and g.state.end_reason == "time-limit"
    text = out.export_text()
    assert "choose your character" in text and "Anakin Skywalker (light side)" in text
    assert om.Game.replay(g.record()).digest() == g.digest()
