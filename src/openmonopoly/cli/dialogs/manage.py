"""The 'Manage properties' submenu: build, sell, sell a set's buildings, mortgage, lift a mortgage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ...engine.actions import whole_number
from ...engine.prompt import Legal

if TYPE_CHECKING:
    from ..terminal import Session


def manage_dialog(session: Session, seat: int, legal: Legal) -> str:
    """One numbered entry per build, sale and mortgage the rules allow now; Enter or 0 goes back."""
    options = session.manage_choices(seat, legal)
    console = session.console
    if not options:
        console.print("Nothing to build, sell or mortgage now.", style="yellow")
        return "stay"
    console.print(Text("Manage properties (Enter or 0 goes back):", style="bold"))
    for i, choice in enumerate(options, 1):
        console.print(Text.assemble((f"{i:>2}) ", "bold"), choice.label), no_wrap=True, overflow="ellipsis")
    while True:
        text = session.read_or_quit("Manage ▸ ")
        n = whole_number(text) if text else 0
        if n == 0:
            return "choices"
        if n is not None and 1 <= n <= len(options):
            action = options[n - 1].action
            assert action is not None
            return session.try_act(seat, action, options)
        console.print(f"Choose 1-{len(options)}, or Enter to go back.", style="yellow")
