"""Which optional part of the package needs which extra, and the one-line error a command gives when
its extra is not installed: ``pip install openmonopoly`` is the engine, its bots and the command line;
the rest comes with extras (pyproject.toml, ``[project.optional-dependencies]``)."""

from __future__ import annotations

# extra -> what it adds (the README's table says the same, and a test keeps the two in step)
EXTRAS = {
    "web": "openmonopoly serve: the web game",
    "sim": "simulate --report DIR and --out FILE.parquet",
    "ray": "simulate --backend ray",
    "analysis": "openmonopoly analyze --plot",
    "rl": "openmonopoly.rl: the PettingZoo and Gymnasium environments",
    "openspiel": "openmonopoly.rl.openspiel",
    "docs": "make docs: the documentation site",
}


def needs_extra(what: str, extra: str, exc: BaseException | None = None) -> str:
    """``<what> needs the [extra] extra: pip install 'openmonopoly[extra]' (<the import that failed>)``."""
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; the extras are {', '.join(EXTRAS)}")
    missing = f" ({exc})" if exc is not None else ""
    return f"{what} needs the [{extra}] extra: pip install 'openmonopoly[{extra}]'{missing}"
