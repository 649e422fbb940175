"""Load test of the web game: N concurrent games over WebSockets on loopback.

Each game has one seat played by this script (a plain policy over the legal list) and three server bots
(bot delay 0). Reports actions per second (committed and broadcast, all games together) and the latency
from an action being applied on the server to its broadcast arriving here (p50/p99), bounded in time.

    .venv/bin/python bench/web_load.py --games 200 --seconds 60 [--db sqlite:///x.db | postgresql://...]

With ``--kill-after S`` the server is killed with SIGKILL S seconds in; then every game's stored record is
compared with what its client last heard (the version and the view): an action a client heard of must be
stored, and the stored game at that version must show exactly that view. The server is then restarted on
the same database and must serve every game at its stored version. Exit status 1 if anything was lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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
    http: httpx.AsyncClient, ws_base: str, edition: str, rounds: int, deadline: float, stats: dict, heard: dict
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
            stats["started"] += 1
            if stats["started"] == stats["games"]:
                stats["all_started"] = time.time()
            while time.time() < deadline:
                view = msg.get("view")
                if view and view["over"]:
                    stats["finished"] += 1
                    return
                if view and view["prompt"] and view["prompt"]["player"] == 0:
                    action = choose(view)
                    if action:
                        await ws.send(
                            json.dumps(
                                {"type": "act", "seat": 0, "token": token, "version": msg["version"], "action": action}
                            )
                        )
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.time()))
                except TimeoutError:
                    return
                now = time.time()
                m = orjson.loads(raw)
                if m["type"] == "update":
                    stats["actions"] += 1
                    stats["lat"].append((now, now - m["at"]))
                    msg = heard[g["id"]] = m
                elif m["type"] == "error" and m["code"] != "stale-version":
                    stats["errors"] += 1
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


def start_server(port: int, db: str) -> subprocess.Popen:
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


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--rounds", type=int, default=30, help="max-rounds of each game")
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    ap.add_argument(
        "--kill-after",
        type=float,
        default=None,
        metavar="S",
        help="SIGKILL the server after S seconds, then check that no heard action was lost",
    )
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="om-load-")
    db = args.db or f"sqlite:///{tmp}/load.db"
    port = free_port()
    server = start_server(port, db)
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stats: dict = {
        "actions": 0,
        "lat": [],
        "finished": 0,
        "errors": 0,
        "killed": False,
        "games": args.games,
        "started": 0,
        "all_started": None,
    }
    heard: dict = {}
    ok = True
    try:
        start = time.time()
        deadline = start + args.seconds
        server_cpu0, client_cpu0 = cpu_seconds(server.pid), cpu_seconds(os.getpid())

        async def kill_later() -> None:
            await asyncio.sleep(args.kill_after)
            stats["killed"] = True
            server.kill()  # SIGKILL: no shutdown, no flush

        killer = asyncio.get_running_loop().create_task(kill_later()) if args.kill_after is not None else None
        async with httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits(max_connections=20)) as http:
            results = await asyncio.gather(
                *(play(http, ws_base, args.edition, args.rounds, deadline, stats, heard) for _ in range(args.games)),
                return_exceptions=True,
            )
        elapsed = (time.time() if killer is None else start + min(args.kill_after, args.seconds)) - start
        failures = [r for r in results if isinstance(r, Exception) and not stats["killed"]]
        lat = sorted(x for _, x in stats["lat"]) or [0.0]
        q = lambda p, lat=lat: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000  # noqa: E731
        print(
            f"games: {args.games} concurrent ({args.edition}, 1 WebSocket seat + 3 server bots each, "
            f"max-rounds {args.rounds}), {stats['finished']} finished, {len(failures)} failed, "
            f"{stats['errors']} refused actions"
        )
        print(f"elapsed: {elapsed:.1f} s   actions: {stats['actions']}   actions/s: {stats['actions'] / elapsed:,.0f}")
        print(
            f"action->broadcast latency: p50 {q(0.50):.1f} ms   p99 {q(0.99):.1f} ms   "
            f"mean {statistics.fmean(lat) * 1000:.1f} ms"
        )
        steady_from = stats["all_started"]  # (while games are still being created, both are worse)
        if steady_from is not None and not stats["killed"]:
            steady = sorted(x for t, x in stats["lat"] if t >= steady_from)
            span = max(1e-9, min(time.time(), deadline) - steady_from)
            if steady:
                sq = lambda p: steady[min(len(steady) - 1, int(p * len(steady)))] * 1000  # noqa: E731
                print(
                    f"after all games started ({span:.1f} s): actions/s {len(steady) / span:,.0f}   "
                    f"p50 {sq(0.50):.1f} ms   p99 {sq(0.99):.1f} ms"
                )
        if server.poll() is None:  # CPU per action: what the figures above cost, whatever else runs here
            server_cpu, client_cpu = cpu_seconds(server.pid) - server_cpu0, cpu_seconds(os.getpid()) - client_cpu0
            per = 1e6 / max(1, stats["actions"])
            print(
                f"cpu: server {server_cpu:.1f} s ({server_cpu * per:.0f} us/action), this client {client_cpu:.1f} s "
                f"({client_cpu * per:.0f} us/action), "
                f"machine load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
            )
        if failures:
            print("first failure:", repr(failures[0]))
            ok = False
        if killer is not None:
            await killer
            server.wait(timeout=10)
            ok = check_after_kill(db, heard, port) and ok
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=30)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
