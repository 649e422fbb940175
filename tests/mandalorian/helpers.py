"""Mandalorian facts and positions for the rule tests, on top of the shared kit (``tests/kit.py``).

A scenario builds a game, writes a known position into ``g.state`` (positions,
owners, cash booked against the bank, Grogu, enemies), scripts the dice with
``roll`` (silver faces 1-6, green faces 1-3) and the Signet cards with
``stack_card(g, SIGNET, ...)``, then acts only through ``g.act``.

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

import kit
import openmonopoly as om

ED = "mandalorian"
MANDO, BOKATAN, AHSOKA, BOBA = 0, 1, 2, 3
STORM, DARK, GIDEON = 0, 1, 2
SIGNET = 0  # the deck index of the Signet cards
# Signet card numbers
DARKSABER, THERMAL, JETPACK, BOUNTY, FINDERS_FEE, BESKAR = 0, 2, 5, 6, 9, 10
REPAIRS, FUEL, PASSAGE, ADVANCE_GO, ADVANCE_FP, PATROL, ARRESTED, TRIBUTE = 11, 12, 13, 14, 15, 16, 18, 19
JUST_VISITING, FREE_PARKING, GO_TO_JAIL = 8, 16, 24


def new_game(players: int | list[str] = 4, *, first: int = 0, options: dict | None = None, seed: int = 1) -> om.Game:
    return kit.new_game(ED, players, seed=seed, options=options, first=first)


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
