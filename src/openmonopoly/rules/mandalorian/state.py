"""The state of a Mandalorian game: plain lists of numbers, copied and serialised field by field."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from ...editions import Edition
from ...engine.state import BANK, State
from .data import MandalorianRules


# (allow_interpreted_subclasses: then, compiled, ``cls.__new__(cls)`` skips ``__init__``, which
# ``State.copy`` and ``State.from_json`` rely on; field reads stay native)
@mypyc_attr(allow_interpreted_subclasses=True)
class MandoState(State):
    """Per player: ``character`` (index into the edition's characters), ``in_jail``, ``jail_turns``,
    ``held`` (Signet cards kept, by card number), ``won`` (Imperial Enemy cards won, by card number).
    Per space: ``owner`` (-1: the bank). Grogu: ``grogu_carrier`` (-1: nobody) and ``grogu_pos`` (the
    space where he waits alone; -1 while carried). Per enemy: ``enemy_space`` (board space or -1),
    ``enemy_outpost`` (outpost or -1; both -1: out of the game) and ``enemy_decks`` (face-up piles,
    top first, public). ``decks`` is the Signet pile (hidden), top first."""

    FIELDS = State.FIELDS + (
        "character",
        "in_jail",
        "jail_turns",
        "held",
        "won",
        "owner",
        "grogu_carrier",
        "grogu_pos",
        "enemy_space",
        "enemy_outpost",
        "enemy_decks",
        "decks",
    )
    HIDDEN = frozenset({"decks"})

    def __init__(self, names: list[str], edition: Edition) -> None:
        super().__init__(names, edition.rules.start_cash)
        n = len(names)
        t: MandalorianRules = edition.rules
        self.character = list(range(n))
        self.in_jail = [False] * n
        self.jail_turns = [0] * n
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.owner = [BANK] * len(edition.board)
        self.grogu_carrier = -1
        self.grogu_pos: int = edition.rules.grogu_start
        self.enemy_space = [-1] * len(t.enemies)
        self.enemy_outpost = [e.start_outpost for e in t.enemies]
        self.enemy_decks: list[list[int]] = [[] for _ in t.enemies]
        self.decks = [list(range(len(edition.decks[0].cards)))]
