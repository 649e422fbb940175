"""Self-play environments that step many games at once: Gymnasium's vector API with batched NumPy arrays.

Every seat is the learner: a step is one decision of whichever player the game waits for, seen from
that player's view (the observation of ``MonopolyAEC`` for that player), with its mask in
``info["action_mask"]`` and its seat in ``info["player"]``. The reward is the acting player's: 0 until
the game ends, then its end reward (+1 for a winner with ``reward="win"``; ``"net-worth"`` adds its
share of the total net worth, also on truncation); every seat's end reward is in
``info["final_rewards"]`` on the step that ends the game.

* ``MonopolySelfPlayEnv``: one game, a ``gymnasium.Env``;
* ``MonopolyVectorEnv(num_envs)``: N games in this process, a ``gymnasium.vector.VectorEnv`` writing
  straight into preallocated batch arrays (observations ``(N, dim)`` float32, masks ``(N, n)`` int8);
* ``async_vector_env(num_envs)``: N games over worker processes (Gymnasium's ``AsyncVectorEnv`` of
  ``MonopolySelfPlayEnv``), for more than one core.

Autoreset follows Gymnasium 1.x's default, ``AutoresetMode.NEXT_STEP`` (``metadata["autoreset_mode"]``):
the step that ends a game returns its last observation with ``terminated`` or ``truncated`` set; the
next ``step`` ignores that game's action and starts a new game, returning its first observation with
reward 0 and both flags False. Game ``i`` of ``reset(seed=s)`` draws its games' seeds exactly as
``MonopolyAEC.reset(seed=s + i)`` does, so it plays the same games as that environment given the same
indices (tests/rl/test_vector.py), and the same seed gives the same trajectories.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, VectorEnv

from ..editions import load as load_edition
from ..engine.game import Game
from .actions import ActionSpace
from .aec import FLOAT32, INT8, end_rewards
from .encoding import StepCore
from .observation import CLIP, ObservationBuilder


class SelfPlayGame:
    """One game in which the prompted player always acts: its observation, mask and reward."""

    def __init__(
        self,
        edition: Any,
        num_players: int,
        max_steps: int,
        reward: str,
        game_options: dict[str, Any],
        actions: ActionSpace,
        obs: ObservationBuilder,
    ) -> None:
        if reward not in ("win", "net-worth"):
            raise ValueError("reward must be 'win' or 'net-worth'")
        self.edition, self.num_players = edition, num_players
        self.max_steps, self.reward_kind = max_steps, reward
        self.game_options = game_options
        self.core = StepCore(obs.encoder, actions.encoder)
        self.seed_rng = np.random.default_rng()
        self.game: Game | None = None
        self.player = -1  # the acting player (once the game has ended: the one who acted last)
        self.ended = False
        self.steps = 0

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.seed_rng = np.random.default_rng(seed)
        game_seed = int(self.seed_rng.integers(0, 2**31 - 1))  # (as MonopolyAEC.reset draws it)
        self.game = Game(self.edition, self.num_players, seed=game_seed, options=self.game_options, events=False)
        self.core.start(self.game)
        self.steps = 0
        self.ended = False
        self.player = self.game.decider

    def observation(self) -> bytearray:
        """The acting player's observation; once the game has ended, the final one (the last actor's view
        of the end)."""
        if self.ended:
            return self.core.observation(max(self.player, 0), True)
        return self.core.observation(self.player)

    def mask(self) -> bytearray:
        """The acting player's mask (empty once the game has ended)."""
        return bytearray(self.core.masks.n) if self.ended else self.core.mask(self.player)

    def observe(self) -> tuple[bytearray, bytearray]:
        """``observation()`` and ``mask()`` together (one call into the compiled step while the game goes on)."""
        if self.ended:
            return self.observation(), self.mask()
        return self.core.observe(self.player)

    def step(self, index: int) -> tuple[float, bool, bool, list[float] | None]:
        """Apply ``index`` for the acting player: (its reward, terminated, truncated, every seat's end
        reward when the game ended)."""
        game = self.game
        assert game is not None and not self.ended, "the game is over: reset it"
        p = self.player
        if not self.core.act(p, int(index)):
            raise ValueError(f"action {index} is not legal for player {p} now (see info['action_mask'])")
        self.steps += 1
        terminated = game.over
        truncated = not terminated and self.steps >= self.max_steps
        if terminated or truncated:
            rewards = end_rewards(game, self.reward_kind)
            if truncated and self.reward_kind == "win":
                rewards = [0.0] * len(rewards)
            self.ended = True
            return rewards[p], terminated, truncated, rewards
        self.player = game.decider
        return 0.0, False, False, None


def _edition(edition: str, num_players: int, max_rounds: int, game_options: dict | None) -> tuple[Any, dict]:
    """The edition and the games' options (``game_options`` with the round limit), checked now: every
    game is played under them."""
    ed = load_edition(edition)
    if not ed.min_players <= num_players <= ed.max_players:
        raise ValueError(f"{ed.name} is for {ed.min_players}-{ed.max_players} players")
    options = {**(game_options or {}), "max-rounds": max_rounds}
    Game(ed, num_players, options=options, events=False)
    return ed, options


def _spaces(actions: ActionSpace, obs: ObservationBuilder) -> tuple[spaces.Box, spaces.Discrete]:
    return spaces.Box(-CLIP, CLIP, (obs.dim,), np.float32), spaces.Discrete(actions.n)


class MonopolySelfPlayEnv(gym.Env):
    """One self-play game as a ``gymnasium.Env`` (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        edition: str = "classic",
        num_players: int = 4,
        max_rounds: int = 100,
        max_steps: int = 5000,
        reward: str = "win",
        game_options: dict | None = None,
    ) -> None:
        super().__init__()
        ed, options = _edition(edition, num_players, max_rounds, game_options)
        self.actions = ActionSpace(ed)
        self.obs = ObservationBuilder(ed, num_players, options)
        self.table = SelfPlayGame(ed, num_players, max_steps, reward, options, self.actions, self.obs)
        self.observation_space, self.action_space = _spaces(self.actions, self.obs)
        self._mask = np.zeros(self.actions.n, np.int8)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.table.reset(seed)
        return self._observe(), self._info()

    def _observe(self) -> np.ndarray:
        obs, mask = self.table.observe()
        self._mask = np.frombuffer(mask, INT8)
        return np.frombuffer(obs, FLOAT32)

    def _info(self, **extra: Any) -> dict:
        return {"action_mask": self._mask.copy(), "player": self.table.player, **extra}

    def action_masks(self) -> np.ndarray:
        return self._mask.astype(bool)

    def step(self, action: int):
        reward, terminated, truncated, finals = self.table.step(int(action))
        obs = self._observe()
        extra = {} if finals is None else {"final_rewards": np.asarray(finals, np.float32)}
        return obs, reward, terminated, truncated, self._info(**extra)

    def render(self) -> str | None:
        return repr(self.table.game)


class MonopolyVectorEnv(VectorEnv):
    """``num_envs`` self-play games stepped together in this process, in batched arrays."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        edition: str = "classic",
        num_players: int = 4,
        max_rounds: int = 100,
        max_steps: int = 5000,
        reward: str = "win",
        game_options: dict | None = None,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        ed, options = _edition(edition, num_players, max_rounds, game_options)
        self.num_envs = num_envs
        self.num_players = num_players
        self.actions = ActionSpace(ed)
        self.obs = ObservationBuilder(ed, num_players, options)
        self.tables = [
            SelfPlayGame(ed, num_players, max_steps, reward, options, self.actions, self.obs) for _ in range(num_envs)
        ]
        self.single_observation_space, self.single_action_space = _spaces(self.actions, self.obs)
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gym.vector.utils.batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, self.obs.dim), np.float32)
        self._mask = np.zeros((num_envs, self.actions.n), np.int8)
        # (the batches' bytes: a game's row is written as one slice of bytes, with no NumPy call)
        self._obs_bytes = self._obs.data.cast("B")
        self._mask_bytes = self._mask.data.cast("B")
        self._obs_row = self.obs.dim * 4
        self._mask_row = self.actions.n
        self._player = np.zeros(num_envs, np.int64)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminated = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)

    def reset(self, *, seed: int | list[int] | None = None, options: dict | None = None):
        seeds = seed if isinstance(seed, list) else [None if seed is None else seed + i for i in range(self.num_envs)]
        if len(seeds) != self.num_envs:
            raise ValueError(f"reset needs {self.num_envs} seeds, got {len(seeds)}")
        for i, table in enumerate(self.tables):
            table.reset(seeds[i])
            self._write(i)
        self._autoreset[:] = False
        return self._obs.copy(), self._info(None)

    def _write(self, i: int) -> None:
        table = self.tables[i]
        o, m = self._obs_row, self._mask_row
        obs, mask = table.observe()
        self._obs_bytes[i * o : (i + 1) * o] = obs
        self._mask_bytes[i * m : (i + 1) * m] = mask
        self._player[i] = table.player

    def _info(self, finals: np.ndarray | None) -> dict:
        info: dict[str, Any] = {"action_mask": self._mask.copy(), "player": self._player.copy()}
        if finals is not None:
            info["final_rewards"] = finals
            info["_final_rewards"] = self._terminated | self._truncated
        return info

    def step(self, actions: Any):
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step needs one action per game, shape ({self.num_envs},); got {actions.shape}")
        finals: np.ndarray | None = None
        for i, table in enumerate(self.tables):
            if self._autoreset[i]:  # the game ended at the last step: this step starts the next one
                table.reset()
                self._rewards[i] = 0.0
                self._terminated[i] = self._truncated[i] = False
                self._write(i)
                continue
            reward, term, trunc, end = table.step(int(actions[i]))
            self._rewards[i], self._terminated[i], self._truncated[i] = reward, term, trunc
            if end is not None:
                if finals is None:
                    finals = np.zeros((self.num_envs, self.num_players), np.float32)
                finals[i] = end
            self._write(i)
        self._autoreset[:] = self._terminated | self._truncated
        return (
            self._obs.copy(),
            self._rewards.copy(),
            self._terminated.copy(),
            self._truncated.copy(),
            self._info(finals),
        )

    @staticmethod
    def sample_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal index per row of ``masks`` (0 where nothing is legal)."""
        noise = rng.random(masks.shape)
        return np.where(masks.any(axis=1), np.argmax(np.where(masks > 0, noise, -1.0), axis=1), 0)

    def close_extras(self, **kwargs: Any) -> None:
        self.tables = []
        self._obs_bytes.release()
        self._mask_bytes.release()


def async_vector_env(num_envs: int, **kwargs: Any) -> AsyncVectorEnv:
    """``num_envs`` self-play games, each in a worker process (Gymnasium's ``AsyncVectorEnv`` of
    ``MonopolySelfPlayEnv(**kwargs)``): the same batched API, on every core. Same ``reset(seed=s)``
    seeding as ``MonopolyVectorEnv`` (game ``i`` seeded with ``s + i``)."""

    def make() -> MonopolySelfPlayEnv:
        return MonopolySelfPlayEnv(**kwargs)

    return AsyncVectorEnv([make for _ in range(num_envs)])
