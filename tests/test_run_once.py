"""Every entry of ``RUN_ONCE`` (tests/conftest.py) names a folder, module or test function that exists:
a misspelt entry would silently run its tests twice in CI, or a renamed module would lose its mark."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import RUN_ONCE

TESTS = Path(__file__).resolve().parent


def test_every_run_once_entry_names_something_that_exists() -> None:
    for entry in RUN_ONCE:
        module, _, function = entry.partition("::")
        function = function.split("[")[0]  # (a parameter set of the function)
        path = TESTS / module
        if entry.endswith("/"):
            assert path.is_dir() and list(path.glob("test_*.py")), f"{entry}: no such test folder"
            continue
        assert path.is_file(), f"{entry}: no such test module"
        if function:
            names = {node.name for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.FunctionDef)}
            assert function in names, f"{entry}: {module} has no test {function}"
