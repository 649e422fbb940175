"""The editions that ship with openmonopoly, by id."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..engine.errors import EditionError
from .schema import Edition, load_edition_file

DATA = Path(__file__).parent / "data"


def edition_ids() -> list[str]:
    return sorted(p.stem for p in DATA.glob("*.json"))


@lru_cache(maxsize=None)
def load(edition_id: str) -> Edition:
    path = DATA / f"{edition_id}.json"
    if not path.exists():
        raise EditionError(f"unknown edition {edition_id!r}; known editions: {', '.join(edition_ids())}")
    edition = load_edition_file(path)
    if edition.id != edition_id:
        raise EditionError(f"{path}: id: file is named {edition_id!r} but says id {edition.id!r}")
    return edition


__all__ = ["Edition", "edition_ids", "load"]
