"""Fold per-game summaries (``runner.game_summary``) into a simulation's result dict.

Summaries may arrive in any order (backends yield chunks as they finish). Everything
here is order-independent: counts are integers, win shares are exact fractions, and
the ``digest`` is computed at the end over the games' record digests in game-index
order, so the result is the same however the games were split and played.
"""
from __future__ import annotations

import hashlib
from fractions import Fraction
from typing import Any


def percentile(sorted_values: list[int], q: float) -> float:
    """Linear-interpolated percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    k = (len(sorted_values) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return float(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo))


class Aggregate:
    """Running totals over the games added so far."""

    def __init__(self, edition, seats: list[str], keep_games: bool = True) -> None:
        self.edition = edition
        self.seats = list(seats)
        self.size = len(edition.board)
        self.counts = [0] * (self.size + 1)
        self.wins = [Fraction(0)] * len(seats)
        self.end_reasons: dict[str, int] = {}
        self.turns: list[int] = []
        self.digests: dict[int, str] = {}
        self.keep_games = keep_games
        self._games: dict[int, dict[str, Any]] = {}

    @property
    def count(self) -> int:
        return len(self.digests)

    def add(self, summary: dict[str, Any]) -> None:
        index = summary["index"]
        if index in self.digests:
            raise ValueError(f"game {index} was added twice")
        for pos, n in enumerate(summary["landings"]):
            self.counts[pos] += n
        winners = summary["winners"]
        for w in winners:
            self.wins[w] += Fraction(1, len(winners))
        reason = summary["end_reason"]
        self.end_reasons[reason] = self.end_reasons.get(reason, 0) + 1
        self.turns.append(summary["turns"])
        self.digests[index] = summary["digest"]
        if self.keep_games:
            self._games[index] = summary

    def games(self) -> list[dict[str, Any]]:
        """The kept summaries in game-index order."""
        return [self._games[i] for i in sorted(self._games)]

    def digest(self) -> str:
        h = hashlib.sha256()
        for index in sorted(self.digests):
            h.update(self.digests[index].encode())
        return h.hexdigest()

    def result(self, *, edition: str, seed: int, options: dict, max_rounds: int | None, seconds: float,
               requested: int | None = None) -> dict[str, Any]:
        games = self.count
        ordered = sorted(self.turns)
        total_turns = sum(ordered)
        seconds = max(seconds, 1e-9)
        board = self.edition.board
        return {
            "edition": edition,
            "games": games,
            "games_requested": games if requested is None else requested,
            "seed": seed,
            "seats": list(self.seats),
            "options": dict(options),
            "max_rounds": max_rounds,
            "wins": [round(float(w), 6) for w in self.wins],
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "turns": {
                "mean": total_turns / games if games else 0.0,
                "p50": percentile(ordered, 0.5),
                "p95": percentile(ordered, 0.95),
                "max": ordered[-1] if ordered else 0,
            },
            "landings": {
                "positions": [{"position": p, "name": board[p].name, "count": self.counts[p]}
                              for p in range(self.size)],
                "in_jail": self.counts[self.size],
                "moves": sum(self.counts),
            },
            "games_per_sec": games / seconds,
            "player_turns_per_sec": total_turns / seconds,
            "seconds": seconds,
            "digest": self.digest(),
        }
