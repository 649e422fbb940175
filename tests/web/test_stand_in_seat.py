"""The web game's stand-in: the turn timer and the host's "Bot plays" only mind an absent person's seat
(no purchase, no trade, no building); the host may choose the full bot, named as such."""

from __future__ import annotations

import time

from openmonopoly.agents.stand_in import NEVER

from .test_seats import client, hello, info_of, new_game, seat_up, wait_until  # noqa: F401 - (client: a fixture)


def actions_of(live, seat: int) -> list[str]:
    """The actions ``seat`` took, as text."""
    return [str(live.game.parse_json(data)) for player, data in live.game.record()["actions"] if int(player) == seat]


def test_bot_plays_is_the_stand_in_and_the_full_bot_is_the_hosts_choice(client):  # noqa: F811
    g = new_game(client, options={"max-rounds": 12})
    gid, host = g["id"], g["host_token"]
    seat_up(client, g, 0), seat_up(client, g, 1)
    r = client.post(f"/api/games/{gid}/host", json={"command": "bot", "host": host, "seat": 0})
    assert r.json()["seats"][0]["stand_in"] == "stand-in"  # the default minds the seat
    r = client.post(f"/api/games/{gid}/host", json={"command": "bot", "host": host, "seat": 1, "kind": "heuristic"})
    assert r.json()["seats"][1]["stand_in"] == "heuristic"  # the full bot, only when asked for by name
    live = client.app.state.registry.games[gid]
    with client.websocket_connect(f"/ws/{gid}") as ws:  # (a game no person plays runs while watched)
        hello(ws, host=host)
        wait_until(client, g, lambda i: i["status"] == "over", timeout=30)
    minded, full = actions_of(live, 0), actions_of(live, 1)
    assert "roll" in minded and not {a.split()[0] for a in minded} & NEVER
    assert any(a.startswith("buy") for a in full)  # the full bot plays a whole game, buying


def test_a_timed_out_purchase_goes_to_auction_and_the_seat_bids_nothing(client):  # noqa: F811
    """A person stands on a street they could buy and steps away: when the timer runs out the stand-in
    declines it and passes the auction; it proposes no trade and ends the turn."""
    g = new_game(client, turn_timer=1)
    gid = g["id"]
    tokens = [seat_up(client, g, 0), seat_up(client, g, 1)]
    live = client.app.state.registry.games[gid]
    conns = [client.websocket_connect(f"/ws/{gid}") for _ in tokens]
    wss = [c.__enter__() for c in conns]
    try:
        for i, ws in enumerate(wss):
            hello(ws, seat=i, token=tokens[i])
        away = None
        for _ in range(60):  # the people play until one stands on a street they could buy
            p = live.game.prompt
            if p.kind == "buy" and "buy" in live.game.view(p.player).to_json()["legal"]:
                away = p.player
                break
            seat = p.player
            legal = live.game.view(seat).to_json()["legal"]
            action = next(a for a in ("roll", "end", "pay", "pass", "auction") if a in legal)
            version = live.version
            wss[seat].send_json(
                {"type": "act", "seat": seat, "token": tokens[seat], "version": version, "action": action}
            )
            deadline = time.time() + 5
            while live.version == version and time.time() < deadline:
                time.sleep(0.01)
        assert away is not None, "nobody stood on a street they could buy"
        before, cash = len(live.game.record()["actions"]), live.game.state.cash[away]
        wait_until(client, g, lambda i: live.game.prompt.player != away or live.game.prompt.kind != "buy", timeout=5)
        time.sleep(0.3)  # (the auction's answers follow)
        taken = [str(live.game.parse_json(d)) for s, d in live.game.record()["actions"][before:] if int(s) == away]
        assert taken[0] == "auction"
        assert not {a.split()[0] for a in taken} & {"buy", "bid", "trade", "build"}
        assert live.game.state.cash[away] == cash
    finally:
        for c in conns:
            c.__exit__(None, None, None)
