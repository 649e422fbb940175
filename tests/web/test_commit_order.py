"""Durability and fairness of the web server's commit path: SQLite's journal settings, no broadcast before
its commit (bots and people), the bot scheduler's slices and its turns between games."""

from __future__ import annotations

import asyncio
import sqlite3

import orjson
import pytest

from openmonopoly.web import protocol as P
from openmonopoly.web.config import ServerConfig
from openmonopoly.web.db import MoveCommit, StaleVersion, Store, StoredGame
from openmonopoly.web.sessions import BOT_SLICE_MOVES, Conn, Registry


def test_sqlite_runs_in_wal_mode_with_synchronous_normal(tmp_path):
    """WAL with synchronous=NORMAL: a commit is in the log before COMMIT returns, so it survives the
    server process dying (kill -9); only the operating system's crash can take the last ones."""
    store = Store(f"sqlite:///{tmp_path / 'wal.db'}")
    with store.engine.connect() as con:
        assert con.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert con.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    store.dispose()


class Watcher(Conn):
    """A connection that, for every update it is handed, asks the database file (through a connection of
    its own, which sees only committed transactions) whether that version is stored yet."""

    def __init__(self, db: str, game_id: str, seen: list) -> None:
        super().__init__(None, None, "test")
        self.db = sqlite3.connect(db)
        self.game_id = game_id
        self.seen = seen

    def send_text(self, text: str | None) -> None:
        if text is None:
            return
        msg = orjson.loads(text)
        if msg.get("type") == "update":
            (stored,) = self.db.execute("SELECT version FROM games WHERE id = ?", (self.game_id,)).fetchone()
            self.seen.append((self.game_id, msg["version"], stored))


def run(coro):  # noqa: ANN001, ANN201
    return asyncio.new_event_loop().run_until_complete(coro)


async def play_until_over(registry: Registry, games: list, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    ends = loop.time() + timeout
    while not all(live.game.over for live in games):
        assert loop.time() < ends, "the bots did not finish their games"
        await asyncio.sleep(0.01)
    await registry.close()


def test_bot_actions_are_committed_before_broadcast_in_bounded_fair_slices(tmp_path):
    db = tmp_path / "bots.db"
    store = Store(f"sqlite:///{db}")
    batches: list[list[str]] = []
    real = store.commit_moves

    def spy(moves):  # noqa: ANN001, ANN202
        batches.append([m.game_id for m in moves])
        return real(moves)

    store.commit_moves = spy  # type: ignore[method-assign]
    seen: list = []

    async def scenario() -> list:
        registry = Registry(store, ServerConfig(bot_delay=0))
        games = []
        for _ in range(3 * BOT_SLICE_MOVES):  # more games than one slice takes
            spec = P.CreateGame(seats=[P.SeatSpec(kind="heuristic")] * 4, options={"max-rounds": 4})
            live, _, _ = await registry.create(spec)
            live.conns.add(Watcher(str(db), live.id, seen))  # a game of bots plays while watched
            games.append(live)
        for live in games:
            registry.kick(live)
        await play_until_over(registry, games)
        return games

    games = run(scenario())
    versions = {live.id: live.version for live in games}
    store.dispose()
    # Every update was stored when it was handed to the connection, and every stored action was sent.
    assert seen and all(stored >= version for _, version, stored in seen), [s for s in seen if s[2] < s[1]][:3]
    assert len(seen) == sum(versions.values())
    # A slice commits at most BOT_SLICE_MOVES actions, at most one per game, in one transaction.
    assert max(len(b) for b in batches) <= BOT_SLICE_MOVES
    assert all(len(set(b)) == len(b) for b in batches)
    # Round robin: before any game makes its second move, every game has made its first.
    first_seen: dict[str, int] = {}
    order = [gid for b in batches for gid in b]
    for i, gid in enumerate(order):
        first_seen.setdefault(gid, i)
    second = min(i for i, gid in enumerate(order) if order.index(gid) != i)
    assert len(first_seen) == len(games) and max(first_seen.values()) < second


def test_a_person_s_action_is_committed_before_anyone_hears_of_it(tmp_path):
    db = tmp_path / "human.db"
    store = Store(f"sqlite:///{db}")
    seen: list = []
    mine: list = []  # the version after each of the person's actions

    async def scenario() -> None:
        registry = Registry(store, ServerConfig(bot_delay=0))
        spec = P.CreateGame(seats=[P.SeatSpec(), P.SeatSpec(kind="heuristic")], options={"max-rounds": 8})
        live, _, invite = await registry.create(spec)
        token = await registry.join(live, 0, "Ann", invite)
        me = Watcher(str(db), live.id, seen)
        me.seat = 0
        live.conns.add(me)
        registry.kick(live)
        loop = asyncio.get_running_loop()
        ends = loop.time() + 60
        while not live.game.over:
            assert loop.time() < ends
            p = live.game.prompt
            if p is not None and p.player == 0 and not live.lock.locked():
                legal = live.game.legal_actions(0)
                # (an action that moves the game on; in debt, the only legal ones may be any-time kinds such
                # as a mortgage, which the server's fair dice make a matter of luck)
                moves_on = (a for a in legal.actions if a.kind not in live.game.ACTION_KINDS.anytime)
                action = next(moves_on, legal.first())
                err = await registry.human_act(
                    live, me, P.Act(type="act", seat=0, token=token, version=live.version, action=str(action))
                )
                assert err is None, err
                mine.append(live.version)
            await asyncio.sleep(0)
        await registry.close()

    run(scenario())
    store.dispose()
    assert len(mine) >= 5 and {v for _, v, _ in seen} >= set(mine)
    assert all(stored >= version for _, version, stored in seen)


@pytest.mark.parametrize("fail_at", [3])
def test_a_failed_bot_commit_reloads_the_game_and_play_goes_on(tmp_path, fail_at):
    store = Store(f"sqlite:///{tmp_path / 'fail.db'}")
    real = store.commit_moves
    calls = {"n": 0}

    def flaky(moves):  # noqa: ANN001, ANN202
        calls["n"] += 1
        if calls["n"] == fail_at:
            return [OSError("disk full")] * len(moves)
        return real(moves)

    store.commit_moves = flaky  # type: ignore[method-assign]

    async def scenario() -> tuple[int, int]:
        registry = Registry(store, ServerConfig(bot_delay=0))
        spec = P.CreateGame(seats=[P.SeatSpec(kind="heuristic")] * 2, options={"max-rounds": 3})
        live, _, _ = await registry.create(spec)
        live.conns.add(Conn(None, None, "test"))
        registry.kick(live)
        await play_until_over(registry, [live])
        return live.version, store.load(live.id).version

    in_memory, stored = run(scenario())
    store.dispose()
    assert calls["n"] > fail_at and in_memory == stored


def check_batches(store: Store) -> None:
    """A stale move is refused alone and the rest of its batch is stored; the move rows and the game rows
    read back as written (shared with the PostgreSQL tests: each database has its own batch statements)."""
    for gid in ("a", "b"):
        store.create_game(
            StoredGame(
                gid, "classic", {}, ["Ann", "Ben"], ["human"] * 2, [None] * 2, 0, [1], None, 0, "open", [], "", 0.0
            )
        )
    good = MoveCommit("a", 0, 1, {"kind": "roll"}, [3, 4], "running", [], "")
    stale = MoveCommit("b", 5, 0, {"kind": "roll"}, [2], "running", [], "")
    results = store.commit_moves([good, stale])
    assert results[0] is None and isinstance(results[1], StaleVersion)
    a, b = store.load("a"), store.load("b")
    assert (a.version, a.moves, a.status) == (1, [(1, {"kind": "roll"}, [3, 4])], "running")
    assert (b.version, b.moves, b.status) == (0, [], "open")  # nothing of the stale move was written
    both = [
        MoveCommit("a", 1, 0, {"kind": "end"}, [], "over", [0], "bankruptcy"),
        MoveCommit("b", 0, 1, {"kind": "buy"}, [6, 1], "running", [], ""),
    ]
    assert store.commit_moves(both) == [None, None]
    a, b = store.load("a"), store.load("b")
    assert (a.version, a.winners, a.end_reason, a.status, a.record()["chance"]) == (
        2,
        [0],
        "bankruptcy",
        "over",
        [1, 3, 4],
    )
    assert (b.version, b.moves) == (1, [(1, {"kind": "buy"}, [6, 1])])


def test_a_stale_move_is_refused_alone_and_the_rest_of_its_batch_is_stored(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'stale.db'}")
    check_batches(store)
    with sqlite3.connect(tmp_path / "stale.db") as raw:  # JSON columns hold JSON text, as SQLAlchemy writes it
        assert raw.execute("SELECT DISTINCT typeof(action), typeof(chance) FROM moves").fetchall() == [("text", "text")]
    store.dispose()


def test_a_threaded_store_is_written_one_transaction_at_a_time_with_what_came_meanwhile():
    """PostgreSQL's path: a batch goes to the writer thread; actions that arrive while it is being
    written wait and go together in the next one, and each hears of its own commit."""
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    from openmonopoly.web.sessions import Committer

    class SlowStore:
        writes_inline = False

        def __init__(self) -> None:
            self.batches: list[list[int]] = []
            self.writing = threading.Lock()

        def commit_moves(self, moves):  # noqa: ANN001, ANN202
            assert self.writing.acquire(blocking=False), "two transactions at once"
            time.sleep(0.02)  # (a server's fsync)
            self.batches.append([m.seq for m in moves])
            self.writing.release()
            return [None] * len(moves)

    store = SlowStore()
    heard: list[int] = []

    async def scenario() -> None:
        committer = Committer(store, ThreadPoolExecutor(max_workers=2))  # (two threads: the test's own guard)

        async def one(seq: int) -> None:
            await committer.commit(MoveCommit("g", seq, 0, {}, [], "running", [], ""), lambda: heard.append(seq))

        first = asyncio.ensure_future(one(0))
        await asyncio.sleep(0.005)  # the first write is under way
        await asyncio.gather(first, *(one(i) for i in range(1, 6)))
        await committer.drain()

    run(scenario())
    assert store.batches == [[0], [1, 2, 3, 4, 5]] and sorted(heard) == list(range(6))


def test_bots_wait_the_bot_delay_before_each_action(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'delay.db'}")
    delay = 0.03

    async def scenario() -> tuple[int, float]:
        registry = Registry(store, ServerConfig(bot_delay=delay))
        # (the server deals its own random seed: four rounds are at least eight rolls, whatever the dice)
        spec = P.CreateGame(seats=[P.SeatSpec(kind="heuristic")] * 2, options={"max-rounds": 4})
        live, _, _ = await registry.create(spec)
        live.conns.add(Conn(None, None, "test"))
        loop = asyncio.get_running_loop()
        start = loop.time()
        registry.kick(live)
        await play_until_over(registry, [live])
        return live.version, loop.time() - start

    actions, elapsed = run(scenario())
    store.dispose()
    assert actions >= 8 and elapsed >= 0.9 * delay * actions


def test_an_event_loop_store_writes_several_batches_at_once_and_drain_waits_for_them():
    """PostgreSQL's path (Committer with a store that commits on the loop): up to ``writes_at_once``
    batches are under way at once, what arrives while all are busy goes together in the next, each
    action hears of its own commit, and drain returns only when every batch is answered."""
    from concurrent.futures import ThreadPoolExecutor

    from openmonopoly.web.sessions import PG_WRITES_AT_ONCE, Committer

    class LoopStore:
        writes_inline = False
        writes_async = True

        def __init__(self) -> None:
            self.under_way = 0
            self.most = 0
            self.batches: list[list[int]] = []

        def async_committer(self, connections: int) -> LoopStore:
            assert connections == PG_WRITES_AT_ONCE
            return self

        def commit(self, batch, done) -> None:  # noqa: ANN001
            self.under_way += 1
            self.most = max(self.most, self.under_way)
            self.batches.append([m.seq for m in batch])

            def answer() -> None:
                self.under_way -= 1
                done([None] * len(batch))

            asyncio.get_running_loop().call_later(0.02, answer)  # (a server's fsync)

        async def close(self) -> None:
            pass

    store = LoopStore()
    heard: list[int] = []
    n = PG_WRITES_AT_ONCE + 5

    async def scenario() -> None:
        committer = Committer(store, ThreadPoolExecutor(max_workers=1))  # type: ignore[arg-type]
        for seq in range(n):
            committer.add(MoveCommit("g", seq, 0, {}, [], "running", [], ""), lambda e, s=seq: heard.append(s))
            committer.flush()
        assert store.under_way == PG_WRITES_AT_ONCE and len(committer.pending) == n - PG_WRITES_AT_ONCE
        await committer.close()
        assert not committer.in_flight and not committer.pending

    run(scenario())
    assert store.most == PG_WRITES_AT_ONCE
    assert store.batches == [[i] for i in range(PG_WRITES_AT_ONCE)] + [list(range(PG_WRITES_AT_ONCE, n))]
    assert sorted(heard) == list(range(n))
