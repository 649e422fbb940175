"""Property: buy or auction; Auctions (Star Wars 40th rulebook) and the classic auction."""

import pytest

import openmonopoly as om
from kit import assert_refused, jail, own, place, prompt_kind, roll, set_cash
from openmonopoly.engine.state import BANK

from .helpers import CL, SW, check_invariants, new_game


def test_buy_unowned_scene_pays_the_price_and_takes_the_deed():
    """Scenes / Want to buy it?: pay the price on the board space and take the Title Deed card."""
    g = new_game(SW)
    roll(g, 0, 3, 3)  # Stormtroopers on the Trail, 100
    assert g.prompt == om.Prompt(0, "buy", {"pos": 6, "price": 100})
    g.act(0, "buy")
    assert g.state.owner[6] == 0 and g.state.cash[0] == 1400
    check_invariants(g)


@pytest.mark.parametrize("pos,price", [(5, 200), (12, 150)])
def test_buy_unowned_ship_or_power_source(pos, price):
    """Ships / Power Sources: unowned -> either buy it (price on the board) or auction it."""
    g = new_game(SW)
    place(g, 0, pos - 4)
    roll(g, 0, 1, 3)
    assert g.prompt == om.Prompt(0, "buy", {"pos": pos, "price": price})
    g.act(0, "buy")
    assert g.state.owner[pos] == 0 and g.state.cash[0] == 1500 - price


def test_cannot_buy_without_the_cash_only_auction():
    """Want to buy it? (you must pay the price): with too little cash only 'auction' is offered."""
    g = new_game(SW)
    set_cash(g, 0, 90)
    roll(g, 0, 3, 3)
    assert list(g.legal_actions(0).actions)[:1] == [om.Action("auction")]
    assert_refused(g, 0, "buy", "costs")


def test_decline_starts_an_auction_open_to_all_opening_at_10():
    """Auctions: the Banker offers the space to everyone for 10, including the player who declined."""
    g = new_game(SW)
    roll(g, 0, 3, 3)
    g.act(0, "auction")
    p = g.prompt
    assert (p.player, p.kind) == (1, "auction")
    assert p.details == {
        "lot": 6,
        "lot_kind": "property",
        "high": 0,
        "high_bidder": -1,
        "minimum": 10,
        "increment": 1,
        "bidders": [1, 2, 3, 0],
    }
    assert g.legal_actions(1).bid_range[0] == 10


def test_auction_bid_below_opening_is_refused_and_changes_nothing():
    """Auctions: bids start at 10; a lower opening bid is illegal and leaves the game unchanged."""
    g = new_game(SW)
    roll(g, 0, 3, 3)
    g.act(0, "auction")
    assert_refused(g, 1, "bid 9", "at least")
    assert_refused(g, 1, "bid 0", "at least")
    g.act(1, "bid 10")
    assert g.prompt.details["high"] == 10


def test_auction_increment_is_1_and_highest_bidder_pays_and_owns():
    """Auctions: anyone can raise by as little as 1 (even the player who landed); the highest bidder
    wins, pays the Bank and takes the Title Deed."""
    g = new_game(SW)
    roll(g, 0, 3, 3)
    g.act(0, "auction")
    g.act(1, "bid 10")
    assert_refused(g, 2, "bid 10", "at least ₦11")
    g.act(2, "pass")
    g.act(3, "bid 11")
    g.act(0, "bid 12")  # the decliner bids too
    assert g.prompt.details["minimum"] == 13
    g.act(1, "pass")
    g.act(3, "pass")
    s = g.state
    assert s.owner[6] == 0
    assert s.cash == [1488, 1500, 1500, 1500]
    assert prompt_kind(g) == (0, "turn")  # back to the doubles re-roll of player 0
    check_invariants(g)


def test_auction_player_in_jail_may_bid():
    """Go To Jail: 'You can still ... auction ... while you are In Jail'."""
    g = new_game(SW, 2)
    jail(g, 1)
    roll(g, 0, 2, 4)
    g.act(0, "auction")
    g.act(1, "bid 50")
    g.act(0, "pass")
    assert g.state.owner[6] == 1 and g.state.cash[1] == 1450


def test_auction_nobody_bids_property_stays_with_the_bank():
    """Auctions / What if no one wants it?: no one pays anything; the space stays unowned."""
    g = new_game(SW)
    roll(g, 0, 1, 5)
    g.act(0, "auction")
    for p in (1, 2, 3, 0):
        g.act(p, "pass")
    s = g.state
    assert s.owner[6] == BANK
    assert s.cash == [1500] * 4
    assert prompt_kind(g) == (1, "turn")


def test_auction_winner_may_bid_above_cash_and_raise_the_rest():
    """Auctions (engine: bids are limited to what a player could raise): the winner then owes the bank."""
    g = new_game(SW, 2)
    set_cash(g, 1, 20)
    own(g, 1, 39)  # mortgage value 200
    roll(g, 0, 2, 4)
    g.act(0, "auction")
    assert g.legal_actions(1).bid_range == (10, 220)
    assert g.check(1, "bid 20") is None and g.check(1, "bid 220") is None  # (cash in hand; all it can raise)
    assert_refused(g, 1, "bid 221", "at most ₦220")
    g.act(1, "bid 100")
    g.act(0, "pass")
    assert prompt_kind(g) == (1, "debt")
    assert g.prompt.details == {"amount": 100, "creditor": -1, "reason": "auction", "pos": 6}
    g.act(1, "mortgage 39")
    g.act(1, "pay")
    assert g.state.owner[6] == 1 and g.state.cash[1] == 120


def test_classic_auction_opens_at_1():
    """Classic auction (engine issue): the bank's opening bid is 1, increment 1."""
    g = new_game(CL)
    roll(g, 0, 3, 3)
    g.act(0, "auction")
    assert g.prompt.details["minimum"] == 1
    assert_refused(g, 1, "bid 0", "at least $1")
    g.act(1, "bid 1")
    assert_refused(g, 2, "bid 1", "at least $2")
    g.act(2, "bid 2")
    for p in (3, 0, 1):
        g.act(p, "pass")
    assert g.state.owner[6] == 2 and g.state.cash[2] == 1498


@pytest.mark.parametrize("turn,left,next_turn", [(0, (1, 2, 3), 0), (1, (0, 2, 3), 1), (3, (0, 1, 2), 0)])
def test_a_pass_drops_that_bidder_and_the_next_one_answers(turn, left, next_turn):
    """Each bidder in turn bids or drops out: whoever passes leaves the bidders, first, last or between."""
    from openmonopoly.engine.actions import A_PASS
    from openmonopoly.rules.auction import Auction

    g = new_game(CL)
    step = Auction(1, (0, 1, 2, 3), turn, 0, -1, 1)
    step.apply(g, turn, A_PASS)
    assert step.bidders == left and step.turn == next_turn and step.decider == left[next_turn]


def test_an_auction_is_open_to_the_players_still_in_only():
    from openmonopoly.rules.auction import start_auction

    g = new_game(CL)
    start_auction(g, 1, (2, 3, 0, 1))
    assert g.state.stack[-1].bidders == (2, 3, 0, 1)
    g.state.alive[3] = False
    start_auction(g, 3, (2, 3, 0, 1))
    assert g.state.stack[-1].bidders == (2, 0, 1)
