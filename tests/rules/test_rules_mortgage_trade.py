"""Mortgaging (Help! I Can't Pay!) and Deals & Trades (Star Wars 40th rulebook)."""

import openmonopoly as om
from kit import assert_refused, event_kinds, hold_card, own, prompt_kind, set_cash

from .helpers import CARGO, SW, check_invariants, new_game

LIGHT_BLUE = (6, 8, 9)


# ---------------------------------------------------------------- mortgages
def test_mortgage_collects_the_mortgage_value():
    """Mortgaging Property: turn the Title Deed facedown and collect the mortgage value from the Bank."""
    g = new_game(SW)
    own(g, 0, 6, 5)
    g.act(0, "mortgage 6")
    g.act(0, "mortgage 5")
    s = g.state
    assert s.mortgaged[6] and s.mortgaged[5] and s.cash[0] == 1500 + 50 + 100
    check_invariants(g)


def test_mortgage_refused_while_the_set_has_buildings():
    """Mortgaging Property: you must first sell all buildings in its color set to the Bank."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE)
    own(g, 0, 6, level=1)
    assert_refused(g, 0, "mortgage 9", "first")
    assert_refused(g, 0, "mortgage 6", "first")
    g.act(0, "sell 6")
    g.act(0, "mortgage 9")
    assert g.state.cash[0] == 1500 + 25 + 60


def test_mortgage_refused_twice_or_on_anothers_property():
    """Mortgaging Property: only your own, unmortgaged property."""
    g = new_game(SW)
    own(g, 0, 6, mortgaged=True)
    own(g, 1, 8)
    assert_refused(g, 0, "mortgage 6", "already")
    assert_refused(g, 0, "mortgage 8", "do not own")


def test_unmortgage_costs_mortgage_plus_ten_percent():
    """Mortgaging Property: to repay, pay the unmortgage cost (mortgage value + 10%): 55 for 50."""
    g = new_game(SW)
    own(g, 0, 6, mortgaged=True)
    g.act(0, "unmortgage 6")
    assert not g.state.mortgaged[6] and g.state.cash[0] == 1445
    check_invariants(g)


def test_unmortgage_values_are_mortgage_plus_ten_percent_rounded_up():
    """Mortgaging Property: unmortgage cost = mortgage + 10% on every property of the board."""
    g = new_game(SW)
    for pos in g.edition.properties:
        sp = g.edition.board[pos]
        assert sp.mortgage == sp.price // 2
        assert sp.unmortgage == sp.mortgage + -(-sp.mortgage // 10)


def test_unmortgage_refused_without_the_cash():
    """Mortgaging Property: the unmortgage cost must be paid."""
    g = new_game(SW)
    own(g, 0, 6, mortgaged=True)
    set_cash(g, 0, 54)
    assert_refused(g, 0, "unmortgage 6", "costs")


def test_mortgage_and_unmortgage_on_another_players_turn():
    """Deals & Trades ('at any time') / Mortgaging: mortgaging is not limited to your turn."""
    g = new_game(SW, first=2)
    own(g, 0, 6)
    g.act(0, "mortgage 6")
    g.act(0, "unmortgage 6")
    assert g.state.cash[0] == 1495 and prompt_kind(g) == (2, "turn")


# ---------------------------------------------------------------- trades
def test_trade_property_for_cash_accepted():
    """Deals & Trades: buy, sell or swap property with other players at any time, for an agreed price."""
    g = new_game(SW, first=3)
    own(g, 0, 6)
    g.act(0, "trade 1 give=6 cash=-80")  # player 1 pays 80 for it
    assert g.prompt.kind == "trade" and g.prompt.player == 1
    g.act(1, "accept")
    s = g.state
    assert s.owner[6] == 1 and s.cash[:2] == [1580, 1420]
    assert prompt_kind(g) == (3, "turn")
    check_invariants(g)


def test_trade_swap_properties_cash_and_cards():
    """Deals & Trades: property can be traded for cash, other property and/or Get Out of Jail Free cards."""
    g = new_game(SW)
    own(g, 0, 6, 8)
    own(g, 1, 9, 15)
    hold_card(g, 1, CARGO, 4)
    g.act(0, "trade 1 give=6,8 take=9,15 cash=25 take-cards=1")
    g.act(1, "accept")
    s = g.state
    assert [s.owner[p] for p in (6, 8, 9, 15)] == [1, 1, 0, 0]
    assert s.cash[:2] == [1475, 1525]
    assert s.held[0] == [CARGO << 8 | 4] and s.held[1] == []


def test_trade_rejected_changes_nothing():
    """Deals & Trades: the amount is decided by the players; the other player may say no."""
    g = new_game(SW)
    own(g, 0, 6)
    before_owner, before_cash = list(g.state.owner), list(g.state.cash)
    g.act(0, "trade 1 give=6 cash=-80")
    events = g.act(1, "reject")
    assert "trade-rejected" in event_kinds(events)
    assert g.state.owner == before_owner and g.state.cash == before_cash
    assert prompt_kind(g) == (0, "turn")


def test_trade_refused_while_the_colour_set_has_buildings():
    """Deals & Trades: you must sell all Fleets and Bases on a color set to the Bank before you can sell
    or trade a Scene; Fleets and Bases cannot be sold or traded to another player."""
    g = new_game(SW)
    own(g, 0, *LIGHT_BLUE)
    own(g, 0, 6, level=1)
    assert_refused(g, 0, "trade 1 give=8 cash=-100", "sell the")
    assert_refused(g, 0, "trade 1 give=6 cash=-100", "sell the")
    g.act(0, "sell 6")
    g.act(0, "trade 1 give=8 cash=-100")
    assert prompt_kind(g) == (1, "trade")


def test_trade_refused_for_property_or_cash_you_do_not_have():
    """Deals & Trades: you can only trade what you own."""
    g = new_game(SW)
    own(g, 1, 6)
    assert_refused(g, 0, "trade 1 give=6", "does not own")
    assert_refused(g, 0, "trade 1 take=6 cash=1501", "only")
    assert_refused(g, 0, "trade 1 take-cards=0", "no get-out-of-jail card")
    assert_refused(g, 0, "trade 0 take=6", "yourself")


def test_trade_of_mortgaged_property_receiver_lifts_the_mortgage():
    """Deals & Trades: the new owner of a mortgaged property must immediately repay the mortgage
    (pay the Bank the unmortgage cost, 55) or ..."""
    g = new_game(SW)
    own(g, 0, 6, mortgaged=True)
    g.act(0, "trade 1 give=6 cash=-10")
    g.act(1, "accept")
    assert g.prompt == om.Prompt(1, "mortgaged-property", {"pos": 6, "from": 0, "lift_cost": 55, "interest": 5})
    g.act(1, "lift")
    s = g.state
    assert s.owner[6] == 1 and not s.mortgaged[6] and s.cash[:2] == [1510, 1500 - 10 - 55]
    check_invariants(g)


def test_trade_of_mortgaged_property_receiver_keeps_the_mortgage_paying_ten_percent():
    """Deals & Trades: ... or keep the mortgage (pay the Bank 10% now); lifting it later costs the full
    unmortgage cost (mortgage + 10%) again."""
    g = new_game(SW)
    own(g, 0, 6, mortgaged=True)
    g.act(0, "trade 1 give=6 cash=-10")
    g.act(1, "accept")
    g.act(1, "keep")
    s = g.state
    assert s.owner[6] == 1 and s.mortgaged[6] and s.cash[1] == 1500 - 10 - 5
    g.act(1, "unmortgage 6")
    assert not s.mortgaged[6] and s.cash[1] == 1485 - 55
    check_invariants(g)


def test_trade_receiver_of_mortgaged_property_without_cash_for_lifting_may_only_keep():
    """Deals & Trades: lifting needs the unmortgage cost; otherwise only 'keep' is offered."""
    g = new_game(SW)
    own(g, 0, 9, mortgaged=True)
    set_cash(g, 1, 20)
    g.act(0, "trade 1 give=9")
    g.act(1, "accept")
    assert list(g.legal_actions(1).actions)[0] == om.Action("keep")
    assert_refused(g, 1, "lift", "keep")
    g.act(1, "keep")
    assert g.state.cash[1] == 14


def test_only_one_trade_offer_at_a_time():
    """Deals & Trades (engine): a new offer waits until the pending one is answered."""
    g = new_game(SW)
    own(g, 0, 6)
    own(g, 2, 8)
    g.act(0, "trade 1 give=6 cash=-80")
    assert_refused(g, 2, "trade 0 give=8", "waiting")


def test_trade_refused_for_a_property_listed_twice():
    """An offer names each property once (engine): a repeat is refused and nothing changes."""
    g = new_game(SW)
    own(g, 0, 6, 8)
    own(g, 1, 9)
    twice = om.TradeOffer(0, 1, (6, 8, 6), (), 0)
    assert_refused(g, 0, om.Action("trade", -1, twice), "listed twice")
    assert_refused(g, 0, om.Action("trade", -1, om.TradeOffer(0, 1, (6,), (9, 9), 0)), "listed twice")
    g.act(0, om.Action("trade", -1, om.TradeOffer(0, 1, (6, 8), (9,), 0)))
    assert prompt_kind(g) == (1, "trade")


def test_a_received_mortgaged_property_is_not_traded_on_before_its_lift_or_interest():
    """Deals & Trades: the new owner of a mortgaged property must immediately lift it or pay the 10%:
    until then it is not traded on (and no other property of the set is held back by it)."""
    g = new_game(SW)
    own(g, 0, 6, mortgaged=True)
    own(g, 1, 8)
    g.act(0, "trade 1 give=6 cash=-10")
    g.act(1, "accept")
    assert prompt_kind(g) == (1, "mortgaged-property")
    assert_refused(g, 1, "trade 2 give=6 cash=-10", "must first lift the mortgage")
    g.act(1, "trade 2 give=8 cash=-10")  # (its neighbour, unmortgaged, may go)
    g.act(2, "reject")
    g.act(1, "keep")
    g.act(1, "trade 2 give=6 cash=-10")
    assert prompt_kind(g) == (2, "trade")


def test_an_offer_wrong_in_several_ways_is_refused_for_the_first_in_order():
    """The offer's own check names its first problem: the proposer's side, then the target's, then the
    cards each side gives, then the cash."""
    g = new_game(SW)
    own(g, 0, 6)
    own(g, 1, 8)
    assert_refused(g, 0, "trade 1 give=6,6 take=9 take-cards=0 cash=5000", "listed twice")
    assert_refused(g, 0, "trade 1 give=6 take=9 take-cards=0 cash=5000", "does not own")
    assert_refused(g, 0, "trade 1 give=6 take=8,8 take-cards=0 cash=5000", "listed twice")
    names = g.state.names
    reason = g.check(0, "trade 1 give=6 take=8 give-cards=1 take-cards=0 cash=5000")
    assert reason == f"{names[0]} holds no get-out-of-jail card from deck 1"
    reason = g.check(0, "trade 1 give=6 take=8 take-cards=0 cash=5000")
    assert reason == f"{names[1]} holds no get-out-of-jail card from deck 0"
    assert_refused(g, 0, "trade 1 give=6 take=8 cash=5000", "only")
    assert g.check(0, "trade 1 give=6 take=8") is None
