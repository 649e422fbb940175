"""`pip install openmonopoly` is the engine and the command line; the rest comes with extras. A command
whose extra is missing says which extra to install (tested by hiding the extra's packages from a fresh
interpreter), and the README's table of extras is the package's."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from openmonopoly.extras import EXTRAS, needs_extra

ROOT = Path(__file__).resolve().parents[1]

# A fresh interpreter in which the named top-level packages cannot be imported (as if not installed).
HIDING = textwrap.dedent(
    """
    import sys
    HIDDEN = set(sys.argv[1].split(","))

    class NotInstalled:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.partition(".")[0] in HIDDEN:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NotInstalled)
    sys.argv = ["openmonopoly", *sys.argv[2:]]
    if sys.argv[1] == "-c":
        exec(sys.argv[2])
    else:
        from openmonopoly.cli.main import app
        app()
    """
)


def without(hidden: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env["COLUMNS"] = "300"  # one-line errors stay on one line
    return subprocess.run(
        [sys.executable, "-c", HIDING, hidden, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


SIM = ["simulate", "--games", "2", "--seats", "random,random", "--max-rounds", "5", "--workers", "1"]
CASES = [
    ("serve", "fastapi", ["serve", "--port", "1"], "the web game needs the [web] extra"),
    ("report", "matplotlib", [*SIM, "--report", "{tmp}/r"], "--report (its plots: matplotlib) needs the [sim] extra"),
    ("parquet", "pyarrow", [*SIM, "--out", "{tmp}/g.parquet"], "writing Parquet (pyarrow) needs the [sim] extra"),
    ("ray", "ray", ["simulate", "--games", "2", "--backend", "ray"], "the ray backend needs the [ray] extra"),
    ("analyze", "numpy", ["analyze", "landing", "--json"], "pip install 'openmonopoly[analysis]'"),
    ("rl", "gymnasium,pettingzoo", ["-c", "import openmonopoly.rl"], "openmonopoly.rl needs the [rl] extra"),
]


@pytest.mark.parametrize("hidden, args, said", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_command_whose_extra_is_missing_says_which_extra_to_install(tmp_path, hidden, args, said):
    run = without(hidden, *[a.replace("{tmp}", str(tmp_path)) for a in args], cwd=tmp_path)
    assert run.returncode != 0
    assert said in run.stderr, run.stderr[-2000:]
    extra = re.search(r"openmonopoly\[(\w+)\]", said) or re.search(r"\[(\w+)\] extra", said)
    assert extra and f"pip install 'openmonopoly[{extra.group(1)}]'" in run.stderr
    if hidden != "gymnasium,pettingzoo":
        assert "Traceback" not in run.stderr, run.stderr[-2000:]


def test_the_engine_and_the_command_line_need_no_extra(tmp_path):
    """With every extra's packages hidden, a bot game is played and simulated to CSV."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower() for r in project["dependencies"]}
    hidden = {"fastapi", "uvicorn", "sqlalchemy", "psycopg", "starlette", "matplotlib", "pyarrow", "ray"}
    hidden |= {"gymnasium", "pettingzoo", "pyspiel", "mkdocs", "pytest"}
    assert not hidden & core
    run = without(",".join(sorted(hidden)), *SIM, "--out", str(tmp_path / "g.csv"), "--json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert len((tmp_path / "g.csv").read_text().splitlines()) == 3
    play = without(
        ",".join(sorted(hidden)),
        "-c",
        "import openmonopoly as om; from openmonopoly.agents import make_agent;"
        "g = om.Game('classic', 2, seed=1, options={'max-rounds': 30});"
        "g.play_out([make_agent('heuristic', s) for s in range(2)]);"
        "print('over', g.over, 'turns', g.state.turns)",
        cwd=tmp_path,
    )
    assert play.returncode == 0 and "over True" in play.stdout, play.stderr[-2000:]


def test_the_web_stack_is_not_a_dependency_of_the_engine():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = " ".join(project["dependencies"])
    for web in ("fastapi", "uvicorn", "sqlalchemy", "psycopg"):
        assert web not in core and any(web in r for r in project["optional-dependencies"]["web"])
    dev = project["optional-dependencies"]["dev"]
    listed = re.search(r"openmonopoly\[([\w,]+)\]", " ".join(dev))
    assert listed and set(EXTRAS) <= set(listed.group(1).split(","))  # the tests cover every extra


def test_the_readme_says_which_extra_each_command_needs():
    readme = (ROOT / "README.md").read_text()
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    for extra in EXTRAS:
        assert extra in extras
        assert re.search(rf"^\| `\[{extra}\]` \|", readme, re.M), f"the README's table of extras lacks [{extra}]"


def test_an_unknown_extra_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown extra 'webb'"):
        needs_extra("x", "webb")
