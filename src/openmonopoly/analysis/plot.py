"""A board heatmap of landing probabilities (matplotlib, written to a PNG file)."""
from __future__ import annotations

from pathlib import Path

from .landing import LandingResult


def board_cells(size: int) -> list[tuple[int, int]]:
    """(column, row) of each space on a square board of ``size`` spaces, GO at the bottom right, clockwise."""
    side = size // 4
    n = side + 1                     # cells per edge, corners shared
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


def plot_landing(result: LandingResult, path: str | Path, title: str | None = None,
                 scale_label: str = "probability per roll") -> Path:
    """Draw the board with each space coloured by its probability (``title`` replaces the default one)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import cm
    from matplotlib.colors import Normalize
    from matplotlib.patches import Rectangle

    ed = result.edition
    size = result.size
    if size % 4:
        raise ValueError(f"{ed.name}: a board of {size} spaces is not a square")
    n = size // 4 + 1
    probs = result.probs
    norm = Normalize(vmin=0.0, vmax=float(max(probs[:size].max(), 1e-9)))
    cmap = cm.get_cmap("YlOrRd") if hasattr(cm, "get_cmap") else matplotlib.colormaps["YlOrRd"]
    fig, ax = plt.subplots(figsize=(10, 10))
    for pos, (x, y) in enumerate(board_cells(size)):
        p = float(probs[pos])
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=cmap(norm(p)), edgecolor="black", linewidth=0.6))
        name = ed.board[pos].name
        label = (name[:11] + "…") if len(name) > 12 else name
        ax.text(x + 0.5, y + 0.62, label, ha="center", va="center", fontsize=5.5, wrap=True)
        ax.text(x + 0.5, y + 0.3, f"{100 * p:.2f}%", ha="center", va="center", fontsize=7, weight="bold")
    # In Jail drawn as its own box in the middle, beside the board's heat scale
    c = n / 2
    jail_p = result.in_jail
    ax.add_patch(Rectangle((c - 1, c - 0.5), 2, 1, facecolor=cmap(min(1.0, norm(jail_p))), edgecolor="black"))
    ax.text(c, c + 0.15, "In Jail", ha="center", va="center", fontsize=9)
    ax.text(c, c - 0.2, f"{100 * jail_p:.2f}%", ha="center", va="center", fontsize=10, weight="bold")
    if title is None:
        title = f"{ed.name}: probability a roll ends on each space ({result.method}, jail {result.jail})"
        if result.rolls:
            title += f", {result.rolls:,} rolls"
    ax.set_title(title, fontsize=10)
    ax.set_xlim(0, n)
    ax.set_ylim(0, n)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.colorbar(cm.ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.6, label=scale_label)
    out = Path(path)
    fig.savefig(out, dpi=130, bbox_inches="tight")
    plt.close(fig)
    return out
