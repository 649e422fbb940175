"""Leaving the table: whether (and where) to save first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

if TYPE_CHECKING:
    from ..terminal import Session

DEFAULT_SAVE = "openmonopoly-save.json"


class QuitGame(Exception):
    """The player asked to leave (or the input ended); ``save``: the file to save the game to first."""

    def __init__(self, reason: str, save: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.save = save


def quit_dialog(session: Session) -> str:
    """Ask about saving, then leave (``QuitGame``, which carries the file to save to, if any)."""
    try:
        if session.save_path:
            if session.ask_yes(f"Save the game to {session.save_path} before leaving?", True):
                raise QuitGame("Goodbye.", session.save_path)
            raise QuitGame("Goodbye (not saved).")
        if session.ask_yes("Save the game before leaving?", False):
            path = session.read(escape(f"File name [{DEFAULT_SAVE}]: ")) or DEFAULT_SAVE
            raise QuitGame("Goodbye.", path)
    except EOFError:
        raise QuitGame("Goodbye.", session.save_path) from None
    raise QuitGame("Goodbye (not saved).")
