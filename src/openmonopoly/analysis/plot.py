"""A board heatmap of landing probabilities (matplotlib, written to a PNG file)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from .landing import LandingResult


def board_cells(size: int) -> list[tuple[int, int]]:
    """(column, row) of each space on a square board of ``size`` spaces, GO at the bottom right, clockwise."""
    side = size // 4
    n = side + 1  # cells per edge, corners shared
    cells = []
    for i in range(size):
        edge, k = divmod(i, side)
        if edge == 0:
            cells.append((n - 1 - k, 0))
        elif edge == 1:
            cells.append((0, k))
        elif edge == 2:
            cells.append((k, n - 1))
        else:
            cells.append((n - 1, n - 1 - k))
    return cells


def colour_scale(probs, size: int) -> tuple[float, float]:
    """The heat scale's ends: the least and the most likely of the spaces a move can end on. A space
    no move ends on (Go To Jail) is left out and drawn grey, so the colours show the differences
    between the others (1.8-3 % on the classic board) instead of their distance from zero."""
    landed = [float(p) for p in probs[:size] if p > 0]
    if not landed:
        return 0.0, 1e-9
    low, high = min(landed), max(landed)
    return low, max(high, low + 1e-9)


def cell_label(name: str, width: int = 12) -> str:
    """A space's name in a board cell, wrapped between words: a word longer than the cell stays whole
    rather than being broken mid-word (``textwrap``'s default breaks it)."""
    return "\n".join(textwrap.wrap(name, width, break_long_words=False, break_on_hyphens=False))


def plot_landing(
    result: LandingResult, path: str | Path, title: str | None = None, scale_label: str = "probability per roll"
) -> Path:
    """Draw the board with each space coloured by its probability (``title`` replaces the default one)
    into the PNG file ``path``."""
    import matplotlib.pyplot as plt

    fig = landing_figure(result, title, scale_label)
    out = Path(path)
    fig.savefig(out, dpi=130, bbox_inches="tight")
    plt.close(fig)
    return out


def landing_figure(result: LandingResult, title: str | None = None, scale_label: str = "probability per roll") -> Any:
    """The heatmap as a matplotlib figure (``plot_landing`` writes it to a file)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import cm
    from matplotlib.colors import Normalize
    from matplotlib.patches import Rectangle
    from matplotlib.ticker import PercentFormatter

    ed = result.edition
    size = result.size
    if size % 4:
        raise ValueError(f"{ed.name}: a board of {size} spaces is not a square")
    n = size // 4 + 1
    probs = result.probs
    low, high = colour_scale(probs, size)
    norm = Normalize(vmin=low, vmax=high)
    cmap = cm.get_cmap("YlOrRd") if hasattr(cm, "get_cmap") else matplotlib.colormaps["YlOrRd"]
    fig, ax = plt.subplots(figsize=(10, 10))
    for pos, (x, y) in enumerate(board_cells(size)):
        p = float(probs[pos])
        colour = cmap(norm(p)) if p > 0 else "lightgrey"
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=colour, edgecolor="black", linewidth=0.6))
        # the full name, wrapped to the cell between words
        label = cell_label(ed.board[pos].name)
        ax.text(x + 0.5, y + 0.66, label, ha="center", va="center", fontsize=4.8, linespacing=0.95)
        ax.text(x + 0.5, y + 0.3, f"{100 * p:.2f}%", ha="center", va="center", fontsize=7, weight="bold")
    # In Jail drawn as its own box in the middle, beside the board's heat scale
    c = n / 2
    jail_p = result.in_jail
    # (In Jail is far above every space when jail is long: coloured on the scale it would be its top
    # colour, saying nothing; beyond the scale it is drawn white and hatched, and says so)
    beyond = jail_p > high
    ax.add_patch(
        Rectangle(
            (c - 1, c - 0.5),
            2,
            1,
            facecolor="white" if beyond else cmap(norm(jail_p)),
            hatch="//" if beyond else None,
            edgecolor="black",
        )
    )
    ax.text(c, c + 0.2, "In Jail", ha="center", va="center", fontsize=9, backgroundcolor="white")
    ax.text(c, c - 0.1, f"{100 * jail_p:.2f}%", ha="center", va="center", fontsize=10, weight="bold")
    if beyond:
        ax.text(c, c - 0.35, "(above the colour scale)", ha="center", va="center", fontsize=6, backgroundcolor="white")
    if title is None:
        title = f"{ed.name}: probability a roll ends on each space ({result.method}, jail {result.jail})"
        if result.rolls:
            title += f", {result.rolls:,} rolls"
    ax.set_title(title, fontsize=10)
    ax.set_xlim(0, n)
    ax.set_ylim(0, n)
    ax.set_aspect("equal")
    ax.axis("off")
    # (the cells say percent: so does the bar)
    fig.colorbar(
        cm.ScalarMappable(norm=norm, cmap=cmap),
        ax=ax,
        shrink=0.6,
        format=PercentFormatter(xmax=1.0, decimals=1),
        label=f"{scale_label}, % (grey: no move ends there)",
    )
    return fig
