"""What an operator can tune in ``openmonopoly serve``: the server's limits, in one value.

Every limit protects the server from a careless or hostile client; each has a flag of
``openmonopoly serve`` and a default meant for a small public server on two cores.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerConfig:
    bot_delay: float = 0.6  # seconds a bot waits before it acts (visible play)
    allow_seeds: bool = False  # take "seed" in POST /api/games (tests, reproducing a game only)
    max_live_games: int = 500  # games loaded and not over; creating one more is refused (503)
    bot_game_rounds: int = 300  # a game with no human seat ends after at most this many rounds
    max_record_actions: int = 5000  # actions in an imported record
    max_body_bytes: int = 1 << 20  # an HTTP request body (a record of 5000 actions is ~150 KB)
    create_per_minute: float = 20.0  # games one client may create, on average ...
    create_burst: int = 10  # ... and at once
    hello_per_minute: float = 120.0  # WebSocket hellos from one client, on average ...
    hello_burst: int = 40  # ... and at once
    conns_per_seat: int = 4  # live connections holding one seat (tabs, a reconnect in flight)
    conns_per_client: int = 64  # live WebSocket connections from one client address
    idle_unload_seconds: float = 600.0  # a game nobody watches and no bot plays leaves memory after this
    ws_compression: bool = False  # permessage-deflate: costs CPU per message for ~2 KB messages
    min_turn_timer: int = 10  # the shortest turn timer a host may set, in seconds
    latency_stats: bool = False  # GET /api/stats/latency: action applied -> its update written (benchmarks)
    # Quotas per client (an IPv4 address or an IPv6 /64; see web/quotas.py): past one, 429 and Retry-After.
    live_games_per_client: int = 10  # games in play at once that one client created
    games_per_client_day: int = 100  # games one client created in 24 h (imports too): bounds its storage
    imported_actions_per_client_day: int = 20000  # actions in the records one client imported in 24 h
    unjoined_unload_seconds: float = 90.0  # a game nobody took a seat in leaves memory after this, unwatched
    # Each WebSocket's frame budget (a token bucket): past it a frame is dropped with an error, and a
    # connection that keeps sending past it is closed (1008).
    frames_per_second: float = 20.0
    frame_burst: int = 40
    frames_over_budget: int = 100  # frames dropped in a row before the connection is closed
    bots: tuple[tuple[str, str], ...] = ()  # bots the operator declared: (NAME, COMMAND), seat kind bot:NAME

    def __post_init__(self) -> None:
        for name in (
            "max_live_games",
            "bot_game_rounds",
            "max_record_actions",
            "max_body_bytes",
            "create_burst",
            "hello_burst",
            "conns_per_seat",
            "conns_per_client",
            "live_games_per_client",
            "games_per_client_day",
            "imported_actions_per_client_day",
            "frame_burst",
            "frames_over_budget",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name.replace('_', '-')} must be at least 1, not {getattr(self, name)}")
        if (
            self.create_per_minute <= 0
            or self.hello_per_minute <= 0
            or self.frames_per_second <= 0
            or self.unjoined_unload_seconds <= 0
            or self.bot_delay < 0
        ):
            raise ValueError("rates must be positive and the bot delay not negative")
