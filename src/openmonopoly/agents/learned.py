"""The learned bot ``learned``: a small policy/value network in NumPy that chooses among a menu of actions.

At each prompt the bot builds the same candidate menu as the search bot (``agents.menu``: the prompt's
answers, a few bid amounts, one build per set, mortgage lifts, with the heuristic's own choice first),
describes every candidate by a feature vector (``Features``: the position as the bot sees it -- money, sets,
the rent the board charges now and the largest rent an opponent could take from it, buildings, sets one space
from complete, the rent the next rolls of dice are expected to cost and bring it -- plus what the candidate
does: its kind, the space, the colour set it touches, the rent a build adds, the cash it leaves against that
largest rent and against the rents its next roll may end on, how likely the opponents are to land on the space
and its set, what a trade moves and whose set it completes) and scores it with a one-hidden-layer network; it
plays the best-scoring candidate (``margin`` can demand a lead over the heuristic's choice: 0.5 logits cost 9
points of win rate over 800 games). The value head (the state features, a second small network) estimates the
bot's chance of winning (``LearnedAgent.value``). ``value_weight`` adds a one-ply look-ahead with it (each
build, purchase, lift or trade answer played on ``View.sample_game`` and the position after it scored); it is
off by default: over 800 games it changed nothing measurable (42.4 % against 42.1 % at weight 1, 40.8 % at 3)
at three times the cost. ``expert`` searches over the learned policy with the search bot's own rollouts and
equity.

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
from ..engine import prompt as P
from ..engine.actions import Action
from ..engine.errors import OpenMonopolyError
from ..engine.prompt import Prompt
from ..engine.view import View
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
STATE_DIM = 23
ACTION_DIM = len(KINDS) + 1 + 21
INPUT_DIM = STATE_DIM + ACTION_DIM
MENU = 6
MARGIN = 0.0
VALUE_WEIGHT = 0.0
_IMMEDIATE = frozenset({A.BUILD, A.UNMORTGAGE, A.BUY, "lift", "accept", "pay-bail"})
BAIL = 50  # the classic family's bail, as a cost feature (editions that differ only shift it slightly)
# the chance that two dice show k, k = 0..12 (a one-roll look at who lands where: doubles, cards and jail
# are left out, it is a feature and not a forecast)
ROLL = tuple(max(0, 6 - abs(k - 7)) / 36 for k in range(13))


class Features:
    """Feature vectors of a classic-family view (``view.owner``, ``level``, ``mortgaged``, ``current_rent``).

    Beyond money and sets, they carry what the heuristic's rules of thumb weigh: the rent the board charges
    now (the largest rent an opponent could take from the bot, each side's rent flow), buildings, sets one
    space from complete, and per candidate the cash it leaves against that largest rent, the rent a build
    adds, and what a trade moves and whose set it completes."""

    def __init__(self, view: Any) -> None:
        ed = view.edition
        self.edition = ed
        self.scale = float(ed.rules.start_cash or 1500)
        self.kind_index = {k: i for i, k in enumerate(KINDS)}
        self.sets = [m for m in ed.group_members if len(m) >= 2]
        # (the danger of the last state(): the largest rent an opponent's space charges now)
        self.danger = 0.0
        # (of the last state(): the spaces the bot's next roll may end on, with their chance and the rent
        # an opponent charges there, and where the opponents in the game stand)
        self.reach: list[tuple[float, float]] = []
        self.rivals: list[int] = []

    def state(self, view: Any) -> np.ndarray:
        ed = self.edition
        me = view.player
        cash = view.cash
        owner, level, mortgaged = view.owner, view.level, view.mortgaged
        alive = view.alive
        n = len(cash)
        worth = [float(cash[p]) for p in range(n)]
        board = ed.board
        rent_mine = rent_theirs = danger = 0.0
        houses_mine = houses_theirs = 0
        mine_count = unowned = 0
        current_rent = view.current_rent
        for pos in ed.properties:
            o = owner[pos]
            if o < 0:
                unowned += 1
                continue
            sp = board[pos]
            lv = level[pos]
            worth[o] += sp.price / 2 if mortgaged[pos] else sp.price + lv * (sp.house_cost or 0)
            rent = float(current_rent(pos)) if not mortgaged[pos] else 0.0
            if o == me:
                mine_count += 1
                rent_mine += rent
                houses_mine += lv
            else:
                rent_theirs += rent
                houses_theirs += lv
                if rent > danger:
                    danger = rent
        self.danger = danger
        living = [p for p in range(n) if alive[p]]
        size = len(board)
        position = view.position
        here = position[me]
        self.rivals = rivals = [position[p] for p in living if p != me]
        reach = []
        pay = 0.0
        for k in range(2, 13):
            q = (here + k) % size
            o = owner[q] if board[q].price else -1
            rent = float(current_rent(q)) if o >= 0 and o != me and not mortgaged[q] else 0.0
            reach.append((ROLL[k], rent))
            pay += ROLL[k] * rent
        self.reach = reach
        collect = 0.0
        for r in rivals:
            for k in range(2, 13):
                q = (r + k) % size
                if board[q].price and owner[q] == me and not mortgaged[q]:
                    collect += ROLL[k] * float(current_rent(q))
        total = sum(max(0.0, worth[p]) for p in living) or 1.0
        sets_mine = sets_theirs = near_mine = near_theirs = 0
        for members in self.sets:
            first = owner[members[0]]
            if first >= 0 and all(owner[q] == first for q in members):
                if first == me:
                    sets_mine += 1
                else:
                    sets_theirs += 1
                continue
            held: dict[int, int] = {}
            for q in members:
                if owner[q] >= 0:
                    held[owner[q]] = held.get(owner[q], 0) + 1
            for p, k in held.items():
                if k == len(members) - 1:
                    if p == me:
                        near_mine += 1
                    else:
                        near_theirs += 1
        best_other = max((worth[p] for p in living if p != me), default=0.0)
        jail = view.in_jail
        scale = self.scale
        props = max(1, len(ed.properties))
        v = np.zeros(STATE_DIM, dtype=np.float32)
        v[0] = cash[me] / scale
        v[1] = worth[me] / scale
        v[2] = max(0.0, worth[me]) / total
        v[3] = best_other / scale
        v[4] = len(living) / n
        v[5] = sets_mine
        v[6] = sets_theirs
        v[7] = float(jail[me])
        v[8] = min(view.turns / (40.0 * n), 3.0)
        v[9] = mine_count / props
        v[10] = unowned / props
        v[11] = 1.0
        v[12] = min(3.0, danger / max(1.0, float(cash[me])))
        v[13] = rent_mine / scale
        v[14] = rent_theirs / scale
        v[15] = rent_mine / (rent_mine + rent_theirs + 1.0)
        v[16] = houses_mine / 12.0
        v[17] = houses_theirs / 12.0
        v[18] = near_mine
        v[19] = near_theirs
        v[20] = min(3.0, pay / max(1.0, float(cash[me])))
        v[21] = pay / scale
        v[22] = collect / scale
        return v

    def action(self, view: Any, prompt: Prompt, action: Action, is_suggestion: bool) -> np.ndarray:
        """The candidate's features (call ``state`` on the same view first: they use its danger)."""
        ed = self.edition
        me = view.player
        owner = view.owner
        scale = self.scale
        kind = action.kind
        v = np.zeros(ACTION_DIM, dtype=np.float32)
        v[self.kind_index.get(kind, len(KINDS))] = 1.0
        o = len(KINDS) + 1
        v[o] = float(is_suggestion)
        details: dict[str, Any] = prompt.details if isinstance(prompt.details, dict) else {}
        pos = action.arg if kind not in (A.BID, A.TRADE) else -1
        if kind in (A.BID, A.BUY, A.AUCTION, A.PASS, "lift", "keep"):
            pos = details.get("lot", details.get("pos", pos))
        board = ed.board
        cost = 0.0
        if isinstance(pos, int) and 0 <= pos < len(board) and board[pos].price:
            sp = board[pos]
            v[o + 1] = sp.price / scale
            v[o + 2] = (sp.house_cost or 0) / scale
            g = ed.group_of[pos]
            members = ed.group_members[g] if g >= 0 else (pos,)
            mine = sum(1 for q in members if q != pos and owner[q] == me)
            theirs = sum(1 for q in members if q != pos and owner[q] >= 0 and owner[q] != me)
            size = max(1, len(members) - 1)
            v[o + 3] = mine / size
            v[o + 4] = theirs / size
            completes = mine == len(members) - 1
            v[o + 5] = float(completes)  # this space would complete (or holds) my set
            v[o + 6] = float(
                any(
                    owner[q] == p
                    for q in members
                    for p in range(len(view.cash))
                    if p != me and sum(1 for r in members if owner[r] == p) == len(members) - 1
                )
            )
            rents = sp.rent
            lv = view.level[pos]
            v[o + 10] = lv / 5.0
            if kind == A.BUILD and rents and lv + 1 < len(rents):
                v[o + 11] = (rents[lv + 1] - rents[lv]) / scale
                cost = float(sp.house_cost or 0)
            elif rents:
                v[o + 11] = rents[0] * (2 if completes and sp.house_cost else 1) / scale
            if kind == A.BUY:
                cost = float(sp.price)
            elif kind in (A.UNMORTGAGE, "lift"):
                cost = float(details.get("lift_cost", sp.price * 0.55)) if kind == "lift" else sp.price * 0.55
        if kind == A.BID:
            price = v[o + 1] * scale
            v[o + 7] = action.arg / price if price else 0.0
            v[o + 8] = action.arg / max(1.0, float(view.cash[me]))
            cost = float(action.arg)
        elif kind == "pay-bail":
            cost = float(BAIL)
        offer = action.offer if kind == A.TRADE else None
        if offer is None and prompt.kind == P.TRADE and isinstance(details.get("offer"), dict):
            offer = details["offer"]
        if offer is not None:
            self._trade(view, offer, v, o)
            if kind == A.TRADE:
                v[o + 8] = action.offer.cash / max(1.0, float(view.cash[me])) if action.offer is not None else 0.0
                cost = max(0.0, float(action.offer.cash)) if action.offer is not None else 0.0
        v[o + 9] = float(prompt.kind == P.TURN)
        left = float(view.cash[me]) - cost
        v[o + 12] = left / scale
        v[o + 13] = min(3.0, max(-3.0, left / max(1.0, self.danger)))
        v[o + 14] = float(left < self.danger)
        # the chance the next roll ends on a rent the cash left cannot pay
        v[o + 20] = sum(chance for chance, rent in self.reach if rent > left)
        if isinstance(pos, int) and 0 <= pos < len(board) and board[pos].price:
            # how likely the opponents are to land on the space (and on its set) on their next rolls, and
            # the rent that would bring: what a purchase or a build is worth soon
            size = len(board)
            g = ed.group_of[pos]
            members = ed.group_members[g] if g >= 0 else (pos,)
            on_space = on_set = 0.0
            for r in self.rivals:
                on_space += ROLL[(pos - r) % size] if (pos - r) % size <= 12 else 0.0
                for q in members:
                    d = (q - r) % size
                    on_set += ROLL[d] if d <= 12 else 0.0
            v[o + 18] = on_set
            v[o + 19] = on_space * v[o + 11]
        return v

    def _trade(self, view: Any, offer: Any, v: np.ndarray, o: int) -> None:
        """What a trade moves, from the bot's side: net price value received, sets it completes for either side."""
        get = (lambda k: offer[k]) if isinstance(offer, dict) else (lambda k: getattr(offer, k))
        me = view.player
        proposer, target = get("proposer"), get("target")
        other = target if proposer == me else proposer
        give, take, cash = tuple(get("give")), tuple(get("take")), get("cash")
        # proposer's positions go to the target and the target's to the proposer; cash goes to the target
        mine_in, mine_out = (take, give) if proposer == me else (give, take)
        cash_in = -cash if proposer == me else cash
        board = self.edition.board
        value = sum(board[q].price for q in mine_in) - sum(board[q].price for q in mine_out) + cash_in
        v[o + 15] = value / self.scale
        owner = list(view.owner)
        for q in mine_in:
            owner[q] = me
        for q in mine_out:
            owner[q] = other
        ed = self.edition
        for moved, who, slot in ((mine_in, me, o + 16), (mine_out, other, o + 17)):
            for q in moved:
                g = ed.group_of[q]
                if g >= 0 and all(owner[r] == who for r in ed.group_members[g]):
                    v[slot] = 1.0
                    break


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

    def logit(self, state: np.ndarray) -> float:
        p = self.p
        return float(np.tanh(state @ p["v1"] + p["c1"]) @ p["v2"] + p["c2"][0])

    def value(self, state: np.ndarray) -> float:
        z = self.logit(state)
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


def use_weights(path: Path | str | None) -> None:
    """Play every later ``LearnedAgent`` made without ``nets`` (so ``hard`` and ``expert``) with the weights
    in ``path`` instead of the shipped ones (``None``: the shipped ones again); for comparing trained files."""
    global _SHIPPED
    if path is not None and not Path(path).is_file():
        raise FileNotFoundError(f"no weights file at {path} (make one with python -m openmonopoly.agents.training)")
    _SHIPPED = load_weights(path) if path is not None else None


class LearnedAgent:
    name = "learned"

    def __init__(
        self,
        seed: int = 0,
        nets: dict[str, Net] | None = None,
        margin: float = MARGIN,
        value_weight: float = VALUE_WEIGHT,
    ) -> None:
        global _SHIPPED
        if nets is None:
            if _SHIPPED is None:
                _SHIPPED = load_weights()
            nets = _SHIPPED
        self.nets = nets
        self.heuristic = FamilyHeuristic(seed)
        # the policy must prefer a candidate over the heuristic's by this many logits to play it
        self.margin = margin
        # weight of the value head's one-ply look-ahead (log-odds) added to the policy's scores; 0: none
        self.value_weight = value_weight
        self._seed = seed
        self._features: Features | None = None
        self._net: Net | None = None
        self._edition: Any = None
        # the heuristic's choice at the last prompt: training flags it in the menus a search over this bot
        # weighs (there the menu starts with this bot's own choice, at play the heuristic's is the flagged one)
        self.suggestion: Action | None = None

    def _setup(self, view: View) -> None:
        self._edition = view.edition
        self._net = self.nets.get(view.edition.family)
        self._features = Features(view) if self._net is not None else None

    def act(self, view: View, prompt: Prompt) -> Action:
        if view.edition is not self._edition:
            self._setup(view)
        suggestion = self.suggestion = self.heuristic.act(view, prompt)
        net, feats = self._net, self._features
        if net is None or feats is None or prompt.kind in DEFER:
            return suggestion
        menu = candidates(view, prompt, view.legal_actions(), suggestion, MENU)
        if len(menu) <= 1:
            return menu[0] if menu else suggestion
        scores = net.scores(self.inputs(view, prompt, menu))
        if self.value_weight:
            scores = scores + self.value_weight * self._lookahead(view, menu)
        best = int(np.argmax(scores))
        return menu[best] if best and scores[best] > scores[0] + self.margin else suggestion

    def _lookahead(self, view: View, menu: list[Action]) -> np.ndarray:
        """Per candidate, the value head's log-odds of the position right after it, minus the suggestion's.

        Only candidates whose effect is immediate and certain (a build, a purchase, a lift, a trade answer)
        are played, each on a determinized copy of the game (``View.sample_game``: nothing hidden leaks);
        the others -- a roll, a bid, a pass -- keep the position as it stands."""
        net, feats = self._net, self._features
        assert net is not None and feats is not None
        me = view.player
        now = net.logit(feats.state(view))
        z = np.full(len(menu), now, dtype=np.float32)
        for i, action in enumerate(menu):
            if action.kind not in _IMMEDIATE:
                continue
            game = view.sample_game(self._seed + i)
            try:
                game.act(me, action)
            except OpenMonopolyError:
                continue
            z[i] = net.logit(feats.state(game.view(me)))
        return z - z[0]

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
