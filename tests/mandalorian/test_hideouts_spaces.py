"""Unowned and owned hideouts, colour sets, The Mandalorian's rent, Help! I Can't Pay!, Deals & Trades,
Signet, Boba Fett, Imperial Credits, Jail."""

from __future__ import annotations

import pytest

import openmonopoly as om
from kit import assert_refused, own, place, roll, set_cash, stack_card, start_turn
from openmonopoly.engine.state import BANK

from .helpers import (
    ADVANCE_GO,
    ARRESTED,
    BESKAR,
    BOBA,
    BOKATAN,
    DARKSABER,
    GO_TO_JAIL,
    JETPACK,
    JUST_VISITING,
    MANDO,
    PASSAGE,
    REPAIRS,
    SIGNET,
    give_grogu,
    grogu_alone,
    new_game,
)

SEAT = BOKATAN


def land_on_unowned_13() -> om.Game:
    g = new_game(first=SEAT)
    place(g, SEAT, 9)
    grogu_alone(g, 0)
    roll(g, SEAT, 4)
    assert g.prompt.kind == "buy" and g.prompt.details == {"pos": 13, "price": 20}
    return g


def test_buy_an_unowned_hideout_at_its_price():
    """Unowned Hideouts: buy it (pay the price on the space) ..."""
    g = land_on_unowned_13()
    g.act(SEAT, "buy")
    assert g.state.owner[13] == SEAT and g.state.cash[SEAT] == 130


def test_or_auction_it_opening_10_raises_of_10_anyone_may_bid():
    """... or the Banker auctions it: bidding starts at 10, raises of at least 10, anyone (the decliner too)."""
    g = land_on_unowned_13()
    g.act(SEAT, "auction")
    assert g.prompt.kind == "auction" and g.legal_actions(g.prompt.player).bid_range == (10, 150)
    bidder = g.prompt.player
    g.act(bidder, "bid 10")
    nxt = g.prompt.player
    assert g.legal_actions(nxt).bid_range[0] == 20
    assert_refused(g, nxt, "bid 15")
    while g.prompt.kind == "auction":
        g.act(g.prompt.player, "pass")
    assert g.state.owner[13] == bidder and g.state.cash[bidder] == 140


def test_auction_with_no_bid_leaves_the_hideout_with_the_bank():
    g = land_on_unowned_13()
    g.act(SEAT, "auction")
    while g.prompt.kind == "auction":
        g.act(g.prompt.player, "pass")
    assert g.state.owner[13] == BANK and g.state.cash == [150] * 4


def test_rent_and_double_rent_for_a_full_colour_set():
    """Owned Hideouts: pay the rent on the card; Collect Color Sets!: increased (double) rent for a full set."""
    g = new_game(first=SEAT)
    own(g, 2, 13)
    place(g, SEAT, 9)
    roll(g, SEAT, 4)
    assert g.state.cash[SEAT] == 140 and g.state.cash[2] == 160
    g = new_game(first=SEAT)
    own(g, 2, 13, 15)
    place(g, SEAT, 9)
    roll(g, SEAT, 4)
    assert g.state.cash[SEAT] == 130 and g.state.cash[2] == 170


@pytest.mark.parametrize("with_grogu,paid", [(False, 30), (True, 10)])
def test_the_mandalorian_pays_10_less_rent_30_with_grogu(with_grogu, paid):
    """The Mandalorian: subtract 10 from rent (30 with Grogu)."""
    g = new_game(first=MANDO)
    own(g, 2, 29, 31)  # the black set: rent 40
    place(g, MANDO, 28 if with_grogu else 27)
    if with_grogu:
        give_grogu(g, MANDO)
    grogu_alone(g, 0) if not with_grogu else None
    roll(g, MANDO, 1 if with_grogu else 2)  # lands on 29: rent 40
    assert g.state.cash[MANDO] == 150 - paid


def test_the_mandalorian_never_pays_below_zero():
    g = new_game(first=MANDO)
    own(g, 2, 1)
    give_grogu(g, MANDO)
    roll(g, MANDO, 1)
    assert g.state.cash == [150] * 4


def test_rent_must_be_asked_for_option():
    """The owner must ask for rent before the next player rolls (option rent-must-be-claimed)."""
    g = new_game(first=SEAT, options={"rent-must-be-claimed": True})
    own(g, 2, 13)
    place(g, SEAT, 9)
    roll(g, SEAT, 4)
    assert g.prompt.kind == "claim-rent" and g.prompt.player == 2
    g.act(2, "waive")
    assert g.state.cash[SEAT] == 150


def test_the_bot_asks_for_rent_on_its_hideout_and_waives_once_it_traded_it_away():
    """The bot claims the rent it is owed; a hideout traded away in the claim window is no longer its
    hideout to ask rent for, so it waives (claiming would be refused)."""
    from openmonopoly.agents.families.mandalorian import MandalorianAgent

    g = new_game(first=SEAT, options={"rent-must-be-claimed": True})
    own(g, 2, 13)
    place(g, SEAT, 9)
    roll(g, SEAT, 4)
    assert MandalorianAgent().act(g.view(2), g.prompt) == om.Action("claim")
    other = next(q for q in range(4) if q not in (2, SEAT))
    g.act(2, f"trade {other} give=13 cash=-50")
    g.act(other, "accept")
    assert g.prompt.kind == "claim-rent" and g.prompt.player == 2
    answer = MandalorianAgent().act(g.view(2), g.prompt)
    assert answer == om.Action("waive")
    g.act(2, answer)
    assert g.state.cash[SEAT] == 150 and g.state.owner[13] == other


def test_cannot_pay_sell_hideouts_back_to_the_bank_at_the_printed_price():
    """Help! I Can't Pay!: raise money by selling hideouts back to the Bank for the price on the board."""
    g = new_game(first=SEAT)
    own(g, 2, 29, 31)
    own(g, SEAT, 13)
    set_cash(g, SEAT, 20)
    assert_refused(g, SEAT, "sell 13")  # only when you cannot pay
    place(g, SEAT, 27)
    roll(g, SEAT, 2)  # rent 40 (black set), has 20
    assert g.prompt.kind == "debt" and g.legal_actions(SEAT).actions == [om.Action("sell", 13)]
    assert_refused(g, SEAT, "pay")
    assert_refused(g, SEAT, "bankrupt")
    g.act(SEAT, "sell 13")
    assert g.state.owner[13] == BANK and g.state.cash[SEAT] == 40
    g.act(SEAT, "pay")
    assert g.state.cash[SEAT] == 0 and g.state.cash[2] == 190


def test_still_in_debt_to_a_player_gives_them_the_signet_cards_and_stays_in_the_game():
    """If you still owe another player, give them any unsold Signet cards; with nothing left you stay in."""
    g = new_game(first=SEAT)
    own(g, 2, 29, 31)  # the black set: rent 40
    set_cash(g, SEAT, 30)
    g.state.decks[0].remove(DARKSABER)
    g.state.held[SEAT].append(DARKSABER)
    place(g, SEAT, 27)
    roll(g, SEAT, 2)
    assert g.legal_actions(SEAT).actions == [om.Action("bankrupt")]
    g.act(SEAT, "bankrupt")
    s = g.state
    assert s.cash[SEAT] == 0 and s.cash[2] == 180 and s.held[2] == [DARKSABER] and s.alive[SEAT]
    assert g.prompt.player == 2
    # with nothing, still in the game: passing GO pays again
    start_turn(g, SEAT)
    place(g, SEAT, 31)
    own(g, SEAT, 1)
    roll(g, SEAT, 2)
    assert s.cash[SEAT] == 50  # Bo-Katan's GO salary


def test_still_in_debt_to_the_bank_returns_signet_cards_to_the_bottom():
    """If you owe the Bank, return any unsold Signet cards to the bottom of the deck."""
    g = new_game(first=SEAT)
    set_cash(g, SEAT, 5)
    g.state.decks[0].remove(DARKSABER)
    g.state.held[SEAT].append(DARKSABER)
    stack_card(g, SIGNET, PASSAGE)
    place(g, SEAT, 8)
    grogu_alone(g, 0)
    roll(g, SEAT, 2)
    g.act(SEAT, "bankrupt")
    assert g.state.held[SEAT] == [] and g.state.decks[0][-1] == DARKSABER and g.state.cash[SEAT] == 0


def test_trade_hideouts_for_credits_and_signet_cards():
    """Deals & Trades: hideouts for credits, other hideouts and/or Signet cards, at any time."""
    g = new_game()
    own(g, 1, 13)
    g.state.decks[0].remove(DARKSABER)
    g.state.held[0].append(DARKSABER)
    g.act(0, om.Action("trade", -1, om.TradeOffer(0, 1, (), (13,), 20, (DARKSABER,), ())))
    g.act(1, "accept")
    s = g.state
    assert s.owner[13] == 0 and s.held[1] == [DARKSABER] and s.cash[:2] == [130, 170]
    assert_refused(g, 0, "build 13")


def test_signet_kept_card_is_kept_and_others_are_obeyed_and_returned():
    """Signet: keep a card that says so; otherwise do what it says and return it to the bottom."""
    g = new_game(first=SEAT)
    stack_card(g, SIGNET, DARKSABER, BESKAR)
    grogu_alone(g, 0)
    place(g, SEAT, 8)
    roll(g, SEAT, 2)
    assert g.state.held[SEAT] == [DARKSABER] and DARKSABER not in g.state.decks[0]
    start_turn(g, SEAT)
    place(g, SEAT, 8)
    roll(g, SEAT, 2)
    assert g.state.cash[SEAT] == 250 and g.state.decks[0][-1] == BESKAR


def test_boba_fett_draws_two_keeps_one_returns_the_other():
    """Boba Fett: draw two Signet cards, keep or use one, return the other to the bottom."""
    g = new_game(first=BOBA)
    stack_card(g, SIGNET, BESKAR, REPAIRS)
    grogu_alone(g, 0)
    place(g, BOBA, 8)
    roll(g, BOBA, 2)
    assert g.prompt.kind == "signet-choice" and g.prompt.details["cards"] == [BESKAR, REPAIRS]
    assert_refused(g, BOBA, "choose 3")
    g.act(BOBA, f"choose {BESKAR}")
    assert g.state.cash[BOBA] == 250 and g.state.decks[0][-2:] == [REPAIRS, BESKAR]


def test_boba_fett_with_grogu_keeps_or_uses_both():
    g = new_game(first=BOBA)
    stack_card(g, SIGNET, BESKAR, DARKSABER)
    give_grogu(g, BOBA)
    place(g, BOBA, 7)
    roll(g, BOBA, 3)  # green 3 -> 10 (Signet)
    assert g.state.cash[BOBA] == 250 and g.state.held[BOBA] == [DARKSABER] and g.prompt.player == 0


def test_other_characters_draw_one():
    g = new_game(first=SEAT)
    stack_card(g, SIGNET, BESKAR, REPAIRS)
    grogu_alone(g, 0)
    place(g, SEAT, 8)
    roll(g, SEAT, 2)
    assert g.state.cash[SEAT] == 250 and g.state.decks[0][0] == REPAIRS


def test_imperial_credits_pays_30():
    g = new_game(first=SEAT)
    grogu_alone(g, 0)
    place(g, SEAT, 9)
    roll(g, SEAT, 5)
    assert g.state.cash[SEAT] == 180


def test_jail_pay_50_then_roll_and_move():
    """Pay 50 at the start of your next turn, then roll and move as normal."""
    g = new_game(first=SEAT)
    g.state.in_jail[SEAT] = True
    place(g, SEAT, 8)
    own(g, 2, 13)
    g.act(SEAT, "pay-bail")
    assert not g.state.in_jail[SEAT] and g.state.cash[SEAT] == 100 and g.prompt.kind == "turn"
    roll(g, SEAT, 5)
    assert g.state.position[SEAT] == 13


def test_jail_roll_a_6_to_leave_and_move():
    """Roll a 6: free; use the roll to move; the turn ends."""
    g = new_game(first=SEAT)
    g.state.in_jail[SEAT] = True
    place(g, SEAT, 8)
    own(g, 2, 13)
    grogu_alone(g, 0)
    roll(g, SEAT, 6)
    assert not g.state.in_jail[SEAT] and g.state.position[SEAT] == 14 and g.prompt.player == 2


def test_jail_three_turns_without_a_6_then_just_visiting():
    """Up to 3 turns to try for a 6; otherwise move to Just Visiting and end the turn."""
    g = new_game(first=SEAT)
    g.state.in_jail[SEAT] = True
    place(g, SEAT, 8)
    for attempt in (1, 2, 3):
        start_turn(g, SEAT)
        roll(g, SEAT, 5)
        assert g.state.in_jail[SEAT] == (attempt < 3)
    assert g.state.position[SEAT] == 8 and g.state.cash[SEAT] == 150 and g.prompt.player == 2


def test_jail_card_and_rent_collected_in_jail():
    """A kept jetpack Signet card frees you; in Jail you still collect rent."""
    g = new_game(first=SEAT)
    g.state.in_jail[SEAT] = True
    place(g, SEAT, 8)
    g.state.decks[0].remove(JETPACK)
    g.state.held[SEAT].append(JETPACK)
    g.act(SEAT, "use-card")
    assert not g.state.in_jail[SEAT] and g.state.decks[0][-1] == JETPACK
    g = new_game(first=2)
    g.state.in_jail[SEAT] = True
    own(g, SEAT, 13)
    place(g, 2, 9)
    grogu_alone(g, 0)
    roll(g, 2, 4)
    assert g.state.cash[SEAT] == 160


def test_boba_fett_with_grogu_uses_the_second_card_after_the_first_jails_him():
    """Boba Fett with Grogu: "When you land on a Signet space, draw two cards, and keep or use both." The
    first (Arrested: go to Jail, Grogu left on the Go to Jail space as he owns no hideout) does not cancel
    the second: the beskar ingot still pays 100, and both cards go to the bottom of the deck."""
    g = new_game(first=BOBA)
    stack_card(g, SIGNET, ARRESTED, BESKAR)
    give_grogu(g, BOBA)
    place(g, BOBA, 7)
    roll(g, BOBA, 3)  # green 3 -> 10 (Signet)
    s = g.state
    assert s.in_jail[BOBA] and s.position[BOBA] == JUST_VISITING
    assert s.cash[BOBA] == 250 and s.decks[0][-2:] == [ARRESTED, BESKAR]
    assert s.grogu_carrier == -1 and s.grogu_pos == GO_TO_JAIL


def test_boba_fett_with_grogu_keeps_the_second_card_after_the_first_jails_him():
    """... "keep or use both": a Darksaber drawn second is kept, in Jail too."""
    g = new_game(first=BOBA)
    stack_card(g, SIGNET, ARRESTED, DARKSABER)
    give_grogu(g, BOBA)
    place(g, BOBA, 7)
    roll(g, BOBA, 3)
    s = g.state
    assert s.in_jail[BOBA] and s.held[BOBA] == [DARKSABER] and DARKSABER not in s.decks[0]


def test_boba_fett_jailed_by_the_first_card_is_not_moved_by_the_second():
    """A second card that moves the token (Advance to GO) is used without moving a jailed Boba: only a 6 or
    the jetpack leaves Jail ("Roll a 6 on your next turn. If you do, you're free!"), so no 20 either."""
    g = new_game(first=BOBA)
    stack_card(g, SIGNET, ARRESTED, ADVANCE_GO)
    give_grogu(g, BOBA)
    place(g, BOBA, 7)
    roll(g, BOBA, 3)
    s = g.state
    assert s.in_jail[BOBA] and s.position[BOBA] == JUST_VISITING and s.cash[BOBA] == 150
    assert s.decks[0][-2:] == [ARRESTED, ADVANCE_GO]
