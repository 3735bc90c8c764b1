PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test bench lint messages clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

run: export DEBUG ?= true  # development on this machine (production: see README, "Production")
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py serve  # prints the address and a QR code for the phones at the table

test: export DJANGO_SETTINGS_MODULE = config.test_settings
test: $(DEVSTAMP)
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/mypy
	$(PY) -m pytest

bench: $(DEVSTAMP)
	$(PY) -m pytest tests/bench -m bench -s
	$(PY) -m pytest tests/browser/test_interactions.py -s -q

lint: $(DEVSTAMP)
	$(VENV)/bin/ruff check .

messages: export DEBUG = true
messages: $(STAMP)  # the generic words in locale/, each game's in games/<slug>/locale/
	$(PY) manage.py makemessages -l es -l fr --ignore=.venv --ignore=static --ignore=tests --ignore=docs \
		--ignore=test-results --ignore=games
	for game in games/*/; do (cd $$game && mkdir -p locale && ../../$(PY) -m django makemessages -l es -l fr \
		--ignore=tests); done
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
