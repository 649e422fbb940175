"""``openmonopoly serve``: the web game (FastAPI + Uvicorn)."""

from __future__ import annotations

import typer


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str | None = typer.Option(
        None,
        "--db",
        help="Database URL: sqlite:///file.db (default openmonopoly.db here) or postgresql://user:pw@host/db.",
    ),
    bot_delay: float = typer.Option(0.6, "--bot-delay", help="Seconds a bot waits before it acts (visible play)."),
    allow_seeds: bool = typer.Option(
        False,
        "--allow-seeds",
        help="Let POST /api/games take a seed: anyone can then "
        "predict that game's dice. For tests and reproducing a game only.",
    ),
    max_live_games: int = typer.Option(
        500, "--max-live-games", help="Games in play at once; past it, creating a game is refused (503)."
    ),
    bot_game_rounds: int = typer.Option(300, "--bot-game-rounds", help="Round limit of a game with no human seat."),
    max_record_actions: int = typer.Option(5000, "--max-record-actions", help="Actions in an imported record."),
    create_per_minute: float = typer.Option(
        20.0,
        "--create-rate",
        help="Games one client address may create per minute (bursts of half as many, at least 1).",
    ),
    hello_per_minute: float = typer.Option(
        120.0,
        "--hello-rate",
        help="WebSocket hellos and seat requests one client address may send per minute (bursts of a third as many).",
    ),
    conns_per_client: int = typer.Option(
        64, "--max-connections-per-client", help="Open WebSockets per client address."
    ),
    live_per_client: int = typer.Option(
        10, "--max-live-games-per-client", help="Games in play at once that one client created (429 past it)."
    ),
    games_per_day: int = typer.Option(
        100,
        "--max-games-per-client-day",
        help="Games (imports too) one client may create in 24 hours; bounds what it stores (429 past it).",
    ),
    imported_per_day: int = typer.Option(
        20000, "--max-imported-actions-per-client-day", help="Actions in the records one client imports in 24 hours."
    ),
    unjoined_unload: float = typer.Option(
        90.0, "--unjoined-unload-seconds", help="A game nobody took a seat in leaves memory after this, unwatched."
    ),
    frame_rate: float = typer.Option(
        20.0,
        "--frame-rate",
        help="WebSocket frames a connection may send per second (bursts of twice as many); past it they are dropped, "
        "and a connection that keeps on is closed.",
    ),
    ws_compression: bool = typer.Option(
        False, "--ws-compression", help="Offer permessage-deflate (less traffic, more CPU per message)."
    ),
    forwarded_allow_ips: str | None = typer.Option(
        None,
        "--forwarded-allow-ips",
        help="Behind a reverse proxy: "
        "the proxy's address(es), comma-separated, whose "
        "X-Forwarded-For/-Proto headers are trusted.",
    ),
    log_format: str = typer.Option("text", "--log-format", help="text, or json (one object per line)."),
    bot: list[str] | None = typer.Option(
        None,
        "--bot",
        help="NAME=COMMAND: a bot speaking the bot protocol (docs/BOT-PROTOCOL.md), offered as seat kind "
        "bot:NAME; the server runs COMMAND for each such seat. Repeatable.",
    ),
    latency_stats: bool = typer.Option(
        False,
        "--latency-stats",
        help="Measure each update's delay from its action being applied to its frame being written, "
        "read at GET /api/stats/latency (for load tests).",
    ),
) -> None:
    """Serve the web game: lobby, games, spectating and replays, stored in a database."""
    try:
        from ..web.app import run
        from ..web.config import ServerConfig
    except ImportError as exc:
        from ..extras import needs_extra

        typer.echo(f"Error: {needs_extra('the web game', 'web', exc)}", err=True)
        raise typer.Exit(2) from None
    try:
        config = ServerConfig(
            bot_delay=bot_delay,
            allow_seeds=allow_seeds,
            max_live_games=max_live_games,
            bot_game_rounds=bot_game_rounds,
            max_record_actions=max_record_actions,
            create_per_minute=create_per_minute,
            create_burst=max(1, int(create_per_minute // 2)),
            hello_per_minute=hello_per_minute,
            hello_burst=max(1, int(hello_per_minute // 3)),
            conns_per_client=conns_per_client,
            live_games_per_client=live_per_client,
            games_per_client_day=games_per_day,
            imported_actions_per_client_day=imported_per_day,
            unjoined_unload_seconds=unjoined_unload,
            frames_per_second=frame_rate,
            frame_burst=max(1, int(frame_rate * 2)),
            ws_compression=ws_compression,
            latency_stats=latency_stats,
            bots=tuple(_bot_option(text) for text in bot or ()),
        )
        from ..web.remote_bots import declared_bots

        declared_bots(config.bots)  # (a bad name or command fails here, before the server starts)
        if log_format not in ("text", "json"):
            raise ValueError(f"--log-format is text or json, not {log_format!r}")
    except ValueError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    run(host, port, db, config, forwarded_allow_ips, log_format)


def _bot_option(text: str) -> tuple[str, str]:
    name, sep, command = text.partition("=")
    if not sep or not command.strip():
        raise ValueError(f"--bot takes NAME=COMMAND, e.g. --bot pybot='python3 mybot.py'; got {text!r}")
    return name.strip(), command.strip()


def register(app: typer.Typer) -> None:
    app.command()(serve)
