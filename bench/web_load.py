"""Load test of the web game: N concurrent games over WebSockets on loopback.

Each game has one seat played by this script (a plain policy over the legal list) and three server bots
(bot delay 0). First the set-up: the script creates every game over HTTP, takes its seat and connects;
meanwhile the bots of games they open play up to the script's seat's first turn, and nobody else plays.
Its figures are printed apart. The measured phase starts when all N games are connected (the script then
makes every game's first move) and lasts ``--seconds``. For it the script prints actions per second
(committed and broadcast, all games together), the latency from an action being applied on the server
to its broadcast arriving here (p50/p99), the same until the first game ended (all N playing), the
server's own figure from applying an action to writing its frame to the socket (``--latency-stats``),
and the CPU time server and client spent per action.

    .venv/bin/python bench/web_load.py --games 200 --seconds 30 --rounds 200 [--db sqlite:///x.db | postgresql://...]

With ``--flood`` one more client, in a process of its own, takes a seat in a game of its own and sends
stale ``act`` frames (each a trade of 100 spaces) as fast as its socket takes them for the whole measured
phase, reconnecting whenever the server closes it: the other games' figures then show what one client's
flood costs everyone else (compare a run without it: the fair-scheduling target is a p99 within 2x).

With ``--kill-after S`` the server is killed with SIGKILL S seconds into the measured phase (every game
connected and playing, however long set-up took on a loaded machine); then every game's stored record is
compared with what its client last heard (the version and the view): an action a client heard of must be
stored, and the stored game at that version must show exactly that view. The server is then restarted on
the same database and must serve every game at its stored version. Exit status 1 if anything was lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import orjson
import websockets

ANYTIME = {"build", "sell", "sell-all", "mortgage", "unmortgage", "trade"}


def choose(view: dict) -> str | None:
    legal = view.get("legal") or []
    answers = [a for a in legal if a.split()[0] not in ANYTIME and not a.startswith("bid ")]
    for pref in ("roll", "buy", "pay", "keep", "reject", "end", "pass", "waive", "claim"):
        if pref in answers:
            return pref
    if (view.get("prompt") or {}).get("kind") == "debt":
        for a in legal:
            if a.split()[0] in ("sell-all", "mortgage", "sell"):
                return a
    return answers[0] if answers else None


async def play(
    http: httpx.AsyncClient, ws_base: str, edition: str, rounds: int, stats: dict, heard: dict, go: asyncio.Event
) -> None:
    """One game: create it, take seat 0, connect; once every game is connected (``go``), play it until it
    ends or the run's deadline. Bots moving before ``go`` play up to this seat's first turn."""
    me = {"t0": time.time(), "connected": False}
    try:
        await play_one(http, ws_base, edition, rounds, stats, heard, go, me)
    finally:
        if not me["connected"]:  # (a game that failed to start must not hold the others back)
            stats["unready"] += 1
            if stats["started"] + stats["unready"] == stats["games"]:
                go.set()


async def play_one(
    http: httpx.AsyncClient,
    ws_base: str,
    edition: str,
    rounds: int,
    stats: dict,
    heard: dict,
    go: asyncio.Event,
    me: dict,
) -> None:
    g = (
        await http.post(
            "/api/games",
            json={
                "edition": edition,
                "public": True,  # (the check after a kill reads each game's version as anyone may)
                "options": {"max-rounds": rounds},
                "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3,
            },
        )
    ).json()
    token = (await http.post(f"/api/games/{g['id']}/join", json={"seat": 0, "invite": g["invite"]})).json()["token"]
    try:
        async with websockets.connect(f"{ws_base}/ws/{g['id']}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
            msg = orjson.loads(await ws.recv())
            heard[g["id"]] = msg
            stats["setup"].append(time.time() - me["t0"])
            stats["started"] += 1
            me["connected"] = True
            if stats["started"] + stats["unready"] == stats["games"]:
                go.set()
            acted = -1
            while time.time() < stats["deadline"]:
                view = msg.get("view")
                if view and view["over"]:
                    stats["finished"] += 1
                    if stats["first_over"] is None:
                        stats["first_over"] = time.time()
                    return
                if view and view["prompt"] and view["prompt"]["player"] == 0 and acted != msg["version"]:
                    action = choose(view)
                    acted = msg["version"]  # (once per version: an error reply must not make it send again)
                    if action:
                        await go.wait()  # (the game waits for this seat meanwhile: no frame comes)
                        if time.time() >= stats["deadline"]:
                            return
                        await ws.send(
                            json.dumps(
                                {"type": "act", "seat": 0, "token": token, "version": msg["version"], "action": action}
                            )
                        )
                timeout = stats["deadline"] - time.time() if go.is_set() else 600.0
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, timeout))
                except TimeoutError:
                    return
                now = time.time()
                m = orjson.loads(raw)
                if m["type"] == "update":
                    stats["lat"].append((now, now - m["at"]))
                    msg = heard[g["id"]] = m
                elif m["type"] == "error" and m["code"] != "stale-version":
                    stats["errors"] += 1
                    stats["error_codes"][m["code"]] = stats["error_codes"].get(m["code"], 0) + 1
    except websockets.ConnectionClosed:
        if not stats["killed"]:
            raise


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_server(port: int, db: str, extra: list[str] | None = None) -> subprocess.Popen:
    # (one client address plays every game here: its rate and connection limits are lifted)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "openmonopoly.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            "0",
            "--create-rate",
            "100000",
            "--hello-rate",
            "100000",
            "--max-connections-per-client",
            "100000",
            "--max-live-games-per-client",
            "100000",
            "--max-games-per-client-day",
            "100000",
            "--latency-stats",
            *(extra or []),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ),
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start")


def check_after_kill(db: str, heard: dict, port: int) -> bool:
    """Every action a client heard of is stored, the stored game shows what the client saw, and a restarted
    server serves every game at its stored version."""
    from openmonopoly.engine.game import Game
    from openmonopoly.web.db import Store

    store = Store(db)
    lost, ahead, acknowledged = [], 0, 0
    stored_versions = {}
    for gid, msg in heard.items():
        stored = store.load(gid)
        seen = msg["version"]
        acknowledged += seen
        stored_versions[gid] = stored.version if stored else -1
        if stored is None or stored.version < seen:
            lost.append(f"{gid}: heard version {seen}, stored {None if stored is None else stored.version}")
            continue
        ahead += stored.version - seen
        view = Game.replay(stored.record(), upto=seen).view(0).to_json()
        if json.loads(json.dumps(view)) != msg["view"]:
            lost.append(f"{gid}: the stored game at version {seen} does not show the view the client saw")
    store.dispose()
    server = start_server(port, db)
    try:
        for gid, version in stored_versions.items():
            served = httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}", timeout=30).json()["version"]
            if served < version:
                lost.append(f"{gid}: restarted server serves version {served}, stored {version}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    print(
        f"kill -9: {len(heard)} games, {acknowledged} actions heard by clients before the kill; "
        f"{'none' if not lost else len(lost)} lost; {ahead} more were committed but not yet heard"
    )
    for line in lost[:10]:
        print("  LOST", line)
    return not lost


FLOOD_FRAME = {
    "type": "act",
    "seat": 0,
    "version": 0,
    "action": {"kind": "trade", "offer": {"target": 1, "give": list(range(100)), "take": []}},
}


def flood(base: str, ws_base: str, seconds: float, out: "multiprocessing.Queue") -> None:  # noqa: UP037
    """In a process of its own: one seated client sends stale trade frames as fast as it can for
    ``seconds``, reconnecting when closed; puts (frames sent, connections closed by the server)."""

    async def run() -> tuple[int, int]:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            g = (await http.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "heuristic"}]})).json()
            token = (await http.post(f"/api/games/{g['id']}/join", json={"seat": 0, "invite": g["invite"]})).json()[
                "token"
            ]
        frame = json.dumps(dict(FLOOD_FRAME, token=token))
        sent = closed = 0
        end = time.time() + seconds
        while time.time() < end:
            try:
                async with websockets.connect(f"{ws_base}/ws/{g['id']}", max_size=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))

                    async def drain() -> None:
                        try:
                            async for _ in ws:
                                pass
                        except websockets.ConnectionClosed:
                            pass

                    reader = asyncio.get_running_loop().create_task(drain())
                    while time.time() < end:
                        await ws.send(frame)
                        sent += 1
                        if sent % 64 == 0:
                            await asyncio.sleep(0)  # (let the reader see a close)
                    reader.cancel()
            except websockets.ConnectionClosed:
                closed += 1
        return sent, closed

    out.put(asyncio.run(run()))


def quantiles(xs: list[float]) -> str:
    xs = sorted(xs) or [0.0]
    q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))] * 1000  # noqa: E731
    return f"p50 {q(0.50):.1f} ms   p99 {q(0.99):.1f} ms   mean {statistics.fmean(xs) * 1000:.1f} ms"


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0, help="length of the measured phase")
    ap.add_argument("--rounds", type=int, default=30, help="max-rounds of each game")
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    ap.add_argument(
        "--kill-after",
        type=float,
        default=None,
        metavar="S",
        help="SIGKILL the server S seconds into the measured phase (all games playing), then check that no "
        "heard action was lost",
    )
    ap.add_argument(
        "--flood",
        action="store_true",
        help="one more client floods stale trade frames from a process of its own during the measured phase",
    )
    ap.add_argument(
        "--frame-rate",
        type=float,
        default=None,
        help="the server's --frame-rate (default: its own); a huge one shows a flood without the frame budget",
    )
    ap.add_argument(
        "--client-loop",
        choices=("uvloop", "asyncio"),
        default="uvloop",
        help="this client's event loop (the server runs Uvicorn's, uvloop when installed): with the standard "
        "asyncio loop the client's own overhead adds to the latency it measures",
    )
    return ap.parse_args()


async def main(args: argparse.Namespace) -> int:
    print(f"client event loop: {args.client_loop}; server: uvicorn's (uvloop when installed)")
    tmp = tempfile.mkdtemp(prefix="om-load-")
    db = args.db or f"sqlite:///{tmp}/load.db"
    if args.db:
        from openmonopoly.web.db import Store

        store = Store(db)
        left = len(store.unfinished())
        store.dispose()
        if left:  # (the server resumes them: they would play alongside and count against its game limit)
            print(f"warning: the database holds {left} unfinished games from before; use an empty one")
    port = free_port()
    server = start_server(port, db, ["--frame-rate", str(args.frame_rate)] if args.frame_rate else None)
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stats: dict = {
        "lat": [],
        "setup": [],
        "finished": 0,
        "errors": 0,
        "error_codes": {},
        "killed": False,
        "games": args.games,
        "started": 0,
        "unready": 0,
        "first_over": None,
        "deadline": float("inf"),
    }
    heard: dict = {}
    ok = True
    go = asyncio.Event()
    measured: dict = {}
    try:
        start = time.time()

        async def kill_later() -> None:
            await go.wait()  # from all games playing: a slow set-up must not leave nothing to lose
            await asyncio.sleep(args.kill_after)
            stats["killed"] = True
            server.kill()  # SIGKILL: no shutdown, no flush

        async def measure(http: httpx.AsyncClient) -> None:
            """The measured phase: from every game connected to the deadline; the server's own latency
            figures over the same span, and the CPU both processes spent in it."""
            await go.wait()
            measured["from"] = time.time()
            stats["deadline"] = measured["from"] + args.seconds
            if args.flood:
                spawn = multiprocessing.get_context("spawn")  # (a forked child would inherit this running loop)
                flooded = spawn.Queue()
                flooder = spawn.Process(target=flood, args=(base, ws_base, args.seconds, flooded))
                flooder.start()
                measured["flood"] = (flooder, flooded)
            try:
                measured["cpu0"] = (cpu_seconds(server.pid), cpu_seconds(os.getpid()))
                await http.get("/api/stats/latency", params={"reset": "true"})
                await asyncio.sleep(max(0.0, stats["deadline"] - time.time()))
                measured["to"] = time.time()
                measured["playing"] = args.games - stats["finished"]
                measured["cpu1"] = (cpu_seconds(server.pid), cpu_seconds(os.getpid()))
                measured["server"] = (await http.get("/api/stats/latency")).json()
            except (httpx.HTTPError, OSError):  # (the server was killed: --kill-after)
                measured.pop("cpu1", None)

        killer = asyncio.get_running_loop().create_task(kill_later()) if args.kill_after is not None else None
        async with httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits(max_connections=20)) as http:
            meter = asyncio.get_running_loop().create_task(measure(http))
            results = await asyncio.gather(
                *(play(http, ws_base, args.edition, args.rounds, stats, heard, go) for _ in range(args.games)),
                return_exceptions=True,
            )
            if not stats["killed"] and go.is_set():
                await meter
            else:
                meter.cancel()
        failures = [r for r in results if isinstance(r, Exception) and not stats["killed"]]
        print(
            f"games: {args.games} concurrent ({args.edition}, 1 WebSocket seat + 3 server bots each, "
            f"max-rounds {args.rounds}), {stats['finished']} finished, {len(failures)} failed, "
            f"{stats['errors']} refused actions {stats['error_codes'] or ''}, {stats['unready']} did not start; "
            f"machine load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        t_go = measured.get("from")
        setup_end = t_go if t_go is not None else time.time()
        setup_lat = [x for t, x in stats["lat"] if t < setup_end]
        print(
            f"set-up (not measured below): {len(stats['setup'])} games created, seated and connected in "
            f"{setup_end - start:.1f} s, each {quantiles(stats['setup'])}; meanwhile {len(setup_lat)} bot updates "
            f"before the seats' first turns, action->broadcast {quantiles(setup_lat)}"
        )
        if t_go is not None and "to" in measured:
            span = measured["to"] - t_go
            lat = [x for t, x in stats["lat"] if t_go <= t < measured["to"]]
            print(
                f"measured: from all {args.games} games playing, {span:.1f} s ({measured['playing']} still playing at "
                f"the end): actions/s {len(lat) / span:,.0f}   action->broadcast at this client {quantiles(lat)}"
            )
            first = stats["first_over"]
            if first is not None and first < measured["to"]:
                full = [x for t, x in stats["lat"] if t_go <= t < first]
                print(
                    f"  while all {args.games} played ({first - t_go:.1f} s, until the first game ended): "
                    f"actions/s {len(full) / max(1e-9, first - t_go):,.0f}   {quantiles(full)}"
                )
            if "server" in measured:
                sv = measured["server"]
                print(
                    f"  in the server (action applied -> its frame written to the socket, {sv['frames']} frames): "
                    f"p50 {sv['p50_ms']:.1f} ms   p99 {sv['p99_ms']:.1f} ms   max {sv['max_ms']:.1f} ms"
                )
            if "cpu1" in measured:
                (s0, c0), (s1, c1) = measured["cpu0"], measured["cpu1"]
                per = 1e6 / max(1, len(lat))
                print(
                    f"  cpu: server {s1 - s0:.1f} s ({(s1 - s0) * per:.0f} us/action), this client {c1 - c0:.1f} s "
                    f"({(c1 - c0) * per:.0f} us/action)"
                )
        if "flood" in measured:
            flooder, flooded = measured["flood"]
            sent, closed = flooded.get(timeout=60)
            flooder.join(timeout=10)
            print(
                f"  flood: one client sent {sent:,} stale trade frames ({sent / args.seconds:,.0f}/s), "
                f"the server closed it {closed} times"
            )
        if failures:
            print("first failure:", repr(failures[0]))
            ok = False
        if killer is not None:
            if not go.is_set():  # no game got to play: nothing was killed mid-game
                print("kill -9: not done, the games never all started")
                killer.cancel()
                return 1
            await killer
            server.wait(timeout=10)
            ok = check_after_kill(db, heard, port) and ok
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=30)
    return 0 if ok else 1


if __name__ == "__main__":
    arguments = parse_args()
    if arguments.client_loop == "uvloop":
        try:
            import uvloop
        except ImportError:
            sys.exit("uvloop is not installed (it comes with uvicorn[standard]); or pass --client-loop asyncio")
        sys.exit(uvloop.run(main(arguments)))
    sys.exit(asyncio.run(main(arguments)))
