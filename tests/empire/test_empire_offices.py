"""An office tile is not a billboard: every rule that moves "the topmost billboard" takes the
highest billboard of the tower; an office above it stays in the tower and still counts for height and
value, and a tower holding only offices has no billboard to give. Rulebook statements are quoted in each
test; the reading is recorded in docs/RULES-COVERAGE.md (Empire: offices)."""

from __future__ import annotations

from kit import assert_refused, place, prompt_kind, roll, set_cash, stack_card
from openmonopoly.engine.state import BANK
from openmonopoly.rules.empire.data import OFFICE

from .helpers import (
    C_FINE,
    CHANCE,
    E_CRASH,
    E_FIRED,
    E_SWAP_TOP,
    E_TAKEOVER,
    ELECTRIC,
    NERF,
    RAZOR,
    SKYPE,
    SW,
    XBOX,
    check,
    hand,
    new_game,
    tower,
)


def on_turn():
    return new_game()


# ---------------------------------------------------------------------- GO
def test_go_no_billboards_collect_50k_even_with_an_office():
    """GO Space: "When you land on or pass GO, collect your current tower value from the Bank. No billboards?
    Collect $50K." An office alone (4 units, value $200K) is no billboard: $50K."""
    g = new_game()
    tower(g, 0, OFFICE)
    set_cash(g, 0, 0)
    place(g, 0, 33)
    roll(g, 0, 2, 3)  # 33 -> 2 (Rival Tower Tax: no rival has a billboard, so nothing)
    assert g.state.cash[0] == 50 and g.state.tower[0] == [OFFICE] and g.state.height[0] == 4
    assert prompt_kind(g) == (1, "turn")
    check(g)


def test_go_with_billboards_pays_the_whole_tower_value_offices_included():
    """GO Space: "collect your current tower value": a billboard (1 unit) under an office (4) is 5 units, $250K."""
    g = new_game()
    tower(g, 0, NERF, OFFICE)
    set_cash(g, 0, 0)
    place(g, 0, 33)
    roll(g, 0, 2, 3)
    assert g.state.cash[0] == 250


# ---------------------------------------------------------------------- Tower Tax / Rival Tower Tax
def test_tower_tax_returns_the_topmost_billboard_under_an_office():
    """Tower Tax: "Return your topmost billboard to the board." The office on top stays and drops down."""
    g = new_game()
    tower(g, 0, NERF, XBOX, OFFICE)
    place(g, 0, 30)
    roll(g, 0, 2, 2)  # 34 Tower Tax
    s = g.state
    assert s.tower[0] == [NERF, OFFICE] and s.height[0] == 5
    assert s.stock[XBOX] == 1 and s.owner[XBOX] == BANK and s.offices == 5
    check(g)


def test_tower_tax_with_only_an_office_does_nothing():
    """Tower Tax: "Return your topmost billboard": with no billboard, the office stays."""
    g = new_game()
    tower(g, 0, OFFICE)
    place(g, 0, 30)
    roll(g, 0, 2, 2)
    assert g.state.tower[0] == [OFFICE] and g.state.height[0] == 4 and g.state.offices == 5
    check(g)


def test_rival_tower_tax_cannot_pick_a_rival_with_only_an_office():
    """Rival Tower Tax: "Return another player's topmost billboard to the board." A rival whose tower holds
    only an office has no billboard: only the rival with one may be picked, and an office above it stays."""
    g = new_game()
    tower(g, 1, OFFICE)
    tower(g, 2, RAZOR, OFFICE)
    place(g, 0, 32)
    roll(g, 0, 2, 4)  # 32 + 6 -> 2 (passing GO: no billboards, $50K)
    assert prompt_kind(g) == (0, "choose-player")
    assert [str(a) for a in g.legal_actions(0).actions] == ["target 2"]
    assert_refused(g, 0, "target 1")
    g.act(0, "target 2")
    s = g.state
    assert s.tower[1] == [OFFICE] and s.tower[2] == [OFFICE] and s.stock[RAZOR] == 1 and s.owner[RAZOR] == BANK
    assert s.cash[0] == 1050
    check(g)


def test_rival_tower_tax_with_only_offices_among_rivals_does_nothing():
    """Rival Tower Tax with no rival billboard anywhere: nothing happens (offices are not billboards)."""
    g = new_game()
    tower(g, 1, OFFICE)
    tower(g, 2, OFFICE)
    place(g, 0, 32)
    roll(g, 0, 2, 4)
    assert prompt_kind(g) == (1, "turn") and g.state.tower[1:] == [[OFFICE], [OFFICE]]


# ---------------------------------------------------------------------- the sneaky swap
def test_sneaky_swap_switches_billboards_not_offices():
    """On Your Turn: "Switch the topmost billboard in one tower with the topmost billboard in any other tower
    (including your own)." A tower of offices only cannot take part; each billboard takes the other's place,
    so the office above Nerf stays on top."""
    g = new_game()
    tower(g, 0, NERF, OFFICE)
    tower(g, 1, XBOX)
    tower(g, 2, OFFICE)
    roll(g, 0, 5, SW)
    assert prompt_kind(g) == (0, "swap")
    assert set(map(str, g.legal_actions(0).actions)) == {"move", "swap 0", "swap 1"}
    assert_refused(g, 0, "swap 2", "no billboard")
    g.act(0, "swap 0")
    g.act(0, "swap 1")
    s = g.state
    assert s.tower == [[XBOX, OFFICE], [NERF], [OFFICE]]
    assert (s.height[0], s.height[1], s.height[2]) == (8, 1, 4)
    assert s.owner[XBOX] == 0 and s.owner[NERF] == 1 and s.position[0] == 0
    check(g)


def test_sneaky_swap_needs_two_towers_with_billboards():
    """The swap needs two towers with a billboard: one billboard tower and one office tower -> just move."""
    g = new_game()
    tower(g, 0, NERF)
    tower(g, 1, OFFICE)
    roll(g, 0, 5, SW)
    assert g.state.position[0] == 5 and g.state.tower[1] == [OFFICE]


# ---------------------------------------------------------------------- Money
def test_cannot_pay_a_player_gives_the_topmost_billboard_not_the_office():
    """Money: "If you can't pay another player, keep any cash you do have and give the player you owe the
    topmost billboard in your tower." Skype goes, the office above it stays."""
    g = new_game()
    tower(g, 1, RAZOR, XBOX)  # 5 units: rent $250K
    tower(g, 0, NERF, SKYPE, OFFICE)
    set_cash(g, 0, 100)
    roll(g, 0, 2, 3)  # Razor
    s = g.state
    assert s.cash[:2] == [100, 1000]
    assert s.tower[0] == [NERF, OFFICE] and s.tower[1] == [RAZOR, XBOX, SKYPE] and s.owner[SKYPE] == 1
    check(g)


def test_cannot_pay_with_only_an_office_does_nothing():
    """Money: "If you don't have any billboards, do nothing." An office-only tower keeps its office."""
    g = new_game()
    tower(g, 1, RAZOR)
    tower(g, 0, OFFICE)
    set_cash(g, 0, 10)
    roll(g, 0, 2, 3)  # rent $50K on Razor
    s = g.state
    assert s.cash[:2] == [10, 1000] and s.tower[0] == [OFFICE] and s.tower[1] == [RAZOR] and s.offices == 5
    check(g)


def test_cannot_pay_the_bank_with_only_an_office_does_nothing():
    """Money: "If you can't pay the Bank, keep any cash you do have and return your topmost billboard to the
    board ... If you don't have any billboards, do nothing." """
    g = new_game()
    tower(g, 0, OFFICE)
    set_cash(g, 0, 150)
    stack_card(g, CHANCE, C_FINE)
    place(g, 0, 1)
    roll(g, 0, 2, 3)  # Chance: pay $200K
    s = g.state
    assert s.cash[0] == 150 and s.tower[0] == [OFFICE] and s.offices == 5
    check(g)


# ---------------------------------------------------------------------- Empire cards
def test_hostile_takeover_takes_a_billboard_and_skips_office_towers():
    """Hostile Takeover: "take a rival's topmost billboard into your tower": a rival with only an office is no
    target; the office above Razor stays with its owner."""
    g = on_turn()
    hand(g, 0, E_TAKEOVER)
    tower(g, 1, OFFICE)
    tower(g, 2, RAZOR, OFFICE)
    g.act(0, f"play {E_TAKEOVER}")
    assert [str(a) for a in g.legal_actions(0).actions] == ["target 2"]
    g.act(0, "target 2")
    s = g.state
    assert s.tower == [[RAZOR], [OFFICE], [OFFICE]] and s.owner[RAZOR] == 0
    check(g)


def test_hostile_takeover_not_playable_against_offices_only():
    g = on_turn()
    hand(g, 0, E_TAKEOVER)
    tower(g, 1, OFFICE)
    assert_refused(g, 0, f"play {E_TAKEOVER}", "cannot be played now")


def test_swap_the_top_switches_billboards_under_offices():
    """Swap the Top: "swap your topmost billboard with a rival's topmost billboard"; offices stay put, and you
    need a billboard of your own (an office is not one)."""
    g = on_turn()
    hand(g, 0, E_SWAP_TOP)
    tower(g, 0, NERF, OFFICE)
    tower(g, 1, OFFICE)
    tower(g, 2, XBOX, OFFICE)
    g.act(0, f"play {E_SWAP_TOP}")
    assert [str(a) for a in g.legal_actions(0).actions] == ["target 2"]
    g.act(0, "target 2")
    s = g.state
    assert s.tower == [[XBOX, OFFICE], [OFFICE], [NERF, OFFICE]] and (s.height[0], s.height[2]) == (8, 5)
    check(g)


def test_swap_the_top_not_playable_with_only_an_office():
    g = on_turn()
    hand(g, 0, E_SWAP_TOP)
    tower(g, 0, OFFICE)
    tower(g, 2, XBOX)
    assert_refused(g, 0, f"play {E_SWAP_TOP}", "cannot be played now")


def test_stock_market_crash_returns_billboards_and_leaves_offices():
    """Stock Market Crash: "every rival returns their topmost billboard to the board": offices stay."""
    g = on_turn()
    hand(g, 0, E_CRASH)
    tower(g, 1, NERF, OFFICE)
    tower(g, 2, OFFICE)
    g.act(0, f"play {E_CRASH}")
    s = g.state
    assert s.tower == [[], [OFFICE], [OFFICE]] and s.stock[NERF] == 1 and s.offices == 4
    check(g)


def test_stock_market_crash_not_playable_against_offices_only():
    g = on_turn()
    hand(g, 0, E_CRASH)
    tower(g, 1, OFFICE)
    assert_refused(g, 0, f"play {E_CRASH}", "cannot be played now")


def test_youre_fired_picks_brands_only():
    """YOU'RE FIRED!: "returns brands to the board" -- a rival's brand billboard, never an office or a utility
    billboard (Electric Company is a billboard but no brand)."""
    g = on_turn()
    hand(g, 0, E_FIRED)
    tower(g, 1, ELECTRIC, OFFICE)
    tower(g, 2, NERF, ELECTRIC, OFFICE)
    g.act(0, f"play {E_FIRED}")
    assert [str(a) for a in g.legal_actions(0).actions] == ["target 2"]
    g.act(0, "target 2")
    assert [str(a) for a in g.legal_actions(0).actions] == [f"pick {NERF}"]
    g.act(0, f"pick {NERF}")
    s = g.state
    assert s.tower[2] == [ELECTRIC, OFFICE] and s.stock[NERF] == 1 and s.owner[NERF] == BANK
    check(g)


def test_views_and_screens_name_the_topmost_billboard_not_an_office_above_it():
    """What players are shown as a tower's top is the piece the rules move: with an office above Nerf, the
    swap prompt, the view and the web's player row all name Nerf; an office-only tower has no billboard."""
    from openmonopoly.cli.screens import screen_for

    g = new_game()
    tower(g, 0, NERF, OFFICE)
    tower(g, 1, XBOX)
    tower(g, 2, OFFICE)
    roll(g, 0, 5, SW)
    v = g.view(0)
    assert [v.top_billboard(q) for q in range(3)] == [NERF, XBOX, -1]
    assert [row["top_billboard"] for row in v.to_json()["players"][:3]] == [NERF, XBOX, -1]
    screen = screen_for(g)
    labels = {str(a): screen.action_label(0, a) for a in g.legal_actions(0).actions}
    assert "top: Nerf, 1u" in labels["swap 0"] and "office" not in labels["swap 0"]
    assert "top: Xbox, 4u" in labels["swap 1"]
