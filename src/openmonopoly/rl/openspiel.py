"""The engine as an OpenSpiel game (``pyspiel``'s Python game API), so OpenSpiel's algorithms can play it.

``import openmonopoly.rl.openspiel`` registers ``python_openmonopoly``; load it with
``pyspiel.load_game("python_openmonopoly", {"edition": "classic", "players": 2, "max_rounds": 50})``.
The game's options are parameters too: ``house_rules`` names a preset (``"popular"``) and ``options``
lists options as on the command line, ``NAME[=VALUE]`` joined by commas
(``"free-parking-pot=500,no-auctions"``), applied over the preset; they are checked when the game is
loaded (an unknown or contradictory one is a ``ValueError`` naming what is allowed), and every state
is played under them (the observation shows what they add to the view, such as the Free Parking pot).
Actions are the edition's fixed discrete action space (``rl.actions``). Chance is explicit: every outcome
the engine draws (each die, each swap of a deck shuffle at set-up, each random pick) is a chance node whose
``chance_outcomes()`` are that draw's range, equally likely, so OpenSpiel's search samples the dice instead
of "knowing" them. Deck orders are hidden from the players (views and observations leave them out);
``resample_from_infostate`` redraws them for ISMCTS. Returns: 1 for a winner, 0 otherwise, at the end (the
game ends at ``max_rounds``, richest wins, or after ``max_steps`` decisions).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..editions import load as load_edition
from ..engine.chance import Chance
from ..engine.game import Game
from .actions import ActionSpace
from .observation import ObservationBuilder

SHORT_NAME = "python_openmonopoly"
_DEFAULTS: dict[str, Any] = {
    "edition": "classic",
    "players": 2,
    "max_rounds": 50,
    "max_steps": 3000,
    "house_rules": "",
    "options": "",
}
_MAX_ACTIONS = 4096

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="openmonopoly (Monopoly editions by their rulebooks)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)


class _Config:
    """What states need from their game; shared by reference (OpenSpiel may rebuild game objects)."""

    def __init__(self, p: dict) -> None:
        self.edition = load_edition(str(p["edition"]))
        self.players = int(p["players"])
        self.max_rounds = int(p["max_rounds"])
        self.max_steps = int(p["max_steps"])
        self.options = game_options(
            self.edition, self.players, self.max_rounds, str(p["house_rules"]), str(p["options"])
        )
        self.actions = ActionSpace(self.edition)
        self.obs = ObservationBuilder(self.edition, self.players, self.options)
        self.max_chance_outcomes = max_draw_range(self.edition, self.players)


def game_options(edition, players: int, max_rounds: int, house_rules: str, options: str) -> dict[str, Any]:
    """The options every game is played under: the preset ``house_rules``, then ``options`` (``NAME[=VALUE]``
    joined by commas), then the round limit; checked by setting a game up (``ValueError`` says what is wrong)."""
    from ..catalogue import house_rules_preset, parse_options
    from ..engine.errors import OpenMonopolyError
    from ..engine.options import MAX_ROUNDS, clock_refused, needs_clock

    try:
        out = house_rules_preset(edition, house_rules.strip()) if house_rules.strip() else {}
        texts = [t.strip() for t in options.split(",")] if options.strip() else []
        if not all(texts):
            raise ValueError(f"options {options!r}: write NAME[=VALUE] joined by commas, with no empty entry")
        given = parse_options(edition, texts)
        if MAX_ROUNDS in given:
            raise ValueError("give the round limit as the max_rounds parameter, not in options")
        out.update(given)
        out[MAX_ROUNDS] = max_rounds
        if needs_clock(out):
            raise ValueError(clock_refused("an OpenSpiel game"))
        Game(edition, players, options=out, events=False)
    except OpenMonopolyError as exc:
        raise ValueError(str(exc)) from None
    return out


def max_draw_range(edition, players: int) -> int:
    """The most outcomes one draw of the engine can have: a die, a swap while shuffling the largest
    deck, or a pick among the players or the spaces (OpenSpiel sizes its chance tables by it)."""
    largest_deck = max((len(d.cards) for d in edition.decks), default=0)
    return max(12, largest_deck, players, len(edition.board))


_CONFIGS: dict[tuple, _Config] = {}


def _config(params: dict) -> _Config:
    p = dict(_DEFAULTS)
    p.update(params or {})
    key = tuple(sorted((k, str(v)) for k, v in p.items()))
    if key not in _CONFIGS:
        _CONFIGS[key] = _Config(p)
    return _CONFIGS[key]


class MonopolySpielGame(pyspiel.Game):
    def __init__(self, params=None):
        p = dict(_DEFAULTS)
        p.update(params or {})
        cfg = _config(p)
        self.edition, self.players, self.max_rounds, self.max_steps = (
            cfg.edition,
            cfg.players,
            cfg.max_rounds,
            cfg.max_steps,
        )
        self.actions, self.obs = cfg.actions, cfg.obs
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.n,
            max_chance_outcomes=cfg.max_chance_outcomes,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_steps,
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self):
        return MonopolySpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(_config(self.get_parameters()))


class _NeedDraw(Exception):
    """Raised by ``_Probe`` when the engine asks for one more chance outcome than is known yet."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class _Probe(Chance):
    """A chance source that plays the outcomes chosen at chance nodes so far, then stops the engine.

    The engine draws inside ``act`` (and while setting up), so the number of outcomes an action needs
    and the range of each is only known by running it: a clone runs the action with this source,
    and the first outcome not chosen yet ends the run with ``_NeedDraw(range)``, which is the next
    chance node. Each draw is uniform over its range, as the engine's own ``Chance.below`` is.
    """

    def __init__(self, outcomes: list[int]) -> None:
        super().__init__(0)
        self.known = outcomes
        self.used = 0

    def below(self, n: int) -> int:
        if self.used >= len(self.known):
            raise _NeedDraw(n)
        value = self.known[self.used]
        self.used += 1
        self.log.append(value)
        return value

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class MonopolySpielState(pyspiel.State):
    """One game position. Between a player's action and its effect there may be chance nodes: one per
    outcome the engine draws for it (each die, each shuffle swap, each random pick), uniform over its
    range. The set-up (deck shuffles, the roll for the first player) is chance nodes too, before the
    first decision. ``engine`` is the game once every outcome of the pending action is known."""

    def __init__(
        self,
        game: MonopolySpielGame,
        engine: Game | None = None,
        steps: int = 0,
        cfg: _Config | None = None,
        pending: tuple[int, int] | None = None,
        outcomes: list[int] | None = None,
        draw_range: int = 0,
    ) -> None:
        super().__init__(game)
        self._game_ref = game
        cfg = cfg or _config(game.get_parameters())
        self._spiel_game = cfg
        self.engine = engine  # None while the set-up's chance nodes are being resolved
        self.steps = steps
        self._pending = pending  # (player, action index) waiting for its chance outcomes
        self._outcomes = outcomes if outcomes is not None else []
        self._draw_range = draw_range  # > 0: this is a chance node with that many equally likely outcomes
        if engine is None and not draw_range:
            self._resolve()

    def __deepcopy__(self, memo):
        return MonopolySpielState(
            self._game_ref,
            engine=None if self.engine is None else self.engine.clone(),
            steps=self.steps,
            cfg=self._spiel_game,
            pending=self._pending,
            outcomes=list(self._outcomes),
            draw_range=self._draw_range,
        )

    # ------------------------------------------------------------------ chance
    def _new_engine(self, chance: Chance) -> Game:
        cfg = self._spiel_game
        return Game(cfg.edition, cfg.players, options=cfg.options, events=False, chance=chance)

    def _resolve(self) -> None:
        """Run the set-up or the pending action with the outcomes known: either it needs one more
        (this becomes a chance node) or it completes (the engine moves on, to a decision or the end)."""
        probe = _Probe(self._outcomes)
        try:
            if self.engine is None:
                done = self._new_engine(probe)
            else:
                player, index = self._pending  # type: ignore[misc]
                done = self.engine.clone(events=False)
                done.chance = probe
                done.act(player, self._spiel_game.actions.decode(done, player, index))
        except _NeedDraw as need:
            self._draw_range = need.n
            return
        # Every outcome is known: continue from the run that completed, with an ordinary source
        # (seeded from the outcomes: the chance nodes decide every draw; the seed is never read).
        done.chance = Chance(len(self._outcomes))
        done.chance.log = list(probe.log) if self.engine is None else self.engine.chance.log + probe.log
        self.engine = done
        self._pending = None
        self._outcomes = []
        self._draw_range = 0

    def chance_outcomes(self):
        n = self._draw_range
        p = 1.0 / n
        return [(i, p) for i in range(n)]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the player cannot tell from this one: the deck orders (and a family's private hands)
        redrawn (``View.sample_game``), seeded from ``probability_sampler`` (for OpenSpiel's ISMCTS)."""
        if self.engine is None or self._draw_range:
            return self.clone()
        seed = int(probability_sampler() * 2**62)
        engine = self.engine.view(player_id).sample_game(seed)
        return MonopolySpielState(self._game_ref, engine=engine, steps=self.steps, cfg=self._spiel_game)

    # ------------------------------------------------------------------ decisions
    def _engine(self) -> Game:
        """The game (set up: only chance nodes come before it exists)."""
        assert self.engine is not None
        return self.engine

    def _prompted(self) -> int:
        player = self._engine().decider
        assert player >= 0
        return player

    def current_player(self):
        if self._draw_range:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._prompted()

    def _legal_actions(self, player):
        return [int(i) for i in np.flatnonzero(self._spiel_game.actions.mask(self._engine(), player))]

    def _apply_action(self, action):
        if self._draw_range:
            if not 0 <= action < self._draw_range:
                raise ValueError(f"chance outcome {action} is outside 0..{self._draw_range - 1}")
            self._outcomes.append(int(action))
            self._draw_range = 0
        else:
            self._pending = (self._prompted(), int(action))
            self.steps += 1
        self._resolve()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return self._spiel_game.actions.labels[int(action)]

    def is_terminal(self):
        if self._draw_range:
            return False
        return self._engine().over or self.steps >= self._spiel_game.max_steps

    def returns(self):
        if self._draw_range or not self._engine().over:
            return [0.0] * self._spiel_game.players
        winners = set(self._engine().winners)
        return [1.0 if p in winners else 0.0 for p in range(self._spiel_game.players)]

    def __str__(self):
        if self.engine is None:
            return f"setting up; chance outcomes so far {self._outcomes}"
        s = self.engine.state
        text = (
            f"turn {s.turns} round {s.round}; cash {list(s.cash)}; positions {list(s.position)}; "
            f"prompt {self.engine.prompt}"
        )
        if self._draw_range:
            text += f"; action {self._pending} waits for chance (outcomes so far {self._outcomes})"
        return text


class _Observer:
    def __init__(self, game: _Config) -> None:
        self.game = game
        self.tensor = np.zeros(game.obs.dim, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MonopolySpielState, player: int) -> None:
        if state.engine is None:  # the set-up's chance nodes: nothing is seen yet
            self.tensor[:] = 0.0
            return
        self.tensor[:] = self.game.obs.build(state.engine.view(player).to_json())

    def string_from(self, state: MonopolySpielState, player: int) -> str:
        if state.engine is None:
            return f"p{player} setting up"
        v = state.engine.view(player).to_json()
        return (
            f"p{player} cash={[q['cash'] for q in v['players']]} pos={[q['position'] for q in v['players']]} "
            f"prompt={v['prompt']}"
        )


pyspiel.register_game(_GAME_TYPE, MonopolySpielGame)


def load(edition: str = "classic", players: int = 2, **params) -> MonopolySpielGame:
    return pyspiel.load_game(SHORT_NAME, {"edition": edition, "players": players, **params})
