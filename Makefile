# Rulebinder: the two front-door commands are `make serve` and `make test`.
# Everything they need is installed by the targets below.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup serve build test lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.lock pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	touch $@

setup: $(VENV)/.installed

## Build the site into site/ (into a temporary folder first: a failed build publishes nothing).
build: setup
	rm -rf site.tmp
	$(BIN)/mkdocs build --strict --site-dir site.tmp
	rm -rf site && mv site.tmp site

## Install everything, then serve the site at http://127.0.0.1:8000 with live reload.
serve: setup
	$(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8000

lint: setup
	$(BIN)/ruff check calculators macros tests scripts

## Install everything, then run lint, doctests, unit, property, build and browser tests.
test: setup lint
	$(BIN)/python -m pytest

clean:
	rm -rf site site.tmp $(VENV) node_modules
