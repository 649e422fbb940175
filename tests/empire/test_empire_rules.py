"""Monopoly Empire rule scenarios, one rulebook statement per test (section named in each docstring).

Dice are scripted: ``roll(g, p, numbered, swapper_die)``; ``SW`` is the swapper face.
"""

from __future__ import annotations

import pytest

import openmonopoly as om
from kit import assert_refused, event_kinds, jail, place, prompt_kind, roll, set_cash, stack_card, start_turn
from openmonopoly.engine.state import BANK
from openmonopoly.rules.empire.data import OFFICE

from .helpers import (
    BEATS,
    C_FINE,
    C_GOOJF,
    CHANCE,
    E_JSN,
    ELECTRIC,
    EMPIRE,
    FREE_PARKING,
    JAIL,
    LEVIS,
    NERF,
    NICK,
    POLAROID,
    RAZOR,
    SKYPE,
    SW,
    TRANSFORMERS,
    UNIVERSAL,
    VIRGIN,
    WILSON,
    XBOX,
    check,
    hand,
    new_game,
    tower,
)


# ---------------------------------------------------------------------- Set It Up / How to Play
def test_setup_players_cash_and_two_secret_empire_cards():
    """Set It Up: 2-4 players, each dealt 2 Empire cards; money in $K; the youngest (first seat) starts."""
    for n in (2, 3, 4):
        g = om.Game("empire", n, seed=n)
        s = g.state
        assert [len(h) for h in s.hands] == [2] * n
        assert s.cash == [1000] * n and s.current == 0 and prompt_kind(g) == (0, "turn")
        assert len(s.decks[EMPIRE]) == 14 - 2 * n
    for n in (1, 5):
        with pytest.raises(om.OpenMonopolyError):
            om.Game("empire", n)
    assert g.edition.money(50) == "$50K"


def test_views_show_own_hand_only_and_card_counts():
    """Set It Up: each player 'secretly looks at' their Empire cards; others see only how many."""
    g = om.Game("empire", 3, seed=5)
    s = g.state
    v0 = g.view(0)
    assert v0.hand == tuple(s.hands[0]) and v0.hand_sizes == [2, 2, 2]
    assert g.view(None).hand == ()
    data = g.view(0).to_json()
    assert data["hand"] == s.hands[0]
    assert [p["empire_cards"] for p in data["players"]] == [2, 2, 2]
    with pytest.raises(AttributeError):
        v0.hands  # noqa: B018
    draws = [e for e in g.history if e.kind == "card"]
    assert len(draws) == 6 and all(e.private_to == e.player for e in draws)
    assert all(e.private_to in (-1, 1) for e in g.view(1).events())


# ---------------------------------------------------------------------- On Your Turn: dice and the swapper
def test_move_by_both_dice_and_turn_passes():
    """On Your Turn 1-5: roll both dice, move clockwise, resolve the space, the player to the left goes next."""
    g = new_game()
    place(g, 0, 4)
    roll(g, 0, 2, 3)  # 4 + 5 = 9: Just Visiting
    assert g.state.position[0] == 9 and prompt_kind(g) == (1, "turn")


def test_swapper_switches_topmost_billboards_of_two_towers_and_no_move():
    """On Your Turn 1: rolled the sneaky swapper -- switch the topmost billboard of one tower with that of any
    other (your own included); then don't move this turn."""
    g = new_game()
    tower(g, 0, NERF)
    tower(g, 1, RAZOR, XBOX)
    roll(g, 0, 5, SW)
    assert prompt_kind(g) == (0, "swap")
    assert set(map(str, g.legal_actions(0).actions)) == {"move", "swap 0", "swap 1"}
    g.act(0, "swap 0")
    assert_refused(g, 0, "swap 0", "different tower")
    g.act(0, "swap 1")
    s = g.state
    assert s.tower[0] == [XBOX] and s.tower[1] == [RAZOR, NERF]
    assert s.owner[XBOX] == 0 and s.owner[NERF] == 1
    assert (s.height[0], s.height[1]) == (4, 2)
    assert s.position[0] == 0 and prompt_kind(g) == (1, "turn")
    check(g)


def test_swapper_between_two_rival_towers():
    """On Your Turn 1: the swap may be between any two towers, neither of them yours."""
    g = new_game()
    tower(g, 1, NERF)
    tower(g, 2, XBOX)
    roll(g, 0, 5, SW)
    g.act(0, "swap 1")
    g.act(0, "swap 2")
    assert g.state.tower[1] == [XBOX] and g.state.tower[2] == [NERF]


def test_swapper_ignored_moves_by_the_numbered_die():
    """On Your Turn 1: don't want to swap? Ignore the swapper die and move by the other die."""
    g = new_game()
    tower(g, 1, NERF)
    tower(g, 2, XBOX)
    place(g, 0, 4)
    roll(g, 0, 5, SW)
    g.act(0, "move")
    assert g.state.position[0] == 9 and prompt_kind(g) == (1, "turn")


def test_swapper_without_two_towers_to_swap_just_moves():
    """On Your Turn 1: with fewer than two towers holding a billboard there is nothing to swap: move."""
    g = new_game()
    tower(g, 1, NERF)
    place(g, 0, 6)
    roll(g, 0, 3, SW)
    assert g.state.position[0] == 9 and prompt_kind(g) == (1, "turn")


def test_doubles_roll_again_and_swapper_is_not_a_double():
    """On Your Turn 4: rolled a double? Roll and move again (the swapper face is not a number)."""
    g = new_game()
    place(g, 0, 5)
    roll(g, 0, 2, 2)  # 9: Just Visiting
    assert g.state.position[0] == 9 and prompt_kind(g) == (0, "turn")
    g2 = new_game()
    place(g2, 0, 8)
    roll(g2, 0, 1, SW)  # nothing to swap: move 1 to Just Visiting, no re-roll
    assert prompt_kind(g2) == (1, "turn")


def test_three_doubles_go_to_jail():
    """On Your Turn 4: three doubles in a row -> directly to Jail."""
    g = new_game()
    set_cash(g, 0, 0)
    roll(g, 0, 2, 2)  # 4: Empire space (draws a card)
    roll(g, 0, 5, 5)  # 14: Candy Crush
    g.act(0, "auction")
    for p in (1, 2, 0):
        g.act(p, "pass")
    ev = roll(g, 0, 6, 6)
    s = g.state
    assert s.in_jail[0] and s.position[0] == JAIL and "jail" in event_kinds(ev) and prompt_kind(g) == (1, "turn")


# ---------------------------------------------------------------------- GO
def test_go_pays_50k_with_no_billboards():
    """GO Space: no billboards? Collect $50K."""
    g = new_game()
    set_cash(g, 0, 0)
    place(g, 0, 33)
    roll(g, 0, 2, 3)  # 33 -> 2 (Rival Tower Tax: nobody has billboards)
    assert g.state.cash[0] == 50


def test_go_pays_current_tower_value_when_passing_and_landing():
    """GO Space: when you land on or pass GO, collect your current tower value ($50K per unit of height)."""
    g = new_game()
    tower(g, 0, XBOX, UNIVERSAL, SKYPE)  # 12 units -> $600K
    set_cash(g, 0, 0)
    place(g, 0, 33)
    roll(g, 0, 2, 3)  # 33 + 5 -> 2, passing GO
    assert g.state.cash[0] == 600
    g = new_game()
    tower(g, 0, XBOX, UNIVERSAL, SKYPE)
    set_cash(g, 0, 0)
    place(g, 0, 31)
    roll(g, 0, 2, 3)  # lands exactly on GO
    assert g.state.position[0] == 0 and g.state.cash[0] == 600


# ---------------------------------------------------------------------- Brands
def test_buy_brand_slots_billboard_into_tower():
    """Brand Spaces / Unowned: pay the price on the space and slot the billboard in your tower."""
    g = new_game()
    roll(g, 0, 2, 3)  # Razor, $100K
    assert prompt_kind(g) == (0, "buy")
    g.act(0, "buy")
    s = g.state
    assert s.cash[0] == 900 and s.tower[0] == [RAZOR] and s.owner[RAZOR] == 0 and s.stock[RAZOR] == 0
    check(g)


def test_buy_refused_without_the_price():
    """Brand Spaces: buying needs the price; otherwise it goes to auction."""
    g = new_game()
    set_cash(g, 0, 60)
    roll(g, 0, 2, 3)
    assert_refused(g, 0, "buy", "costs")


def test_declined_brand_is_auctioned_from_50k_in_50k_raises_anyone_bids():
    """Brand Spaces + More Info: Auctions: bidding starts at $50K; anyone (the lander too) raises by $50K;
    the highest bidder slides the billboard into their tower."""
    g = new_game()
    roll(g, 0, 2, 3)
    g.act(0, "auction")
    assert prompt_kind(g) == (1, "auction") and g.legal_actions(1).bid_range == (50, 1000)
    assert g.prompt.details["increment"] == 50  # (the web's bid buttons raise by it)
    g.act(1, "bid 50")
    assert_refused(g, 2, "bid 60", "at least")
    g.act(2, "bid 100")
    g.act(0, "bid 150")
    g.act(1, "pass")
    g.act(2, "pass")
    s = g.state
    assert s.tower[0] == [RAZOR] and s.cash[0] == 850
    check(g)


def test_unsold_brand_stays_on_its_space():
    """More Info: Auctions: what if no one wants it? Leave it on the space."""
    g = new_game()
    roll(g, 0, 2, 3)
    g.act(0, "auction")
    for p in (1, 2, 0):
        g.act(p, "pass")
    assert g.state.stock[RAZOR] == 1 and g.state.owner[RAZOR] == BANK


def test_rent_is_owners_current_tower_value():
    """Brand Spaces / Owned: pay the owner the current value of their tower."""
    g = new_game()
    tower(g, 1, RAZOR, XBOX, UNIVERSAL, SKYPE)  # 13 units -> $650K
    roll(g, 0, 2, 3)
    s = g.state
    assert s.cash[0] == 350 and s.cash[1] == 1650


def test_lander_with_empire_cards_is_asked_before_paying_rent():
    """Empire cards (Reverse Rent): a lander who holds any Empire card gets a 'rent' prompt -- pay or play."""
    g = new_game()
    tower(g, 1, RAZOR)
    hand(g, 0, E_JSN)
    roll(g, 0, 2, 3)
    assert prompt_kind(g) == (0, "rent") and list(map(str, g.legal_actions(0).actions)) == ["pay"]
    g.act(0, "pay")
    assert g.state.cash[0] == 950


def test_no_rent_collected_while_owner_in_jail():
    """Go to Jail: while you're in Jail, do not collect rent."""
    g = new_game()
    tower(g, 1, RAZOR)
    jail(g, 1)
    ev = roll(g, 0, 2, 3)
    assert g.state.cash == [1000, 1000, 1000] and "no-rent" in event_kinds(ev)


# ---------------------------------------------------------------------- Offices
def test_colour_set_complete_gives_a_free_office():
    """Color Set = Bonus Office: all the billboards of a colour set in your tower (not necessarily next to each
    other) -> take a bonus office tile for free."""
    g = new_game()
    tower(g, 0, NERF, XBOX)
    place(g, 0, 0)
    roll(g, 0, 1, 2)  # Transformers completes the brown set (Nerf, Transformers)
    g.act(0, "buy")
    s = g.state
    assert s.tower[0] == [NERF, XBOX, TRANSFORMERS, OFFICE] and s.offices == 5 and s.cash[0] == 950
    assert s.height[0] == 1 + 4 + 1 + 4
    check(g)


def test_buy_one_office_on_your_turn_for_500k():
    """Color Set = Bonus Office: you can also buy one office on your turn from the Bank for $500K."""
    g = new_game()
    g.act(0, "buy-office")
    s = g.state
    assert s.tower[0] == [OFFICE] and s.cash[0] == 500 and s.offices == 5
    assert_refused(g, 0, "buy-office", "already")
    set_cash(g, 1, 499)
    start_turn(g, 1)
    assert_refused(g, 1, "buy-office", "costs")


# ---------------------------------------------------------------------- Utilities
def test_utility_buy_one_billboard_for_150k_no_rent():
    """Utilities: either buy a billboard and pay $150K, or it is auctioned; don't pay rent to owners."""
    g = new_game()
    tower(g, 1, ELECTRIC)
    place(g, 0, 9)
    roll(g, 0, 1, 2)
    assert prompt_kind(g) == (0, "buy")
    g.act(0, "buy")
    s = g.state
    assert s.tower[0] == [ELECTRIC] and s.cash[0] == 850 and s.cash[1] == 1000 and s.stock[ELECTRIC] == 2
    check(g)


def test_utility_auction_and_none_left_does_nothing():
    """Utilities: auction a billboard like a brand; with no billboards left, do nothing."""
    g = new_game()
    place(g, 0, 9)
    roll(g, 0, 1, 2)
    g.act(0, "auction")
    g.act(1, "bid 50")
    g.act(2, "pass")
    g.act(0, "pass")
    assert g.state.tower[1] == [ELECTRIC]
    g = new_game()
    tower(g, 1, ELECTRIC, ELECTRIC, ELECTRIC, ELECTRIC)
    place(g, 0, 9)
    roll(g, 0, 1, 2)
    assert prompt_kind(g) == (1, "turn") and g.state.cash[0] == 1000


# ---------------------------------------------------------------------- Tower taxes
def test_rival_tower_tax_returns_a_rivals_topmost_billboard():
    """Rival Tower Tax: return another player's topmost billboard to the board."""
    g = new_game()
    tower(g, 1, NERF, XBOX)
    tower(g, 2, RAZOR)
    place(g, 0, 32)
    roll(g, 0, 2, 4)  # 32 + 6 -> 2 (passing GO)
    assert prompt_kind(g) == (0, "choose-player")
    assert set(map(str, g.legal_actions(0).actions)) == {"target 1", "target 2"}
    g.act(0, "target 1")
    s = g.state
    assert s.tower[1] == [NERF] and s.stock[XBOX] == 1 and s.owner[XBOX] == BANK
    check(g)


def test_rival_tower_tax_with_no_rival_billboards_does_nothing():
    """Rival Tower Tax: with no rival billboard to return, nothing happens."""
    g = new_game()
    tower(g, 0, NERF)
    place(g, 0, 32)
    roll(g, 0, 2, 4)
    assert prompt_kind(g) == (1, "turn") and g.state.tower[0] == [NERF]


def test_tower_tax_returns_your_own_topmost_billboard():
    """Tower Tax: return your topmost billboard to the board."""
    g = new_game()
    tower(g, 0, NERF, XBOX)
    place(g, 0, 30)
    roll(g, 0, 2, 2)  # 34 Tower Tax (doubles: roll again)
    assert g.state.tower[0] == [NERF] and g.state.stock[XBOX] == 1
    check(g)


# ---------------------------------------------------------------------- Free Parking
def test_free_parking_trip_pays_100k_passes_go_and_resolves_the_space():
    """Free Parking: pay the Bank $100K and move to any space except Free Parking; pass GO -> collect your
    tower value; continue your turn on the new space."""
    g = new_game()
    tower(g, 0, NERF)
    place(g, 0, 13)
    roll(g, 0, 2, 3)
    assert prompt_kind(g) == (0, "choose-space")
    assert_refused(g, 0, "pick 18", "choose one of")
    g.act(0, "pick 5")  # Razor, passing GO
    s = g.state
    assert s.position[0] == RAZOR and s.cash[0] == 1000 - 100 + 50 and prompt_kind(g) == (0, "buy")


def test_free_parking_stay_and_trip_needs_100k():
    """Free Parking: or do nothing; a trip needs the $100K fee."""
    g = new_game()
    place(g, 0, 13)
    roll(g, 0, 2, 3)
    g.act(0, "end")
    assert g.state.position[0] == FREE_PARKING and prompt_kind(g) == (1, "turn")
    g = new_game()
    set_cash(g, 0, 99)
    place(g, 0, 13)
    roll(g, 0, 2, 3)
    assert list(map(str, g.legal_actions(0).actions)) == ["end"]


# ---------------------------------------------------------------------- Jail
def test_go_to_jail_space():
    """Go to Jail: go directly to Jail (no GO money)."""
    g = new_game()
    place(g, 0, 22)
    roll(g, 0, 2, 3)
    assert g.state.in_jail[0] and g.state.position[0] == JAIL and prompt_kind(g) == (1, "turn")


def test_jail_pay_100k_then_roll():
    """How Do I Get Out of Jail? 1: pay $100K at the start of your turn, then roll and move as normal."""
    g = new_game()
    jail(g, 0)
    g.act(0, "pay-bail")
    assert not g.state.in_jail[0] and g.state.cash[0] == 900
    set_cash(g, 0, 0)
    roll(g, 0, 2, 3)
    assert g.state.position[0] == 14


def test_jail_chance_card_back_to_bottom_of_pile():
    """How Do I Get Out of Jail? 2: use a Get Out of Jail Free card; put it at the bottom of the pile."""
    g = new_game()
    jail(g, 0)
    stack_card(g, CHANCE, C_GOOJF)
    g.state.decks[CHANCE].remove(C_GOOJF)
    g.state.held[0].append(C_GOOJF)
    g.act(0, "use-card")
    assert not g.state.in_jail[0] and g.state.decks[CHANCE][-1] == C_GOOJF


def test_jail_doubles_free_and_move_by_the_roll():
    """How Do I Get Out of Jail? 3: roll a double -- you're free; use the roll to move."""
    g = new_game()
    jail(g, 0)
    roll(g, 0, 2, 2)
    s = g.state
    assert not s.in_jail[0] and s.position[0] == LEVIS and prompt_kind(g) == (0, "buy")
    g.act(0, "buy")
    assert prompt_kind(g) == (1, "turn")  # the double only freed you: no roll again


def test_jail_third_failed_roll_pays_50k_and_moves():
    """How Do I Get Out of Jail? 3: no double by your third turn in Jail -> pay $50K and use your last roll."""
    g = new_game()
    jail(g, 0)
    set_cash(g, 0, 200)
    roll(g, 0, 2, 3)
    assert g.state.in_jail[0] and g.state.jail_turns[0] == 1
    start_turn(g, 0)
    roll(g, 0, 2, 4)
    start_turn(g, 0)
    roll(g, 0, 2, 6)
    s = g.state
    assert not s.in_jail[0] and s.cash[0] == 150 and s.position[0] == 17


def test_jail_third_failed_roll_with_swapper_moves_by_the_numbered_die():
    """How Do I Get Out of Jail? 3 with the swapper showing: the last roll moves by the numbered die."""
    g = new_game()
    jail(g, 0, 2)
    set_cash(g, 0, 50)
    roll(g, 0, 4, SW)
    assert g.state.position[0] == 13 and g.state.cash[0] == 0


# ---------------------------------------------------------------------- Money: cannot pay
def test_cannot_pay_a_player_hands_over_topmost_billboard():
    """Money: can't pay another player? Keep your cash and give them the topmost billboard in your tower."""
    g = new_game()
    tower(g, 1, RAZOR, XBOX)  # value 250
    tower(g, 0, NERF, SKYPE)
    set_cash(g, 0, 100)
    roll(g, 0, 2, 3)
    s = g.state
    assert s.cash[0] == 100 and s.tower[0] == [NERF] and s.tower[1] == [RAZOR, XBOX, SKYPE]
    assert s.owner[SKYPE] == 1
    check(g)


def test_cannot_pay_the_bank_returns_topmost_billboard_to_board():
    """Money: can't pay the Bank? Keep your cash and return your topmost billboard to the board."""
    g = new_game()
    tower(g, 0, NERF, XBOX)
    set_cash(g, 0, 150)
    stack_card(g, CHANCE, C_FINE)
    place(g, 0, 1)
    roll(g, 0, 2, 3)  # Chance: pay $200K
    s = g.state
    assert s.cash[0] == 150 and s.tower[0] == [NERF] and s.stock[XBOX] == 1


def test_cannot_pay_without_billboards_nothing_happens():
    """Money: if you don't have any billboards, do nothing."""
    g = new_game()
    tower(g, 1, RAZOR)
    set_cash(g, 0, 10)
    roll(g, 0, 2, 3)
    assert g.state.cash[:2] == [10, 1000] and g.state.tower[0] == []


# ---------------------------------------------------------------------- How to Win
def test_first_full_tower_wins_overshoot_allowed():
    """How to Win: the first player to stack their billboards to the top of their tower wins (the last tile
    may overshoot the top)."""
    g = new_game()
    tower(g, 0, XBOX, UNIVERSAL, SKYPE, NICK)  # 15 of 16 units
    place(g, 0, 0)
    roll(g, 0, 2, 3)  # Razor (1 unit) -> 16
    g.act(0, "buy")
    assert g.over and g.winners == [0] and g.state.end_reason == "tower-full" and g.prompt is None
    g = new_game()
    tower(g, 0, XBOX, UNIVERSAL, SKYPE, WILSON)  # 14 units
    place(g, 0, 19)
    roll(g, 0, 2, 4)  # Ford (3 units) -> 17
    g.act(0, "buy")
    assert g.over and g.winners == [0]
    assert g.describe(g.history[-1]).startswith("Game over: Player 1")


def test_a_swap_that_fills_a_tower_wins():
    """How to Win: a tower filled by a sneaky swap (not by a purchase) wins at once too (the rules look for
    a full tower whenever one has grown, by an arrival or a swap)."""
    g = new_game()
    tower(g, 0, XBOX, UNIVERSAL, SKYPE, NERF)  # 13 of 16 units
    tower(g, 1, BEATS)  # 4 units on top
    roll(g, 0, 5, SW)
    g.act(0, "swap 0")
    assert not g.over
    g.act(0, "swap 1")
    assert g.state.tower[0][3] == BEATS and g.state.height[0] >= 16
    assert g.over and g.winners == [0] and g.state.end_reason == "tower-full" and g.prompt is None


def test_a_rival_completing_their_tower_on_your_turn_wins():
    """How to Win: whoever fills their tower first wins, also when it happens on another player's turn."""
    g = new_game()
    tower(g, 1, XBOX, UNIVERSAL, SKYPE, NICK, RAZOR)  # 16 units would win; take Razor off first
    g.state.tower[1].pop()
    g.state.height[1] -= 1
    g.state.stock[RAZOR] += 1
    g.state.owner[RAZOR] = BANK
    tower(g, 0, NERF)
    tower(g, 1, POLAROID)  # 16 units... set up one short instead:
    g.state.tower[1].pop()
    g.state.height[1] -= 1
    g.state.stock[POLAROID] += 1
    g.state.owner[POLAROID] = BANK
    tower(g, 1, VIRGIN)
    set_cash(g, 0, 10)
    g2 = new_game()
    tower(g2, 1, XBOX, UNIVERSAL, SKYPE, NICK)  # 15 units
    tower(g2, 0, NERF)
    tower(g2, 2, WILSON)
    set_cash(g2, 0, 10)
    roll(g2, 0, 1, 4)  # 5: Razor, nobody's; auction: player 1 wins it
    g2.act(0, "auction")
    g2.act(1, "bid 50")
    g2.act(2, "pass")
    g2.act(0, "pass")
    assert g2.over and g2.winners == [1]


def test_rejected_actions_leave_the_game_unchanged():
    """Every refused action says why and changes nothing."""
    g = new_game()
    assert_refused(g, 1, "roll", "not your decision")
    assert_refused(g, 0, "buy", "does not answer")
    assert_refused(g, 0, "play 3", "no such Empire card")
    assert_refused(g, 0, "swap 1", "does not answer")
    assert_refused(g, 0, "pay-bail", "not in jail")


def test_option_exact_raises_every_raise_is_exactly_50k():
    """Auctions: "anyone can increase the current bid by $50K". Default reading: a raise of at least $50K
    (above); option 'exact-raises': exactly $50K, so the only bid is the next step."""
    g = om.Game("empire", 3, seed=1, options={"exact-raises": True})
    start_turn(g, 0)
    for h in g.state.hands:
        h.clear()
    g.state.decks[EMPIRE] = list(range(14))
    roll(g, 0, 1, 2)  # 3: Transformers, unowned
    g.act(0, "auction")
    assert prompt_kind(g) == (1, "auction") and g.legal_actions(1).bid_range == (50, 50)
    assert_refused(g, 1, "bid 100", "at most")
    g.act(1, "bid 50")
    assert g.legal_actions(2).bid_range == (100, 100)
    g.act(2, "bid 100")
    g.act(0, "pass")
    g.act(1, "pass")
    s = g.state
    assert s.owner[TRANSFORMERS] == 2 and s.cash[2] == 900
