"""docs/reference/bot-api.md, the bot-side API's reference, is what the code says: every prompt kind
(every step class that asks something, in every family) with its details keys, accepted answers and a
real example, and every view member. tools/bot_api_reference.py writes it (from this checkout's sources,
pure Python); this test fails when the committed page is stale."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "bot_api_reference.py"
PAGE = ROOT / "docs" / "reference" / "bot-api.md"


def tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, env=dict(os.environ), timeout=600
    )


@pytest.fixture(scope="module")
def kinds() -> list[tuple[str, str]]:
    run = tool("--kinds")
    assert run.returncode == 0, run.stderr
    return [tuple(pair) for pair in json.loads(run.stdout)]


def test_the_committed_page_is_what_the_code_says():
    run = tool("--check")
    assert run.returncode == 0, run.stderr


def test_every_prompt_kind_is_there_with_when_its_details_and_a_real_example(kinds):
    page = PAGE.read_text(encoding="utf-8")
    names = {kind for _, kind in kinds}
    assert {"turn", "buy", "auction", "debt", "trade", "claim-rent", "building-shortage", "place-building"} <= names
    assert {"battle", "place-grogu", "swap", "respond", "character", "mission"} <= names
    for family, kind in kinds:
        section = page.split(f"### {family}\n", 1)[1].split("\n### ", 1)[0]
        row = next((line for line in section.splitlines() if line.startswith(f"| `{kind}` |")), None)
        assert row is not None, (family, kind)
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", row)[1:-1]]
        assert len(cells) == 5, row
        assert cells[1] and not cells[1].startswith("("), f"{kind}: no docstring says when it is asked"
        assert cells[2] != "(none)" or kind in ("battle",), f"{family} {kind}: no details keys"
        assert "→" in cells[4], f"{family} {kind}: no example prompt"


def test_the_details_keys_listed_are_the_ones_a_real_prompt_has():
    import openmonopoly as om

    game = om.Game("classic", 2, seed=3)
    game.chance.force_dice(1, 2)  # to Baltic Avenue, for sale
    game.act(game.prompt.player, "roll")
    assert game.prompt.kind == "buy"
    row = next(line for line in PAGE.read_text(encoding="utf-8").splitlines() if line.startswith("| `buy` |"))
    assert all(f"`{key}`" in row for key in game.prompt.details)


def test_every_public_view_member_is_documented():
    page = PAGE.read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| `engine.view.View` |")]
    members = [line.split("|")[2].strip().strip("`") for line in rows]
    for name in ("legal_actions()", "parse(text", "check(action", "sample_game(seed", "prompt", "cash"):
        assert any(member.startswith(name) for member in members), name
    for line in rows:
        assert line.split("|")[3].strip(), f"undocumented: {line}"
