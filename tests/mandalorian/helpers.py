"""Scenario helpers for the Mandalorian rule tests.

A scenario builds a game, writes a known position into ``g.state`` (positions,
owners, cash booked against the bank, Grogu, enemies), scripts the dice with
``g.chance.force_dice`` (silver faces 1-6, green faces 1-3) and the Signet
cards by reordering ``g.state.decks[0]``, then acts only through ``g.act``.

Board (reconstructed, see docs/editions/mandalorian.md; price, rent, set rent double): 0 GO, 1/3 sand
(10, rent 10), 2 Signet, 4 Imperial Advance (outpost 0), 5/7 ochre (10, rent 10), 6 Unexpected Ally,
8 Just Visiting / Jail, 9/11 teal (10, rent 10), 10 Signet, 12 Imperial Advance (outpost 1), 13/15
orange (20, rent 10), 14 Imperial Credits, 16 Free Parking, 17/19 red (20, rent 10), 18 Signet, 20
Imperial Advance (outpost 2), 21/23 yellow (20, rent 10), 22 Unexpected Ally, 24 Go to Jail, 25/27
green (30, rent 10), 26 Signet, 28 Imperial Advance (outpost 3), 29/31 black (30, rent 20), 30 Signet.
Enemy cards: Stormtrooper roll 4/4/5/5, Dark Trooper 4/5/5/5, Moff Gideon 5.
Seats 0-3 play The Mandalorian, Bo-Katan Kryze, Ahsoka Tano and Boba Fett.
"""
from __future__ import annotations

import pytest

import openmonopoly as om
from openmonopoly.engine.state import BANK
from openmonopoly.rules.mandalorian.game import MandoTurn

ED = "mandalorian"
MANDO, BOKATAN, AHSOKA, BOBA = 0, 1, 2, 3
STORM, DARK, GIDEON = 0, 1, 2
# Signet card numbers
DARKSABER, THERMAL, JETPACK, BOUNTY, FINDERS_FEE, BESKAR = 0, 2, 5, 6, 9, 10
REPAIRS, FUEL, PASSAGE, ADVANCE_GO, ADVANCE_FP, PATROL, ARRESTED, TRIBUTE = 11, 12, 13, 14, 15, 16, 18, 19
JUST_VISITING, FREE_PARKING, GO_TO_JAIL = 8, 16, 24

__all__ = ["ED", "BANK", "om", "MANDO", "BOKATAN", "AHSOKA", "BOBA", "STORM", "DARK", "GIDEON", "DARKSABER",
           "THERMAL", "JETPACK", "BOUNTY", "FINDERS_FEE", "BESKAR", "REPAIRS", "FUEL", "PASSAGE",
           "ADVANCE_GO", "ADVANCE_FP", "PATROL", "ARRESTED", "TRIBUTE", "JUST_VISITING", "FREE_PARKING",
           "GO_TO_JAIL", "new_game", "start_turn", "set_cash", "own", "place", "roll", "stack_signet",
           "give_grogu", "grogu_alone", "put_enemy", "enemy_to_outpost", "refused", "kinds", "cash"]


def new_game(players: int | list[str] = 4, *, first: int = 0, options: dict | None = None,
             seed: int = 1) -> om.Game:
    g = om.Game(ED, players, seed=seed, options=options)
    g.state.first_player = first
    start_turn(g, first)
    return g


def start_turn(g: om.Game, player: int) -> None:
    g.state.current = player
    g.state.stack[:] = [MandoTurn(player)]


def set_cash(g: om.Game, player: int, amount: int) -> None:
    s = g.state
    s.bank_net += amount - s.cash[player]
    s.cash[player] = amount


def cash(g: om.Game) -> list[int]:
    return list(g.state.cash)


def own(g: om.Game, player: int, *positions: int) -> None:
    for pos in positions:
        assert g.edition.board[pos].type == "hideout"
        g.state.owner[pos] = player


def place(g: om.Game, player: int, pos: int) -> None:
    g.state.position[player] = pos


def give_grogu(g: om.Game, player: int) -> None:
    g.state.grogu_carrier = player
    g.state.grogu_pos = -1


def grogu_alone(g: om.Game, pos: int) -> None:
    g.state.grogu_carrier = -1
    g.state.grogu_pos = pos


def put_enemy(g: om.Game, enemy: int, pos: int) -> None:
    g.state.enemy_space[enemy] = pos
    g.state.enemy_outpost[enemy] = -1


def enemy_to_outpost(g: om.Game, enemy: int, outpost: int) -> None:
    g.state.enemy_space[enemy] = -1
    g.state.enemy_outpost[enemy] = outpost


def stack_signet(g: om.Game, *cards: int) -> None:
    pile = g.state.decks[0]
    for c in reversed(cards):
        pile.remove(c)
        pile.insert(0, c)


def roll(g: om.Game, player: int, *faces: int, action: str = "roll") -> list:
    g.chance.force_dice(*faces)
    return g.act(player, action)


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def refused(g: om.Game, player: int, action: str) -> str:
    """The action is illegal: it raises and leaves the game exactly as it was; returns the reason."""
    before = g.to_json()
    with pytest.raises(om.IllegalAction) as info:
        g.act(player, action)
    assert g.to_json() == before
    return info.value.reason
