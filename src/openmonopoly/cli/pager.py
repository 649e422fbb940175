"""Long lists (the board, the log, help, the deeds) shown a screenful at a time.

A list taller than the window would scroll its start, and the screen's status, off the top: in a window
it is shown one page at a time instead, each page ending with a line that says where in the list you
are and how to go on (Enter: the next page; q or any other answer: back to the game), and the game's
screen is drawn again afterwards. A list that fits below the question is printed as it is; so is every
list when the input is not a terminal (a transcript keeps everything).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.segment import Segment, Segments

if TYPE_CHECKING:
    from .terminal import Session


def show(session: Session, renderable: RenderableType, what: str, below: int = 0) -> str:
    """Show ``renderable`` (called ``what`` in the paging line) with ``below`` lines (the question and
    its choices) still to come under it. Returns the session's outcome: "choices" when it was printed
    whole (the choices follow it), "redraw" when it was paged (the screen is drawn again)."""
    console = session.console
    lines = console.render_lines(renderable, console.options, pad=False)
    window = session.interactive or session.fit
    if not window or len(lines) + below + 1 <= console.height:
        for line in lines:
            console.print(Segments([*line, Segment.line()]), end="")
        return "choices"
    page = max(1, console.height - 2)  # (-2: the paging line and the line typed on it)
    total = len(lines)
    start = 0
    while start < total:
        if session.interactive:
            console.clear()
        stop = min(total, start + page)
        for line in lines[start:stop]:
            console.print(Segments([*line, Segment.line()]), end="")
        more = stop < total
        where = f"{what}: lines {start + 1}-{stop} of {total}"
        hint = "Enter: next page, q: back to the game" if more else "the end; Enter: back to the game"
        answer = session.read_or_quit(f"[reverse] {where} · {hint} [/] ")
        if not more or answer.strip():
            break
        start = stop
    return "redraw"
