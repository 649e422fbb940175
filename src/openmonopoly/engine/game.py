"""``Game``: the one object every interface touches.

A game is fully determined by its edition, options, players, seed and the
sequence of actions. The engine does no I/O. ``prompt`` says who must decide
what; ``legal_actions`` lists what a player may do; ``act`` applies one action
and returns the events it caused, or raises ``IllegalAction`` leaving the game
untouched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from .. import registry
from ..editions import Edition, load
from ..editions.schema import Rules
from . import actions as A
from . import record
from .actions import SHARED_KINDS, Action, ActionKinds, action_problem
from .agent import CompiledAgent
from .chance import Chance
from .errors import BadActionText, BadArgument, IllegalAction, OpenMonopolyError
from .events import GAME_OVER, GAME_STARTED, TURN, Event
from .flow import Step
from .house_rules import HOUSE_RULES, SHUFFLE_SEATS, STARTING_CASH, refused_house_rule
from .options import BadOption, Option, resolve_options
from .prompt import BotPrompt, Legal, Prompt
from .state import State
from .view import View, make_view

TRADE: Final = A.TRADE  # (Final: compiled code reads it as a C static)
ACTION: Final = Action  # (likewise: the class by its plain name is looked up in the module's globals)
# ``kind_code``s from here up carry a permission act the money and property gate may refuse: spending and
# above (``rules/permissions.py``: SPEND, BUILD, BID, ...). Below it an action leaves nothing of its actor's
# (FREE) or brings money in from the bank (RAISE), which no standing forbids: ``check`` asks ``refusal`` of
# the others only (tests/test_kind_codes.py holds the two modules to this).
GATED: Final = 2 << A.ACT_SHIFT

# A family's options for an edition and the house rules it refuses there, worded once (each description
# formats the edition's terms and money, which would cost a game's set-up a tenth of a short game), with
# every option at its default (the options of a game given none: a simulated game's):
# (family, id of the edition) -> (the edition, kept so that its id is never another's; options; refusals;
# defaults).
_OPTIONS_OF: dict[tuple[type, int], tuple[Edition, dict[str, Option], dict[str, str], dict[str, Any]]] = {}
# The entry asked for last, with its family: every game of a simulation asks for the same one.
_LAST_OPTIONS: tuple[type, Edition, dict[str, Option], dict[str, str], dict[str, Any]] | None = None


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """A game of one edition, played exactly by its rulebook; the base of every rules family.

    ``Game(edition="classic", players=4, seed=0, options=None, events=True)`` builds the game of
    the edition's rules family: ``edition`` is an id (``openmonopoly.edition_ids()``) or an edition
    file's path, ``players`` a number of seats or a list of names, ``options`` a dict of the
    edition's options (``{"max-rounds": 50}``). The same edition, options, players, seed and actions
    always give the same game.

    Playing: ``prompt`` says who must decide what (``Prompt(player, kind, details)``, None when the
    game is over); ``legal_actions(player)`` lists what that player may do; ``act(player, action)``
    applies an ``Action`` (or its text, ``"bid 120"``) and returns the events it caused, or raises
    ``IllegalAction`` leaving the game untouched; ``view(player)`` is what that seat may see (what
    bots read); ``play_out(agents)`` lets bots play to the end. ``over``, ``winners`` and
    ``state.end_reason`` tell the result. Saving: ``record()``/``replay(record)``,
    ``to_json()``/``from_json(data)``, ``clone()``, ``digest()``.

    Example::

        >>> import openmonopoly as om
        >>> game = om.Game("classic", ["Ann", "Ben"], seed=7)
        >>> game.prompt.kind
        'turn'
    """

    family: ClassVar[str] = ""
    editions: ClassVar[tuple[str, ...]] = ()  # editions whose rulebook this subclass implements
    ACTION_KINDS: ClassVar[ActionKinds] = SHARED_KINDS  # what ``parse`` reads; families extend it
    state_class: ClassVar[type[State]] = State
    view_class: ClassVar[type[View]] = View
    OPTIONS: ClassVar[dict[str, Option]] = {}
    # The family's rule table of what a player may do with money and property now (a debt, a cash bid to
    # cover, a rent claim, a placement): ``rules/permissions.py``; ``refusal`` consults it.
    PERMISSIONS: ClassVar[Any] = None
    # Optional statistics hook (sim.runner): rent owed per board space, or None (the default: off).
    rent_counts: list[int] | None = None
    # The action ``View.check`` last accepted, and for whom (``play_out`` need not check it again).
    _approved: Action | None = None
    _approved_by: int = -1
    # ``ACTION_KINDS``, read once per game (``_action_kinds``): a class attribute is looked up by name each time.
    _kinds: ActionKinds | None = None
    # What each action kind is, as bits (``kind_code``): the table, the codes of the five kinds asked most
    # (set with the table), and the last eight other kinds looked up with theirs (``_kind0``/``_code0`` to
    # ``_kind7``/``_code7``, filled in turn from ``_next_kind_slot``).
    _codes: dict[str, int] | None = None
    _roll_code: int = 0
    _build_code: int = 0
    _bid_code: int = 0
    _pass_code: int = 0
    _buy_code: int = 0
    _kind0: str = ""
    _kind1: str = ""
    _kind2: str = ""
    _kind3: str = ""
    _kind4: str = ""
    _kind5: str = ""
    _kind6: str = ""
    _kind7: str = ""
    _code0: int = 0
    _code1: int = 0
    _code2: int = 0
    _code3: int = 0
    _code4: int = 0
    _code5: int = 0
    _code6: int = 0
    _code7: int = 0
    _next_kind_slot: int = 0
    # The family's ``PERMISSIONS`` (what each action kind does to its actor's money), read once per game by
    # ``rules/permissions.py``, which consults it before every action (a ``Permissions``: the engine does
    # not import the rules).
    _permissions: Any = None
    _chosen: dict[str, Any] | None = None  # chosen_options(), worked out for the options dict _chosen_for
    _limit: int | None = None  # round_limit()'s "max-rounds", read from the options dict _limit_of
    _limit_of: dict[str, Any] | None = None
    _chosen_for: dict[str, Any] | None = None
    # House rules read from ``options`` once (``read_options``): the rule modules test these fields, not
    # the options dict. ``no_auctions`` and ``pot_fees`` are read by shared modules (property, money).
    shuffle_seats: bool = False
    no_auctions: bool = False
    pot_fees: bool = False

    # ``state`` is the family's State subclass. It is typed Any here so that families can narrow it
    # with a typed local (``s: ClassicState = self.state``), which compiled code reads directly (a test of
    # the exact class). ``base_state`` is the same object typed as the base class, for the code all
    # families share: a compiled cast of a subclass's object to ``State`` walks its classes at every read.
    state: Any
    base_state: State
    edition: Edition
    options: dict[str, Any]
    seed: int
    chance: Chance
    log_events: bool
    history: list[Event]
    _events: list[Event] | None
    # The record: the actions played in order (``_record``) and beside them who played each
    # (``_record_seats``). Two lists, not one (player, action) tuple per action: a tuple made, tracked by
    # the collector and freed at every action cost a classic player-turn ~2 %. ``_moves()`` pairs them.
    _record: list[Action]
    _record_seats: list[int]

    # (``edition: Any``: a wrong one gets BadArgument, not the TypeError of a compiled signature. The
    # arguments are ``__init__``'s, named rather than ``*args, **kwargs``: compiled, those make a tuple and a
    # dict for every game, a tenth of a short game's set-up outside its own work.)
    def __new__(
        cls,
        edition: Any = "classic",
        players: Any = 4,
        seed: Any = 0,
        options: Any = None,
        events: Any = True,
        *,
        chance: Any = None,
    ) -> Game:
        if cls is Game:  # Game(edition, ...) is the game of that edition's rules class
            check_edition_argument(edition)
            family = rules_class(load(edition) if isinstance(edition, str) else edition)
            return family.__new__(family, edition, players, seed, options, events, chance=chance)
        return super().__new__(cls)

    # (arguments typed Any: a wrong one gets BadArgument, not the TypeError of a compiled signature;
    # ``events`` may come by position: a simulation makes thousands of games, and a compiled class's
    # constructor reads keyword arguments far more slowly than positional ones)
    def __init__(
        self,
        edition: Any = "classic",
        players: Any = 4,
        seed: Any = 0,
        options: Any = None,
        events: Any = True,
        *,
        chance: Any = None,
    ) -> None:
        check_edition_argument(edition)
        self.edition = load(edition) if isinstance(edition, str) else edition
        names = seat_names(players, self.edition)
        if options is not None and not isinstance(options, dict):
            raise BadArgument(f"options: a dict of option names to values; got {type(options).__name__}")
        last = _LAST_OPTIONS
        if last is None or last[0] is not type(self) or last[1] is not self.edition:
            last = _options_entry(type(self), self.edition)
        if options:
            self.options = resolve_options(last[2], options, self.edition.id, last[3])
        else:  # (what ``resolve_options`` makes of no options, without its interpreted call)
            self.options = dict(last[4])
        conflict = self.option_conflict()
        if conflict is not None:
            raise BadOption(conflict)
        if type(seed) is not int:
            raise BadArgument(f"seed: a whole number; got {type(seed).__name__} {seed!r}")
        if chance is not None and not isinstance(chance, Chance):
            raise BadArgument(f"chance: a Chance (e.g. Chance(seed).force_dice(6, 6)); got {type(chance).__name__}")
        if not isinstance(events, bool):
            raise BadArgument(f"events: True or False; got {events!r}")
        self.seed = seed
        self.chance = chance if chance is not None else Chance(self.seed)
        self.log_events = events
        self.history = []
        self._events = self.history if events else None
        self._record = []
        self._record_seats = []
        self.read_options()
        self.state = self.base_state = self.new_state(names)
        cash = self.options.get(STARTING_CASH)
        if cash is not None:
            self.state.cash = [cash] * len(names)
        self.setup()
        self._advance()

    # ------------------------------------------------------------------ family hooks
    @classmethod
    def compile_rules(cls, edition: Edition) -> Rules:
        """Check the family's own parts of an edition file (its spaces' fields, its rules section,
        its decks' effects) and return its typed rules table; ``EditionError`` names what is wrong.
        Called once per edition by the loader, which has read the parts every family shares."""
        raise NotImplementedError

    @classmethod
    def edition_model(cls) -> Any:
        """The schema of the family's edition files: a pydantic model on ``editions.model.EditionBase``,
        imported only when asked for (the loader asks only about files it has not verified before)."""
        raise NotImplementedError

    def chosen_options(self) -> dict[str, Any]:
        """The options set to something other than their default: what records, saved games and views
        carry, so that adding an option (off by default) changes no record, view or golden file.
        Loading fills in the defaults again (``resolve_options``), so records that list every option load
        the same."""
        # Every view carries them, and the options' descriptions are worded afresh by each
        # available_options call: work them out once per options dict (a game's never changes in place).
        if self._chosen is None or self._chosen_for is not self.options:
            known = self.options_of(self.edition)[0]
            self._chosen = {k: v for k, v in self.options.items() if k not in known or v != known[k].default}
            self._chosen_for = self.options
        return dict(self._chosen)

    @classmethod
    def available_options(cls, edition: Edition) -> dict[str, Option]:
        return dict(cls.OPTIONS)

    @classmethod
    def options_of(cls, edition: Edition) -> tuple[dict[str, Option], dict[str, str]]:
        """``available_options(edition)`` and ``refused_options(edition)``, made once per family and
        edition and shared: read them, never change them."""
        entry = _options_entry(cls, edition)
        return entry[2], entry[3]

    @classmethod
    def refused_options(cls, edition: Edition) -> dict[str, str]:
        """The house rules ``edition`` does not offer, each with the sentence that refuses it."""
        known = cls.available_options(edition)
        out: dict[str, str] = {}
        for name in HOUSE_RULES:
            if name not in known:
                why = refused_house_rule(name, edition.id, edition.family, known)
                if why is not None:
                    out[name] = why
        return out

    @classmethod
    def house_rule_presets(cls, edition: Edition) -> dict[str, dict[str, Any]]:
        """Named sets of house rules for ``edition`` (``--house-rules NAME``): the family's, then the
        edition data's own (``house_rules``)."""
        return {}

    def option_conflict(self) -> str | None:
        """Why the resolved ``options`` contradict each other (a sentence naming them), or None."""
        return None

    def read_options(self) -> None:
        """Read the options the rules test during play into fields, once per game (and per clone or load):
        the hot path then reads a field, not the options dict."""
        self.shuffle_seats = bool(self.options.get(SHUFFLE_SEATS))

    def starting_cash(self) -> int:
        """What each player starts with: the rulebook's, or house rule ``starting-cash``."""
        cash = self.options.get(STARTING_CASH)
        printed: int = self.edition.rules.start_cash
        return printed if cash is None else int(cash)

    @classmethod
    def rent_levels(cls, edition: Edition) -> list[tuple[int, str, int, int]]:
        """Every property's printed rent at each level a player can bring it to, as
        (position, level in the edition's words, rent, what reaching that level costs in all); empty
        where rent is not a property of the space (Empire: the owner's tower value)."""
        return []

    @classmethod
    def board_facts(cls, edition: Edition) -> dict[str, Any]:
        """The family's own facts a drawing of the board needs (the catalogue's ``board``)."""
        return {}

    def new_state(self, names: list[str]) -> State:
        raise NotImplementedError

    # Set-up is a template: shuffle the decks, deal what the rulebook deals, start play.
    def setup(self) -> None:
        self.shuffle_decks()
        self.deal_at_setup()
        self.start_play()

    def shuffle_decks(self) -> None:
        s: State = self.base_state
        for pile in s.decks:
            self.chance.shuffle(pile)

    def deal_at_setup(self) -> None:
        """What the rulebook deals or assigns before the first turn (nothing by default)."""

    def start_play(self) -> None:
        """Find the first player and start their turn."""
        s: State = self.base_state
        s.first_player = s.current = self.draw_first_player() if self.shuffle_seats else self.first_player()
        s.turns = 1
        self.push(self.turn_step(s.current))
        if self._events is not None:
            self._events.append(Event(TURN, s.current, amount=s.round))

    def first_player(self) -> int:
        """Everyone rolls (``first_player_dice``); the highest total starts; tied highest roll again."""
        s: State = self.base_state
        contenders = [p for p in range(s.n)]  # (compiled, ``list(range(n))`` is two Python calls)
        rolls: list[str] | None = [] if self._events is not None else None  # (for the event only)
        while True:
            # (plain loops: compiled, ``sum``, ``max`` and ``zip(strict=True)`` are Python calls, which every
            # game made paid, a sizeable part of a short one)
            totals: list[int] = []
            best = 0
            for p in contenders:
                faces = self.first_player_dice()
                total = 0
                for face in faces:
                    total += face
                totals.append(total)
                best = total if total > best else best
                if rolls is not None:
                    rolls.append(f"{p}:" + "+".join(map(str, faces)))
            contenders = [contenders[i] for i in range(len(totals)) if totals[i] == best]
            if len(contenders) == 1:
                if rolls is not None:
                    self.emit(Event(GAME_STARTED, contenders[0], info=" ".join(rolls)))
                return contenders[0]

    def draw_first_player(self) -> int:
        """House rule ``shuffle-seats``: the first player is drawn at random, every seat equally likely."""
        first = self.chance.below(self.state.n)
        self.emit(Event(GAME_STARTED, first, info="drawn"))
        return first

    def first_player_dice(self) -> tuple[int, ...]:
        """One player's roll for the first turn: both dice."""
        return self.chance.two_dice()  # (the shared pair of faces: no tuple made per roll)

    def check_anytime(self, player: int, action: Action) -> str | None:
        return f"'{action.kind}' is not part of this edition"

    def apply_anytime(self, player: int, action: Action) -> None:
        raise NotImplementedError

    def legal_anytime(self, player: int) -> list[Action]:
        return []

    def refusal(self, player: int, action: Action) -> str | None:
        """Why the family's rules forbid ``player`` this action now although its own check passed (a debt
        waits, a cash bid must stay covered, ...); None: nothing forbids it. ``check`` asks it of every
        action whose kind the family's ``PERMISSIONS`` table gives an act from spending up (``GATED``):
        an action that leaves nothing of its actor's or raises money from the bank is never refused.
        ``legal_actions`` lists nothing it refuses."""
        return None

    def trade_partners(self, player: int) -> tuple[int, ...]:
        return ()

    def view_fields(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see (None: a spectator), as plain data: one row per seat
        (``player_fields``), the turn and the result, and the family's tables (``table_fields``)."""
        s: State = self.base_state
        data: dict[str, Any] = {
            "edition": self.edition.id,
            "options": self.chosen_options(),
            "players": [self.player_fields(p, player) for p in range(s.n)],
            "current": s.current,
            "round": s.round,
            "turns": s.turns,
            "dice": list(s.dice),
            "over": s.over,
            "winners": list(s.winners),
            "end_reason": s.end_reason,
        }
        data.update(self.table_fields(player))
        return data

    def player_fields(self, seat: int, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` may see of ``seat``; families add their own fields."""
        s: State = self.base_state
        return {
            "seat": seat,
            "name": s.names[seat],
            "cash": s.cash[seat],
            "position": s.position[seat],
            "in_jail": s.in_jail[seat],
            "jail_turns": s.jail_turns[seat],
            "alive": s.alive[seat],
            "net_worth": self.net_worth(seat),
        }

    def table_fields(self, viewer: int | None) -> dict[str, Any]:
        """The family's public tables (owners, buildings, pile sizes, ...) as ``viewer`` sees them."""
        return {}

    def net_worth(self, player: int) -> int:
        cash: int = self.state.cash[player]
        return cash

    def net_worths(self) -> list[int]:
        """``net_worth`` of every seat, in seat order (families whose worth is summed over the board
        override it with one pass over the board instead of one per seat)."""
        s: State = self.base_state
        return [self.net_worth(p) for p in range(s.n)]

    def current_rent(self, pos: int, roll: int = 7) -> int:
        """The rent a player other than its owner would pay now on landing on ``pos`` with a dice
        total of ``roll`` (0: nothing is due there). Families with rent on the board override it."""
        return 0

    # How a trade offer names a held card (``TradeOffer.give_cards``): classic names it by its deck.
    trade_card_words: ClassVar[str] = "get-out-of-jail card from deck"

    @staticmethod
    def trade_card_key(ref: int) -> int:
        return ref >> 8

    # ... and trades (``rules/trade.py``), which know nothing of mortgages or buildings.
    def trade_hold(self, pos: int) -> str | None:
        """Why property ``pos`` may not change hands in a trade now (None: it may)."""
        return None

    def properties_traded(self, moved: list[tuple[int, int, int]]) -> None:
        """A trade has moved these properties ``(taker, pos, giver)``, its cards and its cash: settle
        what comes with them (the classic family: a mortgaged property's new owner lifts or pays)."""

    def card_effect(self, player: int, effect: dict[str, Any]) -> None:
        """A card effect the shared decks do not know: families with their own cards override this."""
        raise AssertionError(f"unknown card effect {effect.get('kind')!r}")  # validated on load: a bug

    # Hooks the shared rule modules call on every family that uses them: money and auctions ...
    def cannot_pay(self, payer: int, payee: int, amount: int, reason: str, pos: int) -> None:
        """A payment due now exceeds the payer's cash: the family settles it its own way."""
        raise NotImplementedError

    def max_bid(self, player: int, lot: int) -> int:
        """The most ``player`` may bid for ``lot`` in an auction."""
        raise NotImplementedError

    def bid_covered(self, player: int, lot: int, amount: int) -> bool:
        """Whether ``player`` may bid ``amount`` for ``lot`` (at most ``max_bid``); a family whose bound is
        costly to work out answers most bids without it."""
        return amount <= self.max_bid(player, lot)

    def award_auctioned(self, winner: int, pos: int, price: int) -> None:
        raise NotImplementedError

    def fee_to_pot(self, amount: int, reason: str) -> None:
        """A payment to the bank has been made while ``pot_fees`` is on (house rule free-parking-pot):
        the family sets aside what goes into the pot."""

    # ... movement (rules/movement.py) ...
    def go_salary(self, player: int) -> int:
        """What ``player`` collects for passing GO."""
        raise NotImplementedError

    def land(self, player: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        """Resolve the space ``player`` has just reached (a card may change the rent due there)."""
        raise NotImplementedError

    # ... and the classic Chance/Community Chest cards (rules/cards.py), which Empire draws too.
    def move_by(self, player: int, steps: int) -> None:
        raise NotImplementedError

    def advance_to(self, player: int, target: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        raise NotImplementedError

    def buildings_of(self, player: int) -> tuple[int, int]:
        """(houses, hotels) owned by ``player`` (the repair cards)."""
        raise NotImplementedError

    def turn_step(self, player: int) -> Step:
        """The step that starts ``player``'s turn."""
        raise NotImplementedError

    def round_limit(self) -> int | None:
        """The last round to play (None: no limit); variants add their own limits."""
        # (asked at the end of every round: read from the options once per options dict, which a game
        # replaces rather than changes)
        options = self.options
        if options is not self._limit_of:
            self._limit = options.get("max-rounds")
            self._limit_of = options
        return self._limit

    def end_at_limit(self, reason: str = "round-limit") -> None:
        """The round limit is reached: the richest by ``net_worth`` wins (equal worths share)."""
        alive = [p for p in range(self.state.n) if self.state.alive[p]]
        worth = {p: self.net_worth(p) for p in alive}
        best = max(worth.values())
        self.finish([p for p in alive if worth[p] == best], reason)

    def pass_turn(self, replace_top: bool = False) -> None:
        """Hand the turn to the next player still in the game, counting rounds and stopping at the limit.
        ``replace_top``: the step on top ends the turn and gives way to the next turn's first step, in its
        place (popped first, the emptied stack would be freed and allocated again at every turn)."""
        s: State = self.base_state
        n = s.n
        prev = s.current
        alive = s.alive
        # The next seat still in, or ``prev`` again when no other is (seats counted round with a test, not ``%``).
        nxt = prev
        while True:
            nxt = nxt + 1 if nxt + 1 < n else 0
            if nxt == prev or alive[nxt]:
                break
        # A round ends when play comes back round to (or past) the first player's seat: seats counted from it.
        first = s.first_player
        after = nxt - first
        if after < 0:
            after += n
        before = prev - first
        if before < 0:
            before += n
        if after <= before:
            s.round += 1
            limit = self.round_limit()
            if limit is not None and s.round > limit:
                s.round = limit
                self.end_at_limit()
                return
        s.current = nxt
        s.turns += 1
        if replace_top:
            s.stack[-1] = self.turn_step(nxt)
        else:
            s.stack.append(self.turn_step(nxt))
        if self._events is not None:
            self._events.append(Event(TURN, nxt, amount=s.round))

    def seats_from(self, player: int) -> tuple[int, ...]:
        """Players still in the game from ``player``'s left round to ``player`` (if still in)."""
        s: State = self.base_state
        n = s.n
        alive = s.alive
        # (a plain loop into a list: compiled, a generator fed to ``tuple`` is a Python object and calls)
        seats: list[int] = []
        q = player
        for _ in range(n):
            q = q + 1 if q + 1 < n else 0
            if alive[q]:
                seats.append(q)
        return tuple(seats)

    # ------------------------------------------------------------------ the public API
    @property
    def prompt(self) -> Prompt | None:
        """What the game waits for: ``Prompt(player, kind, details)``, or None when it is over."""
        s: State = self.base_state
        if s.over or not s.stack:
            return None
        top = s.stack[-1]
        return Prompt(top.decider, top.kind, top.describe(self))

    @property
    def decider(self) -> int:
        """The seat the game waits for (-1 once it is over): ``prompt.player`` without making the prompt
        (whose details take far longer), for loops that only need to know who acts next."""
        s: State = self.base_state
        if s.over or not s.stack:
            return -1
        top = s.stack[-1]
        return top.decider

    @property
    def over(self) -> bool:
        """Whether the game has ended (``winners`` and ``state.end_reason`` say how)."""
        over: bool = self.state.over
        return over

    @property
    def winners(self) -> list[int]:
        """The winning seats (empty while the game goes on; several for a shared win)."""
        return list(self.state.winners)

    @property
    def players(self) -> list[str]:
        return list(self.state.names)

    # The public entry points take ``player: Any`` so that a bad seat (None, "1") gets the engine's own
    # answer rather than the TypeError a compiled ``int`` parameter would raise.
    def legal_actions(self, player: Any) -> Legal:
        """What ``player`` may do now (``Legal``): the prompt's answers when it is theirs, the any-time
        actions (build, mortgage, ...), ``bid_range`` in an auction and ``trade_partners``."""
        s: State = self.base_state
        if s.over or type(player) is not int or not (0 <= player < s.n) or not s.alive[player]:
            return Legal([])
        top = s.stack[-1]
        fixed: list[Action] = []
        bids = None
        if top.decider == player:
            fixed = top.legal(self, player)
            bids = self._bids(player, top)
        fixed += self.legal_anytime(player)
        return Legal(self._not_refused(player, fixed), bids, self.trade_partners(player))

    def legal_answers(self, player: Any) -> Legal:
        """The answers to the prompt alone: ``legal_actions`` without the any-time actions and trade
        partners, which take most of its work (every any-time action is checked). Empty for a player
        the game is not waiting for."""
        s: State = self.base_state
        if s.over or type(player) is not int or not (0 <= player < s.n) or not s.alive[player]:
            return Legal([])
        top = s.stack[-1]
        if top.decider != player:
            return Legal([])
        return Legal(self._not_refused(player, top.legal(self, player)), self._bids(player, top))

    def _bids(self, player: int, top: Step) -> tuple[int, int] | None:
        """The step's bid range for ``player``, unless the money and property gate refuses bidding now."""
        bids = top.bid_range(self, player)
        if bids is not None and self.refusal(player, Action(A.BID, bids[0])) is not None:
            return None
        return bids

    def _not_refused(self, player: int, actions: list[Action]) -> list[Action]:
        """``actions`` less those the money and property gate refuses (rare: the list is then rebuilt)."""
        for a in actions:  # (``self.refusal`` called as a method: a bound method is a Python-level call)
            if self.refusal(player, a) is not None:
                return [b for b in actions if self.refusal(player, b) is None]
        return actions

    def parse(self, text: Any, player: Any = -1) -> Action:
        """The action ``text`` stands for in this game's rules family (``BadActionText`` if none);
        ``player`` is who proposes a trade."""
        return self.ACTION_KINDS.parse(text, player)

    def parse_json(self, data: Any) -> Action:
        """An action from its JSON form (``Action.to_json``), read against this game's kinds."""
        return self.ACTION_KINDS.from_json(data)

    def _action_kinds(self) -> ActionKinds:
        """This game's ``ACTION_KINDS``."""
        kinds = self._kinds
        if kinds is None:
            kinds = self._kinds = self.ACTION_KINDS
        return kinds

    def kind_code(self, kind: str) -> int:
        """What ``kind`` is in this game, as bits: ``ActionKinds.codes`` (``NUMBERED_KIND``, ``ANYTIME_KIND``)
        and, from ``ACT_SHIFT`` up, what its family's permission table says it does (0: nothing of a kind
        this game knows). Asked of every action played (``play_out`` hands the code of an answer it checked
        on to ``_apply``), checked, and gated, so kept rather than looked up (a dictionary lookup each time
        was 4 % of a turn): the five kinds asked most in every family (a roll, a build, a bid, a pass, a
        purchase: three quarters of classic's asks, two thirds of Empire's) each have a field, tested against
        the engine's own strings (constants in compiled code); the other kinds, eight at a time, in slots
        tested in a fixed order and filled in turn, never reordered (a family uses a dozen kinds or so, and
        the three kept before, moved to the front at every ask, let Empire's push each other out).
        Kept by identity: an equal string that is another object (an action parsed from text) is looked up
        again, and answered the same."""
        if self._codes is None:  # (the table and the five kinds' fields, made at the game's first ask)
            self._read_codes()
        if kind is A.ROLL:
            return self._roll_code
        if kind is A.BUILD:
            return self._build_code
        if kind is A.BID:
            return self._bid_code
        if kind is A.PASS:
            return self._pass_code
        if kind is A.BUY:
            return self._buy_code
        if kind is self._kind0:
            return self._code0
        if kind is self._kind1:
            return self._code1
        if kind is self._kind2:
            return self._code2
        if kind is self._kind3:
            return self._code3
        if kind is self._kind4:
            return self._code4
        if kind is self._kind5:
            return self._code5
        if kind is self._kind6:
            return self._code6
        if kind is self._kind7:
            return self._code7
        codes = self._codes  # (read here, past the fields: a local held from the top costs every ask)
        assert codes is not None  # (made above)
        code = codes.get(kind, 0)
        slot = self._next_kind_slot
        self._next_kind_slot = (slot + 1) & 7
        if slot < 4:
            if slot == 0:
                self._kind0 = kind
                self._code0 = code
            elif slot == 1:
                self._kind1 = kind
                self._code1 = code
            elif slot == 2:
                self._kind2 = kind
                self._code2 = code
            else:
                self._kind3 = kind
                self._code3 = code
        elif slot == 4:
            self._kind4 = kind
            self._code4 = code
        elif slot == 5:
            self._kind5 = kind
            self._code5 = code
        elif slot == 6:
            self._kind6 = kind
            self._code6 = code
        else:
            self._kind7 = kind
            self._code7 = code
        return code

    def _read_codes(self) -> None:
        """The family's table of kind codes (``kind_codes``), and the codes of the five kinds ``kind_code``
        keeps in fields of their own."""
        codes = self._codes = kind_codes(type(self))
        self._roll_code = codes.get(A.ROLL, 0)
        self._build_code = codes.get(A.BUILD, 0)
        self._bid_code = codes.get(A.BID, 0)
        self._pass_code = codes.get(A.PASS, 0)
        self._buy_code = codes.get(A.BUY, 0)

    def check(self, player: Any, action: Any) -> str | None:
        """Why ``action`` by ``player`` is illegal now, or None when ``act`` would accept it."""
        if isinstance(action, str):
            try:
                action = self._action_kinds().parse(action, player if type(player) is int else -1)
            except BadActionText as exc:
                return exc.reason
        # The shape of an action built in Python: a bot's well-formed action passes these few type
        # tests; anything else (and every trade) gets the full test and its reason. The fields are read
        # as Any from a plain 3-tuple (a C struct in compiled code, no lookups): typed, compiled code would
        # unbox them as the declared types and raise on a malformed one instead of answering.
        if type(action) is not ACTION or len(action) != 3:
            return action_problem(action, self._action_kinds())
        fields: tuple[Any, Any, Any] = action
        kind_, arg_, offer_ = fields
        if type(arg_) is not int or type(kind_) is not str or offer_ is not None or kind_ == TRADE:
            problem = action_problem(action, self._action_kinds())
            if problem is not None:
                return problem
            code = self.kind_code(kind_)  # (a kind of this game's: ``action_problem`` has passed)
        else:
            code = self.kind_code(kind_)
            if (arg_ >= 0) != (code & A.NUMBERED_KIND != 0):
                problem = action_problem(action, self._action_kinds())
                if problem is not None:
                    return problem
        # (the kind's code worked out once for the shape test and the check alike)
        return self._judge(player, action, kind_, code)

    def check_formed(self, player: Any, action: Action) -> str | None:
        """``check`` of an action known to be well formed (an ``Action`` of this game's kinds with fields
        of the right types, as ``action_problem`` tests): what ``check`` asks once the shape test has
        passed. For callers that build their actions from the game's own tables (the RL mask's trade
        menu), which need not pay for the shape test of a trade offer again."""
        fields: tuple[Any, Any, Any] = action  # (the kind read from the plain tuple: no attribute lookup)
        kind: str = fields[0]
        return self._judge(player, action, kind, self.kind_code(kind))

    def _judge(self, player: Any, a: Action, kind: str, code: int) -> str | None:
        """``check_formed`` given the action's kind and its ``kind_code``."""
        s: State = self.base_state
        if s.over:
            return "the game is over"
        if type(player) is not int or not 0 <= player < s.n:
            return f"there is no player {player!r}; players are 0..{s.n - 1}"
        p: int = player
        if not s.alive[p]:
            return "you are out of the game"
        if code & A.ANYTIME_KIND:
            return self._rule_reason(p, a, kind, code, None)
        top = s.stack[-1]
        if top.decider != p:
            return f"not your decision: waiting for {s.names[top.decider]} to answer '{top.kind}'"
        return self._rule_reason(p, a, kind, code, top)

    def _rule_reason(self, p: int, a: Action, kind: str, code: int, top: Step | None) -> str | None:
        """What the rules say against ``a`` from ``p`` once the facts of the decision stand (the game goes
        on, ``p`` is in it and, for an answer, decides ``top``): the any-time check or the step's, then what
        the player's standing forbids (a debt, a cash bid to cover, ...: one table per family)."""
        if top is None:  # (an any-time kind)
            reason = self.check_anytime(p, a)
        else:
            if not top.accepts(kind):
                return f"'{kind}' does not answer this prompt ('{top.kind}')"
            reason = top.check(self, p, a)
        if reason is None and code >= GATED:
            return self.refusal(p, a)
        return reason

    def _answer_code(self, p: int, action: Any, top: Step) -> int:
        """The ``kind_code`` of ``action`` from ``p`` when ``check`` accepts it, else -1; ``p`` is the living
        decider of ``top`` on top of the stack of a game not over (``play_out`` knows these facts of the
        decision and need not test them again, and hands the code on to ``_apply``, which need not look it
        up again). -1 also for what this shortcut leaves to ``check`` (a malformed action, a trade): the
        caller then checks it the full way, which words the reason."""
        if type(action) is not ACTION or len(action) != 3:
            return -1
        fields: tuple[Any, Any, Any] = action
        kind_, arg_, offer_ = fields
        if type(arg_) is not int or type(kind_) is not str or offer_ is not None or kind_ == TRADE:
            return -1
        kind: str = kind_
        code = self.kind_code(kind)
        if (arg_ >= 0) != (code & A.NUMBERED_KIND != 0):
            return -1
        if self._rule_reason(p, action, kind, code, None if code & A.ANYTIME_KIND else top) is None:
            return code
        return -1

    def act(self, player: Any, action: Any) -> list[Event]:
        """Apply one action; return the events it caused. Illegal: ``IllegalAction``, nothing changed."""
        start = len(self.history)
        self._act(player, action)
        return self.history[start:] if self.log_events else []

    def _act(self, player: Any, action: Any) -> None:
        """``act`` without building its list of events (the bot loop has no use for it)."""
        if isinstance(action, str):
            try:
                action = self.ACTION_KINDS.parse(action, player if type(player) is int else -1)
            except BadActionText as exc:
                raise BadActionText(exc.reason, action, player, list(self.legal_actions(player))) from None
        reason = self.check(player, action)
        if reason is not None:
            legal = list(self.legal_actions(player).actions)
            if action_problem(action, self.ACTION_KINDS) is not None:
                raise BadActionText(reason, repr(action), player, legal)
            raise IllegalAction(reason, action, player, legal)
        self._apply(player, action)

    def _apply(self, p: int, a: Action, top: Step | None = None, code: int = -1) -> None:
        """Apply an action ``check`` has accepted in this very state (a seat number, a well-formed Action);
        ``top``: the step on top of the stack, when the caller has it (a read of the stack tests its class);
        ``code``: the action's ``kind_code``, when the caller has it, which it gives only for an action
        without an offer (``_answer_code`` passes none); -1: looked up here."""
        if code < 0:
            offer = a.offer  # (only a trade has one: ``check`` refuses an offer on any other kind)
            if offer is not None and offer.proposer != p:
                a = Action(TRADE, -1, offer._replace(proposer=p))
            code = self.kind_code(a.kind)  # (compiled: the tuple's item, as ``a.offer``)
        self._record.append(a)
        self._record_seats.append(p)
        if code & A.ANYTIME_KIND:
            self.apply_anytime(p, a)
        elif top is not None:
            top.apply(self, p, a)
        else:
            s: State = self.base_state
            s.stack[-1].apply(self, p, a)
        self._advance()

    def view(self, player: int | None = None) -> View:
        """What ``player`` may see (``View``; None: a spectator): the state without hidden information
        (deck order, other players' hidden cards, dice to come), the prompt and the legal actions."""
        return make_view(self.view_class, self, player)

    def describe(self, event: Event) -> str:
        """One line of text for ``event``, in this edition's words."""
        text: str = self.words().describe(event)
        return text

    def words(self) -> Any:
        """The family's ``EventWords`` for this game (``rules/words.py``)."""
        raise NotImplementedError

    def play_out(self, agents: Sequence[Any]) -> None:
        """Let ``agents`` (one per seat, each with ``act(view, prompt) -> action``) answer every
        prompt, each through its own seat's view, until the game is over. Each prompt's details are
        worked out when first read (``BotPrompt``): an agent reads them within ``act``; read after it
        has answered, details it had not read raise ``RuntimeError`` (``Game.prompt`` has no such limit)."""
        if len(agents) != self.state.n:
            raise ValueError(f"play_out needs one agent per seat ({self.state.n}), got {len(agents)}")
        # (the engine's own bots are called through their class's method table: see ``CompiledAgent``)
        compiled: list[CompiledAgent | None] = [a if isinstance(a, CompiledAgent) else None for a in agents]
        # Any other bot's ``act`` bound once, not looked up by name at every decision (a compiled bot's is never
        # called bound: binding it is a generic lookup, a part of a short game's set-up)
        acts: list[Any] = [None if compiled[k] is not None else agents[k].act for k in range(len(agents))]
        views = [self.view(p) for p in range(len(acts))]
        # The seat that decided last, with its view and bot: one seat often answers several prompts in a
        # row, and each read of these lists tests the item's class against the list's (a subclass's walk).
        last = 0
        view = views[0]
        bot = compiled[0]
        while True:
            s: State = self.base_state
            if s.over or not s.stack:
                return
            top = s.stack[-1]
            player = top.decider
            prompt = BotPrompt(player, top.prompt_kind(), top, self)  # (``prompt``, with details read on demand)
            self._approved_by = -1  # (forget an approval from before this decision)
            if player != last:
                last = player
                view = views[player]
                bot = compiled[player]
            moves = len(self._record)
            action = acts[player](view, prompt) if bot is None else bot.act(view, prompt)
            prompt.close()
            # A bot often checks what it sends (``view.check``); when nothing has been played since (no
            # action recorded while it decided), that answer stands and is not checked a second time.
            approved = self._approved
            if (
                player == self._approved_by
                and approved is not None
                and action is approved
                and len(self._record) == moves
            ):
                self._apply(player, approved, top)
            else:
                # Any other answer, when nothing was played while the bot decided (``top`` is still on top,
                # ``player`` its decider), is checked here and applied with its kind's code; else the full way.
                code = (
                    self._answer_code(player, action, top)
                    if len(self._record) == moves and not s.over and s.alive[player]
                    else -1
                )
                if code >= 0:
                    self._apply(player, action, top, code)
                else:
                    self._act(player, action)

    # ------------------------------------------------------------------ flow helpers for rules
    def emit(self, event: Event) -> None:
        if self._events is not None:
            self._events.append(event)

    def push(self, step: Step) -> None:
        s: State = self.base_state
        s.stack.append(step)

    def pop(self) -> Step:
        s: State = self.base_state
        return s.stack.pop()

    def replace_top(self, step: Step) -> None:
        s: State = self.base_state
        s.stack[-1] = step

    def drop_from_flow(self, player: int) -> None:
        """Remove a player who has left the game from every pending step."""
        s: State = self.base_state
        stack = s.stack
        kept = [step.without(self, player) for step in stack]
        stack[:] = [step for step in kept if step is not None]

    def _advance(self) -> None:
        s: State = self.base_state
        stack = s.stack
        while not s.over:
            top = stack[-1]
            if not top.is_automatic():
                return
            top.run(self)

    def finish(self, winners: list[int], reason: str) -> None:
        s: State = self.base_state
        s.over = True
        s.winners = sorted(winners)
        s.end_reason = reason
        s.stack.clear()
        if self._events is not None:
            self._events.append(
                Event(
                    GAME_OVER,
                    winners[0] if len(winners) == 1 else -1,
                    info=reason + ":" + ",".join(map(str, s.winners)),
                )
            )

    # ------------------------------------------------------------------ records, clones, JSON
    # (persistence is engine/record.py; these are its entry points on the game)
    def _moves(self) -> list[tuple[int, Action]]:
        """The actions played so far, in order, each as (player, action): what a record saves."""
        return list(zip(self._record_seats, self._record, strict=True))

    def _set_moves(self, moves: list[tuple[int, Action]]) -> None:
        """Make ``moves`` (as ``_moves()`` gives them) the game's record of actions played."""
        self._record = [a for _, a in moves]
        self._record_seats = [p for p, _ in moves]

    def record(self) -> dict[str, Any]:
        """The game as a record: edition, chosen options, players, seed, actions, chance outcomes, result."""
        return record.record(self)

    def digest(self) -> str:
        """A hash of the record: equal for equal games."""
        return record.digest(self)

    @classmethod
    def replay(cls, record_: Any, *, events: bool = True, upto: int | None = None) -> Game:
        """Rebuild a game from its record, feeding the recorded chance outcomes back. A record that is
        malformed, of another format, or does not replay to what it says is a ``ReplayMismatch``."""
        game: Game = record.replay(record_, events=events, upto=upto)
        return game

    def clone(self, *, events: bool | None = None) -> Game:
        """An independent copy of the game (events kept or not, by default as this game does)."""
        cls = type(self)
        new = cls.__new__(cls)
        new.edition = self.edition
        new.options = self.options
        new.seed = self.seed
        new.chance = self.chance.copy()
        new.log_events = self.log_events if events is None else events
        new.history = list(self.history) if new.log_events else []
        new._events = new.history if new.log_events else None
        new._record = list(self._record)
        new._record_seats = list(self._record_seats)
        new.state = new.base_state = self.state.copy()
        new.read_options()
        return new

    # copy/deepcopy/pickle go through clone and JSON rather than through each object's fields: the
    # compiled step classes can only be built through their constructors.
    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[str, Any]) -> Game:
        return self.clone()

    def resample_hidden(self, player: int | None, rng: random.Random) -> None:
        """Redraw in place what ``player`` cannot see (``state.HIDDEN``), consistently with their view.

        Used on a clone by ``View.sample_game`` (search bots). The default treats every hidden field
        as deck orders: a list of lists (one draw order per deck) has each list shuffled, a flat list
        is shuffled as one pile. Families with other secrets (private hands) override it.
        """
        s = self.state
        for name in sorted(s.HIDDEN):  # sorted: frozenset order depends on the hash seed
            value = getattr(s, name)
            if isinstance(value, list):
                if value and isinstance(value[0], list):
                    for pile in value:
                        rng.shuffle(pile)
                else:
                    rng.shuffle(value)

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON (``from_json`` reads it back)."""
        return record.to_json(self)

    @classmethod
    def from_json(cls, data: Any, *, verify: bool = True) -> Game:
        """The game ``to_json`` saved; with ``verify`` (the default) checked against a replay of its own
        record (``record.from_json``)."""
        game: Game = record.from_json(data, verify=verify)
        return game

    def __reduce__(self) -> Any:
        return (record.unpickle, (self.to_json(),))

    def __repr__(self) -> str:
        p = self.prompt
        where = "over" if p is None else f"waiting for {p.player}: {p.kind}"
        return f"<{type(self).__name__} {self.edition.id} turn {self.state.turns} {where}>"


def seat_names(players: Any, edition: Edition) -> list[str]:
    """The seats' names from ``Game``'s ``players``: a count, or the names themselves."""
    if type(players) is int:
        names = list(_default_names(players)) if players > 0 else []
    elif isinstance(players, (list, tuple)) and all(isinstance(n, str) for n in players):
        names = list(players)
    else:
        raise BadArgument(
            f"players: a number of players or a list of their names; got {type(players).__name__} {players!r}"
        )
    if not edition.min_players <= len(names) <= edition.max_players:
        raise BadArgument(
            f"{edition.name} is for {edition.min_players}-{edition.max_players} players, not {len(names)}"
        )
    if type(players) is not int and not all(0 < len(n) <= 100 and n.isprintable() for n in names):
        # (given names only: "Player N" always passes, and a game is made for every simulated game)
        raise BadArgument(f"players: each name is 1-100 printable characters; got {names!r}")
    return names


def kind_codes(cls: type[Game]) -> dict[str, int]:
    """``Game.kind_code``'s table for a family's game class: its ``ACTION_KINDS.codes`` with each kind's act in
    its ``PERMISSIONS`` (if it has one) above ``ACT_SHIFT``; made once per class."""
    codes = _KIND_CODES.get(cls)
    if codes is None:
        codes = dict(cls.ACTION_KINDS.codes)
        table = cls.PERMISSIONS
        if table is not None:
            for kind, act in table.acts.items():
                codes[kind] = codes.get(kind, 0) | act << A.ACT_SHIFT
        _KIND_CODES[cls] = codes
    return codes


_KIND_CODES: dict[type, dict[str, int]] = {}


def _default_names(count: int) -> tuple[str, ...]:
    """ "Player 1" to "Player ``count``", made once per count (a game is made for every simulated game)."""
    names = _DEFAULT_NAMES.get(count)
    if names is None:
        names = tuple(f"Player {i + 1}" for i in range(count))
        if count <= 64:  # (any count is asked, and refused later if the edition has no such seats)
            _DEFAULT_NAMES[count] = names
    return names


_DEFAULT_NAMES: dict[int, tuple[str, ...]] = {}


def _options_entry(
    cls: type[Game], edition: Edition
) -> tuple[type, Edition, dict[str, Option], dict[str, str], dict[str, Any]]:
    """``Game.options_of``'s table of ``cls`` and ``edition`` with the options at their defaults, made once,
    and remembered as the one asked for last (``_LAST_OPTIONS``)."""
    global _LAST_OPTIONS
    key = (cls, id(edition))
    entry = _OPTIONS_OF.get(key)
    if entry is None or entry[0] is not edition:
        known = cls.available_options(edition)
        refused = cls.refused_options(edition)
        entry = (edition, known, refused, resolve_options(known, None, edition.id, refused))
        _OPTIONS_OF[key] = entry
    last = (cls, edition, entry[1], entry[2], entry[3])
    _LAST_OPTIONS = last  # (one object replaced: a thread never reads one family with another's table)
    return last


def check_edition_argument(edition: Any) -> None:
    """``BadArgument`` unless ``edition`` names an edition (an id or a file path) or is one."""
    # (two tests, not ``isinstance`` of a tuple: compiled, that is a Python call, made for every game)
    if not isinstance(edition, str) and not isinstance(edition, Edition):
        raise BadArgument(f"edition: an edition id, file path or Edition; got {type(edition).__name__} {edition!r}")


def rules_class(edition: Edition) -> type[Game]:
    """The Game class that plays ``edition``: its own subclass if it has one, else its family's."""
    try:
        cls: type[Game] = registry.game_class(edition.id, edition.family)
    except registry.UnknownFamily as exc:
        raise OpenMonopolyError(f"edition {edition.id}: {exc}") from None
    return cls
