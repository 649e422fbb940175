"""SQL store for web games: SQLite in a file by default, PostgreSQL by URL (SQLAlchemy underneath).

A game is stored as its record: the row in ``games`` (edition, options, names, seed, the chance outcomes
used while setting up, seat kinds, token hashes, version) plus one row per action in ``moves`` with the
chance outcomes that action used. ``Game.replay`` of that record rebuilds the game after a restart.
The random generator's state is kept beside it so a resumed game rolls exactly as it would have.
Every action is committed in one transaction (move row + game row) before anyone hears of it.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (JSON, Boolean, Float, ForeignKey, Integer, String, Text, create_engine, event, func,
                        inspect, select, text)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

SCHEMA_VERSION = 1


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    edition: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict] = mapped_column(JSON)
    names: Mapped[list] = mapped_column(JSON)
    kinds: Mapped[list] = mapped_column(JSON)            # per seat: "human" or a bot kind
    token_hashes: Mapped[list] = mapped_column(JSON)     # per seat: sha256 hex of the seat token, or null
    seed: Mapped[int] = mapped_column(Integer)
    setup_chance: Mapped[list] = mapped_column(JSON)     # chance outcomes used before the first action
    rng: Mapped[Any] = mapped_column(JSON, nullable=True)  # generator state after the last committed action
    version: Mapped[int] = mapped_column(Integer, default=0)   # number of committed actions
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | running | over
    winners: Mapped[list] = mapped_column(JSON, default=list)
    end_reason: Mapped[str] = mapped_column(String(64), default="")
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)


class MoveRow(Base):
    __tablename__ = "moves"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    chance: Mapped[list] = mapped_column(JSON)           # the chance outcomes this action used


class MetaRow(Base):
    __tablename__ = "openmonopoly_meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


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
    rng: Any
    version: int
    status: str
    winners: list
    end_reason: str
    created: float
    moves: list = field(default_factory=list)   # [(player, action_json, chance_list)]

    def record(self) -> dict:
        chance = list(self.setup_chance)
        for _, _, used in self.moves:
            chance.extend(used)
        return {"format": 1, "edition": self.edition, "options": self.options, "players": self.names,
                "seed": self.seed, "actions": [[p, a] for p, a, _ in self.moves], "chance": chance}


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
        else:
            kwargs["pool_pre_ping"] = True
        self.engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(conn, _record):  # noqa: ANN001
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        self.migrate()

    # ------------------------------------------------------------------ schema
    def migrate(self) -> None:
        """Create the schema, or bring an older one up to date."""
        Base.metadata.create_all(self.engine)
        with Session(self.engine) as db, db.begin():
            row = db.get(MetaRow, "schema_version")
            current = int(row.value) if row else 0
            # Future migrations go here, one step per version: if current < 2: ...
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
        now = time.time()
        with Session(self.engine) as db, db.begin():
            db.add(GameRow(id=g.id, edition=g.edition, options=g.options, names=g.names, kinds=g.kinds,
                           token_hashes=g.token_hashes, seed=g.seed, setup_chance=g.setup_chance, rng=g.rng,
                           version=len(g.moves), status=g.status, winners=g.winners, end_reason=g.end_reason,
                           created=now, updated=now))
            db.flush()
            for seq, (p, a, used) in enumerate(g.moves):
                db.add(MoveRow(game_id=g.id, seq=seq, player=p, action=a, chance=used))

    def commit_move(self, game_id: str, seq: int, player: int, action: Any, chance: list, rng: Any,
                    status: str, winners: list, end_reason: str) -> None:
        """One action, committed: the move row and the game's new version in one transaction."""
        with Session(self.engine) as db, db.begin():
            row = db.get(GameRow, game_id, with_for_update=not self.url.startswith("sqlite"))
            if row is None:
                raise KeyError(game_id)
            if row.version != seq:
                raise RuntimeError(f"game {game_id}: stored version {row.version}, committing move {seq}")
            db.add(MoveRow(game_id=game_id, seq=seq, player=player, action=action, chance=chance))
            row.version = seq + 1
            row.rng = rng
            row.status = status
            row.winners = winners
            row.end_reason = end_reason
            row.updated = time.time()

    def set_token(self, game_id: str, seat: int, token_hash: str, name: str | None, status: str) -> bool:
        """Claim a seat; False if it was taken meanwhile."""
        with Session(self.engine) as db, db.begin():
            row = db.get(GameRow, game_id, with_for_update=not self.url.startswith("sqlite"))
            if row is None or row.token_hashes[seat] is not None:
                return False
            hashes = list(row.token_hashes)
            hashes[seat] = token_hash
            row.token_hashes = hashes
            if name:
                names = list(row.names)
                names[seat] = name
                row.names = names
            row.status = status
            row.updated = time.time()
            return True

    def load(self, game_id: str) -> StoredGame | None:
        with Session(self.engine) as db:
            row = db.get(GameRow, game_id)
            if row is None:
                return None
            moves = db.execute(select(MoveRow.player, MoveRow.action, MoveRow.chance)
                               .where(MoveRow.game_id == game_id).order_by(MoveRow.seq)).all()
            return StoredGame(row.id, row.edition, row.options, row.names, row.kinds, row.token_hashes, row.seed,
                              row.setup_chance, row.rng, row.version, row.status, row.winners, row.end_reason,
                              row.created, [(p, a, c) for p, a, c in moves])

    def list_games(self, limit: int = 200) -> list[dict]:
        with Session(self.engine) as db:
            rows = db.execute(select(GameRow.id, GameRow.edition, GameRow.names, GameRow.kinds,
                                     GameRow.token_hashes, GameRow.version, GameRow.status, GameRow.winners,
                                     GameRow.created, GameRow.updated)
                              .order_by(GameRow.updated.desc()).limit(limit)).all()
        return [{"id": r.id, "edition": r.edition, "names": r.names, "kinds": r.kinds,
                 "claimed": [h is not None for h in r.token_hashes], "version": r.version, "status": r.status,
                 "winners": r.winners, "created": r.created, "updated": r.updated} for r in rows]

    def unfinished_ids(self) -> list[str]:
        with Session(self.engine) as db:
            return [r[0] for r in db.execute(select(GameRow.id).where(GameRow.status != "over")).all()]

    def count_moves(self, game_id: str) -> int:
        with Session(self.engine) as db:
            return db.execute(select(func.count()).select_from(MoveRow).where(MoveRow.game_id == game_id)).scalar_one()

    def dispose(self) -> None:
        self.engine.dispose()
