"""The package's build (everything else is in pyproject.toml): the compiled core, as mypy and black
ship theirs. Wheels and ``pip install .`` compile the engine's hot path with mypyc, or say once that
they could not and install the pure-Python engine; see tools/build_native.py."""
import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
from build_native import setup_arguments  # noqa: E402

setup(**setup_arguments())
