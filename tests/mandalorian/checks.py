"""Whole-game checks for the Mandalorian family, reusing the family-agnostic ones of ``tests/invariants.py``.

Reused as they are: money conserved against ``bank_net`` (``check_money``), offered actions pass
``check`` (``check_offered``), clone equality (``check_clone_state``), the
candidate-action universe, acting on clones, JSON round trip, hidden
information in views and the step-by-step replay. Family checks here: every Signet card in the
pile, held or announced in a battle once, one
owner per hideout and nothing owned off hideouts, Grogu in exactly one place,
enemies never two on a space and never in one outpost, enemy cards conserved,
and the flow (a game over by capture has no winner).
"""

from __future__ import annotations

import random

from invariants import (
    MoneyRules,
    check_answerable,
    check_clone_act,
    check_clone_state,
    check_full_json,
    check_money,
    check_offered,
    check_replay,
    check_stack,
    check_universe,
    check_views,
    fail,
    random_anytime,
    state_hash,
)
from openmonopoly import Game
from openmonopoly.agents import make_agent

END_REASONS = {"gideon-defeated", "grogu-captured", "round-limit"}


def check_cards(g: Game, step: int) -> None:
    """Every Signet card is in the pile, held by one player, announced in the battle under way, or drawn and
    waiting to be resolved (Boba Fett's two cards)."""
    s = g.state
    held = [c for p in range(s.n) for c in s.held[p]]
    played = []
    for st in s.stack:
        name = type(st).__name__
        if name in ("Battle", "Reroll"):
            played += st.played
        elif name == "ResolveLater":
            played.append(st.card)
        elif name == "ChooseSignet":
            played += [st.first, st.second]
    every = sorted(s.decks[0] + held + played)
    if s.over:  # a game can end with cards still on the table (a capture in the middle of Boba's draw)
        if len(set(every)) != len(every):
            fail(g, step, f"Signet card twice at the end: pile {s.decks[0]} held {held}")
    elif every != list(range(len(g.edition.decks[0].cards))):
        fail(g, step, f"Signet deck broken: pile {s.decks[0]} held {held} in play {played}")


def check_board(g: Game, step: int) -> None:
    s = g.state
    ed = g.edition
    t = ed.rules
    hideouts = set(t.hideouts)
    for pos in range(ed.size):
        o = s.owner[pos]
        if not -1 <= o < s.n or (pos not in hideouts and o != -1):
            fail(g, step, f"space {pos} has owner {o}")
    # Grogu: carried by one player (not in jail) or alone on one space; neither only while being placed
    if s.grogu_carrier >= 0:
        if s.grogu_pos != -1:
            fail(g, step, "Grogu is carried and alone at once")
        if s.in_jail[s.grogu_carrier]:
            fail(g, step, "Grogu's carrier is in jail")
    elif s.grogu_pos < 0 and not any(st.kind == "place-grogu" for st in s.stack):
        fail(g, step, "Grogu is nowhere")
    on_board = [x for x in s.enemy_space if x >= 0]
    if len(on_board) != len(set(on_board)):
        fail(g, step, f"two enemies on one space: {s.enemy_space}")
    in_outposts = [k for k in s.enemy_outpost if k >= 0]
    if len(in_outposts) != len(set(in_outposts)):
        fail(g, step, f"two enemies in one outpost: {s.enemy_outpost}")
    for e in range(len(t.enemies)):
        if s.enemy_space[e] >= 0 and s.enemy_outpost[e] >= 0:
            fail(g, step, f"enemy {e} on the board and in an outpost")
    n_cards = ed.rules.enemy_deck_size[str(s.n)]
    for e in range(len(t.enemies)):
        dealt = list(t.cards_of[e] if e == t.gideon else t.cards_of[e][:n_cards])
        won = [c for w in s.won for c in w if t.enemy_cards[c].enemy == e]
        if sorted(won + s.enemy_decks[e]) != sorted(dealt):
            fail(g, step, f"enemy {e} cards: pile {s.enemy_decks[e]} won {won} dealt {dealt}")
        if s.enemy_decks[e] != sorted(s.enemy_decks[e]):
            fail(g, step, f"enemy {e} pile out of order: {s.enemy_decks[e]}")
        if not s.enemy_decks[e] and (s.enemy_space[e] >= 0 or s.enemy_outpost[e] >= 0) and not s.over:
            fail(g, step, f"enemy {e} has no card left but is still in the game")


def check_flow(g: Game, step: int, offered) -> None:
    s = g.state
    if s.over:
        if g.prompt is not None or s.stack:
            fail(g, step, "game over but steps pending")
        if s.end_reason not in END_REASONS:
            fail(g, step, f"unknown end reason {s.end_reason}")
        if (s.end_reason == "grogu-captured") != (not s.winners):
            fail(g, step, f"winners {s.winners} do not fit {s.end_reason}")
        return
    p = g.prompt
    if p is None:
        fail(g, step, "no prompt while the game is not over")
    legal = dict(offered)[p.player]
    if not legal.actions and legal.bid_range is None:
        fail(g, step, f"decider {p.player} has nothing legal to answer {p.kind}")
    check_answerable(g, step, legal)


def check_step(g: Game, step: int, rng: random.Random, full: bool) -> None:
    check_money(g, step)
    check_cards(g, step)
    check_board(g, step)
    offered = check_offered(g, step)
    check_flow(g, step, offered)
    check_stack(g, step)
    check_clone_state(g, step)
    if full:
        check_universe(g, step, offered)
        d = check_full_json(g, step)
        check_clone_act(g, step, rng, offered, d)
        check_views(g, step)
    elif step % 64 == 0 or g.over:
        check_views(g, step)


def play_checked(
    seed: int,
    bot: str,
    *,
    full: bool,
    max_rounds: int | None = None,
    cap: int = 20000,
    options: dict | None = None,
    meddle: float = 0.0,
) -> Game:
    """``meddle``: see ``invariants.play_checked`` (random any-time actions by players not prompted)."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    opts = dict(options or {})
    opts.setdefault("rent-must-be-claimed", rng.random() < 0.2)
    opts["character-shift"] = seed % 4
    if max_rounds is not None:
        opts["max-rounds"] = max_rounds
    g = Game("mandalorian", players, seed=seed, options=opts)
    bots = [make_agent(bot, seed * 100 + i) for i in range(players)]
    hashes = [state_hash(g)]
    step = 0
    check_step(g, step, rng, full)
    money_rules = MoneyRules(g)
    while not g.over:
        if step >= cap:
            fail(g, step, f"no end after {cap} actions (safety cap)")
        meddled = random_anytime(g, rng) if meddle and rng.random() < meddle else None
        if meddled is not None:
            step += 1
            money_rules.check(g, step, *meddled)
            hashes.append(state_hash(g))
            check_step(g, step, rng, full)
            continue
        p = g.prompt
        a = bots[p.player].act(g.view(p.player), p)
        g.act(p.player, a)
        step += 1
        money_rules.check(g, step, p.player, a)
        hashes.append(state_hash(g))
        check_step(g, step, rng, full)
    check_replay(g, hashes)
    if full and Game.replay(g.record()).digest() != g.digest():
        fail(g, step, "Game.replay gives a different digest")
    return g
