# Rulebinder: the two front-door commands are `make serve` and `make test`.
# Everything they need is installed by the targets below.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# A Python matching the vendored Pyodide's (0.29 embeds 3.13) for `pyodide py-compile`:
# the site then ships precompiled bytecode. Optional: without it the build ships sources.
PYODIDE_PYTHON ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3) \
	$(shell command -v python3.13 2>/dev/null))
PYODIDE_VENV := .venv-py313
CHROMIUM := /usr/bin/chromium
export NO_MKDOCS_2_WARNING := 1
## The host that builds and serves the site: MkDocs 1.6, or ProperDocs 1.6, its maintained
## continuation (make build HOST=properdocs); both read mkdocs.yml (docs/guide/architecture.md).
HOST ?= mkdocs

.PHONY: setup serve build test lint clean browser pyodide-build import

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

## The project itself, editable: the `rulebinder` command and the MkDocs plugin its own
## mkdocs.yml names (`python -m mkdocs` then imports this folder's packages).
$(VENV)/.installed: requirements.lock pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

## Pyodide and workbox-build, pinned in package-lock.json: the build copies the runtime into
## site/pyodide/ and writes the offline service worker (site/sw.js) with workbox.
node_modules/.installed: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

## pyodide-build in its own venv on Python 3.13, if that Python is here (else: skipped).
pyodide-build: $(if $(PYODIDE_PYTHON),$(PYODIDE_VENV)/.installed)
	@$(if $(PYODIDE_PYTHON),true,echo "No Python 3.13: the site ships the rules core \
	without precompiled bytecode (install Python 3.13 to precompile).")

$(PYODIDE_VENV)/.installed: requirements-pyodide.lock
	rm -rf $(PYODIDE_VENV)
	( $(PYODIDE_PYTHON) -m venv $(PYODIDE_VENV) \
	  && $(PYODIDE_VENV)/bin/python -m pip install --quiet --disable-pip-version-check \
	     -r requirements-pyodide.lock \
	  && touch $@ ) \
	|| { rm -rf $(PYODIDE_VENV); \
	     echo "pyodide-build could not be installed: shipping bytecode-free wheels."; }

setup: $(VENV)/.installed node_modules/.installed pyodide-build

## Debian's Chromium for the browser tests (installed with apt-get when run as root).
browser:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "The browser tests need Debian's Chromium at $(CHROMIUM):"; \
	    echo "  sudo apt-get update && sudo apt-get install -y chromium"; exit 1; \
	  fi; }

## Build the site into site/ (into a temporary folder first: a failed build publishes nothing).
build: setup
	rm -rf site.tmp
	$(BIN)/python -m $(HOST) build --strict --config-file mkdocs.yml --site-dir site.tmp
	rm -rf site && mv site.tmp site

## Install everything, then serve the site at http://127.0.0.1:8000 with live reload
## (no service worker there: it would keep serving pages as they were before an edit).
serve: setup
	RULEBINDER_OFFLINE=0 $(BIN)/python -m $(HOST) serve --strict --config-file mkdocs.yml --dev-addr 127.0.0.1:8000

## Import a rulebook: make import SOURCE=book.md SYSTEM=mybook [ARGS="--title 'My Book'"]
## (several sources: SOURCE="ch1.md ch2.md"); see docs/guide/publishing.md.
import: setup
	$(BIN)/python -m rulebinder import $(SOURCE) --system $(SYSTEM) $(ARGS)

lint: setup
	$(BIN)/ruff check calculators macros tests scripts rulebinder

## Install everything, then run lint, doctests, unit, property, build and browser tests.
test: setup browser lint
	$(BIN)/python -m pytest

clean:
	rm -rf site site.tmp $(VENV) $(PYODIDE_VENV) node_modules
