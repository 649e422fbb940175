# Every target sets up its own virtualenv, so a fresh clone needs only `make play` or `make test`.
# `play`, `serve`, `simulate` and `bench` install what they need (the package, its runtime dependencies
# and mypyc for the compiled core); `test` installs the whole development set on top.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_SET := $(VENV)/.installed-play
DEV_SET := $(VENV)/.installed-dev
BUILD_TOOLS := $(VENV)/.installed-build-tools
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# The editable installs build with the venv's own setuptools and mypy (BUILD_TOOLS, installed first):
# a throwaway build environment would install them once more (a third of the install's time).
PIP_EDITABLE := $(PIP) --no-build-isolation -e
# The compiled core (mypyc): rebuilt when one of its sources changes. If it cannot be built, the
# engine runs as pure Python (same games, slower) and every target still works.
NATIVE := src/openmonopoly/_native_manifest.json
NATIVE_SOURCES := $(shell $(PYTHON) tools/build_native.py --sources 2>/dev/null)
NATIVE_NEEDS := $(shell $(PYTHON) tools/build_native.py --requirements 2>/dev/null)
# `make test-installed`: the suite against a non-editable install (pip builds the wheel, compiled core
# included), with bytecode caching on, as users run it; it fails if the compiled core is not in use.
INSTALLED := build/venv-installed

.PHONY: play test lint check test-installed bench bench-instructions simulate serve native pure clean golden train league

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# mypyc (the `native` extra) first, on its own: the core then compiles while pip installs the rest.
$(BUILD_TOOLS): pyproject.toml | $(BIN)/python
	$(PIP) $(NATIVE_NEEDS)
	touch $@

$(PLAY_SET): pyproject.toml setup.py | $(BUILD_TOOLS)
	$(PIP_EDITABLE) '.[native]'
	touch $@

$(DEV_SET): pyproject.toml setup.py | $(BUILD_TOOLS)
	$(PIP_EDITABLE) '.[dev]'
	touch $@ $(PLAY_SET)

$(NATIVE): $(NATIVE_SOURCES) tools/build_native.py | $(BUILD_TOOLS)
	$(BIN)/python tools/build_native.py || echo "warning: the compiled core did not build; running the pure-Python engine"

native: $(NATIVE)

pure:
	$(PYTHON) tools/build_native.py --clean

play: | $(BIN)/python
	$(MAKE) --no-print-directory -j2 $(PLAY_SET) $(NATIVE)
	$(BIN)/openmonopoly play --edition starwars40 --seats human,heuristic,heuristic,heuristic

test: $(DEV_SET) $(NATIVE)
	$(BIN)/python -m pytest -n auto

# Lint, format check and types over the package (configured in pyproject.toml); `check` adds the tests.
lint: $(DEV_SET)
	$(BIN)/ruff check src tests tools bench
	$(BIN)/ruff format --check src tests tools bench
	$(BIN)/mypy

check: lint test

test-installed:
	rm -rf $(INSTALLED)
	$(PYTHON) -m venv $(INSTALLED)
	$(INSTALLED)/bin/python -m pip install --quiet --disable-pip-version-check '.[dev]'
	env -u PYTHONDONTWRITEBYTECODE OPENMONOPOLY_REQUIRE_NATIVE=1 $(INSTALLED)/bin/python -m pytest -n auto -m 'not install and not sweep'

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

serve: $(PLAY_SET) $(NATIVE)
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

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
	$(PYTHON) tools/build_native.py --clean
