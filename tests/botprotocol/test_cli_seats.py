"""External bots as seat kinds on the command line: `play` and `simulate` seat ``exec:COMMAND`` and
``bot:NAME`` (from a bots file), a simulation reports the bot's faults, and a bot that cannot start or an
unknown kind is refused with what is allowed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmonopoly.botprotocol.process import close_all
from openmonopoly.cli.main import app

HERE = Path(__file__).resolve().parent
PYBOT = f"exec:{sys.executable} {HERE.parents[1] / 'examples' / 'bots' / 'python_bot.py'}"
FAULTY = HERE / "faulty_bot.py"


@pytest.fixture(autouse=True)
def _stop_bots():
    yield
    close_all()


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_play_seats_an_external_bot() -> None:
    out = run("play", "--seats", f"{PYBOT},heuristic", "--max-rounds", "3", "--seed", "2")
    assert out.exit_code == 0, out.output
    assert "Winner" in out.output or "winner" in out.output


def test_simulate_seats_a_named_bot_from_a_bots_file(tmp_path, monkeypatch) -> None:
    bots = tmp_path / "bots.toml"
    bots.write_text(f"[bots.py]\ncommand = {json.dumps(PYBOT[len('exec:') :])}\n")
    monkeypatch.setenv("OPENMONOPOLY_BOTS", str(bots))
    out = run("simulate", "-n", "4", "-w", "1", "--max-rounds", "5", "--seats", "bot:py,heuristic", "--json")
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["games"] == 4 and result["seats"] == ["bot:py", "heuristic"]
    assert result["bot_faults"] == {"games": 0, "by_code": {}}


def test_simulate_reports_a_crashing_bot_and_keeps_every_game() -> None:
    kind = f"exec:{sys.executable} {FAULTY} crash 3"
    out = run("simulate", "-n", "3", "-w", "1", "--max-rounds", "5", "--seats", f"{kind},heuristic")
    assert out.exit_code == 0, out.output
    assert "3 games of" in out.output
    assert "External bots had faults in 3 games (crash: 3, replaced: 3)" in out.output


@pytest.mark.parametrize(
    ("seats", "says"),
    [
        ("exec:no-such-bot-anywhere,heuristic", "cannot start bot no-such-bot-anywhere"),
        ("robot,heuristic", "or an external bot: exec:COMMAND or bot:NAME"),
    ],
)
def test_a_bot_that_cannot_play_is_refused_before_any_game(seats: str, says: str, monkeypatch) -> None:
    monkeypatch.delenv("OPENMONOPOLY_BOTS", raising=False)
    out = run("simulate", "-n", "2", "--seats", seats)
    assert out.exit_code == 2
    assert says in out.output
