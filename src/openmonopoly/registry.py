"""Rules families and their editions' code, found by name: nothing to declare, nothing to forget.

A rules family is a package ``openmonopoly/rules/<family>/`` whose ``game`` module defines the
family's ``Game`` subclass (class metadata: ``family``, ``editions``, ``ACTION_KINDS``, ``OPTIONS``,
``state_class``, ``view_class``) and ends with ``register(TheGame)``. An edition whose rulebook differs
in code is a module ``openmonopoly/rules/<family>/editions/<edition id>.py`` (or a package of that
name whose ``game`` module does it) holding a subclass that names the edition in ``editions`` and is
registered the same way. Both are imported by name the first time an edition of the family is loaded,
so a family's code costs nothing until used, and there is no list to forget to update.

The interfaces find a family's other faces the same way (``find_face``): the terminal's screen in
``openmonopoly.cli.screens.<name>``, the heuristic bot in ``openmonopoly.agents.families.<name>``, the
movement model in ``openmonopoly.analysis.movement.<name>``, where ``<name>`` is, walking the rules
class's MRO, an edition a class plays and then the family's id.

This module imports nothing of the project at import time, so everything may import it.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from types import ModuleType
from typing import Any

RULES_PACKAGE = "openmonopoly.rules"
FAMILY_MODULE = "game"  # the module of a family's package that registers its Game class
EDITIONS_PACKAGE = "editions"  # the package of a family's package that holds its editions' own rules

_FAMILIES: dict[str, type] = {}  # family id -> the family's Game class
_EDITIONS: dict[str, type] = {}  # edition id -> the class of an edition with rules of its own
_LOOKED_UP: set[tuple[str, str]] = set()  # (family, edition) whose edition module was looked for
_FACES: dict[tuple[str, type], ModuleType | None] = {}
# (family, edition) -> what ``game_class`` found: asked for every game made (a simulation makes thousands);
# emptied by every ``register``, the only thing that changes what it finds.
_FOUND: dict[tuple[str, str], Any] = {}


class UnknownFamily(LookupError):
    """An edition names a rules family that has no package, or whose package registers no class."""


def family_module(family: str) -> str:
    """The module that registers ``family``'s Game class."""
    return f"{RULES_PACKAGE}.{family}.{FAMILY_MODULE}"


def edition_module(family: str, edition_id: str) -> str:
    """The module that would hold edition ``edition_id``'s own rules."""
    return f"{RULES_PACKAGE}.{family}.{EDITIONS_PACKAGE}.{edition_id}"


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent that is not a package, or a name that is no module name
        return False


def register(cls: Any) -> Any:
    """Register a family's Game class, or an edition's own subclass of it; returns ``cls``.

    A class whose ``family`` is not registered yet becomes that family's class; a class that
    names ``editions`` in its own body plays those editions."""
    family = cls.family
    if not family:
        raise ValueError(f"{cls.__name__} names no rules family")
    _FOUND.clear()
    base = _FAMILIES.setdefault(family, cls)
    if base is not cls and not issubclass(cls, base):
        raise ValueError(f"{cls.__name__} and {base.__name__} both claim the {family} family")
    for edition in vars(cls).get("editions", ()):
        other = _EDITIONS.setdefault(edition, cls)
        if other is not cls:
            raise ValueError(f"{cls.__name__} and {other.__name__} both play the edition {edition!r}")
    return cls


def family_ids() -> list[str]:
    """Every rules family: each package under ``openmonopoly/rules/`` with a ``game`` module, sorted."""
    rules = importlib.import_module(RULES_PACKAGE)
    found = {
        info.name for info in pkgutil.iter_modules(rules.__path__) if info.ispkg and _exists(family_module(info.name))
    }
    return sorted(found | set(_FAMILIES))


def family_class(family: str) -> Any:
    """The Game class of ``family``, importing its ``game`` module on first use."""
    cls = _FAMILIES.get(family)
    if cls is not None:
        return cls
    module = family_module(family)
    if not family.isidentifier() or not _exists(module):
        raise UnknownFamily(f"no rules family {family!r}; known families: {', '.join(family_ids())}")
    importlib.import_module(module)
    if family not in _FAMILIES:
        raise UnknownFamily(f"{module} did not register a Game class of the {family} family")
    return _FAMILIES[family]


def game_class(edition_id: str, family: str) -> Any:
    """The class that plays edition ``edition_id`` of ``family``: its own, else its family's.

    Its own is looked for once, by name (``edition_module``); a module there that registers no class
    playing the edition, or one of another family, is an error rather than a silent classic game."""
    key = (family, edition_id)
    found = _FOUND.get(key)
    if found is not None:
        return found
    base = family_class(family)
    if key not in _LOOKED_UP:
        _LOOKED_UP.add(key)
        module = edition_module(family, edition_id)
        if edition_id not in _EDITIONS and edition_id.isidentifier() and _exists(module):
            imported = importlib.import_module(module)
            if edition_id not in _EDITIONS and hasattr(imported, "__path__"):  # a package: its game module
                importlib.import_module(f"{module}.{FAMILY_MODULE}")
            if edition_id not in _EDITIONS:
                raise UnknownFamily(f"{module} registers no class naming {edition_id!r} in its editions")
    cls = _EDITIONS.get(edition_id, base)
    if not issubclass(cls, base):
        raise UnknownFamily(f"edition {edition_id!r} is played by {cls.__name__}, which is not of the {family} family")
    _FOUND[key] = cls
    return cls


def faces(rules: type) -> list[str]:
    """The names a face of ``rules`` (a Game class) is looked up by, most specific first: along the
    MRO, the editions each class names in its own body, then the family's id at the family's class."""
    names: list[str] = []
    for cls in rules.__mro__:
        names.extend(vars(cls).get("editions", ()))
        family = vars(cls).get("family")
        if family and _FAMILIES.get(family) is cls:
            names.append(family)
    return names


def find_face(package: str, rules: type) -> ModuleType | None:
    """The module ``<package>.<name>`` for the first of ``faces(rules)`` that has one (None if none)."""
    key = (package, rules)
    if key not in _FACES:
        found = next((f"{package}.{n}" for n in faces(rules) if _exists(f"{package}.{n}")), None)
        _FACES[key] = importlib.import_module(found) if found is not None else None
    return _FACES[key]
