"""The classic family's token: two dice, three doubles to jail; cards advance to the nearest or move."""

from . import Movement

MOVEMENT = Movement("doubles", card_moves=frozenset({"advance_nearest", "move"}))
