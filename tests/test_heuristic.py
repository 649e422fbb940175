"""The heuristic bot: specific decisions in hand-set states, legality, and games that end."""

from __future__ import annotations

import pytest

import openmonopoly as om
from kit import own
from openmonopoly.agents import heuristic, make_agent
from openmonopoly.agents.heuristic import HeuristicAgent
from openmonopoly.engine import actions as A
from openmonopoly.engine.actions import Action, TradeOffer
from openmonopoly.engine.game import Prompt
from openmonopoly.engine.prompt import numbered_action
from openmonopoly.engine.state import BANK
from openmonopoly.rules.classic.debt import Debt
from openmonopoly.sim import play_game


def fresh(edition: str = "classic", n: int = 4) -> om.Game:
    g = om.Game(edition, n, seed=5, events=False)
    return g


def land_on(g: om.Game, pos: int) -> int:
    """Move the current player so the next roll (forced) lands on ``pos``; return the player."""
    p = g.prompt.player
    g.state.position[p] = (pos - 7) % 40
    g.chance.force_dice(3, 4)
    g.act(p, A.A_ROLL)
    return p


# ------------------------------------------------------------------ buying and bidding
def test_make_agent_gives_the_heuristic_bot():
    assert isinstance(make_agent("heuristic", 3), HeuristicAgent)


def test_buys_when_the_reserve_survives():
    g = fresh()
    p = land_on(g, 39)  # Boardwalk, 400
    assert g.prompt.kind == "buy"
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_BUY


def test_declines_when_poor():
    g = fresh()
    p = g.prompt.player
    g.state.cash[p] = 420
    land_on(g, 39)
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_AUCTION


def test_buys_when_poor_if_it_completes_or_blocks_a_set():
    g = fresh()
    p = g.prompt.player
    g.state.cash[p] = 420
    own(g, p, 37)
    land_on(g, 39)
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_BUY
    g = fresh()
    p = g.prompt.player
    g.state.cash[p] = 420
    own(g, (p + 1) % 4, 37)
    land_on(g, 39)
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_BUY


def auction_prompt(pos: int, minimum: int, high: int = 0, high_bidder: int = -1) -> Prompt:
    return Prompt(
        0,
        "auction",
        {
            "lot": pos,
            "lot_kind": "property",
            "high": high,
            "high_bidder": high_bidder,
            "minimum": minimum,
            "bidders": [0, 1],
        },
    )


def test_bids_up_to_its_value_and_not_beyond():
    g = fresh()
    g.state.cash[0] = 5000
    bot = HeuristicAgent()
    view = g.view(0)
    price = g.edition.board[39].price  # 400, nothing owned: worth its price
    bid = bot.act(view, auction_prompt(39, 1))
    assert bid.kind == A.BID and 1 <= bid.arg <= price
    bid = bot.act(view, auction_prompt(39, price - 5, price - 6, 1))
    assert bid.kind == A.BID and price - 5 <= bid.arg <= price
    assert bot.act(view, auction_prompt(39, price + 1, price, 1)) == A.A_PASS
    # Completing a set is worth more: it bids past the price.
    own(g, 0, 37)
    bid = bot.act(view, auction_prompt(39, price + 1, price, 1))
    assert bid.kind == A.BID and price < bid.arg <= 2 * price
    # Limited by cash minus the reserve.
    g.state.cash[0] = 300
    bid = bot.act(view, auction_prompt(39, 100, 99, 1))
    assert bid.kind == A.BID and bid.arg <= 300 - bot.reserve(view, bot_board(view))
    assert bot.act(view, auction_prompt(39, 290, 289, 1)) == A.A_PASS


def bot_board(view):
    from openmonopoly.agents.heuristic import _board

    return _board(view)


# ------------------------------------------------------------------ debts
def drive(g: om.Game, player: int, kind: str, bot: HeuristicAgent, limit: int = 100) -> list[Action]:
    """Let ``bot`` answer while ``player`` must answer a ``kind`` prompt; return its actions."""
    done = []
    while g.prompt is not None and g.prompt.player == player and g.prompt.kind == kind and len(done) < limit:
        action = bot.act(g.view(player), g.prompt)
        assert g.check(player, action) is None, (action, g.check(player, action))
        g.act(player, action)
        done.append(action)
    return done


def test_raises_money_in_order_then_pays():
    g = fresh()
    p = g.prompt.player
    own(g, p, 1, 3, 39, 12)  # brown set, lone Boardwalk, Electric Company
    g.state.level[1] = g.state.level[3] = 2
    g.state.bank_houses -= 4
    g.state.cash[p] = 0
    # Owes more than the loose properties raise (200 + 75), so buildings go too, but not the set's mortgage.
    g.push(Debt(p, BANK, 300, "tax", -1))
    actions = drive(g, p, "debt", HeuristicAgent())
    kinds = [(a.kind, a.arg) for a in actions]
    assert kinds[:2] == [(A.MORTGAGE, 12), (A.MORTGAGE, 39)]  # utility, then the lone street
    assert all(k == A.SELL for k, _ in kinds[2:-1])
    assert kinds[-1] == (A.PAY, -1)
    assert g.state.level[1] + g.state.level[3] == 3  # sold just one house: 275 + 25
    assert not g.state.mortgaged[1] and not g.state.mortgaged[3]
    assert g.state.alive[p]


def test_mortgages_the_set_last_and_goes_bankrupt_only_when_it_must():
    g = fresh()
    p = g.prompt.player
    own(g, p, 1, 3)
    g.state.level[1] = g.state.level[3] = 1
    g.state.bank_houses -= 2
    g.state.cash[p] = 0
    g.push(Debt(p, BANK, 80, "tax", -1))  # 50 from the houses, 60 from the mortgages
    actions = drive(g, p, "debt", HeuristicAgent())
    assert [a.kind for a in actions] == [A.SELL, A.SELL, A.MORTGAGE, A.PAY]
    g2 = fresh()
    p2 = g2.prompt.player
    own(g2, p2, 1)
    g2.state.cash[p2] = 0
    g2.push(Debt(p2, BANK, 500, "tax", -1))
    assert HeuristicAgent().act(g2.view(p2), g2.prompt) == A.A_BANKRUPT


# ------------------------------------------------------------------ building
def test_builds_evenly_only_on_full_sets_before_rolling():
    g = fresh()
    p = g.prompt.player
    own(g, p, 16, 18, 19, 39)  # orange set + lone Boardwalk
    g.state.cash[p] = 1000
    levels = []
    bot = HeuristicAgent()
    while True:
        action = bot.act(g.view(p), g.prompt)
        assert g.check(p, action) is None
        if action.kind != A.BUILD:
            break
        assert action.arg in (16, 18, 19)
        g.act(p, action)
        lv = [g.state.level[q] for q in (16, 18, 19)]
        assert max(lv) - min(lv) <= 1
        levels.append(lv)
    assert action == A.A_ROLL
    assert levels, "it should build on its full set"
    assert g.state.level[39] == 0
    assert g.state.cash[p] >= bot.reserve(g.view(p), bot_board(g.view(p)))


def test_does_not_build_without_a_full_set_or_below_reserve():
    g = fresh()
    p = g.prompt.player
    own(g, p, 16, 18, 39)
    g.state.cash[p] = 3000
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_ROLL
    g = fresh()
    p = g.prompt.player
    own(g, p, 16, 18, 19)
    g.state.cash[p] = 120  # a house costs 100: below the reserve
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_ROLL


# ------------------------------------------------------------------ other prompts
def claim_window() -> tuple[om.Game, int, int]:
    """Rent must be claimed: the lander ``p`` has just reached the owner's Boardwalk (rent 50) and the
    owner is asked to claim it. Returns (game, lander, owner)."""
    g = om.Game("classic", 4, seed=5, options={"rent-must-be-claimed": True}, events=False)
    p = g.prompt.player
    owner = (p + 1) % 4
    own(g, owner, 39)
    g.state.position[p] = 32
    g.chance.force_dice(3, 4)
    g.act(p, A.A_ROLL)
    return g, p, owner


def test_claims_rent():
    g, _, owner = claim_window()
    assert g.prompt.kind == "claim-rent" and g.prompt.player == owner
    assert HeuristicAgent().act(g.view(owner), g.prompt) == A.A_CLAIM


def test_waives_the_rent_on_a_deed_mortgaged_in_the_claim_window():
    """No rent may be charged on a mortgaged property: once the owner has mortgaged the deed after the
    landing, the bot waives (claiming would be refused) and the lander keeps their cash."""
    g, p, owner = claim_window()
    g.act(owner, Action(A.MORTGAGE, 39))
    assert g.prompt.kind == "claim-rent" and g.prompt.player == owner
    answer = HeuristicAgent().act(g.view(owner), g.prompt)
    assert answer == A.A_WAIVE
    g.act(owner, answer)
    assert (g.state.cash[p], g.state.cash[owner]) == (1500, 1500 + 200)


def test_jail_early_leaves_late_stays():
    g = fresh()
    p = g.prompt.player
    g.state.in_jail[p] = True
    g.state.position[p] = 10
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_PAY_BAIL
    for pos in g.edition.properties:  # late: everything owned (by someone else: no trades to make)
        g.state.owner[pos] = (p + 1) % 4
    assert HeuristicAgent().act(g.view(p), g.prompt) == A.A_ROLL


def test_mortgaged_property_lift_when_rich_keep_when_not():
    bot = HeuristicAgent()
    g = fresh()
    prompt = Prompt(0, "mortgaged-property", {"pos": 39, "from": 1, "lift_cost": 220, "interest": 20})
    from openmonopoly.rules.classic.mortgage import MortgagedTransfer

    own(g, 0, 39)
    g.state.mortgaged[39] = True
    g.push(MortgagedTransfer(0, 39, 1, False))
    g.state.cash[0] = 2000
    assert bot.act(g.view(0), prompt) == A.A_LIFT
    g.state.cash[0] = 300
    assert bot.act(g.view(0), prompt) == A.A_KEEP


# ------------------------------------------------------------------ trades
def propose(g: om.Game, offer: TradeOffer) -> None:
    assert g.check(offer.proposer, Action(A.TRADE, -1, offer)) is None
    g.act(offer.proposer, Action(A.TRADE, -1, offer))
    assert g.prompt.kind == "trade" and g.prompt.player == offer.target


def test_accepts_a_swap_completing_a_set_for_each_side():
    g = fresh()
    own(g, 0, 1, 37)
    own(g, 1, 3, 39)
    propose(g, TradeOffer(1, 0, give=(3,), take=(37,), cash=290))
    assert HeuristicAgent().act(g.view(0), g.prompt) == A.A_ACCEPT


def test_rejects_handing_the_proposer_a_set_for_nothing():
    g = fresh()
    own(g, 0, 37)
    own(g, 1, 39)
    propose(g, TradeOffer(1, 0, take=(37,), cash=10))
    assert HeuristicAgent().act(g.view(0), g.prompt) == A.A_REJECT
    g = fresh()
    own(g, 0, 37)
    own(g, 1, 39)
    propose(g, TradeOffer(1, 0, take=(37,), cash=700))  # about twice the price: fair
    assert HeuristicAgent().act(g.view(0), g.prompt) == A.A_ACCEPT


def test_proposes_at_most_once_per_turn_and_never_repeats():
    g = fresh()
    p = g.prompt.player
    q = (p + 1) % 4
    own(g, p, 37)
    own(g, q, 39)
    bot = HeuristicAgent()
    action = bot.act(g.view(p), g.prompt)
    assert action.kind == A.TRADE and action.offer.take == (39,) and action.offer.cash == 800
    g.act(p, action)
    g.act(q, A.A_REJECT)
    assert bot.act(g.view(p), g.prompt) == A.A_ROLL  # same turn: no second offer
    g.state.turns += 1  # a later turn: the rejected offer is not repeated
    assert bot.act(g.view(p), g.prompt) == A.A_ROLL


# ------------------------------------------------------------------ whole games
def _play_to_end(edition: str, seed: int, cap: int = 200_000) -> om.Game:
    g = om.Game(edition, 4, seed=seed, events=False)
    bots = [HeuristicAgent(seed * 10 + k) for k in range(4)]
    views = [g.view(k) for k in range(4)]
    for _ in range(cap):
        prompt = g.prompt
        if prompt is None:
            return g
        g.act(prompt.player, bots[prompt.player].act(views[prompt.player], prompt))
    raise AssertionError(f"{edition} seed {seed}: no end after {cap} actions")


@pytest.mark.parametrize("edition", ["classic", "starwars40"])
def test_heuristic_games_end_by_bankruptcy_without_a_round_limit(edition):
    for seed in range(20):
        g = _play_to_end(edition, seed)
        assert g.state.end_reason == "bankruptcy"
        assert len(g.winners) == 1 and sum(g.state.alive) == 1
        assert g.state.turns < 3000


def test_deterministic_for_a_seed():
    a = play_game("classic", ["heuristic"] * 4, 11)
    b = play_game("classic", ["heuristic"] * 4, 11)
    assert a.digest() == b.digest()


@pytest.mark.parametrize("edition", ["classic", "starwars40"])
def test_always_legal_against_random_bots(edition):
    # play_game raises IllegalAction if any bot sends an illegal action.
    for seed in range(4):
        g = play_game(
            edition,
            ["heuristic", "random", "heuristic", "random"],
            seed,
            max_rounds=40,
            options={"rent-must-be-claimed": seed % 2 == 1},
        )
        assert g.over


def _fresh_reserve(view, b) -> int:
    """The reserve worked out from the view alone, with nothing kept (by the bot or shared by the bots of a
    game): the base plus a third of the dearest rent of a built street another seat owns."""
    if view.bank_houses == b.total_houses and view.bank_hotels == b.total_hotels:
        return heuristic.BASE_RESERVE
    threat = 0
    for pos in b.streets:
        if view.level[pos] and view.owner[pos] != view.player:
            threat = max(threat, b.rent_at(pos, view.level[pos]))
    return heuristic.BASE_RESERVE + min(threat, 1500) // 3


def test_the_threats_answer_every_seat_as_a_search_of_the_other_seats_streets():
    g = fresh()
    b = heuristic._board(g.view(0))
    own(g, 0, 37, 39, level=2)  # dark blue: the dearest rents, seat 0's
    own(g, 1, 16, 18, 19, level=1)  # orange
    own(g, 2, 1, 3, level=5)  # brown hotels
    s = g.state
    threats = heuristic._threats_of(b, s.owner, s.level, s.level_changes)
    for me in range(4):
        worst = max(b.rent_at(q, s.level[q]) for q in b.streets if s.level[q] and s.owner[q] != me)
        assert threats.against(me) == worst
    assert threats.against(0) < threats.against(1)  # (seat 0 owns the dearest: it fears the next)
    # A building raising a street's rent: the threats raised by it are the ones searched afresh.
    for seat, pos in ((0, 39), (1, 16), (1, 18), (0, 37)):
        s.level[pos] += 1
        s.level_changes += 1
        threats.raise_to(s.level_changes, seat, b.rent_at(pos, s.level[pos]))
        afresh = heuristic._threats_of(b, s.owner, s.level, s.level_changes)
        assert [threats.against(me) for me in range(4)] == [afresh.against(me) for me in range(4)], (seat, pos)


class _ReserveWatch:
    """A heuristic bot whose kept reserve is compared, at every decision, with one worked out afresh."""

    name = "reserve-watch"

    def __init__(self) -> None:
        self.bot = HeuristicAgent()
        self.compared = 0
        self.built_on = 0  # decisions taken with something built (where the reserve is more than the base)

    def act(self, view, prompt):
        board = heuristic._board(view)
        kept = self.bot.reserve(view, board)
        assert kept == _fresh_reserve(view, board), (view.turns, view.player)
        self.compared += 1
        self.built_on += kept != heuristic.BASE_RESERVE
        return self.bot.act(view, prompt)


@pytest.mark.parametrize("options", [{}, {"uneven-building": True}])
def test_the_kept_reserve_is_the_fresh_one(options):
    # The bot keeps its reserve while the building levels stand, and across its own buildings (which do
    # not threaten it): at every decision of whole games that must equal a reserve worked out afresh.
    built_on = 0
    for seed in range(3):
        seats = [_ReserveWatch() for _ in range(4)]
        play_game("classic", ["heuristic"] * 4, seed, options=options, agents=seats)
        assert all(s.compared for s in seats)
        built_on += sum(s.built_on for s in seats)
    assert built_on > 100  # (the games built: the kept reserve was put to the test)


def test_the_reserve_is_worked_out_again_when_the_change_was_not_its_own_building():
    g = fresh()
    p = g.prompt.player
    o = (p + 1) % 4
    own(g, p, 16, 18, 19)  # orange set, bare
    own(g, o, 37, 39, level=1)  # dark blue, a house on each
    g.state.cash[p] = g.state.cash[o] = 2000
    view = g.view(p)
    board = heuristic._board(view)
    bot = HeuristicAgent()
    before = bot.reserve(view, board)
    action = bot.act(view, g.prompt)
    assert action.kind == A.BUILD and action.arg in (16, 18, 19)
    # The bot's building is not made; the other player builds instead (one level change, as the bot's
    # would have been): the reserve must grow with the dearer rent.
    g.act(o, Action(A.BUILD, 39))
    assert bot.reserve(view, board) == HeuristicAgent().reserve(view, board) > before


def test_games_played_side_by_side_decide_as_games_played_alone():
    """The bots share what every seat of a game would work out alike (the board's tables, who holds each
    street group) through module-level caches keyed on the game's own lists: games whose decisions
    interleave, as in a learner's batch or a server with many tables, must play exactly as alone."""
    seeds = [101, 202, 303]
    alone = []
    for seed in seeds:
        g = om.Game("classic", 4, seed=seed, events=False)
        g.play_out([make_agent("heuristic", seed + k) for k in range(4)])
        alone.append(g.digest())
    games = [om.Game("classic", 4, seed=seed, events=False) for seed in seeds]
    bots = [[make_agent("heuristic", seed + k) for k in range(4)] for seed in seeds]
    views = [[g.view(p) for p in range(4)] for g in games]
    moves = 0
    while not all(g.over for g in games):
        for g, seats, seen in zip(games, bots, views, strict=True):
            if not g.over:  # one decision of each game in turn
                p = g.prompt.player
                g.act(p, seats[p].act(seen[p], g.prompt))
                moves += 1
    assert moves > 1000
    assert [g.digest() for g in games] == alone


class _HoldersWatch:
    """A heuristic bot whose kept full sets and trade plans, and the group holders the bots of its game share,
    are compared at every decision with ones worked out afresh; and whose trade search for a street swap with
    the one it searches every street group for."""

    name = "holders-watch"

    def __init__(self) -> None:
        self.bot = HeuristicAgent()
        self.full_seen = 0  # decisions taken holding a full set
        self.swaps = 0  # swap searches that found one
        self.plans_kept = 0  # decisions taken with trade plans kept

    def act(self, view, prompt):
        b = heuristic._board(view)
        me, owner = view.player, view.owner
        kept = self.bot._full_of(view, b, owner, me)
        assert kept == [g for g in b.build_order if all(owner[q] == me for q in b.members[g])]
        self.full_seen += bool(kept)
        shared = self.bot._groups_held
        codes = [heuristic._group_code(owner, m) for m in b.street_members]
        fresh = heuristic._GroupHolders(b, owner, view.owner_changes, codes, None, 0)
        assert (shared.whole, shared.split, shared.held_whole) == (fresh.whole, fresh.split, fresh.held_whole)
        assert shared.codes == codes
        # (and the holders as the rules' words define them, read off the owners one group at a time)
        for g in b.street_groups:
            holders = {owner[q] for q in b.members[g]}
            alone = len(holders) == 1 and BANK not in holders
            assert fresh.whole[g] == (owner[b.members[g][0]] if alone else BANK)
            assert (g in fresh.split) == (len(holders) > 1 and BANK not in holders)
        if self.bot._plans_version == self.bot._split_version:  # (plans kept from an earlier ownership, maybe)
            afresh = HeuristicAgent()
            afresh._groups_held = fresh
            assert self.bot._plans == afresh._trade_plans(b, owner, me)
            self.plans_kept += bool(self.bot._plans)
        assert shared.held_whole == sum(1 for g in b.street_groups if fresh.whole[g] != BANK)
        for target in range(4):
            if target == me:
                continue
            for skip in b.street_groups:
                found = HeuristicAgent._swap_for(b, shared.split, owner, me, target, skip)
                assert found == _swap_everywhere(b, owner, me, target, skip)
                self.swaps += found is not None
        return self.bot.act(view, prompt)


def _swap_everywhere(b, owner, me, target, skip):
    """My streets completing a set of ``target``'s, every street group searched (not ``skip``)."""
    for h in b.street_groups:
        members = b.members[h]
        theirs = [q for q in members if owner[q] == target]
        if h != skip and theirs and len(theirs) < len(members) and all(owner[q] in (me, target) for q in members):
            return tuple(q for q in members if owner[q] != target)
    return None


def test_the_kept_full_sets_trade_plans_group_holders_and_swap_searches_are_the_fresh_ones():
    full_seen = swaps = plans_kept = 0
    for seed in range(3):
        seats = [_HoldersWatch() for _ in range(4)]
        play_game("classic", ["heuristic"] * 4, seed, agents=seats)
        full_seen += sum(s.full_seen for s in seats)
        swaps += sum(s.swaps for s in seats)
        plans_kept += sum(s.plans_kept for s in seats)
    # (the games made sets, swaps and plans: the kept figures were put to the test)
    assert full_seen > 100 and swaps > 10 and plans_kept > 10


def _holders_as_fresh(b, owner):
    codes = [heuristic._group_code(owner, m) for m in b.street_members]
    return heuristic._GroupHolders(b, owner, 0, codes, None, 0)


@pytest.mark.parametrize(
    ("expected", "written", "kept"),
    [
        (9, 9, False),  # the last light blue street: the set is whole now, found from its group alone
        (39, 39, True),  # a dark blue street, the other one still the bank's: nothing differs
        (39, 9, False),  # expected at one, written at another: found by the full search
        (9, 39, True),
    ],
)
def test_group_holders_after_an_expected_write_are_the_fresh_ones(expected, written, kept):
    """A write expected at a space (a purchase, an auction's award) lets the holders work out only its group
    again, when that space is the one that changed; a write elsewhere is found by the full search."""
    g = om.Game("classic", 4, seed=5, events=False)
    b = heuristic._board(g.view(0))
    owner = [BANK] * 40
    for q in (1, 3, 6, 8):  # brown whole, light blue but 9
        owner[q] = 0
    for q in (11, 13, 14):  # pink split
        owner[q] = 1 if q < 14 else 2
    before = heuristic._group_holders(b, owner, 1)
    heuristic._expect_write(b, owner, 1, expected)
    owner[written] = 0
    after = heuristic._group_holders(b, owner, 2)
    fresh = _holders_as_fresh(b, owner)
    assert (after.codes, after.whole, after.split) == (fresh.codes, fresh.whole, fresh.split)
    assert (after is before) == kept
    assert after.changes == 2
    # The next write with the hint used up: the full search again.
    owner[37] = 0
    later = heuristic._group_holders(b, owner, 3)
    fresh = _holders_as_fresh(b, owner)
    assert (later.codes, later.whole, later.split) == (fresh.codes, fresh.whole, fresh.split)


def test_group_holders_name_the_seats_whose_sets_moved_as_the_codes_compared_do():
    """The seats a change of holders touches (whole sets, parts of split sets), kept on the new holders for the
    bots that saw the last ones, are those the codes compared seat by seat find."""
    g = om.Game("classic", 4, seed=5, events=False)
    b = heuristic._board(g.view(0))
    owner = [BANK] * 40
    steps = [
        (1, 0),
        (3, 0),  # brown whole: seat 0
        (6, 1),
        (8, 2),
        (9, 1),  # light blue split between 1 and 2
        (8, 1),  # light blue whole: seat 1 (no longer split)
        (3, 3),  # brown split between 0 and 3
        (37, 2),
        (39, 2),  # dark blue whole: seat 2
        (39, 0),  # dark blue split between 2 and 0
    ]
    last = heuristic._group_holders(b, owner, 0)
    moved = 0
    for changes, (pos, seat) in enumerate(steps, start=1):
        owner[pos] = seat
        h = heuristic._group_holders(b, owner, changes)
        if h is last:
            continue
        assert (h.last_whole_name, h.last_split_name) == (last.whole_name, last.split_name)
        for me in range(4):
            whole = heuristic._whole_moved_for(last.codes, h.codes, me)
            split = heuristic._split_moved_for(last.codes, h.codes, me)
            assert bool(h.whole_moved_seats >> me & 1) == whole
            assert bool(h.split_moved_seats >> me & 1) == split
            moved += whole + split
        last = h
    assert moved >= 10  # (sets were made and split: the bits were put to the test)


class _OwnedWatch:
    """A heuristic bot whose figures kept while the owners stand (its properties outside its full sets in debt
    order, the count of unowned properties) are compared, at every decision taken after the bot has seen the
    owners, with ones worked out afresh."""

    name = "owned-watch"

    def __init__(self) -> None:
        self.bot = HeuristicAgent()
        self.compared = 0  # kept lists compared

    def act(self, view, prompt):
        b = heuristic._board(view)
        me, owner = view.player, view.owner
        bot = self.bot
        bot._full_of(view, b, owner, me)  # (brings the ownership seen up to date, as every decision does first)
        full = bot._full
        if bot._mine_version == bot._owner_version:
            assert bot._loose == [q for q in b.debt_order if owner[q] == me and b.street_group_of[q] not in full]
            self.compared += 1
        if bot._unowned_version == bot._owner_version:
            assert bot._unowned == sum(1 for q in b.props if owner[q] == BANK)
            self.compared += 1
        return bot.act(view, prompt)


@pytest.mark.parametrize("options", [None, {"no-mortgages": True}])
def test_the_figures_kept_while_the_owners_stand_are_the_fresh_ones(options):
    compared = 0
    for seed in range(3):
        seats = [_OwnedWatch() for _ in range(4)]
        play_game("classic", ["heuristic"] * 4, seed, options, agents=seats)
        compared += sum(s.compared for s in seats)
    assert compared > 100


@pytest.mark.parametrize("edition", ["classic", "clonewars"])
def test_the_boards_actions_are_the_shared_numbered_actions(edition):
    # The bot sends the very action objects it checked (``play_out`` applies an approved one by identity):
    # its tables must hold the shared ``numbered_action`` objects, one per space, of the right kind.
    b = heuristic._board(fresh(edition).view(0))
    tables = {
        A.BUILD: b.build_at,
        A.SELL: b.sell_at,
        A.SELL_ALL: b.sell_all_at,
        A.MORTGAGE: b.mortgage_at,
        A.UNMORTGAGE: b.unmortgage_at,
    }
    for kind, table in tables.items():
        assert len(table) == b.size
        for q, action in enumerate(table):
            assert action is numbered_action(kind, q) and action == Action(kind, q)


def test_the_holders_of_a_street_group_are_ordered_from_the_seat_on_my_left():
    owner = [BANK] * 40
    owner[1], owner[3], owner[6], owner[8], owner[9] = 3, 0, 3, 1, 0
    assert heuristic._holders(owner, [1, 3, 6, 8, 9], 2) == [3, 0, 1]
    assert heuristic._holders(owner, [8, 1, 6], 0) == [1, 3]
    assert heuristic._holders(owner, [1, 6], 0) == [3]
