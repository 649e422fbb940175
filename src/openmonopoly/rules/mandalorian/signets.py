"""The Signet deck: draw from the top, keep the cards that say so, obey the others, return to the bottom.

Kept cards (Darksaber and Thermal Detonators for battles, the jetpack escape
from Jail) stay with the player, who may trade them, until used; then they go
to the bottom of the deck. Boba Fett draws two cards on a Signet space and keeps
or uses one, returning the other to the bottom (``choose N``); carrying Grogu
he keeps or uses both, in the order drawn -- the second also when the first sent
him to Jail. A card that would move a jailed player's token (advance, go to
jail) is used without moving it: only a 6 or the jetpack leaves Jail. The same
effects serve the enemy cards' bonuses and penalties.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine import events as E
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from ...engine.state import BANK
from ..money import PayStep, pay, transfer
from . import events as ME
from .enemies import imperial_advance
from .state import MandoState

if TYPE_CHECKING:
    from .game import MandalorianGame

SIGNET: Final = 0  # the deck index of the Signet deck


def on_signet_space(game: MandalorianGame, player: int) -> None:
    s: MandoState = game.state
    pile = s.decks[SIGNET]
    if not pile:
        return  # every card is held by players
    first = pile.pop(0)
    if game.ability(player) != "signet_two" or not pile:
        resolve(game, player, first)
        return
    second = pile.pop(0)
    if game.log_events:
        cards = game.edition.decks[SIGNET].cards
        game.emit(Event(E.CARD, player, SIGNET, first, info=cards[first].id))
        game.emit(Event(E.CARD, player, SIGNET, second, info=cards[second].id))
    if s.grogu_carrier == player:
        game.push(ResolveLater(player, second))
        resolve(game, player, first, announced=True)
    else:
        game.push(ChooseSignet(player, first, second))


def draw_one(game: MandalorianGame, player: int) -> None:
    s: MandoState = game.state
    pile = s.decks[SIGNET]
    if pile:
        resolve(game, player, pile.pop(0))


def resolve(game: MandalorianGame, player: int, card: int, announced: bool = False) -> None:
    """A drawn card: keep it, or return it to the bottom and do what it says."""
    s: MandoState = game.state
    c = game.edition.decks[SIGNET].cards[card]
    if not announced and game.log_events:
        game.emit(Event(E.CARD, player, SIGNET, card, info=c.id))
    if game.rules.kept[card]:
        s.held[player].append(card)
        if game.log_events:
            game.emit(Event(ME.SIGNET_KEPT, player, amount=card))
        return
    s.decks[SIGNET].append(card)
    apply_effect(game, player, c.effect, "signet")


def return_to_bottom(game: MandalorianGame, player: int, card: int, why: str) -> None:
    s: MandoState = game.state
    s.decks[SIGNET].append(card)
    if game.log_events:
        game.emit(Event(ME.SIGNET_RETURNED, player, amount=card, info=why))


def apply_effect(game: MandalorianGame, player: int, effect: dict[str, Any], reason: str) -> None:
    """A Signet card's effect, or an enemy card's bonus or penalty."""
    kind = effect["kind"]
    if kind == "collect":
        amount = effect["amount"]
        transfer(game, BANK, player, amount)
        if game.log_events:
            game.emit(Event(E.PAID, BANK, -1, amount, player, reason))
    elif kind == "pay":
        pay(game, player, BANK, effect["amount"], reason)
    elif kind == "advance" or kind == "go_to_jail":
        s: MandoState = game.state
        if s.in_jail[player]:
            pass  # (Boba Fett's second card after the first jailed him)
        elif kind == "advance":
            game.advance_to(player, effect["to"])
        else:
            game.go_to_jail(player, reason)
    elif kind == "imperial_advance":
        imperial_advance(game, player)
    elif kind == "collect_from_each_player":
        for other in reversed(game.seats_from(player)[:-1]):
            game.push(PayStep(other, player, effect["amount"], reason))
    elif kind == "draw_signet":
        draw_one(game, player)
    else:  # kept cards never reach here; the schema validates the rest
        raise AssertionError(f"unknown effect {kind}")


class ResolveLater(Step):
    """Boba Fett with Grogu: the second card, once the first is dealt with ("keep or use both": also when
    the first sent him to Jail)."""

    FIELDS = ("player", "card")
    card: int
    automatic = True

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, card: int) -> None:
        self.player = player
        self.card = card

    def run(self, game: MandalorianGame) -> None:
        game.pop()
        resolve(game, self.player, self.card, announced=True)


SIGNET_CHOICE: Final = "signet-choice"  # the prompt kind of the step below


class ChooseSignet(Step):
    """Boba Fett: keep or use one of the two cards drawn; the other goes to the bottom of the deck."""

    FIELDS = ("player", "first", "second")
    first: int
    second: int
    kind = SIGNET_CHOICE
    answers = frozenset({A.CHOOSE})

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, first: int, second: int) -> None:
        self.player = player
        self.first = first
        self.second = second

    def legal(self, game: MandalorianGame, player: int) -> list[Action]:
        if self.first == self.second:
            return [Action(A.CHOOSE, self.first)]
        return [Action(A.CHOOSE, self.first), Action(A.CHOOSE, self.second)]

    def check(self, game: MandalorianGame, player: int, action: Action) -> str | None:
        if action.arg not in (self.first, self.second):
            return f"choose card {self.first} or {self.second}"
        return None

    def apply(self, game: MandalorianGame, player: int, action: Action) -> None:
        game.pop()
        other = self.second if action.arg == self.first else self.first
        return_to_bottom(game, player, other, "unused")
        resolve(game, player, action.arg, announced=True)

    def describe(self, game: MandalorianGame) -> dict[str, Any]:
        cards = game.edition.decks[SIGNET].cards
        return {"cards": [self.first, self.second], "texts": [cards[self.first].text, cards[self.second].text]}

    def detail(self, game: MandalorianGame, name: str) -> Any:
        # (the cards, which the bot reads, without their texts)
        if name == "cards":
            return [self.first, self.second]
        return self.describe(game)[name]
