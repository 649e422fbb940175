"""A fixed-size observation vector: what one player's view shows, as numbers.

Players are listed from the observer round the table (the observer first). Per player: present,
alive, cash, net worth (both scaled by the starting cash), in jail, jail turns, jail cards, and the
position one-hot. Per space: owner relative to the observer (bank, me, next player, ...), building
level, mortgaged. Then the prompt: its kind one-hot, whether it is mine, the space it is about
(one-hot), its amounts scaled, the legal bid range; the dice, doubles and the round. Last, only when
the game's options add them to the view (``OPTION_FIELDS``), the public numbers those options bring:
the Free Parking pot of house rule free-parking-pot, scaled by the starting cash. So an observation
under the book's rules is what it always was (same length, same meaning of every number), and a game
with the pot on shows it one number longer. Every value is clipped to +-``CLIP``.

``ObservationBuilder.build(view.to_json())`` is the definition: it reads only the view's JSON, so
it works for any family and shows nothing a player cannot see. ``ObservationBuilder.fill`` writes the
same numbers straight from the game's public state fields into a row of a preallocated array, with
no JSON in between (the reinforcement-learning step's hot path, ``rl/encoding.py``;
tests/rl/test_fast_path.py compares the two on random states of every edition). It reads the fields the
view's JSON is made of, under the same names (``owner``, ``level``, ``mortgaged``, ``doubles``, ``held``
for the cards a player keeps), and learns from the edition's own view which of them it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .encoding import CLIP, ObservationEncoder

if TYPE_CHECKING:
    from ..engine.game import Game

# Public numbers of the view that only some options add (free-parking-pot: the money in the middle),
# observed at the end of the vector when the game's view has them.
OPTION_FIELDS = ("pot",)

PROMPT_KINDS = (
    "turn",
    "buy",
    "auction",
    "debt",
    "trade",
    "mortgaged-property",
    "claim-rent",
    "building-shortage",
    "place-building",
    "signet-choice",
    "battle",
    "battle-reroll",
    "place-grogu",
    "choose-space",
    "choose-player",
    "respond",
    "swap",
    "rent",
)


def option_fields(edition, num_players: int, options: dict | None) -> tuple[str, ...]:
    """The ``OPTION_FIELDS`` a game of ``edition`` under ``options`` shows in its view (none without options)."""
    if not options:
        return ()
    from ..engine.game import Game

    shown = Game(edition, num_players, options=options, events=False).view_fields(0)
    return tuple(name for name in OPTION_FIELDS if name in shown)


class ObservationBuilder:
    """The observation of one edition and seat count; ``options`` are the game's options (house rules),
    which may add numbers at the end (``OPTION_FIELDS``)."""

    def __init__(self, edition, num_players: int, options: dict | None = None) -> None:
        self.edition = edition
        self.options = dict(options or {})
        self.extras = option_fields(edition, num_players, self.options)
        self.n = num_players
        self.size = len(edition.board)
        self.scale = float(edition.rules.start_cash or 1000)
        self.per_player = 7 + self.size
        self.per_space = (self.n + 1) + 2
        self.prompt_len = len(PROMPT_KINDS) + 1 + 1 + self.size + 4 + 2
        self.tail = 5
        self.dim = (
            self.n * self.per_player + self.size * self.per_space + self.prompt_len + self.tail + len(self.extras)
        )
        self.encoder = ObservationEncoder(self.n, self.size, self.scale, PROMPT_KINDS, self.extras)

    def __reduce__(self) -> tuple:
        # (made again: its compiled encoder cannot be copied or pickled field by field)
        return (ObservationBuilder, (self.edition, self.n, self.options))

    def __deepcopy__(self, memo: dict) -> ObservationBuilder:
        return self  # (its encoder's caches are keyed by what they describe: sharing them is safe)

    # ------------------------------------------------------------------ the fast path
    def observe(self, game: Game, me: int, bid_range: tuple[int, int] | None) -> np.ndarray:
        """``build(game.view(me).to_json())``, made straight from the state (``rl/encoding.py``).

        ``bid_range`` is ``game.legal_actions(me).bid_range`` (the caller has it from the mask; it is
        None whenever ``me`` is not the player prompted)."""
        return np.frombuffer(self.encoder.encode(game, me, bid_range), dtype=np.float32).copy()

    def fill(self, out: np.ndarray, game: Game, me: int, bid_range: tuple[int, int] | None) -> None:
        """``observe`` written into ``out``, a float32 row of ``dim`` numbers (a row of a batch)."""
        out[:] = np.frombuffer(self.encoder.encode(game, me, bid_range), dtype=np.float32)

    # ------------------------------------------------------------------ the definition

    def build(self, data: dict) -> np.ndarray:
        """``data`` is ``view.to_json()`` of the observing player (any family; the slow path)."""
        v = np.zeros(self.dim, dtype=np.float32)
        me = data["viewer"]
        n, size, sc = self.n, self.size, self.scale
        players = data["players"]
        o = 0
        for k in range(n):
            p = (me + k) % n
            if p < len(players):
                pl = players[p]
                v[o] = 1.0
                v[o + 1] = float(pl.get("alive", True))
                v[o + 2] = pl.get("cash", 0) / sc
                v[o + 3] = pl.get("net_worth", pl.get("cash", 0)) / sc
                v[o + 4] = float(pl.get("in_jail", False))
                v[o + 5] = pl.get("jail_turns", 0) / 3.0
                cards = pl.get("jail_cards", pl.get("signet_cards", ()))
                v[o + 6] = len(cards) if isinstance(cards, list) else 0
                pos = pl.get("position", -1)
                if 0 <= pos < size:
                    v[o + 7 + pos] = 1.0
            o += self.per_player
        owner = data.get("owner") or []
        level = data.get("level") or []
        mortgaged = data.get("mortgaged") or []
        for pos in range(size):
            base = o + pos * self.per_space
            who = owner[pos] if pos < len(owner) else -1
            rel = 0 if who is None or who < 0 else 1 + (who - me) % n
            v[base + min(rel, n)] = 1.0
            if pos < len(level):
                v[base + n + 1] = level[pos] / 5.0
            if pos < len(mortgaged):
                v[base + n + 2] = float(mortgaged[pos])
        o += size * self.per_space
        prompt = data.get("prompt")
        if prompt is not None:
            kind = prompt.get("kind")
            v[o + (PROMPT_KINDS.index(kind) if kind in PROMPT_KINDS else len(PROMPT_KINDS))] = 1.0
            v[o + len(PROMPT_KINDS) + 1] = float(prompt.get("player") == me)
            d = prompt.get("details") or {}
            pos = d.get("pos", d.get("lot", -1))
            base = o + len(PROMPT_KINDS) + 2
            if isinstance(pos, int) and 0 <= pos < size:
                v[base + pos] = 1.0
            base += size
            for j, key in enumerate(("price", "amount", "high", "minimum")):
                val = d.get(key)
                if isinstance(val, (int, float)):
                    v[base + j] = val / sc
            base += 4
            for text in data.get("legal") or ():
                if text.startswith("bid ") and ".." in text:
                    lo, hi = text[4:].split("..")
                    v[base], v[base + 1] = int(lo) / sc, int(hi) / sc
        o += self.prompt_len
        dice = data.get("dice") or []
        for j in range(min(2, len(dice))):
            v[o + j] = dice[j] / 6.0
        v[o + 2] = data.get("doubles", 0) / 3.0
        v[o + 3] = data.get("round", 0) / 100.0
        v[o + 4] = float(data.get("over", False))
        for j, name in enumerate(self.extras):
            v[o + self.tail + j] = data.get(name, 0) / sc
        np.clip(v, -CLIP, CLIP, out=v)
        return v
