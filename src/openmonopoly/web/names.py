"""Players' names at a web table: plain, one script, and not confusable with anyone else's at the table.

A name a person gives (creating a game or taking a seat) is refused, with why and what is allowed, when it
- holds an invisible or direction-changing character (controls, zero-width joiners, bidirectional
  overrides, fillers that draw nothing): such a name reads differently from what it is;
- mixes scripts the way look-alike names do (Cyrillic "А" among Latin letters): a name is written in one
  script, or in Latin with Han, Hiragana/Katakana, Bopomofo or Hangul (Unicode's "highly restrictive"
  level of UTS #39);
- has the same Unicode confusable skeleton (UTS #39: NFD, each character to its prototype, NFD again),
  as written or ignoring case, as another name at the table: "Аnn" beside "Ann", "AI" beside "Al", "rn" beside "m".
Names are kept in NFKC (full-width letters become ordinary ones) with runs of spaces made one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from .access import Refused
from .confusable_data import TABLE

# Scripts a single name may combine (besides one script alone): UTS #39's highly restrictive level.
ALLOWED_MIXES: Final = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana"}),
    frozenset({"Latin", "Han", "Bopomofo"}),
    frozenset({"Latin", "Han", "Hangul"}),
)
# Characters that draw nothing (or only blank) though they are letters, marks or symbols (default
# ignorables outside the format category, and blank fillers): a name holding one looks like another name.
BLANKS: Final = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0]
    + list(range(0x180B, 0x1810))
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0100, 0xE01F0))
)
# A letter's script by the first word of its Unicode name (Python's unicodedata has no Script property;
# for letters the name's first word is the script, with these exceptions).
SCRIPT_WORDS: Final = {"CJK": "Han", "IDEOGRAPHIC": "Han", "HANGUL": "Hangul", "KATAKANA": "Katakana"}


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype (UTS #39's confusables.txt mapping)."""
    out = {}
    for entry in TABLE.split():
        source, _, target = entry.partition(":")
        out[chr(int(source, 16))] = "".join(chr(int(cp, 16)) for cp in target.split("."))
    return out


def skeleton(name: str) -> str:
    """UTS #39's confusable skeleton of ``name``: two names with the same skeleton look alike."""
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", name)))


def look_alike(a: str, b: str) -> bool:
    """Whether two names could be taken for each other: the same skeleton, ignoring case, of the names as
    written ("AI" and "Al", "B0b" and "bob") or in lower case ("ann" and "АNN")."""
    return not _keys(a).isdisjoint(_keys(b))


def _keys(name: str) -> set[str]:
    return {skeleton(name).casefold(), skeleton(name.casefold()).casefold()}


def script_of(ch: str) -> str | None:
    """The script of a letter (None for digits, punctuation, marks, modifier letters: they go with any)."""
    if unicodedata.category(ch) not in ("Lu", "Ll", "Lt", "Lo"):
        return None
    word = unicodedata.name(ch, "").split(" ", 1)[0]
    if not word:
        return None
    return SCRIPT_WORDS.get(word, word.capitalize())


def hidden_character(name: str) -> str | None:
    """The first character of ``name`` that does not show as itself (U+XXXX and its Unicode name), or None."""
    for ch in name:
        if (unicodedata.category(ch)[0] == "C" and ch != " ") or ord(ch) in BLANKS or ch in "\u2028\u2029":
            return f"U+{ord(ch):04X} {unicodedata.name(ch, 'an unassigned or private-use character')}"
    return None


def clean(raw: str) -> str:
    """A name as kept (NFKC, spaces made one), or Refused with why and what is allowed."""
    hidden = hidden_character(raw)
    if hidden is not None:
        raise Refused(
            f"a name cannot hold invisible or direction-changing characters (this one holds {hidden}); "
            "use letters, digits, spaces and punctuation"
        )
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if name and not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise Refused(f"a name needs at least one letter or digit, not only {name!r}")
    scripts = {s for s in map(script_of, name) if s is not None}
    if len(scripts) > 1 and not any(scripts <= mix for mix in ALLOWED_MIXES):
        shown = ", ".join(f"{s} ({''.join(ch for ch in name if script_of(ch) == s)})" for s in sorted(scripts))
        raise Refused(
            f"{name!r} mixes scripts: {shown}; write a name in one script (Latin may go with Chinese, "
            "Japanese or Korean letters)"
        )
    return name


def check(raw: str, others: Iterable[str]) -> str:
    """``raw`` cleaned (see ``clean``; empty: no name given), or Refused (409) when it looks like one of the
    ``others`` names."""
    name = clean(raw)
    if not name:  # (no name given: the seat keeps its own)
        return name
    for other in others:
        if look_alike(name, other):
            same = other.casefold() == name.casefold()
            why = "" if same else " (its letters look the same)"
            raise Refused(
                f"another player is already called {other!r}{why}; choose a name nobody at the table could "
                "mistake for it",
                409,
            )
    return name
