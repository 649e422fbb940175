"""Rent in the classic family: streets (doubled on a complete colour set, then by buildings),
railroads by how many the owner has, utilities by a roll of the dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...editions.schema import RAILROAD, STREET
from ...engine import events as E
from ...engine.events import Event
from .data import ClassicRules

if TYPE_CHECKING:
    from .game import ClassicGame, ClassicState


def rent_due(game: ClassicGame, pos: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> int:
    """The rent due on owned, unmortgaged ``pos`` from the player who has just landed there; a card
    may multiply a railroad's rent (``rent_multiplier``) or set a utility's dice multiplier
    (``dice_multiplier``: the dice are rolled anew, as the edition's utilities may always ask)."""
    s: ClassicState = game.state
    sp = game.edition.board[pos]
    roll = 0
    if sp.type != STREET and sp.type != RAILROAD:
        # (option 'utility-rent-reroll', whose default is the edition's rulebook reading)
        if dice_multiplier or game.options["utility-rent-reroll"]:
            d1, d2 = game.chance.die(), game.chance.die()
            if game._events is not None:
                game._events.append(Event(E.DICE, s.current, amount=d1 + d2, other=d1 * 10 + d2, info="rent"))
            roll = d1 + d2
        else:
            roll = s.dice[0] + s.dice[1]
    return rent_for_roll(game, pos, roll, rent_multiplier, dice_multiplier)


def rent_for_roll(game: ClassicGame, pos: int, roll: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> int:
    """The rent on owned ``pos`` if it is paid on a dice total of ``roll`` (only utilities care)."""
    s: ClassicState = game.state
    ed = game.edition
    rules: ClassicRules = ed.rules
    sp = ed.board[pos]
    owner = s.owner[pos]
    if sp.type == STREET:
        level = s.level[pos]
        if level:
            return sp.rent[level if level <= game.houses_per_hotel else 5]
        return sp.rent[0] * 2 if has_set_bonus(game, owner, pos) else sp.rent[0]
    if sp.type == RAILROAD:
        count = sum(1 for q in ed.railroads if s.owner[q] == owner)
        return rules.railroad_rent[count - 1] * rent_multiplier
    count = sum(1 for q in ed.utilities if s.owner[q] == owner)
    return roll * (dice_multiplier or rules.utility_multipliers[count - 1])


def has_set_bonus(game: ClassicGame, owner: int, pos: int) -> bool:
    """Whether ``owner`` holds the whole colour set of street ``pos`` (and, where the edition says
    so, none of it mortgaged): its unimproved streets then charge double rent."""
    s: ClassicState = game.state
    members = game.edition.group_members[game.edition.group_of[pos]]
    for q in members:
        if s.owner[q] != owner:
            return False
    rules: ClassicRules = game.edition.rules
    if rules.set_rent_needs_unmortgaged:
        for q in members:
            if s.mortgaged[q]:
                return False
    return True
