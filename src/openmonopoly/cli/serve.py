"""``openmonopoly serve``: the web game (FastAPI + Uvicorn)."""
from __future__ import annotations

from typing import Optional

import typer


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: Optional[str] = typer.Option(None, "--db", help="Database URL: sqlite:///file.db (default "
                                                           "openmonopoly.db here) or postgresql://user:pw@host/db."),
    bot_delay: float = typer.Option(0.6, "--bot-delay", help="Seconds a bot waits before it acts (visible play)."),
) -> None:
    """Serve the web game: lobby, games, spectating and replays, stored in a database."""
    try:
        from ..web.app import run
    except ImportError as exc:
        typer.echo(f"Error: the web game needs its dependencies installed ({exc})", err=True)
        raise typer.Exit(2)
    run(host, port, db, bot_delay)


def register(app: typer.Typer) -> None:
    app.command()(serve)
