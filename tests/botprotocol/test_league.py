"""The league rates an external bot beside the built-in ones: an ``exec:`` bot plays its pairings (one bot
process per seat, reused across the games) and gets a rating and a time per decision."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from openmonopoly.botprotocol.process import close_all

ROOT = Path(__file__).resolve().parents[2]
PYBOT = f"exec:{sys.executable} {ROOT / 'examples' / 'bots' / 'python_bot.py'}"


def league():
    spec = importlib.util.spec_from_file_location("league", ROOT / "bench" / "league.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pairings_keep_an_external_bot_s_colon() -> None:
    pairing = league().pairing
    assert pairing("bot:pybot:normal") == ("bot:pybot", "normal")
    assert pairing("normal:exec:./mybot") == ("normal", "exec:./mybot")
    assert pairing("hard:normal") == ("hard", "normal")


def test_the_league_rates_an_external_bot_beside_the_built_in_ones(tmp_path, capsys) -> None:
    results = tmp_path / "games.json"
    try:
        code = league().main(
            ["--bots", f"{PYBOT},random", "--games", "4", "--max-rounds", "8", "--workers", "1", "--json", str(results)]
        )
    finally:
        close_all()
    assert code == 0
    table = capsys.readouterr().out
    rows = [line for line in table.splitlines() if line.startswith(f"| {PYBOT} |")]
    assert len(rows) == 2  # its pairing row and its rating row
    games = json.loads(results.read_text())
    assert len(games) == 8 and {g["a"] for g in games} == {PYBOT, "random"}
    mine = [g for g in games if g["a"] == PYBOT]
    assert all(g["decisions"][g["seat"]] > 0 for g in mine)
