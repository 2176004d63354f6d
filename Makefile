# Table Companion: everything runs from a local virtual environment in .venv,
# created on first use from nothing but python3 with venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: test test-slow test-all demo bench lint format clean i18n-extract i18n-update i18n-check

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The everyday suite: lint and every test but the long statistical tier (minutes).
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -m "not slow"

# The long statistical tier (hundreds of seeded games, rounds and renders); CI runs it too.
test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

test-all: test test-slow

# make demo [GAME=stein-im-brett|hilo] [PORT=8001]
PORT ?= 8000
demo: $(STAMP)
	$(BIN)/companion demo $(GAME) --port $(PORT)

bench: $(STAMP)
	@for b in bench/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; echo; done

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Translations (docs/i18n.md): the marked messages to companion/locale/companion.pot,
# merged into each language's .po, and checked (untranslated, unused, fields that differ).
i18n-extract: $(STAMP)
	$(BIN)/python -m companion.i18n.tools extract

i18n-update: $(STAMP)
	$(BIN)/python -m companion.i18n.tools update

i18n-check: $(STAMP)
	$(BIN)/python -m companion.i18n.tools check

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis
