"""Which house rules the Markov analysis models, and the refusal of those it does not.

The chain follows one token's moves (``markov.py``). No house rule moves a token differently: money on
Free Parking, the salary and its GO bonus, auctions, building, mortgages, starting cash and the seat
order change what a move is worth, never where it ends. So the landing probabilities are those of the
book under every house rule (and the chain says so). The rent table (``rents.py``) prices each level
of each property by those probabilities; it holds under every house rule but ``jail-no-rent``, where
what an owner collects depends on where the *owner's* token is -- a second token the chain does not
follow -- so it is refused there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.house_rules import HOUSE_RULES, JAIL_NO_RENT
from ..engine.options import BadOption

LANDING = "landing"
RENTS = "rents"
# Per analysis: the house rules it cannot model, with why.
NOT_MODELLED: dict[str, dict[str, str]] = {
    LANDING: {},
    RENTS: {
        JAIL_NO_RENT: "rent then depends on whether the owner is in jail, which the one-token chain does not "
        "follow (simulate it instead: openmonopoly simulate --option jail-no-rent)",
    },
}


def check_house_rules(analysis: str, options: Mapping[str, Any]) -> str:
    """A sentence saying how the house rules on in ``options`` stand in ``analysis``; ``BadOption`` for
    one it does not model, or an option that is no house rule."""
    on = [k for k, v in options.items() if v is not None and v is not False]
    unknown = [k for k in on if k not in HOUSE_RULES]
    if unknown:
        raise BadOption(
            f"the {analysis} analysis takes house rules only; not house rules: {', '.join(unknown)} "
            f"(house rules: {', '.join(HOUSE_RULES)})"
        )
    for name in on:
        why = NOT_MODELLED[analysis].get(name)
        if why is not None:
            raise BadOption(f"the {analysis} analysis does not model house rule {name}: {why}")
    if not on:
        return "by the book"
    return f"house rules {', '.join(on)}: none moves a token, so the landing probabilities are the book's" + (
        "" if analysis == LANDING else "; rents are as printed under each"
    )
