"""The board module draws what the view says: buildings at the view's hotel level (the quicker game's hotel
comes after three houses, at level 4), driven in chromium with a real view's JSON."""

from __future__ import annotations

import json

import pytest

from openmonopoly.engine.game import Game

from .helpers import LiveServer

pytestmark = pytest.mark.browser


def draw(page, edition: str, view: dict) -> dict:
    """Draw ``view`` with the page's board module; the counts of hotels and houses drawn."""
    return page.evaluate(
        """async ([edition, view]) => {
        const { Board } = await import('/static/board.js');
        const ed = await (await fetch('/api/editions/' + edition)).json();
        const box = document.createElement('div'); document.body.append(box);
        const board = new Board(box, ed);
        board.update(view, view.players.map((p) => p.name));
        return { hotels: box.querySelectorAll('.hotel').length, houses: box.querySelectorAll('.house').length };
    }""",
        [edition, view],
    )


def street_set(game: Game) -> list[int]:
    """The spaces of the first colour group with three streets."""
    return next(list(members) for members in game.edition.group_members if len(members) == 3)


@pytest.mark.parametrize("quicker, hotels, houses", [(True, 3, 0), (False, 0, 12)])
def test_level_four_is_a_hotel_only_in_the_quicker_game(browser, tmp_path, quicker, hotels, houses):
    game = Game("sailormoon", ["Usagi", "Ami"], 1, {"quicker-game": quicker})
    s = game.state
    for pos in street_set(game):  # (set by hand: a drawing test, not a rules test)
        s.owner[pos] = 0
        s.level[pos] = 4
    view = json.loads(json.dumps(game.view(None).to_json()))
    assert view["hotel_level"] == (4 if quicker else 5) and view["houses_per_hotel"] == (3 if quicker else 4)
    with LiveServer(f"sqlite:///{tmp_path / 'draw.db'}") as srv:
        page = browser.new_context().new_page()
        page.goto(srv.url + "/")
        assert draw(page, "sailormoon", view) == {"hotels": hotels, "houses": houses}


def test_token_labels_differ_and_money_zero_has_no_unit(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'labels.db'}") as srv:
        page = browser.new_context().new_page()
        page.goto(srv.url + "/")
        got = page.evaluate("""async () => {
            const { tokenLabels, money } = await import('/static/common.js');
            return { mando: tokenLabels(['Bo-Katan', 'Boba Fett', 'Din Djarin', 'Grogu']),
                     same: tokenLabels(['Ann', 'Ann Lee', 'Bob']), plain: tokenLabels(['Ann', 'Bob']),
                     zero: money({ money_format: '${}K' }, 0), some: money({ money_format: '${}K' }, 250),
                     minus: money({ money_format: '£{}' }, -5) };
        }""")
    assert got["mando"] == ["BK", "BF", "D", "G"]
    assert len(set(got["same"])) == 3 and got["plain"] == ["A", "B"]
    assert (got["zero"], got["some"], got["minus"]) == ("$0", "$250K", "-£5")


def test_empire_swapper_face_and_six_tokens_on_one_space(browser, tmp_path):
    game = Game("empire", ["Ann", "Bo", "Cy", "Di"], 1)
    view = json.loads(json.dumps(game.view(None).to_json()))
    face = game.edition.rules.swapper_face
    view["dice"] = [4, face]
    with LiveServer(f"sqlite:///{tmp_path / 'dice.db'}") as srv:
        page = browser.new_context().new_page()
        page.goto(srv.url + "/")
        got = page.evaluate(
            """async (view) => {
            const { Board } = await import('/static/board.js');
            const ed = await (await fetch('/api/editions/empire')).json();
            const box = document.createElement('div'); box.style.width = '800px'; document.body.append(box);
            const board = new Board(box, ed);
            board.update(view, view.players.map((p) => p.name));
            const boxes = [...box.querySelectorAll('g.token')].map((t) => t.getBoundingClientRect());
            const overlap = boxes.some((a, i) => boxes.some((b, j) => j > i && a.left < b.right && b.left < a.right
                                                                    && a.top < b.bottom && b.top < a.bottom));
            return { faces: [...box.querySelectorAll('.die')].map((d) => d.dataset.face || d.dataset.value),
                     shapes: [...box.querySelectorAll('g.token')].map((t) => t.dataset.shape), overlap };
        }""",
            view,
        )
    assert got["faces"] == ["4", "swapper"]
    assert len(set(got["shapes"])) == 4 and not got["overlap"]  # all four on GO, none covering another


def test_empire_tower_labels_do_not_run_together(browser, tmp_path):
    """Four towers side by side: each tower's height and value label stands apart from its neighbours'."""
    game = Game("empire", ["Ann", "Ben", "Cy", "Di"], 1)
    view = game.view(None).to_json()
    for row in view["players"]:  # two-digit heights and long values: the widest labels
        row["height"], row["tower_value"] = 10, 1000
    with LiveServer(f"sqlite:///{tmp_path / 'e.db'}") as srv:
        page = browser.new_page()
        page.goto(srv.url + "/")
        overlaps = page.evaluate(
            """async (view) => {
            const { Board } = await import('/static/board.js');
            const ed = await (await fetch('/api/editions/empire')).json();
            const box = document.createElement('div'); box.style.width = '900px'; document.body.append(box);
            new Board(box, ed).update(view, view.players.map((p) => p.name));
            const labels = [...box.querySelectorAll('.tower-height, .tower-value')]
                .map((t) => t.getBoundingClientRect());
            const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            let n = 0;
            labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => { if (hit(a, b)) n++; }));
            return [labels.length, n];
        }""",
            view,
        )
        assert overlaps == [8, 0], overlaps
