"""The observation and the action mask of one game, written straight from its state: the RL step's hot path.

Compiled with mypyc with the engine (``openmonopoly/_native.py``), so it imports no NumPy: the
observation comes out as the bytes of its float32 numbers (``ObservationEncoder.encode``), the mask
is written into any buffer of int8 (``MaskEncoder.fill``). ``rl/observation.py`` and ``rl/actions.py``
make the tables these classes read and wrap them for NumPy; their ``build`` and ``ActionSpace``'s index
layout are the definitions, and tests/rl/test_fast_path.py compares the two paths on random states of
every edition.

The observation is joined from pieces: the one-hot parts (a position, a space's owner with its level
and mortgage, the prompt's kind) are made once each and reused, so a step packs only the few dozen
numbers that vary. struct's float32 packing rounds as NumPy's float32 conversion does, and every value
is clipped before packing (clipping commutes with rounding: the bounds are exact float32 numbers).
"""

from __future__ import annotations

import math
import struct
from typing import Any, Final

from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from ..engine.game import Game
from ..engine.prompt import Legal, numbered_action
from ..engine.state import ChangeWatch, State

CLIP: Final = 10.0
_AMOUNTS: Final = ("price", "amount", "high", "minimum")
_PLAYER: Final = struct.Struct("=7f")  # present, alive, cash, net worth, in jail, jail turns, cards
_AMOUNT: Final = struct.Struct("=6f")  # price, amount, high, minimum, lowest bid, highest bid
_TAIL: Final = struct.Struct("=5f")  # the two dice, doubles, round, over
_EMPTY: Final = bytearray()  # (what an observation's pieces are joined with: a new bytearray, the caller's own)


def clip(x: float) -> float:
    """``x`` within +-CLIP."""
    return CLIP if x > CLIP else -CLIP if x < -CLIP else x


def floats(values: list[float]) -> bytes:
    """The bytes of ``values`` as float32 numbers (native order, as NumPy's float32)."""
    return struct.pack(f"={len(values)}f", *values)


class Layout:
    """Which of the shared observation fields an edition's view shows, read once from its JSON
    (``Game.view_fields``): the fast path reads the state fields of the same names."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.owner: bool = "owner" in data
        self.level: bool = "level" in data
        self.mortgaged: bool = "mortgaged" in data
        self.doubles: bool = "doubles" in data
        players = data["players"]
        row: dict[str, Any] = players[0] if players else {}
        cards = row.get("jail_cards", row.get("signet_cards", ()))
        # a list of the cards a player keeps is observed by its length; a bare count is not observed
        self.cards: bool = isinstance(cards, list)


class SpacesMade:
    """One observer's per-space part of the observation as last made: the pieces of every space written
    one after the other (a piece is rewritten in place when its space changes), and copies of the owner,
    level and mortgaged lists it shows. The state's own owner and level lists are kept too, with their
    change counts then (``State.owner_changes``, ``level_changes``: every rule that writes them counts
    it): while the list is the same and its count has not moved, it is not compared."""

    def __init__(self, joined: bytearray, owner: list[Any], level: list[Any], mortgaged: list[Any]) -> None:
        self.joined = joined
        self.owner = owner
        self.level = level
        self.mortgaged = mortgaged
        self.owner_watch = ChangeWatch()
        self.level_watch = ChangeWatch()


class ObservationEncoder:
    """``ObservationBuilder.build(game.view(me).to_json())`` as bytes, made from the game's state.

    ``extras``: the public numbers only some options add to the view (the Free Parking pot of house rule
    free-parking-pot), read from the state fields of the same names and appended, scaled, at the end."""

    def __init__(self, n: int, size: int, scale: float, kinds: tuple[str, ...], extras: tuple[str, ...] = ()) -> None:
        self.n = n
        self.extras = extras
        self.size = size
        self.scale = scale
        self.per_player = 7 + size
        self.per_space = n + 3
        self.kind_index: dict[str, int] = {k: i for i, k in enumerate(kinds)}
        self.kinds = len(kinds)
        self.prompt_len = self.kinds + 2 + size + 6
        self.layout: Layout | None = None  # (learned from the first game encoded)
        # a one-hot over the spaces per position, the last for none
        self.one_hot: list[bytes] = [floats([1.0 if q == pos else 0.0 for q in range(size)]) for pos in range(size + 1)]
        # the prompt's kind one-hot (the last: a kind not listed) followed by the "mine" flag
        self.kind_pieces: list[list[bytes]] = []
        for k in range(self.kinds + 1):
            row = [1.0 if j == k else 0.0 for j in range(self.kinds + 1)]
            self.kind_pieces.append([floats(row + [0.0]), floats(row + [1.0])])
        self.absent = bytes(4 * self.per_player)
        self.no_prompt = bytes(4 * self.prompt_len)
        self.no_amounts = bytes(_AMOUNT.size)
        # per observer, a space's piece by (owner, level, mortgaged)
        self.space_pieces: list[dict[tuple[Any, Any, Any], bytes]] = [{} for _ in range(n)]
        # per observer, the per-space part last made and the owner, level and mortgaged lists it shows (for the
        # callers that keep none of their own: a ``StepCore`` keeps its game's)
        self.made_spaces: list[SpacesMade | None] = [None for _ in range(n)]
        # per seat, its numbers as last packed and what they were packed from (shared by every observer)
        self.row_keys: list[Any] = [None for _ in range(n)]
        self.rows: list[bytes] = [b"" for _ in range(n)]
        # the dice, doubles, round and "over" as last packed, and what they were packed from
        self.tail_key: Any = None
        self.tail = b""

    def encode(
        self, game: Game, me: int, bid_range: tuple[int, int] | None, made: list[SpacesMade | None] | None = None
    ) -> bytearray:
        """The observation of ``me``, a buffer of its own: ``bid_range`` is ``game.legal_actions(me).bid_range``
        (the caller has it from the mask; None whenever ``me`` is not the player prompted). ``made``: the
        per-space parts kept for this game, one per observer (None: the encoder's own, for any game; several
        games sharing one encoder keep theirs apart, or each would remake most of the other's pieces)."""
        layout = self.layout
        if layout is None:
            layout = self.layout = Layout(game.view_fields(me))
        st = game.base_state  # (the fields every family has, read typed)
        s: Any = st  # (and those only some families have)
        n = self.n
        sc = self.scale
        size = self.size
        seats = st.n
        alive = st.alive
        cash = st.cash
        in_jail = st.in_jail
        jail_turns = st.jail_turns
        held = st.held
        position = st.position
        worth = game.net_worths()
        row_keys = self.row_keys
        rows = self.rows
        parts: list[Any] = []  # (bytes, and the per-space part's bytearray)
        for k in range(n):
            p = (me + k) % n
            if p >= seats:
                parts.append(self.absent)
                continue
            # (a seat's numbers are the same for every observer: packed again only when they change)
            cards = len(held[p]) if layout.cards else 0
            key = (alive[p], cash[p], worth[p], in_jail[p], jail_turns[p], cards)
            if key != row_keys[p]:
                row_keys[p] = key
                rows[p] = _PLAYER.pack(
                    1.0,
                    1.0 if alive[p] else 0.0,
                    clip(cash[p] / sc),
                    clip(worth[p] / sc),
                    1.0 if in_jail[p] else 0.0,
                    clip(jail_turns[p] / 3.0),
                    clip(float(cards)),
                )
            parts.append(rows[p])
            pos = position[p]
            parts.append(self.one_hot[pos] if 0 <= pos < size else self.one_hot[size])
        parts.append(self.spaces(st, me, layout, self.made_spaces if made is None else made))
        stack = st.stack
        if st.over or not stack:  # (``game.prompt`` read from the step it is made of)
            parts.append(self.no_prompt)
        else:
            top = stack[-1]
            kind = self.kind_pieces[self.kind_index.get(top.kind, self.kinds)]
            parts.append(kind[1] if top.decider == me else kind[0])
            d: dict[str, Any] = top.describe(game)
            where: Any = d.get("pos", d.get("lot", -1)) if d else -1
            ok = isinstance(where, int) and 0 <= where < size
            parts.append(self.one_hot[where] if ok else self.one_hot[size])
            # (most prompts have no amounts: their zeros are a piece made once)
            amounts: list[float] | None = None
            if d:
                for j in range(4):
                    val: Any = d.get(_AMOUNTS[j])
                    if isinstance(val, (int, float)):
                        if amounts is None:
                            amounts = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                        amounts[j] = clip(val / sc)
            if bid_range is not None:
                if amounts is None:
                    amounts = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                amounts[4] = clip(bid_range[0] / sc)
                amounts[5] = clip(bid_range[1] / sc)
            parts.append(self.no_amounts if amounts is None else _AMOUNT.pack(*amounts))
        dice = st.dice
        doubles = st.doubles if layout.doubles else 0
        tail_key = (dice, doubles, st.round, st.over)
        if tail_key != self.tail_key:
            self.tail_key = tail_key
            self.tail = _TAIL.pack(
                clip(dice[0] / 6.0) if len(dice) > 0 else 0.0,
                clip(dice[1] / 6.0) if len(dice) > 1 else 0.0,
                clip(doubles / 3.0),
                clip(st.round / 100.0),
                1.0 if st.over else 0.0,
            )
        parts.append(self.tail)
        if self.extras:
            parts.append(floats([clip(getattr(s, name) / sc) for name in self.extras]))
        return _EMPTY.join(parts)

    def spaces(self, st: State, me: int, layout: Layout, kept: list[SpacesMade | None]) -> bytearray:
        """The per-space part: one piece per space, by the space's (owner, level, mortgaged) relative to
        ``me``. Kept per observer with copies of the three lists it was made from: only the pieces of
        the spaces whose entries differ are made again (a step changes a space or two at most, mostly
        a mortgage), written over their old piece in place."""
        s: Any = st  # (level and mortgaged: fields of some families only)
        owner: list[Any] = s.owner if layout.owner else []
        level: list[Any] = s.level if layout.level else []
        mortgaged: list[Any] = s.mortgaged if layout.mortgaged else []
        made = kept[me]
        if (
            made is None
            or len(made.owner) != len(owner)
            or len(made.level) != len(level)
            or len(made.mortgaged) != len(mortgaged)
        ):
            joined = bytearray(b"".join([self.space(me, owner, level, mortgaged, pos) for pos in range(self.size)]))
            made = kept[me] = SpacesMade(joined, list(owner), list(level), list(mortgaged))
            return made.joined
        # (the lists compared whole first, in C, the owners and levels only when their counts moved; then,
        # only in a list that differs, entry by entry by identity: the entries are small ints and bools,
        # and an equal entry that is another object only makes its piece again, the same piece)
        if made.owner_watch.moved(owner, st.owner_changes) and made.owner != owner:
            self.remake(made, made.owner, owner, me, owner, level, mortgaged)
        if made.level_watch.moved(level, st.level_changes) and made.level != level:
            self.remake(made, made.level, level, me, owner, level, mortgaged)
        if made.mortgaged != mortgaged:
            self.remake(made, made.mortgaged, mortgaged, me, owner, level, mortgaged)
        return made.joined

    def remake(
        self,
        made: SpacesMade,
        seen: list[Any],
        now: list[Any],
        me: int,
        owner: list[Any],
        level: list[Any],
        mortgaged: list[Any],
    ) -> None:
        """Make again the pieces of the spaces whose entry of ``now`` is not the one ``seen`` (``made``'s
        copy of that list), and bring the copy up to date."""
        width = 4 * self.per_space
        joined = made.joined
        for pos in range(min(len(now), self.size)):
            entry = now[pos]
            if entry is not seen[pos]:
                seen[pos] = entry
                start = pos * width
                joined[start : start + width] = self.space(me, owner, level, mortgaged, pos)

    def space(self, me: int, owner: list[Any], level: list[Any], mortgaged: list[Any], pos: int) -> bytes:
        """The piece of space ``pos`` as ``me`` sees it (made once per observer and (owner, level, mortgaged))."""
        key = (
            owner[pos] if pos < len(owner) else -1,
            level[pos] if pos < len(level) else 0,
            mortgaged[pos] if pos < len(mortgaged) else False,
        )
        pieces = self.space_pieces[me]
        piece = pieces.get(key)
        if piece is None:
            piece = pieces[key] = self.space_piece(me, key)
        return piece

    def space_piece(self, me: int, key: tuple[Any, Any, Any]) -> bytes:
        who, level, mortgaged = key
        n = self.n
        row = [0.0] * self.per_space
        rel = 0 if who is None or who < 0 else 1 + (who - me) % n
        row[min(rel, n)] = 1.0
        row[n + 1] = clip(level / 5.0)
        row[n + 2] = float(mortgaged)
        return floats(row)


class MaskEncoder:
    """``ActionSpace``'s mask, written into a buffer: an index is set exactly when the action it
    stands for would be accepted by ``act`` (see ``rl/actions.py`` for the layout).

    A legal action's index is worked out from its kind and argument (``plain``: the index of each
    argument-free kind; ``numbered``: the first index of each numbered kind, then one per argument
    below ``arg_range``), which is ``index[action]`` without hashing the action."""

    def __init__(
        self,
        index: dict[Action, int],
        fixed: list[Action | None],
        bid_start: int,
        bid_offsets: tuple[int, ...],
        trade_start: int,
        trade_multipliers: tuple[float, ...],
        groups: list[tuple[int, ...]],
        prices: list[int],
        n: int,
    ) -> None:
        self.index = index
        self.fixed = fixed  # the action of each index below ``bid_start`` (None for index 0)
        self.n = n
        self.plain: dict[str, int] = {a.kind: i for a, i in index.items() if a.arg < 0}
        self.numbered: dict[str, int] = {}
        self.arg_range = 0
        for a, i in index.items():
            if a.arg >= 0:
                self.numbered[a.kind] = min(i, self.numbered.get(a.kind, i))
                self.arg_range = max(self.arg_range, a.arg + 1)
        self.bid_start = bid_start
        self.bid_offsets = bid_offsets
        self.trade_start = trade_start
        self.trade_multipliers = trade_multipliers
        self.groups = groups  # the sets of two or more spaces
        self.prices = prices
        self.made_trades: dict[int, list[Action]] = {}  # ``trades`` by proposer, seller and space
        # ``set_completing_space`` by player: the owner list and its change count it was found for, and the space
        self.completing: dict[int, tuple[list[int], int, int]] = {}

    def index_of(self, action: Action) -> int:
        """``index[action]``, or -1 when the action has no fixed index (a bid, a trade)."""
        fields: tuple[Any, Any, Any] = action  # (read as a plain tuple: no attribute lookups)
        kind: str = fields[0]
        arg: int = fields[1]
        if arg < 0:
            return self.plain.get(kind, -1) if fields[2] is None else -1
        if arg >= self.arg_range:
            return -1
        start = self.numbered.get(kind, -1)
        return start + arg if start >= 0 else -1

    def fill(self, m: Any, game: Game, player: int) -> Legal | None:
        """Write the mask of ``player`` into ``m`` (zeroed, int8); return the legal actions it was
        made from (None once the game is over)."""
        if game.over:
            return None
        legal = game.legal_actions(player)
        marked = False
        for a in legal.actions:
            i = self.index_of(a)
            if i >= 0:
                m[i] = 1
                marked = True
        bids = legal.bid_range
        if bids is not None:
            lo, hi = bids
            for j, o in enumerate(self.bid_offsets):
                if lo + o <= hi:
                    m[self.bid_start + j] = 1
                    marked = True
        if legal.trade_partners:
            trades = self.trades(game, player)
            if trades is not None:
                cash: int = game.state.cash[player]
                j = 0
                for trade in trades:
                    offer: Any = trade.offer
                    # (an offer paying more than the proposer's cash is refused by every family's check,
                    # ``trade.check_offer``: no need to ask, and to word the refusal)
                    if (
                        offer.cash <= cash
                        and offer.target in legal.trade_partners
                        and game.check_formed(player, trade) is None
                    ):
                        m[self.trade_start + j] = 1
                        marked = True
                    j += 1
        if not marked and (legal.actions or bids is not None):
            m[0] = 1
        return legal

    def decide(self, game: Game, player: int) -> Decision:
        """The decision of ``player`` now: the legal actions and the mask made from them."""
        mask = bytearray(self.n)
        return Decision(player, self.fill(mask, game, player), mask, len(game._record))

    def decode(self, game: Game, player: int, index: int, legal: Legal | None) -> Action:
        """The engine action index ``index`` (within 0..n-1) stands for now; ``legal``: the legal actions
        of ``player`` now if known (None: worked out here when needed)."""
        if index == 0:
            return (legal if legal is not None else game.legal_actions(player)).first()
        if index < self.bid_start:
            action = self.fixed[index]
            assert action is not None
            return action
        if index < self.trade_start:
            bids = (legal if legal is not None else game.legal_actions(player)).bid_range
            return numbered_action(
                A.BID, (bids[0] if bids is not None else 0) + self.bid_offsets[index - self.bid_start]
            )
        trades = self.trades(game, player)
        if trades is None:
            return Action(A.TRADE, -1, TradeOffer(player, player))  # (refused by check)
        return trades[index - self.trade_start]

    def offers(self, game: Game, player: int) -> list[TradeOffer | None]:
        """The trade menu: one offer per multiplier for the first space (by set) owned by another
        player that would complete a set of ``player``'s, or Nones."""
        trades = self.trades(game, player)
        if trades is None:
            return [None for _ in self.trade_multipliers]
        return [trade.offer for trade in trades]

    def trades(self, game: Game, player: int) -> list[Action] | None:
        """The trade menu's actions (None: nothing to offer), made once per (proposer, seller, space)."""
        target = self.set_completing_space(game, player)
        if target < 0:
            return None
        seller: int = game.state.owner[target]
        key = (player * 256 + seller) * 4096 + target
        made = self.made_trades.get(key)
        if made is None:
            price = self.prices[target]
            made = self.made_trades[key] = [
                Action(A.TRADE, -1, TradeOffer(player, seller, (), (target,), int(math.ceil(m * price))))
                for m in self.trade_multipliers
            ]
        return made

    def set_completing_space(self, game: Game, player: int) -> int:
        """The first space (by set) owned by another player that would complete a set of ``player``'s
        (-1: none). Kept per player with the owner list it was found in and that list's change count
        (``State.owner_changes``): found again only when the owners may have changed."""
        s = game.base_state
        owner: list[int] | None = getattr(s, "owner", None)
        if owner is None:
            return -1
        count = s.owner_changes
        found = self.completing.get(player)
        if found is not None and found[0] is owner and found[1] == count:
            return found[2]
        target = self.find_set_completing_space(owner, player)
        self.completing[player] = (owner, count, target)
        return target

    def find_set_completing_space(self, owner: list[int], player: int) -> int:
        for members in self.groups:
            missing = -1
            for q in members:
                if owner[q] != player:
                    if missing >= 0:
                        missing = -2  # two or more missing: not this set
                        break
                    missing = q
            if missing >= 0 and owner[missing] >= 0:
                return missing
        return -1


class Decision:
    """What the game waits for from ``player``: the legal actions (``Legal``; None once the game is over)
    and the mask made from them, one byte per index (1: legal). Kept until the game moves on: a step
    needs the legal actions for the mask, for the bid range in the observation and to decode its index."""

    def __init__(self, player: int, legal: Legal | None, mask: bytearray, moves: int = -1) -> None:
        self.player = player
        self.legal = legal
        self.mask = mask
        self.moves = moves  # how many actions the game had taken when it was made

    @property
    def bid_range(self) -> tuple[int, int] | None:
        legal = self.legal
        return None if legal is None else legal.bid_range


class StepCore:
    """One game's reinforcement-learning step, compiled: who decides, the observation and mask as bytes
    (the environments wrap them for NumPy, ``np.frombuffer``), and acting on an index.

    The decision of the player prompted is made once and kept until the game takes another action (by
    this step or any other way: bots, a user's ``game.act``). An index its mask
    allows is applied without a second check: the mask marks exactly what ``Game.check`` accepts
    (``legal_actions`` lists exactly that, tests/test_legal_lists.py; the trade menu is checked offer by
    offer), and nothing moves between the mask and the action (as ``Game.play_out`` applies an answer the
    bot's own check accepted)."""

    def __init__(self, obs: ObservationEncoder, masks: MaskEncoder) -> None:
        self.obs = obs
        self.masks = masks
        self.game: Game | None = None
        self.decision: Decision | None = None
        self.made_spaces: list[SpacesMade | None] = [None for _ in range(obs.n)]  # (``encode``'s ``made``)

    def start(self, game: Game) -> None:
        """Play ``game`` from now on."""
        self.game = game
        self.decision = None

    def playing(self) -> Game:
        game = self.game
        if game is None:
            raise RuntimeError("no game yet: call reset() first")
        return game

    def decision_of(self, player: int) -> Decision | None:
        """The decision of ``player`` if the game waits for them (None otherwise)."""
        game = self.playing()
        if game.decider != player:
            return None
        decision = self.decision
        if decision is None or decision.player != player or decision.moves != len(game._record):
            decision = self.decision = self.masks.decide(game, player)
        return decision

    def observation(self, player: int, final: bool = False) -> bytearray:
        """The observation of ``player`` (float32 numbers, native order); ``final``: the last one of an
        episode that ended (truncated or over), which shows no bid range."""
        decision = None if final else self.decision_of(player)
        bids = None if decision is None else decision.bid_range
        return self.obs.encode(self.playing(), player, bids, self.made_spaces)

    def observe(self, player: int) -> tuple[bytearray, bytearray]:
        """``observation(player)`` and ``mask(player)`` in one call (the PettingZoo environment's ``observe``)."""
        decision = self.decision_of(player)
        if decision is None:
            return self.obs.encode(self.playing(), player, None, self.made_spaces), bytearray(self.masks.n)
        return self.obs.encode(self.playing(), player, decision.bid_range, self.made_spaces), bytearray(decision.mask)

    def mask(self, player: int) -> bytearray:
        """The mask of ``player`` (int8): all zeros unless the game waits for them."""
        decision = self.decision_of(player)
        return bytearray(decision.mask) if decision is not None else bytearray(self.masks.n)

    def act(self, player: int, index: Any) -> bool:
        """Apply index ``index`` for ``player``; False (nothing changed) when the mask does not allow it."""
        if type(index) is not int:
            return False
        i: int = index
        decision = self.decision_of(player)
        if decision is None or not 0 <= i < self.masks.n or not decision.mask[i]:
            return False
        game = self.playing()
        action = self.masks.decode(game, player, i, decision.legal)
        self.decision = None
        game._apply(player, action)
        return True
