# Everything a fresh machine needs comes from here: `make play` and `make test`
# create .venv on first use. Each install step is a file target that depends
# on pyproject.toml, so editing the dependencies re-runs it next time.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
LINTED := src tests benchmarks

.PHONY: play test site docs bench lint soak clean

# The virtualenv itself (its python appears once `venv` has run).
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The package with what the web app needs (starlette, uvicorn are core deps).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# ... plus the test tools (pytest and pytest-xdist, hypothesis, httpx2 for the web TestClient,
# playwright, sybil for the documentation's examples).
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# ... plus the documentation tools (MkDocs, Material, mkdocstrings).
$(VENV)/.installed-docs: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

# ... plus the linters (ruff, mypy).
$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

# The front end's linters (ESLint, TypeScript's checker), at the versions
# package.json pins, into node_modules/ (needs node and npm).
node_modules/.installed: package.json
	npm install --no-audit --no-fund
	touch $@

## play: serve the web app on http://$(HOST):$(PORT) (this machine only by default)
play: $(VENV)/.installed
	$(BIN)/pencilbox play --host $(HOST) --port $(PORT)

## site: the whole app as static files in $(SITE)/ (Python runs in the page; serve with
## python3 -m http.server -d $(SITE)); fetches the pinned runtime into a cache on first use
SITE ?= site
site: $(VENV)/.installed
	$(BIN)/pencilbox site --out $(SITE)

## test: the whole test suite, on every core (pytest-xdist)
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n auto --dist loadfile

## docs: the manual as a site in build/docs/, strict: a broken link or reference fails
docs: $(VENV)/.installed-docs
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir build/docs

## bench: one table: every engine on every real and bank puzzle, and generation throughput
bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/run.py

## lint: the Python (ruff lint and format check, mypy) and the JavaScript (ESLint,
## TypeScript's checker over JSDoc: the page, then the static site's workers);
## runs them all, fails if any fails
lint: $(VENV)/.installed-dev node_modules/.installed
	@status=0; \
	$(BIN)/ruff check $(LINTED) || status=1; \
	$(BIN)/ruff format --check $(LINTED) || status=1; \
	$(BIN)/mypy || status=1; \
	node_modules/.bin/eslint . || status=1; \
	node_modules/.bin/tsc -p tsconfig.json || status=1; \
	node_modules/.bin/tsc -p tsconfig.workers.json || status=1; \
	exit $$status

## soak: the long randomised tests (marked soak) that `make test` skips
soak: $(VENV)/.installed-test
	PENCILBOX_SOAK=1 $(BIN)/python -m pytest -m soak

clean:
	rm -rf $(VENV) node_modules .pytest_cache .hypothesis .ruff_cache .mypy_cache build dist site
