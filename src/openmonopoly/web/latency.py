"""How long updates take from their action being applied to their frame being written (``--latency-stats``)."""

from __future__ import annotations

import time


class Latency:
    """How long updates took from their action being applied to their frame being written to the socket
    (``ServerConfig.latency_stats``): a histogram of 0.1 ms steps up to 2 s, and the worst."""

    STEP = 1e-4
    TOP = 20000

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.counts = [0] * (self.TOP + 1)  # the last one: 2 s or more
        self.frames = 0
        self.worst = 0.0
        self.since = time.time()

    def add(self, seconds: float) -> None:
        self.counts[min(self.TOP, max(0, int(seconds / self.STEP)))] += 1
        self.frames += 1
        if seconds > self.worst:
            self.worst = seconds

    def quantile(self, q: float) -> float:
        """The ``q`` quantile in seconds (the upper edge of its step)."""
        rank, seen = q * self.frames, 0
        for i, n in enumerate(self.counts):
            seen += n
            if seen >= rank and seen > 0:
                return (i + 1) * self.STEP
        return 0.0

    def to_json(self) -> dict:
        ms = lambda s: round(s * 1000, 1)  # noqa: E731
        return {
            "frames": self.frames,
            "seconds": round(time.time() - self.since, 1),
            "p50_ms": ms(self.quantile(0.5)),
            "p99_ms": ms(self.quantile(0.99)),
            "max_ms": ms(self.worst),
        }
