"""The protocol's messages: every line the engine sends in a game of each family matches its JSON Schema,
shows the seat only what it may see, and lists exactly what is legal; the bot's lines are read strictly;
bots files and seat kinds resolve or say what is wrong; a simulation worker reuses its bot process."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest

from openmonopoly.botprotocol import check_starts, make_bot
from openmonopoly.botprotocol import messages as M
from openmonopoly.botprotocol.config import load_bots, resolve
from openmonopoly.botprotocol.process import BotProcess, close_all
from openmonopoly.botprotocol.session import SeatSession
from openmonopoly.engine.game import Game
from openmonopoly.sim.runner import play_game, run_simulation

HERE = Path(__file__).resolve().parent
FAULTY = HERE / "faulty_bot.py"
PYBOT = HERE.parents[1] / "examples" / "bots" / "python_bot.py"


@pytest.fixture(autouse=True)
def _stop_bots():
    yield
    close_all()


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = M.schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_message_has_a_schema() -> None:
    assert set(M.schema_names()) == {p.name.removesuffix(".schema.json") for p in _schemas()}
    for name in M.schema_names():
        validator(name)


def _schemas() -> list[Path]:
    return sorted((Path(M.__file__).parent / "schemas").glob("*.schema.json"))


@pytest.mark.parametrize("edition", ["classic", "clonewars", "mandalorian", "empire"])
def test_every_engine_message_matches_its_schema_and_shows_only_the_seat_s_view(edition, tmp_path, monkeypatch):
    log = tmp_path / "received.jsonl"
    monkeypatch.setenv("FAULTY_BOT_LOG", str(log))
    from openmonopoly.agents import make_agent

    seat = 1
    agents = [make_agent("heuristic", k) for k in range(3)]
    agents[seat] = make_bot(f"exec:{sys.executable} {FAULTY} ok", 3)
    game = play_game(edition, ["heuristic", "exec:x", "heuristic"], 7, max_rounds=6, agents=agents)
    close_all()
    received = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in received]
    assert kinds[0] == "hello" and kinds[1] == "game-start" and kinds[-2:] == ["game-over", "quit"]
    assert set(kinds[2:-2]) == {"prompt"}
    for message in received:
        validator(f"engine-{message['type']}").validate(message)
    start = received[1]
    assert start["seat"] == seat and [s["name"] for s in start["seats"]] == game.players
    assert start["edition"]["id"] == edition and start["options"]["max-rounds"] == 6
    prompts = [m for m in received if m["type"] == "prompt"]
    assert [p["id"] for p in prompts] == list(range(1, len(prompts) + 1))
    # every event the game had reached this seat once, in order, and none private to another seat
    events = [e for m in received[2:] for e in m.get("events", [])]
    visible = [e for e in game.history if e.visible_to(seat)]
    assert [e["event"] for e in events] == [e.to_json() for e in visible]
    assert all(e["event"].get("private_to", seat) == seat for e in events)
    assert [e["text"] for e in events] == [game.describe(e) for e in visible]
    over = received[-2]
    assert over["winners"] == game.winners and over["won"] == (seat in game.winners)
    assert over["view"] == game.view(seat).to_json()


def test_a_prompt_is_the_seat_s_view_and_exactly_what_is_legal() -> None:
    game = Game("classic", 3, seed=2)
    # play to an auction (the lot's buyer declines), so the bid range shows
    while not game.over:
        p = game.prompt
        if p.kind == "auction":
            break
        legal = game.legal_actions(p.player)
        choice = "auction" if p.kind == "buy" else str(legal.first())
        game.act(p.player, choice)
    prompt = game.prompt
    session = SeatSession(game, prompt.player)
    message = session.prompt(prompt)
    assert message["view"] == game.view(prompt.player).to_json()
    legal = game.legal_actions(prompt.player)
    assert message["legal"]["bid"] == {"min": legal.bid_range[0], "max": legal.bid_range[1]}
    listed = message["legal"]["answers"] + message["legal"]["anytime"]
    assert sorted(listed) == sorted(str(a) for a in legal.actions)
    assert all(game.check(prompt.player, text) is None for text in listed)
    assert message["legal"]["trade_partners"] == list(legal.trade_partners)
    assert "pass" in message["legal"]["answers"]
    # a bid in range is accepted, one past it refused with the range in the reason
    low, high = legal.bid_range
    assert session.answer({"type": "answer", "id": message["id"], "action": f"bid {low}"}) is not None
    session.open = True
    with pytest.raises(Exception, match="not legal now"):
        session.answer({"type": "answer", "id": message["id"], "action": f"bid {high + 1}"})


@pytest.mark.parametrize(
    ("line", "says"),
    [
        (b"buy", "not JSON"),
        (b"[1, 2]", "a message is a JSON object"),
        (b'{"type": "move"}', 'unknown message type "move"'),
        (b'{"type": "answer", "id": 1}', "'answer' needs action"),
        (b'{"type": "answer", "id": "1", "action": "buy"}', "'answer.id' is the id"),
        (b'{"type": "answer", "id": 1, "action": 5}', "'answer.action' is a string"),
        (b'{"type": "answer", "id": 1, "action": "buy", "why": "x"}', "unknown fields why"),
        (b'{"type": "hello", "name": "x"}', "'hello' needs protocol"),
        (b'{"type": "hello", "name": "' + b"x" * 101 + b'", "protocol": 1}', "at most 100 characters"),
    ],
)
def test_the_bot_s_lines_are_read_strictly(line: bytes, says: str) -> None:
    with pytest.raises(M.BadMessage) as bad:
        M.read(line)
    assert says in bad.value.reason
    assert bad.value.code == "malformed"


def test_the_bot_s_good_lines_match_their_schemas() -> None:
    for line in (
        b'{"type": "hello", "name": "x", "author": "a", "version": "1", "protocol": 1}',
        b'{"type": "answer", "id": 3, "action": "trade 2 give=6 cash=50"}',
        b'{"type": "log", "text": "thinking"}',
    ):
        message = M.read(line)
        validator(f"bot-{message['type']}").validate(message)


def test_the_reference_bot_says_hello_and_answers_a_real_prompt() -> None:
    proc = BotProcess(resolve(f"exec:{sys.executable} {PYBOT}").command)
    try:
        hello = proc.handshake("test", 1000)
        validator("bot-hello").validate(hello)
        game = Game("classic", 2, seed=1)
        session = SeatSession(game, game.prompt.player)
        proc.send(session.start({"spaces": []}))
        proc.send(session.prompt(game.prompt))
        import time

        line = proc.receive(time.monotonic() + 5)
        assert isinstance(line, bytes)
        answer = M.read(line)
        validator("bot-answer").validate(answer)
        assert session.answer(answer) is not None
    finally:
        proc.close()


def test_bots_files_name_bots_and_say_what_is_wrong(tmp_path, monkeypatch) -> None:
    good = tmp_path / "bots.toml"
    good.write_text(
        '[bots.py]\ncommand = "python3 bot.py --fast"\ntime-ms = 250\n[bots.js]\ncommand = ["node", "b.js"]\n'
    )
    bots = load_bots(good)
    assert bots["py"].command.argv == ("python3", "bot.py", "--fast") and bots["py"].time_ms == 250
    assert bots["js"].command.argv == ("node", "b.js") and bots["js"].kind == "bot:js"
    monkeypatch.setenv("OPENMONOPOLY_BOTS", str(good))
    assert resolve("bot:py").time_ms == 250
    with pytest.raises(ValueError, match="no bot 'rb' in .*it names: js, py"):
        resolve("bot:rb")
    for text, says in [
        ("[bots.x]\ntime-ms = 5\n", "needs a 'command'"),
        ('[bots.x]\ncommand = "a"\ntime-ms = 0\n', "'time-ms' is a whole number >= 1"),
        ('[bots.x]\ncommand = "a"\ncolour = 1\n', "unknown keys colour"),
        ('[bots.x]\ncommand = ""\n', "a bot command is a program"),
        ("bots = 3\n", "expected only [bots.NAME] tables"),
        ("[bots.x\n", "bots file"),
    ]:
        good.write_text(text)
        with pytest.raises(ValueError, match=_re(says)):
            resolve("bot:x")
    with pytest.raises(ValueError, match="cannot read the bot command"):
        resolve('exec:python3 "unclosed')


def _re(text: str) -> str:
    import re

    return re.escape(text)


def test_a_bot_that_cannot_start_is_reported_before_a_simulation() -> None:
    with pytest.raises(ValueError, match="cannot start bot no-such-bot-here"):
        check_starts("exec:no-such-bot-here")
    check_starts(f"exec:{sys.executable} {PYBOT}")  # (and one that can)


def test_a_simulation_worker_reuses_one_bot_process_for_all_its_games(tmp_path, monkeypatch) -> None:
    log = tmp_path / "received.jsonl"
    monkeypatch.setenv("FAULTY_BOT_LOG", str(log))
    kind = f"exec:{sys.executable} {FAULTY} ok"
    run = run_simulation("classic", 6, 3, [kind, kind, "heuristic"], max_rounds=4, backend="inprocess")
    close_all()
    assert run.result["games"] == 6 and run.result["bot_faults"]["games"] == 0
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert kinds.count("hello") == 2  # two seats of this bot: two processes, for all six games
    assert kinds.count("game-start") == kinds.count("game-over") == 12
    # the same simulation in a pool of two workers plays the same games
    pooled = run_simulation("classic", 6, 3, [kind, kind, "heuristic"], max_rounds=4, backend="process", workers=2)
    assert pooled.result["digest"] == run.result["digest"]
