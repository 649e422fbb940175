"""A PettingZoo AEC environment for every edition.

The agent to act is whoever the game waits for (``game.prompt.player``). Observations are built from
that player's view only; ``action_mask`` marks the legal indices of the edition's fixed action space
(``rl.actions``). Chance (dice, shuffles) is resolved inside the engine from the seed given to
``reset(seed=...)``. Rewards come at the end: +1 for a winner, 0 otherwise (``reward="net-worth"``
adds each player's share of the total net worth instead, at the end too). Games are bounded by
``max_rounds`` (richest wins, the engine's rule) and by ``max_steps`` (truncation).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..editions import load as load_edition
from ..engine.game import Game
from .actions import ActionSpace
from .encoding import Decision, StepCore
from .observation import CLIP, ObservationBuilder

FLOAT32 = np.dtype(np.float32)
INT8 = np.dtype(np.int8)


def end_rewards(game: Game, reward: str) -> list[float]:
    n = game.state.n
    winners = set(game.winners) if game.over else set()
    out = [1.0 if p in winners else 0.0 for p in range(n)]
    if reward == "net-worth":
        worths = game.net_worths()
        worth = [max(0, worths[p]) if game.state.alive[p] else 0 for p in range(n)]
        total = sum(worth) or 1
        out = [out[p] + worth[p] / total for p in range(n)]
    return out


class MonopolyAEC(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "openmonopoly_v0", "is_parallelizable": False}

    def __init__(
        self,
        edition: str = "classic",
        num_players: int = 2,
        max_rounds: int = 100,
        max_steps: int = 5000,
        reward: str = "win",
        render_mode: str | None = None,
        game_options: dict | None = None,
    ) -> None:
        super().__init__()
        if reward not in ("win", "net-worth"):
            raise ValueError("reward must be 'win' or 'net-worth'")
        self.edition = load_edition(edition)
        if not self.edition.min_players <= num_players <= self.edition.max_players:
            ed = self.edition
            raise ValueError(f"{ed.name} is for {ed.min_players}-{ed.max_players} players")
        self.num_players = num_players
        self.max_rounds = max_rounds
        self.max_steps = max_steps
        # The game's options (house rules, variants), checked now: every episode is played under them.
        self.game_options = {**(game_options or {}), "max-rounds": max_rounds}
        Game(self.edition, num_players, options=self.game_options, events=False)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.actions = ActionSpace(self.edition)
        self.obs = ObservationBuilder(self.edition, num_players, self.game_options)
        self.core = StepCore(self.obs.encoder, self.actions.encoder)  # the step's work, compiled
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agent_index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-CLIP, CLIP, (self.obs.dim,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.actions.n) for a in self.possible_agents}
        self.game: Game | None = None
        self._rewarded = False  # whether the last step gave anyone a reward (else every reward is 0)
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, 2**31 - 1))
        self.game = Game(
            self.edition,
            self.num_players,
            seed=game_seed,
            options=self.game_options,
            events=self.render_mode is not None,
        )
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._rewarded = False
        self.core.start(self.game)
        self.agent_selection = self._prompted()

    def _prompted(self) -> str:
        player = self.game.decider  # type: ignore[union-attr]
        return self.possible_agents[player] if player >= 0 else self.agents[0]

    def decision(self, player: int) -> Decision | None:
        """The legal actions and mask of ``player`` if the game waits for them (kept until it moves on)."""
        return self.core.decision_of(player)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs, mask = self.core.observe(self.agent_index[agent])
        vec = np.frombuffer(obs, FLOAT32)  # (each its own buffer: writable, not shared)
        if self.terminations[agent] or self.truncations[agent]:
            return {"observation": vec, "action_mask": np.zeros(self.actions.n, INT8)}
        return {"observation": vec, "action_mask": np.frombuffer(mask, INT8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not self.core.act(self.agent_index[agent], int(action)):
            raise ValueError(f"action {action} is not legal for {agent} now (see the action_mask)")
        game = self.game
        assert game is not None
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        if self._rewarded:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewarded = False
        if game.over:
            for a, r in zip(self.possible_agents, end_rewards(game, self.reward_kind), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._rewarded = True
        elif self.steps >= self.max_steps:
            for a, r in zip(self.possible_agents, end_rewards(game, self.reward_kind), strict=True):
                self.rewards[a] = r if self.reward_kind == "net-worth" else 0.0
                self.truncations[a] = True
            self._rewarded = True
        else:
            player = game.decider  # (``_prompted``, written out: this runs at every step)
            self.agent_selection = self.possible_agents[player] if player >= 0 else self.agents[0]
        if self._rewarded:  # (adding rewards of 0 changes nothing)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.game is None:
            return None
        text = repr(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> MonopolyAEC:
    """The AEC environment (``openmonopoly.rl.env(edition="classic", num_players=2)``)."""
    return MonopolyAEC(**kwargs)
