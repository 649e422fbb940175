"""Action Spaces: Imperial Tax, Bounty Collection, Free Parking, Just Visiting, Go To Jail (Star Wars 40th)."""

from kit import event_kinds, place, prompt_kind, roll

from .helpers import SW, check_invariants, new_game


def test_imperial_tax_pay_200():
    """Action Spaces / Imperial Tax: pay the Bank the amount shown (200)."""
    g = new_game(SW)
    roll(g, 0, 1, 3)
    assert g.state.position[0] == 4 and g.state.cash[0] == 1300
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_bounty_collection_pay_100():
    """Action Spaces / Bounty Collection: pay the Bank the amount shown (100)."""
    g = new_game(SW)
    place(g, 0, 35)
    roll(g, 0, 1, 2)
    assert g.state.position[0] == 38 and g.state.cash[0] == 1400


def test_free_parking_nothing_happens():
    """Action Spaces / Free Parking: nothing happens here (no money collected)."""
    g = new_game(SW)
    place(g, 0, 15)
    events = roll(g, 0, 2, 3)
    assert g.state.position[0] == 20 and g.state.cash == [1500] * 4
    assert [e.kind for e in events] == ["dice", "moved", "turn"]
    assert prompt_kind(g) == (1, "turn")


def test_just_visiting_is_not_in_jail():
    """Action Spaces / Just Visiting: you are not In Jail; nothing happens."""
    g = new_game(SW)
    place(g, 0, 5)
    roll(g, 0, 2, 3)
    s = g.state
    assert (s.position[0], s.in_jail[0], s.cash[0]) == (10, False, 1500)
    assert prompt_kind(g) == (1, "turn")


def test_go_to_jail_space():
    """Action Spaces / Go To Jail: move to In Jail immediately; no 200; your turn is then over."""
    g = new_game(SW)
    place(g, 0, 25)
    events = roll(g, 0, 2, 3)
    s = g.state
    assert (s.position[0], s.in_jail[0], s.jail_turns[0], s.cash[0]) == (10, True, 0, 1500)
    assert "jail" in event_kinds(events)
    assert prompt_kind(g) == (1, "turn")
