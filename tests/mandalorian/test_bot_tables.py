"""The Mandalorian bot keeps the hideouts it would offer cash for until their owners change
(``MandalorianAgent._wanted``): over whole games, the kept list must be the fresh one at every turn,
less only hideouts both of whose offers it has made already."""

from __future__ import annotations

import pytest

from openmonopoly import Game
from openmonopoly.agents.families.mandalorian import RESERVE, MandalorianAgent, wanted_hideouts


def offers_left(bot: MandalorianAgent, game: Game, me: int, pos: int) -> bool:
    """Whether ``bot`` has an offer for ``pos`` it has not made (the keys as ``_propose`` numbers them)."""
    s = game.state
    price = game.edition.board[pos].price
    seller = s.owner[pos]
    return any(((me * 64 + seller) * 256 + pos) * 1_000_000 + price * m // 2 not in bot.proposed for m in (3, 4))


class Checked:
    """The bot (compiled, so wrapped rather than subclassed), checking its kept list against a fresh one
    after each of its answers."""

    checks = 0

    def __init__(self) -> None:
        self.bot = MandalorianAgent()

    def act(self, view, prompt):  # type: ignore[no-untyped-def]
        bot = self.bot
        action = bot.act(view, prompt)
        game, me = view._game, view.player
        s = game.state
        # (whenever the kept list says it is current: kept for this seat, owner list and change count)
        if bot._wanted_by == me and bot._owner is s.owner and bot._owner_changes == s.owner_changes:
            fresh = wanted_hideouts(game.edition.group_members, s.owner, me)
            kept = bot._wanted
            # the kept list is the fresh one less some hideouts (in order), and keeps each one with an offer left
            it = iter(fresh)
            assert all(pos in it for pos in kept)
            assert [pos for pos in kept if offers_left(bot, game, me, pos)] == [
                pos for pos in fresh if offers_left(bot, game, me, pos)
            ]
            Checked.checks += 1
        return action


@pytest.mark.parametrize("seed", range(6))
def test_kept_wanted_hideouts_match_fresh_ones(seed: int) -> None:
    Checked.checks = 0
    game = Game("mandalorian", 4, seed=seed, events=False)
    game.play_out([Checked() for _ in range(4)])
    assert Checked.checks > 10


def test_offers_for_wanted_hideouts_are_made_once_each() -> None:
    """Each (seller, hideout, price) offer goes out at most once from a seat, however long the game."""
    made: list[tuple[int, int, int, int]] = []

    class Recording:
        def __init__(self) -> None:
            self.bot = MandalorianAgent()

        def act(self, view, prompt):  # type: ignore[no-untyped-def]
            action = self.bot.act(view, prompt)
            if action.offer is not None:
                o = action.offer
                made.append((o.proposer, o.target, o.take[0], o.cash))
                assert o.cash <= view.cash[o.proposer] - RESERVE
            return action

    for seed in range(4):
        made.clear()
        game = Game("mandalorian", 4, seed=seed, events=False)
        game.play_out([Recording() for _ in range(4)])
        assert len(made) == len(set(made))
