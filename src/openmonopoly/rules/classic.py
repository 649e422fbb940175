"""The classic family: the turn, movement, landing and the any-time actions.

Shared parts live in their own modules (money, auction, buildings, mortgage,
trade, jail, cards); this module strings them into turns. Editions differ by
their data file and, where the rulebook differs, by a subclass overriding a hook.
"""
from __future__ import annotations

from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from ..editions import Edition
from ..editions.schema import Rules
from ..editions.schema import CARD, GO_TO_JAIL, RAILROAD, STREET, TAX, UTILITY
from ..engine import actions as A
from ..engine import events as E
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.flow import Step
from ..engine.game import Game
from ..registry import register
from ..engine.options import Option
from ..engine.state import BANK, State
from ..engine.view import View, is_public, no_field
from . import buildings, cards, jail, mortgage, trade
from .auction import start_auction
from .classic_data import compile_classic
from .words import EventWords
from .money import pay, raisable, start_debt, transfer


@mypyc_attr(allow_interpreted_subclasses=True)   # Clone Wars adds its own fields
class ClassicState(State):
    FIELDS = State.FIELDS + ("in_jail", "jail_turns", "owner", "level", "mortgaged", "bank_houses", "bank_hotels",
                 "decks", "held", "doubles", "shortage_tried")
    HIDDEN = frozenset({"decks"})
    level: list[int]                # per space: houses 1..houses_per_hotel, then the hotel level
    mortgaged: list[bool]
    bank_houses: int
    bank_hotels: int
    decks: list[list[int]]          # per deck: card indices in draw order (hidden)
    doubles: int
    shortage_tried: list[list[int]]

    def __init__(self, names: list[str], edition: Edition) -> None:
        rules = edition.rules
        super().__init__(names, rules.start_cash)
        n, size = len(names), len(edition.board)
        self.in_jail = [False] * n
        self.jail_turns = [0] * n
        self.owner = [BANK] * size
        self.level = [0] * size
        self.mortgaged = [False] * size
        self.bank_houses = rules.houses
        self.bank_hotels = rules.hotels
        self.decks = [list(range(len(d.cards))) for d in edition.decks]
        self.held = [[] for _ in range(n)]
        self.doubles = 0
        self.shortage_tried = []


A_ROLL: Final = A.A_ROLL              # (Final: a C static in compiled code, not a module lookup)
A_BUY: Final = A.A_BUY
A_AUCTION: Final = A.A_AUCTION


class ClassicView(View):
    """The classic family's view: typed properties for what the compiled heuristic bot reads most,
    and every other public field of the state by name (``__getattr__``).

    Unlike other views it has no generated subclass (``GENERATE_FIELDS``): the compiled bot's reads
    are then direct calls rather than lookups through an interpreted class."""

    GENERATE_FIELDS = False

    def __getattr__(self, name: str) -> Any:
        s: State = self._game.state
        if is_public(name, type(s)):
            return getattr(s, name)
        raise no_field(name, s.HIDDEN)

    @property
    def owner(self) -> list[int]:
        s: ClassicState = self._game.state
        return s.owner

    @property
    def level(self) -> list[int]:
        s: ClassicState = self._game.state
        return s.level

    @property
    def mortgaged(self) -> list[bool]:
        s: ClassicState = self._game.state
        return s.mortgaged

    @property
    def in_jail(self) -> list[bool]:
        s: ClassicState = self._game.state
        return s.in_jail

    @property
    def held(self) -> list[list[int]]:
        s: ClassicState = self._game.state
        return s.held

    @property
    def bank_houses(self) -> int:
        s: ClassicState = self._game.state
        return s.bank_houses

    @property
    def bank_hotels(self) -> int:
        s: ClassicState = self._game.state
        return s.bank_hotels

    # Rule facts an interface needs (it must not work them out itself: the quicker game changes them).
    @property
    def houses_per_hotel(self) -> int:
        """Houses on each street of a set before its hotel."""
        game = cast("ClassicGame", self._game)
        return game.houses_per_hotel

    @property
    def hotel_level(self) -> int:
        """The building level of a hotel (``level[pos]`` counts houses up to ``houses_per_hotel``)."""
        game = cast("ClassicGame", self._game)
        return game.hotel_level


# ---------------------------------------------------------------------- turn steps
class TurnStart(Step):
    """The start of a turn (or of a doubles re-roll): roll, or first leave jail."""

    FIELDS = ("player",)
    kind = "turn"
    answers = frozenset({A.ROLL, A.PAY_BAIL, A.USE_CARD})

    def __init__(self, player: int) -> None:     # (the generic Step.__init__ is slower; this is hot)
        self.player = player

    def legal(self, game: "ClassicGame", player: int) -> list[Action]:
        out = [A_ROLL]
        s: ClassicState = game.state
        if s.in_jail[player]:
            if jail.check_pay_bail(game, player) is None:
                out.append(A.A_PAY_BAIL)
            if s.held[player]:
                out.append(A.A_USE_CARD)
        return out

    def check(self, game: "ClassicGame", player: int, action: Action) -> str | None:
        if action.kind == A.PAY_BAIL:
            return jail.check_pay_bail(game, player)
        if action.kind == A.USE_CARD:
            return jail.check_use_card(game, player)
        return None

    def apply(self, game: "ClassicGame", player: int, action: Action) -> None:
        if action.kind == A.ROLL:
            game.roll(player)
        elif action.kind == A.PAY_BAIL:
            jail.pay_bail(game, player)
        else:
            jail.use_card(game, player)

    def describe(self, game: "ClassicGame") -> dict:
        s: ClassicState = game.state
        return {"in_jail": s.in_jail[self.player], "jail_turns": s.jail_turns[self.player], "doubles": s.doubles}

    def without(self, game: "ClassicGame", player: int) -> Step | None:
        return EndOfMove(player, False) if player == self.player else self


class EndOfMove(Step):
    """After a move is resolved: roll again after doubles, or pass the dice on."""

    FIELDS = ("player", "again")
    again: bool
    automatic = True

    def __init__(self, player: int, again: bool) -> None:
        self.player = player
        self.again = again

    def run(self, game: "ClassicGame") -> None:
        s: ClassicState = game.state
        p = self.player
        if self.again and s.alive[p] and not s.in_jail[p]:
            game.replace_top(TurnStart(p))
        else:
            game.pop()
            game.next_turn()


class MoveStep(Step):
    """A move that waits for something before it (the fine after a third failed jail roll)."""

    FIELDS = ("player", "steps")
    steps: int
    automatic = True

    def run(self, game: "ClassicGame") -> None:
        game.pop()
        s: ClassicState = game.state
        if s.alive[self.player]:
            game.move_by(self.player, self.steps)


class BuyOrAuction(Step):
    """Buy the property landed on, or let the bank auction it (the Mandalorian hideouts too: any Game)."""

    FIELDS = ("player", "pos")
    pos: int
    kind = "buy"
    answers = frozenset({A.BUY, A.AUCTION})

    def __init__(self, player: int, pos: int) -> None:
        self.player = player
        self.pos = pos

    def legal(self, game: Game, player: int) -> list[Action]:
        s: State = game.state
        if s.cash[player] >= game.edition.board[self.pos].price:
            return [A_BUY, A_AUCTION]
        return [A_AUCTION]

    def check(self, game: Game, player: int, action: Action) -> str | None:
        price = game.edition.board[self.pos].price
        s: State = game.state
        if action.kind == A.BUY and s.cash[player] < price:
            return (f"it costs {game.edition.money(price)} and you have {game.edition.money(s.cash[player])}"
                    "; mortgage or sell first, or let it go to auction")
        return None

    def apply(self, game: Game, player: int, action: Action) -> None:
        game.pop()
        pos = self.pos
        if action.kind == A.BUY:
            price = game.edition.board[pos].price
            transfer(game, player, BANK, price)
            s: Any = game.state        # every family with properties has ``owner``
            s.owner[pos] = player
            if game._events is not None:
                game._events.append(Event(E.BOUGHT, player, pos, price))
        else:
            start_auction(game, pos, game.seats_from(player))

    def describe(self, game: Game) -> dict:
        return {"pos": self.pos, "price": game.edition.board[self.pos].price}


class ClaimRent(Step):
    """Option "rent must be claimed": the owner claims the rent before the next roll, or it lapses
    (the Mandalorian hideouts too: any Game)."""

    FIELDS = ("player", "payer", "pos", "amount")
    payer: int
    pos: int
    amount: int
    kind = "claim-rent"
    answers = frozenset({A.CLAIM, A.WAIVE})

    def legal(self, game: Game, player: int) -> list[Action]:
        return [A.A_CLAIM, A.A_WAIVE]

    def apply(self, game: Game, player: int, action: Action) -> None:
        game.pop()
        if action.kind == A.CLAIM:
            pay(game, self.payer, player, self.amount, "rent", self.pos)
        else:
            game.emit(Event(E.RENT_LAPSED, self.payer, self.pos, self.amount, player))

    def describe(self, game: Game) -> dict:
        return {"payer": self.payer, "pos": self.pos, "amount": self.amount}

    def without(self, game: Game, player: int) -> Step | None:
        return None if player in (self.player, self.payer) else self


# ---------------------------------------------------------------------- the game
@mypyc_attr(allow_interpreted_subclasses=True)   # the quicker game and the editions with rules of their own
class ClassicGame(Game):
    family = "classic"
    ACTION_KINDS = A.SHARED_KINDS.without(A.PLAY, A.CHOOSE, A.REROLL)
    state_class = ClassicState
    view_class = ClassicView
    # Optional statistics hook (sim.runner): a list of board-size + 1 counters, or None (the default: off).
    landing_counts: list[int] | None = None
    OPTIONS: ClassVar[dict[str, Option]] = {
        "rent-must-be-claimed": Option(
            "rent-must-be-claimed", False,
            "The owner must claim rent before the next player rolls, or it is not paid (as the rulebooks say). "
            "Off: rent is collected automatically."),
        "max-rounds": Option(
            "max-rounds", None, "End the game after this many rounds; the richest player by net worth wins. "
                                "Off by default (play to the last player standing).", int, 1),
    }

    # ------------------------------------------------------------ edition hooks
    @classmethod
    def compile_rules(cls, edition: Edition) -> Rules:
        return compile_classic(edition)

    @property
    def houses_per_hotel(self) -> int:
        return self.edition.rules.max_houses

    @property
    def hotel_level(self) -> int:
        return self.houses_per_hotel + 1

    @property
    def jail_attempts(self) -> int:
        return 3

    @property
    def bankruptcy_interest_always(self) -> bool:
        return False

    def go_salary(self, player: int) -> int:
        return self.edition.rules.go_salary

    def cannot_pay(self, payer: int, payee: int, amount: int, reason: str, pos: int) -> None:
        """A payment due now exceeds the payer's cash (families settle this their own way)."""
        start_debt(self, payer, payee, amount, reason, pos)

    def max_bid(self, player: int, lot: int) -> int:
        s: ClassicState = self.state
        cash = s.cash[player]
        if lot < 0 or self.edition.rules.bid_limited_to_cash:
            return cash
        # A winning bidder may raise the rest by selling buildings and mortgaging.
        return cash + raisable(self, player)

    def award_auctioned(self, winner: int, pos: int, price: int) -> None:
        s: ClassicState = self.state
        s.owner[pos] = winner
        pay(self, winner, BANK, price, "auction", pos)

    # ------------------------------------------------------------ set-up
    def new_state(self, names: list[str]) -> ClassicState:
        return ClassicState(names, self.edition)

    def setup(self) -> None:
        s: ClassicState = self.state
        for pile in s.decks:
            self.chance.shuffle(pile)
        s.first_player = s.current = self.roll_for_first_player()
        s.turns = 1
        self.push(TurnStart(s.current))
        if self._events is not None:
            self._events.append(Event(E.TURN, s.current, amount=s.round))

    def roll_for_first_player(self) -> int:
        """Everyone rolls both dice; the highest starts; tied highest roll again."""
        contenders = list(range(self.state.n))
        rolls: list[str] | None = [] if self._events is not None else None    # (for the event only)
        while True:
            totals = []
            for p in contenders:
                d1, d2 = self.chance.die(6), self.chance.die(6)
                totals.append(d1 + d2)
                if rolls is not None:
                    rolls.append(f"{p}:{d1}+{d2}")
            best = max(totals)
            contenders = [p for p, t in zip(contenders, totals) if t == best]
            if len(contenders) == 1:
                if rolls is not None:
                    self.emit(Event(E.GAME_STARTED, contenders[0], info=" ".join(rolls)))
                return contenders[0]

    # ------------------------------------------------------------ seats and turns
    def next_turn(self) -> None:
        s: ClassicState = self.state
        s.doubles = 0
        s.shortage_tried.clear()
        self.pass_turn()

    def turn_step(self, player: int) -> Step:
        return TurnStart(player)

    def after_bankruptcy(self, player: int, handover: list[Step]) -> None:
        """A player has left the game and others play on; ``handover``: the steps settling their
        estate (lift-or-keep decisions, the bank's auctions). Variants may end the game here."""

    # ------------------------------------------------------------ rolling and moving
    def roll(self, player: int) -> None:
        s: ClassicState = self.state
        d1, d2 = self.chance.die(), self.chance.die()
        s.dice = (d1, d2)
        total = d1 + d2
        if self._events is not None:
            self._events.append(Event(E.DICE, player, amount=total, other=d1 * 10 + d2,
                                      info="jail" if s.in_jail[player] else "move"))
        if s.in_jail[player]:
            if d1 == d2:
                jail.release(self, player, "doubles")
                self.replace_top(EndOfMove(player, False))      # the doubles only free you: no re-roll
                self.move_by(player, total)
                return
            s.jail_turns[player] += 1
            if s.jail_turns[player] < self.jail_attempts:
                self.replace_top(EndOfMove(player, False))
                return
            jail.release(self, player, "fine")
            self.replace_top(EndOfMove(player, False))
            self.push(MoveStep(player, total))
            pay(self, player, BANK, self.edition.rules.jail_fine, "bail")
            return
        doubles = d1 == d2
        if doubles:
            s.doubles += 1
            if s.doubles >= 3:
                self.replace_top(EndOfMove(player, False))
                jail.send_to_jail(self, player, "three doubles")
                return
        self.replace_top(EndOfMove(player, doubles))
        self.move_by(player, total)

    def move_by(self, player: int, steps: int) -> None:
        """Move forward (or back, for negative steps) and resolve the space."""
        s: ClassicState = self.state
        size = len(self.edition.board)
        old = s.position[player]
        new = (old + steps) % size
        s.position[player] = new
        if self._events is not None:
            self._events.append(Event(E.MOVED, player, new, old, steps, "forward" if steps > 0 else "back"))
        if steps > 0 and old + steps >= size:
            self.collect_salary(player)
        self.land(player, 1, 0)

    def advance_to(self, player: int, target: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        """Move forward to ``target`` (collecting the salary if GO is passed or reached) and resolve it."""
        s: ClassicState = self.state
        old = s.position[player]
        steps = (target - old) % self.edition.size or self.edition.size
        s.position[player] = target
        if self._events is not None:
            self._events.append(Event(E.MOVED, player, target, old, steps, "direct"))
        if old + steps >= self.edition.size:
            self.collect_salary(player)
        self.land(player, rent_multiplier, dice_multiplier)

    def collect_salary(self, player: int) -> None:
        amount = self.go_salary(player)
        transfer(self, BANK, player, amount)
        if self._events is not None:
            self._events.append(Event(E.SALARY, player, amount=amount))

    def land(self, player: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        s: ClassicState = self.state
        pos = s.position[player]
        sp = self.edition.board[pos]
        t = sp.type
        counts = self.landing_counts
        if counts is not None:      # simulation statistics: moves ending per space, last slot = sent to jail
            counts[-1 if t == GO_TO_JAIL else pos] += 1
            if t == CARD:
                jailed = counts[-1]
                cards.draw(self, player, sp.deck)
                if s.in_jail[player] and counts[-1] == jailed:   # this card (not a later move) sent them
                    counts[pos] -= 1
                    counts[-1] += 1
                return
        if t == STREET or t == RAILROAD or t == UTILITY:
            owner = s.owner[pos]
            if owner == BANK:
                self.push(BuyOrAuction(player, pos))
            elif owner != player and not s.mortgaged[pos]:
                self.charge_rent(player, owner, pos, self.rent(pos, rent_multiplier, dice_multiplier))
        elif t == TAX:
            pay(self, player, BANK, sp.amount, "tax", pos)
        elif t == CARD:
            cards.draw(self, player, sp.deck)
        elif t == GO_TO_JAIL:
            jail.send_to_jail(self, player, "space")

    # ------------------------------------------------------------ rent
    def rent(self, pos: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> int:
        """The rent due on an owned, unmortgaged property (may roll dice for utilities)."""
        s: ClassicState = self.state
        ed = self.edition
        sp = ed.board[pos]
        owner = s.owner[pos]
        if sp.type == STREET:
            level = s.level[pos]
            if level:
                return sp.rent[level if level <= self.houses_per_hotel else 5]
            return sp.rent[0] * 2 if self.has_set_bonus(owner, pos) else sp.rent[0]
        if sp.type == RAILROAD:
            count = sum(1 for q in ed.railroads if s.owner[q] == owner)
            return ed.rules.railroad_rent[count - 1] * rent_multiplier
        count = sum(1 for q in ed.utilities if s.owner[q] == owner)
        if dice_multiplier or ed.rules.utility_rent_reroll:
            d1, d2 = self.chance.die(), self.chance.die()
            if self._events is not None:
                self._events.append(Event(E.DICE, s.current, amount=d1 + d2, other=d1 * 10 + d2, info="rent"))
            total = d1 + d2
        else:
            total = s.dice[0] + s.dice[1]
        return total * (dice_multiplier or ed.rules.utility_multipliers[count - 1])

    def has_set_bonus(self, owner: int, pos: int) -> bool:
        s: ClassicState = self.state
        members = self.edition.group_members[self.edition.group_of[pos]]
        if any(s.owner[q] != owner for q in members):
            return False
        if self.edition.rules.set_rent_needs_unmortgaged:
            return not any(s.mortgaged[q] for q in members)
        return True

    def charge_rent(self, payer: int, owner: int, pos: int, amount: int) -> None:
        if self.options["rent-must-be-claimed"]:
            self.push(ClaimRent(owner, payer, pos, amount))
        else:
            pay(self, payer, owner, amount, "rent", pos)

    # ------------------------------------------------------------ any-time actions
    def check_anytime(self, player: int, action: Action) -> str | None:
        kind = action.kind
        s: ClassicState = self.state
        top = s.stack[-1]
        in_debt = top.decider == player and top.kind == "debt"
        if kind == A.TRADE:
            if action.offer is None:
                return "a trade needs an offer"
            if trade.trade_pending(self):
                return "another trade is waiting for an answer"
            offer = action.offer
            if offer.proposer != player:         # (a bot's own offers already name it)
                offer = offer._replace(proposer=player)
            return trade.check_offer(self, offer)
        if kind == A.BUILD:
            return "pay your debt first" if in_debt else buildings.check_build(self, player, action.arg)
        if kind == A.SELL:
            return buildings.check_sell(self, player, action.arg)
        if kind == A.SELL_ALL:
            return buildings.check_sell_all(self, player, action.arg)
        if kind == A.MORTGAGE:
            return mortgage.check_mortgage(self, player, action.arg)
        if kind == A.UNMORTGAGE:
            return "pay your debt first" if in_debt else mortgage.check_unmortgage(self, player, action.arg)
        return f"unknown action '{kind}'"

    def apply_anytime(self, player: int, action: Action) -> None:
        kind = action.kind
        if kind == A.TRADE:
            assert action.offer is not None
            offer = action.offer
            if offer.proposer != player:
                offer = offer._replace(proposer=player)
            trade.propose(self, offer)
        elif kind == A.BUILD:
            buildings.build(self, player, action.arg)
        elif kind == A.SELL:
            buildings.sell(self, player, action.arg)
        elif kind == A.SELL_ALL:
            buildings.sell_all(self, player, action.arg)
        elif kind == A.MORTGAGE:
            mortgage.mortgage(self, player, action.arg)
        else:
            mortgage.unmortgage(self, player, action.arg)

    def legal_anytime(self, player: int) -> list[Action]:
        s: ClassicState = self.state
        ed = self.edition
        check = self.check_anytime
        out: list[Action] = []
        for pos in ed.properties:
            if s.owner[pos] != player:
                continue
            # Cheap filters first; ``check_anytime`` has the last word on every action listed.
            group = ed.group_of[pos]
            candidates = [A.UNMORTGAGE] if s.mortgaged[pos] else [A.MORTGAGE]
            if group >= 0:
                if s.level[pos]:
                    candidates.append(A.SELL)
                if any(s.level[q] for q in ed.group_members[group]):
                    candidates.append(A.SELL_ALL)
                if s.level[pos] < self.hotel_level and buildings.owns_set(self, player, pos):
                    candidates.append(A.BUILD)
            for kind in candidates:
                action = Action(kind, pos)
                if check(player, action) is None:
                    out.append(action)
        return out

    def trade_partners(self, player: int) -> tuple[int, ...]:
        if trade.trade_pending(self):
            return ()
        s: ClassicState = self.state
        return tuple(q for q in range(s.n) if q != player and s.alive[q])

    # ------------------------------------------------------------ valuations and views
    def buildings_of(self, player: int) -> tuple[int, int]:
        """(houses, hotels) owned by ``player``."""
        s: ClassicState = self.state
        houses = hotels = 0
        for pos in self.edition.properties:
            if s.owner[pos] == player and s.level[pos]:
                if s.level[pos] == self.hotel_level:
                    hotels += 1
                else:
                    houses += s.level[pos]
        return houses, hotels

    def net_worth(self, player: int) -> int:
        """Cash, properties at price (mortgaged at half), buildings at what they cost."""
        s: ClassicState = self.state
        worth = s.cash[player]
        for pos in self.edition.properties:
            if s.owner[pos] != player:
                continue
            sp = self.edition.board[pos]
            worth += sp.price // 2 if s.mortgaged[pos] else sp.price
            level = s.level[pos]
            if level == self.hotel_level:
                worth += sp.hotel_cost + self.houses_per_hotel * sp.house_cost
            elif level:
                worth += level * sp.house_cost
        return worth

    def words(self) -> EventWords:
        return EventWords(self.edition, self.state.names, self.houses_per_hotel)

    def view_fields(self, player: int | None) -> dict[str, Any]:
        s: ClassicState = self.state
        return {
            "edition": self.edition.id,
            "options": dict(self.options),
            "players": [{"seat": p, "name": s.names[p], "cash": s.cash[p], "position": s.position[p],
                         "in_jail": s.in_jail[p], "jail_turns": s.jail_turns[p], "alive": s.alive[p],
                         "jail_cards": [ref >> 8 for ref in s.held[p]], "net_worth": self.net_worth(p)}
                        for p in range(s.n)],
            "owner": list(s.owner), "level": list(s.level), "mortgaged": list(s.mortgaged),
            "bank_houses": s.bank_houses, "bank_hotels": s.bank_hotels,
            "deck_sizes": [len(d) for d in s.decks],
            "current": s.current, "round": s.round, "turns": s.turns, "dice": list(s.dice),
            "doubles": s.doubles, "over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
        }


register(ClassicGame)
