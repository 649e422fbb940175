"""Web messages: any frame a client sends is either refused with a readable reason or becomes an
action the game answers with its own reason; nothing raises anything else."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import openmonopoly as om
from openmonopoly.engine.errors import BadActionText
from openmonopoly.web.protocol import Act, parse_client

GAME = om.Game("classic", 3, seed=5)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
ACTIONS = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["bid ²", "bid --5", "roll", "trade 1 give=1,3", "buy"]),
    st.fixed_dictionaries(
        {
            "kind": st.just("trade"),
            "offer": st.fixed_dictionaries({"target": VALUES}, optional={"give": VALUES, "cash": VALUES}),
        }
    ),
    VALUES,
)
FRAMES = st.one_of(
    st.text(max_size=80),
    VALUES.map(json.dumps),
    st.builds(
        lambda seat, version, action: json.dumps(
            {"type": "act", "seat": seat, "token": "t" * 32, "version": version, "action": action}
        ),
        st.one_of(st.integers(-1, 7), VALUES),
        st.one_of(st.integers(0, 3), VALUES),
        ACTIONS,
    ),
)


@given(FRAMES)
def test_any_frame_is_refused_or_answered(frame):
    try:
        message = parse_client(frame)
    except ValueError as exc:
        assert str(exc).startswith("malformed message")
        return
    if not isinstance(message, Act):
        return
    try:
        action = message.to_action(GAME)
    except BadActionText as exc:
        assert exc.reason
        return
    reason = GAME.check(message.seat, action)
    assert reason is None or isinstance(reason, str)


def test_the_web_reads_action_text_with_the_engines_parser():
    """One parser for every interface: the web's act frame is answered with the engine's own reason."""
    for text in ["bid ²", "roll\x00", "trade 1 cash=--3", "mortgage " + "9" * 13, "fly 3", "bid ١٢"]:
        frame = json.dumps({"type": "act", "seat": 1, "token": "t" * 32, "version": 0, "action": text})
        msg = parse_client(frame)
        assert isinstance(msg, Act)
        with pytest.raises(BadActionText) as web:
            msg.to_action(GAME)
        with pytest.raises(BadActionText) as engine:
            GAME.parse(text, 1)
        assert str(web.value) == str(engine.value)
    assert "printable ASCII" in str(pytest.raises(BadActionText, GAME.parse, "roll\x00").value)
