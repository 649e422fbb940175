"""The reference bots in examples/bots/ (Python and Node, standard libraries only) and the Perl bot written
from docs/BOT-PROTOCOL.md alone (core modules only) play 100 games of every edition through the bot
protocol without a single fault: every answer they give is legal.

Kept cheap: two seats (the bot and the heuristic bot) and a round limit of 8; one bot process plays all
100 games of an edition (reused across games, as in a simulation worker)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from openmonopoly.botprotocol.process import close_all
from openmonopoly.editions import edition_ids
from openmonopoly.sim.runner import run_simulation

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "bots"
BOTS = {
    "python": f"exec:{sys.executable} {EXAMPLES / 'python_bot.py'}",
    "node": f"exec:node {EXAMPLES / 'node_bot.js'}",
    "perl": "bot:perlbot",  # (named in a bots file below, for its time per decision)
}
PROGRAMS = {"python": sys.executable, "node": "node", "perl": "perl"}
# The Perl bot decodes each prompt with the pure-Perl JSON::PP (a few ms of CPU); on a loaded 2-core CI
# machine that can be starved past the default 1 s, a timeout that says nothing about its answers.
PERL_BOTS_FILE = f"""[bots.perlbot]
command = ["perl", "{EXAMPLES / "perl_bot.pl"}"]
time-ms = 10000
"""
REFERENCE = ("python_bot.py", "node_bot.js")  # the two the protocol's requirement keeps under 80 lines
GAMES = 100


@pytest.fixture(autouse=True)
def _stop_bots():
    yield
    close_all()


def test_the_reference_bots_are_short() -> None:
    for name in REFERENCE:
        assert len((EXAMPLES / name).read_text().splitlines()) < 80, name


@pytest.mark.parametrize("edition", edition_ids())
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_reference_bot_plays_100_games_of_every_edition(bot: str, edition: str, tmp_path, monkeypatch) -> None:
    if shutil.which(PROGRAMS[bot]) is None:
        pytest.skip(f"{bot} is not installed")
    bots_file = tmp_path / "bots.toml"
    bots_file.write_text(PERL_BOTS_FILE)
    monkeypatch.setenv("OPENMONOPOLY_BOTS", str(bots_file))
    run = run_simulation(edition, GAMES, 11, [BOTS[bot], "heuristic"], max_rounds=8, backend="inprocess")
    result = run.result
    assert result["games"] == GAMES and not result["interrupted"]
    assert result["bot_faults"] == {"games": 0, "by_code": {}}, result["bot_faults"]
    assert sum(result["end_reasons"].values()) == GAMES
    # the bot is not the heuristic bot in disguise: it makes other choices, so the games differ
    heuristic = run_simulation(edition, GAMES, 11, ["heuristic", "heuristic"], max_rounds=8, backend="inprocess")
    assert heuristic.result["digest"] != result["digest"]


@pytest.mark.parametrize("edition", edition_ids())
def test_the_bot_written_from_the_docs_alone_plays_every_edition(edition: str) -> None:
    """examples/bots/jq_bot.jq: a third bot, in jq, written from docs/BOT-PROTOCOL.md without the code."""
    if shutil.which("jq") is None:
        pytest.skip("jq is not installed")
    kind = f"exec:jq -c --unbuffered -f {EXAMPLES / 'jq_bot.jq'}"
    result = run_simulation(edition, 20, 5, [kind, "heuristic", "heuristic"], max_rounds=8, backend="inprocess").result
    assert result["games"] == 20 and result["bot_faults"] == {"games": 0, "by_code": {}}, result["bot_faults"]
