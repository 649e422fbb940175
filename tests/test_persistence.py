"""Saving and loading in the middle of every kind of pending decision, records and replays.

Each scenario puts a classic game into a known position by writing ``g.state``
(cash booked against the bank, buildings taken from the bank's supply, so the
invariants still hold), scripts the dice, and acts only through ``g.act``. At
the interesting moment the game goes through ``json.dumps``/``json.loads``;
then the original and the loaded copy are continued with the same actions
(scripted, then the same random bot) and must stay equal.
"""

from __future__ import annotations

import copy
import json

import pytest

import openmonopoly as om
from invariants import check_buildings, check_cards, check_money, check_ownership, state_hash
from kit import new_game, own, roll, set_cash
from openmonopoly.agents.random_bot import RandomAgent
from openmonopoly.engine.state import BANK

BALTIC, ORIENTAL, VERMONT, CONNECTICUT, MEDITERRANEAN = 3, 6, 8, 9, 1


# ---------------------------------------------------------------------- scenario helpers
def saved(g: om.Game) -> om.Game:
    # (verify=False: these scenarios set cash and owners by hand, which no replay of the record
    # reproduces; tests/validation/test_saves.py checks that a real save is verified)
    return om.Game.from_json(json.loads(json.dumps(g.to_json())), verify=False)


def invariants(g: om.Game) -> None:
    for check in (check_money, check_ownership, check_buildings, check_cards):
        check(g, -1)


def continue_both(a: om.Game, b: om.Game, script: list[tuple[int, str]], bot_steps: int = 300) -> None:
    """Apply ``script`` then ``bot_steps`` random-bot actions to both games; they must stay equal."""
    assert a.to_json() == b.to_json()
    for player, text in script:
        ea, eb = a.act(player, text), b.act(player, text)
        assert ea == eb
        assert a.to_json() == b.to_json(), f"games differ after {text!r} by {player}"
        invariants(a)
    bot_a, bot_b = RandomAgent(11), RandomAgent(11)
    for _ in range(bot_steps):
        if a.over:
            break
        pa, pb = a.prompt, b.prompt
        assert pa == pb
        act_a = bot_a.act(a.view(pa.player), pa)
        act_b = bot_b.act(b.view(pb.player), pb)
        assert act_a == act_b
        assert a.act(pa.player, act_a) == b.act(pb.player, act_b)
        assert state_hash(a) == state_hash(b)
        invariants(a)
    assert a.over == b.over
    assert a.to_json() == b.to_json()
    assert a.digest() == b.digest()


# ---------------------------------------------------------------------- mid-decision round trips
def test_round_trip_mid_auction() -> None:
    g = new_game("classic", 3, seed=3)
    roll(g, 0, 1, 2)  # GO -> Baltic Avenue
    assert g.prompt.kind == "buy" and g.prompt.details["pos"] == BALTIC
    g.act(0, "auction")
    g.act(1, "bid 10")
    g.act(2, "bid 15")
    assert g.prompt.kind == "auction" and g.prompt.player == 0
    assert g.prompt.details["high"] == 15 and g.prompt.details["high_bidder"] == 2
    h = saved(g)
    assert h.prompt == g.prompt
    assert h.legal_actions(0).bid_range == g.legal_actions(0).bid_range
    continue_both(g, h, [(0, "pass"), (1, "bid 30"), (2, "pass")])
    # the scripted part sold Baltic to player 1 for 30 before the bots took over
    assert any(e.kind == "auction-won" and e.player == 1 and e.amount == 30 for e in g.history)


def test_round_trip_mid_debt() -> None:
    g = new_game("classic", 2, seed=3)
    own(g, 0, BALTIC)
    own(g, 1, ORIENTAL)
    set_cash(g, 0, 2)
    roll(g, 0, 2, 4)  # GO -> Oriental Avenue: rent 6, cash 2
    p = g.prompt
    assert p.kind == "debt" and p.player == 0 and p.details["amount"] == 6
    assert g.legal_actions(0).actions == [om.Action("mortgage", BALTIC)]  # nothing but raising money
    invariants(g)
    h = saved(g)
    assert h.prompt == g.prompt
    continue_both(g, h, [(0, f"mortgage {BALTIC}"), (0, "pay")])
    assert any(e.kind == "paid" and e.info == "rent" and e.amount == 6 for e in g.history)


def test_round_trip_mid_trade() -> None:
    g = new_game("classic", 3, seed=3)
    own(g, 0, BALTIC)
    own(g, 2, ORIENTAL)
    g.act(0, f"trade 2 give={BALTIC} take={ORIENTAL} cash=25")
    p = g.prompt
    assert p.kind == "trade" and p.player == 2
    # no second offer while one waits for an answer
    assert g.check(1, "trade 0 cash=5 take=3") is not None
    h = saved(g)
    assert h.prompt == g.prompt
    continue_both(g, h, [(2, "accept")])
    # the bots may trade them on again later, but the accepted trade came first
    accepted = [e for e in g.history if e.kind == "trade-accepted"]
    assert accepted and accepted[0].player == 2 and accepted[0].amount == 25


def test_round_trip_mid_mortgaged_transfer() -> None:
    g = new_game("classic", 2, seed=3)
    own(g, 0, BALTIC)
    g.state.mortgaged[BALTIC] = True
    g.act(0, f"trade 1 give={BALTIC} cash=-10")
    g.act(1, "accept")
    assert g.prompt.kind == "mortgaged-property" and g.prompt.player == 1
    continue_both(g, saved(g), [(1, "keep")])


def shortage_game() -> om.Game:
    """Three players; 0 and 1 own a set each with room to build; the bank has one house left."""
    g = new_game("classic", 3, seed=3)
    own(g, 0, MEDITERRANEAN, BALTIC, level=2)
    own(g, 1, ORIENTAL, VERMONT, CONNECTICUT, level=2)
    # The other houses stand evenly on sets of player 2, who has no cash to compete.
    s = g.state
    rest = s.bank_houses - 1
    for members in g.edition.group_members:
        if rest <= 0:
            break
        if any(s.owner[q] != BANK for q in members) or g.edition.board[members[0]].type != "street":
            continue
        own(g, 2, *members)
        per = min(4, rest // len(members))
        levels = [per] * len(members) if per else [1] * rest + [0] * (len(members) - rest)
        for q, lv in zip(members, levels, strict=True):
            s.level[q] = lv
            s.bank_houses -= lv
            rest -= lv
    set_cash(g, 2, 0)
    # keep building even within each set
    for members in g.edition.group_members:
        levels = [s.level[q] for q in members]
        assert max(levels) - min(levels) <= 1 or not any(levels), levels
    assert s.bank_houses == 1
    return g


def test_round_trip_mid_building_shortage() -> None:
    g = shortage_game()
    invariants(g)
    g.act(0, f"build {BALTIC}")
    p = g.prompt
    assert p.kind == "building-shortage" and p.details["requester"] == 0 and p.details["supply"] == 1
    h = saved(g)
    assert h.prompt == g.prompt
    script = [(p.player, "want")]
    g2, h2 = g.clone(), saved(g)
    continue_both(g, h, script, bot_steps=0)
    assert g.prompt.kind == "auction" and g.prompt.details["lot_kind"] == "house"
    h3 = saved(g)
    continue_both(g, h3, [(g.prompt.player, "bid 5")])
    # the other branch: the rival passes and the requester simply builds at cost
    continue_both(g2, h2, [(p.player, "pass")])
    assert any(e.kind == "built" and e.pos == BALTIC and e.amount == 50 for e in g2.history)


# ---------------------------------------------------------------------- records and replays
def bot_game(seed: int = 5, edition: str = "starwars40", players: int = 4, steps: int | None = None) -> om.Game:
    g = om.Game(edition, players, seed=seed, options={"max-rounds": 30})
    bots = [RandomAgent(seed * 10 + i) for i in range(players)]
    n = 0
    while not g.over and (steps is None or n < steps):
        p = g.prompt
        g.act(p.player, bots[p.player].act(g.view(p.player), p))
        n += 1
    return g


@pytest.mark.parametrize("edition", ["classic", "starwars40"])
def test_replay_gives_same_digest(edition: str) -> None:
    g = bot_game(edition=edition)
    assert g.over
    r = om.Game.replay(g.record())
    assert r.digest() == g.digest()
    assert r.to_json()["state"] == g.to_json()["state"]
    assert r.history == g.history


def test_replay_of_unfinished_game() -> None:
    g = bot_game(steps=150)
    assert not g.over
    r = om.Game.replay(g.record())
    assert r.digest() == g.digest()
    assert r.to_json()["state"] == g.to_json()["state"]
    # the replayed game can go on
    assert r.prompt == g.prompt


@pytest.mark.parametrize("verify", [True, False])
def test_a_save_from_before_the_free_parking_pot_loads_and_plays_on(verify: bool) -> None:
    """Saves written before the house rules have no ``pot`` in their state: they load (verified or not),
    read it as 0 and play on exactly as the game they came from."""
    g = bot_game(steps=150)
    old = json.loads(json.dumps(g.to_json()))
    assert old["state"].pop("pot") == 0
    back = om.Game.from_json(old, verify=verify)
    assert back.state.pot == 0 and back.digest() == g.digest()
    for game in (g, back):
        agents = [RandomAgent(7 + i) for i in range(game.state.n)]
        for _ in range(200):
            if game.over:
                break
            p = game.prompt
            game.act(p.player, agents[p.player].act(game.view(p.player), p))
    assert back.digest() == g.digest()
    damaged = json.loads(json.dumps(g.to_json()))
    damaged["state"]["pot"] = 5  # a present field is still checked against the replay
    with pytest.raises(om.ReplayMismatch):
        om.Game.from_json(damaged)


def test_record_json_round_trip() -> None:
    g = bot_game()
    record = g.record()
    text = json.dumps(record)
    back = json.loads(text)
    assert back == record
    assert om.Game.replay(back).digest() == g.digest()


def test_the_record_pairs_each_action_with_its_player_through_clone_save_and_replay() -> None:
    """The game keeps its actions and who played each side by side (``_moves`` pairs them): the record,
    a clone, a save and a replay all give the same (player, action) pairs, and a clone's record is its own."""
    g = bot_game(steps=150)
    moves = g._moves()
    assert len(moves) == len(g._record) == 150
    assert {p for p, _ in moves} == set(range(g.state.n))  # every seat played, each move kept with its player
    assert g.record()["actions"] == [[p, a.to_json()] for p, a in moves]
    clone = g.clone()
    assert clone._moves() == moves
    assert saved(g)._moves() == moves
    assert om.Game.replay(g.record())._moves() == moves
    p = clone.prompt.player
    clone.act(p, clone.legal_actions(p).actions[0])
    assert len(clone._moves()) == 151 and g._moves() == moves
    assert clone._moves()[-1][0] == p
    assert g.view(0).sample_game(3)._moves() == []


def test_replay_upto() -> None:
    g = bot_game(steps=120)
    record = g.record()
    partial = om.Game.replay(record, upto=60)
    assert len(partial.record()["actions"]) == 60


def tampered(record: dict, how: str) -> dict:
    r = copy.deepcopy(record)
    if how == "dice":
        # change the first dice roll after set-up: the recorded actions stop fitting
        r["chance"] = [(v + 1) % 2 if i > len(r["chance"]) // 3 else v for i, v in enumerate(r["chance"])]
    elif how == "action":
        for i, (player, data) in enumerate(r["actions"]):
            if data == "roll":
                r["actions"][i] = [player, "buy"]
                break
    elif how == "player":
        r["actions"][5][0] = (r["actions"][5][0] + 1) % len(r["players"])
    elif how == "result":
        r["result"]["winners"] = [w + 1 for w in r["result"]["winners"]] or [0]
    elif how == "truncated-chance":
        r["chance"] = r["chance"][: len(r["chance"]) // 2]
    elif how == "extra-chance":
        r["chance"] = r["chance"] + [0, 0, 0]
    elif how == "format":
        r["format"] = 999
    return r


@pytest.mark.parametrize("how", ["dice", "action", "player", "result", "truncated-chance", "extra-chance", "format"])
def test_tampered_record_raises(how: str) -> None:
    g = bot_game()
    assert g.over
    with pytest.raises(om.ReplayMismatch):
        om.Game.replay(tampered(g.record(), how))


# ---------------------------------------------------------------------- refusals change nothing
@pytest.mark.parametrize(
    "text",
    [
        "buy",
        "bid 10",
        "pay",
        "bankrupt",
        "accept",
        "build 3",
        "sell 3",
        "mortgage 5",
        "unmortgage 3",
        "trade 1 give=3",
        "trade 0 take=6",
        "place 3",
        "pay-bail",
        "use-card",
        "roll 3",
        "frobnicate",
    ],
)
def test_rejected_action_leaves_game_unchanged(text: str) -> None:
    g = new_game("classic", 2, seed=3)
    own(g, 1, ORIENTAL)
    before = g.to_json()
    with pytest.raises(om.IllegalAction):
        g.act(1 if text == "roll" else 0, text if text != "roll 3" else text)
    assert g.to_json() == before


def test_rejected_actions_mid_game_leave_game_unchanged() -> None:
    g = bot_game(steps=200)
    before = g.to_json()
    p = g.prompt.player
    other = (p + 1) % g.state.n
    for player, text in [
        (other, "roll"),
        (p, "bid -1"),
        (p, "bid 1000000"),
        (p, "build 0"),
        (p, "sell 12"),
        (p, "mortgage 0"),
        (7, "roll"),
        (p, "place 99"),
        (other, "accept"),
    ]:
        if g.check(player, text) is None:
            continue
        with pytest.raises(om.IllegalAction):
            g.act(player, text)
        assert g.to_json() == before, text


# ---------------------------------------------------------------------- cut, save or replay, play on
def _bots(n: int, seed: int) -> list:
    from openmonopoly.agents import make_agent

    return [make_agent("heuristic", seed + p) for p in range(n)]


def _play(g: om.Game, bots: list, upto: int | None = None) -> None:
    """Let ``bots`` answer prompts until the game is over or ``upto`` actions are in its record."""
    while g.prompt is not None and (upto is None or len(g.record()["actions"]) < upto):
        p = g.prompt.player
        g.act(p, bots[p].act(g.view(p), g.prompt))


@pytest.mark.parametrize("edition", om.edition_ids())
@pytest.mark.parametrize("how", ["replay", "load"])
def test_a_game_cut_and_continued_plays_on_exactly_as_the_uncut_game(edition: str, how: str) -> None:
    """A game rebuilt at a random point (by replaying its record, or by loading its saved JSON) and
    played on by the same bots gives the same game, chance outcomes included, as the uncut game."""
    import random

    n = 3
    options = {"max-rounds": 40}
    uncut = om.Game(edition, n, seed=11, options=options)
    _play(uncut, _bots(n, 5))
    total = len(uncut.record()["actions"])
    cut_at = random.Random(edition + how).randrange(1, total)
    first = om.Game(edition, n, seed=11, options=options)
    bots = _bots(n, 5)
    _play(first, bots, upto=cut_at)
    if how == "replay":
        again = om.Game.replay(first.record())
    else:
        again = om.Game.from_json(json.loads(json.dumps(first.to_json())))
    # (the rules every family shares read the state through ``base_state``: the very same object)
    assert again.base_state is again.state
    copy = again.clone()
    assert copy.base_state is copy.state and copy.state is not again.state
    _play(again, bots)
    assert again.digest() == uncut.digest()
