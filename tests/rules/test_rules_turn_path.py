"""The shortcuts of the classic turn: what they keep is what the rules say without them."""

import openmonopoly as om
from openmonopoly.editions import load
from openmonopoly.editions.schema import CARD, FREE_PARKING, GO_TO_JAIL, RAILROAD, STREET, TAX, UTILITY
from openmonopoly.rules.classic import game as classic

KIND_OF_TYPE = {
    STREET: classic.LAND_PROPERTY,
    RAILROAD: classic.LAND_PROPERTY,
    UTILITY: classic.LAND_PROPERTY,
    TAX: classic.LAND_TAX,
    CARD: classic.LAND_CARD,
    GO_TO_JAIL: classic.LAND_JAIL,
    FREE_PARKING: classic.LAND_PARKING,
}


def test_land_kinds_follow_the_space_types() -> None:
    for edition_id in ("classic", "starwars40", "sailormoon", "clonewars"):
        edition = load(edition_id)
        kinds = classic.land_kinds(edition)
        assert kinds == [KIND_OF_TYPE.get(sp.type, classic.LAND_NOTHING) for sp in edition.board]
        assert classic.land_kinds(edition) is kinds  # (made once per edition)


def test_turn_steps_are_shared_by_games_and_seats_beyond_get_their_own() -> None:
    a, b = om.Game("classic", 4, seed=1), om.Game("classic", 3, seed=2)
    assert a.turn_start(2) is b.turn_start(2) and a.turn_start(2).player == 2
    assert a.end_of_move(1, True) is b.end_of_move(1, True)
    assert (a.end_of_move(1, True).player, a.end_of_move(1, True).again) == (1, True)
    assert (a.end_of_move(3, False).player, a.end_of_move(3, False).again) == (3, False)
    far = a.turn_start(40)
    assert far.player == 40 and far is not a.turn_start(40)
    assert (a.end_of_move(40, True).player, a.end_of_move(40, True).again) == (40, True)


def test_round_limit_follows_the_options_dict() -> None:
    g = om.Game("classic", 2, seed=3, options={"max-rounds": 5})
    assert g.round_limit() == 5
    g.options = {**g.options, "max-rounds": 9}  # (a game's options are replaced, never changed in place)
    assert g.round_limit() == 9
    assert om.Game.from_json(g.to_json()).round_limit() == 9
    assert om.Game("classic", 2, seed=3).round_limit() is None


def test_seats_from_goes_round_from_the_left_skipping_seats_out_of_the_game():
    g = om.Game("classic", 5, seed=3, events=False)
    g.state.alive[:] = [True, False, True, True, False]
    assert g.seats_from(0) == (2, 3, 0)
    assert g.seats_from(3) == (0, 2, 3)
    assert g.seats_from(1) == (2, 3, 0)  # (a seat out of the game is not listed at the end)
    assert g.seats_from(4) == (0, 2, 3)
