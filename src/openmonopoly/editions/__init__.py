"""Editions by id: the files that ship with openmonopoly, and your own.

An edition is one JSON file (``data/<id>.json``). ``load`` takes a shipped id, the path of a file,
or the id of a file in a directory named in the ``OPENMONOPOLY_EDITIONS`` environment variable
(several directories separated by ``os.pathsep``), so a new edition of an existing rules family
needs no code at all: see docs/ARCHITECTURE.md, "Adding an edition".
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from .schema import Edition, EditionError, load_edition_file

DATA = Path(__file__).parent / "data"
SEARCH_PATH_ENV = "OPENMONOPOLY_EDITIONS"


def _directories() -> list[Path]:
    extra = [Path(d) for d in os.environ.get(SEARCH_PATH_ENV, "").split(os.pathsep) if d]
    return [DATA] + extra


def edition_ids() -> list[str]:
    """The ids of the shipped editions and of those in the ``OPENMONOPOLY_EDITIONS`` directories."""
    return sorted({p.stem for d in _directories() for p in d.glob("*.json")})


def _is_path(edition: str) -> bool:
    return edition.endswith(".json") or os.sep in edition or "/" in edition


def _path_of(edition: str) -> Path:
    if _is_path(edition):
        return Path(edition)
    found = [path for path in (d / f"{edition}.json" for d in _directories()) if path.exists()]
    if len(found) > 1:  # a user's file must not silently hide a shipped edition, or another user file
        raise EditionError(f"{found[1]}: id: {_taken(edition, found[0])}")
    if found:
        return found[0]
    raise EditionError(
        f"unknown edition {edition!r}; known editions: {', '.join(edition_ids())} (or give the path of an edition file)"
    )


def load(edition: str) -> Edition:
    """The edition with this id, or in this file; ``EditionError`` names the file, field and problem."""
    if not isinstance(edition, str):
        raise EditionError(f"an edition is named by its id or file path; got {type(edition).__name__} {edition!r}")
    # An id: found once per search path (every game is made from one, and a file search and a
    # resolved path per game are a good part of a short game's cost). Only ids are kept: a path is never found
    # there, and is told from an id only then.
    extra = _search_path()
    key = (edition, extra, os.getcwd() if extra else "")
    found = _BY_ID.get(key)
    if found is None:
        if _is_path(edition):
            return _load(str(_path_of(edition).resolve()))
        found = _BY_ID[key] = _load(str(_path_of(edition).resolve()))
    return found


_BY_ID: dict[tuple[str, str, str], Edition] = {}


def _search_path() -> str:
    """``OPENMONOPOLY_EDITIONS``, or "" when unset. ``os.environ.get`` of an unset name raises and catches
    two KeyErrors in interpreted code (some 8,000 instructions: a fifth of a short simulated game's
    set-up), so the mapping behind ``os.environ`` is read directly where it is the plain dict CPython keeps;
    ``os.environ`` keeps it up to date on every change (``monkeypatch.setenv`` included)."""
    data = getattr(os.environ, "_data", None)
    if type(data) is dict:
        raw = data.get(_SEARCH_PATH_KEY)
        return "" if raw is None else os.environ.decodevalue(raw)
    return os.environ.get(SEARCH_PATH_ENV, "")


_SEARCH_PATH_KEY = os.environ.encodekey(SEARCH_PATH_ENV)  # (bytes on POSIX; upper-case text on Windows)


@cache
def _load(path: str) -> Edition:
    edition = load_edition_file(path)
    stem = Path(path).stem
    if edition.id != stem:
        raise EditionError(f"{path}: id: file is named {stem!r} but says id {edition.id!r}")
    shipped = DATA / f"{stem}.json"
    if Path(path).parent != DATA.resolve() and shipped.exists():
        raise EditionError(f"{path}: id: {_taken(stem, shipped)}")
    return edition


def _taken(edition_id: str, first: Path) -> str:
    what = "an edition that ships with openmonopoly" if first.parent == DATA else "the edition"
    return (
        f"{edition_id!r} is already the id of {what} ({first}); give this edition an id of its own "
        '(its file name and its "id" field)'
    )


__all__ = ["Edition", "EditionError", "edition_ids", "load"]
