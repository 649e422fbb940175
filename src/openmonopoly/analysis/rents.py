"""Expected rent per opponent roll for every property and building level, and the payback time.

For a property at a given level: expected rent per opponent roll = P(an opponent's roll ends there)
x the rent at that level (landing probabilities from the Markov chain, jail ``long`` unless asked);
rolls to earn back = what that level cost (price plus buildings) / that expected rent. Utilities use the
expected dice total (7) times the multiplier; card moves that change a rent (nearest railroad pays
double, nearest utility ten times a new roll) are not counted.
"""
from __future__ import annotations

from typing import Any

from ..editions import Edition
from ..editions import load as load_edition
from .landing import LandingResult, landing


def rent_table(edition: str | Edition, jail: str = "long", result: LandingResult | None = None,
               **params: Any) -> dict:
    ed = load_edition(edition) if isinstance(edition, str) else edition
    res = result or landing(ed, jail, "exact", **params)
    probs = res.probs
    rows: list[dict] = []

    def row(pos: int, level: str, rent: float, cost: int) -> None:
        p = float(probs[pos])
        expected = p * rent
        rows.append({"position": pos, "name": ed.board[pos].name, "type": ed.board[pos].type,
                     "group": ed.board[pos].group, "level": level, "landing_probability": p,
                     "rent": rent, "cost": cost, "expected_rent_per_roll": expected,
                     "rolls_to_earn_back": (cost / expected) if expected > 0 else None})

    if ed.family == "classic":
        houses = int(ed.rules.max_houses)
        for s in ed.board:
            if s.type == "street":
                row(s.position, "unimproved", s.rent[0], s.price)
                row(s.position, "full set", s.rent[0] * 2, s.price)
                for h in range(1, houses + 1):
                    row(s.position, f"{h} house" + ("s" if h > 1 else ""), s.rent[h], s.price + h * s.house_cost)
                row(s.position, "hotel", s.rent[5], s.price + houses * s.house_cost + s.hotel_cost)
            elif s.type == "railroad":
                for k, r in enumerate(ed.rules.railroad_rent[:len(ed.railroads)], 1):
                    row(s.position, f"{k} owned", r, s.price)
            elif s.type == "utility":
                for k, m in enumerate(ed.rules.utility_multipliers[:len(ed.utilities)], 1):
                    row(s.position, f"{k} owned", 7 * m, s.price)
    elif ed.family == "mandalorian":
        t = ed.rules  # type: ignore[attr-defined]
        for pos in t.hideouts:
            s = ed.board[pos]
            row(pos, "single", t.rent[pos], s.price)
            row(pos, "full set", t.set_rent[pos], s.price)
    else:
        raise ValueError(f"{ed.name}: rent is not a property of the space in this edition (in the {ed.family} "
                         "family it is the owner's tower value), so there is no per-property rent table")
    return {"edition": ed.id, "jail": res.jail, "params": res.params, "rows": rows}
