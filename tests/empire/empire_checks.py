"""Whole-game invariants for Monopoly Empire, reusing the family-agnostic checks of ``tests/invariants.py``.

Empire-specific: money conserved and never negative; every billboard either on
its space or in exactly one tower (brands: ``owner`` agrees), offices in towers
plus the bank's make six, tower heights agree with their pieces; every card is
in its pile, a hand or held; and the privacy check -- perturb the other
players' Empire hands (same counts) and the deck order in a clone: every
view's ``to_json()`` is unchanged, and no view (nor the events it shows)
names a card in another player's hand.
"""

from __future__ import annotations

import json
import random

import openmonopoly as om
from invariants import (
    MoneyRules,
    check_clone_act,
    check_clone_state,
    check_flow,
    check_full_json,
    check_offered,
    check_replay,
    check_universe,
    fail,
    hidden_keys,
    random_anytime,
    state_hash,
)
from openmonopoly.agents import make_agent
from openmonopoly.rules.empire.data import OFFICE


def check_money(g, step: int) -> None:
    s = g.state
    if sum(s.cash) - s.bank_net != s.n * g.starting_cash():
        fail(g, step, f"money not conserved: {s.cash} bank_net={s.bank_net}")
    if min(s.cash) < 0:
        fail(g, step, f"negative cash {s.cash}")


def check_towers(g, step: int) -> None:
    s = g.state
    ed = g.edition
    t = ed.rules
    counts = [0] * (OFFICE + 1)
    for p in range(s.n):
        if s.height[p] != sum(t.height[x] for x in s.tower[p]):
            fail(g, step, f"height of {p} is {s.height[p]}, pieces say otherwise: {s.tower[p]}")
        for x in s.tower[p]:
            counts[x] += 1
            if x != OFFICE and t.is_brand[x] and s.owner[x] != p:
                fail(g, step, f"brand {x} in {p}'s tower but owner is {s.owner[x]}")
    for pos in range(ed.size):
        if t.is_brand[pos]:
            if counts[pos] + s.stock[pos] != 1:
                fail(g, step, f"brand {pos}: {counts[pos]} in towers + {s.stock[pos]} on board != 1")
            if s.stock[pos] and s.owner[pos] != -1:
                fail(g, step, f"brand {pos} on the board but owned by {s.owner[pos]}")
        elif t.is_utility[pos]:
            if counts[pos] + s.stock[pos] != ed.board[pos].amount or s.stock[pos] < 0:
                fail(g, step, f"utility {pos}: {counts[pos]} + {s.stock[pos]} != {ed.board[pos].amount}")
        elif counts[pos] or s.stock[pos] or s.owner[pos] != -1:
            fail(g, step, f"space {pos} is not a billboard space but has pieces/stock/owner")
    if counts[OFFICE] + s.offices != ed.rules.offices or s.offices < 0:
        fail(g, step, f"offices: {counts[OFFICE]} in towers + {s.offices} in bank")
    if not s.over and any(s.height[p] >= t.capacity for p in range(s.n)):
        fail(g, step, "a tower is full but the game goes on")


def check_cards(g, step: int) -> None:
    s = g.state
    for d, deck in enumerate(g.edition.decks):
        held = [ref & 0xFF for p in range(s.n) for ref in s.held[p] if ref >> 8 == d]
        hands = [c for p in range(s.n) for c in s.hands[p]] if d == g.edition.rules.empire_deck else []
        if sorted(s.decks[d] + held + hands) != list(range(len(deck.cards))):
            fail(g, step, f"deck {d} broken: pile {s.decks[d]} held {held} hands {hands}")


def perturb_secrets(g, viewer: int | None, seed: int):
    """A clone where everything ``viewer`` may not know is different: the others' hands (same counts) and
    every deck order, and the generator."""
    c = g.clone()
    s = c.state
    rng = random.Random(seed)
    e = g.edition.rules.empire_deck
    others = [p for p in range(s.n) if p != viewer]
    pool = s.decks[e] + [card for p in others for card in s.hands[p]]
    rng.shuffle(pool)
    for p in others:
        k = len(s.hands[p])
        s.hands[p][:] = pool[:k]
        pool = pool[k:]
    s.decks[e][:] = pool
    for pile in s.decks:
        rng.shuffle(pile)
    c.chance._rng = random.Random(seed + 1)
    return c


def check_privacy(g, step: int) -> None:
    s = g.state
    ids = g.edition.decks[g.edition.rules.empire_deck].cards
    for v in [None, *range(s.n)]:
        data = g.view(v).to_json()
        if hidden_keys(data):
            fail(g, step, f"view of {v} exposes {hidden_keys(data)}")
        c = perturb_secrets(g, v, step * 31 + (v or 0))
        if c.view(v).to_json() != data:
            fail(g, step, f"view of {v} depends on other players' Empire cards or the deck order")
        text = json.dumps(data)
        mine = {ids[card].id for card in (s.hands[v] if v is not None else ())}
        for p in range(s.n):
            if p == v:
                continue
            for card in s.hands[p]:
                if ids[card].id not in mine and f'"{ids[card].id}"' in text:
                    fail(g, step, f"view of {v} names {p}'s card {ids[card].id}")
        if g.log_events:
            for e in g.view(v).events():
                if e.kind == "card" and e.pos == g.edition.rules.empire_deck and e.player != v:
                    fail(g, step, f"view of {v} shows {e.player}'s Empire draw {e.info}")


def play_checked(
    seed: int,
    bot: str,
    *,
    full: bool,
    max_rounds: int | None,
    cap: int = 20000,
    meddle: float = 0.0,
    options: dict | None = None,
):
    """``meddle``: see ``invariants.play_checked`` (random any-time actions by players not prompted);
    ``options``: more options (house rules) on top of the round limit."""
    rng = random.Random(seed * 7919 + 3)
    players = rng.randint(2, 4)
    options = dict(options or {})
    if max_rounds is not None:
        options["max-rounds"] = max_rounds
    g = om.Game("empire", players, seed=seed, options=options)
    bots = [make_agent(bot, seed * 100 + i) for i in range(players)]
    hashes = [state_hash(g)]
    step = 0
    check_step(g, step, rng, full, bot)
    money_rules = MoneyRules(g)
    while not g.over:
        if step >= cap:
            fail(g, step, f"no end after {cap} actions")
        meddled = random_anytime(g, rng) if meddle and rng.random() < meddle else None
        if meddled is not None:
            step += 1
            money_rules.check(g, step, *meddled)
            hashes.append(state_hash(g))
            check_step(g, step, rng, full, bot)
            continue
        p = g.prompt
        a = bots[p.player].act(g.view(p.player), p)
        g.act(p.player, a)
        step += 1
        money_rules.check(g, step, p.player, a)
        hashes.append(state_hash(g))
        check_step(g, step, rng, full, bot)
    check_replay(g, hashes)
    if full and om.Game.replay(g.record()).digest() != g.digest():
        fail(g, step, "Game.replay gives a different digest")
    return g


def check_step(g, step: int, rng: random.Random, full: bool, bot: str) -> None:
    check_money(g, step)
    check_towers(g, step)
    check_cards(g, step)
    offered = check_offered(g, step, everyone=full or step % 8 == 0)
    check_flow(g, step, offered)
    check_clone_state(g, step)
    if full:
        check_universe(g, step, offered)
        d = check_full_json(g, step)
        check_clone_act(g, step, rng, offered, d)
        check_privacy(g, step)
    elif step % 16 == 0 or g.over:
        check_privacy(g, step)
