"""House rules: the table's own rules, offered as named options (default off) beside the rulebook's.

Every family offers the two that fit any rulebook (``starting-cash``, ``shuffle-seats``); the classic
family offers the rest (``rules/classic/house_rules.py``). A house rule a family does not offer is
refused with a sentence naming the family (``refused_house_rule``), not with the generic list of
unknown options. Presets are named sets of house rules: ``popular`` here, and any an edition's data
declares (``house_rules`` in its file).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .options import BadOption, Option

STARTING_CASH = "starting-cash"
SHUFFLE_SEATS = "shuffle-seats"
FREE_PARKING_POT = "free-parking-pot"
GO_BONUS = "go-bonus"
JAIL_NO_RENT = "jail-no-rent"
NO_AUCTIONS = "no-auctions"
UNEVEN_BUILDING = "uneven-building"
SALARY = "salary"
NO_MORTGAGES = "no-mortgages"
DOUBLE_RENT_FULL_SET = "double-rent-full-set"

# Offered by every family: they change nothing any rulebook's turn depends on.
EVERY_FAMILY = (STARTING_CASH, SHUFFLE_SEATS)
# The classic family's (Monopoly and its themed editions): they change its money and property rules.
CLASSIC_ONLY = (
    FREE_PARKING_POT,
    GO_BONUS,
    JAIL_NO_RENT,
    NO_AUCTIONS,
    UNEVEN_BUILDING,
    SALARY,
    NO_MORTGAGES,
    DOUBLE_RENT_FULL_SET,
)
HOUSE_RULES = EVERY_FAMILY + CLASSIC_ONLY

# The set most tables play (see docs/HOUSE-RULES.md, "Presets", for why these and not others): the pot
# on Free Parking (with no bank money added), double salary on landing on GO, and no auctions.
POPULAR = "popular"
POPULAR_RULES: dict[str, Any] = {FREE_PARKING_POT: 0, GO_BONUS: True, NO_AUCTIONS: True}


def starting_cash_option(printed: str) -> Option:
    return Option(
        STARTING_CASH,
        None,
        f"House rule: every player starts with N instead of the rulebook's {printed}.",
        int,
        1,
    )


def shuffle_seats_option(instead_of: str) -> Option:
    return Option(
        SHUFFLE_SEATS,
        False,
        f"House rule: the first player is drawn at random instead of {instead_of}; play then goes round the "
        "seats in order.",
    )


def refused_house_rule(name: str, edition: str, family: str, known: Mapping[str, Option]) -> str | None:
    """Why edition ``edition`` (of ``family``) refuses house rule ``name``; None if ``name`` is no house rule."""
    if name not in HOUSE_RULES:
        return None
    offered = ", ".join(n for n in HOUSE_RULES if n in known) or "none"
    return (
        f"house rule '{name}' is one of the classic family's (Monopoly and its themed editions); edition "
        f"{edition} is of the {family} family, whose rulebook it does not fit. House rules it offers: {offered}"
    )


def preset(name: str, presets: Mapping[str, Mapping[str, Any]], edition: str) -> dict[str, Any]:
    """The options of preset ``name``: ``popular`` or one the edition's data declares."""
    if name in presets:
        return dict(presets[name])
    known = sorted(presets)
    raise BadOption(f"edition {edition} has no house-rules preset '{name}'; presets: " + (", ".join(known) or "none"))


def every_family_house_rules(edition: Any, instead_of: str) -> dict[str, Option]:
    """``starting-cash`` (in the edition's currency) and ``shuffle-seats`` (``instead_of``: the rulebook's
    way of choosing who starts)."""
    return {
        STARTING_CASH: starting_cash_option(edition.money(edition.rules.start_cash)),
        SHUFFLE_SEATS: shuffle_seats_option(instead_of),
    }
