"""Where a simulation's games are played: one interface, three backends.

A backend maps chunks of game indices (``(start, stop)`` pairs) to chunk results
(``runner.play_chunk``: the chunk's totals, and its games' summaries when the job keeps
them) and yields each as it finishes, in any order. ``InProcess`` plays them here, ``ProcessPool`` in a
local pool of spawned processes (``concurrent.futures``), ``Ray`` as one Ray task per chunk, on a local Ray or
a cluster (``address``). Work goes out in chunks, not one task per game, so the
per-task overhead is paid once per chunk. Which backend played a game never changes
it: a game depends only on the job and its index.

``start(job)`` brings the backend up and returns when its workers are ready to play (so a
Ctrl-C while a pool or Ray starts is caught by the caller's handler, and the caller can
time start-up apart from the games), ``run(job, chunks)`` yields results, and ``close()``
cancels what is still pending and releases the workers; after a KeyboardInterrupt the
caller calls ``close()`` and keeps what already came back.

Pool workers import the engine only: a spawned process would otherwise re-import the
parent's ``__main__`` (for the ``openmonopoly`` command, the whole CLI) before its first game.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import time
import types
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from typing import TYPE_CHECKING, Any, Protocol

from ..stop_signals import STOP_SIGNALS, stop_signals_handled_by
from .runner import ChunkResult, SimJob, play_chunk, warm_up

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

Chunk = tuple[int, int]
BACKENDS = ("local", "inprocess", "process", "ray")


def cpu_count() -> int:
    """The cores this process may use (all of them by default)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def plan_chunks(games: int, workers: int, chunk_size: int | None = None) -> list[Chunk]:
    """Split games ``0 .. games-1`` into ``(start, stop)`` chunks.

    By default the chunks shrink as the games run out (each about an eighth of a worker's share of the
    games still to go, 1 to 64 games), so the per-task overhead is paid rarely at first and the workers
    finish together at the end instead of one idling while another plays a last big chunk.
    """
    if chunk_size is not None:
        if chunk_size < 1:
            raise ValueError("chunk_size must be at least 1")
        return [(a, min(a + chunk_size, games)) for a in range(0, games, chunk_size)]
    chunks = []
    start = 0
    while start < games:
        size = max(1, min(64, math.ceil((games - start) / (max(1, workers) * 8))))
        chunks.append((start, min(start + size, games)))
        start += size
    return chunks


class Backend(Protocol):
    name: str
    workers: int

    def start(self, job: SimJob | None = None) -> None: ...

    def run(self, job: SimJob, chunks: list[Chunk]) -> Iterator[ChunkResult]: ...

    def close(self) -> None: ...


class InProcess:
    """Every chunk in this process, in order."""

    name = "inprocess"

    def __init__(self) -> None:
        self.workers = 1

    def start(self, job: SimJob | None = None) -> None:
        if job is not None:
            warm_up(job)

    def run(self, job: SimJob, chunks: list[Chunk]) -> Iterator[ChunkResult]:
        for start, stop in chunks:
            yield play_chunk(job, start, stop)

    def close(self) -> None:
        pass


# The signals that stop a run (``STOP_SIGNALS``: Ctrl-C, ``kill``, a closed terminal): the parent handles them
# and stops the workers, which ignore them from birth (a terminal's hang-up or a ``kill`` of the process group
# reaches them too, and a worker killed mid-chunk would break the pool before the parent could report).
def _stop_signals_ignored() -> Any:
    return stop_signals_handled_by(signal.SIG_IGN)


@contextmanager
def stop_signals_held() -> Iterator[None]:
    """Within: a stop signal waits for the end of the block, where it is raised again and its own handler
    runs (Ctrl-C's KeyboardInterrupt). The caller's updates that must agree happen all or not at all: a
    chunk counted in the totals is also among the games kept (and so written out)."""
    held: list[int] = []
    with stop_signals_handled_by(lambda signum, frame: held.append(signum)):
        yield
    if held:
        signal.raise_signal(held[0])  # (the first only: one stop is enough, a second would cut the clean-up)


def _ready() -> int:
    """A task that says which worker ran it (once a worker runs tasks, its start-up is over). It lasts
    a moment, so that a worker that is up cannot take every ping before the others are."""
    time.sleep(0.005)
    return os.getpid()


@contextmanager
def _engine_only_main():
    """Processes spawned in here do not re-run the parent's ``__main__`` (multiprocessing's spawn
    would import it again in each worker: for the ``openmonopoly`` command, the whole CLI)."""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def _in_flight(workers: int) -> int:
    """Chunks handed out at once: enough to keep every worker busy, few enough to stop quickly."""
    return max(2, 3 * workers)


def _worker_init(job: SimJob | None = None) -> None:
    """Pool workers leave Ctrl-C, SIGTERM and SIGHUP to the parent, which cancels the run and stops them, exit by
    themselves if the parent dies without stopping them (killed), and are ready to play when the
    parent's start-up is over."""
    import threading

    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    if job is not None:
        warm_up(job)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class ProcessPool:
    """A local pool of ``workers`` spawned processes (spawn: safe with threads, same on every OS)."""

    name = "process"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or cpu_count()
        self._pool: ProcessPoolExecutor | None = None
        self._pending: set = set()

    def start(self, job: SimJob | None = None) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, wait

        with _stop_signals_ignored():
            # multiprocessing's resource tracker (started for the pool's queues) is a child process too: it
            # ignores SIGINT and SIGTERM by itself, SIGHUP (a closed terminal) only if born ignoring it.
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()
        pool = self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_init,
            initargs=(job,),
        )
        # The first submits spawn the workers (one each while none is idle). They start with the stop
        # signals ignored (the parent handles them and stops them), so that a Ctrl-C while they import
        # cannot print their tracebacks.
        with _stop_signals_ignored(), _engine_only_main():
            pings = [pool.submit(_ready) for _ in range(self.workers)]
        # Ready when every worker has answered a ping (each has imported the engine and warmed up).
        self._pending = set(pings)
        seen: set[int] = set()
        deadline = time.monotonic() + 120
        while True:
            wait(self._pending)
            seen |= {f.result() for f in self._pending}
            self._pending = set()
            if len(seen) >= self.workers or time.monotonic() > deadline:
                break
            self._pending = {pool.submit(_ready) for _ in range(self.workers)}

    def run(self, job: SimJob, chunks: list[Chunk]) -> Iterator[ChunkResult]:
        from concurrent.futures import FIRST_COMPLETED, wait

        assert self._pool is not None, "start() first"
        todo = iter(chunks)
        for a, b in islice(todo, _in_flight(self.workers)):
            self._pending.add(self._pool.submit(play_chunk, job, a, b))
        while self._pending:
            done, _ = wait(self._pending, return_when=FIRST_COMPLETED)
            future = done.pop()  # one at a time: the rest stay pending for close()
            self._pending.discard(future)
            result = future.result()
            for a, b in islice(todo, 1):
                self._pending.add(self._pool.submit(play_chunk, job, a, b))
            yield result

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        for future in self._pending:
            future.cancel()
        busy = any(not f.done() for f in self._pending)
        self._pending = set()
        if busy:
            # Interrupted: stop the workers now instead of letting their current chunks run on.
            # (ProcessPoolExecutor has no public terminate before Python 3.14.)
            processes = list((getattr(pool, "_processes", None) or {}).values())
            manager = getattr(pool, "_executor_manager_thread", None)
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in processes:
                if proc.is_alive():
                    proc.kill()  # (SIGKILL: they ignore SIGTERM, and hold nothing worth a clean exit)
            for proc in processes:
                proc.join(timeout=5)
            # The pool's manager thread sees its workers gone and closes its wake-up pipe. Until it has,
            # the interpreter's exit hook may write to that pipe as it closes (Python < 3.12 takes no
            # lock there) and print an OSError traceback after a clean Ctrl-C.
            if manager is not None:
                manager.join(timeout=10)
        else:
            pool.shutdown(wait=True, cancel_futures=True)


_remote_chunk = None


def _ray_chunk():
    global _remote_chunk
    if _remote_chunk is None:
        import ray

        _remote_chunk = ray.remote(play_chunk)
    return _remote_chunk


class Ray:
    """One Ray task per chunk: on the cluster at ``address``, else on a local Ray started here
    with ``workers`` CPUs (default all cores). A Ray already initialised in this process is
    used as it is and left running."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray  # noqa: F401
        except ImportError as exc:
            from ..extras import needs_extra

            raise ImportError(needs_extra("the ray backend", "ray", exc)) from None
        self.address = address
        self._requested = workers
        self.workers = workers or cpu_count()
        self._started = False
        self._pending: list = []

    def start(self, job: SimJob | None = None) -> None:
        import ray

        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if self.address:
                ray.init(address=self.address, **kwargs)
            else:
                ray.init(num_cpus=self.workers, **kwargs)
            self._started = True
        if self._requested is None or self.address:
            cpus = int(ray.cluster_resources().get("CPU", 0))
            if self._requested is None and cpus:
                self.workers = cpus

    def run(self, job: SimJob, chunks: list[Chunk]) -> Iterator[ChunkResult]:
        import ray

        remote = _ray_chunk()
        job_ref = ray.put(job)
        todo = iter(chunks)
        self._pending = [remote.remote(job_ref, a, b) for a, b in islice(todo, _in_flight(self.workers))]
        while self._pending:
            done, self._pending = ray.wait(self._pending, num_returns=1)
            for ref in done:
                result = ray.get(ref)
                self._pending += [remote.remote(job_ref, a, b) for a, b in islice(todo, 1)]
                yield result

    def close(self) -> None:
        import ray

        pending, self._pending = self._pending, []
        for ref in pending:
            try:
                ray.cancel(ref, force=True)
            except Exception:  # noqa: BLE001 - already finished or gone: nothing left to stop
                pass
        if self._started:
            self._started = False
            ray.shutdown()


def make_backend(
    backend: Any = None, workers: int | None = None, address: str | None = None, games: int | None = None
) -> Backend:
    """A backend by name (see ``BACKENDS``) or the given object; ``local`` is in-process for one worker,
    else a process pool. ``games``: how many games it will play, so that ``local`` by default starts no
    more workers than there are games (one game plays here, without a pool to start)."""
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1; got {workers}")
    if backend is not None and not isinstance(backend, str):
        return backend
    name = (backend or "local").lower()
    if address and name != "ray":
        raise ValueError("an address is for the ray backend only")
    if name == "local":
        n = workers or min(cpu_count(), max(1, games if games is not None else cpu_count()))
        return InProcess() if n == 1 else ProcessPool(n)
    if name == "inprocess":
        if workers not in (None, 1):
            raise ValueError("the inprocess backend has exactly one worker")
        return InProcess()
    if name == "process":
        return ProcessPool(workers)
    if name == "ray":
        return Ray(workers, address)
    raise ValueError(f"unknown backend {backend!r}; allowed: {', '.join(BACKENDS)}")
