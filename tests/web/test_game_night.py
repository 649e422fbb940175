"""The web game for game night (friends at a table), in Debian's chromium: two people on a phone and a desktop with
no horizontal scroll, a seat moved to another browser by its seat link, the host handing an absent seat to a
bot and the turn timer playing a turn, a private game refusing a stranger, standings at the end.

Set OPENMONOPOLY_SCREENSHOTS=1 to (re)write docs/screenshots/; otherwise they go to a temporary folder.
"""

from __future__ import annotations

import time
from itertools import pairwise

import httpx
import pytest

from openmonopoly.web.config import ServerConfig

from .helpers import LiveServer, shots_dir, state

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1400, "height": 950}}
ANYTIME = ("build", "sell", "sell-all", "mortgage", "unmortgage", "trade")


def no_horizontal_scroll(page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


def small_targets(page) -> list[str]:
    """Visible buttons, inputs and selects less than 44 px tall (a finger's least)."""
    return page.evaluate("""() => [...document.querySelectorAll('button, select, input:not([type=checkbox]), a.btn')]
        .filter((e) => e.offsetParent !== null && !e.closest('dialog:not([open])'))
        .filter((e) => e.getBoundingClientRect().height < 43.5)
        .map((e) => (e.id || e.textContent || e.outerHTML).slice(0, 40))""")


def pick(legal: list[str]) -> str | None:
    answers = [a for a in legal if a.split()[0] not in ANYTIME and not a.startswith("bid ")]
    for a in ("roll", "buy", "pay", "reject", "end", "pass", "keep", "claim"):
        if a in answers:
            return a
    return answers[0] if answers else None


def play_my_turn(page, timeout=20.0, others_may_move=False) -> bool:
    """Answer one prompt of this page's seat by clicking; False if the game is over. With
    ``others_may_move``, also False at once when the prompt is another seat's: a turn timer's stand-in
    may have played this seat's turn between the caller's look and this one."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        s = state(page)
        v = s["view"]
        if v and v["over"]:
            return False
        if others_may_move and v and v["prompt"] and v["prompt"]["player"] != s["seat"]:
            return False
        if v and v["prompt"] and v["prompt"]["player"] == s["seat"] and v["legal"]:
            action = pick(v["legal"])
            if action is None:
                return False
            before = s["version"]
            if page.locator(f"#prompt button[data-action='{action}']").count():
                page.click(f"#prompt button[data-action='{action}']")
            elif page.locator("#prompt #choices").count():
                page.click("#prompt #choices")
                page.click(f"dialog[open] button[data-action='{action}']")
            else:
                return False
            page.wait_for_function(f"window.om.state().version > {before}", timeout=10000)
            return True
        time.sleep(0.05)
    raise AssertionError("no prompt came")


def caught_up(page, *others) -> dict:
    """``page``'s view once it has heard every update the ``others`` pages have heard: the view a loop that
    drives several pages may read whose turn it is from.

    Each page hears the server on its own socket, and a loaded machine may run one page's script well after
    another's. Right after Bea's last move of her turn her phone shows the next prompt while the desk may
    still show the one she just answered: a loop that read "Bea's turn" there would wait on her phone for a
    prompt that comes only after Ann (whom nobody drives meanwhile) has played."""
    newest = max(state(other)["version"] for other in others)
    page.wait_for_function(f"window.om.state().version >= {newest}")
    return state(page)["view"]


def create_in_lobby(page, url: str, kinds: list[str], names: list[str], public=False, spectators=False) -> str:
    page.goto(url + "/")
    page.wait_for_selector("#edition option", state="attached")
    page.select_option("#edition", "classic")
    while page.locator(".seat-kind").count() > len(kinds):
        page.locator(".seat-row button").last.click()
    for i, (kind, name) in enumerate(zip(kinds, names, strict=True)):
        page.locator(".seat-kind").nth(i).select_option(kind)
        page.locator(".seat-name").nth(i).fill(name)
    if public:
        page.check("#public")
    if spectators:
        page.check("#spectators")
    page.click("#create-game")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("body[data-ready='1']")
    return page.url.rstrip("/").split("/")[-1]


def test_two_people_phone_and_desktop_by_invite_link(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'night.db'}", bot_delay=0.02) as srv:
        desk = browser.new_context(**DESKTOP).new_page()
        errors: list[str] = []
        desk.on("pageerror", lambda e: errors.append(str(e)))
        gid = create_in_lobby(desk, srv.url, ["human", "human"], ["Ann", ""])
        assert state(desk)["seat"] == 0
        invite = desk.input_value("#invite")
        assert "#invite=" in invite and gid in invite
        assert "#" not in desk.url  # the secrets left the address bar
        phone_ctx = browser.new_context(**PHONE)
        phone = phone_ctx.new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        lobby = browser.new_context(**PHONE).new_page()  # the lobby on a phone
        lobby.goto(srv.url + "/")
        lobby.wait_for_selector("#edition option", state="attached")
        no_horizontal_scroll(lobby)
        assert not small_targets(lobby), small_targets(lobby)
        lobby.screenshot(path=str(shots_dir(tmp_path) / "lobby-phone.png"), full_page=True)
        phone.goto(invite)
        phone.wait_for_selector("#join-name")
        phone.fill("#join-name", "Bea")
        phone.click("#seatlist button[data-seat='1']")
        phone.wait_for_function("window.om.state().seat === 1 && window.om.state().view !== null")
        desk.wait_for_function("window.om.state().info.seats[1].name === 'Bea'")
        assert "Bea" in desk.inner_text("#players")
        mover = state(desk)["view"]["prompt"]["player"]  # the your-turn cue: the tab's title
        (desk if mover == 0 else phone).wait_for_function("document.title.startsWith('● Your turn')")
        assert not (phone if mover == 0 else desk).title().startswith("● Your turn")
        turns = 0
        while turns < 8:  # each plays from their own device
            me = desk if caught_up(desk, phone)["prompt"]["player"] == 0 else phone
            if not play_my_turn(me):
                break
            turns += 1
        assert turns == 8
        for page in (desk, phone):
            no_horizontal_scroll(page)
        assert not small_targets(phone), small_targets(phone)
        time.sleep(0.8)  # (the dice and tokens settle)
        phone.screenshot(path=str(shots_dir(tmp_path) / "game-phone.png"), full_page=True)
        desk.screenshot(path=str(shots_dir(tmp_path) / "game-desktop.png"))
        assert not errors, errors


# A slow device: the page runs each frame its socket brings this many milliseconds late (in order), as a
# loaded machine may run one browser's script well after another's.
SLOW_PAGE = """(() => {
  const handler = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    get() { return handler.get.call(this); },
    set(f) { handler.set.call(this, (ev) => setTimeout(() => f(ev), %d)); },
  });
})()"""


def test_turns_go_round_when_the_desktop_hears_late(browser, tmp_path):
    """The desktop hears every update 300 ms after the phone, and the turns still go round: whose turn it is
    is read from the desktop once it has caught up with the phone (``caught_up``). Read from the desktop
    straight away, it still says Bea's turn just after she ended it, and the loop waits on her phone until it
    gives up ("no prompt came"): what a loaded machine did to the table tests now and then."""
    config = ServerConfig(allow_seeds=True)
    with LiveServer(f"sqlite:///{tmp_path / 'slow.db'}", config=config) as srv:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
        g = httpx.post(f"{srv.url}/api/games", json={"edition": "classic", "seed": 11, "seats": seats}).json()
        gid = g["id"]
        pages = []
        for seat, ctx, slow in ((0, DESKTOP, True), (1, PHONE, False)):
            joined = httpx.post(f"{srv.url}/api/games/{gid}/join", json={"seat": seat, "invite": g["invite"]})
            context = browser.new_context(**ctx)
            if slow:
                context.add_init_script(SLOW_PAGE % 300)
            page = context.new_page()
            page.goto(f"{srv.url}/game/{gid}#seat={seat}&token={joined.json()['token']}")
            page.wait_for_function("window.om.state().view !== null")
            pages.append(page)
        desk, phone = pages
        movers = []
        while movers.count(1) < 6:
            movers.append(caught_up(desk, phone)["prompt"]["player"])
            assert play_my_turn(desk if movers[-1] == 0 else phone)
        assert (1, 0) in pairwise(movers), movers  # (Bea's turn ended and Ann's began)
        live = srv.app.state.registry.games[gid]
        for page in (desk, phone):
            page.wait_for_function(f"window.om.state().version === {live.version}")


def test_seat_link_opens_the_seat_in_another_browser(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'link.db'}", bot_delay=0.02) as srv:
        first = browser.new_context(**DESKTOP).new_page()
        gid = create_in_lobby(first, srv.url, ["human", "heuristic"], ["Ann", ""])
        play_my_turn(first)
        link = first.input_value("#seat-link")
        assert link.startswith(f"{srv.url}/game/{gid}#seat=0&token=")
        other = browser.new_context(**PHONE).new_page()  # a second device: no shared storage
        requests: list[str] = []
        other.on("request", lambda r: requests.append(r.url))
        other.goto(link)
        other.wait_for_selector("body[data-ready='1']")
        other.wait_for_function("window.om.state().view !== null")
        mine, theirs = state(first), state(other)
        assert theirs["seat"] == 0 and theirs["version"] == mine["version"] == state(first)["version"]
        assert theirs["view"]["players"] == mine["view"]["players"]
        token = link.split("token=")[1].split("&")[0]
        assert not any(token in u for u in requests), "the seat token went out in a request line"
        assert play_my_turn(other)  # and plays it from there
        # the first browser sees that move too; bots may already have played on (their actions are broadcast
        # in slices, so the version can jump past the one the other page showed)
        first.wait_for_function(f"window.om.state().version >= {state(other)['version']}")


def test_host_hands_an_absent_seat_to_a_bot_and_the_timer_plays_a_turn(browser, tmp_path):
    config = ServerConfig(bot_delay=0.02, min_turn_timer=1)
    with LiveServer(f"sqlite:///{tmp_path / 'host.db'}", config=config) as srv:
        host = browser.new_context(**DESKTOP).new_page()
        gid = create_in_lobby(host, srv.url, ["human", "human"], ["Host", "Gone"])
        invite = host.input_value("#invite").split("#invite=")[1]
        joined = httpx.post(f"{srv.url}/api/games/{gid}/join", json={"seat": 1, "invite": invite})
        assert joined.status_code == 200  # seat 1 joined, and then went away
        host.wait_for_selector("#host-panel tr[data-seat='1'] .presence.away")
        while state(host)["view"]["prompt"]["player"] == 0:
            play_my_turn(host)
        before = state(host)["version"]
        host.click("#host-panel button[data-host='bot'][data-seat='1']")  # a bot plays the absent seat
        host.wait_for_selector("#host-panel tr[data-seat='1'] .presence.a-bot-plays")
        assert "stand-in" in host.inner_text("#host-panel tr[data-seat='1'] .presence")  # it only minds the seat
        host.wait_for_function(f"window.om.state().view.prompt.player === 0 && window.om.state().version > {before}")
        host.click("#host-panel button[data-host='take-back'][data-seat='1']")
        host.wait_for_selector("#host-panel tr[data-seat='1'] .presence.away")
        host_token = host.evaluate(f"localStorage.getItem('om-host-{gid}')")
        r = httpx.post(f"{srv.url}/api/games/{gid}/host", json={"command": "timer", "host": host_token, "seconds": 2})
        assert r.status_code == 200, r.text
        while state(host)["view"]["prompt"]["player"] == 0:
            play_my_turn(host)
        # Gone's 2-second turn began on the server before this page saw it: timed from here, the stand-in
        # may act no sooner than 2 s less that delay (1.5 s leaves the page half a second to see it)
        start = time.time()
        host.wait_for_selector("#turn-timer")  # the countdown for Gone's turn
        assert "stand-in minds Gone's turn" in host.inner_text("#turn-timer")
        waited = state(host)["version"]
        host.wait_for_function(
            f"window.om.state().view.prompt.player === 0 && window.om.state().version > {waited}", timeout=15000
        )
        assert time.time() - start >= 1.5  # not before the timer ran out
        assert "Gone" in host.inner_text("#log")


def test_a_private_game_refuses_a_stranger(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'private.db'}", bot_delay=0.02) as srv:
        host = browser.new_context(**DESKTOP).new_page()
        gid = create_in_lobby(host, srv.url, ["human", "human"], ["Ann", "Bo"])
        stranger = browser.new_context(**PHONE).new_page()
        stranger.goto(f"{srv.url}/game/{gid}")  # knows the address, not the invite
        stranger.wait_for_selector("body[data-ready='1']")
        assert state(stranger)["view"] is None  # nothing of the game is shown
        assert stranger.locator("#join-name").count() == 0
        assert "private" in stranger.inner_text("#seatlist")
        lobby = httpx.get(f"{srv.url}/api/games").json()
        assert gid not in str(lobby)
        r = httpx.post(f"{srv.url}/api/games/{gid}/join", json={"seat": 1, "name": "Mallory"})
        assert r.status_code == 403
        stranger.screenshot(path=str(shots_dir(tmp_path) / "private-refused-phone.png"))


def test_a_finished_game_shows_the_standings(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'end.db'}", bot_delay=0.0) as srv:
        page = browser.new_context(**DESKTOP).new_page()
        page.goto(srv.url + "/")
        page.wait_for_selector("#edition option", state="attached")
        page.select_option("#edition", "classic")
        while page.locator(".seat-kind").count() > 3:
            page.locator(".seat-row button").last.click()
        page.locator(".seat-kind").nth(1).select_option("heuristic")
        page.locator(".seat-kind").nth(2).select_option("random")
        page.fill("#opt-max-rounds", "2")
        page.click("#create-game")
        page.wait_for_url("**/game/*")
        page.wait_for_selector("body[data-ready='1']")
        while play_my_turn(page, timeout=30):
            pass
        page.wait_for_selector("#standings")
        rows = page.locator("#standings tr[data-seat]")
        assert rows.count() == 3
        v = state(page)["view"]
        worths = [p["net_worth"] for p in v["players"]]
        first = int(rows.nth(0).get_attribute("data-seat"))
        assert first in v["winners"] and worths[first] == max(worths)
        money = page.inner_text("#standings").replace(",", "")
        assert all(f"${w}" in money for w in worths)
        page.screenshot(path=str(shots_dir(tmp_path) / "standings-desktop.png"))
        gid = page.url.rstrip("/").split("/")[-1]
        refused = httpx.get(f"{srv.url}/api/games/{gid}/replay")  # a private game's replay: not for strangers
        assert refused.status_code == 403
        replay = page.context.new_page()  # the player's replay page, on a phone
        replay.set_viewport_size(PHONE["viewport"])
        replay.goto(f"{srv.url}/replay/{gid}")
        replay.wait_for_selector("body[data-ready='1']")
        replay.click("#replay-last")
        replay.wait_for_selector("#standings")
        no_horizontal_scroll(replay)
        assert "replay" not in replay.inner_text("#players")
        assert replay.inner_text("#replay-first") == "|◀" and replay.inner_text("#replay-last") == "▶|"
        replay.screenshot(path=str(shots_dir(tmp_path) / "replay-phone.png"), full_page=True)
