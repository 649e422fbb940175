"""Games as records: replaying a stored or imported record into a game (the generator where the game left
it), and the public replay of a finished game, step by step."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..editions import load as load_edition
from ..engine.chance import Chance, KeyedChance
from ..engine.game import Game, rules_class
from .db import StoredGame
from .live import LiveGame

REPLAYS_KEPT = 8  # finished games' replays kept built in memory


def replay_record(record: dict, chance: Chance) -> tuple[Game, list[int], list[tuple[int, Any, list[int]]]]:
    """Play a record with ``chance`` feeding its outcomes back: the game, the outcomes used in setting up
    and each move's outcomes. The generator ends where the recorded game left it (one draw per outcome)."""
    chance.playback(list(record["chance"]))
    edition = load_edition(record["edition"])
    game = rules_class(edition)(
        edition, list(record["players"]), int(record["seed"]), record.get("options"), chance=chance
    )
    setup = list(chance.log)
    moves = []
    for player, data in record["actions"]:
        before = len(chance.log)
        action = game.parse_json(data)
        game.act(int(player), action)
        moves.append((int(player), action.to_json(), chance.log[before:]))
    chance.end_playback()
    return game, setup, moves


def chance_for(stored: StoredGame) -> Chance:
    if stored.chance_key is not None:
        return KeyedChance(bytes.fromhex(stored.chance_key))
    return Chance(stored.seed)


class Replays:
    """The public view after every step of finished games, the last few kept built."""

    def __init__(self, kept: int = REPLAYS_KEPT) -> None:
        self.kept = kept
        self.built: OrderedDict[str, list] = OrderedDict()

    def frames(self, stored: StoredGame) -> list[dict]:
        """The public view after every step of a stored game, and that step's public events in words."""
        if stored.id in self.built:
            self.built.move_to_end(stored.id)
            return self.built[stored.id]
        record = stored.record()
        chance = Chance(int(record["seed"]))
        chance.playback(record["chance"])
        game = Game(record["edition"], record["players"], record["seed"], record["options"], chance=chance)
        holder = LiveGame.__new__(LiveGame)
        holder.game = game
        frames: list[dict[str, Any]] = [
            {
                "view": game.view(None).to_json(),
                "actor": None,
                "events": [holder.event_json(e) for e in game.history if e.visible_to(None)],
            }
        ]
        for player, data in record["actions"]:
            events = game.act(int(player), game.parse_json(data))
            frames.append(
                {
                    "view": game.view(None).to_json(),
                    "actor": int(player),
                    "events": [holder.event_json(e) for e in events if e.visible_to(None)],
                }
            )
        self.built[stored.id] = frames
        while len(self.built) > self.kept:
            self.built.popitem(last=False)
        return frames
