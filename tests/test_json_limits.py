"""Deep or huge JSON in a file a person names is refused with the file and the limit, never a traceback:
`play --load`, `replay`, `play --edition FILE` and `editions --check`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from openmonopoly.cli.main import app
from openmonopoly.json_limits import MAX_DEPTH, MAX_DIGITS, nesting_depth

runner = CliRunner()
HUGE = '{"format": 1, "edition": "classic", "n": ' + "7" * 4300 + "}"
DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize("text, limit", [(HUGE, f"at most {MAX_DIGITS}"), (DEEP, f"at most {MAX_DEPTH}")])
@pytest.mark.parametrize(
    "command",
    [["play", "--load", "{f}"], ["replay", "{f}"], ["play", "--edition", "{f}"], ["editions", "--check", "{f}"]],
    ids=["play-load", "replay", "play-edition", "editions-check"],
)
def test_deep_or_huge_json_is_refused_with_the_file_and_the_limit(tmp_path, command, text, limit):
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = runner.invoke(app, [str(path) if a == "{f}" else a for a in command], input="")
    out = result.output
    assert result.exit_code != 0
    assert (
        "Traceback" not in out
        and not isinstance(result.exception, (RecursionError, ValueError))
        or (isinstance(result.exception, SystemExit))
    )
    assert str(path) in " ".join(out.split()).replace(" ", "") or str(path) in out.replace("\n", "")
    assert limit in " ".join(out.split())


def test_brackets_inside_strings_do_not_count():
    assert nesting_depth('{"a": "[[[[[[", "b": [1, {"c": "\\"]]]"}]}') == 3
