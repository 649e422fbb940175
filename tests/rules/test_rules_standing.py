"""What a debtor, a cash-only high bidder, an owner in a rent-claim window and a building's winner may do
(``rules/permissions.py``): one scenario per way the money rules were broken through an action nobody
had gated, each with the rulebook sentence it rests on. Dice are scripted; cash, owners and positions exact.
"""

import pytest

import openmonopoly as om
from kit import assert_refused, own, prompt_kind, roll, set_cash
from openmonopoly.engine.errors import BadArgument
from openmonopoly.engine.state import BANK
from openmonopoly.rules.auction import HOUSE_LOT, Auction
from openmonopoly.rules.classic.debt import Debt
from openmonopoly.rules.classic.mortgage import MortgagedTransfer
from openmonopoly.rules.trade import TradeAnswer

from .helpers import SW, check_invariants, new_game

SM = "sailormoon"
CW = "clonewars"
RAILROADS = (5, 15, 25, 35)
LIGHT_BLUE = (6, 8, 9)
PINK = (11, 13, 14)


def railroad_debt(edition: str, cash: int) -> om.Game:
    """Player 0 lands on player 1's fourth railroad (rent 200) with ``cash`` in hand."""
    g = new_game(edition, 3)
    own(g, 1, *RAILROADS)
    set_cash(g, 0, cash)
    roll(g, 0, 1, 4)
    assert g.prompt.kind == "debt" and g.prompt.details["amount"] == 200 and g.prompt.details["creditor"] == 1
    return g


# ---------------------------------------------------------------- 1. a debtor pays nothing away in a trade
@pytest.mark.parametrize("edition", [SM, CW, SW])
def test_debtor_may_not_buy_in_a_trade_then_go_bankrupt(edition):
    """Help! I'm in Debt! (Sailor Moon): "Pay back as many of your debts as possible"; Pleite (Clone Wars):
    "zahlst du, was du hast". Player 0 owes player 1 200 with 150 in hand: buying player 2's deed for all
    150 would leave the creditor a deed and no cash. Refused, proposed or accepted; bankrupt, the
    creditor gets the 150."""
    g = railroad_debt(edition, 150)
    own(g, 2, 1)
    assert_refused(g, 0, "trade 2 take=1 cash=150", "only a sale for cash")
    assert_refused(g, 2, "trade 0 give=1 cash=-150", "owes a debt")
    # An offer that reached the debtor's prompt (as if made before the debt): accepting it is refused too.
    g.push(TradeAnswer(om.TradeOffer(2, 0, (1,), (), -150)))
    assert g.legal_actions(0).actions == [om.Action("reject")]
    assert_refused(g, 0, "accept", "only a sale for cash")
    g.act(0, "reject")
    g.act(0, "bankrupt")
    s = g.state
    assert (s.cash[1], s.owner[1], s.alive[0]) == (1500 + 150, 2, False)


def test_debtor_may_sell_a_deed_for_cash_and_pay():
    """Help! I'm in Debt! (Sailor Moon): "you may raise money by selling or mortgaging your properties":
    a debtor sells a deed to another player for cash and pays the debt."""
    g = railroad_debt(SM, 150)
    own(g, 0, 3)
    g.act(0, "trade 2 give=3 cash=-50")
    g.act(2, "accept")
    g.act(0, "pay")
    s = g.state
    assert (s.cash[0], s.cash[1], s.cash[2], s.owner[3]) == (0, 1700, 1450, 2)
    check_invariants(g)


def test_debtor_may_not_swap_or_give_away_in_a_trade():
    """A sale is properties or cards for cash: a swap, a gift or a sale that takes a deed in part
    payment moves property away from the creditor's reach."""
    g = railroad_debt(SM, 150)
    own(g, 0, 3)
    own(g, 2, 1)
    assert_refused(g, 0, "trade 2 give=3", "only a sale for cash")
    assert_refused(g, 0, "trade 2 give=3 take=1", "only a sale for cash")
    assert_refused(g, 0, "trade 2 give=3 take=1 cash=-10", "only a sale for cash")


def test_mandalorian_debtor_sells_for_credits_but_does_not_buy():
    """Try to raise money (Mandalorian): "raise money by selling hideouts back to the Bank ... You may
    also sell hideouts and any Signet cards to other players for an agreed-upon price." Buying is not
    raising money."""
    from openmonopoly.rules.mandalorian.hideouts import HideoutDebt

    g = om.Game("mandalorian", 3, seed=1)
    own(g, 0, 1)
    own(g, 2, 3)
    set_cash(g, 0, 30)
    g.push(HideoutDebt(0, 1, 100, "rent", 5))
    assert_refused(g, 0, "trade 2 take=3 cash=20", "only a sale for cash")
    g.act(0, "trade 2 give=1 cash=-80")
    g.act(2, "accept")
    g.act(0, "pay")
    s = g.state
    assert (s.cash[0], s.owner[1]) == (10, 2)


# ---------------------------------------------------------------- 2. one act, one answer
def test_debtor_lifts_no_mortgage_by_trade_answer_either():
    """Help! I'm in Debt!: a debtor may not lift a mortgage -- with 'unmortgage' or with the 'lift'
    answer to a mortgaged property received: both get the same refusal, and 'keep' (the interest due at
    once) stays open. A trade bringing the debtor a mortgaged deed is refused in the first place."""
    g = railroad_debt(SM, 150)
    own(g, 2, 3, mortgaged=True)
    assert_refused(g, 0, "trade 2 take=3 cash=-100", "only a sale for cash")
    own(g, 0, 3, mortgaged=True)  # as if received before the debt: the lift-or-keep decision waits
    g.push(MortgagedTransfer(0, 3, 2, False))
    assert g.legal_actions(0).actions == [om.Action("keep")]
    said = assert_refused(g, 0, "lift", "pay your debt first")
    assert said == assert_refused(g, 0, "unmortgage 3")
    g.act(0, "keep")
    assert g.state.cash[0] == 147 and g.state.mortgaged[3]


# ---------------------------------------------------------------- 3. no building for a debtor
def last_fleet_with_a_debtor() -> om.Game:
    """Players 0 and 1 each own a set, the bank has one Fleet left, and player 1 owes the bank 300 with
    100 in hand (the debt waits while player 0 acts at any time)."""
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE)
    own(g, 1, *PINK)
    g.state.bank_houses = 1
    set_cash(g, 1, 100)
    g.push(Debt(1, BANK, 300, "tax", 4))
    return g


def test_debtor_is_no_rival_in_a_building_shortage():
    """Not Enough Buildings? (Star Wars 40th) and Help!: a player in debt may not build, so they are not
    among those who want the last Fleet: the requester builds it at its price."""
    g = last_fleet_with_a_debtor()
    g.act(0, "build 6")
    s = g.state
    assert (s.level[6], s.cash[0], s.bank_houses) == (1, 1450, 0)
    assert prompt_kind(g) == (1, "debt")


def test_debtor_may_not_claim_bid_for_or_place_a_building():
    """A shortage auction asked of a player who owes a debt: 'want' is refused, a bid is refused (only
    'pass'), so no building is placed by a player in debt."""
    g = last_fleet_with_a_debtor()
    g.push(Auction(HOUSE_LOT, (1, 0), 0, 0, -1, 10))
    legal = g.legal_actions(1)
    assert [a for a in legal.actions if a.kind in ("bid", "pass")] == [om.Action("pass")] and legal.bid_range is None
    assert_refused(g, 1, "bid 10", "pay your debt first")
    g.act(1, "pass")
    assert prompt_kind(g) == (0, "auction")
    g.act(0, "bid 10")
    g.act(0, "place 6")
    s = g.state
    assert (s.level[6], s.cash[0], s.cash[1], s.bank_houses) == (1, 1490, 100, 0)
    assert prompt_kind(g) == (1, "debt")


# ---------------------------------------------------------------- 4. no rent on a mortgaged space
def test_no_rent_claimed_on_a_space_mortgaged_in_the_claim_window():
    """Rent cannot be collected on properties that are mortgaged (Star Wars 40th). With rent-must-be-
    claimed, the owner who mortgages the space after the lander arrives can only waive."""
    g = new_game(SW, 3, options={"rent-must-be-claimed": True})
    own(g, 2, 6)
    roll(g, 0, 2, 4)
    assert g.prompt == om.Prompt(2, "claim-rent", {"payer": 0, "pos": 6, "amount": 6})
    g.act(2, "mortgage 6")
    assert g.legal_actions(2).actions[:1] == [om.Action("waive")]
    assert_refused(g, 2, "claim", "mortgaged: no rent")
    g.act(2, "waive")
    s = g.state
    assert (s.cash[0], s.cash[2]) == (1500, 1500 + 50)


def test_rent_lapses_when_the_deed_is_traded_away_in_the_claim_window():
    """Collecting Rent (Sailor Moon): "demand from them the rent amount printed on your Title Deed card":
    a deed traded away before the claim is no longer yours to claim on; the new owner was not the
    owner when the player landed. The rent lapses."""
    g = new_game(SM, 3, options={"rent-must-be-claimed": True})
    own(g, 2, 6)
    roll(g, 0, 2, 4)
    g.act(2, "trade 1 give=6 cash=-100")
    g.act(1, "accept")
    assert_refused(g, 2, "claim", "no longer yours")
    g.act(2, "waive")
    s = g.state
    assert (s.cash[0], s.cash[1], s.cash[2], s.owner[6]) == (1500, 1400, 1600, 1)


# ---------------------------------------------------------------- 5. a cash-only bid stays covered
def auction_with_high_bid(edition: str, bid: int) -> om.Game:
    """Player 0 lands on the unowned Space Sword / The Twilight (200) and lets it go to auction;
    player 1 (200 in hand, the light-blue set) bids ``bid`` and the auction waits on player 2."""
    g = new_game(edition, 3)
    own(g, 1, *LIGHT_BLUE)
    own(g, 2, 1)
    set_cash(g, 1, 200)
    roll(g, 0, 1, 4)
    g.act(0, "auction")
    g.act(1, f"bid {bid}")
    assert g.prompt.player == 2 and g.prompt.details["high"] == bid
    return g


@pytest.mark.parametrize("edition", [SM, CW])
def test_cash_only_high_bidder_keeps_the_bid_in_hand(edition):
    """Auction (Sailor Moon): "Players must have enough cash on hand for their bid"; Versteigern (Clone
    Wars): "Gebote nur in bar". The high bidder may not build or trade the bid's cash away while the
    auction waits; what leaves the bid in hand stays allowed."""
    g = auction_with_high_bid(edition, 180)
    assert_refused(g, 1, "build 6", "in hand for your bid")
    assert_refused(g, 1, "trade 2 take=1 cash=100", "in hand for your bid")
    assert_refused(g, 2, "trade 1 give=1 cash=-100", "in hand for their bid")
    assert om.Action("build", 6) not in g.legal_actions(1).actions
    g.act(2, "pass")
    g.act(0, "pass")
    s = g.state
    assert (s.owner[5], s.cash[1], s.level[6]) == (1, 20, 0)
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_high_bidder_may_spend_what_the_bid_does_not_hold():
    """ "Enough cash on hand for their bid" -- and no more is held: with 200 and a bid of 150, a house
    at 50 is built."""
    g = auction_with_high_bid(SM, 150)
    g.act(1, "build 6")
    assert_refused(g, 1, "build 8", "in hand for your bid")  # 150 left: all of it is the bid
    g.act(2, "pass")
    g.act(0, "pass")
    s = g.state
    assert (s.owner[5], s.cash[1], s.level[6]) == (1, 0, 1)


# ---------------------------------------------------------------- 6. a won building is paid in cash
def test_shortage_bid_is_covered_when_the_auction_closes():
    """Not Enough Buildings? (Star Wars 40th): the last Fleet is auctioned, bids paid in cash. Player 0
    bids all its 200, then tries to lift a mortgage while the auction waits on player 1: refused, so the
    auction closes with the 200 paid and no negative cash."""
    g = new_game(SW, 3)
    own(g, 0, *LIGHT_BLUE)
    own(g, 0, 5, mortgaged=True)
    own(g, 1, *PINK)
    g.state.bank_houses = 1
    set_cash(g, 0, 200)
    g.act(0, "build 6")
    g.act(1, "want")
    g.act(0, "bid 200")
    assert_refused(g, 0, "unmortgage 5", "in hand for your bid")
    g.act(1, "pass")
    g.act(0, "place 6")
    s = g.state
    assert (s.cash[0], s.level[6], s.mortgaged[5], s.bank_houses) == (0, 1, True, 0)
    assert sum(s.cash) - s.bank_net == 3 * 1500


# ---------------------------------------------------------------- 7. the smaller ones
@pytest.mark.parametrize("edition", [None, 3, object()])
def test_game_of_a_non_edition_is_the_librarys_error(edition):
    with pytest.raises(BadArgument, match="edition: an edition id"):
        om.Game(edition)
