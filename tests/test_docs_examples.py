"""The documentation site's examples run: every ```python block of every page the site builds (mkdocs.yml's
nav and docs_dir), each page's blocks in order in one namespace, as a reader would paste them; and the
docstring examples (``>>>``) of the public modules the API reference renders. A page whose code no longer
runs fails here, so the docs cannot drift from the API. (`make docs` builds the site itself; a test
builds it too when mkdocs is installed.)"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def site_pages() -> list[Path]:
    """Every markdown page mkdocs builds: all of docs/ (pages outside the nav are built too)."""
    return sorted(DOCS.rglob("*.md"))


def python_blocks(page: Path) -> list[str]:
    return BLOCK.findall(page.read_text(encoding="utf-8"))


PAGES_WITH_CODE = [p for p in site_pages() if python_blocks(p)]


def test_the_guide_pages_have_examples():
    names = {p.relative_to(DOCS).as_posix() for p in PAGES_WITH_CODE}
    assert {"index.md", "guide/python.md", "reference/bot-api.md"} <= names


@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=[p.relative_to(DOCS).as_posix() for p in PAGES_WITH_CODE])
def test_every_python_example_on_the_page_runs(page):
    namespace: dict = {"__name__": f"docs_{page.stem}"}
    for number, code in enumerate(python_blocks(page), 1):
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(code, f"{page.relative_to(ROOT)} (example {number})", "exec"), namespace)
        except Exception as exc:  # noqa: BLE001 - the page's reader would see this
            pytest.fail(f"{page.relative_to(ROOT)}, example {number}: {type(exc).__name__}: {exc}\n{code}")


def test_the_example_printing_a_refusal_shows_the_reason():
    """(the guide's refusal example prints the engine's sentence, not an empty line)"""
    guide = DOCS / "guide" / "python.md"
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for code in python_blocks(guide)[:3]:
            exec(code, namespace)
    assert "bid" in out.getvalue().splitlines()[-1]


@pytest.mark.parametrize(
    "module",
    ["openmonopoly.engine.game", "openmonopoly.engine.view", "openmonopoly.engine.prompt", "openmonopoly.editions"],
)
def test_docstring_examples_run(module):
    import importlib

    mod = importlib.import_module(module)
    if not mod.__file__.endswith(".py"):
        pytest.skip("compiled module: its docstrings are the sources', tested from the pure-Python run")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.skipif(
    shutil.which("mkdocs") is None and not (Path(sys.executable).parent / "mkdocs").exists(),
    reason="the [docs] extra is not installed",
)
def test_the_site_builds_strictly(tmp_path):
    mkdocs = shutil.which("mkdocs") or str(Path(sys.executable).parent / "mkdocs")
    run = subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-3000:]
    api = (tmp_path / "site" / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    assert "legal_actions" in api and "A game of one edition" in api
