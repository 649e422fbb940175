"""SQL store for web games: SQLite in a file by default, PostgreSQL by URL (SQLAlchemy underneath).

A game is stored as its record: the row in ``games`` (edition, options, names, seed, the chance outcomes
used while setting up, seat kinds, token hashes, version) plus one row per action in ``moves`` with the
chance outcomes that action used. Replaying that record rebuilds the game after a restart.
The generator needs no saving per action: every chance outcome uses exactly one draw, so replaying the
outcomes leaves the generator where the game left it. A game the server deals (``KeyedChance``) keeps
its secret key in ``chance_key``, which no client ever receives.

Every action is committed (move row + game row) before anyone hears of it. ``commit_moves`` writes the
actions of many games that arrive together in one transaction (group commit), through SQLAlchemy Core;
SQLite runs in WAL mode with ``synchronous=NORMAL`` (a commit survives a crash of the server process;
an operating-system crash may lose the last ones). On PostgreSQL the server commits from its event loop
through ``PgCommitter`` (its own connections, one statement per batch); reads and seat changes use a
small SQLAlchemy pool.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

SCHEMA_VERSION = 6  # 2: games.chance_key; 3: hosts, invites, stand-in bots, turn timer; 4: creators, imports;
# 5: the chat table (created, nothing altered); 6: games.bot_token_hashes (remote bots' tokens), the
# spectators' channel switch, seats per guest

# Columns added by schema 3, with what a game stored before gets: it was public, anyone could watch it.
SCHEMA_3_COLUMNS = {
    "host_hash": "VARCHAR(64)",
    "invite_hash": "VARCHAR(64)",
    "listed": "BOOLEAN DEFAULT TRUE",
    "spectators": "BOOLEAN DEFAULT TRUE",
    "turn_timer": "INTEGER",
    "stand_in": "JSON",
}
# Columns added by schema 4; a game stored before has no known creator and was not redrawn on import.
SCHEMA_4_COLUMNS = {
    "creator": "VARCHAR(64)",
    "imported": "INTEGER",
    "redraw_chance": "JSON",
}
# Columns added by schema 6; a game stored before has the spectators' channel closed (the host opens it)
# and no limit on the seats one guest takes (as before).
SCHEMA_6_COLUMNS = {
    "bot_token_hashes": "JSON",
    "spectator_chat": "BOOLEAN DEFAULT FALSE",
    "seat_limit": "INTEGER",
    "seat_clients": "JSON",
}


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    edition: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict] = mapped_column(JSON)
    names: Mapped[list] = mapped_column(JSON)
    kinds: Mapped[list] = mapped_column(JSON)  # per seat: "human" or a bot kind
    token_hashes: Mapped[list] = mapped_column(JSON)  # per seat: sha256 hex of the seat token, or null
    seed: Mapped[int] = mapped_column(Integer)
    setup_chance: Mapped[list] = mapped_column(JSON)  # chance outcomes used before the first action
    rng: Mapped[Any] = mapped_column(JSON, nullable=True)  # schema 1 only: a Mersenne Twister's state
    chance_key: Mapped[str | None] = mapped_column(String(128), nullable=True)  # KeyedChance key (hex): secret
    version: Mapped[int] = mapped_column(Integer, default=0)  # number of committed actions
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | running | over
    winners: Mapped[list] = mapped_column(JSON, default=list)
    end_reason: Mapped[str] = mapped_column(String(64), default="")
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of the host's token
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of the invite code
    listed: Mapped[bool] = mapped_column(Boolean, default=True)  # public: in the lobby, open to anyone
    spectators: Mapped[bool] = mapped_column(Boolean, default=True)  # people without a seat may watch
    turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds, or no timer
    stand_in: Mapped[Any] = mapped_column(JSON, nullable=True)  # per seat: the bot playing a human seat, or null
    # Who created it, for per-client quotas: a keyed hash of the client's address block (never the address).
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # An imported record: how many of its actions came with it; after them the server redrew what nobody
    # had seen, drawing ``redraw_chance`` (see web/records.py).
    imported: Mapped[int | None] = mapped_column(Integer, nullable=True)
    redraw_chance: Mapped[Any] = mapped_column(JSON, nullable=True)
    # Per seat: sha256 hex of the bot token the host handed out for a remote bot's seat, or null (schema 6).
    bot_token_hashes: Mapped[Any] = mapped_column(JSON, nullable=True)
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)  # spectators talk in their channel
    seat_limit: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seats one guest may take, or any
    # Per seat: who took it in a public game (a keyed hash of the address block, as ``creator``), or null.
    seat_clients: Mapped[Any] = mapped_column(JSON, nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    chance: Mapped[list] = mapped_column(JSON)  # the chance outcomes this action used


class ChatRow(Base):
    """A game's table talk, kept with the game (web/chat.py): what was said, reacted, and the host's mutes
    and rematch, in order. (A new table: schema 5 only creates it.)"""

    __tablename__ = "chat"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)  # the game's version when it was said (for the replay)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator, or the host
    channel: Mapped[str] = mapped_column(String(16))  # "table" or "spectators"
    kind: Mapped[str] = mapped_column(String(16))  # "say", "react", "mute", "unmute", "rematch", ...
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class MetaRow(Base):
    __tablename__ = "openmonopoly_meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


def table_of(row: type[Base]) -> Table:
    """The table a row class maps (SQLAlchemy declares ``__table__`` a mere ``FromClause``)."""
    table = row.__table__
    assert isinstance(table, Table), table
    return table


@dataclass
class StoredGame:
    id: str
    edition: str
    options: dict
    names: list
    kinds: list
    token_hashes: list
    seed: int
    setup_chance: list
    rng: Any  # schema 1 games only; None since
    version: int
    status: str
    winners: list
    end_reason: str
    created: float
    moves: list = field(default_factory=list)  # [(player, action_json, chance_list)]
    chance_key: str | None = None  # None: a seeded game (Chance(seed)) or one from schema 1
    host_hash: str | None = None
    invite_hash: str | None = None
    listed: bool = True
    spectators: bool = True
    turn_timer: int | None = None
    stand_in: list | None = None
    creator: str | None = None
    imported: int | None = None  # an imported record's actions (then the redraw), or None
    redraw_chance: list | None = None
    bot_token_hashes: list | None = None  # per seat: the remote bot's token hash, or None
    spectator_chat: bool = False
    seat_limit: int | None = None
    seat_clients: list | None = None

    def record(self) -> dict:
        """The game's record; an imported game's also says after which action (``redrawn_after``) the server
        redrew what nobody had seen, its outcomes in ``chance`` at that place."""
        chance = list(self.setup_chance)
        for seq, (_, _, used) in enumerate(self.moves):
            if seq == self.imported:
                chance.extend(self.redraw_chance or [])
            chance.extend(used)
        if self.imported is not None and self.imported == len(self.moves):
            chance.extend(self.redraw_chance or [])
        record = {
            "format": 1,
            "edition": self.edition,
            "options": self.options,
            "players": self.names,
            "seed": self.seed,
            "actions": [[p, a] for p, a, _ in self.moves],
            "chance": chance,
        }
        if self.imported is not None:
            record["redrawn_after"] = self.imported
        return record


@dataclass
class MoveCommit:
    """One action to commit: the move row and what it changes in the game's row."""

    game_id: str
    seq: int  # the game's version before the action
    player: int
    action: Any
    chance: list
    status: str
    winners: list
    end_reason: str


class StaleVersion(RuntimeError):
    """The stored game is not at the version the action was applied to (nothing was written)."""


def jtext(value: Any) -> str:
    """A JSON column's text, as SQLAlchemy's JSON type would store it and reads it back."""
    return orjson.dumps(value).decode()


# PostgreSQL: a batch of actions in one statement, whatever its size (so psycopg prepares it once). Each
# game's row advances only if it is at the version its action was applied to, and its move row goes in
# only with that update: a stale move changes nothing, the others are stored. The statement returns the
# (game, seq) of every move stored. Its arrays: game ids, seqs, players, then the JSON texts of action
# and chance, status, the JSON text of winners, end reason; then the time of the update.
PG_COMMIT_MOVES = (
    "WITH v AS (SELECT * FROM unnest(%s::text[], %s::integer[], %s::integer[], %s::text[], %s::text[], "
    "%s::text[], %s::text[], %s::text[]) AS v(gid, seq, player, action, chance, status, winners, end_reason)), "
    "advanced AS (UPDATE games AS g SET version = v.seq + 1, status = v.status, winners = v.winners::json, "
    "end_reason = v.end_reason, updated = %s FROM v WHERE g.id = v.gid AND g.version = v.seq "
    "RETURNING g.id, g.version - 1 AS seq), "
    "added AS (INSERT INTO moves (game_id, seq, player, action, chance) "
    "SELECT v.gid, v.seq, v.player, v.action::json, v.chance::json FROM v "
    "JOIN advanced AS a ON a.id = v.gid AND a.seq = v.seq RETURNING game_id, seq) "
    "SELECT game_id, seq FROM added"
)


def pg_move_params(batch: list[MoveCommit]) -> list[Any]:
    return [
        [m.game_id for m in batch],
        [m.seq for m in batch],
        [m.player for m in batch],
        [jtext(m.action) for m in batch],
        [jtext(m.chance) for m in batch],
        [m.status for m in batch],
        [jtext(m.winners) for m in batch],
        [m.end_reason for m in batch],
        time.time(),
    ]


class PgCommitter:
    """PostgreSQL commits made on the event loop itself, through libpq's non-blocking calls: a batch's
    statement is sent and the loop goes on; when the socket has the whole answer, the reader callback
    hands every action its result in that same turn of the loop (so the broadcasts leave at once). A
    writer thread did the same work but had to win the interpreter lock back from the busy loop after
    each of several round trips a batch (p50 latency near 80 ms with 200 games); psycopg's asynchronous
    cursor would add two more turns of the loop (its wake-up, then the caller's).

    Connections (opened by psycopg's asynchronous API, then driven through ``pgconn``) are in autocommit
    mode and each batch is one statement (``PG_COMMIT_MOVES``): its own transaction, committed with the
    server's ``synchronous_commit`` before the server says it is ready again, which is what a batch
    waits for. Up to ``connections`` batches are under way at once, each on its own connection; they
    never share a game (a game's next action waits for its commit). A batch that fails closes its
    connection if the connection broke, and a later batch opens a new one."""

    QUERY = PG_COMMIT_MOVES.replace("%s", "$%d") % tuple(range(1, 10))

    def __init__(self, dsn: str, connections: int = 4) -> None:
        self.dsn = dsn
        self.connections = connections
        self.idle: list[Any] = []  # psycopg.AsyncConnection, each ready for a statement
        self._opening: set[asyncio.Task] = set()  # (tasks opening a connection: referenced until done)

    def commit(self, batch: list[MoveCommit], done: Callable[[list[Exception | None]], None]) -> None:
        """Write ``batch``; ``done`` hears each action's result (None: stored) from a later callback of
        the running loop, never from within this call. The caller keeps at most ``connections`` under
        way."""
        loop = asyncio.get_running_loop()
        if self.idle:
            self._send(loop, self.idle.pop(), batch, done)
            return

        async def connect_then_send() -> None:
            import psycopg

            try:
                conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                conn.pgconn.nonblocking = 1
            except Exception as exc:  # noqa: BLE001 - the batch fails; the next one tries again
                done([exc] * len(batch))
                return
            self._send(loop, conn, batch, done)

        task = loop.create_task(connect_then_send())
        self._opening.add(task)
        task.add_done_callback(self._opening.discard)

    def _send(self, loop: asyncio.AbstractEventLoop, conn: Any, batch: list[MoveCommit], done: Callable) -> None:
        import psycopg
        from psycopg import pq
        from psycopg.adapt import PyFormat, Transformer

        pg = conn.pgconn
        fd = pg.socket
        results: list[Any] = []

        def fail(exc: Exception) -> None:
            loop.remove_reader(fd)
            loop.remove_writer(fd)
            if pg.status == pq.ConnStatus.OK and pg.transaction_status == pq.TransactionStatus.IDLE:
                self.idle.append(conn)
            else:
                loop.create_task(conn.close())
            done([exc] * len(batch))

        def writable() -> None:
            try:
                if pg.flush() == 0:
                    loop.remove_writer(fd)
            except psycopg.Error as exc:
                fail(exc)

        def readable() -> None:
            try:
                pg.consume_input()
                while not pg.is_busy():
                    res = pg.get_result()
                    if res is None:  # the server is ready again: the statement's transaction is over
                        break
                    results.append(res)
                else:
                    return  # (more of the answer to come)
            except psycopg.Error as exc:
                fail(exc)
                return
            loop.remove_reader(fd)
            loop.remove_writer(fd)
            self.idle.append(conn)
            bad = next((r for r in results if r.status != pq.ExecStatus.TUPLES_OK), None)
            if bad is not None or not results:
                why = bad.error_message.decode(errors="replace").strip() if bad is not None else "no answer"
                done([psycopg.DatabaseError(f"the batch was not stored: {why}")] * len(batch))
                return
            rows = results[-1]
            stored = {(rows.get_value(i, 0).decode(), int(rows.get_value(i, 1))) for i in range(rows.ntuples)}
            done(
                [
                    None
                    if (m.game_id, m.seq) in stored
                    else StaleVersion(f"game {m.game_id} was not at version {m.seq}, which its action was applied to")
                    for m in batch
                ]
            )

        try:
            params = pg_move_params(batch)
            values = Transformer(conn).dump_sequence(params, [PyFormat.TEXT] * len(params))
            pg.send_query_params(self.QUERY.encode(), values)
            loop.add_reader(fd, readable)
            if pg.flush() == 1:  # (a large batch: the rest goes when the socket takes it)
                loop.add_writer(fd, writable)
        except Exception as exc:  # noqa: BLE001
            loop.call_soon(fail, exc)

    async def close(self) -> None:
        while self.idle:
            await self.idle.pop().close()


def normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3; a bare path means an SQLite file."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return "sqlite:///" + url
    return url


class Store:
    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        kwargs: dict[str, Any] = {"future": True}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:  # one writer thread plus the readers: a small pool, checked before use
            kwargs.update(pool_pre_ping=True, pool_size=4, max_overflow=4)
        self.engine = create_engine(self.url, **kwargs)
        self.writes_inline = self.url.startswith("sqlite")  # see sessions.Committer
        self.writes_async = self.url.startswith("postgresql+psycopg")  # see PgCommitter
        if self.url.startswith("sqlite"):

            @event.listens_for(self.engine, "connect")
            def _pragmas(conn, _record):  # noqa: ANN001
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

        self.migrate()
        games = table_of(GameRow)
        self._insert_move = insert(table_of(MoveRow))
        self._advance_game = (
            update(games)
            .where(games.c.id == bindparam("gid"), games.c.version == bindparam("seq"))
            .values(
                version=bindparam("next"),
                status=bindparam("status"),
                winners=bindparam("winners", type_=JSON),
                end_reason=bindparam("end_reason"),
                updated=bindparam("now"),
            )
        )

    # ------------------------------------------------------------------ schema
    def migrate(self) -> None:
        """Create the schema, or bring an older one up to date."""
        Base.metadata.create_all(self.engine)
        with Session(self.engine) as db, db.begin():
            row = db.get(MetaRow, "schema_version")
            current = int(row.value) if row else 0
            columns = {c["name"] for c in inspect(db.connection()).get_columns("games")}
            if current < 2 and "chance_key" not in columns:
                db.execute(text("ALTER TABLE games ADD COLUMN chance_key VARCHAR(128)"))
            for name, sql_type in SCHEMA_3_COLUMNS.items():
                if current < 3 and name not in columns:
                    db.execute(text(f"ALTER TABLE games ADD COLUMN {name} {sql_type}"))
            for name, sql_type in SCHEMA_4_COLUMNS.items():
                if current < 4 and name not in columns:
                    db.execute(text(f"ALTER TABLE games ADD COLUMN {name} {sql_type}"))
            for name, sql_type in SCHEMA_6_COLUMNS.items():
                if current < 6 and name not in columns:
                    db.execute(text(f"ALTER TABLE games ADD COLUMN {name} {sql_type}"))
            if current < 4:
                db.execute(text("CREATE INDEX IF NOT EXISTS ix_games_creator ON games (creator)"))
            if db.get(MetaRow, "address_salt") is None:  # (the key of the creators' hashes: random per database)
                db.add(MetaRow(key="address_salt", value=secrets.token_hex(32)))
            if row is None:
                db.add(MetaRow(key="schema_version", value=str(SCHEMA_VERSION)))
            elif current < SCHEMA_VERSION:
                row.value = str(SCHEMA_VERSION)

    def schema_version(self) -> int:
        with Session(self.engine) as db:
            row = db.get(MetaRow, "schema_version")
            return int(row.value) if row else 0

    def tables(self) -> list[str]:
        return sorted(inspect(self.engine).get_table_names())

    # ------------------------------------------------------------------ games
    def create_game(self, g: StoredGame) -> None:
        # (SQLAlchemy Core, not the ORM: creating games is on the event loop under load, and the ORM's unit
        # of work cost five times the statements themselves)
        now = time.time()
        with self.engine.begin() as con:
            con.execute(
                insert(table_of(GameRow)).values(
                    id=g.id,
                    edition=g.edition,
                    options=g.options,
                    names=g.names,
                    kinds=g.kinds,
                    token_hashes=g.token_hashes,
                    seed=g.seed,
                    setup_chance=g.setup_chance,
                    rng=g.rng,
                    chance_key=g.chance_key,
                    host_hash=g.host_hash,
                    invite_hash=g.invite_hash,
                    listed=g.listed,
                    spectators=g.spectators,
                    turn_timer=g.turn_timer,
                    stand_in=g.stand_in,
                    creator=g.creator,
                    imported=g.imported,
                    redraw_chance=g.redraw_chance,
                    bot_token_hashes=g.bot_token_hashes,
                    spectator_chat=g.spectator_chat,
                    seat_limit=g.seat_limit,
                    seat_clients=g.seat_clients,
                    version=len(g.moves),
                    status=g.status,
                    winners=g.winners,
                    end_reason=g.end_reason,
                    created=now,
                    updated=now,
                )
            )
            if g.moves:
                con.execute(
                    self._insert_move,
                    [
                        {"game_id": g.id, "seq": seq, "player": p, "action": a, "chance": used}
                        for seq, (p, a, used) in enumerate(g.moves)
                    ],
                )

    def commit_moves(self, batch: list[MoveCommit]) -> list[Exception | None]:
        """Commit actions of several games, one transaction for all (at most one action per game: a game
        waits for its commit before it moves on). Per action: None, or why it was not stored. If the
        whole transaction fails, each action is retried alone, so one bad game does not sink the others."""
        try:
            with self.engine.begin() as con:
                self._write_moves(con, batch)
            return [None] * len(batch)
        except Exception as exc:  # noqa: BLE001
            if len(batch) == 1:
                return [exc]
        results: list[Exception | None] = []
        for move in batch:
            try:
                with self.engine.begin() as con:
                    self._write_moves(con, [move])
                results.append(None)
            except Exception as exc:  # noqa: BLE001
                results.append(exc)
        return results

    def _write_moves(self, con: Any, batch: list[MoveCommit]) -> None:
        if self.writes_inline:
            return self._write_moves_sqlite(con, batch)
        if self.url.startswith("postgresql+psycopg"):
            return self._write_moves_postgres(con, batch)
        # Two statements built once and run once per batch each (executemany): the per-row cost is the
        # driver's, not SQLAlchemy's.
        con.execute(
            self._insert_move,
            [
                {"game_id": m.game_id, "seq": m.seq, "player": m.player, "action": m.action, "chance": m.chance}
                for m in batch
            ],
        )
        now = time.time()
        done = con.execute(
            self._advance_game,
            [
                {
                    "gid": m.game_id,
                    "seq": m.seq,
                    "next": m.seq + 1,
                    "status": m.status,
                    "winners": m.winners,
                    "end_reason": m.end_reason,
                    "now": now,
                }
                for m in batch
            ],
        )
        if done.rowcount != len(batch):
            raise StaleVersion(
                f"{len(batch) - done.rowcount} of {len(batch)} games were not at the version "
                "their action was applied to"
            )

    def _write_moves_sqlite(self, con: Any, batch: list[MoveCommit]) -> None:
        # The same two statements straight to sqlite3 in SQLAlchemy's transaction, the JSON columns
        # encoded by orjson (the text the JSON type reads back): SQLAlchemy's statement execution and
        # its JSON type cost three times what SQLite itself does for these rows, on the event loop.
        cur = con.connection.driver_connection.cursor()
        try:
            cur.executemany(
                "INSERT INTO moves (game_id, seq, player, action, chance) VALUES (?, ?, ?, ?, ?)",
                [(m.game_id, m.seq, m.player, jtext(m.action), jtext(m.chance)) for m in batch],
            )
            now = time.time()
            cur.executemany(
                "UPDATE games SET version = ?, status = ?, winners = ?, end_reason = ?, updated = ? "
                "WHERE id = ? AND version = ?",
                [(m.seq + 1, m.status, jtext(m.winners), m.end_reason, now, m.game_id, m.seq) for m in batch],
            )
            if cur.rowcount != len(batch):
                raise StaleVersion(
                    f"{len(batch) - cur.rowcount} of {len(batch)} games were not at the version "
                    "their action was applied to"
                )
        finally:
            cur.close()

    def _write_moves_postgres(self, con: Any, batch: list[MoveCommit]) -> None:
        cur = con.connection.driver_connection.cursor()
        try:
            cur.execute(PG_COMMIT_MOVES, pg_move_params(batch))
            stored = {(gid, seq) for gid, seq in cur.fetchall()}
        finally:
            cur.close()
        if len(stored) != len(batch):  # (the transaction rolls back: the caller retries each move alone)
            raise StaleVersion(
                f"{len(batch) - len(stored)} of {len(batch)} games were not at the version their action was applied to"
            )

    def async_committer(self, connections: int) -> PgCommitter:
        """PostgreSQL: a committer of batches on the event loop (one per event loop), with up to
        ``connections`` batches under way at once."""
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        return PgCommitter(url, connections)

    def commit_move(self, move: MoveCommit) -> None:
        """One action, committed on its own."""
        error = self.commit_moves([move])[0]
        if error is not None:
            raise error

    def set_chance_key(self, game_id: str, key: str) -> None:
        """Give a schema-1 game a dealt generator (its old generator state is dropped)."""
        with self.engine.begin() as con:
            games = table_of(GameRow)
            con.execute(update(games).where(games.c.id == game_id).values(chance_key=key, rng=None))

    def checkpoint(self) -> None:
        """SQLite: copy the write-ahead log into the database file without blocking anyone (PASSIVE)."""
        with self.engine.connect() as con:
            con.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def ping(self) -> None:
        with self.engine.connect() as con:
            con.execute(text("SELECT 1"))

    def set_token(
        self, game_id: str, seat: int, token_hash: str, name: str | None, status: str, client: str | None = None
    ) -> bool:
        """Claim a seat (``client``: who took it, as ``GameRow.seat_clients`` keeps it); False if it was taken
        meanwhile."""
        games = table_of(GameRow)
        with self.engine.begin() as con:
            row = con.execute(
                select(games.c.token_hashes, games.c.stand_in, games.c.names, games.c.seat_clients)
                .where(games.c.id == game_id)
                .with_for_update()  # (PostgreSQL; SQLite has one writer at a time anyway)
            ).first()
            if row is None or row.token_hashes[seat] is not None:
                return False
            hashes = list(row.token_hashes)
            hashes[seat] = token_hash
            stand_in = row.stand_in
            if stand_in and stand_in[seat] is not None:  # the new player takes over from the bot
                stand_in = list(stand_in)
                stand_in[seat] = None
            names = list(row.names)
            if name:
                names[seat] = name
            clients = list(row.seat_clients or [None] * len(hashes))
            clients[seat] = client
            con.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(
                    token_hashes=hashes,
                    stand_in=stand_in,
                    names=names,
                    status=status,
                    seat_clients=clients,
                    updated=time.time(),
                )
            )
            return True

    def save_seats(
        self,
        game_id: str,
        token_hashes: list,
        stand_in: list,
        status: str,
        turn_timer: int | None,
        spectators: bool,
        invite_hash: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """What the host changed: seats handed to bots or taken back, a player removed (with the invite
        link replaced in the same write, when ``invite_hash`` is given), the timer; ``settings``: other
        columns of the game's row the host set (``spectator_chat``, ``seat_limit``, ``seat_clients``)."""
        values: dict[str, Any] = {
            "token_hashes": token_hashes,
            "stand_in": stand_in,
            "status": status,
            "turn_timer": turn_timer,
            "spectators": spectators,
            "updated": time.time(),
        }
        if invite_hash is not None:
            values["invite_hash"] = invite_hash
        for key, value in (settings or {}).items():
            assert key in SCHEMA_6_COLUMNS, key
            values[key] = value
        with self.engine.begin() as con:
            games = table_of(GameRow)
            con.execute(update(games).where(games.c.id == game_id).values(**values))

    def set_bot_token(self, game_id: str, seat: int, token_hash: str) -> None:
        """A remote bot seat's new bot token (its hash): the seat's old one stops working."""
        games = table_of(GameRow)
        with self.engine.begin() as con:
            row = con.execute(
                select(games.c.bot_token_hashes, games.c.kinds).where(games.c.id == game_id).with_for_update()
            ).one()
            hashes = list(row.bot_token_hashes or [None] * len(row.kinds))
            hashes[seat] = token_hash
            con.execute(update(games).where(games.c.id == game_id).values(bot_token_hashes=hashes, updated=time.time()))

    def set_invite(self, game_id: str, invite_hash: str) -> None:
        """The host's new invite link (its hash): the old one stops working."""
        with self.engine.begin() as con:
            games = table_of(GameRow)
            con.execute(update(games).where(games.c.id == game_id).values(invite_hash=invite_hash, updated=time.time()))

    def load(self, game_id: str) -> StoredGame | None:
        with Session(self.engine) as db:
            row = db.get(GameRow, game_id)
            if row is None:
                return None
            moves = db.execute(
                select(MoveRow.player, MoveRow.action, MoveRow.chance)
                .where(MoveRow.game_id == game_id)
                .order_by(MoveRow.seq)
            ).all()
            return StoredGame(
                row.id,
                row.edition,
                row.options,
                row.names,
                row.kinds,
                row.token_hashes,
                row.seed,
                row.setup_chance,
                row.rng,
                row.version,
                row.status,
                row.winners,
                row.end_reason,
                row.created,
                [(p, a, c) for p, a, c in moves],
                row.chance_key,
                row.host_hash,
                row.invite_hash,
                row.listed is not False,
                row.spectators is not False,
                row.turn_timer,
                row.stand_in,
                row.creator,
                row.imported,
                row.redraw_chance,
                row.bot_token_hashes,
                row.spectator_chat is True,
                row.seat_limit,
                row.seat_clients,
            )

    # ------------------------------------------------------------------ table talk (web/chat.py)
    def add_chat(self, game_id: str, row: dict) -> None:
        with self.engine.begin() as con:
            con.execute(insert(table_of(ChatRow)).values(game_id=game_id, **row))

    def load_chat(self, game_id: str) -> list[dict]:
        chat = table_of(ChatRow)
        with self.engine.connect() as con:
            rows = con.execute(select(chat).where(chat.c.game_id == game_id).order_by(chat.c.seq)).mappings().all()
        return [{k: v for k, v in r.items() if k != "game_id"} for r in rows]

    def list_games(self, limit: int = 200) -> list[dict]:
        with Session(self.engine) as db:
            rows = db.execute(
                select(
                    GameRow.id,
                    GameRow.edition,
                    GameRow.names,
                    GameRow.kinds,
                    GameRow.token_hashes,
                    GameRow.version,
                    GameRow.status,
                    GameRow.winners,
                    GameRow.created,
                    GameRow.updated,
                )
                .where(GameRow.listed.is_not(False))
                .order_by(GameRow.updated.desc())
                .limit(limit)
            ).all()
        return [
            {
                "id": r.id,
                "edition": r.edition,
                "names": r.names,
                "kinds": r.kinds,
                "claimed": [h is not None for h in r.token_hashes],
                "version": r.version,
                "status": r.status,
                "winners": r.winners,
                "created": r.created,
                "updated": r.updated,
            }
            for r in rows
        ]

    def unfinished(self) -> list[tuple[str, list]]:
        """(id, seat kinds) of every game not over."""
        with Session(self.engine) as db:
            return [
                (r[0], r[1])
                for r in db.execute(select(GameRow.id, GameRow.kinds).where(GameRow.status != "over")).all()
            ]

    def address_salt(self) -> str:
        with Session(self.engine) as db:
            row = db.get(MetaRow, "address_salt")
            assert row is not None, "migrate() gives every database its salt"
            return row.value

    def created_by(self, creator: str, since: float) -> tuple[int, int, float | None]:
        """What ``creator`` stored since ``since``: (games, actions that came in imported records, when the
        oldest of those games was created)."""
        with Session(self.engine) as db:
            row = db.execute(
                select(func.count(), func.coalesce(func.sum(GameRow.imported), 0), func.min(GameRow.created)).where(
                    GameRow.creator == creator, GameRow.created >= since
                )
            ).one()
        return int(row[0] or 0), int(row[1] or 0), row[2]

    def count_moves(self, game_id: str) -> int:
        with Session(self.engine) as db:
            return db.execute(select(func.count()).select_from(MoveRow).where(MoveRow.game_id == game_id)).scalar_one()

    def dispose(self) -> None:
        self.engine.dispose()
