"""Edition text must be printable: every name, word, card text and the money format reaches terminals
and browsers as it is, so a control character (a terminal escape such as ESC ``[2J``, a carriage
return that overwrites a line, a bell) in a file is refused at load, naming the field."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# C0 controls, DEL and the C1 controls (0x9b alone is a terminal's CSI).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _where(loc: list[str | int]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + part
    return out or "top level"


def _problem(text: str) -> str | None:
    hit = _CONTROL.search(text)
    if hit is None:
        return None
    char = hit.group()
    name = unicodedata.name(char, "") or {"\x1b": "ESCAPE", "\x7f": "DELETE"}.get(char, "control character")
    return (
        f"contains the control character U+{ord(char):04X} ({name}) at character {hit.start() + 1}; "
        "edition text is printed on terminals and web pages as it is, so it must be printable "
        "(no escapes, tabs or line breaks)"
    )


def unprintable_field(raw: Any) -> tuple[str, str] | None:
    """The first field (a dotted path such as ``board[3].name``, or a key) holding a control character,
    and what is wrong with it; None when every string in ``raw`` is printable."""
    stack: list[tuple[Any, list[str | int]]] = [(raw, [])]
    while stack:
        value, loc = stack.pop()
        if isinstance(value, str):
            problem = _problem(value)
            if problem is not None:
                return _where(loc), problem
        elif isinstance(value, dict):
            items = list(value.items())
            for key, item in reversed(items):
                if isinstance(key, str) and (problem := _problem(key)) is not None:
                    return f"{_where(loc)} (key {key!r})", problem
                stack.append((item, [*loc, key]))
        elif isinstance(value, list):
            stack.extend((item, [*loc, i]) for i, item in reversed(list(enumerate(value))))
    return None
