# Every target sets up its own virtualenv, so a fresh clone needs only `make play` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench simulate serve clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/openmonopoly play --edition starwars40 --seats human,heuristic,heuristic,heuristic

test: $(STAMP)
	$(BIN)/python -m pytest -n auto

bench: $(STAMP)
	$(BIN)/python bench/engine_speed.py

serve: $(STAMP)
	$(BIN)/openmonopoly serve

simulate: $(STAMP)
	$(BIN)/openmonopoly simulate --edition classic --games 200 --seed 1 --json

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
