"""The short ways the Empire rules and bot take to the same answers: each is checked against the long way.

``usable`` tells whether a card aimed at a rival has a target without listing the targets; the rules
table keeps the card effects ``usable`` reads; the auction, purchase and swap steps answer the facts
the bot reads by name (``Step.detail``) without the prompt's details; the Empire bot checks each answer
once, keeps its edition tables with the rules table they were made for, and tests a card's targets before
asking the check; the family bot's class is found once per game class; the purchase offers are steps
shared by every game; a choice's check tests the one choice made; the game asks the permission table only
for the kinds it may refuse (a buy only with a high bid open), and works out a bid's cover itself; a landing
reads what the space does as an int, a purchase its price from the rules table; the opening deal without
events deals in one move; ``has_billboard`` walks the tower without finding the top.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import openmonopoly as om
from kit import roll
from openmonopoly.agents import by_family
from openmonopoly.agents.by_family import FamilyHeuristic, family_bot_class
from openmonopoly.agents.families.empire import _BIDS, _CARD_KINDS, _KEPT_ARGS, EmpireAgent, _numbered
from openmonopoly.agents.random_bot import RandomAgent
from openmonopoly.engine import actions as A
from openmonopoly.engine.flow import Step
from openmonopoly.engine.prompt import AUCTION, numbered_action
from openmonopoly.rules import permissions
from openmonopoly.rules.empire.choose import PLAYER_PURPOSES, PLAYER_TESTS, SPACE_PURPOSES, SPACE_TESTS
from openmonopoly.rules.empire.data import (
    LAND_BRAND,
    LAND_CARD,
    LAND_FREE_PARKING,
    LAND_GO_TO_JAIL,
    LAND_NOTHING,
    LAND_RIVAL_TAX,
    LAND_TOWER_TAX,
    LAND_UTILITY,
    OFFICE,
)
from openmonopoly.rules.empire.empire_cards import TURN_CARDS, usable
from openmonopoly.rules.empire.kinds import A_BUY_OFFICE
from openmonopoly.rules.empire.spaces import BuyBillboard, _buy_step
from openmonopoly.rules.empire.swapper import can_swap, swappable_towers
from openmonopoly.rules.empire.tower import billboards, has_billboard, top_billboard

from .helpers import NERF, RAZOR, SW, new_game, tower

SRC = Path(__file__).resolve().parents[2] / "src"


def _random_towers(rng: random.Random):
    """A new game of 2-4 seats whose towers hold random billboards of the bank's stock (an office now and then)."""
    g = new_game(players=rng.choice((2, 3, 4)))
    s = g.state
    t = g.edition.rules
    pieces = [pos for pos in t.brands + t.utilities for _ in range(s.stock[pos])]
    rng.shuffle(pieces)
    for p in range(s.n):
        mine = [pieces.pop() for _ in range(rng.randrange(0, 5)) if pieces]
        if rng.random() < 0.3:
            mine.insert(rng.randrange(len(mine) + 1), OFFICE)
        tower(g, p, *mine)
    return g


def test_usable_agrees_with_the_listed_targets():
    """A card aimed at a rival may be played exactly when its target list is not empty (a crash: when a
    rival has a billboard), over many random towers."""
    rng = random.Random(7)
    for _ in range(300):
        g = _random_towers(rng)
        s = g.state
        for p in range(s.n):
            for kind in TURN_CARDS:
                if kind in ("move_to_any_space", "tallest_tower_bonus"):
                    expected = True
                elif kind == "stock_market_crash":
                    expected = any(has_billboard(g, q) for q in g.rivals(p))
                else:
                    expected = bool(PLAYER_PURPOSES[kind][0](g, p, -1))
                assert usable(g, p, kind, "turn") == expected, (kind, p, s.tower)


def test_rules_table_keeps_the_card_effects_usable_reads():
    g = new_game()
    t = g.edition.rules
    cards = g.edition.decks[t.empire_deck].cards
    first = {}
    for card in cards:
        first.setdefault(card.effect["kind"], card.effect)
    assert t.bargain_price == first["bargain_business"]["price"]
    assert t.tax_min_billboards == first["billboard_tax"]["min_billboards"]


def facts(g, *names):
    """The named facts of the prompt as its step answers them one by one (``Step.detail``)."""
    top = g.state.stack[-1]
    return tuple(top.detail(g, name) for name in names)


def test_auction_facts_by_name_say_what_the_prompt_details_say():
    g = new_game()
    roll(g, 0, 2, 3)
    g.act(0, "auction")
    for p, bid in ((1, "bid 50"), (2, "bid 100"), (0, None)):
        d = g.prompt.details
        assert g.prompt.kind == AUCTION and g.prompt.player == p
        assert d["lot"] == RAZOR
        assert facts(g, "lot", "minimum", "high_bidder") == (d["lot"], d["minimum"], d["high_bidder"])
        if bid is not None:
            g.act(p, bid)
    assert facts(g, "minimum", "high_bidder") == (150, 2)


# Run in a pure-Python child: a compiled view class cannot be subclassed, and the counting view is one.
COUNT_CHECKS = """
import json
import openmonopoly as om
from openmonopoly.agents.families.empire import _CARD_KINDS, EmpireAgent
from openmonopoly.agents.random_bot import RandomAgent
from openmonopoly.engine import actions as A
from openmonopoly.rules.empire.game import EmpireView


class CountingView(EmpireView):
    def __init__(self, game, player):
        super().__init__(game, player)
        self.checked = []

    def check(self, action):
        self.checked.append(action)
        return super().check(action)


answered, unchecked, wrong = 0, 0, []
for seed in range(8):
    # (two games with exact raises: there the one legal bid is the minimum)
    g = om.Game("empire", 3, seed=seed, options={"exact-raises": seed >= 6})
    bots = [EmpireAgent(seed) for _ in range(3)]
    while not g.over:
        prompt = g.prompt
        view = CountingView(g, prompt.player)
        action = bots[prompt.player].act(view, prompt)
        times = view.checked.count(action)
        if times == 0:  # an answer the bot knows to be legal: it must be
            unchecked += 1
            reason = g.check(prompt.player, action)
            if reason is not None:
                wrong.append([prompt.kind, str(action), reason])
        elif times != 1:
            wrong.append([prompt.kind, str(action), [str(a) for a in view.checked]])
        g.act(prompt.player, action)
        answered += 1
print(json.dumps({"answered": answered, "unchecked": unchecked, "wrong": wrong[:5]}))
"""


def test_empire_bot_checks_each_answer_at_most_once():
    """Whatever the bot answers, it asked ``check`` about that answer at most once in the decision; an
    answer it did not check (one the prompt and the view show legal: most of them) is legal."""
    env = dict(os.environ, PYTHONPATH=str(SRC), OPENMONOPOLY_PURE="1")
    out = subprocess.run([sys.executable, "-c", COUNT_CHECKS], env=env, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["answered"] > 100 and result["wrong"] == []
    assert result["unchecked"] > result["answered"] // 2


def test_the_bots_numbered_actions_are_the_engines_shared_ones():
    """The Empire bot's rows of numbered actions hand out ``numbered_action``'s own actions, whatever
    order the arguments are first asked in; an argument beyond the rows is still the same action."""
    row: list[A.Action] = []
    for amount in (150, 3, 150, 0, 400, 7):
        action = _numbered(row, A.BID, amount)
        assert action is numbered_action(A.BID, amount) and action == A.Action(A.BID, amount)
    assert len(row) == 401 and all(action == A.Action(A.BID, a) for a, action in enumerate(row))
    assert _numbered(row, A.BID, _KEPT_ARGS + 5) == A.Action(A.BID, _KEPT_ARGS + 5) and len(row) == 401
    assert _numbered(_BIDS, A.BID, 60) is numbered_action(A.BID, 60)


def test_family_bot_class_is_found_once_per_game_class(monkeypatch):
    view = om.Game("empire", 3, seed=1).view(0)
    found = family_bot_class(view)
    assert found is EmpireAgent

    def not_again(*args):
        raise AssertionError("the bot class was looked up again")

    monkeypatch.setattr(by_family.registry, "find_face", not_again)
    assert family_bot_class(om.Game("empire", 3, seed=2).view(1)) is EmpireAgent


def test_family_heuristic_plays_each_game_with_its_own_bot():
    """A bot that played a classic game goes on playing it with the classic bot after playing Empire."""
    bot = FamilyHeuristic(1)
    classic = om.Game("classic", 2, seed=1)
    classic_view = classic.view(classic.prompt.player)
    bot.act(classic_view, classic.prompt)
    empire = om.Game("empire", 3, seed=1)
    bot.act(empire.view(empire.prompt.player), empire.prompt)
    assert bot.family_bot is not None
    prompt = classic.prompt
    assert classic.check(prompt.player, bot.act(classic_view, prompt)) is None


def test_buy_facts_by_name_say_what_the_prompt_details_say():
    g = new_game()
    roll(g, 0, 2, 3)
    assert g.prompt.kind == "buy"
    assert facts(g, "price", "pos") == (g.prompt.details["price"], g.prompt.details["pos"])
    assert facts(g, "price", "pos") == (g.edition.board[RAZOR].price, RAZOR)


def test_swap_facts_by_name_say_what_the_prompt_details_say():
    g = new_game()
    tower(g, 0, RAZOR)
    tower(g, 1, NERF)
    roll(g, 0, 3, SW)
    assert g.prompt.kind == "swap"
    assert facts(g, "first") == (g.prompt.details["first"],) == (-1,)
    g.act(0, "swap 1")
    assert facts(g, "first") == (g.prompt.details["first"],) == (1,)


def test_kept_tables_and_shortcuts_agree_with_the_long_way_over_whole_games():
    """Over whole bot games, at every decision: the Empire bot's kept tables equal tables made afresh for
    the game's rules, and the seat and rules it read equal the decision's; the view's uncopied hand is the
    hand; its test of an office for sale agrees with the check; its own tests of Billboard Tax's and Swap
    the Top's targets agree with the rules' ``usable``."""
    checked = 0
    for seed in range(8):
        g = om.Game("empire", 3, seed=seed)
        rules = g.edition.rules
        bots = [EmpireAgent(seed) for _ in range(3)]
        while not g.over:
            prompt = g.prompt
            p = prompt.player
            view = g.view(p)
            bot = bots[p]
            for q in range(3):
                assert EmpireAgent._billboards(view, q) == billboards(g, q)
            assert (EmpireAgent._billboards(view, p) > 0) == has_billboard(g, p)
            assert view.own_hand() == list(view.hand) and g.view(None).own_hand() == []
            if prompt.kind == "turn":  # (the bot's test of an office for sale before it asks the check)
                for_sale = not view.office_bought and view.offices > 0 and view.cash[p] >= rules.office_price
                assert for_sale == (g.check(p, A_BUY_OFFICE) is None)
            action = bot.act(view, prompt)
            assert bot._me == p and bot._t is rules  # (what the handlers read, set by ``decide``)
            assert bot._taxable_rival(view, p) == usable(g, p, "billboard_tax", "turn")  # (reads ``_t``)
            if bot._tables_of is not None:
                assert bot._tables_of is rules
                assert bot._codes == [_CARD_KINDS.index(k) if k in _CARD_KINDS else -1 for k in rules.empire_kind]
                # (a card looked for by its code: the first in hand of its kind, as by the kind's name)
                for code, kind in enumerate(_CARD_KINDS):
                    of_kind = [card for card in view.own_hand() if rules.empire_kind[card] == kind]
                    assert bot._card_of(view, code) == (of_kind[0] if of_kind else -1)
                assert bot._scores == [
                    rules.height[sp.position] * 1000 + sp.price
                    if rules.is_brand[sp.position] or rules.is_utility[sp.position]
                    else 0
                    for sp in g.edition.board
                ]
                scores = bot._scores
                assert sorted(bot._targets) == [pos for pos in range(len(scores)) if scores[pos] > 0]
                assert all(  # (best first: by score, then in board order)
                    (scores[a], -a) > (scores[b], -b) for a, b in pairwise(bot._targets)
                )
                # The best target within a budget, from the ranked targets, is the one the long way picks:
                # the greatest score among the spaces in stock and within the budget, the first of equals.
                stock, price = view.stock, rules.price
                for budget in (0, 60, 150, 250, view.cash[p]):
                    for skip in (-1, view.position[p]):
                        best, best_score = -1, 0
                        for pos in range(len(scores)):
                            if scores[pos] > best_score and stock[pos] and price[pos] <= budget and pos != skip:
                                best, best_score = pos, scores[pos]
                        assert bot._best_target_space(view, budget, None, skip) == best
            checked += 1
            g.act(p, action)
    assert checked > 100


def test_choice_tests_agree_with_the_listed_choices():
    """Each purpose's test of one choice (``PLAYER_TESTS``, ``SPACE_TESTS``), which the check asks, is true
    exactly for the choices its list holds, over many random towers, hands of cash and positions."""
    rng = random.Random(11)
    tested = set()
    for _ in range(200):
        g = _random_towers(rng)
        s = g.state
        for p in range(s.n):
            s.cash[p] = rng.choice((0, 50, 100, 150, 2000))
            s.position[p] = rng.randrange(g.edition.size)
        for p in range(s.n):
            for purpose, test in PLAYER_TESTS.items():
                listed = PLAYER_PURPOSES[purpose][0](g, p, -1)
                for q in range(-1, s.n + 1):
                    assert test(g, p, -1, q) == (q in listed), (purpose, p, q, s.tower)
                tested.add(purpose)
            for purpose, test in SPACE_TESTS.items():
                args = range(s.n) if purpose == "youre_fired" else (-1,)  # (YOU'RE FIRED!'s arg: the victim)
                for arg in args:
                    listed = SPACE_PURPOSES[purpose][0](g, p, arg)
                    for pos in [*range(-1, g.edition.size + 1), OFFICE]:
                        assert test(g, p, arg, pos) == (pos in listed), (purpose, p, arg, pos)
                tested.add(purpose)
    assert tested >= {"rival-tax", "hostile_takeover", "free-parking", "move_to_any_space", "youre_fired"}


def test_lists_of_any_space_are_copies_of_the_board_positions():
    """The choices of "any space" (Free Parking's trip, Move to Any Space) are copied from the rules table's
    list of every position, which stays whole and in order however the lists given out are changed."""
    g = new_game()
    positions = g.edition.rules.positions
    assert positions == list(range(g.edition.size))
    for purpose in ("free-parking", "move_to_any_space"):
        listed = SPACE_PURPOSES[purpose][0](g, 0, -1)
        assert listed is not positions and len(listed) == len(positions) - 1
        listed.clear()
    assert positions == list(range(g.edition.size))


def test_land_codes_name_each_space_by_its_type():
    """``spaces.land`` reads what a space does from the rules table's ``land_code``, one int per position:
    it names each space's type (and nothing for the types landing does nothing on)."""
    g = new_game()
    codes = {
        "brand": LAND_BRAND,
        "utility_billboards": LAND_UTILITY,
        "card": LAND_CARD,
        "rival_tower_tax": LAND_RIVAL_TAX,
        "tower_tax": LAND_TOWER_TAX,
        "free_parking": LAND_FREE_PARKING,
        "go_to_jail": LAND_GO_TO_JAIL,
    }
    land_code = g.edition.rules.land_code
    assert len(land_code) == g.edition.size
    for sp in g.edition.board:
        assert land_code[sp.position] == codes.get(sp.type, LAND_NOTHING), sp.type
    assert set(land_code) == set(codes.values()) | {LAND_NOTHING}  # (every kind of space is on the board)


def test_buy_prices_in_the_rules_table_are_the_board_prices():
    """A purchase offer reads the price from the rules table (``EmpireRules.price``): for every space with
    billboards to buy, it is the board's price."""
    g = new_game()
    t = g.edition.rules
    for pos in t.brands + t.utilities:
        assert t.price[pos] == g.edition.board[pos].price > 0, pos


def test_has_billboard_says_whether_the_tower_has_a_top_billboard():
    """``has_billboard`` (the tower walked from the bottom) is true exactly when ``top_billboard`` finds one,
    over many random towers (offices only, empty, billboards)."""
    rng = random.Random(11)
    seen = set()
    for _ in range(300):
        g = _random_towers(rng)
        for p in range(g.state.n):
            if rng.random() < 0.1:
                tower(g, p, *([OFFICE] * rng.randrange(1, 3)))
            answer = has_billboard(g, p)
            assert answer == (top_billboard(g, p) >= 0), g.state.tower[p]
            seen.add((answer, bool(g.state.tower[p])))
    assert seen == {(True, True), (False, True), (False, False)}


def test_deal_without_events_hands_out_what_drawing_one_at_a_time_does():
    """The opening deal without events (one move: the pile's top cards round the table) leaves the same
    hands and pile as the deal with events, which draws each card in seat order, in many games."""
    for seed in range(40):
        for players in (2, 3, 4):
            quiet = om.Game("empire", players, seed=seed, events=False)
            loud = om.Game("empire", players, seed=seed, events=True)
            assert quiet.state.hands == loud.state.hands
            assert quiet.state.decks == loud.state.decks
            assert all(len(h) == quiet.edition.rules.starting_empire_cards for h in quiet.state.hands)
            assert quiet.chance.log == loud.chance.log


def test_can_swap_says_whether_two_towers_can_be_swapped():
    """The swapper roll's test (``can_swap``) is true exactly when ``swappable_towers`` lists two or more,
    over many random towers (offices only, empty, billboards)."""
    rng = random.Random(5)
    seen = set()
    for _ in range(300):
        g = new_game(players=rng.choice((2, 3, 4)))
        s = g.state
        t = g.edition.rules
        for p in range(s.n):
            pieces = rng.choice(([], [OFFICE], [rng.choice(t.brands)], [rng.choice(t.brands), OFFICE]))
            if pieces and pieces[0] != OFFICE and s.stock[pieces[0]] == 0:
                pieces = []
            tower(g, p, *pieces)
        expected = len(swappable_towers(g)) >= 2
        assert can_swap(g) == expected, s.tower
        seen.add(expected)
    assert seen == {True, False}


def test_seats_from_and_rivals_go_round_from_the_left_in_every_game():
    """``seats_from`` and ``rivals`` (tables shared by every game of a number of seats) go round the table
    from the player's left, in a game played on after another game of that size and of another."""
    for n in (2, 3, 4, 3):
        g = new_game(players=n)
        for p in range(n):
            assert g.seats_from(p) == tuple((p + i) % n for i in range(1, n + 1))
            assert g.rivals(p) == tuple((p + i) % n for i in range(1, n))


def test_turn_steps_shared_by_games_name_their_seat():
    """The turn's own steps every game pushes (one per seat, made on first need) name the seat asked for,
    whatever sizes of games came before; a game's steps stay as they were when another game plays."""
    for n in (2, 4, 3):
        g = new_game(players=n)
        for p in range(n):
            assert g.turn_step(p).player == p
            for again in (False, True):
                end = g.end_of_move(p, again)
                assert (end.player, end.again) == (p, again)
    first, second = new_game(seed=1), new_game(seed=2)
    roll(first, 0, 2, 3)
    assert second.prompt.player == 0 and second.prompt.kind == "turn" and first.prompt.kind == "buy"


def test_trip_and_move_targets_agree_with_the_spaces_offered_over_whole_games():
    """The Empire bot picks the target of a Free Parking trip and of Move to Any Space among the billboard
    spaces alone (less the one it stands on, for the card), not the whole list the prompt offers: over
    whole games, at every decision, for every seat and several budgets, both pick the same space."""
    trip_spaces = SPACE_PURPOSES["free-parking"][0]
    any_space = SPACE_PURPOSES["move_to_any_space"][0]
    picked = set()
    for seed in range(6):
        g = om.Game("empire", 3, seed=seed)
        bots = [EmpireAgent(seed) for _ in range(3)]
        while not g.over:
            p = g.prompt.player
            view = g.view(p)
            bot = bots[p]
            action = bot.act(view, g.prompt)
            for q in range(3):
                here = g.state.position[q]
                for budget in (0, 100, 250, 500, 2000):
                    short = bot._best_target_space(view, budget, None, here)
                    assert short == bot._best_target_space(view, budget, any_space(g, q, -1))
                    picked.add(short)
                    trip = trip_spaces(g, q, -1)
                    if trip:
                        assert bot._best_target_space(view, budget, None) == bot._best_target_space(view, budget, trip)
            g.act(p, action)
    assert -1 in picked and len(picked) > 5


def test_buy_offers_shared_by_games_name_their_seat_and_space():
    """The purchase offers every game pushes (one step per seat and space, made at import) name the seat and
    the space landed on; an offer answered in one game leaves another game's same offer as it was; a seat or
    space beyond the shared ones gets a step of its own."""
    first, second = new_game(seed=1), new_game(seed=2)
    roll(first, 0, 2, 3)
    roll(second, 0, 2, 3)
    offer = first.state.stack[-1]
    assert isinstance(offer, BuyBillboard) and offer is second.state.stack[-1]
    assert (offer.player, offer.pos) == (0, RAZOR)
    second.act(0, "buy")
    assert second.state.tower[0] == [RAZOR]
    assert first.prompt.kind == "buy" and first.prompt.details == {"pos": RAZOR, "price": 100}
    first.act(0, "auction")
    assert first.prompt.kind == "auction" and first.prompt.details["lot"] == RAZOR
    for player, pos in ((1, 39), (15, 63), (16, 5), (2, 64)):
        step = _buy_step(player, pos)
        assert (step.player, step.pos) == (player, pos) and (step is _buy_step(player, pos)) == (
            player < 16 and pos < 64
        )


def _step_classes(cls: type) -> list[type]:
    found = [cls]
    for sub in cls.__subclasses__():
        found += _step_classes(sub)
    return found


def test_refusal_and_bid_cover_agree_with_the_permission_table_over_whole_games():
    """Empire's gate (``EmpireGame.refusal``) asks the permission table only for a buy, a trade and its
    answer, and works out a bid's cover itself (``_spendable``, ``bid_covered``): over whole games of
    heuristic and random bots (trades of jail cards included), with and without exact raises, at every
    decision, for every seat and every answer a seat might give, both agree with the table's long way."""
    # What the short ways assume: Empire's table names these kinds only, a bid is refused only to a debtor,
    # and no step an Empire game can hold is a debt (only the classic and Mandalorian debt steps are).
    assert set(permissions.EMPIRE.acts) == {A.BUY, A.BID, A.TRADE, A.ACCEPT}
    assert permissions.EMPIRE.all_bids_cash
    debts = {c.__module__ for c in _step_classes(Step) if c.debtor is not Step.debtor}
    assert debts and not any(".empire." in m for m in debts), debts
    checked = refused = 0
    kinds = set()
    for seed in range(10):
        options = {"exact-raises": True} if seed % 3 == 2 else None
        g = om.Game("empire", 3, seed=seed, options=options, events=False)
        bots = [EmpireAgent(seed) if (seed + q) % 2 else RandomAgent(seed * 10 + q) for q in range(3)]
        while not g.over:
            prompt = g.prompt
            s = g.state
            for q in range(s.n):
                assert g._spendable(q) == permissions.spendable(g, q)
                legal = g.legal_actions(q)
                candidates = list(legal.actions) + [
                    A.Action(k) for k in (A.ROLL, A.PASS, A.BUY, A.AUCTION, A.PAY, A.ACCEPT, A.REJECT, A.END)
                ]
                for r in g.rivals(q):  # (a jail card for cash, offered either way)
                    candidates.append(A.Action(A.TRADE, -1, A.TradeOffer(q, r, cash=50, take_cards=(0,))))
                    candidates.append(A.Action(A.TRADE, -1, A.TradeOffer(q, r, cash=-50, give_cards=(0,))))
                if prompt.kind == AUCTION:
                    auction = s.stack[-1]
                    for amount in (0, 50, auction.minimum(g), s.cash[q], s.cash[q] + 50):
                        candidates.append(A.Action(A.BID, amount))
                        most = permissions.spendable(g, q)
                        if g.exact_raises:
                            most = min(most, auction.minimum(g))
                        assert g.max_bid(q, auction.lot) == most
                        assert g.bid_covered(q, auction.lot, amount) == (amount <= most)
                top = s.stack[-1]
                for action in candidates:
                    # (the gate is asked once the action's own check has passed, as ``Game.check_formed`` does)
                    if action.kind == A.TRADE:
                        if g.check_anytime(q, action) is not None:
                            continue
                    elif top.decider != q or not top.accepts(action.kind) or top.check(g, q, action) is not None:
                        continue
                    expected = permissions.refusal(g, q, action)
                    assert g.refusal(q, action) == expected, (action, q)
                    kinds.add(action.kind)
                    refused += expected is not None
                    checked += 1
            p = prompt.player
            g.act(p, bots[p].act(g.view(p), prompt))
    assert checked > 1000 and refused > 0 and {A.BID, A.BUY, A.ROLL, A.TRADE} <= kinds


def test_a_new_states_lists_are_its_own():
    # (a new state copies its first lists from shared rows: each game's must be apart from them and from
    # another game's, and as long as its seats and its board)
    a, b = om.Game("empire", 3, seed=1), om.Game("empire", 2, seed=1)
    for g in (a, b):
        s = g.state
        assert len(s.in_jail) == len(s.jail_turns) == len(s.height) == s.n
        assert len(s.owner) == len(g.edition.board)
    a.state.in_jail[0] = True
    a.state.jail_turns[1] = 2
    a.state.height[0] = 5
    a.state.owner[1] = 0
    assert b.state.in_jail == [False, False] and b.state.jail_turns == [0, 0] and b.state.height == [0, 0]
    assert set(b.state.owner) == {-1}
    fresh = om.Game("empire", 3, seed=2).state
    assert fresh.in_jail == [False] * 3 and fresh.jail_turns == [0] * 3 and fresh.height == [0] * 3
    assert set(fresh.owner) == {-1}
