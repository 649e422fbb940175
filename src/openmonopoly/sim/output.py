"""Per-game rows of a simulation: CSV (csv module) or Parquet (pyarrow, the ``sim`` extra).

One row per game, in game-index order: ``game`` (index), ``seed``, ``edition``, ``seats``,
``winners`` (seats, counted from 1 as everywhere people read them; more than one when net worths
tie at the round limit), ``end_reason``, ``turns``, ``rounds``, then ``cash_K`` and ``net_worth_K``
for each seat K (from 1) at the end, and the game record's ``digest``. In CSV ``seats`` and ``winners`` are
comma-separated; in Parquet they are lists.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

FORMATS = (".csv", ".parquet")


def out_format(path: str | Path) -> str:
    """``csv`` or ``parquet`` from the file name; ValueError for anything else."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"--out must end in .csv or .parquet; got {str(path)!r}")
    return suffix[1:]


def check_out(path: str | Path) -> str:
    """Fail before a long run: the format is known, its writer is installed, the folder exists."""
    fmt = out_format(path)
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            from ..extras import needs_extra

            raise ValueError(needs_extra("writing Parquet (pyarrow)", "sim")) from None
    parent = Path(path).resolve().parent
    if not parent.is_dir():
        raise ValueError(f"--out: no such folder {str(parent)!r}")
    return fmt


def columns(n_seats: int) -> list[str]:
    return (
        ["game", "seed", "edition", "seats", "winners", "end_reason", "turns", "rounds"]
        + [f"cash_{k}" for k in range(1, n_seats + 1)]
        + [f"net_worth_{k}" for k in range(1, n_seats + 1)]
        + ["digest"]
    )


def rows(games: list[dict[str, Any]], edition: str, seats: list[str]) -> list[dict[str, Any]]:
    out = []
    for g in games:
        row: dict[str, Any] = {
            "game": g["index"],
            "seed": g["seed"],
            "edition": edition,
            "seats": list(seats),
            "winners": [w + 1 for w in g["winners"]],
            "end_reason": g["end_reason"],
            "turns": g["turns"],
            "rounds": g["rounds"],
        }
        for k, cash in enumerate(g["cash"], 1):
            row[f"cash_{k}"] = cash
        for k, worth in enumerate(g["net_worth"], 1):
            row[f"net_worth_{k}"] = worth
        row["digest"] = g["digest"]
        out.append(row)
    return out


def write_games(path: str | Path, games: list[dict[str, Any]], edition: str, seats: list[str]) -> Path:
    """Write one row per game to ``path`` (.csv or .parquet)."""
    fmt = out_format(path)
    path = Path(path)
    table = rows(games, edition, seats)
    names = columns(len(seats))
    if fmt == "csv":
        with path.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=names)
            writer.writeheader()
            for row in table:
                writer.writerow({**row, "seats": ",".join(row["seats"]), "winners": ",".join(map(str, row["winners"]))})
        return path
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {
        "game": pa.int64(),
        "seed": pa.int64(),
        "edition": pa.string(),
        "seats": pa.list_(pa.string()),
        "winners": pa.list_(pa.int64()),
        "end_reason": pa.string(),
        "turns": pa.int64(),
        "rounds": pa.int64(),
        "digest": pa.string(),
    }
    schema = pa.schema([(name, types.get(name, pa.int64())) for name in names])
    pq.write_table(pa.Table.from_pylist(table, schema=schema), path)
    return path
