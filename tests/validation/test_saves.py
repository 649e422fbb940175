"""Saves and records: verified on load by replay. An edited cash, owner or edition, a truncated file,
an unknown format or another edition's record is a clear ``ReplayMismatch`` naming what differs; a
state at any prompt round-trips through JSON, clone and replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.engine.errors import ReplayMismatch

EDITIONS = ["classic", "starwars40", "sailormoon", "clonewars", "mandalorian", "empire"]


def played(edition: str = "classic", actions: int = 120, seed: int = 3, players: int = 3) -> om.Game:
    game = om.Game(edition, players, seed=seed)
    bots = [make_agent("heuristic", seed * 10 + p) for p in range(players)]
    for _ in range(actions):
        prompt = game.prompt
        if prompt is None:
            break
        game.act(prompt.player, bots[prompt.player].act(game.view(prompt.player), prompt))
    return game


@pytest.fixture(scope="module")
def save() -> dict:
    return json.loads(json.dumps(played().to_json()))


def edited(save: dict, change) -> dict:
    data = json.loads(json.dumps(save))
    change(data)
    return data


def owned(data: dict) -> int:
    return next(i for i, o in enumerate(data["state"]["owner"]) if o >= 0)


EDITS = [
    (lambda d: d["state"]["cash"].__setitem__(1, d["state"]["cash"][1] + 500), "state.cash[1]"),
    (lambda d: d["state"]["owner"].__setitem__(owned(d), (d["state"]["owner"][owned(d)] + 1) % 3), "state.owner["),
    (lambda d: d.__setitem__("edition", "starwars40"), "edition"),
    (lambda d: d.__setitem__("options", {"max-rounds": 3}), ""),
    (lambda d: d.__setitem__("record", d["record"][:-5]), ""),
    (lambda d: d["chance"].__setitem__("log", d["chance"]["log"][:-3]), "chance"),
    (lambda d: d.__setitem__("events", d["events"][:-1]), "events"),
    (lambda d: d.__setitem__("format", 99), "format"),
    (lambda d: d.pop("state"), "state"),
    (lambda d: d["record"].__setitem__(0, ["0", "roll"]), "record action 0"),
    (lambda d: d.__setitem__("seed", "3"), "seed"),
]


@pytest.mark.parametrize("change,named", EDITS, ids=[e[1] or str(i) for i, e in enumerate(EDITS)])
def test_edited_saves_are_refused(save, change, named):
    om.Game.from_json(save)  # (the untouched save loads)
    with pytest.raises(ReplayMismatch) as info:
        om.Game.from_json(edited(save, change))
    assert named in str(info.value)


def test_truncated_file_is_a_clear_error(tmp_path, save):
    from openmonopoly.cli.main import UsageProblem, load_game_file

    path = tmp_path / "save.json"
    text = json.dumps(save)
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(UsageProblem, match="not valid JSON"):
        load_game_file(str(path))
    path.write_text(json.dumps(edited(save, lambda d: d["state"]["cash"].__setitem__(0, 10**6))), encoding="utf-8")
    with pytest.raises(UsageProblem, match="state.cash"):
        load_game_file(str(path))


def test_records_are_checked():
    game = played("empire", 80)
    record = json.loads(json.dumps(game.record()))
    assert om.Game.replay(record).digest() == game.digest()
    for change, named in [
        (lambda r: r.__setitem__("edition", "classic"), "edition 'classic'.*does not"),
        (lambda r: r.__setitem__("actions", r["actions"][:-1]), "does not replay"),
        (lambda r: r["result"].__setitem__("turns", 1), "result"),
        (lambda r: r.__setitem__("players", ["A", 2, "C"]), "players"),
        (lambda r: r.__setitem__("chance", [-1] + r["chance"]), "chance"),
        (lambda r: r.pop("seed"), "seed"),
        (lambda r: r.__setitem__("options", "fast"), "options"),
    ]:
        bad = json.loads(json.dumps(record))
        change(bad)
        with pytest.raises(ReplayMismatch, match=named):
            om.Game.replay(bad)


@given(st.sampled_from(EDITIONS), st.integers(0, 10**6), st.integers(0, 250))
def test_states_at_random_prompts_round_trip(edition, seed, actions):
    """Random bots to a random prompt: JSON (verified), clone and replay all give the same game, which
    plays on identically."""
    game = om.Game(edition, 3, seed=seed)
    bots = [make_agent("random", seed + p) for p in range(3)]
    for _ in range(actions):
        prompt = game.prompt
        if prompt is None:
            break
        game.act(prompt.player, bots[prompt.player].act(game.view(prompt.player), prompt))
    data = json.loads(json.dumps(game.to_json()))
    copies = [om.Game.from_json(data), game.clone(), om.Game.replay(json.loads(json.dumps(game.record())))]
    for other in copies:
        assert other.to_json()["state"] == data["state"]
        assert other.digest() == game.digest()
    # ... and each plays on as the original does
    rng = random.Random(seed)
    for _ in range(20):
        prompt = game.prompt
        if prompt is None:
            break
        legal = game.legal_actions(prompt.player).actions
        action = legal[rng.randrange(len(legal))] if legal else None
        if action is None:
            break
        game.act(prompt.player, action)
        for other in copies:
            other.act(prompt.player, action)
    for other in copies:
        assert other.digest() == game.digest()
