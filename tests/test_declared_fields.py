"""Steps, states and views declare the fields they carry, so the type checker (and mypyc) sees them.

A step or state names its fields in ``FIELDS``; every one of them must also be annotated on the class
(or a base), or mypy reports each read as an unknown attribute. A view class that declares a field
must show it: the field is public in the state of its family. And a view class may not give a hidden
field a property.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import pytest

import openmonopoly as om
from openmonopoly import registry
from openmonopoly.engine.flow import step_types
from openmonopoly.engine.state import State
from openmonopoly.engine.view import View, _view_class, is_public


def annotated(cls: type) -> set[str]:
    """The names annotated on ``cls`` and its bases, read from the source: a class compiled by mypyc
    keeps no ``__annotations__``, and the compiled and interpreted engines must pass alike."""
    names: set[str] = set()
    for c in cls.__mro__:
        names |= _source_annotations(c.__module__, c.__qualname__)
    return names


@functools.cache
def _source_annotations(module: str, qualname: str) -> set[str]:
    origin = getattr(sys.modules.get(module), "__file__", None)
    if not origin:
        return set()
    source = Path(origin).with_name(Path(origin).name.split(".")[0] + ".py")
    if not source.exists():
        return set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == qualname.rsplit(".", 1)[-1]:
            return {
                stmt.target.id
                for stmt in node.body
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
            }
    return set()


def every_family() -> list[type[om.Game]]:
    for edition in om.edition_ids():  # imports each family, registering its classes
        om.load_edition(edition)
    return [registry.game_class(e, om.load_edition(e).family) for e in om.edition_ids()]


def test_every_step_annotates_its_fields() -> None:
    every_family()
    missing = {name: [f for f in cls.FIELDS if f not in annotated(cls)] for name, cls in step_types().items()}
    assert {name: fields for name, fields in missing.items() if fields} == {}


@pytest.mark.parametrize("game_class", every_family(), ids=lambda c: c.__name__)
def test_a_view_declares_only_public_fields_of_its_state(game_class: type[om.Game]) -> None:
    view_class, state_class = game_class.view_class, game_class.state_class
    declared = annotated(view_class) - annotated(View)
    assert [name for name in declared if not is_public(name, state_class)] == []
    assert all(
        hasattr(View, name) and is_public(name, state_class)
        for name in ("n", "position", "alive", "owner", "in_jail", "held")
    )


def test_a_view_class_may_not_show_a_hidden_field() -> None:
    class Secretive(State):
        FIELDS = State.FIELDS + ("cards",)
        HIDDEN = frozenset({"owner"})

    with pytest.raises(TypeError, match="hides"):
        _view_class(View, Secretive)
