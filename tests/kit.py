"""The test kit: put a game into a known position, script its chance, act, and check refusals.

Every rule test follows one pattern: build a game (``new_game``, or ``scripted_game`` when the set-up
draws themselves must be scripted), write a known position into ``g.state`` with the setters below,
script the dice with ``roll`` (or ``g.chance.force_dice``) and the cards with ``stack_card``, then act
only through ``g.act``. ``assert_refused`` is the one way to check that something is not allowed.

The setters keep the books the engine's invariants read: cash written by ``set_cash`` is booked
against the bank (``bank_net``) and buildings written by ``own`` come out of the bank's supply, so a
scenario still conserves money and buildings. Family-specific positions (Empire towers and hands,
Grogu and the Mandalorian enemies) are written by the family's own test helpers on top of this kit.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import openmonopoly as om
from openmonopoly.editions import load
from openmonopoly.engine.chance import Chance
from openmonopoly.engine.events import Event

# Per-turn fields a family's ``next_turn`` resets (those the family's state has).
_TURN_FIELDS = (("doubles", 0), ("office_bought", False))


# ---------------------------------------------------------------------- building games
def new_game(
    edition: str,
    players: int | Sequence[str] = 4,
    *,
    seed: int = 1,
    options: dict | None = None,
    first: int = 0,
    chance: Chance | None = None,
) -> om.Game:
    """A fresh game at the start of ``first``'s turn (the roll for the first player is overridden)."""
    g = om.Game(
        edition, players if isinstance(players, int) else list(players), seed=seed, options=options, chance=chance
    )
    g.state.first_player = first
    start_turn(g, first)
    return g


def unshuffled_draws(edition: str) -> list[int]:
    """The set-up draws that leave every deck nearly in printed order: a 0 for each Fisher-Yates swap."""
    return [0] * sum(len(d.cards) - 1 for d in load(edition).decks)


def scripted_game(
    edition: str,
    players: int,
    dice: Iterable[int] = (),
    *,
    draws: Iterable[int] | None = None,
    seed: int = 1,
    options: dict | None = None,
) -> om.Game:
    """A game whose set-up itself is scripted: ``draws`` (raw ``Chance.below`` outcomes, by default
    ``unshuffled_draws``) then ``dice`` (faces), so the first-player roll is the test's."""
    chance = Chance(seed).force(*(unshuffled_draws(edition) if draws is None else draws)).force_dice(*dice)
    return om.Game(edition, players, seed=seed, options=options, chance=chance)


def start_turn(g: om.Game, player: int) -> None:
    """Make it the start of ``player``'s turn, with nothing else pending."""
    s = g.state
    s.stack[:] = [g.turn_step(player)]
    s.current = player
    for name, value in _TURN_FIELDS:
        if hasattr(s, name):
            setattr(s, name, value)


# ---------------------------------------------------------------------- writing a position
def set_cash(g: om.Game, player: int, amount: int) -> None:
    """Set a player's cash, booking the difference against the bank."""
    s = g.state
    s.bank_net += amount - s.cash[player]
    s.cash[player] = amount


def place(g: om.Game, player: int, pos: int) -> None:
    g.state.position[player] = pos


def jail(g: om.Game, player: int, turns: int = 0) -> None:
    """Put ``player`` in jail, ``turns`` turns into their stay."""
    s = g.state
    s.position[player] = g.edition.rules.jail_position
    s.in_jail[player] = True
    s.jail_turns[player] = turns


def own(g: om.Game, player: int, *positions: int, level: int = 0, mortgaged: bool = False) -> None:
    """Give ``positions`` to ``player``; where the family builds, at ``level`` (the hotel level = a hotel),
    the buildings taken from the bank's supply and any old ones given back."""
    s = g.state
    builds = hasattr(s, "level")
    if not builds and (level or mortgaged):
        raise ValueError(f"{g.edition.id} has no buildings or mortgages to set")
    for pos in positions:
        assert pos in g.edition.properties, f"space {pos} ({g.edition.board[pos].name}) cannot be owned"
        s.owner[pos] = player
        s.owner_changes += 1  # (as every rule that moves an owner or a level counts it: caches read the counts)
        if not builds:
            continue
        _building_supply(g, s.level[pos], +1)
        s.level[pos] = level
        s.level_changes += 1
        s.mortgaged[pos] = mortgaged
        _building_supply(g, level, -1)


def _building_supply(g: om.Game, level: int, sign: int) -> None:
    s = g.state
    if level == g.hotel_level:
        s.bank_hotels += sign
    else:
        s.bank_houses += sign * level


def stack_card(g: om.Game, deck: int, *cards: int) -> None:
    """Put these cards of ``deck`` on top of its pile, the first named on top."""
    pile = g.state.decks[deck]
    for card in reversed(cards):
        pile.remove(card)
        pile.insert(0, card)


def hold_card(g: om.Game, player: int, deck: int, card: int) -> None:
    """Give ``player`` the keep-until-needed card ``card`` of ``deck`` (taken out of the pile)."""
    g.state.decks[deck].remove(card)
    g.state.held[player].append(deck << 8 | card)


# ---------------------------------------------------------------------- acting and reading
def roll(g: om.Game, player: int, *faces: int, action: str = "roll") -> list[Event]:
    """Script the next dice to show ``faces`` and let ``player`` roll (or take another dice ``action``)."""
    g.chance.force_dice(*faces)
    return g.act(player, action)


def snapshot(g: om.Game) -> str:
    """Everything a game is (state, chance, record, events) as one comparable string."""
    return json.dumps(g.to_json(), sort_keys=True)


def prompt_kind(g: om.Game) -> tuple[int, str] | None:
    p = g.prompt
    return None if p is None else (p.player, p.kind)


def event_kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def assert_refused(
    g: om.Game, player: Any, action: Any, match: str | None = None, exc: type[om.IllegalAction] = om.IllegalAction
) -> str:
    """``action`` is not allowed: ``act`` raises ``exc`` with a reason (containing ``match``), ``check``
    gives that same reason without acting, and the game is exactly as it was. Returns the reason."""
    before = snapshot(g)
    said = g.check(player, action)
    assert said is not None, f"check accepts {action!r} by {player!r}, which the test expects to be refused"
    with pytest.raises(exc) as info:
        g.act(player, action)
    reason = info.value.reason
    assert reason, "a refusal must say why"
    assert reason == said, f"check and act disagree: check says {said!r}, act says {reason!r}"
    if match is not None:
        assert match in reason, reason
    assert snapshot(g) == before, "a refused action changed the game"
    return reason


__all__ = [
    "assert_refused",
    "event_kinds",
    "hold_card",
    "jail",
    "new_game",
    "own",
    "place",
    "prompt_kind",
    "roll",
    "scripted_game",
    "set_cash",
    "snapshot",
    "stack_card",
    "start_turn",
    "unshuffled_draws",
]
