"""The state of an Empire game: plain lists of numbers, copied and serialised field by field."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from ...editions import Edition
from ...engine.state import BANK, State
from .data import EmpireRules

# Rows a new state copies its first lists from: long enough for any seat and any board (a longer one is made).
_ROW: Final = 64
_NOBODY: Final = [False] * _ROW
_ZEROS: Final = [0] * _ROW
_BANKS: Final = [BANK] * _ROW


# (allow_interpreted_subclasses: then, compiled, ``cls.__new__(cls)`` skips ``__init__``, which
# ``State.copy`` and ``State.from_json`` rely on; field reads stay native)
@mypyc_attr(allow_interpreted_subclasses=True)
class EmpireState(State):
    FIELDS = State.FIELDS + (
        "in_jail",
        "jail_turns",
        "doubles",
        "tower",
        "height",
        "owner",
        "stock",
        "offices",
        "office_bought",
        "decks",
        "held",
        "hands",
    )
    # Deck order and every player's Empire cards are secret; views show a player only their own hand.
    HIDDEN = frozenset({"decks", "hands"})

    def __init__(self, names: list[str], edition: Edition) -> None:
        rules: EmpireRules = edition.rules
        super().__init__(names, rules.start_cash)
        n, size = len(names), len(edition.board)
        # (copies of the module's rows below rather than ``[0] * n``: compiled, a repeat makes a one-item list
        # and frees it; a game makes these once, and an Empire game is short, about 17 player-turns)
        self.in_jail = _NOBODY[:n] if n <= _ROW else [False] * n
        self.jail_turns = _ZEROS[:n] if n <= _ROW else [0] * n
        self.doubles = 0
        self.tower: list[list[int]] = [[] for _ in range(n)]
        self.height = _ZEROS[:n] if n <= _ROW else [0] * n
        self.owner = _BANKS[:size] if size <= _ROW else [BANK] * size
        self.stock = list(rules.start_stock)
        self.offices = rules.offices
        self.office_bought = False
        self.decks = [pile[:] for pile in rules.start_decks]  # (copies of the printed orders, made once per edition)
        self.held: list[list[int]] = [[] for _ in range(n)]  # get-out-of-jail Chance cards (public)
        self.hands: list[list[int]] = [[] for _ in range(n)]  # Empire cards (secret)
