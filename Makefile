# Every target sets up its own virtualenv, so a fresh clone needs only `make play` or `make test`.
# `play` installs the engine alone and starts at once (the compiled core builds in the background for the
# next start); `serve` adds the web extra; `simulate` and `bench` build the compiled core first; `test`
# installs the whole development set (every extra).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_SET := $(VENV)/.installed-play
WEB_SET := $(VENV)/.installed-web
DEV_SET := $(VENV)/.installed-dev
DOCS_SET := $(VENV)/.installed-docs
SETUPTOOLS := $(VENV)/.installed-setuptools
BUILD_TOOLS := $(VENV)/.installed-build-tools
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# The editable installs build with the venv's own setuptools (installed first): a throwaway build
# environment would install it and mypy once more (a third of the install's time).
PIP_EDITABLE := $(PIP) --no-build-isolation -e
SAY := @echo "openmonopoly:"
# The compiled core (mypyc): rebuilt when one of its sources changes. If it cannot be built, the
# engine runs as pure Python (same games, slower) and every target still works.
NATIVE := src/openmonopoly/_native_manifest.json
NATIVE_SOURCES := $(shell $(PYTHON) tools/build_native.py --sources 2>/dev/null)
NATIVE_NEEDS := $(shell $(PYTHON) tools/build_native.py --requirements 2>/dev/null)
# `make test-installed`: the suite against a non-editable install (the wheel below, compiled core
# included), with bytecode caching on, as users run it; it fails if the compiled core is not in use.
INSTALLED := build/venv-installed
# The wheel, built once from a fresh copy as `pip install .` builds it (tools/build_wheel.py): `make test`
# builds it first (tests/test_packaging.py installs it), takes the compiled core in place from it, and
# `make test-installed` installs the same file, so CI compiles the core once. Rebuilt when a file of the
# project changes.
WHEEL_DIR := build/wheel
WHEEL_LOG := $(WHEEL_DIR)/build.log
PROJECT_FILES := $(shell git ls-files --cached --others --exclude-standard 2>/dev/null | grep -v -e '^tests/' -e '^docs/' -e '^bench/')

.PHONY: play wheel test lint check test-installed bench bench-instructions simulate serve native pure clean golden train league docs

$(BIN)/python:
	$(SAY) "[1/3] creating the virtualenv $(VENV) (first run only)"
	$(PYTHON) -m venv $(VENV)

$(SETUPTOOLS): | $(BIN)/python
	$(SAY) "[2/3] installing the build tools"
	$(PIP) 'setuptools>=77' wheel
	touch $@

# mypyc (the `native` extra): what compiling the core needs.
$(BUILD_TOOLS): pyproject.toml | $(SETUPTOOLS)
	$(PIP) $(NATIVE_NEEDS)
	touch $@

$(PLAY_SET): pyproject.toml setup.py | $(SETUPTOOLS)
	$(SAY) "[3/3] installing the engine and its dependencies (about 20 seconds the first time)"
	$(PIP_EDITABLE) .
	touch $@

$(WEB_SET): pyproject.toml setup.py | $(SETUPTOOLS)
	$(PIP_EDITABLE) '.[web]'
	touch $@ $(PLAY_SET)

$(DOCS_SET): pyproject.toml setup.py | $(SETUPTOOLS)
	$(PIP_EDITABLE) '.[docs]'
	touch $@ $(PLAY_SET)

$(DEV_SET): pyproject.toml setup.py | $(BUILD_TOOLS)
	$(PIP_EDITABLE) '.[dev]'
	touch $@ $(PLAY_SET) $(WEB_SET) $(DOCS_SET)

# Built under a lock (a build already running, e.g. `make play`'s in the background, is waited for) and
# only when the sources' hashes say the core is not current; when `make wheel`'s wheel was built from these
# same sources, its compiled modules are unpacked instead of compiling them again.
$(NATIVE): $(NATIVE_SOURCES) tools/build_native.py | $(BUILD_TOOLS)
	$(SAY) "the engine's compiled core: unpacked from the wheel if it matches, else compiled with mypyc (a few minutes)"
	$(BIN)/python tools/build_native.py --if-stale --from-wheel $(WHEEL_DIR)/dist || echo "warning: the compiled core did not build; running the pure-Python engine"

native: $(NATIVE)

pure:
	$(PYTHON) tools/build_native.py --clean

# The game starts as soon as the engine is installed: a missing or stale compiled core is built in the
# background (tools/build_native.py --background; log build/native.log) and used from the next start.
play: | $(BIN)/python
	@$(MAKE) -s --no-print-directory $(PLAY_SET)
	@$(BIN)/python tools/build_native.py --background
	$(BIN)/openmonopoly play --edition starwars40 --seats human,heuristic,heuristic,heuristic

$(WHEEL_LOG): $(PROJECT_FILES) | $(BUILD_TOOLS)
	$(SAY) "building the wheel as pip install . does (compiles the core: a few minutes)"
	$(BIN)/python tools/build_wheel.py $(WHEEL_DIR)

wheel: $(WHEEL_LOG)

# (The wheel comes before the core in place, which is unpacked from it: keep this order.)
test: $(DEV_SET) $(WHEEL_LOG) $(NATIVE)
	OPENMONOPOLY_TEST_WHEEL=$(CURDIR)/$(WHEEL_DIR) $(BIN)/python -m pytest -n auto

# Lint, format check and types over the package (configured in pyproject.toml); `check` adds the tests.
lint: $(DEV_SET)
	$(BIN)/ruff check src tests tools bench
	$(BIN)/ruff format --check src tests tools bench
	$(BIN)/mypy

check: lint test

test-installed: $(WHEEL_LOG)
	rm -rf $(INSTALLED)
	$(PYTHON) -m venv $(INSTALLED)
	$(INSTALLED)/bin/python -m pip install --quiet --disable-pip-version-check "$$(ls $(WHEEL_DIR)/dist/openmonopoly-*.whl)[dev]"
	env -u PYTHONDONTWRITEBYTECODE OPENMONOPOLY_REQUIRE_NATIVE=1 $(INSTALLED)/bin/python -m pytest -n auto -m 'not install and not once'

# The golden playthroughs (tests/playthroughs/), rewritten from the current engine: only when a change
# is meant to change games; then read the diff.
golden: $(PLAY_SET) $(NATIVE)
	$(BIN)/python tools/golden.py

bench: $(PLAY_SET) $(NATIVE)
	$(BIN)/python bench/engine_speed.py

# The load-independent figures beside `make bench`'s timed ones: instructions per player-turn of every
# edition and per RL step, counted under valgrind's callgrind (bench/instructions.py; a few minutes),
# then the RL step timed (bench/rl_speed.py).
bench-instructions: $(DEV_SET) $(NATIVE)
	$(BIN)/python bench/instructions.py
	$(BIN)/python bench/rl_speed.py

serve: $(WEB_SET) $(NATIVE)
	$(BIN)/openmonopoly serve

simulate: $(PLAY_SET) $(NATIVE)
	$(BIN)/openmonopoly simulate --edition classic --games 200 --seed 1 --json

# The learned bot's shipped weights, reproduced from the seed (src/openmonopoly/agents/training.py; one
# process, deterministic). The shipped file came from the default below (1,800 search games in 3 rounds, the
# last fit also regressing on the search's mean values; 23-36 minutes of one core with the compiled engine; a rerun wrote a byte-identical file);
# TRAIN_ARGS scales it (a quick look: --games 12 --iterations 16).
TRAIN_ARGS ?= --rounds 3 --games 600 --iterations 48 --horizon 6 --hidden 64 --last-gain-weight 1
train: $(DEV_SET) $(NATIVE)
	nice -n 19 $(BIN)/python -m openmonopoly.agents.training --edition classic --seed 1 --max-rounds 150 \
		$(TRAIN_ARGS) --out src/openmonopoly/agents/data/learned.npz

# The bot league (bench/league.py): every bot against three of every other, rated; tables into docs/BOTS.md.
LEAGUE_ARGS ?= --editions classic,starwars40,mandalorian,empire --bots random,easy,normal,hard,expert,mcts --games 200
league: $(DEV_SET) $(NATIVE)
	nice -n 19 $(BIN)/python bench/league.py $(LEAGUE_ARGS) --write docs/BOTS.md

# The documentation site (mkdocs.yml, docs/): the guides and the API reference from the docstrings, into
# site/. Its code examples run as tests (tests/test_docs_examples.py).
docs: $(DOCS_SET)
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) build site src/*.egg-info .pytest_cache
	$(PYTHON) tools/build_native.py --clean
