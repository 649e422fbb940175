"""The classic family's house rules: the table's own rules as options, each off by default.

Each is worded in the edition's own terms and currency. ``ClassicGame.read_options`` reads them into
fields once per game, so the rule code tests a field on the hot path. What each changes, and how an
ambiguous house rule is read, is in docs/HOUSE-RULES.md ("The house rules").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.house_rules import (
    DOUBLE_RENT_FULL_SET,
    FREE_PARKING_POT,
    GO_BONUS,
    JAIL_NO_RENT,
    NO_AUCTIONS,
    NO_MORTGAGES,
    POPULAR,
    POPULAR_RULES,
    SALARY,
    STARTING_CASH,
    UNEVEN_BUILDING,
    every_family_house_rules,
)
from ...engine.options import TIME_LIMIT, Option

if TYPE_CHECKING:
    from ...editions import Edition

# What goes into the Free Parking pot (the ``reason`` of a payment to the bank): taxes, cards' charges
# and repairs, and the jail fine. Not purchases, buildings, mortgage interest or auction prices.
POT_REASONS = frozenset({"tax", "card", "repairs", "bail"})


def classic_house_rules(edition: Edition) -> dict[str, Option]:
    """Every house rule the classic family offers, in ``edition``'s words."""
    term = edition.term
    money = edition.money
    salary = edition.rules.go_salary
    options = every_family_house_rules(edition, "everyone rolling both dice")
    options[FREE_PARKING_POT] = Option(
        FREE_PARKING_POT,
        None,
        f"House rule: taxes, card charges and the {term('jail')} fine go into a pot in the middle; landing on "
        f"{term('free_parking')} takes it. =N: the bank also puts N into the pot at the start and each time "
        "it is emptied.",
        int,
        0,
        bare=0,
    )
    options[GO_BONUS] = Option(
        GO_BONUS,
        False,
        f"House rule: ending a move exactly on {term('go')} pays double the salary.",
    )
    options[SALARY] = Option(
        SALARY,
        None,
        f"House rule: passing {term('go')} pays N instead of the rulebook's {money(salary)}.",
        int,
        0,
    )
    options[JAIL_NO_RENT] = Option(
        JAIL_NO_RENT,
        False,
        f"House rule: a player in {term('jail')} collects no rent.",
    )
    options[NO_AUCTIONS] = Option(
        NO_AUCTIONS,
        False,
        "House rule: no property auctions: a property the lander declines, or a bankrupt player returns "
        "to the bank, stays with the bank until someone lands on it and buys it.",
    )
    options[UNEVEN_BUILDING] = Option(
        UNEVEN_BUILDING,
        False,
        f"House rule: {term('houses', 2)} need not be built or sold evenly across a colour set.",
    )
    options[NO_MORTGAGES] = Option(
        NO_MORTGAGES,
        False,
        "House rule: nothing may be mortgaged; a debt is raised by selling buildings and trading only.",
    )
    return options


def already_doubles(edition: Edition) -> str:
    """The refusal of ``double-rent-full-set``: every classic-family rulebook already doubles."""
    return (
        f"edition {edition.id}'s rulebook already doubles the rent of unimproved {edition.term('streets', 2)} "
        f"of a whole colour set; house rule {DOUBLE_RENT_FULL_SET} is only for editions that do not"
    )


def classic_presets(edition: Edition) -> dict[str, dict[str, Any]]:
    """``popular`` and the edition data's own presets (``house_rules``)."""
    presets: dict[str, dict[str, Any]] = {POPULAR: dict(POPULAR_RULES)}
    declared: dict[str, dict[str, Any]] = edition.raw.get("house_rules") or {}
    for name, options in declared.items():
        presets[name] = dict(options)
    return presets


def classic_conflict(options: dict[str, Any], edition: Edition) -> str | None:
    """Why these classic house rules contradict each other, or None."""
    if options.get(GO_BONUS) and options.get(SALARY) == 0:
        return (
            f"{GO_BONUS} doubles the salary for landing on {edition.term('go')}, but {SALARY}=0 pays none: "
            "use one or the other"
        )
    cash = options.get(STARTING_CASH)
    if cash is not None and options.get(TIME_LIMIT) is not None:
        # The time-limit game deals two title deeds to each player, paid for at once at set-up.
        prices = sorted((edition.board[pos].price for pos in edition.properties), reverse=True)
        dearest = prices[0] + prices[1]
        if cash < dearest:
            return (
                f"the time-limit game has each player pay for 2 title deeds at set-up (up to "
                f"{edition.money(dearest)}), so {STARTING_CASH}={cash} is too little: give at least {dearest}"
            )
    return None
