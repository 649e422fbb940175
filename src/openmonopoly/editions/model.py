"""The schema of an edition file: pydantic models of what every edition has, which each rules family
extends with its own (``Game.edition_model()``: ``rules/classic/schema.py``, ``rules/empire/schema.py``,
``rules/mandalorian/schema.py``).

The models are the one statement of what a valid edition file is: types (strict: ``"5"`` is not a
number, ``true`` is not 1), ranges (prices and supplies >= 0, increments > 0), and the cross-field
rules (positions on the board, groups that exist, a board that splits into four sides, unique names
and ids). ``validate`` turns pydantic's errors into one ``EditionError`` naming the file, each field
path and what is allowed; ``json_schema`` is what ``openmonopoly editions --schema FAMILY`` prints for
editors. Importing pydantic costs a quarter of a second, so the loader only asks these models about
files whose digest is not among the shipped files already validated (``data/verified.json``).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .schema import EditionError

Count = Annotated[int, Field(ge=0)]  # a price, a supply, an amount: a whole number >= 0
Positive = Annotated[int, Field(ge=1)]
Text = Annotated[str, Field(min_length=1)]
Note = str | list[str] | None  # where a printed value comes from ("source")
# What was reconstructed and why: one sentence, kept on the loaded card, deck or space.
Reconstructed = Text | None


class Strict(BaseModel):
    """No coercion ("5" is not 5, true is not 1) and no unknown fields (a misspelt key is an error)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Players(Strict):
    min: Annotated[int, Field(ge=2, le=8)]
    max: Annotated[int, Field(ge=2, le=8)]

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) must not exceed max ({self.max})")
        return self


class Currency(Strict):
    symbol: str = ""
    format: Annotated[str, Field(pattern=r"\{\}", description="how an amount prints: {} is the number")]


class Group(Strict):
    name: str | None = None
    color: str | None = None
    colour: str | None = None
    reconstructed: Reconstructed = None


class SpaceBase(Strict):
    """What every space has; each family's space types add their fields (``type`` is the tag)."""

    name: Text
    reconstructed: Reconstructed = None
    source: Note = None
    classic_equivalent: str | None = None


class CardBase(Strict):
    """A card; ``count`` copies of it go into the deck. Families type ``effect``."""

    id: Text
    text: str = ""
    title: str = ""
    # Copies are made when the file loads: a bound keeps a typo (or a hostile file) from asking for
    # a billion cards. The Empire and Mandalorian decks also cap a whole deck at 255 cards.
    count: Annotated[int, Field(ge=1, le=255)] = 1
    reconstructed: Reconstructed = None
    source: Note = None


class DeckBase(Strict):
    id: Text
    name: str | None = None
    reconstructed: Reconstructed = None


class EditionBase(Strict):
    """The parts every edition file has. A family's model subclasses it, typing ``rules``, ``board``
    and ``decks``, and adds its own cross-field checks."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", description="the file's name without .json")]
    name: Text
    family: Text
    players: Players
    currency: Currency
    terms: dict[str, str] = {}
    groups: dict[str, Group]
    tokens: list[str] = []
    notes: list[str] = []
    sources: list[str] = []
    reconstructed_fields: Any = None

    @model_validator(mode="after")
    def _shared_cross_fields(self) -> EditionBase:
        board: list[Any] = getattr(self, "board", [])
        decks: list[Any] = getattr(self, "decks", [])
        n = len(board)
        if n < 8 or n % 4:
            raise ValueError(f"board: has {n} spaces; a board has at least 8 and splits into four equal sides")
        if board[0].type != "go":
            raise ValueError(f"board[0].type: position 0 is GO, not {board[0].type!r}")
        seen: dict[str, Any] = {}
        for i, space in enumerate(board):
            other = seen.setdefault(space.name, space)
            if other is not space and (other.type != space.type or hasattr(space, "price")):
                raise ValueError(
                    f"board[{i}].name: {space.name!r} names two different spaces (only spaces of one "
                    "kind without a price, like card spaces, may share a name)"
                )
        deck_ids = [d.id for d in decks]
        for i, did in enumerate(deck_ids):
            if did in deck_ids[:i]:
                raise ValueError(f"decks[{i}].id: duplicate deck id {did!r}")
        for i, space in enumerate(board):
            deck = getattr(space, "deck", None)
            if deck is not None and deck not in deck_ids:
                raise ValueError(f"board[{i}].deck: unknown deck {deck!r}; decks are {deck_ids}")
        names = list(self.groups)
        members = {g: 0 for g in names}
        for i, space in enumerate(board):
            group = getattr(space, "group", None)
            if group is not None:
                if group not in members:
                    raise ValueError(f"board[{i}].group: unknown group {group!r}; groups are {names}")
                members[group] += 1
        empty = [g for g, k in members.items() if not k]
        if empty:
            raise ValueError(f"groups.{empty[0]}: no space belongs to this group")
        return self


def position_check(board: list[Any], where: str, pos: int, *types: str) -> None:
    """``pos`` must be a position on ``board`` (of one of ``types`` if given)."""
    n = len(board)
    if not 0 <= pos < n:
        raise ValueError(f"{where}: {pos} is not a board position 0..{n - 1}")
    if types and board[pos].type not in types:
        raise ValueError(f"{where}: position {pos} is a {board[pos].type!r} space; it must be {' or '.join(types)}")


def _where(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "top level"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def describe_errors(path: str, exc: ValidationError, limit: int = 8) -> str:
    """Pydantic's errors as lines ``file: field.path: what is allowed (got ...)``."""
    lines = []
    for err in exc.errors(include_url=False)[:limit]:
        loc = tuple(err["loc"])
        msg = err["msg"]
        if err["type"] == "value_error":  # our own cross-field checks name their field first
            msg = msg.removeprefix("Value error, ")
            head, sep, rest = msg.partition(": ")
            if sep and " " not in head:
                loc, msg = loc + (head,), rest
        elif err["type"] not in ("missing", "union_tag_invalid", "union_tag_not_found"):
            msg += f" (got {_shown(err['input'])})"
        where = _where(loc)
        lines.append(f"{path}: {where}: {msg}")
    more = exc.error_count() - limit
    if more > 0:
        lines.append(f"{path}: ... and {more} more problems")
    return "\n".join(lines)


def validate(model: type[EditionBase], raw: Any, path: str) -> EditionBase:
    """``raw`` checked against the family's ``model``; ``EditionError`` lists every problem found.
    Text with control characters (terminal escapes) is refused first, naming the field."""
    from .printable import unprintable_field

    bad = unprintable_field(raw)
    if bad is not None:
        raise EditionError(f"{path}: {bad[0]}: {bad[1]}")
    try:
        return model.model_validate(raw, strict=True)
    except ValidationError as exc:
        raise EditionError(describe_errors(path, exc)) from None


def json_schema(model: type[EditionBase]) -> dict[str, Any]:
    """The JSON Schema of a family's edition files (for editors' completion and checking)."""
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
