"""``View``: what one player (or a spectator) may see of a game."""

from __future__ import annotations

import random
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ..editions import Edition
from .actions import ANYTIME_KIND, Action, ActionKinds
from .chance import Chance
from .events import Event
from .prompt import Legal, Prompt
from .state import State

if TYPE_CHECKING:
    from .game import Game


@mypyc_attr(allow_interpreted_subclasses=True)
class View:
    """What one player (or a spectator, ``player=None``) may see of a game.

    It reads the live game, so it stays current; it never exposes deck order,
    the random state or another player's private cards. ``to_json`` gives the
    same content as plain data for the terminal, the web and RL.

    Every public field of the game's state (``State.FIELDS`` minus ``HIDDEN``) reads as an
    attribute: ``View(game, p)`` is an instance of a subclass made once per (view class, state
    class) with one C-level property (``operator.attrgetter``) per such field. Reading a hidden
    field raises ``AttributeError``. A family's view class may define typed properties for the
    fields its compiled bot reads most (``ClassicView``); the generated ones fill in the rest.
    """

    # False: the class reads the state's public fields itself (``ClassicView``), no subclass is made.
    GENERATE_FIELDS: ClassVar[bool] = True
    _game: Game
    player: int | None

    def __new__(cls, game: Game, player: int | None = None) -> View:
        # (``_PLAIN`` first: ``make_view`` calls this for those classes, and reading ``GENERATE_FIELDS`` is a
        # generic attribute lookup)
        if cls in _PLAIN or cls in _GENERATED or not cls.GENERATE_FIELDS:
            return super().__new__(cls)
        key = (cls, type(game.state))
        sub = _VIEW_CLASSES.get(key)
        if sub is None:
            sub = _VIEW_CLASSES[key] = _view_class(cls, type(game.state))
            _GENERATED.add(sub)
        return sub.__new__(sub, game, player)

    def __init__(self, game: Game, player: int | None) -> None:
        self._game = game
        self.player = player

    def __reduce__(self) -> Any:
        base = type(self)
        if base in _GENERATED:
            base = base.__mro__[1]
        return (base, (self._game, self.player))

    @property
    def edition(self) -> Edition:
        """The edition being played (board, cards, words, ``money(n)``)."""
        return self._game.edition

    @property
    def options(self) -> dict[str, Any]:
        """The game's options by name (``{"max-rounds": 50, ...}``)."""
        return self._game.options

    @property
    def cash(self) -> list[int]:
        """Each seat's cash (index: seat)."""
        s: State = self._game.base_state
        return s.cash

    @property
    def turns(self) -> int:
        """Player-turns played so far."""
        s: State = self._game.base_state
        return s.turns

    # The fields every family's state has (``State``), typed for bots of any family; a family's view
    # class declares its own (``ClassicView``, ``EmpireView``, ``MandalorianView``).
    @property
    def n(self) -> int:
        """How many seats the game has."""
        s: State = self._game.base_state
        return s.n

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        s: State = self._game.base_state
        return s.names

    @property
    def position(self) -> list[int]:
        """Each seat's board position (0: GO)."""
        s: State = self._game.base_state
        return s.position

    @property
    def alive(self) -> list[bool]:
        """Whether each seat is still in the game."""
        s: State = self._game.base_state
        return s.alive

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        s: State = self._game.base_state
        return s.current

    @property
    def first_player(self) -> int:
        """The seat that moved first."""
        s: State = self._game.base_state
        return s.first_player

    @property
    def round(self) -> int:
        """The round being played (1 first; a round ends when the first player's turn comes again)."""
        s: State = self._game.base_state
        return s.round

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        s: State = self._game.base_state
        return s.over

    @property
    def winners(self) -> list[int]:
        """The winning seats (empty until the game is over; several when shared)."""
        s: State = self._game.base_state
        return s.winners

    @property
    def end_reason(self) -> str:
        """Why the game ended (``"bankruptcy"``, ``"round-limit"``, a family's own), or ``""``."""
        s: State = self._game.base_state
        return s.end_reason

    @property
    def bank_net(self) -> int:
        """What the bank has paid out minus what it received."""
        s: State = self._game.base_state
        return s.bank_net

    @property
    def dice(self) -> tuple[int, ...]:
        """The last roll's dice (empty before the first roll)."""
        s: State = self._game.base_state
        return s.dice

    @property
    def in_jail(self) -> list[bool]:
        """Whether each seat is in jail."""
        s: State = self._game.base_state
        return s.in_jail

    @property
    def jail_turns(self) -> list[int]:
        """Turns each seat has spent in jail so far."""
        s: State = self._game.base_state
        return s.jail_turns

    @property
    def held(self) -> list[list[int]]:
        """Each seat's kept cards (get out of jail free and the like) as ``deck << 8 | card`` numbers."""
        s: State = self._game.base_state
        return s.held

    @property
    def owner(self) -> list[int]:
        """Each board position's owner (-1: the bank, or a space nobody can own)."""
        s: State = self._game.base_state
        return s.owner

    @property
    def prompt(self) -> Prompt | None:
        """What the game waits for (``Prompt``: ``player``, ``kind``, ``details``), or None when it is over."""
        return self._game.prompt

    @property
    def action_kinds(self) -> ActionKinds:
        """The action kinds of this game's rules (which of them may be taken at any time, ...)."""
        return self._game.ACTION_KINDS

    def trade_cards(self, seat: int) -> list[int]:
        """The kept cards of ``seat`` as a trade offer names them (``TradeOffer.give_cards``)."""
        g = self._game
        key = g.trade_card_key
        return [key(ref) for ref in g.state.held[seat]]

    def current_rent(self, pos: int, roll: int = 7) -> int:
        """The rent due now on landing on ``pos`` with a dice total of ``roll`` (0: none)."""
        return self._game.current_rent(pos, roll)

    def parse(self, text: str) -> Action:
        """``text`` read as an action of this game's rules, proposed by this viewer."""
        return self._game.parse(text, -1 if self.player is None else self.player)

    def legal_actions(self) -> Legal:
        """What this seat may do now (``Legal``): the prompt's answers if it is this seat's, the
        any-time actions (build, mortgage, ...) and ``bid_range`` in an auction; empty for spectators."""
        return Legal([]) if self.player is None else self._game.legal_actions(self.player)

    def legal_answers(self) -> Legal:
        """The answers to the prompt alone (``Game.legal_answers``): no any-time actions, no trades."""
        return Legal([]) if self.player is None else self._game.legal_answers(self.player)

    def check(self, action: Action) -> str | None:
        """Why ``action`` would be refused now (a sentence), or None when it is legal."""
        if self.player is None:
            return "spectators cannot act"
        game = self._game
        reason = game.check(self.player, action)
        if reason is None:  # (remembered for ``Game.play_out``, which then does not check it again)
            game._approved = action
            game._approved_by = self.player
        return reason

    def _check_formed(self, action: Action) -> str | None:
        """``check`` of an action known to be well formed (``Game.check_formed``: an ``Action`` of this game's
        kinds with fields of the right types, as ``actions.action_problem`` tests): the same answer, and an
        action accepted is remembered for ``Game.play_out`` alike. For the engine's own bots, which make their
        actions from shared tables (``numbered_action``, a trade offer of whole numbers) and need not pay for
        the shape test of every action again. Not part of the bot API: ``play_out`` applies what this
        approves unchecked, so a malformed action approved here would reach the rules."""
        p = self.player
        if p is None:
            return "spectators cannot act"
        game = self._game
        s: State = game.base_state
        fields: tuple[Any, Any, Any] = action  # (the kind read from the plain tuple, as ``Game.check_formed``)
        kind: str = fields[0]
        code = game.kind_code(kind)
        anytime = code & ANYTIME_KIND != 0
        if not s.over and 0 <= p < s.n and s.alive[p] and (anytime or s.stack[-1].decider == p):
            # The facts of the decision ``Game._judge`` tests first all hold (a bot asks of its own decision,
            # mostly): the answer is the rules' alone, without the call through ``_judge`` that tests them again.
            reason = game._rule_reason(p, action, kind, code, None if anytime else s.stack[-1])
        else:
            reason = game.check_formed(p, action)  # (which words the fact that fails)
        if reason is None:  # (as ``check`` remembers it)
            game._approved = action
            game._approved_by = p
        return reason

    def events(self) -> list[Event]:
        """Every event of the game so far that this seat may see (needs a game made with events on)."""
        return [e for e in self._game.history if e.visible_to(self.player)]

    def sample_game(self, seed: int) -> Game:
        """A determinized copy of the game, consistent with what this viewer sees (for search bots).

        A clone with events off whose hidden information is redrawn from ``seed``
        (``Game.resample_hidden``: deck orders shuffled, a family's private hands dealt anew) and
        whose chance source is a fresh one seeded from ``seed``, so neither the real deck order nor
        the real future dice can be read from it. Its record starts empty: it is a hypothetical
        game to play forward, not a copy of the real one. The real game is never touched.
        """
        rng = random.Random(seed)
        game = self._game.clone(events=False)
        game.resample_hidden(self.player, rng)
        game.seed = rng.getrandbits(63)
        game.chance = Chance(game.seed)
        game._set_moves([])
        return game

    def to_json(self, legal: Legal | None = None) -> dict[str, Any]:
        """The view as plain data. ``legal``: this player's ``legal_actions()`` when the caller has them
        already (the bot protocol sends them too), so they are not worked out twice."""
        g = self._game
        data = g.view_fields(self.player)
        prompt = g.prompt
        data["viewer"] = self.player
        data["prompt"] = None if prompt is None else prompt.to_json()
        if self.player is None:
            data["legal"] = None
        else:
            data["legal"] = (legal if legal is not None else self.legal_actions()).summary()
        return data


_VIEW_CLASSES: dict[tuple[type, type], type[View]] = {}
# (Final: compiled code reads them as C statics, not from the module's dict at every view made)
_GENERATED: Final[set[type]] = set()


def make_view(cls: type[View], game: Game, player: int | None) -> View:
    """``cls(game, player)``, what ``Game.view`` makes (three or four views per game). A class that makes its
    views as ``View`` does (no generated subclass, ``View.__init__``) is made here directly: the generic
    call of a class makes a tuple of the arguments and parses them twice, for ``__new__`` and ``__init__``,
    several times the cost of the view itself."""
    if cls in _PLAIN:
        view = View.__new__(cls, game, player)
        view._game = game
        view.player = player
        return view
    # (looked up once per class: an interpreted subclass may have an ``__init__`` of its own)
    if not cls.GENERATE_FIELDS and getattr(cls, "__init__") is _VIEW_INIT:  # noqa: B009
        _PLAIN.add(cls)
    return cls(game, player)


_PLAIN: Final[set[type]] = set()  # the view classes ``make_view`` makes directly
_VIEW_INIT = getattr(View, "__init__")  # noqa: B009  (compiled code reads no method of a class as an attribute)


def _view_class(base: type[View], state_type: type[State]) -> type[View]:
    """``base`` with a read-only property per public field of ``state_type`` (see ``View``)."""
    # (getattr: compiled code cannot read ``cls.__module__`` as an attribute)
    fields: dict[str, Any] = {
        "__module__": getattr(base, "__module__"),  # noqa: B009
        "__qualname__": base.__qualname__,
        "__getattr__": _refusal(state_type.HIDDEN),
    }
    shown = [name for name in state_type.HIDDEN if hasattr(base, name)]
    if shown:
        raise TypeError(f"{base.__name__} has properties for fields {state_type.__name__} hides: {shown}")
    for name in state_type.FIELDS:
        if is_public(name, state_type) and not hasattr(base, name):
            fields[name] = property(attrgetter("_game.state." + name))
    return type(base.__name__, (base,), fields)


def public_field(state: State, name: str) -> Any:
    """The state field ``name`` as a view shows it (the ``__getattr__`` of a view class that reads the
    state's public fields itself, ``GENERATE_FIELDS = False``)."""
    if is_public(name, type(state)):
        return getattr(state, name)
    raise no_field(name, state.HIDDEN)


def is_public(name: str, state_type: type[State]) -> bool:
    """Whether a view shows the state field ``name``."""
    return name in state_type.FIELDS and name not in state_type.HIDDEN and not name.startswith("_")


def _refusal(hidden: frozenset[str]) -> Any:
    """The ``__getattr__`` of a generated view class: only reached for a name with no property."""

    def refuse(*args: Any) -> Any:  # (self, name) interpreted; (name) compiled, which binds no self
        raise no_field(args[-1], hidden)

    return refuse


def no_field(name: str, hidden: frozenset[str]) -> AttributeError:
    """The error for reading ``name`` from a view that does not show it."""
    if name in hidden or name.startswith("_"):
        return AttributeError(f"'{name}' is hidden from players")
    return AttributeError(f"a view has no field '{name}'")
