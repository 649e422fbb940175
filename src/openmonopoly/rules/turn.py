"""The first decision of a turn, as the families that roll ask it: roll, or first leave jail."""

from __future__ import annotations

from typing import Final

from ..engine import actions as A
from ..engine import prompt as P
from ..engine.flow import Step

TURN_ANSWERS: Final = frozenset({A.ROLL, A.PAY_BAIL, A.USE_CARD})


class TurnStep(Step):
    """A turn's first decision for ``player``; each family's step says what is legal and what each answer
    does, and names its ``kind`` (``P.TURN``) and ``answers`` (``TURN_ANSWERS``) itself: the bot API
    reference lists the classes that do."""

    FIELDS = ("player",)

    def __init__(self, player: int) -> None:  # (the generic Step.__init__ is slower, and this is made every turn)
        self.player = player

    # (asked of the step on top at every action: answered from constants, see ``Step.is_automatic``)
    def is_automatic(self) -> bool:
        return False

    def prompt_kind(self) -> str:
        return P.TURN

    def accepts(self, kind: str) -> bool:
        # (``kind in TURN_ANSWERS`` compared one by one: three string tests, the first mostly an identity,
        # cost less than hashing into the set)
        return kind == A.ROLL or kind == A.PAY_BAIL or kind == A.USE_CARD
