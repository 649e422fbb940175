"""Every rule that changes an owner or a building level counts it (``State.owner_changes``/``level_changes``):
the heuristic bot keeps its full sets, trade plans and threat reserve until a count moves, so a change
not counted would leave it playing on stale tables."""

from __future__ import annotations

import pytest

from openmonopoly import Game
from openmonopoly.agents import make_agent


class Watcher:
    """A heuristic bot that, at each of its decisions, checks the counts moved wherever the lists did."""

    def __init__(self, seen: dict) -> None:
        self.bot = make_agent("heuristic")
        self.seen = seen

    def act(self, view, prompt):
        s = view._game.state
        for field, count in (("owner", "owner_changes"), ("level", "level_changes")):
            values = getattr(s, field, None)
            if values is None:
                continue
            last = self.seen.get(field)
            now = getattr(s, count)
            if last is not None and last[0] != values:
                assert now != last[1], f"{field} changed from {last[0]} to {values} without its count moving"
            if last is not None and now != last[1]:
                self.seen["moved"] = self.seen.get("moved", 0) + 1
            self.seen[field] = (list(values), now)
        return self.bot.act(view, prompt)


@pytest.mark.parametrize("edition", ["classic", "clonewars", "mandalorian", "empire"])
def test_counts_move_with_owners_and_levels(edition: str) -> None:
    moved = 0
    for seed in range(3):
        seen: dict = {}
        seats = 3 if edition == "empire" else 4
        game = Game(edition, seats, seed=seed, events=False)
        game.play_out([Watcher(seen) for _ in range(seats)])
        moved += seen.get("moved", 0)
    assert moved > 0  # (the games did change owners: the check above was exercised)


def test_a_copy_starts_its_own_counts() -> None:
    game = Game("classic", 4, seed=1)
    game.play_out([make_agent("heuristic") for _ in range(4)])
    assert game.state.owner_changes > 0
    copy = game.clone()
    assert copy.state.owner_changes == 0 and copy.state.owner is not game.state.owner
