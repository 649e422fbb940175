"""openmonopoly: one engine that plays Monopoly editions exactly by their rulebooks."""

# _native comes first: it chooses the compiled core or the pure-Python sources. rules declares the rules
# families to the registry (and imports none of them).
from . import _native, rules  # noqa: F401

__all__ = [
    "Action",
    "BadActionText",
    "BadOption",
    "EditionError",
    "Event",
    "Game",
    "IllegalAction",
    "Legal",
    "OpenMonopolyError",
    "Prompt",
    "ReplayMismatch",
    "TradeOffer",
    "View",
    "edition_ids",
    "load_edition",
]
__version__ = "0.1.0"

# The public names, imported when first used: a command that needs no engine (`openmonopoly --help`)
# does not pay for importing it.
_PUBLIC = {
    "edition_ids": ("editions", "edition_ids"),
    "load_edition": ("editions", "load"),
    "Action": ("engine.actions", "Action"),
    "TradeOffer": ("engine.actions", "TradeOffer"),
    "BadActionText": ("engine.errors", "BadActionText"),
    "EditionError": ("engine.errors", "EditionError"),
    "IllegalAction": ("engine.errors", "IllegalAction"),
    "OpenMonopolyError": ("engine.errors", "OpenMonopolyError"),
    "ReplayMismatch": ("engine.errors", "ReplayMismatch"),
    "Event": ("engine.events", "Event"),
    "Game": ("engine.game", "Game"),
    "Legal": ("engine.game", "Legal"),
    "Prompt": ("engine.game", "Prompt"),
    "View": ("engine.game", "View"),
    "BadOption": ("engine.options", "BadOption"),
}


def __getattr__(name: str):
    if name not in _PUBLIC:
        raise AttributeError(f"module 'openmonopoly' has no attribute {name!r}")
    from importlib import import_module

    module, attr = _PUBLIC[name]
    value = getattr(import_module(f".{module}", __name__), attr)
    _native.document_loaded()  # (the compiled core's docstrings, for help(): see _native)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
