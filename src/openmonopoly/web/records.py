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
    and each move's outcomes. The generator ends where the recorded game left it (one draw per outcome).
    A record ``redrawn_after`` an imported part has the redraw (``redraw_unseen``) played at that place."""
    chance.playback(list(record["chance"]))
    edition = load_edition(record["edition"])
    game = rules_class(edition)(
        edition, list(record["players"]), int(record["seed"]), record.get("options"), chance=chance
    )
    redrawn_after = record.get("redrawn_after")
    setup = list(chance.log)
    moves = []
    for seq, (player, data) in enumerate(record["actions"]):
        if seq == redrawn_after:
            redraw_unseen(game)
        before = len(chance.log)
        action = game.parse_json(data)
        game.act(int(player), action)
        moves.append((int(player), action.to_json(), chance.log[before:]))
    if redrawn_after is not None and redrawn_after == len(record["actions"]):
        redraw_unseen(game)
    chance.end_playback()
    return game, setup, moves


def redraw_unseen(game: Game) -> list[int]:
    """Draw anew, from the game's own chance source, everything not every player has seen: the order of
    every deck and every private hand (Empire's), keeping each hand's size (``Game.resample_hidden`` as
    a spectator sees the game). What the game showed stays as it was; what comes next was dealt by nobody
    who could know it. The outcomes drawn (also in ``game.chance.log``)."""
    before = len(game.chance.log)
    source: Any = game.chance  # (a Chance shuffles like a random.Random, and logs each draw)
    game.resample_hidden(None, source)
    return game.chance.log[before:]


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
        redrawn_after = record.get("redrawn_after")
        for seq, (player, data) in enumerate(record["actions"]):
            if seq == redrawn_after:
                redraw_unseen(game)  # (nothing public changes: the frames need no step for it)
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
