"""A running server's upkeep that belongs to no game: keeping the garbage collector's pauses short."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable

# The cyclic garbage collector (tend_gc): what survived this long is frozen, out of its way, and this
# often everything is unfrozen and collected once (cycles among frozen objects are freed only then).
GC_FREEZE_SECONDS = 5.0
GC_FULL_SECONDS = 600.0


async def tend_gc(
    closing: Callable[[], bool], every: float = GC_FREEZE_SECONDS, full_every: float = GC_FULL_SECONDS
) -> None:
    """Keep the cyclic garbage collector's full collections short. They walk every object it tracks,
    and a server holds many that live long (each game's history of events): with 200 games playing,
    a full collection took 55-145 ms every 3 s, all play stopped meanwhile, and it set the p99
    latency. Objects frozen (``gc.freeze``) are not walked; reference counting still frees them, so
    only cyclic garbage among them waits, for the rare full collection after unfreezing. Runs until
    ``closing()``."""
    gc.freeze()  # (the modules, editions and games loaded so far)
    since_full = 0.0
    try:
        while not closing():
            await asyncio.sleep(every)
            since_full += every
            if since_full >= full_every:
                since_full = 0.0
                gc.unfreeze()
                gc.collect()
            gc.freeze()
    finally:
        gc.unfreeze()  # (on shutdown: the process may go on, as in tests)
