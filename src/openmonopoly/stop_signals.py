"""The signals that stop a long run -- Ctrl-C (SIGINT), a ``kill`` (SIGTERM), a closed terminal (SIGHUP) --
and one way to hand them all to a handler for a while. The simulation's pool and the command line both
use them; this module imports nothing of the engine, so the command line can import it at start."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# (SIGHUP does not exist on Windows)
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def stop_signals_handled_by(handler: Any) -> Iterator[None]:
    """Within: every stop signal goes to ``handler`` (a function, or ``signal.SIG_IGN``); the handlers
    before are put back after. Outside the main thread nothing changes (only it may set handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, previous in before.items():
            signal.signal(sig, previous)
