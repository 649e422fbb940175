"""The Empire family: the turn and ``EmpireGame`` (the state: ``state.py``).

A turn: (buy an office, play Empire cards,) roll both dice -- the second one
has the sneaky-swapper face -- then swap or move, resolve the space, roll
again after doubles. There is no bankruptcy: a player who cannot pay hands
over their topmost billboard. The first full tower wins.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ...editions import Edition
from ...editions.schema import GO_TO_JAIL
from ...engine import actions as A
from ...engine import events as E
from ...engine import prompt as P
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import SHARED_SEATS, Step
from ...engine.game import Game
from ...engine.house_rules import every_family_house_rules
from ...engine.options import MAX_ROUNDS, Option, max_rounds_option
from ...engine.state import BANK
from ...engine.view import View, public_field
from ...registry import register
from .. import jail, movement, permissions, trade
from ..auction import Auction
from ..money import transfer
from ..turn import TurnStep
from . import chance_cards, empire_cards, spaces, swapper
from .data import OFFICE, EmpireRules, compile_empire
from .empire_cards import AfterCardMove
from .kinds import A_BUY_OFFICE, BUY_OFFICE, EMPIRE_KINDS, PLAY
from .state import EmpireState
from .tower import (
    add_piece,
    full_tower,
    hand_over_top,
    has_billboard,
    return_top,
    take_from_board,
    top_billboard_piece,
    tower_value,
)
from .words import EmpireWords

EXACT_RAISES: Final = "exact-raises"


# ---------------------------------------------------------------------- turn steps
EMPIRE_TURN_ANSWERS: Final = frozenset({A.ROLL, A.PAY_BAIL, A.USE_CARD, PLAY, BUY_OFFICE})


class EmpireTurn(TurnStep):
    """The start of a turn (or of a doubles re-roll): buy an office, play cards, leave jail, roll."""

    kind = P.TURN
    answers = EMPIRE_TURN_ANSWERS

    def accepts(self, kind: str) -> bool:  # (Empire's turn has answers of its own: cards and offices)
        # (``EMPIRE_TURN_ANSWERS`` compared one by one, the roll first: a set lookup hashes, a compiled
        # comparison with a literal is mostly a pointer test)
        return kind == A.ROLL or kind == PLAY or kind == BUY_OFFICE or kind == A.PAY_BAIL or kind == A.USE_CARD

    def legal(self, game: EmpireGame, player: int) -> list[Action]:
        s: EmpireState = game.state
        out = [A.A_ROLL]
        if s.in_jail[player]:
            if jail.check_pay_bail(game, player) is None:
                out.append(A.A_PAY_BAIL)
            if s.held[player]:
                out.append(A.A_USE_CARD)
        if check_buy_office(game, player) is None:
            out.append(A_BUY_OFFICE)
        out += empire_cards.playable(game, player, "jail" if s.in_jail[player] else "turn")
        return out

    def check(self, game: EmpireGame, player: int, action: Action) -> str | None:
        kind = action.kind
        if kind == A.ROLL:  # (the most common answer: no test to pass)
            return None
        if kind == A.PAY_BAIL:
            return jail.check_pay_bail(game, player)
        if kind == A.USE_CARD:
            return jail.check_use_card(game, player)
        if kind == BUY_OFFICE:
            return check_buy_office(game, player)
        if kind == PLAY:
            s: EmpireState = game.state
            return empire_cards.check_play(game, player, action.arg, "jail" if s.in_jail[player] else "turn")
        return None

    def apply(self, game: EmpireGame, player: int, action: Action) -> None:
        kind = action.kind
        if kind == A.ROLL:
            game.roll(player)
        elif kind == A.PAY_BAIL:
            jail.pay_bail(game, player)
        elif kind == A.USE_CARD:
            jail.use_card(game, player)
        elif kind == BUY_OFFICE:
            buy_office(game, player)
        else:
            empire_cards.play_on_turn(game, player, action.arg)

    def describe(self, game: EmpireGame) -> dict[str, Any]:
        s: EmpireState = game.state
        return {"in_jail": s.in_jail[self.player], "jail_turns": s.jail_turns[self.player], "doubles": s.doubles}


class EmpireEndOfMove(Step):
    """After a move (or a swap) is resolved: roll again after doubles, or pass the dice on."""

    FIELDS = ("player", "again")
    again: bool  # doubles: the player rolls again
    automatic = True

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int, again: bool) -> None:
        self.player = player
        self.again = again

    def is_automatic(self) -> bool:  # (see ``EmpireTurn.is_automatic``)
        return True

    def run(self, game: EmpireGame) -> None:
        s: EmpireState = game.state
        if self.again and not s.in_jail[self.player]:
            game.replace_top(game.turn_step(self.player))
        else:
            game.next_turn(replace_top=True)


def check_buy_office(game: EmpireGame, player: int) -> str | None:
    s: EmpireState = game.state
    price = game.table.office_price
    if s.office_bought:
        return "you have already bought an office this turn"
    if s.offices <= 0:
        return "the bank has no office tiles left"
    if s.cash[player] < price:
        return f"an office costs {game.edition.money(price)} and you have {game.edition.money(s.cash[player])}"
    return None


def buy_office(game: EmpireGame, player: int) -> None:
    s: EmpireState = game.state
    price = game.table.office_price
    transfer(game, player, BANK, price)
    s.offices -= 1
    s.office_bought = True
    add_piece(game, player, OFFICE, "office-bought", price)


class EmpireView(View):
    """A player's view; ``hand`` is the viewer's own Empire cards (a spectator has none). Typed properties
    for the public fields of ``EmpireState`` beyond the shared ones (the compiled bot reads them directly),
    any other public field by name (``__getattr__``); no generated subclass (see ``ClassicView``)."""

    GENERATE_FIELDS = False

    def __getattr__(self, name: str) -> Any:
        return public_field(self._game.state, name)

    @property
    def tower(self) -> list[list[int]]:
        s: EmpireState = self._game.state
        return s.tower

    @property
    def height(self) -> list[int]:
        s: EmpireState = self._game.state
        return s.height

    @property
    def stock(self) -> list[int]:
        s: EmpireState = self._game.state
        return s.stock

    @property
    def offices(self) -> int:
        s: EmpireState = self._game.state
        return s.offices

    @property
    def office_bought(self) -> bool:
        s: EmpireState = self._game.state
        return s.office_bought

    @property
    def doubles(self) -> int:
        s: EmpireState = self._game.state
        return s.doubles

    def top_billboard(self, seat: int) -> int:
        """The topmost billboard in ``seat``'s tower, the piece that taxes, swaps and debts move (an office
        is not a billboard, even on top), or -1 when the tower has none."""
        return top_billboard_piece(self._game, seat)  # type: ignore[arg-type]

    @property
    def hand(self) -> tuple[int, ...]:
        s: EmpireState = self._game.state
        return () if self.player is None else tuple(s.hands[self.player])

    def own_hand(self) -> list[int]:
        """The viewer's own Empire cards as the game's list itself, not a copy (``hand`` copies it at every
        read): for the compiled bot, which only reads it, at every turn. Empty for a spectator."""
        player = self.player
        if player is None:
            return []
        s: EmpireState = self._game.state
        return s.hands[player]

    @property
    def hand_sizes(self) -> list[int]:
        s: EmpireState = self._game.state
        return [len(h) for h in s.hands]


# ---------------------------------------------------------------------- the game
# A turn's own steps hold only the seat (and whether doubles roll again) and never change once made: one
# of each per seat, made at import and pushed turn after turn by every game (as classic's are), so that a
# game makes none of them. Made whole at import (not grown on demand: two threads could append a seat's step
# twice and shift the rest); a seat beyond them (``SHARED_SEATS``), which no edition has, gets a step of its own.
_TURN_STEPS: Final[list[EmpireTurn]] = [EmpireTurn(p) for p in range(SHARED_SEATS)]
_MOVE_ENDS: Final[list[EmpireEndOfMove]] = [  # seat p's at 2 * p (no re-roll) and 2 * p + 1 (doubles)
    EmpireEndOfMove(p, again) for p in range(SHARED_SEATS) for again in (False, True)
]

# For each number of seats and count, every seat's ``count`` players from its left round the table:
# made once and shared by every game (the tuples never change).
_RINGS: Final[dict[int, list[tuple[int, ...]]]] = {}  # (keyed by ``n * 1000 + count``: an int hashes cheaply)


def _rings(n: int, count: int) -> list[tuple[int, ...]]:
    key = n * 1000 + count
    rings = _RINGS.get(key)
    if rings is None:
        rings = []
        for p in range(n):
            seats = []  # (a list then a tuple: a compiled generator costs several times more)
            for i in range(1, count + 1):
                seats.append((p + i) % n)
            rings.append(tuple(seats))
        _RINGS[key] = rings
    return rings


class EmpireGame(Game):
    family = "empire"
    ACTION_KINDS = EMPIRE_KINDS
    state_class = EmpireState
    view_class = EmpireView
    PERMISSIONS = permissions.EMPIRE
    landing_counts: list[int] | None = None  # simulation statistics (see sim.runner)
    exact_raises: bool = False  # option exact-raises, read once per game (``read_options``)
    # The edition's rules table, typed, read once per game with the options (``read_options``: a game made,
    # cloned or loaded reads it before anything else): the rules read it at every turn, where the ``rules``
    # property is a call and a type test each time.
    table: EmpireRules
    # Whether a tower has grown to full since ``_advance`` last looked at the heights (``tower.add_piece``
    # and ``swap_tops`` say so): the heights are looked at only then (a tower full when they are looked at
    # was full when it last grew). True at first, so that a game made, cloned or loaded looks once.
    tower_filled: bool = True
    OPTIONS: ClassVar[dict[str, Option]] = {
        MAX_ROUNDS: max_rounds_option("the tallest tower (then the most cash)", "play until a tower is full"),
        EXACT_RAISES: Option(
            EXACT_RAISES,
            False,
            "Auctions: every raise is exactly $50K, the rulebook's words taken literally ('anyone "
            "can increase the current bid by $50K'). Off (default): a raise of at least $50K.",
        ),
    }

    def read_options(self) -> None:
        super().read_options()
        self.exact_raises = bool(self.options[EXACT_RAISES])  # (asked at every bid's check)
        self.table = self.edition.rules

    @property
    def rules(self) -> EmpireRules:
        """The edition's rules table, typed (``Edition.rules`` is any family's)."""
        rules: EmpireRules = self.edition.rules
        return rules

    @classmethod
    def available_options(cls, edition: Edition) -> dict[str, Option]:
        options = dict(EmpireGame.OPTIONS)
        options.update(every_family_house_rules(edition, "the youngest player starting"))
        return options

    @classmethod
    def compile_rules(cls, edition: Edition) -> Any:
        return compile_empire(edition)

    @classmethod
    def edition_model(cls) -> Any:
        from .schema import EmpireEdition

        return EmpireEdition

    @classmethod
    def board_facts(cls, edition: Edition) -> dict[str, Any]:
        t = edition.rules
        deck = edition.decks[t.empire_deck].cards
        return {
            "empire": {
                "heights": list(t.height[: len(edition.board)]),
                "office": OFFICE,
                "office_height": t.height[OFFICE],
                "capacity": t.capacity,
                "cards": [
                    {"kind": k, "title": deck[i].title, "text": deck[i].text} for i, k in enumerate(t.empire_kind)
                ],
            }
        }

    # ------------------------------------------------------------ set-up
    def new_state(self, names: list[str]) -> EmpireState:
        return EmpireState(names, self.edition)

    def deal_at_setup(self) -> None:
        """The youngest player (the first seat) will start; every player draws the rulebook's starting
        Empire cards, one at a time in seat order."""
        s: EmpireState = self.state
        rules = self.table
        if not self.shuffle_seats:  # (house rule shuffle-seats: the draw names the first player)
            if self.log_events:
                self.emit(Event(E.GAME_STARTED, 0, info="youngest"))
        count = rules.starting_empire_cards
        pile = s.decks[rules.empire_deck]
        dealt = count * s.n
        if self._events is None and dealt <= len(pile):
            # Without events, the deal as one move: drawn one at a time in seat order, the top ``dealt``
            # cards go round the table (seat p takes the pile's p-th, (p + n)-th, ... card), then leave the
            # pile at once, where each draw took the pile's first card out alone (and shifted the rest).
            hands = s.hands
            i = 0
            for _ in range(count):
                for p in range(s.n):
                    hands[p].append(pile[i])
                    i += 1
            del pile[:dealt]
            return
        for _ in range(count):
            for p in range(s.n):
                empire_cards.draw(self, p, rules.empire_deck)

    def first_player(self) -> int:
        return 0

    def resample_hidden(self, player: int | None, rng: Any) -> None:
        """For ``View.sample_game``: shuffle the decks and deal every hand but ``player``'s anew, with
        the same sizes, from the Empire cards ``player`` cannot see (the pile and those hands)."""
        s: EmpireState = self.state
        deck = self.table.empire_deck
        others = [p for p in range(s.n) if p != player]
        unseen = list(s.decks[deck])
        for p in others:
            unseen += s.hands[p]
        rng.shuffle(unseen)
        for p in others:
            k = len(s.hands[p])
            s.hands[p], unseen = unseen[:k], unseen[k:]
        s.decks[deck] = unseen
        for d, pile in enumerate(s.decks):
            if d != deck:
                rng.shuffle(pile)

    # ------------------------------------------------------------ flow
    def _advance(self) -> None:
        """Run automatic steps until a decision is on top; a full tower ends the game at once."""
        s: EmpireState = self.state
        stack = s.stack
        while not s.over:
            # (the heights looked at only when a tower has been filled since the last look: nearly never)
            if self.tower_filled:
                self.tower_filled = False
                winner = full_tower(self)
                if winner >= 0:
                    self.finish([winner], "tower-full")
                    return
            top = stack[-1]
            if not top.is_automatic():
                return
            top.run(self)

    # Each seat's ``seats_from`` and ``rivals``, read once per game from the tables of its number of seats.
    _seats_from: list[tuple[int, ...]] | None = None
    _rivals: list[tuple[int, ...]] | None = None

    def seats_from(self, player: int) -> tuple[int, ...]:
        """Every player from ``player``'s left round to ``player``."""
        rings = self._seats_from
        if rings is None:
            s: EmpireState = self.state
            rings = self._seats_from = _rings(s.n, s.n)
        return rings[player]

    def rivals(self, player: int) -> tuple[int, ...]:
        """Every other player from ``player``'s left (``seats_from`` but ``player``)."""
        rings = self._rivals
        if rings is None:
            s: EmpireState = self.state
            rings = self._rivals = _rings(s.n, s.n - 1)
        return rings[player]

    def next_turn(self, replace_top: bool = False) -> None:
        s: EmpireState = self.state
        s.doubles = 0
        s.office_bought = False
        self.pass_turn(replace_top)

    def turn_step(self, player: int) -> Step:
        return _TURN_STEPS[player] if player < SHARED_SEATS else EmpireTurn(player)

    def end_at_limit(self, reason: str = "round-limit") -> None:
        """The tallest tower wins at the round limit, then the most cash."""
        s: EmpireState = self.state
        best = max((s.height[p], s.cash[p]) for p in range(s.n))
        self.finish([p for p in range(s.n) if (s.height[p], s.cash[p]) == best], reason)

    # ------------------------------------------------------------ dice and moves
    def roll(self, player: int) -> None:
        swapper.roll(self, player)

    def end_of_move(self, player: int, again: bool) -> Step:
        # (swapper.py cannot import this module's step at its top, and an import in a compiled roll costs each turn)
        if player >= SHARED_SEATS:
            return EmpireEndOfMove(player, again)
        return _MOVE_ENDS[2 * player + 1 if again else 2 * player]

    def move_by(self, player: int, steps: int) -> None:
        movement.move_by(self, player, steps)

    def advance_to(self, player: int, target: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        movement.advance_to(self, player, target)

    def go_salary(self, player: int) -> int:
        """GO: collect your current tower value; "No billboards? Collect $50K" (offices alone are no billboards)."""
        if not has_billboard(self, player):
            return self.table.ladder[0]
        return tower_value(self, player)

    def land(self, player: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        s: EmpireState = self.state
        counts = self.landing_counts
        if counts is not None:
            pos = s.position[player]
            counts[-1 if self.edition.board[pos].type == GO_TO_JAIL else pos] += 1
        spaces.land(self, player)

    # ------------------------------------------------------------ shared-part hooks
    def cannot_pay(self, payer: int, payee: int, amount: int, reason: str, pos: int) -> None:
        """Keep your cash; the topmost billboard of your tower goes to the creditor (to the board for the bank);
        with no billboard (offices only, or nothing), nothing happens."""
        if self._events is not None:
            self._events.append(Event(E.DEBT, payer, pos, amount, payee, reason))
        if payee == BANK:
            return_top(self, payer, "debt")
        else:
            hand_over_top(self, payer, payee, "debt")

    def _spendable(self, player: int) -> int:
        """``permissions.spendable`` worked out the short way for Empire: the cash in hand less the
        player's open high bids. Every Empire bid is paid in cash (``permissions.EMPIRE``), and nothing
        else is ever due at once (Empire has no mortgages: no ``MortgagedTransfer`` waits on its stack).
        Asked at every bid's check (tests/empire/test_empire_shortcuts.py compares the two)."""
        s: EmpireState = self.state
        held = 0
        for step in s.stack:
            if type(step) is Auction and step.high_bidder == player:
                held += step.high
        return s.cash[player] - held

    def max_bid(self, player: int, lot: int) -> int:
        s: EmpireState = self.state
        cash = self._spendable(player)
        if self.exact_raises:
            # the one legal bid is the next $50K step (the open auction is the topmost one)
            for step in reversed(s.stack):
                if type(step) is Auction:
                    return min(cash, step.minimum(self))
        return cash

    def bid_covered(self, player: int, lot: int, amount: int) -> bool:
        # (``amount <= max_bid``: without exact raises, the cash the player may spend)
        if self.exact_raises:
            return amount <= self.max_bid(player, lot)
        return amount <= self._spendable(player)

    def award_auctioned(self, winner: int, pos: int, price: int) -> None:
        transfer(self, winner, BANK, price)
        take_from_board(self, winner, pos, "auction", price)

    def card_effect(self, player: int, effect: dict[str, Any]) -> None:
        chance_cards.apply(self, player, effect)

    # ------------------------------------------------------------ any time: selling get-out-of-jail cards
    def check_anytime(self, player: int, action: Action) -> str | None:
        if action.kind != A.TRADE:
            return f"'{action.kind}' is not part of this edition"
        offer = action.offer
        if offer is not None and (offer.give or offer.take):
            return "only get-out-of-jail cards (for cash) change hands in this edition"
        return trade.check_proposal(self, player, action)

    def apply_anytime(self, player: int, action: Action) -> None:
        trade.propose_from(self, player, action)

    def refusal(self, player: int, action: Action) -> str | None:
        """The permission table's gate (``permissions.refusal``), asked only for the kinds it may refuse
        here: a buy (while the buyer's cash-only high bid stands), a trade and its answer. The one other kind
        Empire's table names, a bid, is refused only to a debtor, and Empire has no debts (a payment that
        cannot be made hands over a billboard at once: none of its steps is a debt); every other kind is
        free. Asked at every answer's check, where the table's way looked for a debt on the whole stack
        for each bid (tests/empire/test_empire_shortcuts.py compares the two over whole games)."""
        if action is A.A_ROLL or action is A.A_PASS:  # (the commonest answers, the shared ones: both free)
            return None
        kind = action.kind  # (a NamedTuple's field: read by its index; a typed tuple would test all three)
        if kind == A.BUY:
            # A buy is refused only while the buyer's own high bids hold cash back (the table's way finds no
            # debt here either): without one, nothing to refuse, and the table is asked only with one open.
            s: EmpireState = self.state
            if self._spendable(player) == s.cash[player]:
                return None
            return permissions.refusal(self, player, action)
        if kind == A.TRADE or kind == A.ACCEPT:
            return permissions.refusal(self, player, action)
        return None

    def trade_partners(self, player: int) -> tuple[int, ...]:
        s: EmpireState = self.state
        # (no trades during an auction: ``permissions.EMPIRE``)
        if not any(s.held) or trade.trade_pending(self) or permissions.auction_open(self):
            return ()
        return self.rivals(player)

    # ------------------------------------------------------------ valuations and views
    def net_worth(self, player: int) -> int:
        """Cash plus what the tiles in the tower cost (offices at the office price)."""
        s: EmpireState = self.state
        price = self.table.price
        return s.cash[player] + sum(price[piece] for piece in s.tower[player])

    def words(self) -> EmpireWords:
        s: EmpireState = self.state
        return EmpireWords(self.edition, s.names)

    def player_fields(self, seat: int, viewer: int | None) -> dict[str, Any]:
        row = super().player_fields(seat, viewer)
        s: EmpireState = self.state
        row.update(
            tower=list(s.tower[seat]),
            height=s.height[seat],
            tower_value=tower_value(self, seat),
            top_billboard=top_billboard_piece(self, seat),
            jail_cards=len(s.held[seat]),
            empire_cards=len(s.hands[seat]),
        )
        return row

    def table_fields(self, viewer: int | None) -> dict[str, Any]:
        s: EmpireState = self.state
        return {
            "hand": None if viewer is None else list(s.hands[viewer]),
            "owner": list(s.owner),
            "stock": list(s.stock),
            "offices": s.offices,
            "deck_sizes": [len(d) for d in s.decks],
            "doubles": s.doubles,
            "office_bought": s.office_bought,
        }


register(EmpireGame)

__all__ = ["EmpireGame", "EmpireState", "EmpireTurn", "EmpireEndOfMove", "AfterCardMove", "EmpireView"]
