"""Scenario helpers for the rule tests.

Every scenario builds a game, puts it into a known position by writing
``g.state`` directly (positions, owners, buildings, cash, whose turn it is),
scripts the dice with ``g.chance.force_dice`` and the cards by reordering
``g.state.decks``, then acts through ``g.act(player, "text")`` only.

Cash written by ``set_cash`` is booked against the bank (``bank_net``) and
buildings written by ``own`` come out of the bank's supply, so the engine's
own invariants (money conserved, supply never exceeded) still hold and are
checked by ``check_invariants``.
"""
from __future__ import annotations

import json

import pytest

import openmonopoly as om
from openmonopoly.engine.chance import Chance
from openmonopoly.engine.state import BANK
from openmonopoly.rules.classic import TurnStart

SW = "starwars40"
CL = "classic"

# Deck indices (the same for both editions).
FORCE = CHANCE = 0
CARGO = COMMUNITY_CHEST = 1

__all__ = ["SW", "CL", "BANK", "FORCE", "CHANCE", "CARGO", "COMMUNITY_CHEST", "om", "new_game", "game_with_chance",
           "start_turn", "set_cash", "own", "place", "jail", "stack_card", "roll", "snapshot", "refused",
           "prompt_kind", "check_invariants", "event_kinds", "hold_card"]


def new_game(edition: str = SW, players: int = 4, *, options: dict | None = None, seed: int = 1,
             first: int = 0) -> om.Game:
    """A fresh game whose first turn is ``first``'s (the roll for the first player is re-done by hand)."""
    g = om.Game(edition, players, seed=seed, options=options)
    s = g.state
    s.first_player = first
    start_turn(g, first)
    return g


def game_with_chance(edition: str, players: int, forced_dice: list[int], seed: int = 1) -> om.Game:
    """Build a game whose set-up draws are scripted: deck shuffles draw 0 (identity-ish), then ``forced_dice``."""
    from openmonopoly.editions import load

    ed = load(edition)
    chance = Chance(seed)
    chance.force(*([0] * sum(len(d.cards) - 1 for d in ed.decks)))   # one draw per Fisher-Yates swap
    chance.force_dice(*forced_dice)
    return om.Game(edition, players, seed=seed, chance=chance)


def start_turn(g: om.Game, player: int) -> None:
    """Make it the start of ``player``'s turn, with nothing else pending."""
    s = g.state
    s.stack[:] = [TurnStart(player)]
    s.current = player
    s.doubles = 0


def set_cash(g: om.Game, player: int, amount: int) -> None:
    """Set a player's cash, booking the difference against the bank."""
    s = g.state
    s.bank_net += amount - s.cash[player]
    s.cash[player] = amount


def own(g: om.Game, player: int, *positions: int, level: int = 0, mortgaged: bool = False) -> None:
    """Give ``positions`` to ``player`` (buildings taken from the bank's supply; level 5 = hotel)."""
    s = g.state
    for pos in positions:
        old = s.level[pos]
        if old == g.hotel_level:
            s.bank_hotels += 1
        else:
            s.bank_houses += old
        s.owner[pos] = player
        s.level[pos] = level
        s.mortgaged[pos] = mortgaged
        if level == g.hotel_level:
            s.bank_hotels -= 1
        else:
            s.bank_houses -= level


def place(g: om.Game, player: int, pos: int) -> None:
    g.state.position[player] = pos


def jail(g: om.Game, player: int, turns: int = 0) -> None:
    s = g.state
    s.position[player] = g.edition.rules.jail_position
    s.in_jail[player] = True
    s.jail_turns[player] = turns


def stack_card(g: om.Game, deck: int, index: int) -> None:
    """Put card ``index`` of ``deck`` on top of its pile."""
    pile = g.state.decks[deck]
    pile.remove(index)
    pile.insert(0, index)


def hold_card(g: om.Game, player: int, deck: int, index: int) -> None:
    """Give ``player`` the get-out-of-jail card ``index`` of ``deck`` (taken out of the pile)."""
    g.state.decks[deck].remove(index)
    g.state.held[player].append(deck << 8 | index)


def roll(g: om.Game, player: int, d1: int, d2: int):
    g.chance.force_dice(d1, d2)
    return g.act(player, "roll")


def snapshot(g: om.Game) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def refused(g: om.Game, player: int, action: str, match: str | None = None,
            exc: type[om.IllegalAction] = om.IllegalAction) -> str:
    """``action`` must raise ``exc`` with a reason (matching ``match``) and leave the game unchanged."""
    before = snapshot(g)
    assert g.check(player, action) is not None
    with pytest.raises(exc) as info:
        g.act(player, action)
    assert info.value.reason
    if match is not None:
        assert match in info.value.reason, info.value.reason
    assert snapshot(g) == before
    return info.value.reason


def prompt_kind(g: om.Game) -> tuple[int, str] | None:
    p = g.prompt
    return None if p is None else (p.player, p.kind)


def event_kinds(events) -> list[str]:
    return [e.kind for e in events]


def check_invariants(g: om.Game) -> None:
    s = g.state
    assert sum(s.cash) - s.bank_net == s.n * g.edition.rules.start_cash
    houses = sum(lv for lv in s.level if 0 < lv < g.hotel_level)
    hotels = sum(1 for lv in s.level if lv == g.hotel_level)
    assert houses + s.bank_houses == g.edition.rules.houses
    assert hotels + s.bank_hotels == g.edition.rules.hotels
    for pos, lv in enumerate(s.level):
        if lv:
            assert s.owner[pos] != BANK
    cards = sum(len(d) for d in s.decks) + sum(len(h) for h in s.held)
    assert cards == sum(len(d.cards) for d in g.edition.decks)
