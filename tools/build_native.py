"""Compile the engine's hot path with mypyc, in place, or list what it compiles.

    python tools/build_native.py            # build (make does this: `make native`)
    python tools/build_native.py --sources  # the source files it compiles (for make's dependencies)
    python tools/build_native.py --clean    # remove the compiled modules: back to pure Python

The modules are listed in ``src/openmonopoly/_native.py`` (``COMPILED``). They must type-check
cleanly with mypy, since mypyc compiles from their types; the rest of the package is type-checked
only as far as the compiled modules use it, and its findings do not stop the build. The extension
modules land beside their sources, with a manifest of the sources' hashes: ``openmonopoly`` falls
back to the sources when they no longer match. Exit status 1 (and no compiled modules left) when
the build fails; the engine then runs as pure Python.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
SHARED_LIB = "openmonopoly_native"      # mypyc's runtime for the group: src/openmonopoly_native__mypyc.*.so


def _native_module():
    # Loaded by path: importing the package would import the compiled modules this script replaces.
    spec = importlib.util.spec_from_file_location("_openmonopoly_native", SRC / "openmonopoly" / "_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():          # (its "the compiled core is stale" is what we are fixing)
        warnings.simplefilter("ignore")
        spec.loader.exec_module(module)
    return module


def clean(native) -> None:
    """Remove every compiled module of the package (not only the listed ones: a module dropped from
    the list must not leave an old extension behind), the group's runtime and the manifest."""
    for path in native.PACKAGE_DIR.rglob("*"):
        if native.is_extension(path):
            path.unlink()
    for path in SRC.glob(SHARED_LIB + "__mypyc.*"):
        path.unlink()
    native.MANIFEST.unlink(missing_ok=True)


def mypy_config(native) -> str:
    """Strict enough for mypyc on the compiled modules; the others are only read for their types."""
    return (f"[mypy]\npython_version = 3.11\nfollow_imports = normal\ncache_dir = {ROOT / 'build' / 'native' / 'mypy_cache'}\n"
            "[mypy-openmonopoly.*]\nignore_errors = True\n"
            + "".join(f"[mypy-{m}]\nignore_errors = False\n" for m in native.COMPILED))


def build(native) -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext
    except ImportError as exc:
        print(f"build_native: cannot compile ({exc}); install the dev extra (pip install -e '.[dev]')",
              file=sys.stderr)
        return 1
    clean(native)
    hashes = native.source_hashes()
    paths = [str(native.source_path(m).relative_to(SRC)) for m in native.COMPILED]
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as cfg:
        cfg.write(mypy_config(native))
    cwd = os.getcwd()
    os.chdir(SRC)           # mypyc names modules after paths relative to the working directory
    try:
        extensions = mypycify(["--config-file", cfg.name, *paths], opt_level="3", debug_level="0",
                              group_name=SHARED_LIB)
        dist = Distribution({"name": "openmonopoly-native", "ext_modules": extensions})
        cmd = build_ext(dist)
        cmd.inplace = True
        cmd.build_temp = str(ROOT / "build" / "native")
        cmd.parallel = os.cpu_count() or 1
        cmd.ensure_finalized()
        cmd.run()
    except (SystemExit, Exception) as exc:     # mypyc reports type errors by exiting
        clean(native)
        print(f"build_native: compilation failed ({exc!r}); the engine runs as pure Python", file=sys.stderr)
        return 1
    finally:
        os.chdir(cwd)
        os.unlink(cfg.name)
    missing = [m for m in native.COMPILED if not native.compiled_paths(m)]
    if missing:
        clean(native)
        print(f"build_native: no extension built for {', '.join(missing)}", file=sys.stderr)
        return 1
    native.MANIFEST.write_text(json.dumps({"python": sys.version.split()[0], "sources": hashes}, indent=1) + "\n")
    print(f"build_native: compiled {len(paths)} modules with mypyc")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--sources", action="store_true", help="print the compiled modules' source files")
    group.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = ap.parse_args(argv)
    native = _native_module()
    if args.sources:
        print(" ".join(str(native.source_path(m).relative_to(ROOT)) for m in native.COMPILED))
        return 0
    if args.clean:
        clean(native)
        return 0
    return build(native)


if __name__ == "__main__":
    raise SystemExit(main())
