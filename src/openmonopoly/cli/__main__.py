"""``python -m openmonopoly.cli``: the same as the ``openmonopoly`` command."""

from .main import app

app(prog_name="openmonopoly")
