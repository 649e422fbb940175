"""The lobby's "Who may come" settings in Debian's chromium: what the host chooses before the game exists
(the spectators' channel, seats per guest) is what the game is created with, and the host's panel then
shows it."""

from __future__ import annotations

import pytest

from .helpers import LiveServer, lobby_page

pytestmark = pytest.mark.browser


def _lobby(browser, srv):  # noqa: ANN001, ANN202
    errors: list[str] = []
    return lobby_page(browser, srv.url, errors), errors


def _create_and_read(page) -> dict:  # noqa: ANN001
    """Press "Create game", wait for the game's page, and read the game as the server holds it."""
    page.check("#public")
    page.click("#create-game")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("body[data-ready='1']")
    gid = page.url.rstrip("/").split("/")[-1]
    return page.evaluate("(gid) => fetch('/api/games/' + gid).then((r) => r.json())", gid)


def test_lobby_creates_the_game_with_its_spectator_channel_and_seats_per_guest(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'lobby.db'}", bot_delay=0.02) as srv:
        page, errors = _lobby(browser, srv)
        # The spectators' channel can only be opened once spectators may watch.
        assert page.locator("#spectator-chat").is_disabled()
        page.check("#spectators")
        assert page.locator("#spectator-chat").is_enabled()
        page.check("#spectator-chat")
        # Four seats: a guest may take one to three of them, or any number; one is the default.
        choices = page.locator("#seats-per-guest option")
        assert [choices.nth(i).inner_text() for i in range(choices.count())] == [
            "1 seat",
            "2 seats",
            "3 seats",
            "Any number",
        ]
        assert page.locator("#seats-per-guest").input_value() == "1"
        page.select_option("#seats-per-guest", "3")
        page.select_option(".seat-kind >> nth=1", "human")
        page.click("#add-seat")  # a fifth seat keeps the choice made
        assert page.locator("#seats-per-guest").input_value() == "3"
        info = _create_and_read(page)
        assert (info["spectators"], info["spectator_chat"], info["seats_per_guest"]) == (True, True, 3)
        assert len(info["seats"]) == 5
        assert errors == []


def test_lobby_defaults_keep_spectators_silent_and_one_seat_per_guest(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'lobby.db'}", bot_delay=0.02) as srv:
        page, errors = _lobby(browser, srv)
        page.check("#spectators")
        page.check("#spectator-chat")
        page.uncheck("#spectators")  # closing the door to spectators closes their channel too
        assert not page.locator("#spectator-chat").is_checked()
        info = _create_and_read(page)
        assert (info["spectators"], info["spectator_chat"], info["seats_per_guest"]) == (False, False, 1)
        assert errors == []
