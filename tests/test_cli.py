"""The `openmonopoly` command: editions, simulate, replay and clear errors for bad flags."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def bot_game(edition: str = "classic", moves: int = 150, events: bool = True, seed: int = 3) -> om.Game:
    game = om.Game(edition, 3, seed=seed, options={"max-rounds": 20}, events=events)
    bots = [make_agent("random", seat) for seat in range(3)]
    for _ in range(moves):
        if game.over:
            break
        prompt = game.prompt
        game.act(prompt.player, bots[prompt.player].act(game.view(prompt.player), prompt))
    return game


# ---------------------------------------------------------------------------------- editions
def test_editions_json_lists_every_edition_with_options():
    result = run("editions", "--json")
    assert result.exit_code == 0, result.output
    data = {e["id"]: e for e in json.loads(result.stdout)}
    assert {"classic", "starwars40"} <= set(data)
    sw = data["starwars40"]
    assert sw["family"] == "classic"
    assert sw["players"] == {"min": 2, "max": 6}
    assert sw["currency"]["symbol"] == "₦"
    options = {o["name"]: o for o in sw["options"]}
    assert options["max-rounds"]["default"] is None and options["max-rounds"]["type"] == "int"
    assert options["rent-must-be-claimed"]["default"] is False
    assert all(o["help"] for o in sw["options"])
    assert data["classic"]["players"] == {"min": 2, "max": 8}


def test_editions_table():
    result = run("editions")
    assert result.exit_code == 0
    for text in ("classic", "starwars40", "₦", "2-6", "rent-must-be-claimed", "max-rounds"):
        assert text in result.stdout


# ---------------------------------------------------------------------------------- simulate
def _need_sim():
    try:
        from openmonopoly.sim import simulate  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"openmonopoly.sim.simulate is not available yet ({exc})")


def test_simulate_json():
    _need_sim()
    result = run(
        "simulate",
        "--edition",
        "classic",
        "--games",
        "3",
        "--seed",
        "1",
        "--seats",
        "random,random,random",
        "--max-rounds",
        "15",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 3
    assert len(data["wins"]) == 3
    assert sum(data["wins"]) == pytest.approx(3)
    # Same seed, same games.
    again = json.loads(
        run(
            "simulate",
            "--edition",
            "classic",
            "--games",
            "3",
            "--seed",
            "1",
            "--seats",
            "random,random,random",
            "--max-rounds",
            "15",
            "--json",
        ).stdout
    )
    assert again.get("digest") == data.get("digest")


def test_simulate_summary():
    _need_sim()
    result = run(
        "simulate",
        "--edition",
        "starwars40",
        "--games",
        "2",
        "--seed",
        "4",
        "--seats",
        "random,random",
        "--max-rounds",
        "10",
    )
    assert result.exit_code == 0, result.output
    assert "Wins" in result.stdout and "random" in result.stdout


# ---------------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "--edition", "monopolis"], ["unknown edition", "classic", "starwars40"]),
        (["play", "--seats", "human,wizard"], ["unknown seat kind", "human", "random", "heuristic"]),
        (["play", "--edition", "starwars40", "--seats", "random"], ["2-6", "players"]),
        (["play", "--edition", "starwars40", "--seats", "random,random,random,random,random,random,random"], ["2-6"]),
        (
            ["play", "--seats", "random,random", "--option", "free-parking-jackpot"],
            ["unknown option", "max-rounds", "rent-must-be-claimed"],
        ),
        (["play", "--seats", "random,random", "--option", "max-rounds=soon"], ["max-rounds", "whole number"]),
        (["simulate", "--seats", "heuristic,human", "--games", "1"], ["bots only", "random", "heuristic"]),
        (["simulate", "--edition", "nowhere", "--games", "1"], ["unknown edition", "classic"]),
        (["replay", "/nonexistent/game.json"], ["no such file"]),
    ],
)
def test_bad_flags_exit_2_with_a_clear_message(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    message = result.stderr if result.stderr else result.output
    assert message.startswith("Error: ")
    assert len(message.strip().splitlines()) == 1
    for word in words:
        assert word in message
    assert "Traceback" not in result.output


def test_bad_files(tmp_path):
    not_json = tmp_path / "x.json"
    not_json.write_text("{ nope")
    other = tmp_path / "y.json"
    other.write_text(json.dumps({"hello": 1}))
    for path, word in ((not_json, "not valid JSON"), (other, "neither a saved game")):
        for args in (["replay", str(path)], ["play", "--load", str(path), "--seats", "random,random"]):
            result = run(*args)
            assert result.exit_code == 2
            assert word in result.stderr


def test_load_checks_seats(tmp_path):
    # A round limit: random bots alone need not bankrupt each other in any bounded time.
    game = om.Game("classic", 3, seed=1, options={"max-rounds": 30})
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.to_json()))
    result = run("play", "--load", str(path), "--seats", "random,random")
    assert result.exit_code == 2 and "has 3 players" in result.stderr
    result = run("play", "--load", str(path))
    assert result.exit_code == 2 and "--seats" in result.stderr  # a bare game: nobody says who plays
    data = game.to_json()
    data["seats"] = ["random", "robot", "random"]  # a save naming its seats, one of them wrong
    path.write_text(json.dumps(data))
    result = run("play", "--load", str(path))
    assert result.exit_code == 2 and "robot" in result.stderr and "heuristic" in result.stderr
    data["seats"] = ["random", "random", "random"]
    path.write_text(json.dumps(data))
    result = run("play", "--load", str(path))  # its own seats: three bots play it to the end
    assert result.exit_code == 0 and "Winner" in result.output


# ---------------------------------------------------------------------------------- replay
def _lines(game: om.Game) -> list[str]:
    lines = [game.describe(e) for e in game.history]
    return [line[:1].upper() + line[1:] for line in lines]


def test_replay_saved_game(tmp_path):
    game = bot_game("starwars40")
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(game.to_json()))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines == _lines(game)
    assert lines[1].startswith("--- Round 1")
    assert any("₦" in line for line in lines)


def test_replay_record_and_saved_game_without_events(tmp_path):
    game = bot_game("classic", moves=80)
    record = tmp_path / "record.json"
    record.write_text(json.dumps(game.record()))
    result = run("replay", str(record))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == _lines(game)

    quiet = om.Game.from_json(game.to_json())
    quiet_data = quiet.to_json()
    quiet_data["events"] = None  # as saved by a game played with events=False
    path = tmp_path / "quiet.json"
    path.write_text(json.dumps(quiet_data))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == _lines(game)
