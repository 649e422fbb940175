"""Group commit: the actions applied since the last write go in one transaction, each broadcast the
moment it is stored (``Committer``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .db import MoveCommit, Store

log = logging.getLogger("openmonopoly.web")
PG_WRITES_AT_ONCE = 4  # PostgreSQL batches under way at once (see Committer)

Done = Callable[[Exception | None], None]


class Committer:
    """Group commit: the actions applied since the last write go together in one transaction, and each
    one's ``done(error)`` runs the moment its fate is known (``None``: stored), so its broadcast can leave
    at once and never before. ``flush`` writes what is pending; the bot scheduler flushes after each of
    its slices, and a person's action is flushed at the next turn of the loop (with whatever else came).

    SQLite batches are written on the event loop itself: a WAL commit without fsync takes well under a
    millisecond, less than handing the batch to a thread and back costs. PostgreSQL batches, which wait
    on the network and the server's fsync, are sent from the loop and answered in a later turn of it
    (``db.PgCommitter``), up to ``PG_WRITES_AT_ONCE`` at once; any other store's go to the writer thread,
    one at a time."""

    def __init__(self, store: Store, executor: ThreadPoolExecutor) -> None:
        self.store = store
        self.executor = executor
        self.pending: list[tuple[MoveCommit, Done]] = []
        self.in_flight: set[asyncio.Future] = set()
        self._soon: asyncio.Handle | None = None
        self.batches = 0
        self.async_store: Any = None  # PostgreSQL: the store's committer on this event loop (db.PgCommitter)
        # Batches written at once: PostgreSQL's on the loop, each on a connection of its own; a store
        # written by the writer thread, one at a time.
        self.writes_at_once = PG_WRITES_AT_ONCE if getattr(store, "writes_async", False) else 1

    def add(self, move: MoveCommit, done: Done) -> None:
        """Queue ``move`` for the next write; ``done`` hears how it went (it must not raise)."""
        self.pending.append((move, done))

    def flush_soon(self) -> None:
        if self._soon is None:
            self._soon = asyncio.get_running_loop().call_soon(self._flush_soon)

    def _flush_soon(self) -> None:
        self._soon = None
        self.flush()

    def flush(self) -> None:
        """Write every pending action in one transaction: SQLite before this returns; PostgreSQL from
        the loop, answered later, with at most ``writes_at_once`` transactions under way, so the actions
        that arrive while they all wait for the server go together in the next."""
        if not self.pending or len(self.in_flight) >= self.writes_at_once:
            return  # (what is pending goes as one when a write under way is done)
        batch, self.pending = self.pending, []
        self.batches += 1
        moves = [m for m, _ in batch]
        if self.store.writes_inline:
            try:
                results = self.store.commit_moves(moves)
            except Exception as exc:  # noqa: BLE001
                results = [exc] * len(batch)
            self._finish(batch, results)
            return
        loop = asyncio.get_running_loop()
        if getattr(self.store, "writes_async", False):
            if self.async_store is None:
                self.async_store = self.store.async_committer(self.writes_at_once)
            under_way = loop.create_future()  # (for drain)
            self.in_flight.add(under_way)

            def heard(results: list[Exception | None]) -> None:
                self.in_flight.discard(under_way)
                under_way.set_result(None)
                self._finish(batch, results)
                self.flush()

            self.async_store.commit(moves, heard)
            return
        written = loop.run_in_executor(self.executor, self.store.commit_moves, moves)
        self.in_flight.add(written)

        def finished(f: asyncio.Future) -> None:
            self.in_flight.discard(f)
            exc = asyncio.CancelledError() if f.cancelled() else f.exception()
            if exc is None:
                self._finish(batch, f.result())
            else:
                error = exc if isinstance(exc, Exception) else RuntimeError(f"the write did not finish: {exc!r}")
                self._finish(batch, [error] * len(batch))
            self.flush()

        written.add_done_callback(finished)

    @staticmethod
    def _finish(batch: list[tuple[MoveCommit, Done]], results: list[Exception | None]) -> None:
        for (_, done), error in zip(batch, results, strict=True):
            try:
                done(error)
            except Exception as exc:  # noqa: BLE001 - the move is stored (or not) whatever its listener did
                log.error("after a commit: %r", exc)

    async def commit(self, move: MoveCommit, stored: Callable[[], None]) -> None:
        """Store ``move``; ``stored()`` runs the moment it is (before this returns, and even if the
        waiter was cancelled meanwhile), so the broadcast leaves in the same turn of the loop."""
        waiter = asyncio.get_running_loop().create_future()

        def done(error: Exception | None) -> None:
            if error is None:
                try:
                    stored()
                except Exception as exc:  # noqa: BLE001 - the move is stored; its broadcast failed
                    log.error("broadcast after a commit failed: %r", exc)
            if waiter.done():  # its waiter was cancelled (shutdown); the write stands
                return
            if error is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(error)

        self.add(move, done)
        self.flush_soon()
        await waiter

    async def drain(self) -> None:
        """Write everything pending and wait for the writes under way."""
        while self.pending or self.in_flight:
            self.flush()
            if self.in_flight:
                await asyncio.gather(*self.in_flight, return_exceptions=True)
            await asyncio.sleep(0)  # (the writes' own callbacks run first)

    async def close(self) -> None:
        """Write everything pending, then close the event loop's own database connection."""
        await self.drain()
        if self.async_store is not None:
            await self.async_store.close()
            self.async_store = None
