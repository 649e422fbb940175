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
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name.replace('_', '-')} must be at least 1, not {getattr(self, name)}")
        if self.create_per_minute <= 0 or self.hello_per_minute <= 0 or self.bot_delay < 0:
            raise ValueError("rates must be positive and the bot delay not negative")
