"""`make play` on a fresh clone installs what playing needs and nothing of the development set or the
web stack (mypyc, for the compiled core, is installed by the background build: see test_first_run.py).

The test reads the commands `make play` runs on a fresh clone (``make -n -B``: every step, nothing run),
asks pip what its install commands would install into an empty environment (``--dry-run
--ignore-installed --report``: the whole resolved set, dependencies of dependencies included) and checks
that none of the development-only packages is among them.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.install  # pip resolves against the package index (or its cache)

ROOT = Path(__file__).resolve().parents[1]


def canonical(requirement: str) -> str:
    name = re.match(r"[A-Za-z0-9._-]+", requirement.strip())
    assert name, requirement
    return re.sub(r"[-_.]+", "-", name.group(0)).lower()


def extra_packages(extras: dict[str, list[str]], extra: str) -> set[str]:
    """An extra's packages, with the package's own extras it names (``openmonopoly[web,sim]``) expanded."""
    found: set[str] = set()
    for requirement in extras[extra]:
        if canonical(requirement) == "openmonopoly":
            for inner in re.search(r"\[([^\]]*)\]", requirement).group(1).split(","):
                found |= extra_packages(extras, inner.strip())
        else:
            found.add(canonical(requirement))
    return found


def dev_only_packages() -> set[str]:
    """The dev extra's packages (every extra's) that neither the runtime dependencies nor the editable
    install's build (setuptools, wheel) need."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needed = {canonical(r) for r in project["dependencies"]} | {"setuptools", "wheel"}
    return extra_packages(project["optional-dependencies"], "dev") - needed


def play_install_commands() -> list[list[str]]:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    steps = subprocess.run(["make", "-n", "-B", "play"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    commands = [shlex.split(line) for line in steps.splitlines() if " pip install " in f" {line} "]
    assert commands, steps
    return commands


def test_the_play_setup_installs_no_development_only_package(tmp_path: Path) -> None:
    dev_only = dev_only_packages()
    assert {"pytest", "playwright", "ray", "open-spiel", "matplotlib", "pyarrow", "fastapi", "mkdocs"} <= dev_only
    installed: set[str] = set()
    for i, command in enumerate(play_install_commands()):
        pip_args = command[command.index("install") + 1 :]
        assert not any(arg == "-r" or arg.startswith("--requirement") for arg in pip_args), command
        report = tmp_path / f"report{i}.json"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--dry-run",
                "--ignore-installed",
                "--quiet",
                "--report",
                str(report),
                *pip_args,
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        installed |= {canonical(item["metadata"]["name"]) for item in json.loads(report.read_text())["install"]}
    assert "openmonopoly" in installed and {"typer", "rich", "pydantic"} <= installed
    assert installed.isdisjoint(dev_only), sorted(installed & dev_only)
