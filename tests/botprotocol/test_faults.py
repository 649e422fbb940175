"""An external bot's faults never harm the game: crash, hang, a late answer, garbage, a huge line, illegal
answers, a missing or wrong hello. Each test plays a short game with the faulty bot in one seat, checks
that the game ended normally and replays exactly from its record, what the bot was told, and what the log
says; a simulation with a crashing bot reports it and keeps every game's result."""

from __future__ import annotations

import json
import logging
import sys
import time
from pathlib import Path

import pytest

from openmonopoly.botprotocol.agent import ExternalAgent
from openmonopoly.botprotocol.config import BotSpec
from openmonopoly.botprotocol.process import BotCommand, close_all
from openmonopoly.engine.game import Game
from openmonopoly.sim.runner import play_game, run_simulation

FAULTY = Path(__file__).with_name("faulty_bot.py")
SEATS = ["faulty", "heuristic", "heuristic"]


def faulty(mode: str, start: int = 1, *, time_ms: int = 300, start_ms: int = 5000) -> ExternalAgent:
    argv = (sys.executable, str(FAULTY), mode, str(start))
    return ExternalAgent(BotSpec(f"exec:{mode}", "faulty", BotCommand(argv), time_ms, 3, start_ms), seed=1)


@pytest.fixture(autouse=True)
def _stop_bots():
    yield
    close_all()


@pytest.fixture
def sent(tmp_path, monkeypatch):
    """The messages the faulty bot received, read back after the game."""
    path = tmp_path / "received.jsonl"
    monkeypatch.setenv("FAULTY_BOT_LOG", str(path))

    def read() -> list[dict]:
        close_all()  # (the bot has read everything sent to it once it has quit)
        return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []

    return read


def play(bot: ExternalAgent, seed: int = 5, rounds: int = 8) -> Game:
    from openmonopoly.agents import make_agent

    agents = [bot, make_agent("heuristic", 2), make_agent("heuristic", 3)]
    game = play_game("classic", ["exec:faulty", "heuristic", "heuristic"], seed, max_rounds=rounds, agents=agents)
    assert game.over
    # Never harms the game: it ended by the rules, and its record replays to the very same game.
    assert Game.replay(game.record()).digest() == game.digest()
    return game


def codes(bot: ExternalAgent) -> list[str]:
    return [f.code for f in bot.faults]


def errors(messages: list[dict]) -> list[dict]:
    return [m for m in messages if m["type"] == "error"]


def test_a_crash_hands_the_seat_to_the_stand_in_and_the_log_says_so(caplog, sent):
    bot = faulty("crash", 4)
    with caplog.at_level(logging.WARNING, "openmonopoly.botprotocol"):
        play(bot)
    assert codes(bot) == ["crash", "replaced"]
    assert "heuristic bot plays it to the end of this game" in caplog.text
    assert len([m for m in sent() if m["type"] == "prompt"]) == 4  # none after the crash
    assert bot.proc is None


def test_a_hang_times_out_and_after_three_the_stand_in_takes_over(caplog, sent):
    bot = faulty("hang", 3, time_ms=150)
    began = time.monotonic()
    with caplog.at_level(logging.WARNING, "openmonopoly.botprotocol"):
        play(bot)
    assert time.monotonic() - began < 10  # three timeouts of 150 ms, not a hung game
    assert codes(bot) == ["timeout", "timeout", "timeout", "replaced"]
    assert "3 faults this game" in caplog.text and "plays it to the end of this game" in caplog.text
    told = [m["code"] for m in errors(sent())]
    # (the bot hangs, so it reads only what came before: the prompt it hangs on)
    assert told == []


def test_a_late_answer_is_played_by_the_stand_in_and_then_ignored(sent):
    bot = faulty("slow", 2, time_ms=400)  # (it answers after 500 ms: 100 ms into the next prompt)
    play(bot)
    assert codes(bot) == ["timeout"]  # one fault, and the bot played the rest of the game
    received = sent()
    told = errors(received)
    assert [e["code"] for e in told] == ["timeout", "stale"]
    assert "within 400 ms" in told[0]["message"] and "is not open" in told[1]["message"]
    assert told[1]["strikes"] == 1  # a late answer is no second strike
    assert sum(m["type"] == "prompt" for m in received) > 10


@pytest.mark.parametrize(
    ("mode", "code", "says"),
    [
        ("garbage", "malformed", "not JSON"),
        ("huge", "too-long", "a line is at most"),
        ("illegal", "illegal", "'build 99999' is not legal now"),
    ],
)
def test_a_bad_answer_gets_a_clear_error_and_the_prompt_again_until_the_third(mode, code, says, caplog, sent):
    bot = faulty(mode, 3)
    with caplog.at_level(logging.WARNING, "openmonopoly.botprotocol"):
        game = play(bot)
    assert codes(bot) == [code] * 3 + ["replaced"]
    received = sent()
    told = errors(received)
    # (a bot writing a huge line reads nothing meanwhile: it is stopped before it reads the last errors)
    expected = [code] * 3 + ["replaced"] if mode != "huge" else [code] * 2
    assert [e["code"] for e in told][: len(expected)] == expected
    assert all(says in e["message"] for e in told[:2])
    assert [e["strikes"] for e in told][: len(expected)] == [1, 2, 3, 3][: len(expected)]
    # each refused answer was followed by the same prompt again, under a new id
    prompts = [m for m in received if m["type"] == "prompt"]
    assert [p["id"] for p in prompts] == list(range(1, len(prompts) + 1))
    assert prompts[-1]["kind"] == prompts[-2]["kind"] == prompts[-3]["kind"]
    assert "plays it to the end of this game" in caplog.text
    if mode != "huge":
        assert received[-2]["type"] == "game-over" and received[-2]["winners"] == game.winners


def test_a_refused_answer_changes_nothing():
    """The session checks an answer against the game before anything is applied."""
    from openmonopoly.botprotocol.session import Refused, SeatSession

    game = Game("classic", 2, seed=3)
    seat = game.prompt.player
    session = SeatSession(game, seat)
    session.prompt(game.prompt)
    before = json.dumps(game.to_json(), sort_keys=True)
    for text in ("build 99999", "buy", "bid 10", "trade 7 cash=5", "fly away"):
        with pytest.raises(Refused) as refused:
            session.answer({"type": "answer", "id": session.decision, "action": text})
        assert refused.value.reply["code"] == "illegal"
        assert json.dumps(game.to_json(), sort_keys=True) == before
        session.strikes = 0
        session.replaced = False


@pytest.mark.parametrize(("mode", "why"), [("nohello", "no hello within 400 ms"), ("badhello", "speaks protocol 99")])
def test_a_bot_that_will_not_greet_is_stood_in_for_the_whole_game(mode, why, caplog):
    bot = faulty(mode, start_ms=400)
    with caplog.at_level(logging.WARNING, "openmonopoly.botprotocol"):
        play(bot)
    assert codes(bot) == ["handshake", "replaced"]
    assert why in caplog.text


def test_a_simulation_with_a_crashing_bot_reports_it_and_keeps_every_game(tmp_path):
    kind = f"exec:{sys.executable} {FAULTY} crash 5"
    run = run_simulation("classic", 4, 9, [kind, "heuristic", "heuristic"], max_rounds=10, backend="inprocess")
    assert run.result["games"] == 4 and len(run.games) == 4
    assert all(g["end_reason"] for g in run.games)
    assert run.result["bot_faults"] == {"games": 4, "by_code": {"crash": 4, "replaced": 4}}
    # the same simulation gives the same games (the stand-in is seeded like any bot)
    again = run_simulation("classic", 4, 9, [kind, "heuristic", "heuristic"], max_rounds=10, backend="inprocess")
    assert again.result["digest"] == run.result["digest"]
