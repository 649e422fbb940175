"""Records, saved games and views carry only the options that differ from their defaults, so adding an
option (off by default) changes no record or golden file; records listing every option still load."""

from __future__ import annotations

import json

import openmonopoly as om
from openmonopoly.agents import make_agent
from openmonopoly.engine.game import Game


def test_defaults_are_left_out_and_filled_in_again() -> None:
    game = om.Game("clonewars", 3, seed=5, options={"quicker-game": True, "max-rounds": 8})
    assert game.options["starwars-rule"] is False and game.options["time-limit"] is None
    chosen = {"quicker-game": True, "max-rounds": 8}
    assert game.record()["options"] == chosen
    assert game.to_json()["options"] == chosen
    assert game.view(0).to_json()["options"] == chosen
    game.play_out([make_agent("random", i) for i in range(3)])
    replayed = Game.replay(json.loads(json.dumps(game.record())))
    assert replayed.options == game.options and replayed.digest() == game.digest()
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.options == game.options


def test_an_old_record_listing_every_option_replays_to_the_same_game() -> None:
    game = om.Game("classic", 2, seed=9, options={"max-rounds": 6})
    game.play_out([make_agent("random", i) for i in range(2)])
    old = game.record()
    old["options"] = dict(game.options)  # as records were written before: every option, defaults too
    assert set(old["options"]) > {"max-rounds"}
    assert Game.replay(old).digest() == game.digest()
