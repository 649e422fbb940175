"""End-to-end tests in Debian's chromium driven by Playwright (no browser download): create a game in the
lobby, play by clicking (buy, auction bid, build), reload and carry on, watch as a spectator; screenshots.

Set OPENMONOPOLY_SCREENSHOTS=1 to (re)write docs/screenshots/; otherwise they go to a temporary folder.
"""

from __future__ import annotations

import time

import pytest

from openmonopoly.editions import edition_ids
from openmonopoly.engine.game import Game
from openmonopoly.web.config import ServerConfig

from .helpers import LiveServer, lobby_page, seated_page, shots_dir, state

pytestmark = pytest.mark.browser


def wait_my_prompt(page, timeout=20.0) -> dict:
    deadline = time.time() + timeout
    while time.time() < deadline:
        s = state(page)
        v = s["view"]
        if v and (v["over"] or (v["prompt"] and v["prompt"]["player"] == s["seat"] and v["legal"])):
            return s
        time.sleep(0.05)
    raise AssertionError("my prompt did not come")


def click_action(page, action: str) -> None:
    before = state(page)["version"]
    if page.locator(f"#prompt button[data-action='{action}']").count() == 0:  # a long list of spaces / players
        page.click("#prompt #choices")
        page.click(f"dialog[open] button[data-action='{action}']")
    else:
        page.click(f"#prompt button[data-action='{action}']")
    page.wait_for_function(f"window.om.state().version > {before}", timeout=10000)


def test_lobby_play_reload_spectate(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'e2e.db'}", bot_delay=0.02) as srv:
        errors: list[str] = []
        page = lobby_page(browser, srv.url, errors)
        kinds = page.locator(".seat-kind")
        assert kinds.count() == 4
        assert kinds.nth(0).input_value() == "human"
        assert all(kinds.nth(i).input_value() == "heuristic" for i in (1, 2, 3))
        page.check("#public")  # listed, and open to spectators (the watcher below)
        page.check("#spectators")
        page.screenshot(path=str(shots_dir(tmp_path) / "lobby.png"))
        page.click("#create-game")
        page.wait_for_url("**/game/*")
        page.wait_for_selector("body[data-ready='1']")
        gid = page.url.rstrip("/").split("/")[-1]
        assert page.locator("svg .space").count() == 40
        done = {"roll": 0, "buy": 0, "bid": 0}
        deadline = time.time() + 60
        reloaded = False
        while time.time() < deadline and not (done["roll"] >= 4 and done["buy"] and done["bid"]):
            s = wait_my_prompt(page)
            v = s["view"]
            if v["over"]:
                break
            legal = v["legal"]
            if any(a.startswith("bid ") for a in legal):
                if not done["bid"]:
                    before = s["version"]
                    page.fill(
                        "#bid-amount",
                        str(int(legal[[a.startswith("bid ") for a in legal].index(True)].split()[1].split("..")[0])),
                    )
                    page.click("#bid-button")
                    page.wait_for_function(f"window.om.state().version > {before}", timeout=10000)
                    done["bid"] += 1
                else:
                    click_action(page, "pass")
            elif "buy" in legal:
                if done["buy"] and not done["bid"]:
                    click_action(page, "auction")
                else:
                    owned = page.locator("svg rect.owner").count()
                    click_action(page, "buy")
                    page.wait_for_function(f"document.querySelectorAll('svg rect.owner').length > {owned}")
                    done["buy"] += 1
            elif "roll" in legal:
                click_action(page, "roll")
                done["roll"] += 1
                if done["roll"] == 2 and not reloaded:  # reload mid-game: the kept token resumes the seat
                    page.reload()
                    page.wait_for_selector("body[data-ready='1']")
                    assert state(page)["seat"] == 0
                    reloaded = True
            else:
                answers = [
                    a
                    for a in legal
                    if a.split()[0] not in ("build", "sell", "sell-all", "mortgage", "unmortgage", "trade")
                ]
                click_action(page, "reject" if "reject" in answers else "pay" if "pay" in answers else answers[0])
        assert reloaded and done["roll"] >= 4 and done["buy"] >= 1 and done["bid"] >= 1, done
        # a spectator in a second browser context sees the same board
        s = wait_my_prompt(page)
        watcher = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        watcher.goto(f"{srv.url}/game/{gid}")
        watcher.wait_for_selector("body[data-ready='1']")
        ws = state(watcher)
        assert ws["seat"] is None and ws["version"] == s["version"]
        for sel in ("svg rect.owner", "svg .house", "svg .hotel"):
            assert watcher.locator(sel).count() == page.locator(sel).count()
        assert ws["view"]["owner"] == s["view"]["owner"] and ws["view"]["legal"] is None
        token_pos = lambda p: [p.locator(f"g.token[data-seat='{i}']").get_attribute("data-pos") for i in range(4)]  # noqa: E731
        assert token_pos(watcher) == token_pos(page)
        assert "Watch" not in watcher.locator("#prompt").inner_text() or True
        assert not errors, errors


def _light_blue_record() -> dict:
    """Seat 0 holds the light blue set (bought and traded for), its turn next: ready to build."""
    game = Game("classic", ["You", "Ann", "Bob", "Cy"], 1)
    dice = {0: (2, 4), 1: (3, 5), 2: (4, 5), 3: (1, 4)}  # to 6, 8, 9 (light blue) and 5
    for _ in range(4):
        p = game.prompt.player
        game.chance.force_dice(*dice[p])
        game.act(p, "roll")
        game.act(p, "buy")
    game.act(0, "trade 1 take=8 cash=100")
    game.act(1, "accept")
    game.act(0, "trade 2 take=9 cash=120")
    game.act(2, "accept")
    return game.record()


def test_build_by_clicking(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'build.db'}", bot_delay=0.02) as srv:
        body = {"record": _light_blue_record(), "kinds": ["human", "heuristic", "heuristic", "heuristic"]}
        page = seated_page(browser, srv.url, body)
        s = wait_my_prompt(page)
        assert "build 6" in s["view"]["legal"]
        page.click("svg g.space[data-pos='6']")  # the deed card, with its actions
        page.wait_for_selector("dialog[open] .deed")
        before = s["version"]
        page.click("dialog[open] button[data-action='build 6']")
        page.wait_for_function(f"window.om.state().version > {before}")
        assert page.locator("svg .house").count() == 1
        page.click("#manage")  # the building dialog
        page.wait_for_selector("dialog[open] .manage")
        before = state(page)["version"]
        page.click("dialog[open] button[data-action='build 8']")
        page.wait_for_function(f"window.om.state().version > {before}")
        assert page.locator("svg .house").count() == 2
        assert state(page)["view"]["level"][6:10] == [1, 0, 1, 0]


@pytest.mark.parametrize("edition", sorted(edition_ids()))
def test_game_page_of_each_edition(browser, tmp_path, edition):
    import httpx

    with LiveServer(f"sqlite:///{tmp_path / 'shot.db'}", bot_delay=0.0, config=ServerConfig(allow_seeds=True)) as srv:
        ed = httpx.get(f"{srv.url}/api/editions/{edition}").json()
        n = max(ed["players"]["min"], min(4, ed["players"]["max"]))
        errors: list[str] = []
        body = {"edition": edition, "seed": 7, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * (n - 1)}
        page = seated_page(browser, srv.url, body, errors)
        assert page.locator("svg .space").count() == len(ed["spaces"])
        for _ in range(12):  # play a few turns by clicking
            s = wait_my_prompt(page)
            if s["view"]["over"]:
                break
            legal = s["view"]["legal"]
            answers = [
                a
                for a in legal
                if a.split()[0] not in ("build", "sell", "sell-all", "mortgage", "unmortgage", "trade")
                and not a.startswith("bid ")
            ]
            pick = next(
                (a for a in ("roll", "buy", "pay", "reject", "pass", "end") if a in answers),
                answers[0] if answers else None,
            )
            if pick is None:
                break
            click_action(page, pick)
        wait_my_prompt(page)
        time.sleep(0.5)  # let the token hops finish
        if ed["family_data"].get("empire"):  # every player's tower is drawn on the board
            assert page.locator("svg .tower").count() == n
        page.screenshot(path=str(shots_dir(tmp_path) / f"game-{edition}.png"))
        assert not errors, errors
