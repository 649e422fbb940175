"""Per-client rate limits: a token bucket per client address, in memory."""

from __future__ import annotations

import time


class RateLimit:
    """``burst`` events at once, refilled at ``per_minute``; ``retry_after(key)`` is 0 when one is allowed
    (and counts it), else the seconds until the next one would be."""

    MAX_KEYS = 50_000  # buckets kept; full ones are forgotten first (they hold no information)

    def __init__(self, per_minute: float, burst: int, clock=time.monotonic) -> None:  # noqa: ANN001
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def retry_after(self, key: str) -> float:
        now = self.clock()
        tokens, when = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        if tokens >= 1.0:
            self.buckets[key] = (tokens - 1.0, now)
            if len(self.buckets) > self.MAX_KEYS:
                self._forget_full(now)
            return 0.0
        self.buckets[key] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _forget_full(self, now: float) -> None:
        for key, (tokens, when) in list(self.buckets.items()):
            if tokens + (now - when) * self.rate >= self.burst:
                del self.buckets[key]


class FrameBudget:
    """One connection's budget of frames that do no work: ``burst`` at once, refilled at ``per_second``. ``take()`` says
    what to do with the next frame: ``"ok"`` (handle it), ``"warn"`` (drop it and say why: the first past
    the budget), ``"drop"`` (drop it silently) or ``"close"`` (``over`` frames in a row were past it)."""

    def __init__(self, per_second: float, burst: int, over: int, clock=time.monotonic) -> None:  # noqa: ANN001
        self.rate = per_second
        self.burst = float(burst)
        self.over = over
        self.clock = clock
        self.tokens = float(burst)
        self.when = clock()
        self.dropped = 0  # frames dropped since the last one handled

    def refund(self) -> None:
        """Give back the last frame's token: it did work the game asked for (an applied action), which the
        game itself paces. Frames that change nothing (stale, illegal, malformed, pings) are what the
        budget bounds."""
        self.tokens = min(self.burst, self.tokens + 1.0)

    def take(self) -> str:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.dropped = 0
            return "ok"
        self.dropped += 1
        if self.dropped >= self.over:
            return "close"
        return "warn" if self.dropped == 1 else "drop"
