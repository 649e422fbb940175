"""A Gymnasium single-agent wrapper: one learning seat against chosen bots.

``MonopolyGym(edition, opponents=("random",))`` seats the learner (at a random seat each episode, or
``seat=k``) and lets the bots play every other prompt. Observations are the learner's view vector;
``info["action_mask"]`` and ``action_masks()`` give the legal indices (for masked policies such as
sb3-contrib's MaskablePPO). An illegal index is replaced by a random legal one and reported in
``info["illegal_action"]`` (with ``illegal_penalty`` subtracted from the reward). It works with
``gymnasium.vector.SyncVectorEnv`` / ``AsyncVectorEnv``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents import make_agent
from ..editions import load as load_edition
from ..engine.game import Game
from .actions import ActionSpace
from .aec import FLOAT32, INT8, end_rewards
from .encoding import StepCore
from .observation import CLIP, ObservationBuilder


class MonopolyGym(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        edition: str = "classic",
        opponents: Sequence[str] = ("random",),
        seat: int | None = None,
        max_rounds: int = 100,
        max_steps: int = 3000,
        reward: str = "win",
        illegal_penalty: float = 0.0,
        render_mode: str | None = None,
        game_options: dict | None = None,
    ) -> None:
        super().__init__()
        self.edition = load_edition(edition)
        self.opponent_kinds = tuple(opponents)
        self.num_players = 1 + len(self.opponent_kinds)
        if not self.edition.min_players <= self.num_players <= self.edition.max_players:
            ed = self.edition
            raise ValueError(f"{ed.name} is for {ed.min_players}-{ed.max_players} players")
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}")
        self.fixed_seat = seat
        self.max_rounds, self.max_steps = max_rounds, max_steps
        # The game's options (house rules, variants), checked now: every episode is played under them.
        self.game_options = {**(game_options or {}), "max-rounds": max_rounds}
        Game(self.edition, self.num_players, options=self.game_options, events=False)
        self.reward_kind = reward
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.actions = ActionSpace(self.edition)
        self.obs = ObservationBuilder(self.edition, self.num_players, self.game_options)
        self.core = StepCore(self.obs.encoder, self.actions.encoder)
        self.observation_space = spaces.Box(-CLIP, CLIP, (self.obs.dim,), np.float32)
        self.action_space = spaces.Discrete(self.actions.n)
        self.game: Game | None = None
        self.seat = 0
        self.bots: dict[int, Any] = {}
        self._mask = np.zeros(self.actions.n, dtype=np.int8)

    # ------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(self.num_players))
        self.game = Game(
            self.edition,
            self.num_players,
            seed=int(rng.integers(2**31 - 1)),
            options=self.game_options,
            events=False,
        )
        others = [p for p in range(self.num_players) if p != self.seat]
        self.bots = {
            p: make_agent(kind, int(rng.integers(2**31 - 1)))
            for p, kind in zip(others, self.opponent_kinds, strict=True)
        }
        self.core.start(self.game)
        self.steps = 0
        self._play_bots()
        return self._observe(), self._info()

    def _play_bots(self) -> None:
        game = self.game
        assert game is not None
        while not game.over:
            prompt = game.prompt
            if prompt is None or prompt.player == self.seat:
                return
            bot = self.bots[prompt.player]
            game.act(prompt.player, bot.act(game.view(prompt.player), prompt))

    def _observe(self) -> np.ndarray:
        self._mask = np.frombuffer(self.core.mask(self.seat), INT8)
        return np.frombuffer(self.core.observation(self.seat), FLOAT32)

    def _info(self, **extra: Any) -> dict:
        return {"action_mask": self._mask.copy(), "seat": self.seat, **extra}

    def action_masks(self) -> np.ndarray:
        return self._mask.astype(bool)

    def step(self, action: int):
        game = self.game
        assert game is not None, "call reset() first"
        illegal = not (0 <= int(action) < self.actions.n and self._mask[int(action)])
        if illegal:
            legal = np.flatnonzero(self._mask)
            action = int(self.np_random.choice(legal))
        if not self.core.act(self.seat, int(action)):
            raise RuntimeError(f"index {action} of the mask was refused")  # (never: the mask is what is legal)
        self.steps += 1
        self._play_bots()
        terminated = game.over
        truncated = not terminated and self.steps >= self.max_steps
        reward = -self.illegal_penalty if illegal else 0.0
        if terminated or (truncated and self.reward_kind == "net-worth"):
            reward += end_rewards(game, self.reward_kind)[self.seat]
        obs = self._observe()
        info = self._info(illegal_action=illegal)
        if terminated or truncated:
            info["won"] = self.seat in game.winners
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        return repr(self.game)
