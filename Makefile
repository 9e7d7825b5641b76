# Two commands keep a fresh machine working: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000
STAMP  := $(VENV)/.installed
DEV    := $(VENV)/.installed-dev

.PHONY: install install-dev run test test-fast test-robust e2e lint format migrate corpus serve-prod bench clean messages

# `make run` needs the runtime only (requirements.txt); the tests and the linter add
# requirements-dev.txt.
$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

$(DEV): $(STAMP) requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(DEV)

install: $(STAMP)

install-dev: $(DEV)

migrate: install
	$(PY) manage.py migrate --noinput

corpus: migrate
	$(PY) manage.py loadcorpus

# Development mode is asked for here and in the tests only: manage.py and gunicorn default to
# production (DEBUG off). A target-specific export reaches the prerequisites (migrate, corpus).
run: export DEBUG = 1

# The web server and, beside it, one background worker for the playtest lab's runs (stopped
# with the server; it renders no page, so it runs without the translation catalogues). More
# workers: `USE_I18N=0 manage.py db_worker` on any machine sharing the database.
# The disputes pages' figures in play: enqueued here (quick), played by the worker.
run: corpus
	$(PY) manage.py dispute_figures --verbosity 0
	@trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	USE_I18N=0 $(PY) manage.py db_worker --no-reload --interval 0.5 --verbosity 0 & worker=$$!; \
	$(PY) manage.py runserver $(HOST):$(PORT)

# Every test, browser tests included (they need Debian's Chromium at /usr/bin/chromium).
# E2E=0 leaves the browser tests out (CI's second database pass: they test the pages, which
# do not depend on the database, and they already ran in the first pass).
# In parallel: WORKERS pytest-xdist processes (auto: one per core), each with a test database
# of its own; the tests marked xdist_group("servers") (servers started on ports and Redis of
# their own) run one after another in one of them. WORKERS=0 runs in this process.
WORKERS ?= auto
XDIST    = $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist loadgroup)

test: install-dev
	DEBUG=1 $(PY) manage.py check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m pytest $(XDIST) $(if $(filter 0,$(E2E)),-m "not e2e",)
	$(PY) -m pytest --ds=bench.settings tests/bench

# Everything but the browser tests.
test-fast: install-dev
	$(PY) -m pytest $(XDIST) -m "not e2e"
	$(PY) -m pytest --ds=bench.settings tests/bench

# The API under 1,000 generated requests per operation, and the list of hostile inputs.
test-robust: install-dev
	SCHEMATHESIS_EXAMPLES=$${SCHEMATHESIS_EXAMPLES:-1000} $(PY) -m pytest tests/api/test_schemathesis.py tests/api/test_hostile_input.py

e2e: install-dev
	$(PY) -m pytest -m e2e

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Production mode: DEBUG off (migrate and loadcorpus too), hashed+compressed static files,
# gunicorn. Needs SECRET_KEY.
serve-prod: export DEBUG = 0
serve-prod: corpus
	$(PY) manage.py collectstatic --noinput
	$(VENV)/bin/gunicorn -c gunicorn.conf.py config.wsgi

# Refresh the interface's message catalogues after changing a translatable string, then
# translate the new entries in locale/<code>/LC_MESSAGES/django.po (needs GNU gettext).
messages: export DEBUG = 1
messages: install-dev
	$(PY) manage.py makemessages --all --add-location=file --no-wrap --ignore=.venv --ignore=bench --ignore=tests
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
