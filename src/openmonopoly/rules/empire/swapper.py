"""The two dice: a numbered die and the sneaky-swapper die.

The second die is a six-sided die whose ``swapper_face`` (reconstructed: the
'1') shows the swapper icon instead of a number. A player who rolls it may do
a sneaky swap -- switch the topmost billboards of any two towers, their own
included -- and not move, or ignore it and move by the numbered die. Only two
equal numbers are doubles. In jail the dice are only a try for doubles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine import events as E
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from .. import jail
from .empire_cards import attack
from .kinds import A_MOVE, MOVE, SWAP
from .state import EmpireState
from .tower import has_billboard

if TYPE_CHECKING:
    from .game import EmpireGame


def is_swapper(game: EmpireGame, face: int) -> bool:
    return face == game.table.swapper_face


def move_steps(game: EmpireGame, d1: int, d2: int) -> int:
    """How far a roll moves: both dice, or only the numbered die when the swapper shows."""
    return d1 if d2 == game.table.swapper_face else d1 + d2


def swappable_towers(game: EmpireGame) -> list[int]:
    s: EmpireState = game.state
    return [p for p in range(s.n) if has_billboard(game, p)]


def can_swap(game: EmpireGame) -> bool:
    """Whether two towers have a billboard (``swappable_towers`` has two), asked at every swapper roll: the
    towers looked at until two are found, no list made."""
    s: EmpireState = game.state
    found = 0
    for p in range(s.n):
        if has_billboard(game, p):
            found += 1
            if found == 2:
                return True
    return False


def roll(game: EmpireGame, player: int) -> None:
    s: EmpireState = game.state
    # Both dice in one call, the numbered die first: ``two_dice`` draws ``die()`` then ``die()`` (the
    # swapper die is a plain six-sided die whose ``swapper_face`` shows the icon) and returns the pair
    # ``dice_pair`` shares, where two calls of ``die`` tested the common case twice and made the pair here.
    dice = game.chance.two_dice()
    s.dice = dice
    d1 = dice[0]
    d2 = dice[1]
    swap_face = d2 == game.table.swapper_face
    doubles = d1 == d2 and not swap_face
    steps = move_steps(game, d1, d2)  # (worked out once for the event, the jail roll and the move)
    if game._events is not None:
        game._events.append(
            Event(
                E.DICE,
                player,
                amount=steps,
                other=d1 * 10 + d2,
                info="jail" if s.in_jail[player] else "move",
            )
        )
    if s.in_jail[player]:
        rules = game.table
        jail.roll_in_jail(
            game,
            player,
            doubles,
            steps,
            rules.jail_attempts,
            rules.jail_final_fine,
            game.end_of_move(player, False),
        )
        return
    if jail.third_doubles(game, player, doubles):
        game.replace_top(game.end_of_move(player, False))
        return
    game.replace_top(game.end_of_move(player, doubles))
    if swap_face and can_swap(game):
        game.push(SwapChoice(player, d1, -1))
        return
    game.move_by(player, steps)


SWAP_ANSWERS: Final = frozenset({SWAP, MOVE})


class SwapChoice(Step):
    """The swapper shows: pick two towers (``swap N`` twice) to switch their tops, or ``move``."""

    FIELDS = ("player", "steps", "first")
    steps: int
    first: int  # the first tower picked (-1: none yet)
    kind = SWAP
    answers = SWAP_ANSWERS

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, steps: int, first: int) -> None:
        self.player = player
        self.steps = steps
        self.first = first

    # (asked of the step on top at every action: answered from constants, see ``Step.is_automatic``)
    def is_automatic(self) -> bool:
        return False

    def prompt_kind(self) -> str:
        return SWAP

    def accepts(self, kind: str) -> bool:  # (``SWAP_ANSWERS`` one by one: see ``EmpireTurn.accepts``)
        return kind == SWAP or kind == MOVE

    def legal(self, game: EmpireGame, player: int) -> list[Action]:
        towers = swappable_towers(game)
        out = [A_MOVE]
        out += [Action(SWAP, p) for p in towers if p != self.first]
        return out

    def check(self, game: EmpireGame, player: int, action: Action) -> str | None:
        if action.kind == SWAP:
            q = action.arg
            st: EmpireState = game.state
            if not 0 <= q < st.n:
                return f"there is no tower {q}; towers are 0..{st.n - 1}"
            if q == self.first:
                return "pick a different tower for the other side of the swap"
            if not has_billboard(game, q):
                return f"{st.names[q]}'s tower has no billboard to swap"
        return None

    def apply(self, game: EmpireGame, player: int, action: Action) -> None:
        if action.kind == MOVE:
            game.pop()
            game.move_by(player, self.steps)
        elif self.first < 0:
            self.first = action.arg
        else:
            game.pop()
            a, b = self.first, action.arg
            victims = tuple(q for q in game.seats_from(player) if q in (a, b) and q != player)
            attack(game, player, victims, "swap", a, b, False)

    def describe(self, game: EmpireGame) -> dict[str, Any]:
        return {"steps": self.steps, "first": self.first, "towers": swappable_towers(game)}

    def detail(self, game: EmpireGame, name: str) -> Any:
        return self.first if name == "first" else self.describe(game)[name]

    def int_detail(self, game: Any, name: str) -> int:  # (the bot reads ``first``: see ``Step.int_detail``)
        return self.first if name == "first" else Step.int_detail(self, game, name)


__all__ = ["roll", "SwapChoice", "is_swapper", "move_steps", "A"]
