"""Train a small masked PPO agent on CPU for a few minutes and print its win rate against the random bot.

    pip install 'openmonopoly[rl,train]'        # torch (CPU), gymnasium, pettingzoo
    python examples/train_ppo.py --minutes 3 --edition classic

The learner plays one seat of a two-player game (``openmonopoly.rl.gym.MonopolyGym``) against the random
bot, in ``gymnasium.vector.SyncVectorEnv``; illegal indices are masked out of the policy's logits. The
reward is +1 for a win plus the learner's share of the table's net worth at the end (``reward="net-worth"``);
the win rate is measured without it, over fresh seeds, and compared with a uniformly random masked policy.
"""
from __future__ import annotations

import argparse
import time

import gymnasium as gym
import numpy as np
import torch
from torch import nn

from openmonopoly.rl.gym import MonopolyGym


class Policy(nn.Module):
    def __init__(self, obs_dim: int, n_actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, n_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor):
        h = self.body(obs)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return torch.distributions.Categorical(logits=logits), self.v(h).squeeze(-1)


def make_env(edition: str, max_rounds: int, reward: str):
    return lambda: MonopolyGym(edition, ("random",), max_rounds=max_rounds, reward=reward)


def masks_of(info: dict, n: int, count: int) -> np.ndarray:
    m = np.asarray(info.get("action_mask", np.zeros((count, n), np.int8))).astype(bool)
    m[~m.any(axis=1), 0] = True                 # a finished env's mask is empty: any index (ignored)
    return m


def evaluate(policy: Policy | None, edition: str, games: int, max_rounds: int, seed: int) -> float:
    env = MonopolyGym(edition, ("random",), max_rounds=max_rounds)
    rng = np.random.default_rng(seed)
    wins = 0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        done = False
        while not done:
            mask = info["action_mask"].astype(bool)
            if policy is None:
                a = int(rng.choice(np.flatnonzero(mask)))
            else:
                with torch.no_grad():
                    dist, _ = policy(torch.as_tensor(obs)[None], torch.as_tensor(mask)[None])
                    a = int(dist.probs.argmax())
            obs, r, term, trunc, info = env.step(a)
            done = term or trunc
        wins += bool(info.get("won"))
    return wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--envs", type=int, default=8)
    ap.add_argument("--steps", type=int, default=256, help="steps per env per update")
    ap.add_argument("--max-rounds", type=int, default=40)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    venv = gym.vector.SyncVectorEnv([make_env(args.edition, args.max_rounds, "net-worth") for _ in range(args.envs)])
    n_act = venv.single_action_space.n
    obs, info = venv.reset(seed=args.seed)
    policy = Policy(obs.shape[1], n_act)
    opt = torch.optim.Adam(policy.parameters(), lr=3e-4)
    gamma, lam, clip = 0.999, 0.95, 0.2
    start = time.time()
    updates = episodes = 0
    ep_returns: list[float] = []
    running = np.zeros(args.envs)
    prev_done = np.zeros(args.envs, dtype=bool)
    while time.time() - start < args.minutes * 60:
        buf_o, buf_m, buf_a, buf_lp, buf_v, buf_r, buf_d, buf_valid = [], [], [], [], [], [], [], []
        for _ in range(args.steps):
            mask = masks_of(info, n_act, args.envs)
            with torch.no_grad():
                dist, v = policy(torch.as_tensor(obs), torch.as_tensor(mask))
                a = dist.sample()
            nobs, r, term, trunc, info = venv.step(a.numpy())
            done = term | trunc
            # gymnasium's next-step autoreset: a step right after an episode ended only resets that env
            buf_valid.append(~prev_done)
            buf_o.append(obs), buf_m.append(mask), buf_a.append(a), buf_lp.append(dist.log_prob(a))
            buf_v.append(v), buf_r.append(r), buf_d.append(done)
            running += r
            for i in np.flatnonzero(done & ~prev_done):
                ep_returns.append(running[i])
                running[i] = 0
                episodes += 1
            prev_done = done
            obs = nobs
        with torch.no_grad():
            _, last_v = policy(torch.as_tensor(obs), torch.as_tensor(masks_of(info, n_act, args.envs)))
        T = len(buf_r)
        adv = torch.zeros(T, args.envs)
        gae = torch.zeros(args.envs)
        values = torch.stack(buf_v)
        for t in reversed(range(T)):
            nv = last_v if t == T - 1 else values[t + 1]
            nonterm = torch.as_tensor(1.0 - buf_d[t].astype(np.float32))
            delta = torch.as_tensor(buf_r[t], dtype=torch.float32) + gamma * nv * nonterm - values[t]
            gae = delta + gamma * lam * nonterm * gae
            adv[t] = gae
        ret = adv + values
        valid = torch.as_tensor(np.array(buf_valid)).reshape(-1)
        o = torch.as_tensor(np.array(buf_o)).reshape(T * args.envs, -1)[valid]
        m = torch.as_tensor(np.array(buf_m)).reshape(T * args.envs, -1)[valid]
        a = torch.stack(buf_a).reshape(-1)[valid]
        old_lp = torch.stack(buf_lp).reshape(-1)[valid]
        adv_f, ret_f = adv.reshape(-1)[valid], ret.reshape(-1)[valid]
        adv_f = (adv_f - adv_f.mean()) / (adv_f.std() + 1e-8)
        for _ in range(4):
            for idx in torch.randperm(len(a)).split(512):
                dist, v = policy(o[idx], m[idx])
                ratio = torch.exp(dist.log_prob(a[idx]) - old_lp[idx])
                pg = -torch.min(ratio * adv_f[idx], ratio.clamp(1 - clip, 1 + clip) * adv_f[idx]).mean()
                loss = pg + 0.5 * ((v - ret_f[idx]) ** 2).mean() - 0.01 * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                opt.step()
        updates += 1
        recent = np.mean(ep_returns[-50:]) if ep_returns else float("nan")
        print(f"update {updates:3d}  {time.time() - start:6.0f}s  episodes {episodes:5d}  "
              f"mean return (last 50) {recent:.3f}", flush=True)
    train_time = time.time() - start
    t = time.time()
    trained = evaluate(policy, args.edition, args.eval_games, args.max_rounds, 10_000 + args.seed)
    baseline = evaluate(None, args.edition, args.eval_games, args.max_rounds, 10_000 + args.seed)
    print(f"trained {train_time / 60:.1f} min ({episodes} episodes); evaluation {time.time() - t:.0f}s")
    print(f"win rate vs the random bot over {args.eval_games} games: trained agent {trained:.1%}, "
          f"random masked policy {baseline:.1%}")


if __name__ == "__main__":
    main()
