"""The compiled core: which modules mypyc compiles, and whether this process uses them.

``make native`` (in place) and ``pip install .`` or a wheel build (``setup.py``), both through
``tools/build_native.py``, compile the modules in ``COMPILED`` with mypyc into extension modules beside
their sources (``openmonopoly/.../<module>.cpython-*.so``) and write a manifest of the sources' hashes
beside them (``manifest``), so an installed package checks itself the same way as a checkout. Python
prefers an extension module to a ``.py`` of the same name, so once built, the compiled core is what every
import gets, with the same source, API and games.

This module runs first (``openmonopoly/__init__.py`` installs it before importing anything else) and
falls back to the pure-Python sources, with a warning, when a compiled module is stale (a source
changed after the build) or an extension file is left from a build of another module list, so an
edit is never hidden behind an old build. ``OPENMONOPOLY_PURE=1`` asks for the pure-Python path on
purpose (tests compare the two); without a build (an editable install before ``make native``, or an
install where no C compiler was found) the sources run too.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent
# The hot path of a bot game, compiled together (they call each other natively): the engine, every
# family's rules (``rules/`` whole) and the heuristic bots (``agents/families/`` whole, and the classic
# bot's modules), so a new family or edition module is compiled without being listed anywhere. Edition
# schemas (pydantic), words modules and package ``__init__`` files are not on the hot path and stay
# interpreted; see docs/COMPILED.md. The random bot and the reinforcement-learning step's observation and
# mask (``rl/encoding.py``: no NumPy in it, so the core builds without the rl extra) are on the hot path too.
COMPILED_TREES = ("engine", "rules", "agents/families")
COMPILED_EXTRA = (
    "editions/schema.py",
    "agents/base.py",
    "agents/heuristic.py",
    "agents/by_family.py",
    "agents/missions.py",
    "agents/random_bot.py",
    "rl/encoding.py",
)
INTERPRETED_NAMES = ("__init__.py", "schema.py", "words.py")
INTERPRETED = ("engine/errors.py", "engine/events.py", "engine/options.py")  # no hot code: plain Python


def _compiled_modules() -> tuple[str, ...]:
    found = [
        p.relative_to(PACKAGE_DIR).as_posix() for tree in COMPILED_TREES for p in (PACKAGE_DIR / tree).rglob("*.py")
    ]
    kept = [f for f in found if f.rsplit("/", 1)[-1] not in INTERPRETED_NAMES and f not in INTERPRETED]
    return tuple("openmonopoly." + f[: -len(".py")].replace("/", ".") for f in sorted(kept) + list(COMPILED_EXTRA))


COMPILED = _compiled_modules()
_SOURCE_FIRST = set(COMPILED)  # the modules whose source is imported when running pure Python
MANIFEST = PACKAGE_DIR / "_native_manifest.json"
DOCS = PACKAGE_DIR / "_native_docs.json"  # the sources' docstrings and signatures, for help()
PURE_ENV = "OPENMONOPOLY_PURE"
PYTHON = "{}.{}".format(*sys.version_info[:2])  # extension modules are built for one minor version
EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def source_path(module: str) -> Path:
    return PACKAGE_DIR.joinpath(*module.split(".")[1:]).with_suffix(".py")


def is_extension(path: Path) -> bool:
    """Whether ``path`` is an extension module this interpreter could import.

    Only a real extension suffix counts (``.cpython-311-x86_64-linux-gnu.so``, ``.abi3.so``, ``.pyd``):
    bytecode caches are named ``__pycache__/<module>.cpython-311.pyc`` and must never be mistaken for
    a compiled module, or every ordinary run (bytecode caching on) would switch the compiled core off.
    """
    return "__pycache__" not in path.parts and path.name.endswith(EXTENSION_SUFFIXES)


def _extension_files() -> dict[str, list[Path]]:
    """Every extension file in the package, by module (one walk: this runs at every start)."""
    found: dict[str, list[Path]] = {}
    for folder, subfolders, files in os.walk(PACKAGE_DIR):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        package = ".".join(Path(folder).relative_to(PACKAGE_DIR.parent).parts)
        for name in files:
            if name.endswith(EXTENSION_SUFFIXES):
                found.setdefault(f"{package}.{name.split('.')[0]}", []).append(Path(folder, name))
    return found


def compiled_paths(module: str) -> list[Path]:
    """The extension files built for ``module`` (none when it is not compiled)."""
    return sorted(_extension_files().get(module, []))


def extension_modules() -> list[str]:
    """Every module of the package that has a compiled extension file beside its source."""
    return sorted(_extension_files())


def source_hashes(modules: Sequence[str] = COMPILED) -> dict[str, str]:
    return {m: hashlib.sha256(source_path(m).read_bytes()).hexdigest() for m in modules}


def manifest(hashes: dict[str, str]) -> dict:
    """What a build records beside the compiled modules (``MANIFEST``): the check below reads it."""
    return {"python": PYTHON, "sources": hashes}


def _why_pure() -> str | None:
    """Why this process runs the pure-Python sources (None: it runs the compiled core)."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return f"{PURE_ENV} is set"
    extensions = _extension_files()
    stray = sorted(m for m in extensions if m not in COMPILED)
    if stray:  # left by a build of another module list: never load them
        _SOURCE_FIRST.update(stray)
        warnings.warn(
            f"openmonopoly: compiled modules from another build ({', '.join(stray)}); using the "
            "pure-Python sources (run `make native` to rebuild)",
            RuntimeWarning,
            stacklevel=3,
        )
        return "stray compiled modules"
    if not all(m in extensions for m in COMPILED):
        if PACKAGE_DIR.parent.name == "src":  # a checkout
            return "not compiled (run `make native`)"
        return "installed without the compiled core"
    try:
        built = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return "the compiled core has no manifest"
    if built.get("python") != PYTHON:
        return f"compiled for Python {built.get('python')}"
    stale = [m for m, h in source_hashes().items() if built.get("sources", {}).get(m) != h]
    if stale:
        warnings.warn(
            f"openmonopoly: the compiled core is older than {', '.join(stale)}; using the pure-Python "
            "sources (run `make native` to rebuild)",
            RuntimeWarning,
            stacklevel=3,
        )
        return "compiled core is stale"
    return None


class _SourceFirst(importlib.machinery.PathFinder):
    """Finds the compiled modules' ``.py`` sources, so their extension modules are not loaded."""

    @classmethod
    def find_spec(
        cls, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in _SOURCE_FIRST:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


class _DocsRestored(importlib.machinery.PathFinder):
    """Loads the compiled modules and gives their classes (and the modules) the docstrings and real
    signatures mypyc drops (``DOCS``, written by the build), so ``help()`` reads as it does from the
    sources. A compiled method's own ``__doc__`` cannot be set: each class's text lists its methods."""

    _table: dict | None = None

    @classmethod
    def find_spec(
        cls, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            spec.loader = _DocumentingLoader(spec.loader.name, spec.loader.path)
        return spec

    @classmethod
    def table(cls) -> dict:
        if cls._table is None:
            try:
                cls._table = json.loads(DOCS.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                cls._table = {}
        return cls._table


class _DocumentingLoader(importlib.machinery.ExtensionFileLoader):
    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        document_loaded()


_DOCUMENTED: set[str] = set()


def document_loaded() -> None:
    """Give every compiled module loaded by now its texts. A compiled module imports the others of its
    build itself, past the import system's finders, and may be in ``sys.modules`` before its classes
    exist: a module is done once all its classes were there (the package's public names call this too)."""
    if PURE_REASON is not None:
        return
    for name in COMPILED:
        loaded = sys.modules.get(name)
        if loaded is not None and name not in _DOCUMENTED and _document(loaded, _DocsRestored.table().get(name)):
            _DOCUMENTED.add(name)


def _document(module: ModuleType, entry: dict | None) -> bool:
    """Set the texts of ``module`` and its classes; False while some class is not defined yet."""
    if not entry:
        return True
    complete = True
    for name, doc in entry.get("classes", {}).items():
        cls = module.__dict__.get(name)
        if not isinstance(cls, type):
            complete = False
        elif doc:  # (mypyc may keep a class's docstring, never its methods')
            try:
                cls.__doc__ = doc
            except (AttributeError, TypeError):  # (an immutable type: left as it is)
                pass
    if complete and entry.get("__module__"):
        module.__doc__ = entry["__module__"]
    return complete


PURE_REASON = _why_pure()
if PURE_REASON is not None and _SourceFirst not in sys.meta_path:
    sys.meta_path.insert(0, _SourceFirst)
elif PURE_REASON is None and _DocsRestored not in sys.meta_path:
    sys.meta_path.insert(0, _DocsRestored)


def status() -> str:
    """'compiled' or 'pure Python (<why>)', for benchmarks and bug reports."""
    return "compiled (mypyc)" if PURE_REASON is None else f"pure Python ({PURE_REASON})"


def is_compiled() -> bool:
    """Whether the modules in use are the compiled ones."""
    return all(not getattr(sys.modules.get(m), "__file__", ".py").endswith(".py") for m in COMPILED if m in sys.modules)
