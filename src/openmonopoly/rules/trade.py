"""Trades between two players at any time: properties, cash and held cards, proposed by one and
accepted or rejected by the other. What a family ties to a property (buildings that must be sold
first, a mortgage its new owner settles) it says through two hooks, ``Game.trade_hold`` and
``Game.properties_traded``, so this module imports no family."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..engine import actions as A
from ..engine import events as E
from ..engine import prompt as P
from ..engine.actions import TradeOffer
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.state import State
from .money import transfer

# Mandalorian and Empire trade too: these functions take any Game.
if TYPE_CHECKING:
    from ..engine.game import Game

# Actions as Final module constants: compiled code reads them as C statics (the kind strings are
# Final literals in engine/actions.py and engine/events.py, which the compiler inlines).
A_ACCEPT: Final = A.A_ACCEPT
A_REJECT: Final = A.A_REJECT


def trade_pending(game: Game) -> bool:
    s: State = game.base_state
    for step in s.stack:
        if type(step) is TradeAnswer:
            return True
    return False


def _repeats(items: tuple[Any, ...]) -> bool:
    """Whether an item appears twice (an offer lists a few: no set made)."""
    for i in range(1, len(items)):
        x = items[i]
        for j in range(i):
            if items[j] == x:
                return True
    return False


def check_offer(game: Game, offer: TradeOffer) -> str | None:
    ed = game.edition
    s: State = game.base_state
    p, q = offer.proposer, offer.target
    if not (isinstance(q, int) and 0 <= q < s.n) or q == p:
        return f"trade with another player: 0..{s.n - 1}, not yourself"
    if not s.alive[q]:
        return f"{s.names[q]} is out of the game"
    if not (offer.give or offer.take or offer.give_cards or offer.take_cards):
        return "a trade must move at least one property or card"
    # (each side asked in turn of a helper: a loop over a tuple of pairs makes the tuples and iterates them
    # generically at every check)
    problem = _side_problem(game, offer.give, p)
    if problem is None:
        problem = _side_problem(game, offer.take, q)
    if problem is None:
        problem = _cards_problem(game, offer.give_cards, p)
    if problem is None:
        problem = _cards_problem(game, offer.take_cards, q)
    if problem is not None:
        return problem
    if offer.cash > s.cash[p]:
        return f"{s.names[p]} has only {ed.money(s.cash[p])}"
    if -offer.cash > s.cash[q]:
        return f"{s.names[q]} has only {ed.money(s.cash[q])}"
    return None


def _side_problem(game: Game, side: tuple[int, ...], owner_: int) -> str | None:
    """What is wrong with the properties one side of an offer moves, owned by ``owner_`` (``check_offer``)."""
    if _repeats(side):
        return "a property is listed twice"
    ed = game.edition
    s: State = game.base_state
    board = ed.board
    for pos in side:
        if not (isinstance(pos, int) and 0 <= pos < len(board)) or not (board[pos].is_property or pos in ed.properties):
            return f"{pos} is not a property"
        if s.owner[pos] != owner_:
            return f"{s.names[owner_]} does not own {board[pos].name}"
        hold = game.trade_hold(pos)
        if hold is not None:
            return hold
    return None


def _cards_problem(game: Game, cards: tuple[int, ...], holder: int) -> str | None:
    """What is wrong with the held cards one side of an offer moves, held by ``holder`` (``check_offer``).
    A held card is named in an offer by its deck (classic); a family may name it otherwise
    (``game.trade_card_key(ref)``, e.g. the Mandalorian Signet card number)."""
    if not cards:
        return None
    s: State = game.base_state
    key = game.trade_card_key
    held = [key(ref) for ref in s.held[holder]]
    for deck in cards:
        if held.count(deck) < list(cards).count(deck):
            what = game.trade_card_words
            return f"{s.names[holder]} holds no {what} {deck}"
    return None


def partners(game: Game, player: int) -> tuple[int, ...]:
    """Whom ``player`` may propose a trade to now: every other player still in, unless a trade is
    already waiting for an answer."""
    if trade_pending(game):
        return ()
    s: State = game.base_state
    return tuple(q for q in range(s.n) if q != player and s.alive[q])


def check_proposal(game: Game, player: int, action: A.Action) -> str | None:
    """Why ``player`` may not propose the trade ``action`` now (None: they may): one trade waits for
    an answer at a time, and the offer must hold (``check_offer``). Families add their own limits
    before calling this."""
    offer = action.offer
    if offer is None:
        return "a trade needs an offer"
    if trade_pending(game):
        return "another trade is waiting for an answer"
    return check_offer(game, offer if offer.proposer == player else offer._replace(proposer=player))


def propose_from(game: Game, player: int, action: A.Action) -> None:
    """``player`` proposes the trade ``action`` (checked by ``check_proposal``)."""
    offer = action.offer
    assert offer is not None
    propose(game, offer if offer.proposer == player else offer._replace(proposer=player))


def propose(game: Game, offer: TradeOffer) -> None:
    game.push(TradeAnswer(offer))
    if game._events is not None:
        game._events.append(
            Event(E.TRADE_OFFERED, offer.proposer, amount=offer.cash, other=offer.target, info=str(offer))
        )


def _move_card(game: Game, deck: int, giver: int, taker: int) -> None:
    s: State = game.base_state
    held = s.held[giver]
    key = game.trade_card_key
    for i, ref in enumerate(held):
        if key(ref) == deck:
            del held[i]
            s.held[taker].append(ref)
            if game._events is not None:
                game._events.append(Event(E.CARD_GIVEN, taker, ref >> 8, ref & 0xFF, giver))
            return


def execute(game: Game, offer: TradeOffer) -> None:
    s = game.state
    p, q = offer.proposer, offer.target
    moved: list[tuple[int, int, int]] = []
    for pos, giver, taker in [(x, p, q) for x in offer.give] + [(x, q, p) for x in offer.take]:
        s.owner[pos] = taker
        s.owner_changes += 1
        if game._events is not None:
            game._events.append(Event(E.TRANSFERRED, taker, pos, other=giver))
        moved.append((taker, pos, giver))
    for deck in offer.give_cards:
        _move_card(game, deck, p, q)
    for deck in offer.take_cards:
        _move_card(game, deck, q, p)
    if offer.cash > 0:
        transfer(game, p, q, offer.cash)
    elif offer.cash < 0:
        transfer(game, q, p, -offer.cash)
    game.properties_traded(moved)


class TradeAnswer(Step):
    """A trade offered to ``offer.target``, who accepts or rejects it."""

    FIELDS = ("offer",)
    offer: TradeOffer
    kind = P.TRADE
    answers = frozenset({A.ACCEPT, A.REJECT})

    def __init__(self, offer: TradeOffer) -> None:
        # (the generic Step.__init__ sets the FIELDS by name, which compiled code does slowly)
        self.offer = offer

    @property
    def decider(self) -> int:
        return self.offer.target

    def legal(self, game: Game, player: int) -> list[A.Action]:
        if check_offer(game, self.offer) is None:
            return [A_ACCEPT, A_REJECT]
        return [A_REJECT]

    def check(self, game: Game, player: int, action: A.Action) -> str | None:
        if action.kind == A.ACCEPT:
            reason = check_offer(game, self.offer)
            if reason:
                return "the offer no longer holds: " + reason
        return None

    def apply(self, game: Game, player: int, action: A.Action) -> None:
        game.pop()
        offer = self.offer
        if action.kind == A.ACCEPT:
            if game._events is not None:
                game._events.append(
                    Event(E.TRADE_ACCEPTED, player, amount=offer.cash, other=offer.proposer, info=str(offer))
                )
            execute(game, offer)
        elif game._events is not None:
            game._events.append(Event(E.TRADE_REJECTED, player, other=offer.proposer, info=str(offer)))

    def describe(self, game: Game) -> dict[str, Any]:
        return {"offer": self.offer.to_json()}

    def detail(self, game: Game, name: str) -> Any:  # (the bots read the offer by name: see ``Step.detail``)
        return self.offer.to_json() if name == "offer" else self.describe(game)[name]

    def without(self, game: Game, player: int) -> Step | None:
        return None if player in (self.offer.proposer, self.offer.target) else self

    @classmethod
    def decode(cls, name: str, value: object) -> object:
        return TradeOffer.from_json(value)
