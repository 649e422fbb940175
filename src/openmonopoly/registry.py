"""Rules families by id: the one place that knows which class plays which edition.

A rules family is one ``Game`` subclass with class metadata (``family``, ``editions``,
``ACTION_KINDS``, ``RULES``, ``words_class``, ``view_class``); editions whose rulebook
differs in code have a subclass of their own that names them in ``editions``. A family module
ends with ``register(TheGame)``. ``openmonopoly.rules`` declares which modules make up each family
(the family's own, then those of its editions with rules of their own), so a family's code is
imported only when an edition of it is first loaded.

This module imports nothing of the project, so everything may import it.
"""

from __future__ import annotations

import importlib
from typing import Any

_MODULES: dict[str, tuple[str, ...]] = {}  # family id -> the modules that register it and its editions
_LOADED: dict[str, tuple[str, ...]] = {}  # the same, once imported
_FAMILIES: dict[str, type] = {}  # family id -> the family's Game class
_EDITIONS: dict[str, type] = {}  # edition id -> the class of an edition with rules of its own


class UnknownFamily(LookupError):
    """An edition names a rules family that no module declares."""


def declare(family: str, *modules: str) -> None:
    """Importing ``modules`` (in order) registers the rules family ``family`` and its editions."""
    _MODULES[family] = modules


def register(cls: Any) -> Any:
    """Register a family's Game class, or an edition's own subclass of it; returns ``cls``.

    A class whose ``family`` is not registered yet becomes that family's class; a class that
    names ``editions`` in its own body plays those editions."""
    family = cls.family
    if not family:
        raise ValueError(f"{cls.__name__} names no rules family")
    base = _FAMILIES.setdefault(family, cls)
    if base is not cls and not issubclass(cls, base):
        raise ValueError(f"{cls.__name__} and {base.__name__} both claim the {family} family")
    for edition in vars(cls).get("editions", ()):
        _EDITIONS[edition] = cls
    return cls


def family_ids() -> list[str]:
    """Every declared family, sorted."""
    return sorted(set(_MODULES) | set(_LOADED) | set(_FAMILIES))


def family_class(family: str) -> Any:
    """The Game class of ``family``, importing its modules on first use."""
    modules = _MODULES.pop(family, None)  # (popped: imported once, even if one of them fails)
    if modules is not None:
        _LOADED[family] = modules
        for module in modules:
            importlib.import_module(module)
    if family not in _FAMILIES:
        if family in _LOADED:
            raise UnknownFamily(f"{', '.join(_LOADED[family])} did not register the {family} family")
        raise UnknownFamily(f"no rules family {family!r}; known families: {', '.join(family_ids())}")
    return _FAMILIES[family]


def game_class(edition_id: str, family: str) -> Any:
    """The class that plays edition ``edition_id`` of ``family``: its own, else its family's."""
    base = family_class(family)
    return _EDITIONS.get(edition_id, base)
