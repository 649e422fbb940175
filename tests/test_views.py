"""Views: what a player (or a spectator) may see of a game, and nothing more."""

from __future__ import annotations

import json

import pytest

import openmonopoly as om
from invariants import hidden_keys, perturb_hidden
from openmonopoly.agents.random_bot import RandomAgent


def played(edition: str, players: int = 4, seed: int = 2, steps: int = 250) -> om.Game:
    g = om.Game(edition, players, seed=seed, options={"max-rounds": 30})
    bots = [RandomAgent(seed * 10 + i) for i in range(players)]
    for _ in range(steps):
        if g.over:
            break
        p = g.prompt
        g.act(p.player, bots[p.player].act(g.view(p.player), p))
    return g


def flat_numbers(data) -> list:
    if isinstance(data, dict):
        return [x for v in data.values() for x in flat_numbers(v)]
    if isinstance(data, list):
        return [x for v in data for x in flat_numbers(v)]
    return [data]


@pytest.mark.parametrize("edition", ["classic", "starwars40"])
@pytest.mark.parametrize("steps", [0, 40, 250])
def test_views_never_include_deck_order_or_rng(edition: str, steps: int) -> None:
    g = played(edition, steps=steps)
    for viewer in [None, *range(g.state.n)]:
        data = g.view(viewer).to_json()
        assert hidden_keys(data) == [], viewer
        text = json.dumps(data)
        assert "decks" not in text and "rng" not in text
        # no deck order as a list anywhere in the view
        orders = [list(pile) for pile in g.state.decks if len(pile) > 2]
        values = json.dumps(data, sort_keys=True)
        for pile in orders:
            assert json.dumps(pile) not in values


@pytest.mark.parametrize("edition", ["classic", "starwars40"])
def test_views_do_not_depend_on_hidden_information(edition: str) -> None:
    g = played(edition, steps=200)
    for k in range(5):
        other = perturb_hidden(g, k)
        assert other.state.decks != g.state.decks
        for viewer in [None, *range(g.state.n)]:
            assert other.view(viewer).to_json() == g.view(viewer).to_json()


def test_spectator_sees_public_state_only() -> None:
    g = played("classic", steps=120)
    spectator = g.view(None)
    data = spectator.to_json()
    assert data["viewer"] is None
    assert data["legal"] is None  # spectators cannot act
    assert spectator.legal_actions().actions == [] and not spectator.legal_actions()
    assert spectator.check(om.Action("roll")) is not None
    # the public fields equal the state's
    s = g.state
    assert data["owner"] == s.owner and data["level"] == s.level and data["mortgaged"] == s.mortgaged
    assert [p["cash"] for p in data["players"]] == s.cash
    assert data["bank_houses"] == s.bank_houses and data["bank_hotels"] == s.bank_hotels
    assert data["deck_sizes"] == [len(d) for d in s.decks]
    # a spectator sees exactly what a player sees, minus that player's legal actions and identity
    player = g.view(0).to_json()
    for key in set(data) - {"viewer", "legal"}:
        assert data[key] == player[key], key
    assert set(data) == set(player)
    # and only events that are public
    assert all(e.private_to < 0 for e in spectator.events())


def test_player_sees_own_legal_actions_only() -> None:
    g = played("starwars40", steps=60)
    p = g.prompt.player
    for viewer in range(g.state.n):
        assert g.view(viewer).to_json()["legal"] == g.legal_actions(viewer).summary()
    assert g.view(p).legal_actions().actions == g.legal_actions(p).actions


def test_view_getattr_refuses_hidden_fields() -> None:
    g = played("classic", steps=30)
    for viewer in [None, 0, 1]:
        v = g.view(viewer)
        with pytest.raises(AttributeError, match="hidden"):
            v.decks  # noqa: B018
        with pytest.raises(AttributeError):
            v._game_state  # noqa: B018
        with pytest.raises(AttributeError):
            v.__getattr__("_rng")
        # public fields read through
        assert v.cash == g.state.cash
        assert v.owner == g.state.owner
        assert v.bank_houses == g.state.bank_houses
        assert v.held == g.state.held


def test_view_is_live() -> None:
    g = om.Game("classic", 2, seed=4)
    v = g.view(0)
    before = list(v.position)
    p = g.prompt.player
    g.act(p, "roll")
    assert v.position != before or g.state.position == before
    assert v.turns == g.state.turns


def test_game_view_makes_its_view_class_directly_and_keeps_other_inits() -> None:
    """``Game.view`` (``make_view``) makes a view class that uses ``View.__init__`` without the generic class
    call, the same view each time; a view class with an ``__init__`` of its own still has it run."""
    from openmonopoly.engine.view import View, make_view

    g = om.Game("empire", 3, seed=2)
    for _ in range(2):  # (the first call finds out how the class is made, the second uses it)
        for p in (0, 2, None):
            v = g.view(p)
            assert type(v) is g.view_class and v.player == p and v._game is g
            assert v.cash == g.state.cash

    class Noted(View):
        GENERATE_FIELDS = False

        def __init__(self, game: om.Game, player: int | None) -> None:
            super().__init__(game, player)
            self.noted = True

    for _ in range(2):
        mine = make_view(Noted, g, 1)
        assert type(mine) is Noted and mine.player == 1 and mine.noted
