"""The classic family's screen: the terminal's own (``render.ClassicScreen``), which the others extend."""

from __future__ import annotations

from ..render import ClassicScreen

SCREEN = ClassicScreen
