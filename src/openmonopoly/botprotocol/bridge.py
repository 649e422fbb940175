"""Seat a stdin/stdout bot at a web game from anywhere: relay its lines to the game's bot WebSocket.

    python -m openmonopoly.botprotocol.bridge ws://HOST:PORT/ws/GAME/bot TOKEN COMMAND...

The host of the game gets TOKEN for a ``remote`` seat (``POST /api/games/GAME/bot-token``). The bridge
starts COMMAND, opens the WebSocket with ``Authorization: Bearer TOKEN`` and passes every message both
ways unchanged (one line <-> one text frame), like lichess-bot does for chess engines. It ends when the
game is over (the server closes the socket) or the bot exits.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

from .process import BotCommand, BotProcess, Gone


def bridge(url: str, token: str, command: BotCommand, *, log: Any = None) -> int:
    """Relay until one side closes; the exit status (0: the server ended it)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    proc = BotProcess(command)
    done = threading.Event()
    with connect(url, additional_headers={"Authorization": f"Bearer {token}"}, max_size=1 << 21) as ws:

        def to_bot() -> None:
            try:
                for frame in ws:
                    text = frame if isinstance(frame, str) else frame.decode()
                    if log is not None:
                        print(f"> {text[:200]}", file=log, flush=True)
                    if not proc.send_line(text.encode() + b"\n"):
                        break
            except ConnectionClosed:
                pass
            done.set()

        reader = threading.Thread(target=to_bot, name="bridge-to-bot", daemon=True)
        reader.start()
        code = 0
        while not done.is_set():
            got = proc.receive(time.monotonic() + 0.2)
            if isinstance(got, Gone):
                code = 1
                break
            if isinstance(got, bytes):
                if log is not None:
                    print(f"< {got[:200].decode(errors='replace')}", file=log, flush=True)
                try:
                    ws.send(got.decode(errors="replace") or " ")
                except ConnectionClosed:
                    break
    proc.close()
    return code


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    url, token, *command = args
    return bridge(url, token, BotCommand(tuple(command)), log=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
