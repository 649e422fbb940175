"""The stand-in that only minds an absent person's seat: it rolls, pays what is owed (mortgages before
sales), passes auctions and optional purchases, declines trades and ends the turn, in every family."""

import pytest

import openmonopoly as om
from kit import hold_card, jail, new_game, own, set_cash
from openmonopoly.agents import STAND_IN, make_agent
from openmonopoly.agents.stand_in import NEVER
from openmonopoly.editions import edition_ids

LIGHT_BLUE = (6, 8, 9)


class Recorder:
    """An agent that remembers what it answered (prompt kind, action)."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.taken: list[tuple[str, om.Action]] = []

    def act(self, view, prompt):
        action = self.agent.act(view, prompt)
        self.taken.append((prompt.kind, action))
        return action


def mind(g: om.Game, seat: int, limit: int = 40) -> list[str]:
    """Let a stand-in answer ``seat``'s prompts until another seat is to answer; the actions' texts."""
    bot, done = make_agent(STAND_IN, 1), []
    for _ in range(limit):
        p = g.prompt
        if p is None or p.player != seat:
            return done
        action = bot.act(g.view(seat), p)
        g.act(seat, action)
        done.append(str(action))
    raise AssertionError(f"the stand-in was still answering after {limit} actions: {done}")


def test_it_raises_a_debt_by_mortgaging_the_least_first_and_keeps_the_houses():
    g = new_game("classic", 2)
    set_cash(g, 0, 100)
    own(g, 0, *LIGHT_BLUE, level=1)
    own(g, 0, 1)  # Mediterranean: mortgage 30
    own(g, 0, 5)  # Reading Railroad: mortgage 100
    g.chance.force_dice(1, 3)  # Income Tax, $200
    done = mind(g, 0)
    assert done[:4] == ["roll", "mortgage 1", "mortgage 5", "pay"]
    s = g.state
    assert s.cash[0] == 30 and s.mortgaged[1] and s.mortgaged[5]
    assert [s.level[p] for p in LIGHT_BLUE] == [1, 1, 1]  # sales come only after every mortgage
    assert done == ["roll", "mortgage 1", "mortgage 5", "pay"] and g.prompt.player == 1


def test_it_sells_buildings_only_when_nothing_is_left_to_mortgage():
    g = new_game("classic", 2)
    set_cash(g, 0, 0)
    own(g, 0, *LIGHT_BLUE, level=1)  # houses cost 50: each sells for 25; each street mortgages for 50
    g.chance.force_dice(1, 3)
    done = mind(g, 0)
    assert done[0] == "roll" and done[1].startswith("sell ") and "pay" in done
    assert g.state.cash[0] >= 0 and g.state.owner[6] == 0


def test_it_declines_to_buy_and_passes_the_auction():
    g = new_game("classic", 2)
    set_cash(g, 0, 5000)
    g.chance.force_dice(1, 2)  # Baltic Avenue, unowned
    done = mind(g, 0)
    assert done == ["roll", "auction"]
    assert g.prompt.kind == "auction"
    bid = False
    while g.prompt is not None and g.prompt.kind == "auction":
        if g.prompt.player == 0:
            assert mind(g, 0)[0] == "pass"
        else:
            g.act(1, "pass" if bid else "bid 10")
            bid = True
    assert g.state.owner[3] != 0 and g.state.cash[0] == 5000


def test_it_declines_every_trade_and_proposes_none():
    g = new_game("classic", 2, first=1)
    own(g, 0, 1, 3)
    set_cash(g, 0, 1500)
    g.act(1, "trade 0 take=1 cash=400")
    assert g.prompt.player == 0 and g.prompt.kind == "trade"
    assert mind(g, 0) == ["reject"]
    assert g.state.owner[1] == 0 and g.state.cash[0] == 1500


def test_in_jail_it_rolls_rather_than_spend_a_card_or_bail():
    g = new_game("classic", 2)
    jail(g, 0)
    hold_card(g, 0, 0, 0)
    set_cash(g, 0, 1500)
    g.chance.force_dice(1, 2)
    done = mind(g, 0)
    assert done == ["roll"] and g.state.cash[0] == 1500 and g.state.in_jail[0]


def test_it_never_builds_or_lifts_a_mortgage_on_its_turn():
    g = new_game("classic", 2)
    set_cash(g, 0, 5000)
    own(g, 0, 37, 39)
    own(g, 0, 1, mortgaged=True)
    roll_faces = (3, 4)  # Chance at 7: a card may move it, but it buys nothing wherever it lands
    g.chance.force_dice(*roll_faces)
    done = mind(g, 0)
    assert done[0] == "roll" and not any(a.startswith(("build", "unmortgage", "buy", "trade")) for a in done)
    assert g.state.mortgaged[1] and g.state.level[37] == 0


@pytest.mark.parametrize("edition", edition_ids())
def test_it_minds_a_seat_through_whole_games_of_every_edition(edition):
    """Seat 0 minded by the stand-in among heuristic bots, in every edition (each family's prompts): it
    never takes an action that spends, gives away or uses up what the person might keep."""
    kinds_seen: set[str] = set()
    for seed in (1, 2, 3):
        minder = Recorder(make_agent(STAND_IN, seed))
        g = om.Game(edition, 4, seed=seed, options={"max-rounds": 40})
        g.play_out([minder] + [make_agent("heuristic", seed * 10 + i) for i in range(1, 4)])
        assert g.over
        taken = {a.kind for _, a in minder.taken}
        assert not taken & NEVER, f"{edition} seed {seed}: the stand-in took {sorted(taken & NEVER)}"
        kinds_seen |= {kind for kind, _ in minder.taken}
    assert "turn" in kinds_seen


def test_mandalorian_battles_are_rolled_without_cards():
    minder = Recorder(make_agent(STAND_IN, 1))
    g = om.Game("mandalorian", 3, seed=5, options={"max-rounds": 60})
    g.play_out([minder, make_agent("heuristic", 3), make_agent("heuristic", 4)])
    battles = [a for kind, a in minder.taken if kind == "battle"]
    assert battles and all(a.kind == "roll" for a in battles)


def test_empire_rent_is_paid_and_the_swapper_only_moves():
    minder = Recorder(make_agent(STAND_IN, 1))
    g = om.Game("empire", 3, seed=4, options={"max-rounds": 60})
    g.play_out([minder, make_agent("heuristic", 3), make_agent("heuristic", 4)])
    by_kind: dict[str, set[str]] = {}
    for kind, a in minder.taken:
        by_kind.setdefault(kind, set()).add(a.kind)
    assert by_kind.get("rent", {"pay"}) == {"pay"}
    assert by_kind.get("swap", {"move"}) == {"move"}
    assert by_kind.get("buy", {"auction"}) == {"auction"}
    assert "turn" in by_kind and by_kind["turn"] <= {"roll", "end"}


def test_the_stand_in_is_no_seat_kind_but_make_agent_knows_it():
    from openmonopoly.catalogue import SEAT_KINDS

    assert STAND_IN not in SEAT_KINDS
    assert make_agent(STAND_IN).name == "stand-in"
