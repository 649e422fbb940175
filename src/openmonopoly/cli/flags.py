"""Command-line flags that several commands take, declared once so that they read the same everywhere."""

from __future__ import annotations

import typer

# --house-rules PRESET: on every command that takes --option (play, simulate, analyze landing/rents).
HOUSE_RULES_OPTION = typer.Option(
    None,
    "--house-rules",
    help="A named set of house rules: popular (Free Parking pot, double salary on GO, no auctions) or one "
    "the edition declares (see `openmonopoly editions`); --option can add to or change it.",
)
