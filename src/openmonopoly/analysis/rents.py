"""Expected rent per opponent roll for every property and building level, and the payback time.

For a property at a given level: expected rent per opponent roll = P(an opponent's roll ends there)
x the rent at that level (the family's ``Game.rent_levels``; landing probabilities from the Markov
chain, jail ``long`` unless asked);
rolls to earn back = what that level cost (price plus buildings) / that expected rent. Utilities use the
expected dice total (7) times the multiplier; card moves that change a rent (nearest railroad pays
double, nearest utility ten times a new roll) are not counted.
"""

from __future__ import annotations

from typing import Any

from ..editions import Edition
from ..editions import load as load_edition
from ..engine.game import rules_class
from .landing import LandingResult, landing


def rent_table(edition: str | Edition, jail: str = "long", result: LandingResult | None = None, **params: Any) -> dict:
    ed = load_edition(edition) if isinstance(edition, str) else edition
    res = result or landing(ed, jail, "exact", **params)
    probs = res.probs
    rows: list[dict] = []

    def row(pos: int, level: str, rent: float, cost: int) -> None:
        p = float(probs[pos])
        expected = p * rent
        rows.append(
            {
                "position": pos,
                "name": ed.board[pos].name,
                "type": ed.board[pos].type,
                "group": ed.board[pos].group,
                "level": level,
                "landing_probability": p,
                "rent": rent,
                "cost": cost,
                "expected_rent_per_roll": expected,
                "rolls_to_earn_back": (cost / expected) if expected > 0 else None,
            }
        )

    levels = rules_class(ed).rent_levels(ed)
    if not levels:
        raise ValueError(
            f"{ed.name}: rent is not a property of the space in this edition, so there is no per-property rent table"
        )
    for pos, level, rent, cost in levels:
        row(pos, level, rent, cost)
    return {"edition": ed.id, "jail": res.jail, "params": res.params, "rows": rows}
