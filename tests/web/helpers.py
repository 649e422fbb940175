"""Shared helpers for the web tests: a simple client-side policy, servers on free ports, dependency checks."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

ANYTIME = {"build", "sell", "sell-all", "mortgage", "unmortgage", "trade"}
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = os.environ.get("OPENMONOPOLY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def need(condition: bool, reason: str) -> None:
    """Skip locally when a dependency is missing; in CI (CI=true) that is a failure."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


def choose(view: dict) -> str | None:
    """A plain policy over the legal list of a view: what a simple client would click."""
    legal = view.get("legal") or []
    answers = [a for a in legal if a.split()[0] not in ANYTIME and not a.startswith("bid ")]
    prompt = view.get("prompt") or {}
    for pref in ("roll", "buy", "pay", "keep", "reject", "end", "pass", "waive", "claim"):
        if pref in answers:
            return pref
    if prompt.get("kind") == "debt":
        for a in legal:
            if a.split()[0] in ("sell-all", "mortgage", "sell"):
                return a
    if any(a.startswith("bid ") for a in legal):
        return "pass" if "pass" in answers else None
    return answers[0] if answers else None


OPEN = {"public": True, "spectators": True, "seats_per_guest": None}  # as every game was before private games:
# anyone joins (the tests take several seats from one address), anyone watches


def act_if_prompted(ws, msg: dict, seat: int, token: str) -> None:  # noqa: ANN001
    """If ``msg``'s view prompts ``seat``, send ``choose``'s answer at the version it shows."""
    if msg["view"]["prompt"]["player"] == seat:
        action = choose(msg["view"])
        ws.send_json({"type": "act", "seat": seat, "token": token, "version": msg["version"], "action": action})


def create_game(client, kinds, edition: str = "classic", **body) -> dict:  # noqa: ANN001
    """POST /api/games with one seat per kind (a public game that anyone may watch, unless ``body`` says
    otherwise); the new game's summary, with its host token and invite code."""
    r = client.post("/api/games", json={"edition": edition, "seats": [{"kind": k} for k in kinds], **OPEN, **body})
    assert r.status_code == 200, r.text
    return r.json()


def join(client, gid: str, seat: int) -> str:  # noqa: ANN001
    """Take a seat; its token."""
    r = client.post(f"/api/games/{gid}/join", json={"seat": seat})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class LiveServer:
    """A uvicorn server in a thread on a free port."""

    def __init__(self, db_url: str, bot_delay: float | None = None, config=None, forwarded_allow_ips=None) -> None:  # noqa: ANN001
        import uvicorn

        from openmonopoly.web.app import create_app, uvicorn_config

        self.port = free_port()
        self.app = create_app(db_url, bot_delay, config)
        self.server = uvicorn.Server(
            uvicorn_config(self.app, "127.0.0.1", self.port, forwarded_allow_ips=forwarded_allow_ips, log_format=None)
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def chromium_available() -> bool:
    return os.path.exists(CHROMIUM) or shutil.which("chromium") is not None


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shots_dir(tmp_path: Path) -> Path:
    """Where a browser test saves its screenshots: docs/screenshots/ with OPENMONOPOLY_SCREENSHOTS=1."""
    if os.environ.get("OPENMONOPOLY_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS
    return tmp_path


def state(page) -> dict:  # noqa: ANN001
    """What the game page shows (window.om.state(): view, version, seat, info, deadline)."""
    return page.evaluate("window.om.state()")


def seated_page(browser, url: str, body: dict, errors: list[str] | None = None):  # noqa: ANN001
    """A game made by POST /api/games with ``body`` on the server at ``url``, its seat 0 taken in a new
    browser context (1400x1000): that game's page, ready. ``errors`` collects the page's script errors."""
    import httpx

    g = httpx.post(url + "/api/games", json=body)
    assert g.status_code == 200, g.text
    gid, invite = g.json()["id"], g.json()["invite"]
    token = httpx.post(f"{url}/api/games/{gid}/join", json={"seat": 0, "invite": invite}).json()["token"]
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.add_init_script(f"localStorage.setItem('om-seat-{gid}', JSON.stringify({{seat: 0, token: '{token}'}}))")
    page = ctx.new_page()
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/game/{gid}")
    page.wait_for_selector("body[data-ready='1']")
    return page


def lobby_page(browser, url: str, errors: list[str] | None = None):  # noqa: ANN001
    """The lobby of the server at ``url`` in a new browser context (1400x1000), its editions loaded and
    classic chosen. ``errors`` collects the page's script errors."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    page.wait_for_selector("#edition option", state="attached")
    page.select_option("#edition", "classic")
    return page
