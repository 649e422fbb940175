"""The Mandalorian heuristic bot's games, pinned: the golden playthroughs play random bots, so these
digests are what holds the heuristic bot's decisions still (a change that makes it faster must leave
every game as it was). A digest moves only when a game does: never update one to make this pass
unless the bot's play was meant to change."""

from __future__ import annotations

import pytest

from openmonopoly.sim.runner import game_seed, play_game

GAMES = [
    (4, {}, 0, "066081636402394f1c4b32751fa8ead29c1869483135d37691985b8b5cae4786"),
    (4, {}, 1, "afe19606ffd0a0d2e67b2e5afab4e8e9087ec7919fa0d193b1d6d85fe96396bd"),
    (3, {"rent-must-be-claimed": True}, 0, "df012c9387d1ae926903ef72888939e1386f00250140a062b3dde0a962401260"),
    (3, {"rent-must-be-claimed": True}, 1, "0f1e49725e25bc46b36ffc302ef01facc9cafe405700e37d77224bb52e450e37"),
    (2, {"character-shift": 1}, 0, "5ad59103c44c367275b053c3df8144d72899ce2f2fd56cce848d602c8568d100"),
    (2, {"character-shift": 1}, 1, "0b898bfe9b113745839ee3d72330dbc64f4c83da3f1e7a026aadae98ba3265aa"),
]


@pytest.mark.parametrize(("seats", "options", "game", "digest"), GAMES)
def test_heuristic_games_are_unchanged(seats: int, options: dict, game: int, digest: str) -> None:
    g = play_game("mandalorian", ["heuristic"] * seats, game_seed(5, game), options=options)
    assert g.digest() == digest
