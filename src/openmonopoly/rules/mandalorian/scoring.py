"""The end of the game.

After Moff Gideon is defeated: every player collects from the bank the rent of
each hideout they own (double for hideouts in a full colour set), the Grogu
carrier collects 100, and the player with the most Imperial Enemy cards collects
50 (a tie goes to the tied player with the most hideouts; still tied, each of
them collects 50). Most credits wins; equal credits share the win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...engine.events import Event
from ...engine.state import BANK
from ..money import transfer
from . import events as ME
from .hideouts import owns_set
from .state import MandoState

if TYPE_CHECKING:
    from .game import MandalorianGame

GIDEON_DEFEATED: Final = "gideon-defeated"


def _collect(game: MandalorianGame, player: int, amount: int, why: str) -> None:
    if amount > 0:
        transfer(game, BANK, player, amount)
        if game.log_events:
            game.emit(Event(ME.SCORE, player, amount=amount, info=why))


def end_after_gideon(game: MandalorianGame) -> None:
    s: MandoState = game.state
    t = game.rules
    mult = t.end_set_rent_multiplier
    counts = [0] * s.n
    for p in range(s.n):
        total = 0
        for pos in t.hideouts:
            if s.owner[pos] == p:
                counts[p] += 1
                total += t.rent[pos] * mult if owns_set(game, p, pos) else t.rent[pos]
        _collect(game, p, total, "rent")
    if s.grogu_carrier >= 0:
        _collect(game, s.grogu_carrier, t.grogu_end_bonus, "grogu")
    cards = [len(w) for w in s.won]
    best = max(cards)
    if best > 0:
        tied = [p for p in range(s.n) if cards[p] == best]
        most = max(counts[p] for p in tied)
        for p in tied:
            if counts[p] == most:
                _collect(game, p, t.most_enemy_cards_bonus, "most-cards")
    top = max(s.cash)
    game.finish([p for p in range(s.n) if s.cash[p] == top], GIDEON_DEFEATED)
