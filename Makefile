# Every target sets up its own virtualenv, so a fresh clone needs only `make play` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled core (mypyc): rebuilt when one of its sources changes. If it cannot be built, the
# engine runs as pure Python (same games, slower) and every target still works.
NATIVE := src/openmonopoly/_native_manifest.json
NATIVE_SOURCES := $(shell $(PYTHON) tools/build_native.py --sources 2>/dev/null)

.PHONY: play test bench simulate serve native pure clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(NATIVE): $(STAMP) $(NATIVE_SOURCES) tools/build_native.py
	$(BIN)/python tools/build_native.py || echo "warning: the compiled core did not build; running the pure-Python engine"

native: $(NATIVE)

pure:
	$(PYTHON) tools/build_native.py --clean

play: $(STAMP) $(NATIVE)
	$(BIN)/openmonopoly play --edition starwars40 --seats human,heuristic,heuristic,heuristic

test: $(STAMP) $(NATIVE)
	$(BIN)/python -m pytest -n auto

bench: $(STAMP) $(NATIVE)
	$(BIN)/python bench/engine_speed.py

serve: $(STAMP) $(NATIVE)
	$(BIN)/openmonopoly serve

simulate: $(STAMP) $(NATIVE)
	$(BIN)/openmonopoly simulate --edition classic --games 200 --seed 1 --json

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
	$(PYTHON) tools/build_native.py --clean
