"""A person in the browser and a remote bot at one table (Debian's chromium): the host hands the bot's owner
the seat's bot token, the Python reference bot connects through the stdio bridge, and the person plays the
game to its end by clicking while the bot answers over the bot protocol."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import httpx
import pytest

from openmonopoly.botprotocol.bridge import bridge
from openmonopoly.botprotocol.process import BotCommand
from openmonopoly.web.config import ServerConfig

from .helpers import OPEN, LiveServer, state
from .test_game_night import DESKTOP, play_my_turn

pytestmark = pytest.mark.browser
PYBOT = Path(__file__).resolve().parents[2] / "examples" / "bots" / "python_bot.py"


def test_a_person_and_a_remote_bot_play_a_game_in_the_browser(browser, tmp_path):
    with (
        LiveServer(f"sqlite:///{tmp_path / 'table.db'}", config=ServerConfig(bot_delay=0)) as srv,
        httpx.Client(base_url=srv.url) as c,
    ):
        body = {"edition": "classic", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "remote"}], **OPEN}
        g = c.post("/api/games", json={**body, "options": {"max-rounds": 3}}).json()
        gid = g["id"]
        bot_token = c.post(f"/api/games/{gid}/bot-token", json={"host": g["host_token"], "seat": 1}).json()["token"]
        done: dict = {}
        command = BotCommand((sys.executable, str(PYBOT)))
        ws_url = srv.url.replace("http", "ws") + f"/ws/{gid}/bot"
        threading.Thread(target=lambda: done.update(code=bridge(ws_url, bot_token, command)), daemon=True).start()
        token = c.post(f"/api/games/{gid}/join", json={"seat": 0}).json()["token"]

        page = browser.new_context(**DESKTOP).new_page()
        page.goto(f"{srv.url}/game/{gid}#seat=0&token={token}")
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_function("window.om.state().view !== null")
        moves = 0
        while play_my_turn(page, timeout=30):
            moves += 1
            assert moves < 200, "the game did not end"
        view = state(page)["view"]
        assert view["over"] and view["end_reason"] in ("round-limit", "bankruptcy")
        assert moves >= 3  # the person played every round of theirs
        # the bot's moves reached the person's page: its rolls are in the game log
        log_text = page.inner_text("body")
        assert f"{view['players'][1]['name']} rolls" in log_text
        info = c.get(f"/api/games/{gid}").json()
        assert info["status"] == "over" and [s["kind"] for s in info["seats"]] == ["human", "remote"]
    rs = srv.app.state.registry.remote_bots.seats[(gid, 1)]
    assert rs.name == "pybot" and rs.faults == []
