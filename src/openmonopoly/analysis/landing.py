"""Long-run landing probabilities per roll: exact (the Markov chain) or by simulating moves.

What is counted: each roll once, on the space where that roll's move finally ends (after any card
that sends the token on), and every turn spent in jail as In Jail (the chain's stationary
distribution over the end of each roll). ``simulate --report`` counts something else, the share of
*moves* in bot games: the dice's move and each card's move separately (so a card space is counted
when the token stops on it even when the card sends it on), and no turns spent in jail. So a card
space is higher there and In Jail lower; ``MEANING`` says it in words for the outputs."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..editions import Edition
from .markov import build_chain, move_model
from .simulate_moves import simulate_landing

MEANING = (
    "Each roll is counted once, where its move finally ends (after any card that sends the token on); "
    "every turn spent in jail counts as In Jail. (simulate --report counts every move instead, the dice's "
    "and each card's: a card space counts whenever the token stops on it, turns in jail not at all, so its "
    "card spaces are higher and In Jail lower.)"
)


@dataclass
class LandingResult:
    edition: Edition
    method: str
    jail: str
    probs: np.ndarray  # one per space, then In Jail
    rolls: int | None = None  # simulate: rolls counted
    seconds: float = 0.0
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.edition.board)

    @property
    def in_jail(self) -> float:
        return float(self.probs[self.size])

    @property
    def jail_pos(self) -> int:
        return int(self.edition.rules.jail_position)

    def stderr(self) -> np.ndarray:
        """Standard error of each simulated probability (rolls are correlated, so this is a lower bound)."""
        if self.rolls is None:
            return np.zeros_like(self.probs)
        return np.sqrt(self.probs * (1 - self.probs) / self.rolls)

    def ranking(self) -> list[int]:
        """Positions (and ``size`` for In Jail) from most to least landed on."""
        return [int(i) for i in np.argsort(-self.probs, kind="stable")]

    def to_json(self) -> dict:
        board = self.edition.board
        return {
            "edition": self.edition.id,
            "method": self.method,
            "jail": self.jail,
            "rolls": self.rolls,
            "params": self.params,
            "seconds": round(self.seconds, 4),
            "positions": [
                {
                    "position": s.position,
                    "name": s.name,
                    "type": s.type,
                    "probability": float(self.probs[s.position]),
                    **({"just_visiting": True} if s.position == self.jail_pos else {}),
                }
                for s in board
            ],
            "in_jail": float(self.in_jail),
            "total": float(self.probs.sum()),
        }


def landing(
    edition: str | Edition,
    jail: str = "long",
    method: str = "exact",
    rolls: int = 10_000_000,
    seed: int = 0,
    **params: Any,
) -> LandingResult:
    model = move_model(edition, **params)
    start = time.perf_counter()
    if method == "exact":
        probs = build_chain(model, jail).landing()
        n = None
    elif method == "simulate":
        counts, n = simulate_landing(model, jail, rolls, seed)
        probs = counts / n
    else:
        raise ValueError("method must be 'exact' or 'simulate'")
    return LandingResult(model.edition, method, jail, probs, n, time.perf_counter() - start, dict(model.params))
