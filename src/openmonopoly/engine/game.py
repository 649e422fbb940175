"""``Game``: the one object every interface touches.

A game is fully determined by its edition, options, players, seed and the
sequence of actions. The engine does no I/O. ``prompt`` says who must decide
what; ``legal_actions`` lists what a player may do; ``act`` applies one action
and returns the events it caused, or raises ``IllegalAction`` leaving the game
untouched.
"""
from __future__ import annotations

import hashlib
import json
import random
from operator import attrgetter
from typing import Any, ClassVar, Iterator, NamedTuple, Sequence

from ..editions import Edition, load
from . import actions as A
from .actions import Action, TradeOffer
from .chance import Chance
from .errors import BadActionText, IllegalAction, OpenMonopolyError, ReplayMismatch
from .events import GAME_OVER, TURN, Event
from .flow import Step
from .options import Option, resolve_options
from .state import State

RECORD_FORMAT = 1
FAMILIES: dict[str, type["Game"]] = {}          # rules family -> its Game class
EDITION_RULES: dict[str, type["Game"]] = {}     # edition id -> a subclass for that edition's own rules


class Prompt(NamedTuple):
    """What the game waits for: ``player`` must answer a decision of ``kind``."""

    player: int
    kind: str
    details: dict

    def to_json(self) -> dict:
        return {"player": self.player, "kind": self.kind, "details": self.details}


_new_tuple = tuple.__new__


class Legal:
    """Everything one player may do right now.

    ``actions`` are concrete actions; any ``bid N`` with ``bid_range[0] <= N <=
    bid_range[1]`` is legal too; and a trade may be proposed to any of
    ``trade_partners`` (whether a given offer is acceptable is for ``Game.check``).
    """

    __slots__ = ("actions", "bid_range", "trade_partners")

    def __init__(self, actions: list[Action], bid_range: tuple[int, int] | None = None,
                 trade_partners: tuple[int, ...] = ()) -> None:
        self.actions = actions
        self.bid_range = bid_range
        self.trade_partners = trade_partners

    def __iter__(self) -> Iterator[Action]:
        """Every concrete action, then every legal bid amount (trades cannot be listed)."""
        yield from self.actions
        if self.bid_range is not None:
            for amount in range(self.bid_range[0], self.bid_range[1] + 1):
                yield Action(A.BID, amount)

    def __len__(self) -> int:
        return len(self.actions) + (0 if self.bid_range is None else self.bid_range[1] - self.bid_range[0] + 1)

    def __bool__(self) -> bool:
        return bool(self.actions) or self.bid_range is not None or bool(self.trade_partners)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if action.kind == A.BID and self.bid_range is not None:
            return self.bid_range[0] <= action.arg <= self.bid_range[1]
        return action in self.actions

    def summary(self) -> list[str]:
        out = [str(a) for a in self.actions]
        if self.bid_range is not None:
            out.append(f"bid {self.bid_range[0]}..{self.bid_range[1]}")
        if self.trade_partners:
            out.append("trade " + "|".join(map(str, self.trade_partners)) + " ...")
        return out

    def __repr__(self) -> str:
        return f"Legal({self.summary()})"


class Game:
    """Base of every rules family. ``Game(edition, ...)`` builds the right family."""

    family: ClassVar[str] = ""
    editions: ClassVar[tuple[str, ...]] = ()    # editions whose rulebook this subclass implements
    state_class: ClassVar[type[State]] = State
    OPTIONS: ClassVar[dict[str, Option]] = {}

    state: State
    edition: Edition

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.family:
            FAMILIES.setdefault(cls.family, cls)
        for edition_id in cls.__dict__.get("editions", ()):
            EDITION_RULES[edition_id] = cls

    def __new__(cls, edition: str | Edition = "classic", *args: Any, **kwargs: Any) -> "Game":
        if cls is Game:
            ed = load(edition) if isinstance(edition, str) else edition
            _import_families()
            cls = rules_class(ed)
        return object.__new__(cls)

    def __init__(self, edition: str | Edition = "classic", players: int | Sequence[str] = 4, seed: int = 0,
                 options: dict[str, Any] | None = None, *, events: bool = True,
                 _chance: Chance | None = None) -> None:
        self.edition = load(edition) if isinstance(edition, str) else edition
        names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        if not self.edition.min_players <= len(names) <= self.edition.max_players:
            raise OpenMonopolyError(f"{self.edition.name} is for {self.edition.min_players}-"
                                    f"{self.edition.max_players} players, not {len(names)}")
        self.options = resolve_options(self.available_options(self.edition), options, self.edition.id)
        self.seed = int(seed)
        self.chance = _chance if _chance is not None else Chance(self.seed)
        self.log_events = events
        self.history: list[Event] = []
        self._events: list[Event] | None = self.history if events else None
        self._record: list[tuple[int, Action]] = []
        self.state = self.new_state(names)
        self.setup()
        self._advance()

    # ------------------------------------------------------------------ family hooks
    @classmethod
    def available_options(cls, edition: Edition) -> dict[str, Option]:
        return dict(cls.OPTIONS)

    def new_state(self, names: list[str]) -> State:
        raise NotImplementedError

    def setup(self) -> None:
        """Deal, shuffle and push the first step."""
        raise NotImplementedError

    def check_anytime(self, player: int, action: Action) -> str | None:
        return f"'{action.kind}' is not part of this edition"

    def apply_anytime(self, player: int, action: Action) -> None:
        raise NotImplementedError

    def legal_anytime(self, player: int) -> list[Action]:
        return []

    def trade_partners(self, player: int) -> tuple[int, ...]:
        return ()

    def view_fields(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see (None: a spectator), as plain data."""
        raise NotImplementedError

    def net_worth(self, player: int) -> int:
        return self.state.cash[player]

    # How a trade offer names a held card (``TradeOffer.give_cards``): classic names it by its deck.
    trade_card_words: ClassVar[str] = "get-out-of-jail card from deck"

    @staticmethod
    def trade_card_key(ref: int) -> int:
        return ref >> 8

    def card_effect(self, player: int, effect: dict) -> None:
        """A card effect the shared decks do not know: families with their own cards override this."""
        raise AssertionError(f"unknown card effect {effect.get('kind')!r}")  # validated on load: a bug

    def turn_step(self, player: int) -> Step:
        """The step that starts ``player``'s turn."""
        raise NotImplementedError

    def round_limit(self) -> int | None:
        """The last round to play (None: no limit); variants add their own limits."""
        return self.options.get("max-rounds")

    def end_at_limit(self, reason: str = "round-limit") -> None:
        """The round limit is reached: the richest by ``net_worth`` wins (equal worths share)."""
        alive = [p for p in range(self.state.n) if self.state.alive[p]]
        worth = {p: self.net_worth(p) for p in alive}
        best = max(worth.values())
        self.finish([p for p in alive if worth[p] == best], reason)

    def pass_turn(self) -> None:
        """Hand the turn to the next player still in the game, counting rounds and stopping at the limit."""
        s = self.state
        n = s.n
        prev = s.current
        nxt = prev
        for i in range(1, n + 1):
            nxt = (prev + i) % n
            if s.alive[nxt]:
                break
        # A round ends when play comes back round to (or past) the first player's seat.
        if (nxt - s.first_player) % n <= (prev - s.first_player) % n:
            s.round += 1
            limit = self.round_limit()
            if limit is not None and s.round > limit:
                s.round = limit
                self.end_at_limit()
                return
        s.current = nxt
        s.turns += 1
        self.push(self.turn_step(nxt))
        if self._events is not None:
            self._events.append(Event(TURN, nxt, amount=s.round))

    def seats_from(self, player: int) -> tuple[int, ...]:
        """Players still in the game from ``player``'s left round to ``player`` (if still in)."""
        s = self.state
        n = s.n
        return tuple(q for q in ((player + i) % n for i in range(1, n + 1)) if s.alive[q])

    # ------------------------------------------------------------------ the public API
    @property
    def prompt(self) -> Prompt | None:
        s = self.state
        if s.over or not s.stack:
            return None
        top = s.stack[-1]
        return _new_tuple(Prompt, (top.decider, top.kind, top.describe(self)))   # = Prompt(...), one call less

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winners(self) -> list[int]:
        return list(self.state.winners)

    @property
    def players(self) -> list[str]:
        return list(self.state.names)

    def legal_actions(self, player: int) -> Legal:
        s = self.state
        if s.over or not (0 <= player < s.n) or not s.alive[player]:
            return Legal([])
        top = s.stack[-1]
        fixed: list[Action] = []
        bids = None
        if top.decider == player:
            fixed = top.legal(self, player)
            bids = top.bid_range(self, player)
        fixed += self.legal_anytime(player)
        return Legal(fixed, bids, self.trade_partners(player))

    def check(self, player: int, action: Action | str) -> str | None:
        """Why ``action`` by ``player`` is illegal now, or None when ``act`` would accept it."""
        if isinstance(action, str):
            try:
                action = Action.parse(action, player)
            except BadActionText as exc:
                return exc.reason
        s = self.state
        if s.over:
            return "the game is over"
        if not isinstance(player, int) or not 0 <= player < s.n:
            return f"there is no player {player!r}; players are 0..{s.n - 1}"
        if not s.alive[player]:
            return "you are out of the game"
        if action.kind in A.ANYTIME_KINDS:
            return self.check_anytime(player, action)
        top = s.stack[-1]
        if top.decider != player:
            return f"not your decision: waiting for {s.names[top.decider]} to answer '{top.kind}'"
        if action.kind not in top.answers:
            return f"'{action.kind}' does not answer this prompt ('{top.kind}')"
        return top.check(self, player, action)

    def act(self, player: int, action: Action | str) -> list[Event]:
        """Apply one action; return the events it caused. Illegal: ``IllegalAction``, nothing changed."""
        if isinstance(action, str):
            try:
                action = Action.parse(action, player)
            except BadActionText as exc:
                raise BadActionText(exc.reason, action, player, self.legal_actions(player)) from None
        reason = self.check(player, action)
        if reason is not None:
            raise IllegalAction(reason, action, player, list(self.legal_actions(player).actions))
        kind = action.kind
        if kind == A.TRADE and action.offer is not None and action.offer.proposer != player:
            action = Action(A.TRADE, -1, action.offer._replace(proposer=player))
        start = len(self.history)
        self._record.append((player, action))
        if kind in A.ANYTIME_KINDS:
            self.apply_anytime(player, action)
        else:
            self.state.stack[-1].apply(self, player, action)
        self._advance()
        return self.history[start:] if self.log_events else []

    def view(self, player: int | None = None) -> "View":
        return View(self, player)

    # ------------------------------------------------------------------ flow helpers for rules
    def emit(self, event: Event) -> None:
        if self._events is not None:
            self._events.append(event)

    def push(self, step: Step) -> None:
        self.state.stack.append(step)

    def pop(self) -> Step:
        return self.state.stack.pop()

    def replace_top(self, step: Step) -> None:
        self.state.stack[-1] = step

    def drop_from_flow(self, player: int) -> None:
        """Remove a player who has left the game from every pending step."""
        stack = self.state.stack
        kept = [step.without(self, player) for step in stack]
        stack[:] = [step for step in kept if step is not None]

    def _advance(self) -> None:
        s = self.state
        stack = s.stack
        while not s.over:
            top = stack[-1]
            if not top.automatic:
                return
            top.run(self)

    def finish(self, winners: list[int], reason: str) -> None:
        s = self.state
        s.over = True
        s.winners = sorted(winners)
        s.end_reason = reason
        s.stack.clear()
        if self._events is not None:
            self._events.append(Event(GAME_OVER, winners[0] if len(winners) == 1 else -1, info=reason + ":" +
                                      ",".join(map(str, s.winners))))

    # ------------------------------------------------------------------ records, clones, JSON
    def record(self) -> dict:
        s = self.state
        return {
            "format": RECORD_FORMAT,
            "edition": self.edition.id,
            "options": dict(self.options),
            "players": list(s.names),
            "seed": self.seed,
            "actions": [[p, a.to_json()] for p, a in self._record],
            "chance": list(self.chance.log),
            "result": {"over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
                       "turns": s.turns, "rounds": s.round},
        }

    def digest(self) -> str:
        """A hash of the record: equal for equal games."""
        return hashlib.sha256(json.dumps(self.record(), sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    @classmethod
    def replay(cls, record: dict, *, events: bool = True, upto: int | None = None) -> "Game":
        """Rebuild a game from its record, feeding the recorded chance outcomes back."""
        if record.get("format") != RECORD_FORMAT:
            raise ReplayMismatch(f"unknown record format {record.get('format')!r}; expected {RECORD_FORMAT}")
        chance = Chance(int(record["seed"]))
        chance.playback(record["chance"])
        game = Game(record["edition"], record["players"], record["seed"], record.get("options"), events=events,
                    _chance=chance)
        moves = record["actions"] if upto is None else record["actions"][:upto]
        for i, (player, data) in enumerate(moves):
            try:
                game.act(int(player), Action.from_json(data))
            except IllegalAction as exc:
                raise ReplayMismatch(f"action {i} ({data}) by player {player} does not replay: {exc.reason}") from None
        if upto is None:
            chance.end_playback()
            result = record.get("result")
            if result and (result["over"] != game.state.over or result["winners"] != game.state.winners):
                raise ReplayMismatch(f"record says result {result}, replay gives over={game.state.over} "
                                     f"winners={game.state.winners}")
        else:
            chance._playback = None
        return game

    def clone(self, *, events: bool | None = None) -> "Game":
        new = object.__new__(type(self))
        new.edition = self.edition
        new.options = self.options
        new.seed = self.seed
        new.chance = self.chance.copy()
        new.log_events = self.log_events if events is None else events
        new.history = list(self.history) if new.log_events else []
        new._events = new.history if new.log_events else None
        new._record = list(self._record)
        new.state = self.state.copy()
        return new

    def resample_hidden(self, player: int | None, rng: random.Random) -> None:
        """Redraw in place what ``player`` cannot see (``state.HIDDEN``), consistently with their view.

        Used on a clone by ``View.sample_game`` (search bots). The default treats every hidden field
        as deck orders: a list of lists (one draw order per deck) has each list shuffled, a flat list
        is shuffled as one pile. Families with other secrets (private hands) override it.
        """
        s = self.state
        for name in sorted(s.HIDDEN):            # sorted: frozenset order depends on the hash seed
            value = getattr(s, name)
            if isinstance(value, list):
                if value and isinstance(value[0], list):
                    for pile in value:
                        rng.shuffle(pile)
                else:
                    rng.shuffle(value)

    def to_json(self) -> dict:
        return {
            "format": RECORD_FORMAT,
            "edition": self.edition.id,
            "options": dict(self.options),
            "seed": self.seed,
            "state": self.state.to_json(),
            "chance": self.chance.to_json(),
            "record": [[p, a.to_json()] for p, a in self._record],
            "events": [e.to_json() for e in self.history] if self.log_events else None,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Game":
        if data.get("format") != RECORD_FORMAT:
            raise OpenMonopolyError(f"unknown saved-game format {data.get('format')!r}; expected {RECORD_FORMAT}")
        edition = load(data["edition"])
        family = rules_class(edition)
        game = object.__new__(family)
        game.edition = edition
        game.options = resolve_options(family.available_options(edition), data["options"], edition.id)
        game.seed = int(data["seed"])
        game.chance = Chance.from_json(data["chance"])
        game.log_events = data.get("events") is not None
        game.history = [Event.from_json(e) for e in data["events"]] if game.log_events else []
        game._events = game.history if game.log_events else None
        game._record = [(int(p), Action.from_json(a)) for p, a in data["record"]]
        game.state = family.state_class.from_json(data["state"])
        return game

    def __repr__(self) -> str:
        p = self.prompt
        where = "over" if p is None else f"waiting for {p.player}: {p.kind}"
        return f"<{type(self).__name__} {self.edition.id} turn {self.state.turns} {where}>"


class View:
    """What one player (or a spectator, ``player=None``) may see of a game.

    It reads the live game, so it stays current; it never exposes deck order,
    the random state or another player's private cards. ``to_json`` gives the
    same content as plain data for the terminal, the web and RL.

    Speed: ``View(game, p)`` is an instance of a subclass made once per (view class, state class)
    with one C-level property (``operator.attrgetter``) per public state field, so ``view.cash``
    costs an attribute lookup, not a ``__getattr__`` call. Hidden fields get no property and
    are still refused by ``__getattr__``.
    """

    __slots__ = ("_game", "player")

    def __new__(cls, game: Game, player: int | None = None) -> "View":
        key = (cls, type(game.state))
        sub = _VIEW_CLASSES.get(key)
        if sub is None:
            sub = _VIEW_CLASSES[key] = _view_class(cls, type(game.state))
        return object.__new__(sub)

    def __init__(self, game: Game, player: int | None) -> None:
        self._game = game
        self.player = player

    def __reduce__(self) -> Any:
        return (type(self).__mro__[1], (self._game, self.player))

    edition = property(attrgetter("_game.edition"), doc="The game's edition.")
    options = property(attrgetter("_game.options"), doc="The game's options.")

    @property
    def prompt(self) -> Prompt | None:
        return self._game.prompt

    def legal_actions(self) -> Legal:
        return Legal([]) if self.player is None else self._game.legal_actions(self.player)

    def check(self, action: Action) -> str | None:
        return "spectators cannot act" if self.player is None else self._game.check(self.player, action)

    def events(self) -> list[Event]:
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
        game._record = []
        return game

    def __getattr__(self, name: str) -> Any:
        # Public state fields are readable by name; hidden ones are not.
        game = object.__getattribute__(self, "_game")
        if name in game.state.HIDDEN or name.startswith("_"):
            raise AttributeError(f"'{name}' is hidden from players")
        return getattr(game.state, name)

    def to_json(self) -> dict:
        g = self._game
        data = g.view_fields(self.player)
        prompt = g.prompt
        data["viewer"] = self.player
        data["prompt"] = None if prompt is None else prompt.to_json()
        data["legal"] = None if self.player is None else self.legal_actions().summary()
        return data


_VIEW_CLASSES: dict[tuple[type, type], type[View]] = {}


def _view_class(base: type[View], state_type: type[State]) -> type[View]:
    """``base`` with a read-only property per public field of ``state_type`` (see ``View``)."""
    fields: dict[str, Any] = {"__slots__": (), "__module__": base.__module__, "__qualname__": base.__qualname__}
    hidden = state_type.HIDDEN
    for cls in state_type.__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name in hidden or name.startswith("_") or hasattr(base, name) or name in fields:
                continue
            fields[name] = property(attrgetter("_game.state." + name))
    return type(base.__name__, (base,), fields)


def rules_class(edition: Edition) -> type[Game]:
    """The Game class that plays ``edition``: its own subclass if it has one, else its family's."""
    _import_families()
    if edition.id in EDITION_RULES:
        return EDITION_RULES[edition.id]
    if edition.family not in FAMILIES:
        raise OpenMonopolyError(f"edition {edition.id} has family {edition.family!r}, which has no rules yet")
    return FAMILIES[edition.family]


def _import_families() -> None:
    """Rule families register themselves on import."""
    from ..rules import classic  # noqa: F401
    from ..rules.mandalorian import game as _mandalorian  # noqa: F401
    from ..rules.empire import game as _empire  # noqa: F401
    from ..rules import sailormoon as _sailormoon  # noqa: F401
    from ..rules.clonewars import game as _clonewars  # noqa: F401
