"""Action text, action JSON and action objects: every malformed input gets the engine's own error
(``BadActionText``, an ``IllegalAction``) naming the allowed form, and leaves the game untouched."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import openmonopoly as om
from openmonopoly.engine.actions import SHARED_KINDS, Action, TradeOffer, whole_number
from openmonopoly.engine.errors import BadActionText, BadArgument, IllegalAction
from openmonopoly.engine.options import BadOption


@pytest.fixture(scope="module")
def game():
    return om.Game("classic", 2, seed=1)


BAD_TEXT = [
    "bid ²",
    "build ³",
    "bid --5",
    "trade --1 give=1",
    "trade 1 cash=--3",
    "bid " + "9" * 5000,
    "bid ٣",
    "trade 1 give=1,,3",
    "trade 1 give=",
    "trade 1 give=1 give=2",
    "trade 1 cash=-",
    "roll 1",
    "bid",
    "bid 1 2",
    "",
    "   ",
    "x" * 10000,
    "trade",
    "trade 1 give=1.5",
    "trade 1 foo=1",
]


@pytest.mark.parametrize("text", BAD_TEXT)
def test_bad_text_is_bad_action_text_everywhere(game, text):
    before = game.digest()
    with pytest.raises(BadActionText):
        Action.parse(text)
    assert isinstance(game.check(0, text), str)
    with pytest.raises(BadActionText):
        game.act(game.prompt.player, text)
    assert game.digest() == before


BAD_JSON = [
    {"kind": "trade", "offer": {"proposer": 0, "target": 1, "give": [[1]]}},
    {"kind": "trade", "offer": {"proposer": 0, "target": 1, "give": ["1"]}},
    {"kind": "trade", "offer": {"proposer": 0, "target": 1, "give": [1.5]}},
    {"kind": "trade", "offer": {"proposer": 0, "target": 1, "give": [None]}},
    {"kind": "trade", "offer": {"proposer": 0, "target": 1, "give": "13"}},
    {"kind": "trade", "offer": {"proposer": True, "target": 1, "give": [1]}},
    {"kind": "trade", "offer": {"proposer": 0, "target": 1, "cash": 10**30}},
    {"kind": "trade", "offer": {"proposer": 0, "target": 1, "gift": [1]}},
    {"kind": "trade", "offer": {"target": 1}},
    {"kind": "trade", "offer": [0, 1]},
    {"kind": "bid", "offer": {}},
    {"kind": "trade"},
    5,
    None,
    [],
    1.5,
    True,
]


@pytest.mark.parametrize("data", BAD_JSON)
def test_bad_json_is_bad_action_text(game, data):
    with pytest.raises(BadActionText) as info:
        game.parse_json(data)
    assert "trade" in info.value.reason or "action" in info.value.reason


def test_from_json_keeps_good_trades():
    offer = TradeOffer(0, 1, (1, 3), (39,), -20, (0,), ())
    action = Action("trade", -1, offer)
    assert Action.from_json(action.to_json()) == action
    assert Action.parse(str(action), 0) == action


BAD_OBJECTS = [
    Action("build", None),
    Action("bid", "100"),
    Action("bid", True),
    Action("roll", 5),
    Action("bid", -1),
    Action(None),
    Action("fly"),
    Action("roll", -1, TradeOffer(0, 1)),
    Action("trade", -1, None),
    Action("trade", -1, TradeOffer(0, 1, [1])),
    Action("trade", -1, TradeOffer(0, 1, (1.5,))),
    Action("trade", -1, TradeOffer(0, "1", (1,))),
    None,
    42,
    ("roll", -1, None),
    b"roll",
    object(),
]


def _case_id(value: object) -> str:
    # (a stable id: repr of a bare object() holds its address, which differs between xdist workers)
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("action", BAD_OBJECTS, ids=_case_id)
def test_malformed_action_objects(game, action):
    before = game.digest()
    player = game.prompt.player
    reason = game.check(player, action)
    assert isinstance(reason, str) and reason
    with pytest.raises(BadActionText) as info:
        game.act(player, action)
    assert info.value.reason == reason
    assert game.digest() == before


@pytest.mark.parametrize("player", [True, False, 1.0, "0", None, -1, 2])
def test_bad_seats(game, player):
    assert game.check(player, "roll").startswith("there is no player")
    assert list(game.legal_actions(player)) == []
    with pytest.raises(IllegalAction):
        game.act(player, "roll")


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(players=2.5),
        dict(players=True),
        dict(players="Ann"),
        dict(players=["Ann", 3]),
        dict(players=["Ann", ""]),
        dict(players=1),
        dict(players=-3),
        dict(players=2, seed="abc"),
        dict(players=2, seed=1.5),
        dict(players=2, seed=True),
        dict(players=2, options=["max-rounds"]),
        dict(players=2, chance=1),
        dict(players=2, events="yes"),
    ],
)
def test_bad_game_arguments(kwargs):
    with pytest.raises(BadArgument):
        om.Game("classic", **kwargs)


@pytest.mark.parametrize("edition", ["classic", "empire"])
def test_game_arguments_by_position(edition):
    """``events`` may come by position (what a simulation does: it is cheaper), as the others; a rules class
    called directly is the same game as ``Game``."""
    from openmonopoly.editions import load
    from openmonopoly.engine.game import rules_class

    named = om.Game(edition, 3, seed=9, options={"max-rounds": 30}, events=False)
    for by_position in (
        om.Game(edition, 3, 9, {"max-rounds": 30}, False),
        rules_class(load(edition))(load(edition), 3, 9, {"max-rounds": 30}, False),
    ):
        assert type(by_position) is type(named) and not by_position.log_events
        assert by_position.digest() == named.digest()
    with pytest.raises(BadArgument):
        om.Game(edition, 3, 9, None, "yes")


@pytest.mark.parametrize("value", [2.5, True, "٣", "x", "", "1e3", 10**3 * 1.0])
def test_bad_option_values(value):
    with pytest.raises(BadOption):
        om.Game("classic", 2, options={"max-rounds": value})


def test_option_values_as_text_or_number():
    assert om.Game("classic", 2, options={"max-rounds": "7"}).options["max-rounds"] == 7
    assert om.Game("classic", 2, options={"max-rounds": 7}).options["max-rounds"] == 7


@pytest.mark.parametrize(
    "text,value", [("12", 12), ("0", 0), ("²", None), ("-1", None), ("1" * 13, None), ("", None), (" 1", None)]
)
def test_whole_number(text, value):
    assert whole_number(text) == value


# ---------------------------------------------------------------- properties
KIND_WORDS = st.sampled_from(sorted(SHARED_KINDS.all) + ["BID", "Trade", "x"])
ARG_WORDS = st.one_of(
    st.text(max_size=8),
    st.integers(-(10**15), 10**15).map(str),
    st.lists(st.integers(-3, 50), max_size=4).map(lambda v: "give=" + ",".join(map(str, v))),
    st.sampled_from(["cash=-5", "give=1,3", "take=", "--1", "²", "٣"]),
)
TEXTS = st.one_of(
    st.text(max_size=60), st.builds(lambda k, a: " ".join([k, *a]), KIND_WORDS, st.lists(ARG_WORDS, max_size=4))
)


@given(TEXTS)
def test_parse_never_crashes_and_round_trips(text):
    try:
        action = SHARED_KINDS.parse(text, 0)
    except BadActionText as exc:
        assert exc.reason
        return
    assert SHARED_KINDS.parse(str(action), 0) == action
    assert SHARED_KINDS.from_json(action.to_json()) == action


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
OFFERS = st.fixed_dictionaries(
    {"proposer": JSON, "target": JSON},
    optional={
        k: JSON | st.lists(st.integers(-5, 50), max_size=3)
        for k in ("give", "take", "cash", "give_cards", "take_cards")
    },
)


@given(st.one_of(JSON, st.builds(lambda o: {"kind": "trade", "offer": o}, OFFERS)))
def test_json_decoder_never_crashes(data):
    game = om.Game("classic", 2, seed=2)
    before = game.digest()
    try:
        action = game.parse_json(data)
    except BadActionText:
        return
    # Decoded: the game answers with a reason or acts, never with a Python error.
    player = game.prompt.player
    if game.check(player, action) is None:
        game.act(player, action)
    else:
        with pytest.raises(IllegalAction):
            game.act(player, action)
        assert game.digest() == before
