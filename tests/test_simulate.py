"""sim.simulate / sim.play_game: reproducible, complete and consistent summaries."""

from __future__ import annotations

import json

import pytest

from openmonopoly.sim import play_game, simulate
from openmonopoly.sim.runner import agent_seed, game_seed

SEATS = ["heuristic"] * 4


@pytest.fixture(scope="module")
def classic():
    return simulate("classic", 12, 3, SEATS)


def test_same_seed_same_digest_other_seed_other_digest(classic):
    again = simulate("classic", 12, 3, SEATS)
    assert again["digest"] == classic["digest"]
    assert again["landings"] == classic["landings"] and again["wins"] == classic["wins"]
    assert simulate("classic", 12, 4, SEATS)["digest"] != classic["digest"]


def test_fields_present_and_consistent(classic):
    r = classic
    json.dumps(r)  # plain data
    for key in (
        "edition",
        "games",
        "seed",
        "seats",
        "options",
        "max_rounds",
        "wins",
        "end_reasons",
        "turns",
        "landings",
        "games_per_sec",
        "player_turns_per_sec",
        "digest",
    ):
        assert key in r
    assert (r["edition"], r["games"], r["seed"], r["seats"], r["max_rounds"]) == ("classic", 12, 3, SEATS, None)
    assert len(r["wins"]) == 4 and sum(r["wins"]) == pytest.approx(12)
    assert sum(r["end_reasons"].values()) == 12 and r["end_reasons"] == {"bankruptcy": 12}
    t = r["turns"]
    assert 0 < t["p50"] <= t["p95"] <= t["max"] and t["mean"] <= t["max"]
    positions = r["landings"]["positions"]
    assert [p["position"] for p in positions] == list(range(40))
    assert positions[0]["name"].lower() == "go" and positions[30]["count"] == 0  # Go To Jail: the move ends in jail
    assert r["landings"]["in_jail"] > 0
    assert r["games_per_sec"] > 0 and r["player_turns_per_sec"] > 0
    assert len(r["digest"]) == 64


def test_landing_counts_add_up_to_the_moves_made():
    counts = [0] * 41
    total_moves = 0
    for seed in range(3):
        g = play_game("starwars40", SEATS, seed, events=True, landing_counts=counts)
        total_moves += sum(1 for e in g.history if e.kind == "moved")
        assert getattr(g, "landing_counts", None) is None  # the hook is removed afterwards
    assert sum(counts) == total_moves
    r = simulate("starwars40", 3, 9, SEATS)
    assert sum(p["count"] for p in r["landings"]["positions"]) + r["landings"]["in_jail"] == r["landings"]["moves"]


def test_events_do_not_change_the_game():
    a = play_game("classic", SEATS, 21, events=False)
    b = play_game("classic", SEATS, 21, events=True)
    assert a.digest() == b.digest() and b.history


def test_max_rounds_gives_round_limit():
    r = simulate("classic", 3, 1, SEATS, max_rounds=5)
    assert r["end_reasons"] == {"round-limit": 3}
    assert r["max_rounds"] == 5
    assert r["turns"]["max"] <= 5 * 4 + 1
    assert sum(r["wins"]) == pytest.approx(3)


def test_options_pass_through():
    r = simulate("starwars40", 2, 1, ["heuristic", "random"], options={"rent-must-be-claimed": True}, max_rounds=20)
    assert r["options"] == {"rent-must-be-claimed": True}
    g = play_game("starwars40", ["heuristic", "random"], 1, options={"rent-must-be-claimed": True}, max_rounds=20)
    assert g.options["rent-must-be-claimed"] is True and g.options["max-rounds"] == 20


def test_humans_are_refused():
    with pytest.raises(ValueError, match="bots only"):
        play_game("classic", ["heuristic", "human"], 1)


def test_seed_derivation_is_stable():
    assert game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 1)
    assert game_seed(1, 0) == game_seed(1, 0) and 0 <= game_seed(1, 0) < 2**63
    assert agent_seed(5, 0) != agent_seed(5, 1)


def test_zero_games():
    r = simulate("classic", 0, 1, SEATS)
    assert r["games"] == 0 and r["wins"] == [0, 0, 0, 0] and r["end_reasons"] == {}


def test_seeds_are_the_documented_sha256() -> None:
    """``game_seed``/``agent_seed`` hash with CPython's own SHA-256 where it has one: the same numbers."""
    import hashlib

    def derive(text: str) -> int:
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1

    assert game_seed(7, 3) == derive("openmonopoly-sim:7:3")
    assert agent_seed(2**62 + 5, 2) == derive(f"openmonopoly-agent:{2**62 + 5}:2")


def test_bots_get_their_seeds_unless_they_draw_nothing() -> None:
    """``make_agents``: a bot that draws gets ``agent_seed(seed, seat)``; a heuristic bot, which draws nothing,
    gets 0; an unknown kind still gets ``make_bot``'s error."""
    import random

    from openmonopoly.agents import DRAW_NOTHING
    from openmonopoly.sim.runner import make_agents

    seed = game_seed(3, 1)
    bots = make_agents(["heuristic", "random", "heuristic"], seed)
    assert "heuristic" in DRAW_NOTHING and "random" not in DRAW_NOTHING
    assert [bots[0].seed, bots[2].seed] == [0, 0]
    assert bots[1].rng.getstate() == random.Random(agent_seed(seed, 1)).getstate()
    with pytest.raises(ValueError, match="unknown bot kind"):
        make_agents(["heuristic", "no-such-bot"], seed)


@pytest.mark.parametrize(("edition", "seats"), [("classic", 4), ("empire", 3), ("mandalorian", 4)])
def test_heuristic_bots_play_the_same_whatever_their_seed(edition: str, seats: int) -> None:
    """Why the heuristic bot is in ``DRAW_NOTHING``: its games (its family's own bot's included) are the same
    with the seeds it would otherwise get."""
    from openmonopoly.agents import make_agent

    seed = game_seed(11, 2)
    seeded = [make_agent("heuristic", agent_seed(seed, k)) for k in range(seats)]
    plain = play_game(edition, ["heuristic"] * seats, seed)
    other = play_game(edition, ["heuristic"] * seats, seed, agents=seeded)
    assert plain.digest() == other.digest()


@pytest.mark.parametrize(("edition", "seats"), [("classic", 4), ("empire", 3), ("mandalorian", 4)])
def test_heuristic_seats_get_the_bot_that_plays_the_edition(edition: str, seats: int) -> None:
    """With the edition known, a heuristic seat gets its family's own bot (or the classic bot) itself rather
    than ``FamilyHeuristic`` forwarding to it, and plays the same games."""
    from openmonopoly.agents.by_family import FamilyHeuristic, edition_bot_class, heuristic_class
    from openmonopoly.agents.heuristic import HeuristicAgent
    from openmonopoly.editions import load
    from openmonopoly.sim.runner import make_agents

    played = load(edition)
    own = edition_bot_class(played)
    assert heuristic_class(played) is (HeuristicAgent if own is None else own)
    assert (own is None) == (edition == "classic")
    seed = game_seed(5, 4)
    bots = make_agents(["heuristic"] * seats + ["random"], seed, played)
    assert [type(b) for b in bots[:seats]] == [heuristic_class(played)] * seats
    assert not any(isinstance(b, FamilyHeuristic) for b in bots)
    assert type(bots[-1]) is type(make_agents(["random"], seed)[0])
    wrapped = [FamilyHeuristic(0) for _ in range(seats)]
    assert play_game(edition, ["heuristic"] * seats, seed).digest() == (
        play_game(edition, ["heuristic"] * seats, seed, agents=wrapped).digest()
    )
