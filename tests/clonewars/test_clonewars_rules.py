"""Clone Wars rulebook scenarios (scripted dice; see docs/RULES-COVERAGE.md, section Clone Wars)."""

from __future__ import annotations

import json

import pytest

import openmonopoly as om
from kit import assert_refused, hold_card, jail, own, place, prompt_kind, roll, set_cash, start_turn
from openmonopoly.engine.state import BANK
from rules.helpers import check_invariants, new_game

CW = "clonewars"
SW_RULE = {"starwars-rule": True}
ANAKIN, REX, OBI, GRIEVOUS, VENTRESS, AHSOKA = range(6)
DUNE, TATOOINE, BOTHAWUI, RUUSAN, ABREGADO = 1, 3, 6, 8, 9
RUGOSA, TOYDARIA, RISHI = 11, 13, 14
ZIRO, JABBA = 37, 39
SKYTOP, MEDICAL = 12, 28


def sw_game(players: int = 3, characters=(ANAKIN, GRIEVOUS, REX), options: dict | None = None) -> om.Game:
    g = new_game(CW, players, options=dict(SW_RULE, **(options or {})))
    for p, k in enumerate(characters[:players]):
        g.state.character[p] = k
    return g


def mission_roll(g: om.Game, p: int, face: int) -> list:
    g.chance.force_dice(face)
    return g.act(p, "mission")


# ------------------------------------------------------------------ the edition
def test_board_decks_money_and_words():
    g = new_game(CW, 3)
    ed = g.edition
    assert [ed.board[p].name for p in ed.railroads] == [
        "The Twilight",
        "The Resolute",
        "The Malevolence",
        "The Defender",
    ]
    assert (ed.board[SKYTOP].name, ed.board[MEDICAL].name) == ("Skytop Station", "Republic Medical Station")
    assert (ed.board[4].name, ed.board[4].amount, ed.board[38].name, ed.board[38].amount) == (
        "Trade Blockade",
        200,
        "Ransom",
        100,
    )
    assert [d.name for d in ed.decks] == ["Sith", "Jedi"] and [len(d.cards) for d in ed.decks] == [16, 16]
    assert (ed.term("house"), ed.term("hotel")) == ("settlement", "city")
    assert ed.money(1500) == "1,500 credits" and g.state.cash == [1500] * 3
    assert (g.state.bank_houses, g.state.bank_hotels) == (32, 12)


def test_trade_blockade_and_ransom_are_taxes():
    g = new_game(CW, 2)
    roll(g, 0, 1, 3)
    assert g.state.cash[0] == 1300
    place(g, 1, 35)
    roll(g, 1, 1, 2)
    assert g.state.cash[1] == 1400


# ------------------------------------------------------------------ auctions
def test_auction_from_1_credit_cash_only_and_the_last_bidder_must_buy():
    """Common mistake 1: 'nobody has to buy at an auction' -- the last bidder not outbid must buy."""
    g = new_game(CW, 3)
    set_cash(g, 1, 40)
    roll(g, 0, 2, 6)  # Ruusan
    g.act(0, "auction")
    assert prompt_kind(g) == (1, "auction") and g.prompt.details["minimum"] == 1
    assert g.legal_actions(1).bid_range == (1, 40)  # only up to the cash held
    assert_refused(g, 1, "bid 41", "at most")
    g.act(1, "bid 1")
    g.act(2, "pass")
    g.act(0, "pass")
    assert g.state.owner[RUUSAN] == 1 and g.state.cash[1] == 39  # bound by the bid: bought
    check_invariants(g)


# ------------------------------------------------------------------ rent
def test_utility_rent_is_four_or_ten_times_the_moving_roll():
    g = new_game(CW, 2)
    own(g, 1, SKYTOP)
    place(g, 0, 7)
    roll(g, 0, 2, 3)
    assert g.state.cash[0] == 1500 - 20 and g.state.cash[1] == 1520
    own(g, 1, MEDICAL)
    place(g, 0, 25)
    start_turn(g, 0)
    roll(g, 0, 1, 2)
    assert g.state.cash[0] == 1480 - 30


def test_double_set_rent_stays_on_unmortgaged_sites_of_a_partly_mortgaged_group():
    g = new_game(CW, 2)
    own(g, 1, BOTHAWUI, RUUSAN, ABREGADO)
    g.state.mortgaged[ABREGADO] = True
    roll(g, 0, 2, 6)  # Ruusan: rent 6, doubled
    assert g.state.cash[0] == 1500 - 12


def test_rent_is_collected_while_the_owner_is_in_jail():
    """Common mistake 4: 'no rent while in jail' -- yes, as long as the site is not mortgaged."""
    g = new_game(CW, 2)
    own(g, 1, RUUSAN)
    jail(g, 1)
    roll(g, 0, 2, 6)
    assert g.state.cash == [1494, 1506]


def test_rent_must_be_claimed_before_the_next_roll():
    """Common mistake 2: 'I can ask for rent later' -- only before the next player rolls."""
    g = new_game(CW, 2, options={"rent-must-be-claimed": True})
    own(g, 1, RUUSAN)
    roll(g, 0, 2, 6)
    assert prompt_kind(g) == (1, "claim-rent")
    assert_refused(g, 0, "roll")
    g.act(1, "waive")
    assert prompt_kind(g) == (1, "turn") and g.state.cash == [1500, 1500]


# ------------------------------------------------------------------ cities
def city_group(g: om.Game, level: int = 5) -> None:
    own(g, 0, RUGOSA, TOYDARIA, RISHI, level=level)


def test_sell_a_city_back_for_4_settlements_and_half_the_city_price():
    g = new_game(CW, 2)
    city_group(g)
    houses = g.state.bank_houses
    g.act(0, f"sell {RISHI}")  # city cost 100: half is 50; 4 settlements back on the site
    assert g.state.level[RISHI] == 4 and g.state.bank_houses == houses - 4 and g.state.cash[0] == 1550
    check_invariants(g)


def test_sell_a_city_outright_for_half_the_city_and_half_4_settlements():
    g = new_game(CW, 2)
    city_group(g)
    hotels = g.state.bank_hotels
    g.act(0, f"sell-city {RISHI}")  # 100/2 + 4 * 100/2
    assert g.state.level[RISHI] == 0 and g.state.bank_hotels == hotels + 1 and g.state.cash[0] == 1750
    # evenness from here on: build on the bare site first, sell from the top
    assert_refused(g, 0, f"build {RUGOSA}")
    g.act(0, f"build {RISHI}")
    assert_refused(g, 0, f"sell {RISHI}", "evenly")
    assert_refused(g, 0, f"sell-city {RISHI}", "no city")
    check_invariants(g)


def test_sell_city_works_when_the_bank_has_no_settlements_and_only_in_clone_wars():
    g = new_game(CW, 2)
    city_group(g)
    g.state.bank_houses, g.state.bank_hotels = 0, g.state.bank_hotels  # settlements all used elsewhere (book-keeping)
    assert_refused(g, 0, f"sell {RISHI}", "sell-all")
    assert om.Action("sell-city", RISHI) in g.legal_actions(0).actions
    sw = new_game("starwars40", 2)
    assert_refused(sw, 0, "sell-city 14")


# ------------------------------------------------------------------ bankruptcy
def test_bankruptcy_to_a_player_creditor_pays_10_percent_on_each_mortgaged_site_at_once():
    g = new_game(CW, 3)
    own(g, 0, DUNE, TATOOINE, mortgaged=True)
    own(g, 2, RUUSAN)
    jail_card = next(i for i, c in enumerate(g.edition.decks[1].cards) if c.effect["kind"] == "get_out_of_jail")
    hold_card(g, 0, 1, jail_card)
    set_cash(g, 0, 5)
    place(g, 0, 5)
    roll(g, 0, 1, 2)  # Ruusan: 6 rent
    g.act(0, "bankrupt")
    assert g.state.owner[DUNE] == g.state.owner[TATOOINE] == 2 and g.state.cash[2] == 1505
    assert g.state.held[2] == [1 << 8 | jail_card]
    assert prompt_kind(g) == (2, "mortgaged-property")
    assert g.prompt.details["lift_cost"] == 33 + 3 and g.prompt.details["interest"] == 3
    g.act(2, "keep")  # the 10% even without lifting
    g.act(2, "lift")  # 10% now + the mortgage and its 10%
    assert g.state.cash[2] == 1505 - 3 - 36 and g.state.mortgaged[DUNE] != g.state.mortgaged[TATOOINE]
    check_invariants(g)


def test_bankruptcy_to_the_bank_mortgaged_sites_are_auctioned_free_of_mortgage():
    g = new_game(CW, 3)
    own(g, 0, DUNE, mortgaged=True)
    set_cash(g, 0, 10)
    roll(g, 0, 1, 3)  # Trade Blockade 200
    g.act(0, "bankrupt")
    assert prompt_kind(g)[1] == "auction" and not g.state.mortgaged[DUNE] and g.state.owner[DUNE] == BANK
    g.act(g.prompt.player, "bid 5")
    g.act(g.prompt.player, "pass")
    assert g.state.owner[DUNE] >= 0 and not g.state.mortgaged[DUNE]


# ------------------------------------------------------------------ short game
def test_short_game_deals_3_free_deeds_city_after_3_settlements_and_ends_at_the_first_bankruptcy():
    g = om.Game(CW, 3, seed=4, options={"quicker-game": True})
    s = g.state
    assert [sum(1 for o in s.owner if o == p) for p in range(3)] == [3, 3, 3] and s.cash == [1500] * 3
    assert g.houses_per_hotel == 3 and g.hotel_level == 4
    g = new_game(CW, 3, options={"quicker-game": True})
    g.state.owner[:] = [BANK] * len(g.state.owner)  # forget the dealt deeds
    own(g, 1, RUGOSA, TOYDARIA, RISHI, level=3)
    g.act(1, f"build {RISHI}")
    assert g.state.level[RISHI] == 4 and g.state.bank_houses == 32 - 9 + 3
    assert g.state.cash[1] == 1400  # the city price: 100
    place(g, 0, 11)
    roll(g, 0, 1, 1)  # Toydaria: 3 settlements, rent as printed (450)
    assert g.state.cash[0] == 1050
    set_cash(g, 2, 100)
    place(g, 2, 9)
    start_turn(g, 2)
    roll(g, 2, 1, 4)  # Rishi with a city: 900
    g.act(2, "bankrupt")
    assert g.over and g.state.end_reason == "first-bankruptcy"
    # the wealthiest by the stated valuation: cash, sites at price, settlements and cities at cost
    assert g.net_worth(1) == g.state.cash[1] + 440 + 2 * 3 * 100 + (100 + 3 * 100)
    assert g.winners == [1]


def test_short_game_must_leave_jail_on_the_next_turn():
    g = new_game(CW, 2, options={"quicker-game": True})
    jail(g, 0)
    roll(g, 0, 1, 2)
    assert not g.state.in_jail[0] and g.state.position[0] == 13 and g.state.cash[0] == 1450


# ------------------------------------------------------------------ time limit
def test_time_limit_deals_2_paid_deeds_and_the_richest_wins_after_the_rounds():
    g = om.Game(CW, 3, seed=2, options={"time-limit": 1})
    s = g.state
    ed = g.edition
    for p in range(3):
        mine = [q for q in ed.properties if s.owner[q] == p]
        assert len(mine) == 2 and s.cash[p] == 1500 - sum(ed.board[q].price for q in mine)
    while not g.over:
        p = g.prompt
        g.act(
            p.player,
            "roll"
            if p.kind == "turn"
            else "auction"
            if p.kind == "buy"
            else "pass"
            if p.kind == "auction"
            else g.legal_actions(p.player).actions[0],
        )
    assert g.state.end_reason == "time-limit" and g.state.round == 1
    worth = [g.net_worth(p) for p in range(3)]
    assert g.winners == [p for p in range(3) if worth[p] == max(worth)]


def test_time_up_ends_a_clock_game_and_is_refused_otherwise():
    """Time-limit game against a clock: the player whose turn it is calls time (one seat, not any)."""
    g = new_game(CW, 3, options={"time-limit": 0})
    assert om.Action("time-up") in g.legal_actions(0).actions
    assert om.Action("time-up") not in g.legal_actions(1).actions
    assert_refused(g, 1, "time-up", "whose turn it is")
    set_cash(g, 2, 3000)
    g.act(0, "time-up")
    assert g.over and g.winners == [2] and g.state.end_reason == "time-limit"
    clock = om.Game(CW, 3, seed=5, options={"time-limit": 0})
    clock.act(clock.prompt.player, "roll")
    clock.act(clock.state.current, "time-up")  # the record keeps it: the game replays
    assert clock.over and om.Game.replay(clock.record()).digest() == clock.digest()
    assert_refused(new_game(CW, 3, options={"time-limit": 5}), 0, "time-up", "after 5 rounds")
    assert_refused(new_game(CW, 3), 0, "time-up", "no time limit")


def test_quicker_game_with_time_limit_is_refused():
    with pytest.raises(om.BadOption):
        om.Game(CW, 2, options={"quicker-game": True, "time-limit": 3})


# ------------------------------------------------------------------ the Star Wars rule
def test_star_wars_rule_is_optional():
    """Common mistake 5: 'the Star Wars rule always applies' -- only with the option."""
    g = new_game(CW, 2)
    place(g, 0, 2)
    roll(g, 0, 6, 1)  # Abregado System, with a 6
    assert prompt_kind(g) == (0, "buy")
    g.act(0, "buy")
    assert prompt_kind(g) == (1, "turn")


def test_characters_are_chosen_at_set_up_each_once_grievous_and_ventress_dark():
    g = om.Game(CW, 3, seed=1, options=SW_RULE)
    assert prompt_kind(g) == (0, "character")
    g.act(0, f"choose {GRIEVOUS}")
    assert_refused(g, 1, f"choose {GRIEVOUS}", "nobody has yet")
    g.act(1, f"choose {ANAKIN}")
    g.act(2, f"choose {VENTRESS}")
    assert prompt_kind(g)[1] == "turn"
    assert [g.side_of(p) for p in range(3)] == ["dark", "light", "dark"]
    assert g.view(0).to_json()["players"][1]["character"] == "Anakin Skywalker"


def test_rulebook_example_anakin_establishes_bases():
    """Anakin rolls 2 and 6, lands on Ruusan, buys it, succeeds at Establish Bases (rolls 3) and takes
    Abregado System and Bothawui, completing the colour group."""
    g = sw_game()
    roll(g, 0, 2, 6)
    assert g.state.position[0] == RUUSAN
    g.act(0, "buy")
    assert g.state.cash[0] == 1400
    assert prompt_kind(g) == (0, "mission") and g.prompt.details["name"] == "Establish Bases"
    mission_roll(g, 0, 3)
    assert prompt_kind(g) == (0, "mission-pick")
    g.act(0, f"take {ABREGADO}")
    g.act(0, f"take {BOTHAWUI}")
    assert all(g.state.owner[q] == 0 for q in (BOTHAWUI, RUUSAN, ABREGADO)) and g.state.cash[0] == 1400
    assert prompt_kind(g) == (1, "turn")  # the turn is over
    check_invariants(g)


def test_mission_can_be_declined_and_failure_costs_100():
    g = sw_game()
    roll(g, 0, 2, 6)
    g.act(0, "auction")
    for _ in range(3):
        g.act(g.prompt.player, "pass")
    g.act(0, "pass")  # no mission
    assert prompt_kind(g) == (1, "turn")
    g2 = sw_game()
    place(g2, 0, 14)
    _to_mission(g2, 0, 6, 1)  # Kalida Nebula (auctioned, unsold), then mission 1
    cash = g2.state.cash[0]
    mission_roll(g2, 0, 1)  # light 1 needs 2
    assert g2.state.cash[0] == cash - 100


def _to_mission(g: om.Game, p: int, d1: int, d2: int) -> None:
    roll(g, p, d1, d2)
    while g.prompt.kind != "mission":
        kind = g.prompt.kind
        g.act(
            g.prompt.player,
            "auction"
            if kind == "buy"
            else "pass"
            if kind == "auction"
            else g.legal_actions(g.prompt.player).actions[0],
        )


def test_light_1_take_a_site_or_collect_100():
    g = sw_game()
    place(g, 0, 14)
    _to_mission(g, 0, 1, 6)  # Free Parking, mission 1
    mission_roll(g, 0, 2)
    assert om.Action("collect") in g.legal_actions(0).actions
    g.act(0, "collect")
    assert g.state.cash[0] == 1600


def test_light_3_move_to_any_space_resolves_it_without_salary():
    g = sw_game()
    own(g, 1, JABBA)
    place(g, 0, 14)
    _to_mission(g, 0, 3, 6)  # 23: Antar (unowned) -> auctioned away
    mission_roll(g, 0, 2)
    cash = g.state.cash[0]
    g.act(0, f"pick {JABBA}")
    assert g.state.position[0] == JABBA and g.state.cash[0] == cash - 50
    moved = [e for e in g.history if e.kind == "moved"][-1]
    assert (moved.pos, moved.info) == (JABBA, "placed")  # placed on it: no GO salary


def test_light_4_another_turn():
    g = sw_game()
    place(g, 0, 10)
    _to_mission(g, 0, 4, 6)  # Free Parking
    mission_roll(g, 0, 2)
    assert prompt_kind(g) == (0, "turn")


def test_light_5_rescue_senator_only_on_a_6():
    g = sw_game()
    place(g, 0, 9)
    _to_mission(g, 0, 5, 6)
    cash = g.state.cash[0]
    mission_roll(g, 0, 6)
    assert g.state.cash[0] == cash + 3000
    g = sw_game()
    place(g, 0, 9)
    _to_mission(g, 0, 5, 6)
    cash = g.state.cash[0]
    mission_roll(g, 0, 5)
    assert g.state.cash[0] == cash - 100


def test_light_6_jedi_mind_trick_puts_another_player_on_any_space():
    g = sw_game()
    own(g, 0, ZIRO, JABBA)
    place(g, 0, 8)
    _to_mission(g, 0, 6, 6)  # 6 and 6: mission 6, then the doubles roll
    mission_roll(g, 0, 4)
    g.act(0, "target 1")
    g.act(0, f"pick {JABBA}")  # 50 doubled: 100
    assert g.state.position[1] == JABBA and g.state.cash[1] == 1400
    assert prompt_kind(g) == (0, "turn") and g.prompt.details["doubles"] == 1


def test_dark_steals_only_sites_outside_complete_groups():
    """Common mistake 3: 'the dark side steals any site' -- not one of a complete colour group."""
    g = sw_game()
    own(g, 0, RUGOSA, TOYDARIA, RISHI)  # Anakin: a complete group
    own(g, 0, JABBA)
    place(g, 1, 14)
    start_turn(g, 1)
    _to_mission(g, 1, 1, 6)  # Grievous, dark 1
    mission_roll(g, 1, 4)
    legal = g.legal_actions(1).actions
    assert om.Action("steal", JABBA) in legal and om.Action("steal", RISHI) not in legal
    assert_refused(g, 1, f"steal {RISHI}", "outside a complete colour group")
    g.act(1, f"steal {JABBA}")
    assert g.state.owner[JABBA] == 1


def test_dark_steal_fails_below_4_and_nothing_to_steal():
    g = sw_game()
    own(g, 0, JABBA)
    place(g, 1, 14)
    start_turn(g, 1)
    _to_mission(g, 1, 2, 6)
    cash = g.state.cash[1]
    mission_roll(g, 1, 3)
    assert g.state.cash[1] == cash - 100 and g.state.owner[JABBA] == 0


def test_swift_victory_eliminates_a_player_and_takes_all_their_land_and_money():
    g = sw_game()
    own(g, 2, JABBA, ZIRO, level=2)
    own(g, 2, SKYTOP, mortgaged=True)
    place(g, 1, 9)
    start_turn(g, 1)
    _to_mission(g, 1, 5, 6)
    cash1, cash2 = g.state.cash[1], g.state.cash[2]
    mission_roll(g, 1, 6)
    g.act(1, "target 2")
    s = g.state
    assert not s.alive[2] and s.cash[2] == 0 and s.cash[1] == cash1 + cash2
    assert s.owner[JABBA] == s.owner[ZIRO] == s.owner[SKYTOP] == 1 and s.level[JABBA] == 2
    check_invariants(g)


def test_swift_victory_failure_costs_200_and_last_player_wins():
    g = sw_game(2)
    place(g, 1, 9)
    start_turn(g, 1)
    _to_mission(g, 1, 5, 6)
    cash = g.state.cash[1]
    mission_roll(g, 1, 5)
    assert g.state.cash[1] == cash - 200
    g = sw_game(2)
    place(g, 1, 9)
    start_turn(g, 1)
    _to_mission(g, 1, 5, 6)
    mission_roll(g, 1, 6)
    g.act(1, "target 0")
    assert g.over and g.winners == [1] and g.state.end_reason == "swift-victory"


def test_no_mission_when_the_move_ends_in_jail():
    g = sw_game()
    place(g, 0, 23)
    roll(g, 0, 6, 1)  # 30: Go to Jail
    assert g.state.in_jail[0] and prompt_kind(g) == (1, "turn")


def test_mission_state_round_trips_through_json():
    g = sw_game()
    roll(g, 0, 2, 6)
    g.act(0, "buy")
    mission_roll(g, 0, 3)
    g.act(0, f"take {ABREGADO}")
    back = om.Game.from_json(json.loads(json.dumps(g.to_json())), verify=False)  # (a position set by hand)
    assert back.to_json() == g.to_json() and back.prompt == g.prompt
    back.act(0, f"take {BOTHAWUI}")
    assert back.state.owner[BOTHAWUI] == 0


def test_bankruptcy_creditor_unmortgaging_a_received_site_pays_the_10_percent_due_at_once_too():
    """Bankruptcy, owing a player: "they receive your mortgaged property ... and pay 10% on each mortgaged
    property" -- due at once, so lifting it before the lift-or-keep answer ('unmortgage') costs what 'lift'
    costs: the 10% (3) plus the mortgage and its 10% (33)."""
    g = new_game(CW, 3)
    own(g, 0, DUNE, TATOOINE, mortgaged=True)
    own(g, 2, RUUSAN)
    set_cash(g, 0, 5)
    place(g, 0, 5)
    roll(g, 0, 1, 2)  # Ruusan: 6 rent
    g.act(0, "bankrupt")
    assert prompt_kind(g) == (2, "mortgaged-property") and g.prompt.details["lift_cost"] == 36
    g.act(2, f"unmortgage {TATOOINE}")
    assert g.state.cash[2] == 1505 - 36
    g.act(2, f"unmortgage {DUNE}")  # the one being asked about: the prompt is settled too
    assert g.state.cash[2] == 1505 - 72 and prompt_kind(g) == (1, "turn")
    check_invariants(g)


JAIL_SPACE = 10


def test_jedi_mind_trick_on_a_jailed_player_takes_them_out_of_jail():
    """Star Wars rule, light 6 "Jedi Mind Trick" / dark 6 "Take Hostage": "put another player on any space"
    (at least 4). The rule names no exception for a jailed player, and a token off the Jail space is not in
    jail: the jailed player put on Jabba's Palace leaves jail, lands there and pays the rent (50, doubled for
    the complete group: 100); their next turn is an ordinary roll."""
    g = sw_game()
    own(g, 0, ZIRO, JABBA)
    jail(g, 1, 1)
    place(g, 0, 8)
    _to_mission(g, 0, 6, 6)
    mission_roll(g, 0, 4)
    assert om.Action("target", 1) in g.legal_actions(0).actions
    g.act(0, "target 1")
    g.act(0, f"pick {JABBA}")
    s = g.state
    assert (s.position[1], s.in_jail[1], s.jail_turns[1], s.cash[1]) == (JABBA, False, 0, 1400)
    assert "left-jail" in [e.kind for e in g.history]


def test_jedi_mind_trick_putting_a_jailed_player_on_the_jail_space_keeps_them_in_jail():
    """Put on the Jail space itself, a jailed player stays in jail (their tries so far unchanged)."""
    g = sw_game()
    jail(g, 1, 1)
    place(g, 0, 8)
    _to_mission(g, 0, 6, 6)
    mission_roll(g, 0, 4)
    g.act(0, "target 1")
    g.act(0, f"pick {JAIL_SPACE}")
    s = g.state
    assert (s.position[1], s.in_jail[1], s.jail_turns[1], s.cash[1]) == (JAIL_SPACE, True, 1, 1500)
