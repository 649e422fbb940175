"""Named options (house rules and variants) with defaults, as the engine lists them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OpenMonopolyError


class BadOption(OpenMonopolyError):
    """An option name or value the edition does not know."""


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: str
    kind: type = bool  # bool or int
    minimum: int | None = None
    # A number option that may also be switched on bare (``free-parking-pot`` alone): the value it then
    # takes; "off" then means the default.
    bare: int | None = None

    def parse(self, value: Any) -> Any:
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).lower()
            if text in ("1", "true", "yes", "on", ""):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise BadOption(f"option '{self.name}' is on/off; got {value!r} (use true/false)")
        if value is None:
            return None
        if self.bare is not None:
            if value is True or (isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "")):
                return self.bare
            if value is False or (isinstance(value, str) and value.strip().lower() in ("false", "no", "off")):
                return self.default
        # Exactly a whole number, or its text in ASCII digits: not 2.5, True or '٣', which int() takes.
        text = value.strip() if isinstance(value, str) else ""
        if type(value) is int:
            number = value
        elif text.lstrip("-").isascii() and text.lstrip("-").isdigit() and len(text) <= 12:
            number = int(text)
        else:
            raise BadOption(f"option '{self.name}' needs a whole number; got {value!r}")
        if self.minimum is not None and number < self.minimum:
            raise BadOption(f"option '{self.name}' must be at least {self.minimum}; got {number}")
        return number

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "default": self.default, "type": self.kind.__name__, "help": self.help}


MAX_ROUNDS = "max-rounds"
RENT_MUST_BE_CLAIMED = "rent-must-be-claimed"
TIME_LIMIT = "time-limit"


def needs_clock(options: Mapping[str, Any]) -> bool:
    """Whether a game with these (resolved) options ends by a clock kept outside the engine: time-limit=0,
    where the interface sends 'time-up' once its clock has run out. The engine cannot tell the time, so
    only an interface that keeps such a clock may start one (the terminal's --time-limit-minutes); the
    others refuse it rather than let any seat end the game at any moment."""
    value = options.get(TIME_LIMIT)
    return type(value) is int and value == 0


def clock_refused(keeper: str, otherwise: str = "") -> str:
    """The error of an interface that keeps no clock, given time-limit=0 (``needs_clock``)."""
    return (
        f"time-limit=0 is a game against a clock, which {keeper} does not keep (any player could end the "
        f"game at any moment); give time-limit=N to end after N rounds{otherwise}"
    )


def max_rounds_option(who_wins: str, otherwise: str) -> Option:
    """The round limit every family offers (``Game.round_limit``); its words say who wins at it."""
    return Option(
        MAX_ROUNDS, None, f"End the game after this many rounds; {who_wins} wins. Off by default ({otherwise}).", int, 1
    )


def claim_rent_option(ask: str = "claim") -> Option:
    """The rulebooks' rule that rent not asked for before the next roll is not paid."""
    return Option(
        RENT_MUST_BE_CLAIMED,
        False,
        f"The owner must {ask} rent before the next player rolls, or it is not paid (as the rulebooks "
        "say). Off: rent is collected automatically.",
    )


def resolve_options(
    known: Mapping[str, Option],
    given: Mapping[str, Any] | None,
    edition: str,
    refused: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names are an error listing the known ones, and the
    names in ``refused`` (house rules this edition does not offer) an error saying why."""
    values = dict(_defaults(known))
    for name, value in (given or {}).items():
        key = name.replace("_", "-")
        if key not in known:
            if refused is not None and key in refused:
                raise BadOption(refused[key])
            raise BadOption(
                f"unknown option '{name}' for edition {edition}; known options: " + ", ".join(sorted(known))
            )
        values[key] = known[key].parse(value)
    return values


def _defaults(known: Mapping[str, Option]) -> dict[str, Any]:
    """Every known option at its default, kept for the table asked about last: a family's options are made
    once per edition and shared (``Game.options_of``), and a game is made for every simulated game."""
    global _last_defaults
    table, defaults = _last_defaults
    if table is not known:
        defaults = {name: opt.default for name, opt in known.items()}
        _last_defaults = (known, defaults)  # (one object replaced: a thread never reads a mixed pair)
    return defaults


_last_defaults: tuple[Mapping[str, Option] | None, dict[str, Any]] = (None, {})


def option_text(name: str, value: Any) -> str:
    """An option as typed on a command line: ``NAME`` when switched on, else ``NAME=VALUE``."""
    return name if value is True else f"{name}={value}"


def parse_option_text(text: str) -> tuple[str, str]:
    """'name' or 'name=value' as typed on a command line."""
    name, sep, value = text.partition("=")
    return name.strip(), (value.strip() if sep else "true")
