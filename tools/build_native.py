"""Compile the engine's hot path with mypyc: in place (``make native``) or into a wheel (``setup.py``).

    python tools/build_native.py            # build in place (make does this: `make native`)
    python tools/build_native.py --sources  # the source files it compiles (for make's dependencies)
    python tools/build_native.py --clean    # remove the compiled modules: back to pure Python
    python tools/build_native.py --requirements   # what compiling needs (the `native` extra), for pip
    python tools/build_native.py --background     # `make play`: build it in the background if needed
    python tools/build_native.py --if-stale --from-wheel build/wheel/dist   # take a matching wheel's core

``--background`` is how a fresh clone plays at once: when the compiled core is missing or older than its
sources, it starts the build as a detached, low-priority process (installing mypyc first if needed;
output in ``build/native.log``) and says so in one line; the game that starts meanwhile runs the
pure-Python engine (the same games, slower) and the next start uses the compiled core. Every build
takes one lock (``build/native/build.lock``), so two never race: a build that finds another running
waits for it, then finds the core current and stops. A failed build is remembered for these sources
(``build/native/failed.json``) and not retried in the background until a source changes; ``make
native`` always retries.

``--from-wheel DIST`` saves a compile: when the one wheel in ``DIST`` (``make wheel``'s) was built from
these very sources for this Python (its manifest says so), its compiled modules are unpacked in place
instead (the same files the in-place build would write); otherwise the core is compiled as usual. ``make
test`` builds the wheel first, so a change to the core is compiled once, not twice.

``pip install .`` and wheel builds compile the same modules through the build_ext command that
``setup.py`` installs (``setup_arguments``), the way mypy and black ship mypyc-compiled wheels. Editable installs
leave compiling to ``make native`` (the extensions must sit beside the sources being edited).

The modules are listed in ``src/openmonopoly/_native.py`` (``COMPILED``). They must type-check
cleanly with mypy, since mypyc compiles from their types; the rest of the package is type-checked
only as far as the compiled modules use it, and its findings do not stop the build. The extension
modules land beside their sources with a manifest of the sources' hashes: ``openmonopoly`` falls
back to the sources when they no longer match. When no C compiler works, or the build fails, one
short notice says so and the package is the pure-Python engine (same games, slower): in place, exit
status 1 and no compiled module left behind; in a wheel, a wheel without extensions.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
import warnings
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
SHARED_LIB = "openmonopoly_native"  # mypyc's runtime for the group: openmonopoly_native__mypyc.*.so


def native_module():
    # Loaded by path: importing the package would import the compiled modules a build replaces.
    spec = importlib.util.spec_from_file_location("_openmonopoly_native", SRC / "openmonopoly" / "_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():  # (its "the compiled core is stale" is what we are fixing)
        warnings.simplefilter("ignore")
        spec.loader.exec_module(module)
    return module


def notice(message: str) -> None:
    print(f"openmonopoly: {message}", file=sys.stderr)


def last_line(exc: BaseException) -> str:
    """An error in one line (compilers and mypyc say the gist last)."""
    lines = str(exc).strip().splitlines()
    return lines[-1] if lines else type(exc).__name__


def clean(native) -> None:
    """Remove every compiled module of the package (not only the listed ones: a module dropped from
    the list must not leave an old extension behind), the group's runtime and the manifest."""
    for path in native.PACKAGE_DIR.rglob("*"):
        if native.is_extension(path):
            path.unlink()
    for path in SRC.glob(SHARED_LIB + "__mypyc.*"):
        path.unlink()
    native.MANIFEST.unlink(missing_ok=True)
    native.DOCS.unlink(missing_ok=True)


def mypy_config(native) -> str:
    """Strict enough for mypyc on the compiled modules; the others are only read for their types."""
    version = "{}.{}".format(*sys.version_info[:2])
    return (
        f"[mypy]\npython_version = {version}\nfollow_imports = normal\n"
        f"cache_dir = {ROOT / 'build' / 'native' / 'mypy_cache'}\n"
        "[mypy-openmonopoly.*]\nignore_errors = True\n"
        + "".join(f"[mypy-{m}]\nignore_errors = False\n" for m in native.COMPILED)
    )


def mypyc_extensions(native) -> list:
    """mypyc's extensions for the listed modules (type-checks them and writes the C under build/)."""
    from mypyc.build import mypycify

    paths = [str(native.source_path(m).relative_to(ROOT)) for m in native.COMPILED]
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as cfg:
        cfg.write(mypy_config(native))
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypyc writes its C files and names their sources relative to here
    try:
        return mypycify(
            ["--config-file", cfg.name, *paths],
            opt_level="3",
            debug_level="0",
            group_name=SHARED_LIB,
            multi_file=True,  # one C file per module: the C compiler runs on every core
            target_dir=str(ROOT / "build" / "native" / "c"),
        )
    finally:
        os.chdir(cwd)
        os.unlink(cfg.name)


def compiler_problem(compiler_type: str | None = None) -> str | None:
    """Why no extension can be built here (no C compiler, no Python headers), or None."""
    from distutils.ccompiler import new_compiler  # (setuptools' own distutils)
    from distutils.sysconfig import customize_compiler

    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.c"
        probe.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        cc = new_compiler(compiler=compiler_type)
        try:
            customize_compiler(cc)
            cc.compile([str(probe)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
        except Exception:  # noqa: BLE001 - whatever stops the compiler means "no compiler"
            name = (getattr(cc, "compiler_so", None) or ["cc"])[0]
            return f"no working C compiler ({name} cannot build against the Python headers)"
    return None


def _signature(node: ast.FunctionDef) -> str:
    returns = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
    return f"{node.name}({ast.unparse(node.args)}){returns}"


def _documented(node: ast.FunctionDef, indent: str = "    ") -> str:
    doc = ast.get_docstring(node) or ""
    body = "".join(f"\n{indent}{line}" if line else "\n" for line in doc.splitlines())
    return _signature(node) + body


def _public(name: str) -> bool:
    return not name.startswith("_") or name == "__init__"


def docs_table(native) -> dict:
    """What ``help()`` would show if mypyc kept it: for every class of every compiled module, its
    docstring followed by each public method's and property's real signature (annotations included)
    and docstring, read from the source; for each module, its docstring and its functions the same
    way. The compiled classes get these as ``__doc__`` when imported (``_native``), since mypyc keeps
    neither docstrings nor annotations, and a compiled method's own ``__doc__`` cannot be set."""
    table: dict = {}
    for module in native.COMPILED:
        tree = ast.parse(native.source_path(module).read_text(encoding="utf-8"))
        entry: dict = {"__module__": ast.get_docstring(tree) or "", "classes": {}}
        functions = []
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and _public(node.name):
                functions.append(_documented(node))
            elif isinstance(node, ast.ClassDef):
                members = []
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and _public(item.name):
                        decorated = {ast.unparse(d) for d in item.decorator_list}
                        shown = _documented(item)
                        head = _signature(item)
                        if "property" in decorated:
                            shown = f"{item.name} (property)" + shown[len(head) :]
                        elif "staticmethod" in decorated or "classmethod" in decorated:
                            kind = "static" if "staticmethod" in decorated else "class"
                            shown = f"{head} ({kind} method)" + shown[len(head) :]
                        if not any(d.endswith(".setter") for d in decorated):
                            members.append(shown)
                doc = ast.get_docstring(node) or ""
                if members:
                    doc += "\n\nMethods and properties (from the source: the compiled core keeps only their names):\n\n"
                    doc += "\n\n".join(members)
                entry["classes"][node.name] = doc.strip()
        if functions:
            entry["__module__"] += "\n\nFunctions (from the source):\n\n" + "\n\n".join(functions)
        table[module] = entry
    return table


def setup_arguments() -> dict:
    """What setup.py passes to setup(): the compiled core's build_ext and one placeholder extension, which
    makes the wheel a platform wheel and which the command replaces with mypyc's extensions."""
    from setuptools import Extension
    from setuptools.command.build_ext import build_ext

    class CompiledCore(build_ext):
        """build_ext that compiles ``_native.COMPILED`` with mypyc and records the manifest, or leaves the
        package pure Python with one notice when that cannot be done here."""

        def finalize_options(self) -> None:
            # mypyc's extensions are known only once it has run; they replace the placeholder here,
            # before setuptools prepares each extension.
            self.native = native_module()
            self.built_manifest: Path | None = None
            self.problem: str | None = None
            self.hashes = self.native.source_hashes()
            extensions = []
            if self.editable_mode:
                self.problem = "editable install: the compiled core is built in place by `make native`"
            else:
                self.problem = compiler_problem(self.compiler if isinstance(self.compiler, str) else None)
            if self.problem is None:
                try:
                    extensions = mypyc_extensions(self.native)
                except (SystemExit, Exception) as exc:  # mypyc reports type errors by exiting
                    self.problem = f"mypyc could not compile the core ({last_line(exc)})"
            self.distribution.ext_modules = extensions
            super().finalize_options()
            self.parallel = self.parallel or os.cpu_count() or 1

        def run(self) -> None:
            if not self.inplace:  # a build/ folder reused from an earlier build may
                current = {Path(self.get_ext_fullpath(ext.name)).resolve() for ext in self.extensions}
                for path in Path(self.build_lib).rglob("*"):  # hold its extensions: never ship those
                    if self.native.is_extension(path) and path.resolve() not in current:
                        path.unlink()
                for name in (self.native.MANIFEST.name, self.native.DOCS.name):
                    (Path(self.build_lib) / "openmonopoly" / name).unlink(missing_ok=True)
            if self.problem is None:
                try:
                    super().run()
                except Exception as exc:  # noqa: BLE001 - any failed compile leaves the pure-Python engine
                    self.problem = f"the compiled core did not build ({last_line(exc)})"
            if self.problem is not None:
                for path in self.get_outputs():
                    Path(path).unlink(missing_ok=True)
                self.extensions = []
                notice(
                    self.problem
                    if self.editable_mode
                    else f"{self.problem}; this is the pure-Python engine (same games, slower)"
                )
                return
            package_dir = Path(
                self.get_finalized_command("build_py").get_package_dir("openmonopoly")
                if self.inplace
                else Path(self.build_lib) / "openmonopoly"
            )
            self.built_docs = package_dir / self.native.DOCS.name
            self.built_docs.write_text(json.dumps(docs_table(self.native), ensure_ascii=False) + "\n")
            self.built_manifest = package_dir / self.native.MANIFEST.name
            self.built_manifest.write_text(json.dumps(self.native.manifest(self.hashes), indent=1) + "\n")

        def get_outputs(self) -> list[str]:
            manifest = getattr(self, "built_manifest", None)
            docs = getattr(self, "built_docs", None)
            return super().get_outputs() + ([str(manifest), str(docs)] if manifest and docs else [])

    return {"ext_modules": [Extension(SHARED_LIB + "__mypyc", sources=[])], "cmdclass": {"build_ext": CompiledCore}}


BUILD_DIR = ROOT / "build" / "native"
LOCK = BUILD_DIR / "build.lock"
FAILED = BUILD_DIR / "failed.json"
LOG = ROOT / "build" / "native.log"
PID = BUILD_DIR / "background.pid"


def up_to_date(native) -> bool:
    """Whether the compiled core in place matches the sources and this Python (the manifest's record)."""
    if not all(native.compiled_paths(m) for m in native.COMPILED):
        return False
    try:
        built = json.loads(native.MANIFEST.read_text())
    except (OSError, ValueError):
        return False
    return built == native.manifest(native.source_hashes())


def open_lock():
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    return open(LOCK, "a+")


def building_now() -> bool:
    """Whether a build holds the lock at this moment."""
    import fcntl  # (POSIX; imported here because setup.py imports this module on every system)

    with open_lock() as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(lock, fcntl.LOCK_UN)
        return False


def failed_before(native) -> bool:
    try:
        return json.loads(FAILED.read_text()) == native.manifest(native.source_hashes())
    except (OSError, ValueError):
        return False


@contextmanager
def build_lock():
    """The lock every in-place build takes (``make native``, ``make play``'s background build; a wheel is
    built in its own folder and takes none): a second build waits for the first."""
    import fcntl

    with open_lock() as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            notice(f"waiting for the compiled core's build that is running (log: {LOG.relative_to(ROOT)})")
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build_unless_current(native, force: bool) -> int:
    """Under the lock: a current core is left as it is (unless ``force``: after waiting for another
    build, it usually is); a failure is remembered for these sources."""
    if up_to_date(native) and not force:
        native.MANIFEST.touch()  # (make compares its date with the sources')
        print("build_native: the compiled core is up to date")
        return 0
    code = build_in_place(native)
    if code:
        FAILED.write_text(json.dumps(native.manifest(native.source_hashes())))
    else:
        FAILED.unlink(missing_ok=True)
    return code


def take_from_wheel(native, dist: Path) -> bool:
    """Unpack the compiled core of the wheel in ``dist`` in place if it was built from these sources for
    this Python; False (nothing changed) when there is no such wheel."""
    import zipfile

    wheels = sorted(dist.glob("openmonopoly-*.whl")) if dist.is_dir() else []
    if len(wheels) != 1:
        return False
    package = native.PACKAGE_DIR.name
    with zipfile.ZipFile(wheels[0]) as wheel:
        try:
            built = json.loads(wheel.read(f"{package}/{native.MANIFEST.name}"))
        except (KeyError, ValueError):  # a pure-Python wheel (no compiler where it was built)
            return False
        if built != native.manifest(native.source_hashes()):
            return False
        clean(native)
        for name in wheel.namelist():
            path = Path(name)
            runtime = len(path.parts) == 1 and path.name.startswith(SHARED_LIB + "__mypyc.")
            ours = path.parts[0] == package and (
                native.is_extension(path) or path.name in (native.MANIFEST.name, native.DOCS.name)
            )
            if runtime or ours:
                target = SRC / path
                target.write_bytes(wheel.read(name))
                target.chmod(0o755 if native.is_extension(path) or runtime else 0o644)
    if not up_to_date(native):
        clean(native)
        return False
    print(f"build_native: took the compiled core from {wheels[0].name} (built from these sources)")
    return True


def start_in_background(native) -> int:
    """``--background``: start a detached build when the core is missing or stale, saying so in one
    line; nothing when it is current. The game started next runs pure Python until the build is done."""
    if os.environ.get(native.PURE_ENV, "") not in ("", "0") or up_to_date(native):
        return 0
    log = LOG.relative_to(ROOT)
    if building_now():
        notice(
            f"the compiled core is still building in the background (log: {log}); this game runs the pure-Python engine"
        )
        return 0
    if failed_before(native):
        notice(f"the compiled core did not build (log: {log}); the engine runs as pure Python (`make native` retries)")
        return 0
    clean(native)  # a stale core goes now: the game about to start runs the sources without a warning
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with open(LOG, "w") as out:
        subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--background-build"],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # not stopped with the game (Ctrl-C, a closed terminal)
        )
    notice(
        f"compiling the engine's core in the background (a few minutes; log: {log}): this game runs the "
        "pure-Python engine (same games, slower), the next start the compiled one"
    )
    return 0


def background_build(native) -> int:
    """The detached build: low priority, under the build lock from the start (so a second ``make play``
    sees it running), mypyc installed first if needed."""
    os.nice(10)
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    PID.write_text(f"{os.getpid()}\n")  # (for whoever must stop it: bench/first_run.py)
    with build_lock():
        if up_to_date(native):
            return 0
        try:
            import mypyc  # noqa: F401
        except ImportError:
            needs = native_requirements()
            print(f"build_native: installing {' '.join(needs)}", flush=True)
            pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *needs]
            if subprocess.run(pip).returncode != 0:
                FAILED.write_text(json.dumps(native.manifest(native.source_hashes())))
                return 1
            importlib.invalidate_caches()
        return build_unless_current(native, force=False)


def native_requirements() -> list[str]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return list(project["optional-dependencies"]["native"])


def build_in_place(native) -> int:
    from setuptools import Distribution

    clean(native)
    args = setup_arguments()
    dist = Distribution({"name": "openmonopoly", "package_dir": {"": "src"}, "ext_modules": args["ext_modules"]})
    cmd = args["cmdclass"]["build_ext"](dist)
    cmd.inplace = True
    cmd.build_temp = str(ROOT / "build" / "native")
    cmd.ensure_finalized()
    cwd = os.getcwd()
    os.chdir(ROOT)  # (package_dir is relative to the project)
    try:
        cmd.run()
    finally:
        os.chdir(cwd)
    missing = [m for m in native.COMPILED if not native.compiled_paths(m)]
    if cmd.built_manifest is None or missing:
        clean(native)
        if missing and cmd.built_manifest is not None:
            notice(f"no extension built for {', '.join(missing)}")
        return 1
    print(f"build_native: compiled {len(native.COMPILED)} modules with mypyc")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--sources", action="store_true", help="print the compiled modules' source files")
    group.add_argument("--clean", action="store_true", help="remove the compiled modules")
    group.add_argument("--requirements", action="store_true", help="print what compiling needs (for pip)")
    group.add_argument("--background", action="store_true", help="build in the background if the core is not current")
    group.add_argument("--background-build", action="store_true", help=argparse.SUPPRESS)
    group.add_argument("--if-stale", action="store_true", help="build only if the core is not current")
    ap.add_argument(
        "--from-wheel",
        metavar="DIST",
        type=Path,
        help="with --if-stale: unpack the core of the wheel in DIST if it was built from these sources",
    )
    args = ap.parse_args(argv)
    if args.from_wheel is not None and not args.if_stale:
        ap.error("--from-wheel goes with --if-stale")
    native = native_module()
    if args.background:
        return start_in_background(native)
    if args.background_build:
        return background_build(native)
    if args.sources:
        print(" ".join(str(native.source_path(m).relative_to(ROOT)) for m in native.COMPILED))
        return 0
    if args.clean:
        clean(native)
        return 0
    if args.requirements:
        import shlex

        print(" ".join(shlex.quote(r) for r in native_requirements()))
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError as exc:
        notice(f"cannot compile ({exc}); install the native extra (pip install -e '.[native]')")
        return 1
    with build_lock():
        if args.from_wheel is not None and not up_to_date(native) and take_from_wheel(native, args.from_wheel):
            FAILED.unlink(missing_ok=True)
            return 0
        return build_unless_current(native, force=not args.if_stale)


if __name__ == "__main__":
    raise SystemExit(main())
