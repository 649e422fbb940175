"""Help! I Can't Pay!, bankruptcy, the winner, and the round-limit option (Star Wars 40th rulebook)."""

import openmonopoly as om
from kit import assert_refused, event_kinds, hold_card, own, place, prompt_kind, roll, set_cash, stack_card
from openmonopoly.engine.state import BANK

from .helpers import CHANCE, CL, COMMUNITY_CHEST, FORCE, SW, check_invariants, new_game

LIGHT_BLUE = (6, 8, 9)


def test_debt_raise_money_by_selling_and_mortgaging_then_pay():
    """Help! / Try to raise money: if you owe money and can't pay, sell buildings and/or mortgage, then pay."""
    g = new_game(SW)
    set_cash(g, 0, 100)
    own(g, 0, *LIGHT_BLUE, level=1)
    roll(g, 0, 1, 3)  # Imperial Tax 200
    assert g.prompt == om.Prompt(0, "debt", {"amount": 200, "creditor": -1, "reason": "tax", "pos": 4})
    assert g.state.cash[0] == 100
    assert_refused(g, 0, "pay", "sell buildings")
    assert_refused(g, 0, "bankrupt", "raise")
    assert_refused(g, 0, "mortgage 6", "first")  # buildings in the set must go first
    assert_refused(g, 0, "build 6", "debt")
    g.act(0, "sell 6")
    g.act(0, "sell 8")
    g.act(0, "sell 9")  # +75 -> 175
    g.act(0, "mortgage 6")  # +50 -> 225
    g.act(0, "pay")
    s = g.state
    assert s.cash[0] == 25 and s.level[6] == s.level[8] == s.level[9] == 0 and s.bank_houses == 32
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_debt_to_a_player_raise_by_trade_then_pay():
    """Help! (engine: a debtor may also trade to raise money)."""
    g = new_game(SW, 3)
    set_cash(g, 0, 0)
    own(g, 1, 6)
    own(g, 0, 39, mortgaged=True)
    roll(g, 0, 2, 4)  # rent 6 owed to player 1
    assert prompt_kind(g) == (0, "debt")
    g.act(0, "trade 2 give=39 cash=-20")
    g.act(2, "accept")
    g.act(2, "keep")  # player 2 pays 10% interest: 20
    g.act(0, "pay")
    assert g.state.cash == [14, 1506, 1460]


def test_bankrupt_refused_while_the_debt_can_be_raised():
    """Help! / If you're still in debt, you are bankrupt -- only then (engine refuses it otherwise)."""
    g = new_game(SW)
    set_cash(g, 0, 150)
    own(g, 0, 5)  # mortgage value 100
    roll(g, 0, 1, 3)
    assert g.legal_actions(0).actions[:1] == [om.Action("mortgage", 5)]
    assert_refused(g, 0, "bankrupt", "raise")


def test_bankruptcy_to_a_player_gives_cash_properties_and_cards_to_the_creditor():
    """Help! / Do you owe another player? Give them any Get Out of Jail Free cards and all your (mortgaged)
    properties; buildings are sold to the Bank at half price first and that money goes to the creditor;
    the new owner must immediately repay each mortgage or keep it paying 10%."""
    g = new_game(SW, 3)
    own(g, 1, 37, 39, level=5)  # The Death Star Destroyed with a Base: 2000
    set_cash(g, 0, 100)
    own(g, 0, 1)
    own(g, 0, 3, 5, mortgaged=True)
    own(g, 0, *LIGHT_BLUE, level=1)
    hold_card(g, 0, FORCE, 8)
    place(g, 0, 35)
    roll(g, 0, 1, 3)
    assert g.prompt.kind == "debt" and g.prompt.details["amount"] == 2000
    events = g.act(0, "bankrupt")
    s = g.state
    assert "bankrupt" in event_kinds(events)
    assert not s.alive[0]
    assert s.cash[0] == 0 and s.cash[1] == 1500 + 100 + 3 * 25
    assert all(s.owner[p] == 1 for p in (1, 3, 5, *LIGHT_BLUE))
    assert [s.level[p] for p in LIGHT_BLUE] == [0, 0, 0] and s.bank_houses == 32 - 0
    assert s.held[0] == [] and s.held[1] == [FORCE << 8 | 8]
    assert g.prompt == om.Prompt(1, "mortgaged-property", {"pos": 3, "from": 0, "lift_cost": 33, "interest": 3})
    g.act(1, "keep")
    assert g.prompt == om.Prompt(1, "mortgaged-property", {"pos": 5, "from": 0, "lift_cost": 110, "interest": 10})
    g.act(1, "lift")
    assert s.mortgaged[3] and not s.mortgaged[5]
    assert s.cash[1] == 1675 - 3 - 110
    assert prompt_kind(g) == (1, "turn")
    assert not g.over
    check_invariants(g)


def test_bankruptcy_to_the_bank_properties_auctioned_mortgages_cancelled_cards_returned():
    """Help! / Do you owe the Bank? Return all your properties to the Bank; mortgages are cancelled; all
    the properties are immediately auctioned; Get Out of Jail Free cards go to the bottom of the pile."""
    g = new_game(SW, 3)
    set_cash(g, 0, 10)
    own(g, 0, 1, 3, mortgaged=True)
    own(g, 0, 5)
    hold_card(g, 0, FORCE, 8)
    roll(g, 0, 1, 3)  # Imperial Tax 200: 10 + 100 raisable < 200
    assert om.Action("bankrupt") in g.legal_actions(0)
    g.act(0, "bankrupt")
    s = g.state
    assert not s.alive[0] and s.cash[0] == 0
    assert [s.owner[p] for p in (1, 3, 5)] == [BANK] * 3
    assert not any(s.mortgaged[p] for p in (1, 3, 5))
    assert s.held[0] == [] and s.decks[FORCE][-1] == 8
    assert g.prompt.kind == "auction" and g.prompt.details["lot"] == 1
    assert g.prompt.details["bidders"] == [1, 2] and g.prompt.details["minimum"] == 10
    g.act(1, "bid 10")
    g.act(2, "pass")
    assert s.owner[1] == 1 and not s.mortgaged[1] and s.cash[1] == 1490
    assert g.prompt.details["lot"] == 3
    g.act(1, "pass")
    g.act(2, "pass")
    assert s.owner[3] == BANK
    assert g.prompt.details["lot"] == 5
    g.act(1, "pass")
    g.act(2, "bid 10")
    assert s.owner[5] == 2
    assert prompt_kind(g) == (1, "turn")
    check_invariants(g)


def test_bankrupt_refused_when_selling_buildings_would_cover_the_debt():
    """Help! / Selling Buildings counts towards raising money: bankruptcy is refused while it would cover it."""
    g = new_game(CL, 3)
    set_cash(g, 0, 0)
    own(g, 0, 37, 39, level=5)
    own(g, 0, *LIGHT_BLUE, level=4)
    stack_card(g, CHANCE, 11)  # general repairs: 12 houses x25 + 2 hotels x100 = 500
    place(g, 0, 3)
    roll(g, 0, 1, 3)
    assert g.prompt.kind == "debt" and g.prompt.details["amount"] == 500
    assert_refused(g, 0, "bankrupt", "raise")


def test_bankruptcy_to_the_bank_returns_buildings_to_the_supply():
    """Do you owe the Bank? Buildings go back to the Bank; the bare properties are auctioned."""
    g = new_game(CL, 3)
    set_cash(g, 0, 0)
    own(g, 0, 1, 3, level=4)  # 8 houses: street repairs 8 x 40 = 320
    stack_card(g, COMMUNITY_CHEST, 13)
    place(g, 0, 14)
    roll(g, 0, 1, 2)  # 17 Community Chest
    assert g.prompt.details["amount"] == 320  # raisable 8 x 25 + 30 + 30 = 260
    events = g.act(0, "bankrupt")
    s = g.state
    assert s.level[1] == s.level[3] == 0 and s.bank_houses == 32
    # the sale is in the log (the terminal's "since your last turn" and the web's log show it)
    sales = [e for e in events if e.kind == "sold-building"]
    assert [(e.player, e.pos, e.amount, e.other, e.info) for e in sales] == [
        (0, 1, 100, 0, "bankruptcy"),
        (0, 3, 100, 0, "bankruptcy"),
    ]
    assert g.describe(sales[0]) == (
        f"The bank takes back {g.players[0]}'s buildings on Mediterranean Avenue at half price, $100, "
        f"part of what {g.players[0]} hands over."
    )
    assert s.owner[1] == s.owner[3] == BANK
    assert g.prompt.kind == "auction" and g.prompt.details["lot"] == 1
    check_invariants(g)


def test_last_player_standing_wins():
    """Help! / The remaining players keep playing until there is only one left -- the winner."""
    g = new_game(SW, 2)
    set_cash(g, 0, 10)
    roll(g, 0, 1, 3)
    events = g.act(0, "bankrupt")
    assert g.over and g.winners == [1] and g.state.end_reason == "bankruptcy"
    assert g.prompt is None
    assert events[-1].kind == "game-over"
    assert_refused(g, 1, "roll", "over")


def test_bankrupt_player_is_skipped_and_game_goes_on():
    """Help!: a bankrupt player is out of the game; turns skip them."""
    g = new_game(SW, 3)
    set_cash(g, 0, 10)
    roll(g, 0, 1, 3)
    g.act(0, "bankrupt")
    assert prompt_kind(g) == (1, "turn")
    roll(g, 1, 4, 6)
    assert prompt_kind(g) == (2, "turn")
    roll(g, 2, 4, 6)
    assert prompt_kind(g) == (1, "turn")
    assert_refused(g, 0, "trade 1 cash=0", "out of the game")


# ---------------------------------------------------------------- option max-rounds
def test_max_rounds_game_ends_with_the_richest_by_net_worth():
    """Option max-rounds (engine issue): after R rounds the game ends; the richest by net worth wins
    (cash + property prices, mortgaged at half + buildings at cost)."""
    g = new_game(SW, 2, options={"max-rounds": 1})
    own(g, 1, 6)
    own(g, 0, 8, mortgaged=True)
    set_cash(g, 0, 1550)
    assert (g.net_worth(0), g.net_worth(1)) == (1600, 1600)
    own(g, 1, 9)
    assert g.net_worth(1) == 1720
    roll(g, 0, 4, 6)
    assert not g.over
    roll(g, 1, 4, 6)
    assert g.over and g.winners == [1] and g.state.end_reason == "round-limit"
    assert g.state.round == 1


def test_max_rounds_tie_has_several_winners():
    """Option max-rounds: equal net worth at the limit -> all of them win."""
    g = new_game(SW, 3, options={"max-rounds": 2}, first=1)
    for _ in range(5):
        p = g.prompt.player
        place(g, p, 0)
        roll(g, p, 4, 6)
        assert not g.over
    roll(g, g.prompt.player, 4, 6)
    assert g.over and g.winners == [0, 1, 2] and g.state.turns == 6


def test_a_debtor_cannot_build_or_lift_a_mortgage_while_their_trade_offer_waits():
    """Help! / Try to raise money: a player who owes money raises it by selling buildings, mortgaging or
    trading -- never by spending it on buildings or lifting mortgages. That holds whatever waits on top of
    the debt: here the debtor's own trade offer (its answer is pending above the debt)."""
    g = new_game(SW, 3)
    set_cash(g, 0, 100)
    own(g, 0, *LIGHT_BLUE)
    own(g, 0, 1, mortgaged=True)
    roll(g, 0, 1, 3)  # Imperial Tax 200
    assert prompt_kind(g) == (0, "debt")
    g.act(0, "trade 2 give=1 cash=-10")
    assert prompt_kind(g) == (2, "trade")
    assert_refused(g, 0, "build 6", "pay your debt first")
    assert_refused(g, 0, "unmortgage 1", "pay your debt first")
    assert om.Action("build", 6) not in g.legal_actions(0) and om.Action("unmortgage", 1) not in g.legal_actions(0)
    g.act(2, "reject")
    assert prompt_kind(g) == (0, "debt")
    s = g.state
    assert (s.cash[0], s.level[6], s.mortgaged[1]) == (100, 0, True)
    check_invariants(g)
