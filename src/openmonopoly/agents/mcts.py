"""The search bot ``mcts``: determinized information-set Monte Carlo tree search.

At each of its own prompts that is worth a search, the bot

1. builds a small, finite *menu* of candidate actions (see ``MCTSAgent.menu``): the answers
   to the prompt, bids discretised to a few amounts around the lot's price, builds (one spot
   per colour set) and lifts of mortgages on its turn, plus whatever the heuristic bot would
   do (which may be a trade proposal: trades are never enumerated, only the heuristic's);
2. runs ``iterations`` iterations (or as many as fit in ``time_limit`` seconds). Each
   iteration picks a root action by UCB1, asks the view for a *determinization*
   (``View.sample_game``: a clone whose deck orders -- and a family's private hands -- are
   redrawn and whose dice come from a fresh seed), plays the action there, then walks an
   open-loop tree of the bot's own later decisions (``tree_depth`` levels, UCB1 with
   availability counts: the statistics of a decision are aggregated over every
   determinization in which it was available), and rolls out with fast bots
   (``rollout="heuristic"`` or ``"random"``) to the end of the game or ``horizon`` rounds;
3. backs up a value: 1 for a win (shared wins split), 0 when out of the game, otherwise the
   bot's share of everyone's *equity* at the horizon: net worth plus, in the classic family,
   ``income_rounds`` rounds of the expected rent flow of the board as it stands;
4. answers what the heuristic would do unless another candidate beats it on a paired
   comparison: the k-th visit of every root action uses the k-th determinization (common
   random numbers: the same deck orders and dice), and a candidate replaces the heuristic's
   choice only when its mean paired gain is more than ``confidence`` standard errors above 0.

Opponents are modelled by the rollout bots (the tree branches only on this bot's choices).
Prompts with a single candidate are answered at once; ``debt`` (a forced liquidation
order) and ``claim-rent`` are left to the heuristic bot without search (``DEFER``).

The bot reads only its ``View``: ``view.sample_game`` is the one door to a ``Game`` object,
and what it returns holds no real secret. It relies on the generic ``Game`` API (prompt,
legal actions, check, act, net worth), so it plays every rules family; the family's own
heuristic bot (``FamilyHeuristic``) makes the suggestions and plays the rollouts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from ..engine.actions import Action
from ..engine.errors import OpenMonopolyError
from ..engine.game import Game
from ..engine.prompt import Prompt
from ..engine.view import View
from .by_family import FamilyHeuristic
from .menu import DEFER, candidates
from .random_bot import RandomAgent


class _Edge:
    """Statistics of one action at one tree node."""

    __slots__ = ("n", "w", "avail", "child")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.child: dict[Any, _Edge] = {}


def _mix(*parts: int) -> int:
    h = 0x9E3779B97F4A7C15
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 29
    return h


class MCTSAgent:
    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 48,
        time_limit: float | None = None,
        rollout: str = "heuristic",
        horizon: int | None = 6,
        tree_depth: int = 2,
        exploration: float = 0.5,
        confidence: float = 1.0,
        income_rounds: float = 8.0,
        max_menu: int = 6,
        max_rollout_actions: int = 4000,
        advisor: Any = None,
        on_search: Callable[[View, Prompt, list[Action], list[float], int], None] | None = None,
    ) -> None:
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = max(1, int(iterations))
        self.time_limit = time_limit
        self.rollout = rollout
        self.horizon = horizon
        self.tree_depth = max(1, tree_depth)
        self.exploration = exploration
        self.confidence = confidence
        self.income_rounds = income_rounds
        self.max_menu = max(2, max_menu)
        self.max_rollout_actions = max_rollout_actions
        # suggestions and deferred prompts (on the real view): the heuristic, or another bot (``expert``
        # searches over the learned bot's choices)
        self.heuristic = advisor if advisor is not None else FamilyHeuristic(seed)
        # on_search(view, prompt, menu, mean value per candidate, choice): told of every search as it
        # ends (training data for the learned bot)
        self.on_search = on_search
        # statistics: prompts seen, searched, iterations run, answers that differ from the heuristic
        self.stats = {"prompts": 0, "searched": 0, "iterations": 0, "deviations": 0}

    # ------------------------------------------------------------------ entry point
    def act(self, view: View, prompt: Prompt) -> Action:
        self.stats["prompts"] += 1
        if prompt.kind in DEFER:
            return self.heuristic.act(view, prompt)
        suggestion = self.heuristic.act(view, prompt)
        menu = self.menu(view, prompt, view.legal_actions(), suggestion)
        if len(menu) <= 1:
            return menu[0] if menu else suggestion
        return self.search(view, menu)

    # ------------------------------------------------------------------ candidate actions
    def menu(self, view: Any, prompt: Prompt, legal: Any, suggestion: Action | None) -> list[Action]:
        """A compact list of candidates, the heuristic's choice first (``view``: a View of any game)."""
        return candidates(view, prompt, legal, suggestion, self.max_menu)

    # ------------------------------------------------------------------ the search
    def search(self, view: View, menu: list[Action]) -> Action:
        me = view.player
        assert me is not None
        self.stats["searched"] += 1
        base = self.rng.getrandbits(62)
        k = len(menu)
        values: list[list[float]] = [[] for _ in range(k)]
        totals = [0.0] * k
        roots = [_Edge() for _ in range(k)]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        it = 0
        c = self.exploration
        while True:
            if deadline is None:
                if it >= self.iterations:
                    break
            elif it >= 2 * k and time.perf_counter() >= deadline:
                break
            # root selection: UCB1 (every root action is available in every determinization)
            if it < k:
                i = it
            else:
                log_n = math.log(it)
                i = max(range(k), key=lambda j: totals[j] / len(values[j]) + c * math.sqrt(log_n / len(values[j])))
            j = len(values[i])  # the j-th visit uses determinization j
            det_seed = _mix(base, j)
            game = view.sample_game(det_seed)
            value = self._iterate(game, me, menu[i], roots[i], det_seed)
            values[i].append(value)
            totals[i] += value
            it += 1
        self.stats["iterations"] += it
        choice = self._choose(values)
        if choice != 0:
            self.stats["deviations"] += 1
        if self.on_search is not None:
            prompt = view.prompt
            assert prompt is not None
            self.on_search(view, prompt, menu, [sum(v) / len(v) if v else 0.0 for v in values], choice)
        return menu[choice]

    def _choose(self, values: list[list[float]]) -> int:
        """The heuristic's candidate (index 0) unless another wins a paired comparison clearly."""
        ref = values[0]
        best, best_score = 0, 0.0
        for i in range(1, len(values)):
            k = min(len(ref), len(values[i]))
            if k < 2:
                continue
            diffs = [values[i][t] - ref[t] for t in range(k)]
            mean = sum(diffs) / k
            var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
            score = mean - self.confidence * math.sqrt(var / k)
            if score > best_score:
                best, best_score = i, score
        return best

    def _agents(self, game: Game, seed: int) -> list[Any]:
        n = game.state.n
        if self.rollout == "random":
            return [RandomAgent(_mix(seed, p), trade_weight=0.05) for p in range(n)]
        return [FamilyHeuristic(_mix(seed, p)) for p in range(n)]

    def _iterate(self, game: Game, me: int, action: Action, root: _Edge, seed: int) -> float:
        """Play ``action`` in the determinization, walk the tree, roll out, back up; return the value."""
        agents = self._agents(game, seed)
        views = [game.view(p) for p in range(game.state.n)]
        path = [root]
        try:
            game.act(me, action)
        except OpenMonopolyError:
            return self._value(game, me)
        state = game.state
        stop_turn = None
        if self.horizon is not None:
            stop_turn = state.turns + self.horizon * max(1, sum(state.alive))
        node: _Edge | None = root if self.tree_depth > 1 else None
        depth = 1
        act = game.act
        for _ in range(self.max_rollout_actions):
            if state.over or (stop_turn is not None and state.turns >= stop_turn):
                break
            prompt = game.prompt
            if prompt is None:
                break
            p = prompt.player
            if p == me and node is not None and prompt.kind not in DEFER:
                agent = agents[p]
                suggestion = agent.act(views[p], prompt)
                menu = self.menu(views[p], prompt, game.legal_actions(p), suggestion)
                if len(menu) > 1:
                    chosen, edge, expanded = self._select(node, prompt, menu)
                    path.append(edge)
                    depth += 1
                    node = None if expanded or depth >= self.tree_depth else edge
                    choice = chosen
                else:
                    choice = menu[0] if menu else suggestion
            else:
                choice = agents[p].act(views[p], prompt)
            try:
                act(p, choice)
            except OpenMonopolyError:
                break
        value = self._value(game, me)
        for edge in path[1:]:
            edge.n += 1
            edge.w += value
        return value

    def _select(self, node: _Edge, prompt: Prompt, menu: list[Action]) -> tuple[Action, _Edge, bool]:
        """UCB1 with availability counts over ``menu`` at ``node``; expands the first unvisited action."""
        where = prompt.details.get("pos", prompt.details.get("lot")) if isinstance(prompt.details, dict) else None
        edges = []
        for action in menu:
            key = (prompt.kind, where, action)
            edge = node.child.get(key)
            if edge is None:
                edge = node.child[key] = _Edge()
            edge.avail += 1
            edges.append(edge)
        for action, edge in zip(menu, edges, strict=True):
            if edge.n == 0:
                return action, edge, True
        c = self.exploration
        best = max(
            range(len(menu)),
            key=lambda i: edges[i].w / edges[i].n + c * math.sqrt(math.log(edges[i].avail) / edges[i].n),
        )
        return menu[best], edges[best], False

    # ------------------------------------------------------------------ evaluation
    def _value(self, game: Game, me: int) -> float:
        s = game.state
        if s.over:
            return 1.0 / len(s.winners) if me in s.winners else 0.0
        if not s.alive[me]:
            return 0.0
        equity = self.equity(game)
        total = sum(e for e, alive in zip(equity, s.alive, strict=True) if alive and e > 0)
        if total <= 0:
            return 1.0 / max(1, sum(s.alive))
        return max(0.0, equity[me]) / total

    def equity(self, game: Game) -> list[float]:
        """Per player: net worth plus ``income_rounds`` rounds of expected rent flow (the rent each
        opponent would pay now on landing on each property, ``Game.current_rent`` on an average roll,
        at 1/board-size a turn)."""
        s = game.state
        n = s.n
        worth = [float(game.net_worth(p)) if s.alive[p] else 0.0 for p in range(n)]
        if not self.income_rounds:
            return worth
        ed = game.edition
        rent_of = [0.0] * n
        for pos in ed.properties:
            o = s.owner[pos]
            if o >= 0:
                rent_of[o] += game.current_rent(pos, 7)
        alive = sum(s.alive)
        total = sum(rent_of)
        scale = self.income_rounds / len(ed.board)
        return [worth[p] + scale * (alive * rent_of[p] - total) if s.alive[p] else 0.0 for p in range(n)]
