"""Terminal play driven by piped input: prompts, commands, bad input, save, load, dialogs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.cli.main import app
from openmonopoly.cli.terminal import Session
from openmonopoly.engine import events as E

runner = CliRunner()
ONES = "1\n" * 400  # answer every prompt with its first choice: always a safe move (roll, buy, pass...)


def play(*args: str, input: str):
    return runner.invoke(app, ["play", *args], input=input)


def test_one_human_game_to_the_end(tmp_path):
    save = tmp_path / "early.json"
    final = tmp_path / "final.json"
    script = f"board\ndeed 1\nhelp\nxyzzy\nbid lots\nmortgage nowhere\nsave {save}\n" + ONES
    result = play(
        "--edition",
        "classic",
        "--seats",
        "human,random,random,random",
        "--seed",
        "5",
        "--max-rounds",
        "3",
        "--save",
        str(final),
        input=script,
    )
    out = result.output
    assert result.exit_code == 0, out
    # The screen: status, what happened, numbered choices naming the decider; the board on demand.
    assert "Boardwalk" in out and "Mediterranean Avenue" in out
    assert "▶1 Scottie Dog  $1,500  at 0 GO" in out
    assert "Scottie Dog, it is your turn." in out
    assert " 1) Roll the dice" in out
    assert "Scottie Dog ▸" in out
    assert "Since your last move" in out
    # deed, help, bad input (re-prompts saying what is allowed), save
    assert "TITLE DEED: Mediterranean Avenue" in out and "Houses cost" in out and "$50 each" in out
    assert "build / sell <space>" in out and "mortgage <space>" in out and "your properties" in out
    assert "'xyzzy' is not a choice, a command or an action." in out
    assert "Type a choice number (1-2)" in out
    assert "Not understood: 'bid' needs one whole number" in out
    assert "No space 'nowhere'" in out
    assert f"Game saved to {save}" in out
    # The game reaches its end and shows the winner; --save saves the final game.
    assert "Game over:" in out and "Winner:" in out
    done = om.Game.from_json(json.loads(final.read_text()))
    assert done.over and done.state.end_reason == "round-limit"
    early = om.Game.from_json(json.loads(save.read_text()))
    assert not early.over and early.state.turns == 1


def test_loading_a_save_continues_it(tmp_path):
    save = tmp_path / "mid.json"
    # Play a few prompts, save, then the input ends: the game is left cleanly (and saved by --save too).
    result = play(
        "--edition",
        "starwars40",
        "--seats",
        "random,human,random",
        "--seed",
        "11",
        "--max-rounds",
        "4",
        "--save",
        str(save),
        input="1\n" * 6,
    )
    assert result.exit_code == 0, result.output
    assert "End of input" in result.output
    saved = json.loads(save.read_text())
    before = om.Game.from_json(saved)
    assert not before.over
    done_path = tmp_path / "done.json"
    result = play(
        "--load", str(save), "--seats", "random,human,random", "--seed", "11", "--save", str(done_path), input=ONES
    )
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.output
    after = om.Game.from_json(json.loads(done_path.read_text()))
    assert after.over
    # The loaded game went on from where it was saved.
    assert after.record()["actions"][: len(saved["record"])] == saved["record"]
    assert len(after.record()["actions"]) > len(saved["record"])


def test_quit_asks_to_save(tmp_path):
    path = tmp_path / "q.json"
    result = play("--seats", "human,random", "--seed", "2", input=f"quit\ny\n{path}\n")
    assert result.exit_code == 0, result.output
    assert "Save the game before leaving?" in result.output
    assert om.Game.from_json(json.loads(path.read_text())).state.turns >= 1


def test_two_humans_share_the_terminal():
    result = play(
        "--edition",
        "starwars40",
        "--seats",
        "human,human,random",
        "--names",
        "Leia,Han,Chewie",
        "--seed",
        "9",
        "--max-rounds",
        "2",
        input=ONES,
    )
    assert result.exit_code == 0, result.output
    assert "Leia ▸" in result.output and "Han ▸" in result.output
    assert "Chewie ▸" not in result.output
    assert "Winner:" in result.output


def test_piped_stdin_through_the_real_command(tmp_path):
    """The installed entry point reads piped stdin (no terminal at all)."""
    env = dict(os.environ, COLUMNS="100")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "openmonopoly.cli",
            "play",
            "--edition",
            "starwars40",
            "--seats",
            "human,random",
            "--seed",
            "1",
            "--max-rounds",
            "2",
        ],
        input=ONES,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Winner:" in proc.stdout
    assert "Traceback" not in proc.stderr


# ---------------------------------------------------------------------------------- scripted sessions
class Script:
    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def _game_where_first_seat_starts(players: list[str]) -> om.Game:
    for seed in range(200):
        game = om.Game("classic", players, seed=seed)
        if game.prompt.player == 0:
            return game
    raise AssertionError("no seed where seat 0 starts")


def _session(game: om.Game, kinds: list[str], script: Script) -> tuple[Session, Console]:
    console = Console(width=120, record=True, file=open(os.devnull, "w"))
    agents = {seat: make_agent(kind, seat) for seat, kind in enumerate(kinds) if kind != "human"}
    return Session(game, kinds, agents, console, read=script, interactive=False), console


def test_trade_dialog_proposes_an_offer():
    game = _game_where_first_seat_starts(["Ann", "Bob"])
    game.state.owner[1] = 0  # Ann: Mediterranean Avenue
    game.state.owner[3] = 1  # Bob: Baltic Avenue
    script = Script(["trade", "1", "1", "baltic", "50", "y"])
    session, console = _session(game, ["human", "random"], script)
    assert session.run() == 0
    offers = [e for e in game.history if e.kind == E.TRADE_OFFERED]
    assert offers and offers[0].info == "1 give=1 take=3 cash=50"
    assert offers[0].player == 0
    answered = [e for e in game.history if e.kind in (E.TRADE_ACCEPTED, E.TRADE_REJECTED)]
    assert answered and answered[0].player == 1
    text = console.export_text()
    assert "Propose this trade?" in "".join(script.prompts)
    assert "Ann gives" not in text and "You give: Mediterranean Avenue, $50" in text


def test_auction_bid_asks_the_amount():
    game = _game_where_first_seat_starts(["Ann", "Bob"])
    game.chance.force_dice(1, 2)  # Ann rolls 3: Baltic Avenue, for sale
    # roll; decline to buy (auction); Bob (a bot) bids or passes; Ann chooses "Bid" and enters 77.
    script = Script(["1", "2", "2", "77"])
    session, console = _session(game, ["human", "random"], script)
    session.run()
    text = console.export_text()
    assert "Buy Baltic Avenue for $60" in text
    assert "auction of Baltic Avenue" in text
    assert any("Your bid" in p for p in script.prompts)
    bids = [e for e in game.history if e.kind == E.BID and e.player == 0]
    if bids:  # unless Bob's bid already passed $77, Ann's bid is in
        assert bids[0].amount == 77
    else:
        assert "Not allowed: the bid must be at least" in text


def test_anytime_commands_by_name():
    game = _game_where_first_seat_starts(["Ann", "Bob"])
    for pos in (1, 3):
        game.state.owner[pos] = 0  # Ann owns the brown set
    script = Script(["build mediterr", "mortgage baltic", "build 3", "manage", "", "unmortgage 3"])
    session, console = _session(game, ["human", "random"], script)
    session.run()
    text = console.export_text()
    kinds = [(e.kind, e.pos) for e in game.history if e.player == 0]
    assert (E.BUILT, 1) in kinds
    assert "You cannot mortgage now (" in text  # mortgaging Baltic with a house in the set is refused
    assert (E.BUILT, 3) in kinds
    assert "Build a house on Mediterranean Avenue ($50)" in text


def test_module_layout():
    root = Path(__file__).resolve().parents[1] / "src" / "openmonopoly" / "cli"
    assert (root / "__main__.py").exists()
