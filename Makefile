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

PORT ?= 8000
SECRET_FILE := .secret_key

$(SECRET_FILE):  # this machine's own key for `make run`, made once (never committed)
	$(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

# A night at home: DEBUG off, compressed static files, plain HTTP on the local network (production: README).
run: export DEBUG ?= false
run: export HTTPS ?= false
run: $(STAMP) $(SECRET_FILE)
	export SECRET_KEY="$${SECRET_KEY:-$$(cat $(SECRET_FILE))}" && \
	$(PY) manage.py migrate --noinput && \
	$(PY) manage.py collectstatic --noinput -v 0 && \
	$(PY) manage.py load_demo --port $(PORT) && \
	$(PY) manage.py serve --port $(PORT)  # prints the address and a QR code

test: export DJANGO_SETTINGS_MODULE = config.test_settings
test: $(DEVSTAMP)
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/mypy
	$(PY) -m pytest

bench: $(DEVSTAMP)
	$(PY) -m pytest tests/bench -m bench -s
	$(PY) -m pytest tests/browser/test_interactions.py -s -q

lint: $(DEVSTAMP)
	$(VENV)/bin/ruff check .

messages: export DEBUG = true
messages: $(STAMP)  # the generic words in locale/, each game's in games/<slug>/locale/ (python -P: a game's own modules, such as Tarot's numbers.py, must not shadow the standard library)
	$(PY) manage.py makemessages -l es -l fr --ignore=.venv --ignore=static --ignore=tests --ignore=docs \
		--ignore=test-results --ignore=games
	for game in games/*/; do (cd $$game && mkdir -p locale && ../../$(PY) -P -m django makemessages -l es -l fr \
		--ignore=tests); done
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles $(SECRET_FILE)
