"""Monopoly Empire's token: two dice, one of them the sneaky swapper."""

from . import Movement

MOVEMENT = Movement("doubles", swapper=True)
