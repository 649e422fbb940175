"""Battles against the Imperial enemies.

Passing or landing on an enemy stops the move there; after the space's own
rules, the player battles (unless the space sent them away: an Unexpected Ally
jump or Jail). The card is the top of that enemy's face-up pile. The player may
announce Signet battle cards (Darksaber, Thermal Detonators: ``play N``), then
rolls the silver die — both dice while carrying Grogu — and Ahsoka Tano may
re-roll once and must keep the second roll. Roll plus card bonuses >= the
card's number wins: bonus, card kept, the enemy to the next free outpost (or
out of the game when its pile is empty). Otherwise: penalty, card back on the
pile, enemy to the next free outpost. Moff Gideon: a win pays 100 and ends the
game; a loss sends the player to Jail (he stays put) and, if they carried
Grogu, Grogu is taken and everyone loses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from . import enemies
from . import events as ME
from .grogu import CAPTURED
from .scoring import end_after_gideon
from .signets import apply_effect, return_to_bottom
from .state import MandoState

if TYPE_CHECKING:
    from .game import MandalorianGame


class BattleCheck(Step):
    """After the space landed on is resolved: battle the enemy stopped at, if it and the player are still there."""

    FIELDS = ("player", "pos", "enemy")
    pos: int
    enemy: int
    automatic = True

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, pos: int, enemy: int) -> None:
        self.player = player
        self.pos = pos
        self.enemy = enemy

    # (from constants: the base Step reads the class attributes by name, and the engine asks at every action)
    def is_automatic(self) -> bool:
        return True

    def run(self, game: MandalorianGame) -> None:
        game.pop()
        s: MandoState = game.state
        p = self.player
        if s.in_jail[p] or s.position[p] != self.pos or s.enemy_space[self.enemy] != self.pos:
            return
        start(game, p, self.enemy)


def start(game: MandalorianGame, player: int, enemy: int) -> None:
    s: MandoState = game.state
    card = s.enemy_decks[enemy][0]
    game.push(Battle(player, enemy, card, ()))
    if game.log_events:
        game.emit(Event(ME.BATTLE, player, s.position[player], card, enemy))


def battle_cards(game: MandalorianGame, player: int) -> list[int]:
    """The distinct Signet battle cards ``player`` holds, by card number."""
    bonus = game.rules.battle_bonus
    s: MandoState = game.state
    out: list[int] = []
    for c in s.held[player]:
        if bonus[c] and c not in out:
            out.append(c)
    return out


BATTLE: Final = "battle"  # the prompt kind of the step below


class Battle(Step):
    """Before the roll: play Signet battle cards, then roll."""

    FIELDS = ("player", "enemy", "card", "played")
    enemy: int
    card: int
    played: tuple[int, ...]  # the Signet battle cards played so far
    kind = BATTLE
    answers = frozenset({A.ROLL, A.PLAY})

    def __init__(
        self, player: int, enemy: int, card: int, played: tuple[int, ...]
    ) -> None:  # (the generic Step.__init__ is slower)
        self.player = player
        self.enemy = enemy
        self.card = card
        self.played = played

    # (from constants: the base Step reads the class attributes by name, and the engine asks at every action)
    def is_automatic(self) -> bool:
        return False

    def prompt_kind(self) -> str:
        return BATTLE

    def accepts(self, kind: str) -> bool:
        return kind == A.ROLL or kind == A.PLAY

    def legal(self, game: MandalorianGame, player: int) -> list[Action]:
        return [A.A_ROLL] + [Action(A.PLAY, c) for c in battle_cards(game, player)]

    def check(self, game: MandalorianGame, player: int, action: Action) -> str | None:
        if action.kind == A.PLAY and action.arg not in battle_cards(game, player):
            return "you hold no Signet battle card with that number"
        return None

    def apply(self, game: MandalorianGame, player: int, action: Action) -> None:
        if action.kind == A.PLAY:
            s: MandoState = game.state
            s.held[player].remove(action.arg)
            self.played = self.played + (action.arg,)
            if game.log_events:
                game.emit(Event(ME.BATTLE_CARD, player, amount=action.arg, other=game.rules.battle_bonus[action.arg]))
            return
        total, dice = roll_battle_dice(game, player, "roll")
        if game.ability(player) == "battle_reroll":
            game.replace_top(Reroll(player, self.enemy, self.card, self.played, total, dice))
        else:
            game.pop()
            resolve(game, player, self.enemy, self.card, self.played, total)

    def describe(self, game: MandalorianGame) -> dict[str, Any]:
        return describe_battle(game, self.player, self.enemy, self.card, self.played)

    def detail(self, game: MandalorianGame, name: str) -> Any:
        # the facts the bot weighs its cards by, from the fields rather than the whole dict
        if name == "both_dice":
            s: MandoState = game.state
            return s.grogu_carrier == self.player
        if name == "roll_needed":
            return game.rules.enemy_cards[self.card].roll
        if name == "card_bonus":
            return played_bonus(game, self.played)
        if name == "enemy":
            return self.enemy
        return self.describe(game)[name]


BATTLE_REROLL: Final = "battle-reroll"  # the prompt kind of the step below


class Reroll(Step):
    """Ahsoka Tano after her roll: re-roll (and keep the second roll) or keep this one."""

    FIELDS = ("player", "enemy", "card", "played", "total", "dice")
    enemy: int
    card: int
    played: tuple[int, ...]
    total: int
    dice: tuple[int, ...]
    kind = BATTLE_REROLL
    answers = frozenset({A.REROLL, A.KEEP})

    def __init__(
        self, player: int, enemy: int, card: int, played: tuple[int, ...], total: int, dice: tuple[int, ...]
    ) -> None:  # (the generic Step.__init__ is slower)
        self.player = player
        self.enemy = enemy
        self.card = card
        self.played = played
        self.total = total
        self.dice = dice

    def legal(self, game: MandalorianGame, player: int) -> list[Action]:
        return [A.A_REROLL, A.A_KEEP]

    def apply(self, game: MandalorianGame, player: int, action: Action) -> None:
        game.pop()
        total = self.total
        if action.kind == A.REROLL:
            total, _ = roll_battle_dice(game, player, "reroll")
        resolve(game, player, self.enemy, self.card, self.played, total)

    def describe(self, game: MandalorianGame) -> dict[str, Any]:
        d = describe_battle(game, self.player, self.enemy, self.card, self.played)
        d["roll"] = self.total
        d["dice"] = list(self.dice)
        return d


def describe_battle(
    game: MandalorianGame, player: int, enemy: int, card: int, played: tuple[Any, ...]
) -> dict[str, Any]:
    s: MandoState = game.state
    t = game.rules
    c = t.enemy_cards[card]
    bonus = played_bonus(game, played)
    return {
        "enemy": enemy,
        "enemy_name": t.enemies[enemy].name,
        "card": card,
        "level": c.level,
        "roll_needed": c.roll,
        "bonus": c.bonus,
        "penalty": c.penalty,
        "played": list(played),
        "card_bonus": bonus,
        "both_dice": s.grogu_carrier == player,
    }


def played_bonus(game: MandalorianGame, played: tuple[Any, ...]) -> int:
    """What the Signet battle cards ``played`` add to the roll."""
    bonus_of = game.rules.battle_bonus
    bonus = 0
    for x in played:
        bonus += bonus_of[x]
    return bonus


def roll_battle_dice(game: MandalorianGame, player: int, how: str) -> tuple[int, tuple[int, ...]]:
    """The silver die; with Grogu also the green die."""
    rules = game.rules
    silver = game.chance.die(rules.silver_die)
    s: MandoState = game.state
    if s.grogu_carrier == player:
        green = game.chance.die(rules.green_die)
        dice: tuple[int, ...] = (silver, green)
    else:
        green = 0
        dice = (silver,)
    total = silver + green
    if game.log_events:
        game.emit(Event(ME.BATTLE_ROLL, player, amount=total, other=silver * 10 + green, info=how))
    return total, dice


def resolve(game: MandalorianGame, player: int, enemy: int, card: int, played: tuple[Any, ...], roll: int) -> None:
    s: MandoState = game.state
    t = game.rules
    c = t.enemy_cards[card]
    total = roll + played_bonus(game, played)
    for x in played:
        return_to_bottom(game, player, x, "used")
    if total >= c.roll:
        s.enemy_decks[enemy].pop(0)
        s.won[player].append(card)
        if game.log_events:
            game.emit(Event(ME.BATTLE_WON, player, amount=card, other=enemy))
        if enemy == t.gideon:
            apply_effect(game, player, c.bonus, "battle")
            end_after_gideon(game)
            return
        if s.enemy_decks[enemy]:
            enemies.to_outpost(game, enemy)
        else:
            enemies.remove(game, enemy)
        apply_effect(game, player, c.bonus, "battle")
        return
    if game.log_events:
        game.emit(Event(ME.BATTLE_LOST, player, amount=card, other=enemy))
    if enemy == t.gideon:
        if s.grogu_carrier == player:
            if game.log_events:
                game.emit(Event(ME.CAPTURED, -1, s.position[player], other=enemy, info="gideon"))
            game.finish([], CAPTURED)
            return
        game.go_to_jail(player, "gideon")
        return
    enemies.to_outpost(game, enemy)
    apply_effect(game, player, c.penalty, "battle")
