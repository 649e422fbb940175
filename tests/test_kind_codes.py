"""``Game.kind_code``: one lookup for what an action kind is (numbered, any-time, the permission act), for every
edition's game class, and the same answer however the kinds asked about interleave."""

import pytest

from openmonopoly.editions import edition_ids, load
from openmonopoly.engine import actions as A
from openmonopoly.engine.game import Game, rules_class


@pytest.mark.parametrize("edition", edition_ids())
def test_codes_say_what_the_kinds_and_the_permission_table_say(edition: str) -> None:
    game = rules_class(load(edition))(load(edition), 3, seed=1, events=False)
    kinds = game.ACTION_KINDS
    acts = game.PERMISSIONS.acts if game.PERMISSIONS is not None else {}
    for kind in sorted(kinds.all | set(acts) | {"no-such-kind"}):
        code = game.kind_code(kind)
        assert bool(code & A.NUMBERED_KIND) == (kind in kinds.numbered), kind
        assert bool(code & A.ANYTIME_KIND) == (kind in kinds.anytime), kind
        assert code >> A.ACT_SHIFT == acts.get(kind, 0), kind


def test_the_kept_answers_follow_the_kind_asked() -> None:
    game = Game("classic", 2, seed=3, events=False)
    expected = {k: game.kind_code(k) for k in game.ACTION_KINDS.all}
    order = ["bid", "pass", "bid", "mortgage", "pass", "pass", "roll", "mortgage", "bid", "roll"]
    for kind in order + [k for k in sorted(expected) for _ in range(2)]:
        same_text = "".join(list(kind))  # (an equal string that is another object: never taken for the kept one)
        assert game.kind_code(kind) == expected[kind]
        assert game.kind_code(same_text) == expected[kind]
    assert game.kind_code("mortgage") & A.ANYTIME_KIND and game.kind_code("bid") & A.NUMBERED_KIND
    assert game.kind_code("roll") == 0
