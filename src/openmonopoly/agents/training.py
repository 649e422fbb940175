"""Training the learned bot: distil the search bot's decisions, then improve by expert iteration.

    python -m openmonopoly.agents.training --edition classic --seed 1 --max-rounds 150 --rounds 3 \\
        --games 600 --iterations 48 --horizon 6 --hidden 64 --last-gain-weight 1 \\
        --out src/openmonopoly/agents/data/learned.npz  (``make train``: the shipped weights, ~36 min of one core)

Round 0 plays games with the search bot (``MCTSAgent``) in one seat -- rotating through the seats --
against heuristic bots; every search it runs is one training example: the candidate menu, described by
``learned.Features``, and the candidate the search chose. The policy network is fitted to those choices
(cross-entropy of a softmax over the menu) and the value network to how each game ended for the
searching seat (logistic loss on win / no win, shared wins as fractions). Each later round searches
over the learned bot of the round before (``MCTSAgent(advisor=LearnedAgent)``, the ``expert`` level) --
the search improves on the policy, the policy learns the improvement -- and refits on all examples so far.
There the menu starts with the learned bot's choice, but the learned bot at play flags the heuristic's, so
the examples flag the heuristic's choice too. Every example also keeps the search's mean value per
candidate; ``--gain-weight`` (every fit) or ``--last-gain-weight`` (the last, shipped one) adds a regression
of the policy's score differences on those values' differences (``fit``).

Everything derives from ``--seed`` (game seeds, bot seeds, the network's initial weights, the order of
minibatches), and games are played in order in one process, so a run reproduces its weights exactly.
Optimisation is plain NumPy (Adam, full-batch gradient written out by hand): no torch anywhere.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.prompt import Prompt
from ..engine.view import View
from .by_family import FamilyHeuristic
from .learned import INPUT_DIM, MENU, STATE_DIM, WEIGHTS, Features, LearnedAgent, Net, save_weights
from .mcts import MCTSAgent

SEATS = 4


def _derive(text: str) -> int:
    # The seeds of sim.runner (game_seed, agent_seed), so a training game is the game `simulate` plays
    # with that seed; written here because sim is built on the agents and may not be imported by them.
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


@dataclass
class Examples:
    """Training examples: menus (padded to ``MENU`` rows, ``mask`` marks real ones), choices, the search's
    mean value per row (NaN where it weighed none), states, results."""

    x: list[np.ndarray] = field(default_factory=list)
    mask: list[np.ndarray] = field(default_factory=list)
    choice: list[int] = field(default_factory=list)
    state: list[np.ndarray] = field(default_factory=list)
    result: list[float] = field(default_factory=list)
    means: list[np.ndarray] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.choice)

    def extend(self, other: Examples) -> None:
        for name in ("x", "mask", "choice", "state", "result", "means"):
            getattr(self, name).extend(getattr(other, name))

    def save(self, path: Path | str) -> None:
        np.savez_compressed(
            path,
            x=np.stack(self.x),
            mask=np.stack(self.mask),
            choice=np.asarray(self.choice),
            state=np.stack(self.state),
            result=np.asarray(self.result, np.float32),
            means=np.stack(self.means),
        )

    @classmethod
    def load(cls, path: Path | str) -> Examples:
        out = cls()
        with np.load(path) as d:
            for name in ("x", "mask", "choice", "state", "result", "means"):
                getattr(out, name).extend(d[name].tolist() if d[name].ndim == 1 else list(d[name]))
        return out


def _menu_rows(
    features: Features, view: View, prompt: Prompt, menu: list[Action], flagged: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """The menu's feature rows; ``flagged`` is the heuristic's choice (-1: none of them), as at play."""
    x = np.zeros((MENU, INPUT_DIM), np.float32)
    mask = np.zeros(MENU, bool)
    state = features.state(view)
    for i, action in enumerate(menu[:MENU]):
        x[i, :STATE_DIM] = state
        x[i, STATE_DIM:] = features.action(view, prompt, action, i == flagged)
        mask[i] = True
    return x, mask


def play_and_record(
    edition: str,
    index: int,
    root: int,
    teacher: str,
    nets: dict[str, Net] | None,
    iterations: int,
    horizon: int,
    max_rounds: int | None,
) -> Examples:
    """One game, the teacher in seat ``index % 4`` against heuristic bots; its decisions as examples.

    ``teacher``: ``"mcts"`` (the search bot; over ``nets``' learned bot when given) or ``"heuristic"``
    (its own choice among the menu: cheap, for tests and a first fit)."""
    seed = _derive(f"openmonopoly-sim:{root}:{index}")
    seat = index % SEATS
    out = Examples()
    features: list[Features] = []
    start_len = 0

    def record(view: View, prompt: Prompt, menu: list[Action], means: list[float], choice: int) -> None:
        if len(menu) < 2 or choice >= MENU:
            return
        if not features:
            features.append(Features(view))
        flagged = 0
        if advisor is not None:
            # A search over the learned bot starts its menu with that bot's choice, but the learned bot at
            # play flags the heuristic's: flag that one here too, adding it (not chosen) if the search
            # never weighed it (a trade proposal the learned bot passed over), so the features mean the same.
            heuristic = advisor.suggestion
            if heuristic in menu:
                flagged = menu.index(heuristic)
            elif heuristic is not None and len(menu) < MENU:
                menu = [*menu, heuristic]
                flagged = len(menu) - 1
            else:
                flagged = -1
        x, mask = _menu_rows(features[0], view, prompt, menu, flagged)
        row_means = np.full(MENU, np.nan, np.float32)
        row_means[: len(means)] = means[:MENU]
        out.means.append(row_means)
        out.x.append(x)
        out.mask.append(mask)
        out.choice.append(choice)
        out.state.append(x[0, :STATE_DIM].copy())

    seeds = [_derive(f"openmonopoly-agent:{seed}:{k}") for k in range(SEATS)]
    agents = [FamilyHeuristic(seeds[k]) for k in range(SEATS)]
    bot: object
    advisor: LearnedAgent | None = None
    if teacher == "mcts":
        advisor = LearnedAgent(seeds[seat], nets=nets) if nets else None
        bot = MCTSAgent(seeds[seat], iterations=iterations, horizon=horizon, advisor=advisor, on_search=record)
    elif teacher == "heuristic":
        bot = _HeuristicTeacher(seeds[seat], record)
    else:
        raise ValueError(f"teacher must be 'mcts' or 'heuristic', not {teacher!r}")
    agents[seat] = bot  # type: ignore[call-overload]
    g = Game(edition, SEATS, seed=seed, options={"max-rounds": max_rounds} if max_rounds else None, events=False)
    g.play_out(agents)
    winners = g.winners
    won = 1.0 / len(winners) if seat in winners else 0.0
    out.result.extend([won] * (len(out) - start_len))
    return out


class _HeuristicTeacher:
    """The heuristic bot, reporting each menu it faced (its own choice first) like the search bot."""

    def __init__(self, seed: int, on_search) -> None:
        self.bot = FamilyHeuristic(seed)
        self.on_search = on_search

    def act(self, view: View, prompt: Prompt) -> Action:
        from .menu import DEFER, candidates

        action = self.bot.act(view, prompt)
        if prompt.kind not in DEFER:
            menu = candidates(view, prompt, view.legal_actions(), action, MENU)
            self.on_search(view, prompt, menu, [0.0] * len(menu), 0)
        return action


# ---------------------------------------------------------------------- fitting
def _adam(params: dict[str, np.ndarray], grads: dict[str, np.ndarray], state: dict, lr: float) -> None:
    t = state["t"] = state.get("t", 0) + 1
    for k, g in grads.items():
        m = state.setdefault(("m", k), np.zeros_like(g))
        v = state.setdefault(("v", k), np.zeros_like(g))
        m *= 0.9
        m += 0.1 * g
        v *= 0.999
        v += 0.001 * g * g
        params[k] -= (lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)).astype(params[k].dtype)


def policy_loss(net: Net, data: Examples) -> tuple[float, float]:
    """Mean cross-entropy of the teacher's choices and the share of them the policy picks."""
    x, mask, y = np.stack(data.x), np.stack(data.mask), np.asarray(data.choice)
    s = net.scores(x)
    s = np.where(mask, s, -1e9)
    s = s - s.max(axis=1, keepdims=True)
    logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    rows = np.arange(len(y))
    return float(-logp[rows, y].mean()), float((s.argmax(axis=1) == y).mean())


GAIN_SCALE = 20.0  # logits per unit of the search's mean value (a win is 1), for the gain regression


def fit(
    net: Net,
    data: Examples,
    epochs: int = 200,
    lr: float = 0.01,
    seed: int = 0,
    batch: int = 512,
    l2: float = 1e-4,
    gain_weight: float = 0.0,
) -> Net:
    """Fit the policy to the choices and the value head to the results (in place; returns ``net``).

    ``gain_weight`` adds a regression of each candidate's score lead over the first row on the search's
    mean-value lead (``GAIN_SCALE`` logits a unit): the search picks a candidate only when it is clearly
    better on its noisy sample, so the choices alone hide how much better or worse the others looked."""
    rng = np.random.default_rng(seed)
    x_all, mask_all, y_all = np.stack(data.x), np.stack(data.mask), np.asarray(data.choice)
    st_all, r_all = np.stack(data.state), np.asarray(data.result, np.float32)
    if gain_weight:
        m_all = np.stack(data.means)
        lead_all = GAIN_SCALE * (m_all - m_all[:, :1])
        known_all = mask_all & np.isfinite(lead_all)
        known_all[:, 0] = False
        lead_all = np.where(known_all, lead_all, 0.0).astype(np.float32)
    p = net.p
    opt: dict = {}
    n = len(y_all)
    for _ in range(epochs):
        order = rng.permutation(n)
        for lo in range(0, n, batch):
            idx = order[lo : lo + batch]
            x, mask, y, st, r = x_all[idx], mask_all[idx], y_all[idx], st_all[idx], r_all[idx]
            b = len(idx)
            # policy: scores = tanh(x W1 + b1) w2, softmax over the menu's real rows
            h = np.tanh(x @ p["w1"] + p["b1"])  # b, M, H
            s_raw = h @ p["w2"]
            s = np.where(mask, s_raw, -1e9)
            s = s - s.max(axis=1, keepdims=True)
            prob = np.exp(s)
            prob /= prob.sum(axis=1, keepdims=True)
            ds = prob
            ds[np.arange(b), y] -= 1.0
            ds = np.where(mask, ds, 0.0) / b  # d loss / d score
            if gain_weight:
                known, lead = known_all[idx], lead_all[idx]
                err = np.where(known, (s_raw - s_raw[:, :1]) - lead, 0.0)
                dg = 2 * gain_weight * err / max(1, int(known.sum()))
                dg[:, 0] -= dg.sum(axis=1)
                ds = ds + dg
            g_w2 = np.einsum("bm,bmh->h", ds, h)
            dh = ds[:, :, None] * p["w2"][None, None, :] * (1 - h * h)
            g_w1 = np.einsum("bmi,bmh->ih", x, dh)
            g_b1 = dh.sum(axis=(0, 1))
            # value: sigmoid(tanh(st V1 + c1) v2 + c2), logistic loss against the result
            hv = np.tanh(st @ p["v1"] + p["c1"])
            z = hv @ p["v2"] + p["c2"][0]
            dz = (1 / (1 + np.exp(-z)) - r) / b
            g_v2 = hv.T @ dz
            dhv = dz[:, None] * p["v2"][None, :] * (1 - hv * hv)
            grads = {
                "w1": g_w1 + l2 * p["w1"],
                "b1": g_b1,
                "w2": g_w2 + l2 * p["w2"],
                "v1": st.T @ dhv + l2 * p["v1"],
                "c1": dhv.sum(axis=0),
                "v2": g_v2,
                "c2": np.array([dz.sum()]),
            }
            _adam(p, {k: g.astype(np.float32) for k, g in grads.items()}, opt, lr)
    return net


def train(
    edition: str = "classic",
    rounds: int = 2,
    games: int = 40,
    seed: int = 1,
    iterations: int = 24,
    horizon: int = 4,
    max_rounds: int | None = 150,
    epochs: int = 200,
    teacher: str = "mcts",
    hidden: int = 32,
    log=print,
    progress: bool = False,
    gain_weight: float = 0.0,
    last_gain_weight: float | None = None,
    checkpoints: Path | str | None = None,
) -> tuple[Net, Examples]:
    """The whole pipeline; returns the final network and every example.

    ``gain_weight``: the fits' weight of the gain regression (``fit``); ``last_gain_weight``: the last
    round's (the shipped net's), when it differs. ``checkpoints``: a folder that receives each round's
    network as ``round-<r>.npz`` (to compare rounds without training again)."""
    from ..editions import load

    family = load(edition).family
    data = Examples()
    net: Net | None = None
    for r in range(rounds):
        start = time.perf_counter()
        for i in range(games):
            nets = {family: net} if net is not None and r > 0 else None
            data.extend(play_and_record(edition, r * games + i, seed, teacher, nets, iterations, horizon, max_rounds))
            if progress:
                log(f"round {r} game {i + 1}/{games}: {len(data)} examples, {time.perf_counter() - start:.0f}s")
        weight = last_gain_weight if last_gain_weight is not None and r == rounds - 1 else gain_weight
        net = fit(Net.fresh(seed, hidden), data, epochs=epochs, seed=seed + r, gain_weight=weight)
        if checkpoints is not None:
            save_weights({family: net}, Path(checkpoints) / f"round-{r}.npz")
        loss, agree = policy_loss(net, data)
        log(
            f"round {r}: {len(data)} examples, policy loss {loss:.3f}, agreement {agree:.1%}, "
            f"{time.perf_counter() - start:.0f}s"
        )
    assert net is not None
    return net, data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--rounds", type=int, default=2, help="distillation round plus expert-iteration rounds")
    ap.add_argument("--games", type=int, default=40, help="games per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=24, help="search iterations per decision")
    ap.add_argument("--horizon", type=int, default=4, help="search rollout horizon in rounds")
    ap.add_argument("--max-rounds", type=int, default=150)
    ap.add_argument("--epochs", type=int, default=200)
    ap.add_argument("--hidden", type=int, default=32, help="hidden units of the policy and value networks")
    ap.add_argument("--teacher", choices=("mcts", "heuristic"), default="mcts")
    ap.add_argument("--gain-weight", type=float, default=0.0, help="weight of the search-value regression")
    ap.add_argument("--last-gain-weight", type=float, default=None, help="the same for the last round's fit")
    ap.add_argument("--save-examples", default=None, help="also write every example to this .npz")
    ap.add_argument("--checkpoints", default=None, help="a folder for each round's network (round-<r>.npz)")
    ap.add_argument("--out", default=str(WEIGHTS))
    args = ap.parse_args(argv)
    net, data = train(
        args.edition,
        args.rounds,
        args.games,
        args.seed,
        args.iterations,
        args.horizon,
        args.max_rounds or None,
        args.epochs,
        args.teacher,
        args.hidden,
        log=lambda text: print(text, file=sys.stderr, flush=True),
        progress=True,
        gain_weight=args.gain_weight,
        last_gain_weight=args.last_gain_weight,
        checkpoints=args.checkpoints,
    )
    if args.save_examples:
        data.save(args.save_examples)
    from ..editions import load

    save_weights({load(args.edition).family: net}, Path(args.out))
    print(f"wrote {args.out} ({Path(args.out).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
