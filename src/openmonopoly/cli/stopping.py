"""SIGTERM and SIGHUP stop a long command the way Ctrl-C does: a ``kill``, a service manager or a closed
terminal must not lose the games that finished. Within ``stop_signals_interrupt()`` the first such
signal (or Ctrl-C's SIGINT) raises ``KeyboardInterrupt`` in the main thread (the simulation's runner keeps
what finished on it); once the caller disarms it (``armed = False``: the run is over), signals are only
noted, so the results are written whatever arrives, a second Ctrl-C included. ``exit_code()`` is then
``128 + signal``, as a shell reports a process a signal stopped (130 for Ctrl-C)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from ..stop_signals import stop_signals_handled_by


class StopSignals:
    """Which stop signal arrived, if any."""

    def __init__(self) -> None:
        self.received: int | None = None
        self.armed = True

    def exit_code(self, interrupted: bool) -> int:
        if not interrupted:
            return 0
        return 130 if self.received is None else 128 + self.received


@contextmanager
def stop_signals_interrupt() -> Iterator[StopSignals]:
    stops = StopSignals()

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if stops.received is not None:
            return
        stops.received = signum
        if stops.armed:
            raise KeyboardInterrupt

    with stop_signals_handled_by(interrupt):  # (in the main thread only: nothing to catch elsewhere)
        yield stops
