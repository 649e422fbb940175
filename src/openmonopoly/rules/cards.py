"""Card decks: draw from the top, obey, return to the bottom.

Get-out-of-jail cards are kept (and may be sold) until used, then go back to the
bottom of their deck. A held card is stored as ``deck << 8 | card``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import events as E
from ..engine.events import Event
from ..engine.state import State
from .jail import send_to_jail
from .money import BANK, PayStep, pay, transfer

# Empire draws the classic Chance and Community Chest cards too: these functions take any Game.
if TYPE_CHECKING:
    from ..engine.game import Game


def card_ref(deck: int, card: int) -> int:
    return deck << 8 | card


def draw(game: Game, player: int, deck: int) -> None:
    s: State = game.base_state
    pile = s.decks[deck]
    if not pile:
        return  # every card of the deck is held by players
    index = pile.pop(0)
    card = game.edition.decks[deck].cards[index]
    if game._events is not None:
        game._events.append(Event(E.CARD, player, deck, index, info=card.id))
    effect = card.effect
    kind: str = effect["kind"]
    if kind == "get_out_of_jail":
        s.held[player].append(card_ref(deck, index))
        return
    pile.append(index)
    apply_effect(game, player, effect)


def apply_effect(game: Game, player: int, effect: dict[str, Any]) -> None:
    s: State = game.base_state
    kind: str = effect["kind"]
    if kind == "advance":
        game.advance_to(player, effect["to"])
    elif kind == "advance_nearest":
        target = game.edition.next_of_type(s.position[player], effect["type"])
        game.advance_to(
            player,
            target,
            rent_multiplier=effect.get("rent_multiplier", 1),
            dice_multiplier=effect.get("dice_multiplier", 0),
        )
    elif kind == "move":
        game.move_by(player, effect["steps"])
    elif kind == "collect":
        amount: int = effect["amount"]
        transfer(game, BANK, player, amount)
        if game._events is not None:
            game._events.append(Event(E.PAID, BANK, -1, amount, player, "card"))
    elif kind == "pay":
        pay(game, player, BANK, effect["amount"], "card")
    elif kind == "go_to_jail":
        send_to_jail(game, player, "card")
    elif kind == "repairs":
        houses, hotels = game.buildings_of(player)
        per_house: int = effect["per_house"]
        per_hotel: int = effect["per_hotel"]
        pay(game, player, BANK, houses * per_house + hotels * per_hotel, "repairs")
    elif kind == "pay_each_player":
        for other in reversed(game.seats_from(player)[:-1]):
            game.push(PayStep(player, other, effect["amount"], "card"))
    elif kind == "collect_from_each_player":
        for other in reversed(game.seats_from(player)[:-1]):
            game.push(PayStep(other, player, effect["amount"], "card"))
    else:  # a family's own effects (Empire)
        game.card_effect(player, effect)
