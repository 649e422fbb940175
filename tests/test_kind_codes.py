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
    order += ["roll", "build", "buy", "roll", "build", "buy", "pass", "buy", "build", "roll", "roll"]
    # More kinds in turn than there are kept answers (eight), so that each slot is filled again and again.
    order += ["bid", "pass", "roll", "buy", "build", "mortgage", "unmortgage", "sell", "sell-all", "pay-bail"] * 3
    for kind in order + [k for k in sorted(expected) for _ in range(2)]:
        same_text = "".join(list(kind))  # (an equal string that is another object: never taken for the kept one)
        assert game.kind_code(kind) == expected[kind]
        assert game.kind_code(same_text) == expected[kind]
    assert game.kind_code("mortgage") & A.ANYTIME_KIND and game.kind_code("bid") & A.NUMBERED_KIND
    assert game.kind_code("roll") == 0


def test_the_gate_is_asked_only_of_the_acts_it_may_refuse() -> None:
    # ``Game.check`` asks ``refusal`` only of kinds coded ``GATED`` and up: the permission acts from SPEND on.
    from openmonopoly.engine.game import GATED
    from openmonopoly.rules import permissions
    from openmonopoly.rules.classic.debt import Debt

    assert GATED == permissions.SPEND << A.ACT_SHIFT
    assert permissions.FREE < permissions.RAISE < permissions.SPEND
    # In debt, with every gated act refused: the acts below SPEND still pass the gate.
    game = Game("classic", 2, seed=3, events=False)
    game.push(Debt(0, -1, 10**6, "tax", 4))
    for kind, act in sorted(game.PERMISSIONS.acts.items()):
        action = A.Action(kind, 1 if kind in game.ACTION_KINDS.numbered else -1)
        if act < permissions.SPEND:
            assert game.kind_code(kind) < GATED and permissions.refusal(game, 0, action) is None, kind
        else:
            assert game.kind_code(kind) >= GATED, kind
    assert permissions.refusal(game, 0, A.Action(A.BUILD, 1)) == permissions.IN_DEBT
    assert game.kind_code(A.ROLL) < GATED and game.kind_code(A.PASS) < GATED
