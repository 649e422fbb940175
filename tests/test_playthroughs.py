"""The golden playthroughs (``tests/playthroughs/``, written by ``python tools/golden.py``) replay exactly.

One file per edition and per variant the catalogue declares (``playthrough.playthroughs``); a game
without a file fails, and so does a file no game writes. A difference fails at its first line; when
the change of play is meant (a rules fix, a bot change), regenerate and read the diff.
"""

from __future__ import annotations

import pytest

from openmonopoly import catalogue
from playthrough import DIRECTORY, REGENERATE, Playthrough, playthroughs, transcript

GAMES = playthroughs()


@pytest.mark.parametrize("pt", GAMES, ids=[pt.name for pt in GAMES])
def test_playthrough_replays(pt: Playthrough) -> None:
    if not pt.path.exists():
        pytest.fail(
            f"{pt.name} ({pt.edition}, options {pt.options}) has no playthrough file {pt.path.name}; "
            f"write it with: {REGENERATE} {pt.name}"
        )
    expected = pt.path.read_text(encoding="utf-8").splitlines()
    actual = transcript(pt)
    for i, (want, got) in enumerate(zip(expected, actual, strict=False), 1):
        if want != got:
            pytest.fail(
                f"{pt.path.name} line {i} differs:\n  golden: {want}\n  now:    {got}\n"
                f"(if the change of play is meant: {REGENERATE} {pt.name}, and read the diff)"
            )
    if len(expected) != len(actual):
        longer = expected if len(expected) > len(actual) else actual
        pytest.fail(
            f"{pt.path.name}: the file has {len(expected)} lines, the game now gives {len(actual)}; "
            f"first extra line: {longer[min(len(expected), len(actual))]}\n({REGENERATE} {pt.name})"
        )


def test_every_edition_and_option_has_a_playthrough() -> None:
    """Each edition plays once with its base options, and each option it declares is played away from
    its default in some playthrough of that edition."""
    infos = catalogue.editions()
    assert {pt.edition for pt in GAMES} == {info.id for info in infos}
    for info in infos:
        for option in info.options:
            assert any(
                pt.edition == info.id and pt.options.get(option.name, option.default) != option.default for pt in GAMES
            ), f"{info.id}: option {option.name} is played by no playthrough"


def test_no_playthrough_file_without_a_game() -> None:
    stale = sorted(p.name for p in DIRECTORY.glob("*.txt"))
    known = {pt.path.name for pt in GAMES}
    assert [name for name in stale if name not in known] == [], (
        f"playthrough files no edition or variant writes now; {REGENERATE} removes them"
    )
