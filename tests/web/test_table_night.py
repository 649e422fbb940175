"""A game night people come back to, end to end in Debian's chromium: a phone (390 x 844) and a desktop
(1366 x 768) at one table. Table talk and a quick reaction, a Get Out of Jail Free card offered in a trade
("you pay / you get" on each side, the offer in the conversation), a timed-out turn where the stand-in buys
nothing and trades nothing, the game's end with its reason, a rematch on the same devices; and the layout
rules measured: at 1366 x 768 the whole board and the prompt fit without scrolling, and at both sizes every
word shown is at least 11 CSS px (the phone's board words are in its Spaces list). Screenshots of each
edition at both sizes (OPENMONOPOLY_SCREENSHOTS=1 writes them to docs/screenshots/).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx
import pytest

from openmonopoly.web.config import ServerConfig

from .helpers import LiveServer, shots_dir, state
from .test_game_night import caught_up, no_horizontal_scroll, play_my_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kit import hold_card  # noqa: E402

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
CONFIG = ServerConfig(allow_seeds=True, min_turn_timer=1)
LEAST_PX = 11

# Every visible word on the page and its size in CSS px (SVG text scaled by its drawing's size).
SMALL_WORDS = """(least) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement; if (!n.textContent.trim() || !e) continue;
    if (e.closest('dialog:not([open]), [hidden], title, script, style')) continue;
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
    let px = parseFloat(getComputedStyle(e).fontSize);
    const svg = e.closest('svg');
    if (svg) {
      const t = e.closest('text');
      if (t && getComputedStyle(t).display === 'none') continue;
      px = parseFloat(t.getAttribute('font-size')) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    }
    if (px < least) out.push(`${n.textContent.trim().slice(0, 30)} (${px.toFixed(1)} px)`);
  }
  return out;
}"""


def fits_without_scrolling(page) -> None:
    """The board and the prompt are wholly inside the window."""
    boxes = page.evaluate(
        "['board', 'prompt'].map((id) => { const r = document.getElementById(id).getBoundingClientRect();"
        " return [id, r.top, r.bottom, r.left, r.right]; })"
    )
    h, w = page.viewport_size["height"], page.viewport_size["width"]
    for name, top, bottom, left, right in boxes:
        inside = top >= 0 and bottom <= h + 0.5 and left >= 0 and right <= w + 0.5
        assert inside, f"{name} is not in the window: {boxes}"


def words_readable(page) -> None:
    small = page.evaluate(SMALL_WORDS, LEAST_PX)
    assert not small, f"words under {LEAST_PX} px on a {page.viewport_size['width']} px screen: {small[:40]}"


def banner_clear(page) -> None:
    """The edition's subtitle sits below the tilted MONOPOLY banner, not under it."""
    banner, subtitle = page.evaluate(
        "['.banner', '.subtitle'].map((q) => { const r = document.querySelector('#board ' + q).getBoundingClientRect();"
        " return [r.top, r.bottom, r.height]; })"
    )
    if subtitle[2] > 0:  # (a phone's board shows no words)
        assert subtitle[0] >= banner[1] - 0.5, f"the subtitle {subtitle} runs under the banner {banner}"


def open_seat(browser, srv, ctx, gid, seat, token, host=None):
    page = browser.new_context(**ctx).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{srv.url}/game/{gid}#seat={seat}&token={token}" + (f"&host={host}" if host else ""))
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function("window.om.state().view !== null")
    return page, errors


def test_game_night_on_a_phone_and_a_desktop(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'table.db'}", bot_delay=0.02, config=CONFIG) as srv:
        body = {
            "edition": "classic",
            "seed": 11,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}, {"kind": "heuristic"}],
            "options": {"max-rounds": 3},
        }
        g = httpx.post(f"{srv.url}/api/games", json=body).json()
        gid, host = g["id"], g["host_token"]
        t0, t1 = (
            httpx.post(f"{srv.url}/api/games/{gid}/join", json={"seat": s, "invite": g["invite"]}).json()["token"]
            for s in (0, 1)
        )
        live = srv.app.state.registry.games[gid]
        hold_card(live.game, 0, 0, 8)  # Ann holds Chance's Get Out of Jail Free card (a position, as the kit sets)
        desk, desk_errors = open_seat(browser, srv, DESKTOP, gid, 0, t0, host)
        phone, phone_errors = open_seat(browser, srv, PHONE, gid, 1, t1)

        # the layout rules
        fits_without_scrolling(desk)
        words_readable(desk)
        words_readable(phone)
        no_horizontal_scroll(phone)
        assert phone.locator("#space-list tr").count() == 40  # the board's words, as a list

        # table talk: a message and a quick reaction, each seen on the other device
        desk.fill("#chat-input", "Good luck, Bea!")
        desk.click("#chat-send")
        phone.wait_for_function("document.getElementById('chat').innerText.includes('Good luck, Bea!')")
        phone.click("#jump-chat")
        phone.click("#chat-form button[data-reaction='Deal?']")
        desk.wait_for_function("document.getElementById('chat').innerText.includes('Deal?')")

        # Ann offers her card for Bea's cash, on her turn
        while state(desk)["view"]["prompt"]["player"] != 0:
            time.sleep(0.05)
        desk.click("#trade")
        desk.select_option("#trade-with", "1")
        desk.check("#trade-give input[data-card='0']")
        desk.select_option("#trade-cash-way", "ask")
        desk.fill("#trade-cash", "40")
        desk.click("#trade-offer")
        phone.wait_for_function("window.om.state().view.prompt.kind === 'trade'")
        offer = phone.inner_text("#offer")
        assert "You get\ta Get Out of Jail Free card (Chance)" in offer and "You pay\t$40" in offer, offer
        assert "-" not in offer
        phone.click("#prompt button[data-action='accept']")
        desk.wait_for_function("window.om.state().view.players[1].jail_cards.length === 1")
        assert state(desk)["view"]["players"][1]["cash"] == 1460
        for page in (desk, phone):  # the offer and its answer in the conversation
            page.wait_for_function("document.querySelectorAll('#chat .trade').length >= 2")

        # Bea steps away on her turn: the timer gives it to the stand-in, which buys and trades nothing
        while state(desk)["view"]["prompt"]["player"] != 1:
            if state(desk)["view"]["prompt"]["player"] == 0:
                play_my_turn(desk)
            time.sleep(0.05)
        before = len(live.game.record()["actions"])
        httpx.post(f"{srv.url}/api/games/{gid}/host", json={"command": "timer", "host": host, "seconds": 1})
        phone.wait_for_selector("#turn-timer")
        assert "stand-in minds your turn" in phone.inner_text("#turn-timer")
        desk.wait_for_function("window.om.state().view.prompt.player !== 1", timeout=15000)
        httpx.post(f"{srv.url}/api/games/{gid}/host", json={"command": "timer", "host": host, "seconds": None})
        minded = [str(live.game.parse_json(d)) for s, d in live.game.record()["actions"][before:] if int(s) == 1]
        assert minded and minded[0] == "roll"
        assert not {a.split()[0] for a in minded} & {"buy", "bid", "trade", "build", "unmortgage"}, minded

        # the rest of the game, each on their own device; when the phone's turn comes the prompt is in view
        for _ in range(200):
            v = caught_up(desk, phone)
            if v["over"]:
                break
            mover = v["prompt"]["player"]
            if mover == 1:
                phone.wait_for_function("document.body.classList.contains('my-turn')")
                phone.wait_for_timeout(400)  # (the scroll)
                top, bottom = phone.evaluate(
                    "(() => { const r = document.getElementById('prompt').getBoundingClientRect();"
                    " return [r.top, r.bottom]; })()"
                )
                bar = phone.is_visible("#turnbar")
                assert bar or (top < 844 and bottom > 0), "the prompt is off screen and no 'Your turn' bar shows"
                play_my_turn(phone, others_may_move=True)
            elif mover == 0:
                play_my_turn(desk, others_may_move=True)
            else:
                time.sleep(0.05)
        desk.wait_for_selector("#over-reason")
        assert desk.inner_text("#over-reason").strip()  # why the game ended, in words
        fits_without_scrolling(desk)
        words_readable(desk)
        shots = shots_dir(tmp_path)
        desk.screenshot(path=str(shots / "table-night-desktop.png"))
        phone.screenshot(path=str(shots / "table-night-phone.png"))

        # rematch: the host confirms; each device keeps its seat
        desk.click("#rematch")
        desk.wait_for_function(f"location.pathname !== '/game/{gid}'")
        new = desk.url.rstrip("/").split("/")[-1]
        assert new != gid
        desk.wait_for_function("window.om.state().view !== null && window.om.state().seat === 0")
        phone.wait_for_selector("#rematch-go")
        phone.click("#rematch-go")
        phone.wait_for_url(f"**/game/{new}")
        phone.wait_for_function("window.om.state().view !== null && window.om.state().seat === 1")
        assert not desk_errors and not phone_errors, desk_errors + phone_errors


@pytest.mark.parametrize("edition", ["classic", "mandalorian", "empire", "starwars40", "clonewars", "sailormoon"])
def test_each_edition_at_both_sizes(browser, tmp_path, edition):
    """Each edition's board at a phone's and a desktop's size: the layout rules, and the screenshots."""
    with LiveServer(f"sqlite:///{tmp_path / 'e.db'}", bot_delay=0.05, config=CONFIG) as srv:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "heuristic"}, {"kind": "heuristic"}]
        g = httpx.post(f"{srv.url}/api/games", json={"edition": edition, "seed": 5, "seats": seats}).json()
        gid = g["id"]
        token = httpx.post(f"{srv.url}/api/games/{gid}/join", json={"seat": 0, "invite": g["invite"]}).json()["token"]
        for name, ctx in (("desktop", DESKTOP), ("phone", PHONE)):
            page, errors = open_seat(browser, srv, ctx, gid, 0, token, g["host_token"])
            for _ in range(3):  # a few turns, so that the board has owners and tokens away from GO
                play_my_turn(page)
            page.wait_for_function("window.om.state().view.prompt.player === 0")
            page.wait_for_timeout(600)  # (dice and tokens settle)
            words_readable(page)
            banner_clear(page)
            if name == "desktop":
                fits_without_scrolling(page)
            else:
                no_horizontal_scroll(page)
            page.screenshot(path=str(shots_dir(tmp_path) / f"{edition}-{name}.png"))
            assert not errors, errors
            page.context.close()


def test_the_seat_picker_and_the_invite_page(browser, tmp_path):
    """The seat picker keeps levels and algorithms apart; the invite page shows no empty panels."""
    with LiveServer(f"sqlite:///{tmp_path / 'i.db'}", bot_delay=0.05, config=CONFIG) as srv:
        page = browser.new_context(**PHONE).new_page()
        page.goto(srv.url + "/")
        page.wait_for_selector(".seat-kind optgroup", state="attached")
        groups = page.eval_on_selector(
            ".seat-kind", "(s) => [...s.querySelectorAll('optgroup')].map((g) => [g.label, g.children.length])"
        )
        assert [label for label, _ in groups] == ["Opponent, by level", "Bot, by algorithm"]
        seats = [{"kind": "human"}, {"kind": "human"}]
        g = httpx.post(f"{srv.url}/api/games", json={"edition": "classic", "seats": seats}).json()
        page.goto(f"{srv.url}/game/{g['id']}#invite={g['invite']}")
        page.wait_for_selector("#join-name")
        assert not page.is_visible("#players-panel") and not page.is_visible("#log-panel")
