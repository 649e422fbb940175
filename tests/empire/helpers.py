"""Empire facts and positions for the rule tests, on top of the shared kit (``tests/kit.py``).

Dice: ``roll(g, p, d1, d2)`` scripts the numbered die ``d1`` and the swapper die ``d2`` (``SW`` = the
swapper face). Cards: ``hand(g, p, ...)`` sets a player's Empire hand, ``stack_card(g, deck, card)`` puts
a card on top of its pile. Towers: ``tower(g, p, ...)`` builds a tower from the board's billboards.
"""

from __future__ import annotations

import kit
import openmonopoly as om
from openmonopoly.rules.empire.data import OFFICE

SW = 1  # the swapper face of the second die (reconstructed: it replaces the '1')
CHANCE, EMPIRE = 0, 1  # deck indices
# Empire card indices (decks[1]); Chance card indices (decks[0])
(
    E_SWAP_TOP,
    E_JSN,
    E_JSN2,
    E_JSN3,
    E_TAKEOVER,
    E_MOVE_ANY,
    E_TALLEST,
    E_BARGAIN,
    E_JAIL,
    E_CRASH,
    E_REVERSE,
    E_TAX,
    E_HANDS_OFF,
    E_FIRED,
) = range(14)
(
    C_SPEED,
    C_WATER,
    C_SOLAR,
    C_PROFITS,
    C_JAIL,
    C_JAIL_FRAUD,
    C_BIRTHDAY,
    C_FINE,
    C_CASINO,
    C_CASINO2,
    C_AD,
    C_AWARD,
    C_WEBSITE,
    C_GOOJF,
) = range(14)
# Board positions
GO, NERF, RIVAL_TAX, TRANSFORMERS, EMPIRE_SPACE, RAZOR, CHANCE_SPACE, POLAROID, VIRGIN, JAIL = range(10)
WILSON, PUMA, ELECTRIC, LEVIS, CANDY, CHANCE2, FOOD, BILLBOARD, FREE_PARKING = range(10, 19)
GUITAR, NICK, CHANCE3, YAHOO, CAT, EMPIRE2, FORD, EBAY, GO_TO_JAIL = range(19, 28)
SKYPE, BEATS, WATER, HEINZ, CHANCE4, UNIVERSAL, TOWER_TAX, XBOX = range(28, 36)


def new_game(players: int = 3, seed: int = 1) -> om.Game:
    """A fresh game at the start of player 0's turn, every hand empty (cards back in the pile in order)."""
    g = kit.new_game("empire", players, seed=seed)
    s = g.state
    s.decks[EMPIRE] = list(range(14))
    s.decks[CHANCE] = list(range(14))
    for h in s.hands:
        h.clear()
    return g


def tower(g: om.Game, player: int, *pieces: int) -> None:
    """Stack these pieces (board positions of billboards, or OFFICE) on ``player``'s tower, bottom first."""
    s = g.state
    t = g.edition.rules
    for piece in pieces:
        if piece == OFFICE:
            s.offices -= 1
        else:
            assert s.stock[piece] > 0, f"no billboard left on {piece}"
            s.stock[piece] -= 1
            if t.is_brand[piece]:
                s.owner[piece] = player
        s.tower[player].append(piece)
        s.height[player] += t.height[piece]


def hand(g: om.Game, player: int, *cards: int) -> None:
    """Give ``player`` exactly these Empire cards (taken from the pile)."""
    s = g.state
    s.decks[EMPIRE].extend(s.hands[player])
    s.hands[player].clear()
    for card in cards:
        s.decks[EMPIRE].remove(card)
        s.hands[player].append(card)


def check(g: om.Game) -> None:
    """The books balance: money conserved and never negative, every billboard and office accounted for."""
    s = g.state
    t = g.edition.rules
    assert sum(s.cash) - s.bank_net == s.n * 1000
    assert min(s.cash) >= 0
    for p in range(s.n):
        assert s.height[p] == sum(t.height[x] for x in s.tower[p])
    for pos in t.brands:
        inside = sum(x == pos for tw in s.tower for x in tw)
        assert inside + s.stock[pos] == 1
    assert sum(x == OFFICE for tw in s.tower for x in tw) + s.offices == 6
    assert sorted(s.decks[EMPIRE] + [c for h in s.hands for c in h]) == list(range(14))
