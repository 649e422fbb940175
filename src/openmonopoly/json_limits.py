"""JSON from files a person names (saved games, records, edition files), read within limits.

Python's own parser answers a number of thousands of digits with a bare ``ValueError`` and nesting a
thousand deep with ``RecursionError``; no save, record or edition comes near either. ``loads`` refuses
both before they cost anything, with a message that names the file and the limit.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64  # arrays and objects inside each other (an edition nests 5 deep, a save 4)
MAX_DIGITS = 30  # digits in one number (money and positions fit in a dozen)


class JsonLimitError(ValueError):
    """The text is valid JSON but beyond what any game file has."""


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (brackets inside strings do not count)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _number(kind: type) -> Any:
    def parse(token: str) -> Any:
        digits = sum(c.isdigit() for c in token)
        if digits > MAX_DIGITS:
            raise JsonLimitError(f"a number of {digits} digits (at most {MAX_DIGITS})")
        return kind(token)

    return parse


def loads(text: str, source: str) -> Any:
    """``text`` parsed as JSON; ``JsonLimitError`` (naming ``source``) when it is beyond the limits."""
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise JsonLimitError(f"{source}: nested {depth} levels deep (at most {MAX_DEPTH})")
    try:
        return json.loads(text, parse_int=_number(int), parse_float=_number(float))
    except JsonLimitError as exc:
        raise JsonLimitError(f"{source}: {exc}") from None
