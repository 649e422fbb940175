"""The package's layering, read from the sources: no import cycle between its top-level parts, and
no dispatch on a rules family's name outside the families.

A top-level part is a subpackage (``engine``, ``rules``, ``cli``, ...) or a top-level module
(``registry``, ``catalogue``, ...). Every import counts, at module level or inside a function,
except those under ``if TYPE_CHECKING:`` (they are never executed).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import openmonopoly

PACKAGE = Path(openmonopoly.__file__).resolve().parent
ROOT = PACKAGE.name  # "openmonopoly"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(path: Path) -> set[str]:
    """The modules of the package that ``path`` imports (TYPE_CHECKING blocks left out)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.split(".")[0] == ROOT)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if target.split(".")[0] == ROOT:
                    found.add(target)
                    found.update(f"{target}.{a.name}" for a in child.names)  # (``from .. import registry``)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def _part(module: str) -> str | None:
    """The top-level part a module belongs to (None: the package itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def part_graph() -> dict[str, set[str]]:
    known = {
        p.stem if p.is_file() else p.name
        for p in PACKAGE.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p.is_dir() and (p / "__init__.py").exists())
    }
    graph: dict[str, set[str]] = {k: set() for k in known}
    for path in PACKAGE.rglob("*.py"):
        if "build" in path.relative_to(PACKAGE).parts:
            continue
        src = _part(_module_name(path))
        if src is None:
            continue  # openmonopoly/__init__.py, the facade on top of everything
        for target in _imports(path):
            dst = _part(target)
            if dst is not None and dst != src and dst in known:
                graph[src].add(dst)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def dfs(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = dfs(node)
            if found:
                return found
    return None


def test_no_import_cycle_between_the_top_level_parts() -> None:
    graph = part_graph()
    assert {"engine", "editions", "rules", "registry", "catalogue", "cli", "web"} <= set(graph)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_engine_and_the_edition_loader_know_no_family() -> None:
    graph = part_graph()
    assert "rules" not in graph["engine"] and "rules" not in graph["editions"]
    assert graph["registry"] == set() and graph["errors"] == set()
    assert "cli" not in graph["web"]


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


FAMILY_DISPATCH = re.compile(
    r"""\.family\s*(==|!=|\bin\b|\bnot\s+in\b)"""  # edition.family == "empire"
    r"""|\bfamily\s*(==|!=)\s*["']"""  # family == "classic"
    r"""|getattr\([^)]*["'](empire|mando|mandalorian|classic)["']"""  # getattr(ed, "empire")
    r"""|\.(empire|mando)\b(?!\s*import)"""
)  # edition.empire / edition.mando


def test_no_dispatch_on_a_family_name_outside_the_families() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("rules", "build"):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if FAMILY_DISPATCH.search(code) and "openmonopoly." not in code and "from ." not in code:
                offenders.append(f"{rel}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
