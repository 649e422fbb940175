"""What people see when a server is shared with strangers, in Debian's chromium: three links that cannot be
confused (the invite first, the seat link behind "move my seat", the host's powers in a link of their own),
a removed player and a stale seat or invite link shown a page that says what happened and what to do, a
player taking their seat back from a bot, and an imported game saying it goes on from a record."""

from __future__ import annotations

import httpx
import pytest

from openmonopoly import Game

from .helpers import OPEN, LiveServer, state
from .test_game_night import DESKTOP, PHONE, create_in_lobby

pytestmark = pytest.mark.browser


def gone_text(page) -> str:  # noqa: ANN001
    page.wait_for_selector("#gone", timeout=10000)
    return page.inner_text("#gone")


def test_three_links_that_cannot_be_confused(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'links.db'}", bot_delay=0.02) as srv:
        host = browser.new_context(**DESKTOP).new_page()
        gid = create_in_lobby(host, srv.url, ["human", "human"], ["Ann", ""])
        host.wait_for_selector("#invite")
        # the invite link comes first and shows; the seat link waits behind "Move my seat to another device"
        first = host.evaluate(
            "document.querySelector('#invite').compareDocumentPosition(document.querySelector('#seat-link'))"
        )
        assert first & 4, "the invite link is not before the seat link"
        assert host.is_visible("#invite") and not host.is_visible("#seat-link") and not host.is_visible("#host-link")
        host.click("#move-seat summary")
        assert host.is_visible("#seat-link")
        invite, seat_link, host_link = (host.input_value(s) for s in ("#invite", "#seat-link", "#host-link"))
        assert "#invite=" in invite and "token=" not in invite and "host=" not in invite
        assert "#seat=0&token=" in seat_link and "host=" not in seat_link  # a seat link never carries the host
        assert "#host=" in host_link and "token=" not in host_link and "invite=" not in host_link
        buttons = [host.text_content(f"#{s}-copy") for s in ("invite", "seat-link", "host-link")]
        assert buttons == ["Copy invite link", "Copy my seat link", "Copy host link"]
        # pasted into another device, each link gives what it says and nothing more
        seat_page = browser.new_context(**PHONE).new_page()
        seat_page.goto(seat_link)
        seat_page.wait_for_function("window.om.state().view !== null")
        assert state(seat_page)["seat"] == 0 and seat_page.locator("#host-panel").count() == 0
        host_page = browser.new_context(**DESKTOP).new_page()
        host_page.goto(host_link)
        host_page.wait_for_selector("#host-panel")
        assert state(host_page)["seat"] is None
        assert gid in host_link


def test_kicked_player_and_stale_links_get_a_page_that_says_what_to_do(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'kick.db'}", bot_delay=0.3) as srv:
        host = browser.new_context(**DESKTOP).new_page()
        host.on("dialog", lambda d: d.accept())
        gid = create_in_lobby(host, srv.url, ["human", "human"], ["Ann", ""])
        invite = host.input_value("#invite")
        friend_ctx = browser.new_context(**PHONE)
        friend = friend_ctx.new_page()
        friend.goto(invite)
        friend.wait_for_selector("#join-name")
        friend.fill("#join-name", "Bea")
        friend.click("#seatlist button[data-seat='1']")
        friend.wait_for_function("window.om.state().seat === 1 && window.om.state().view !== null")
        friend.click("#move-seat summary")
        old_seat_link = friend.input_value("#seat-link")
        # the host hands Bea's seat to a bot; Bea takes it back herself
        host.wait_for_selector("#host-panel button[data-host='bot'][data-seat='1']")
        host.click("#host-panel button[data-host='bot'][data-seat='1']")
        friend.wait_for_selector("#reclaim")
        friend.click("#reclaim")
        friend.wait_for_function("window.om.state().info.seats[1].stand_in === null")
        host.wait_for_function("window.om.state().info.seats[1].stand_in === null")
        # removed: a page that says so, not "Connecting…"
        host.click("#host-panel button[data-host='remove'][data-seat='1']")
        text = gone_text(friend)
        assert "removed you" in text and "new invite link" in text and "Connecting" not in friend.inner_text("#prompt")
        # the host's page shows the new invite link to re-share, and says why it changed
        host.wait_for_selector("#invite-changed")
        assert "because you removed Bea" in host.inner_text("#invite-changed")
        new_invite = host.input_value("#invite")
        assert new_invite != invite and "#invite=" in new_invite
        # Bea reloads, opens the old invite from the chat, or her old seat link: always the removed page
        for go in (friend.reload, lambda: (friend.goto("about:blank"), friend.goto(invite)), None):
            if go is None:
                friend.goto("about:blank")
                friend.goto(old_seat_link)
            else:
                go()
            text = gone_text(friend)
            assert "You were removed from this game" in text and "Ask the host for a new invite link" in text, text
            assert friend.locator("#gone-watch").count() == 0 and friend.locator("#join-name").count() == 0
            assert state(friend)["seat"] is None
        # the old seat link, opened anywhere, says what happened and what to do
        stale = browser.new_context(**PHONE).new_page()
        stale.goto(old_seat_link)
        assert "removed you" in gone_text(stale)
        # someone else still holding the old invite is told it was replaced
        old_invite_page = browser.new_context(**PHONE).new_page()
        old_invite_page.goto(invite)
        text = gone_text(old_invite_page)
        assert "This invite link no longer works" in text and "new one" in text
        # the new invite link works for a newcomer, and for Bea once the host sends it to her
        newcomer = browser.new_context(**PHONE).new_page()
        newcomer.goto(new_invite)
        newcomer.wait_for_selector("#seatlist button[data-seat='1']")
        assert gid in newcomer.url
        friend.goto("about:blank")
        friend.goto(new_invite)
        friend.wait_for_selector("#seatlist button[data-seat='1']")
        assert friend.locator("#gone").count() == 0
        # a new invite link by hand: the one the host shared is refused with a page that says so
        host.click("#new-invite")
        host.wait_for_function(f"!document.querySelector('#invite').value.endsWith({new_invite.split('#')[1]!r})")
        assert host.locator("#invite-changed").count() == 0
        newcomer.reload()
        text = gone_text(newcomer)
        assert "This invite link no longer works" in text and "new one" in text


def test_an_imported_game_says_it_continues_from_a_record(browser, tmp_path):
    game = Game("classic", ["A", "B"], 12)
    for _ in range(6):
        p = game.prompt
        game.act(p.player, game.legal_actions(p.player).actions[0])
    with LiveServer(f"sqlite:///{tmp_path / 'rec.db'}", bot_delay=0.02) as srv, httpx.Client(base_url=srv.url) as http:
        g = http.post("/api/games", json={"record": game.record(), "kinds": ["human", "random"], **OPEN}).json()
        page = browser.new_context(**DESKTOP).new_page()
        page.goto(f"{srv.url}/game/{g['id']}")
        page.wait_for_selector("#continued")
        assert "continued from a record" in page.inner_text("#continued")
