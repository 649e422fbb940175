"""The engine as an OpenSpiel game (``pyspiel``'s Python game API), so OpenSpiel's algorithms can play it.

``import openmonopoly.rl.openspiel`` registers ``python_openmonopoly``; load it with
``pyspiel.load_game("python_openmonopoly", {"edition": "classic", "players": 2, "max_rounds": 50})``.
Actions are the edition's fixed discrete action space (``rl.actions``). Chance stays inside the engine
(declared deterministic to OpenSpiel): dice come from the seeded source, a state's ``clone`` copies that source
exactly, and each ``new_initial_state`` uses the next seed after ``seed``. Returns: 1 for a winner, 0
otherwise, at the end (the game ends at ``max_rounds``, richest wins, or after ``max_steps`` actions).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..editions import load as load_edition
from ..engine.game import Game
from .actions import ActionSpace
from .observation import ObservationBuilder

SHORT_NAME = "python_openmonopoly"
_DEFAULTS: dict[str, Any] = {"edition": "classic", "players": 2, "max_rounds": 50, "max_steps": 3000, "seed": 0}
_MAX_ACTIONS = 4096

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="openmonopoly (Monopoly editions by their rulebooks)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,   # chance is inside the engine (seeded)
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS))


class _Config:
    """What states need from their game; shared by reference (OpenSpiel may rebuild game objects)."""

    def __init__(self, p: dict) -> None:
        self.edition = load_edition(str(p["edition"]))
        self.players = int(p["players"])
        self.max_rounds = int(p["max_rounds"])
        self.max_steps = int(p["max_steps"])
        self.actions = ActionSpace(self.edition)
        self.obs = ObservationBuilder(self.edition, self.players)


_CONFIGS: dict[tuple, _Config] = {}


def _config(params: dict) -> _Config:
    p = dict(_DEFAULTS)
    p.update(params or {})
    key = tuple(sorted((k, str(v)) for k, v in p.items() if k != "seed"))
    if key not in _CONFIGS:
        _CONFIGS[key] = _Config(p)
    return _CONFIGS[key]


class MonopolySpielGame(pyspiel.Game):
    def __init__(self, params=None):
        p = dict(_DEFAULTS)
        p.update(params or {})
        cfg = _config(p)
        self.edition, self.players, self.max_rounds, self.max_steps = cfg.edition, cfg.players, cfg.max_rounds, \
            cfg.max_steps
        self.actions, self.obs = cfg.actions, cfg.obs
        self.next_seed = int(p["seed"])
        info = pyspiel.GameInfo(num_distinct_actions=self.actions.n, max_chance_outcomes=0, num_players=self.players,
                                min_utility=0.0, max_utility=1.0, utility_sum=None, max_game_length=self.max_steps)
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self):
        seed = self.next_seed
        self.next_seed += 1
        return MonopolySpielState(self, seed)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(_config(self.get_parameters()))


class MonopolySpielState(pyspiel.State):
    def __init__(self, game: MonopolySpielGame, seed: int | None = None, engine: Game | None = None,
                 steps: int = 0, cfg: _Config | None = None) -> None:
        super().__init__(game)
        self._game_ref = game
        cfg = cfg or _config(game.get_parameters())
        self._spiel_game = cfg
        self.engine = engine if engine is not None else Game(
            cfg.edition, cfg.players, seed=seed or 0, options={"max-rounds": cfg.max_rounds}, events=False)
        self.steps = steps

    def __deepcopy__(self, memo):
        return MonopolySpielState(self._game_ref, engine=self.engine.clone(), steps=self.steps, cfg=self._spiel_game)

    def _to_move(self) -> int:
        prompt = self.engine.prompt
        assert prompt is not None, "OpenSpiel asked who moves in a finished game"
        return prompt.player

    def current_player(self):
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._to_move()

    def _legal_actions(self, player):
        return [int(i) for i in np.flatnonzero(self._spiel_game.actions.mask(self.engine, player))]

    def _apply_action(self, action):
        p = self._to_move()
        self.engine.act(p, self._spiel_game.actions.decode(self.engine, p, int(action)))
        self.steps += 1

    def _action_to_string(self, player, action):
        return self._spiel_game.actions.labels[int(action)]

    def is_terminal(self):
        return self.engine.over or self.steps >= self._spiel_game.max_steps

    def returns(self):
        if not self.engine.over:
            return [0.0] * self._spiel_game.players
        winners = set(self.engine.winners)
        return [1.0 if p in winners else 0.0 for p in range(self._spiel_game.players)]

    def __str__(self):
        s = self.engine.state
        return (f"turn {s.turns} round {s.round}; cash {list(s.cash)}; positions {list(s.position)}; "
                f"prompt {self.engine.prompt}")


class _Observer:
    def __init__(self, game: _Config) -> None:
        self.game = game
        self.tensor = np.zeros(game.obs.dim, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MonopolySpielState, player: int) -> None:
        self.tensor[:] = self.game.obs.build(state.engine.view(player).to_json())

    def string_from(self, state: MonopolySpielState, player: int) -> str:
        v = state.engine.view(player).to_json()
        return f"p{player} cash={[q['cash'] for q in v['players']]} pos={[q['position'] for q in v['players']]} " \
               f"prompt={v['prompt']}"


pyspiel.register_game(_GAME_TYPE, MonopolySpielGame)


def load(edition: str = "classic", players: int = 2, **params) -> MonopolySpielGame:
    return pyspiel.load_game(SHORT_NAME, {"edition": edition, "players": players, **params})
