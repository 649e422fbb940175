"""Fold per-game summaries (``runner.game_summary``) into a simulation's result dict, in constant memory.

Summaries may arrive in any order (backends yield chunks as they finish), and each worker folds its own
chunk before sending it (``Aggregate.merge`` joins them). Everything here is order-independent: counts
are integers, win shares exact fractions, game lengths a histogram (exact percentiles), and the
``digest`` a sum modulo 2**256 of one hash per game over its index and its ``game_digest``. So the result
is the same however the games were split and played, and an ``Aggregate`` has the same size after ten
games as after ten million: nothing is kept per game.
"""

from __future__ import annotations

import bisect
import hashlib
from fractions import Fraction
from typing import Any

DIGEST_MODULUS = 1 << 256


def game_hash(index: int, digest: str) -> int:
    """One game's share of the batch digest."""
    return int.from_bytes(hashlib.blake2b(f"{index}:{digest}".encode(), digest_size=32).digest(), "big")


class Indices:
    """The game indices added so far, as a few merged ranges (chunks finish out of order, so gaps come
    and go; an index added twice is an error)."""

    def __init__(self) -> None:
        self.ranges: list[tuple[int, int]] = []
        self.count = 0

    def add(self, start: int, stop: int) -> None:
        added = stop - start
        at = bisect.bisect_left(self.ranges, (start, start))
        before = self.ranges[at - 1] if at else None
        after = self.ranges[at] if at < len(self.ranges) else None
        if (before and before[1] > start) or (after and after[0] < stop):
            raise ValueError(
                f"game {start} was added twice"
                if stop == start + 1
                else f"games {start}..{stop - 1} overlap games added before (added twice)"
            )
        if before and before[1] == start:
            start = before[0]
            at -= 1
            del self.ranges[at]
        if after and after[0] == stop:
            stop = after[1]
            del self.ranges[at]
        self.ranges.insert(at, (start, stop))
        self.count += added


class Aggregate:
    """Running totals over the games added so far."""

    def __init__(self, edition, seats: list[str]) -> None:
        self.edition = edition
        self.seats = list(seats)
        self.size = len(edition.board)
        self.counts = [0] * (self.size + 1)
        self.wins = [Fraction(0)] * len(seats)
        # wins by place in the turn order (0: the player who moved first), whatever their seat
        self.wins_by_order = [Fraction(0)] * len(seats)
        self.rents = [0] * self.size  # rent owed on each space
        self.end_reasons: dict[str, int] = {}
        self.turn_counts: dict[int, int] = {}  # game length -> games
        self.indices = Indices()
        self.digest_sum = 0
        self.bot_faults: dict[str, int] = {}  # external bots' faults by code
        self.games_with_bot_faults = 0

    def __getstate__(self) -> dict[str, Any]:
        # Workers send their chunk's totals; the edition is the receiver's (loaded once per process).
        state = dict(self.__dict__)
        state["edition"] = self.edition.id
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        from ..editions import load

        self.__dict__.update(state)
        self.edition = load(state["edition"])

    @property
    def count(self) -> int:
        return self.indices.count

    def add(self, summary: dict[str, Any]) -> None:
        index = summary["index"]
        self.indices.add(index, index + 1)
        for pos, n in enumerate(summary["landings"]):
            self.counts[pos] += n
        winners = summary["winners"]
        first, n = summary["first_player"], len(self.seats)
        for w in winners:
            share = Fraction(1, len(winners))
            self.wins[w] += share
            self.wins_by_order[(w - first) % n] += share
        for pos, amount in enumerate(summary["rents"]):
            self.rents[pos] += amount
        reason = summary["end_reason"]
        self.end_reasons[reason] = self.end_reasons.get(reason, 0) + 1
        turns = summary["turns"]
        self.turn_counts[turns] = self.turn_counts.get(turns, 0) + 1
        self.digest_sum = (self.digest_sum + game_hash(index, summary["digest"])) % DIGEST_MODULUS
        faults = summary.get("bot_faults")
        if faults:
            self.games_with_bot_faults += 1
            for code, n in faults.items():
                self.bot_faults[code] = self.bot_faults.get(code, 0) + n

    def merge(self, other: Aggregate) -> None:
        """Add another aggregate's games (a chunk folded by a worker)."""
        for start, stop in other.indices.ranges:
            self.indices.add(start, stop)
        for pos, n in enumerate(other.counts):
            self.counts[pos] += n
        for seat, w in enumerate(other.wins):
            self.wins[seat] += w
        for place, w in enumerate(other.wins_by_order):
            self.wins_by_order[place] += w
        for pos, amount in enumerate(other.rents):
            self.rents[pos] += amount
        for reason, n in other.end_reasons.items():
            self.end_reasons[reason] = self.end_reasons.get(reason, 0) + n
        for turns, n in other.turn_counts.items():
            self.turn_counts[turns] = self.turn_counts.get(turns, 0) + n
        self.digest_sum = (self.digest_sum + other.digest_sum) % DIGEST_MODULUS
        self.games_with_bot_faults += other.games_with_bot_faults
        for code, n in other.bot_faults.items():
            self.bot_faults[code] = self.bot_faults.get(code, 0) + n

    @property
    def player_turns(self) -> int:
        return sum(turns * n for turns, n in self.turn_counts.items())

    def digest(self) -> str:
        return f"{self.digest_sum:064x}"

    def percentile(self, q: float) -> float:
        """Linear-interpolated percentile of the game lengths."""
        if not self.count:
            return 0.0
        k = (self.count - 1) * q
        lo = int(k)
        low, high = self._length_at(lo), self._length_at(min(lo + 1, self.count - 1))
        return float(low + (high - low) * (k - lo))

    def _length_at(self, rank: int) -> int:
        """The game length at ``rank`` (from 0) in sorted order."""
        seen = 0
        for turns in sorted(self.turn_counts):
            seen += self.turn_counts[turns]
            if rank < seen:
                return turns
        raise IndexError(rank)

    def result(
        self,
        *,
        edition: str,
        seed: int,
        options: dict,
        max_rounds: int | None,
        seconds: float,
        requested: int | None = None,
        startup_seconds: float = 0.0,
    ) -> dict[str, Any]:
        """The result dict. ``seconds`` is the time spent playing games (the rates divide by it);
        ``startup_seconds`` the time it took to get there (worker processes and imports)."""
        games = self.count
        total_turns = self.player_turns
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
            # games that ended without a winner (shared wins are fractions summing to one game each)
            "no_winner": int(games - sum(self.wins)),
            "wins_by_turn_order": [round(float(w), 6) for w in self.wins_by_order],
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "turns": {
                "mean": total_turns / games if games else 0.0,
                "p50": self.percentile(0.5),
                "p95": self.percentile(0.95),
                "max": max(self.turn_counts, default=0),
            },
            "landings": {
                "positions": [
                    {"position": p, "name": board[p].name, "count": self.counts[p]} for p in range(self.size)
                ],
                "in_jail": self.counts[self.size],
                "moves": sum(self.counts),
            },
            "rents": [
                {"position": p, "name": board[p].name, "group": board[p].group, "amount": self.rents[p]}
                for p in range(self.size)
                if self.rents[p]
            ],
            "games_per_sec": games / seconds,
            "player_turns_per_sec": total_turns / seconds,
            "seconds": seconds,
            "startup_seconds": startup_seconds,
            "digest": self.digest(),
            # (external bots: what went wrong, by fault code; the games themselves were played out by the stand-in)
            "bot_faults": {"games": self.games_with_bot_faults, "by_code": dict(sorted(self.bot_faults.items()))},
        }
