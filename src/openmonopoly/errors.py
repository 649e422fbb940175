"""The base of every error openmonopoly raises on purpose (below every subpackage, like the registry)."""

from __future__ import annotations


class OpenMonopolyError(Exception):
    """Base class of every error the engine, the edition loader and the interfaces raise on purpose."""
