"""The ``openmonopoly`` command line: ``editions``, ``play``, ``simulate``, ``replay`` (Typer + Rich)."""
