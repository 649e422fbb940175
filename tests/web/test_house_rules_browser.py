"""House rules in the browser (Debian's chromium, Playwright): the lobby's presets (choose one, read what it
plays, create the game, the game plays by it) and the Free Parking pot on the game page."""

from __future__ import annotations

import pytest

from openmonopoly.engine.game import Game

from .helpers import LiveServer, lobby_page, seated_page, state
from .test_browser import click_action, wait_my_prompt

pytestmark = pytest.mark.browser

POPULAR = {"free-parking-pot": 0, "go-bonus": True, "no-auctions": True}


def test_lobby_preset_explained_and_carried_into_the_game(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'lobby.db'}", bot_delay=0.02) as srv:
        errors: list[str] = []
        page = lobby_page(browser, srv.url, errors)
        assert page.locator("#house-rules-field").is_visible()
        menu = [o.strip() for o in page.locator("#house-preset option").all_inner_texts()]
        assert menu == ["by the book", "Popular", "Family night"]
        assert page.locator("#house-preset-note").inner_text() == ""
        # Family night first, then popular: a preset sets every house rule, so family night's are cleared.
        page.select_option("#house-preset", "family-night")
        assert page.locator("#opt-jail-no-rent").is_checked()
        assert page.locator("#opt-starting-cash").input_value() == "2000"
        page.select_option("#house-preset", "popular")
        note = page.locator("#house-preset-note").inner_text()
        assert note.startswith("Popular plays: Free parking pot (0), Go bonus, No auctions")
        assert "the other house rules are off" in note
        assert page.locator("#opt-go-bonus").is_checked() and page.locator("#opt-no-auctions").is_checked()
        assert page.locator("#opt-free-parking-pot").input_value() == "0"
        assert not page.locator("#opt-jail-no-rent").is_checked()
        assert page.locator("#opt-starting-cash").input_value() == ""
        # Each house rule is explained beside its box, in the edition's words.
        label = page.locator("#house-rules label[for='opt-free-parking-pot']").inner_text()
        assert "landing on Free Parking takes it" in label
        page.click("#create-game")
        page.wait_for_url("**/game/*")
        page.wait_for_selector("body[data-ready='1']")
        view = state(page)["view"]
        assert {k: view["options"].get(k) for k in POPULAR} == POPULAR
        assert "jail-no-rent" not in view["options"] and "starting-cash" not in view["options"]
        # The game plays by it: the pot is there, shown above the prompt (a bot may have paid a tax into it).
        pot, shown = shown_pot(page)
        assert isinstance(pot, int) and shown == f"Free Parking pot: ${pot:,}"
        assert not errors, errors


def test_lobby_by_the_book_clears_the_preset(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'book.db'}", bot_delay=0.02) as srv:
        page = lobby_page(browser, srv.url)
        page.select_option("#house-preset", "popular")
        page.select_option("#house-preset", "")
        assert page.locator("#house-preset-note").inner_text() == ""
        assert not page.locator("#opt-go-bonus").is_checked()
        page.click("#create-game")
        page.wait_for_url("**/game/*")
        page.wait_for_selector("body[data-ready='1']")
        view = state(page)["view"]
        assert not set(POPULAR) & set(view["options"]) and "pot" not in view
        assert page.locator("#pot").is_hidden()


def shown_pot(page) -> tuple[int, str]:  # noqa: ANN001
    """The view's pot and what the page shows of it, read at one moment (bots may act at any time)."""
    pot, text = page.evaluate("[window.om.state().view.pot, document.getElementById('pot').textContent]")
    return pot, text


def _record_with_money_in_the_pot() -> dict:
    """Seat 1 rolls onto Income Tax: 200 waits in the pot; seat 0's turn next."""
    game = Game("classic", ["You", "Ann"], 1, options={"free-parking-pot": 0})
    assert game.prompt.player == 1
    game.chance.force_dice(1, 3)
    game.act(1, "roll")
    assert game.state.pot == 200 and game.prompt.player == 0
    return game.record()


def test_the_pot_is_shown_on_the_game_page_and_follows_the_game(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'pot.db'}", bot_delay=0.02) as srv:
        errors: list[str] = []
        body = {"record": _record_with_money_in_the_pot(), "kinds": ["human", "heuristic"]}
        page = seated_page(browser, srv.url, body, errors)
        pot = page.locator("#pot")
        assert pot.is_visible() and pot.inner_text() == "Free Parking pot: $200"
        # It sits above the prompt, inside the board's centre.
        assert page.locator("#centre > #pot + #prompt").count() == 1
        for _ in range(6):  # play on: what the page shows is the view's pot, whatever happens to it
            s = wait_my_prompt(page)
            if s["view"]["over"]:
                break
            legal = s["view"]["legal"]
            pick = next((a for a in ("roll", "buy", "pay", "end") if a in legal), None)
            if pick is None:
                break
            click_action(page, pick)
            amount, shown = shown_pot(page)
            assert shown == f"Free Parking pot: ${amount:,}"
        assert not errors, errors


def test_a_game_by_the_book_shows_no_pot(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'nopot.db'}", bot_delay=0.02) as srv:
        page = seated_page(
            browser, srv.url, {"edition": "classic", "seats": [{"kind": "human"}, {"kind": "heuristic"}]}
        )
        assert "pot" not in state(page)["view"]
        assert page.locator("#pot").is_hidden() and page.locator("#pot").inner_text() == ""
