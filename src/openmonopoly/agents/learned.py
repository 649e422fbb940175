"""The learned bot ``learned``: a small policy/value network in NumPy that chooses among a menu of actions.

At each prompt the bot builds the same candidate menu as the search bot (``agents.menu``: the prompt's
answers, a few bid amounts, one build per set, mortgage lifts, with the heuristic's own choice first),
describes every candidate by a feature vector (the position as the bot sees it, plus what the candidate
does: its kind, the space, the colour set it touches, the money it moves) and scores it with a one-hidden-
layer network; it plays the best-scoring candidate. The value head (the same state features, a second
small network) estimates the bot's chance of winning (``LearnedAgent.value``); it is trained but the
search does not use it yet (``expert`` searches over the learned policy with the search bot's own
rollouts and equity).

Training (``agents.training``, ``make train``) distils the decisions of the search bot into the policy
(cross-entropy against the candidate it chose) and fits the value head to game outcomes; later rounds
repeat that with the search run over the learned bot itself (expert iteration).

Inference is NumPy only: the weights are ``agents/data/learned.npz`` (per rules family; a family without
weights -- Mandalorian and Empire today -- is played by the family's heuristic bot, as are the prompts the
search bot never weighs: ``debt`` and ``claim-rent``). The bot reads only its ``View``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.game import Prompt, View
from .by_family import FamilyHeuristic
from .menu import DEFER, candidates

WEIGHTS = Path(__file__).with_name("data") / "learned.npz"

# Action kinds with a feature of their own (any other kind shares the last slot).
KINDS = (
    A.ROLL,
    A.BUY,
    A.AUCTION,
    A.PASS,
    A.BID,
    A.BUILD,
    A.SELL,
    A.MORTGAGE,
    A.UNMORTGAGE,
    A.TRADE,
    "pay-bail",
    "use-card",
    "end",
    "accept",
    "reject",
    "lift",
    "keep",
)
STATE_DIM = 12
ACTION_DIM = len(KINDS) + 1 + 10
INPUT_DIM = STATE_DIM + ACTION_DIM
MENU = 6


class Features:
    """Feature vectors of a classic-family view (``view.owner``, ``level``, ``mortgaged``)."""

    def __init__(self, view: Any) -> None:
        ed = view.edition
        self.edition = ed
        self.scale = float(ed.rules.start_cash or 1500)
        self.kind_index = {k: i for i, k in enumerate(KINDS)}

    def state(self, view: Any) -> np.ndarray:
        ed = self.edition
        me = view.player
        cash = view.cash
        owner, level, mortgaged = view.owner, view.level, view.mortgaged
        alive = view.alive
        n = len(cash)
        worth = [float(cash[p]) for p in range(n)]
        board = ed.board
        for pos in ed.properties:
            o = owner[pos]
            if o >= 0:
                sp = board[pos]
                worth[o] += sp.price / 2 if mortgaged[pos] else sp.price + level[pos] * (sp.house_cost or 0)
        living = [p for p in range(n) if alive[p]]
        total = sum(max(0.0, worth[p]) for p in living) or 1.0
        sets_mine = sets_theirs = 0
        for members in ed.group_members:
            if len(members) < 2:
                continue
            first = owner[members[0]]
            if first >= 0 and all(owner[q] == first for q in members):
                if first == me:
                    sets_mine += 1
                else:
                    sets_theirs += 1
        best_other = max((worth[p] for p in living if p != me), default=0.0)
        jail = view.in_jail
        v = np.zeros(STATE_DIM, dtype=np.float32)
        v[0] = cash[me] / self.scale
        v[1] = worth[me] / self.scale
        v[2] = max(0.0, worth[me]) / total
        v[3] = best_other / self.scale
        v[4] = len(living) / n
        v[5] = sets_mine
        v[6] = sets_theirs
        v[7] = float(jail[me])
        v[8] = min(view.turns / (40.0 * n), 3.0)
        v[9] = sum(1 for pos in ed.properties if owner[pos] == me) / max(1, len(ed.properties))
        v[10] = sum(1 for pos in ed.properties if owner[pos] < 0) / max(1, len(ed.properties))
        v[11] = 1.0
        return v

    def action(self, view: Any, prompt: Prompt, action: Action, is_suggestion: bool) -> np.ndarray:
        ed = self.edition
        me = view.player
        owner = view.owner
        v = np.zeros(ACTION_DIM, dtype=np.float32)
        v[self.kind_index.get(action.kind, len(KINDS))] = 1.0
        o = len(KINDS) + 1
        v[o] = float(is_suggestion)
        pos = action.arg if action.kind not in (A.BID, A.TRADE) else -1
        if action.kind in (A.BID, A.BUY, A.AUCTION, A.PASS) and isinstance(prompt.details, dict):
            pos = prompt.details.get("lot", prompt.details.get("pos", pos))
        board = ed.board
        if isinstance(pos, int) and 0 <= pos < len(board) and board[pos].price:
            sp = board[pos]
            v[o + 1] = sp.price / self.scale
            v[o + 2] = (sp.house_cost or 0) / self.scale
            g = ed.group_of[pos]
            members = ed.group_members[g] if g >= 0 else (pos,)
            mine = sum(1 for q in members if q != pos and owner[q] == me)
            theirs = sum(1 for q in members if q != pos and owner[q] >= 0 and owner[q] != me)
            size = max(1, len(members) - 1)
            v[o + 3] = mine / size
            v[o + 4] = theirs / size
            v[o + 5] = float(mine == len(members) - 1)  # this space would complete (or holds) my set
            v[o + 6] = float(
                any(
                    owner[q] == p
                    for q in members
                    for p in range(len(view.cash))
                    if p != me and sum(1 for r in members if owner[r] == p) == len(members) - 1
                )
            )
        if action.kind == A.BID:
            price = v[o + 1] * self.scale
            v[o + 7] = action.arg / price if price else 0.0
            v[o + 8] = action.arg / max(1.0, float(view.cash[me]))
        elif action.kind == A.TRADE and action.offer is not None:
            v[o + 8] = action.offer.cash / max(1.0, float(view.cash[me]))
        v[o + 9] = float(prompt.kind == "turn")
        return v


class Net:
    """The policy (a score per candidate) and value (win chance) networks, tanh hidden layers."""

    def __init__(self, params: dict[str, np.ndarray]) -> None:
        self.p = params

    @classmethod
    def fresh(cls, seed: int = 0, hidden: int = 32) -> Net:
        rng = np.random.default_rng(seed)
        return cls(
            {
                "w1": (rng.standard_normal((INPUT_DIM, hidden)) / math.sqrt(INPUT_DIM)).astype(np.float32),
                "b1": np.zeros(hidden, np.float32),
                "w2": (rng.standard_normal(hidden) / math.sqrt(hidden)).astype(np.float32),
                "v1": (rng.standard_normal((STATE_DIM, hidden)) / math.sqrt(STATE_DIM)).astype(np.float32),
                "c1": np.zeros(hidden, np.float32),
                "v2": np.zeros(hidden, np.float32),
                "c2": np.zeros(1, np.float32),
            }
        )

    def scores(self, x: np.ndarray) -> np.ndarray:
        p = self.p
        return np.tanh(x @ p["w1"] + p["b1"]) @ p["w2"]

    def value(self, state: np.ndarray) -> float:
        p = self.p
        z = float(np.tanh(state @ p["v1"] + p["c1"]) @ p["v2"] + p["c2"][0])
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def load_weights(path: Path | str = WEIGHTS) -> dict[str, Net]:
    """The shipped (or given) weights, one ``Net`` per rules family (keys ``<family>/<name>``)."""
    path = Path(path)
    if not path.exists():
        return {}
    with np.load(path) as data:
        by_family: dict[str, dict[str, np.ndarray]] = {}
        for key in data.files:
            family, _, name = key.partition("/")
            by_family.setdefault(family, {})[name] = data[key]
    return {f: Net(p) for f, p in by_family.items()}


def save_weights(nets: dict[str, Net], path: Path | str = WEIGHTS) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    arrays = {f"{f}/{k}": v for f, net in nets.items() for k, v in net.p.items()}
    # (numpy's stub types the keyword arrays as allow_pickle's bool)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


_SHIPPED: dict[str, Net] | None = None


class LearnedAgent:
    name = "learned"

    def __init__(self, seed: int = 0, nets: dict[str, Net] | None = None) -> None:
        global _SHIPPED
        if nets is None:
            if _SHIPPED is None:
                _SHIPPED = load_weights()
            nets = _SHIPPED
        self.nets = nets
        self.heuristic = FamilyHeuristic(seed)
        self._features: Features | None = None
        self._net: Net | None = None
        self._edition: Any = None

    def _setup(self, view: View) -> None:
        self._edition = view.edition
        self._net = self.nets.get(view.edition.family)
        self._features = Features(view) if self._net is not None else None

    def act(self, view: View, prompt: Prompt) -> Action:
        if view.edition is not self._edition:
            self._setup(view)
        suggestion = self.heuristic.act(view, prompt)
        net, feats = self._net, self._features
        if net is None or feats is None or prompt.kind in DEFER:
            return suggestion
        menu = candidates(view, prompt, view.legal_actions(), suggestion, MENU)
        if len(menu) <= 1:
            return menu[0] if menu else suggestion
        return menu[int(np.argmax(net.scores(self.inputs(view, prompt, menu))))]

    def inputs(self, view: Any, prompt: Prompt, menu: list[Action]) -> np.ndarray:
        """One row per candidate: the state features, then the candidate's (the first is the suggestion)."""
        feats = self._features
        assert feats is not None
        state = feats.state(view)
        x = np.empty((len(menu), INPUT_DIM), dtype=np.float32)
        x[:, :STATE_DIM] = state
        for i, action in enumerate(menu):
            x[i, STATE_DIM:] = feats.action(view, prompt, action, i == 0)
        return x

    def value(self, view: Any) -> float | None:
        """The value head's win chance for the view's player, or None without weights for its family."""
        if view.edition is not self._edition:
            self._setup(view)
        if self._net is None or self._features is None:
            return None
        return self._net.value(self._features.state(view))
