# Two commands for a newcomer: `make run` and `make test`. Both build .venv on first use.
# `make try` plays the real bot offline in a browser, no Discord account needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TRY_STAMP := $(VENV)/.installed-try

.PHONY: run try test lint format bench screenshots catalog clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

$(TRY_STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[try]'
	@touch $(TRY_STAMP)

run: $(STAMP)
	@$(BIN)/python -m bot

# The page is served on 127.0.0.1:$(TRY_PORT) (8765 unless set); games are kept in data/try.sqlite3.
try: $(TRY_STAMP)
	@$(BIN)/python -m bot.app.offline

# Lint, format check and the type checker, as `make test` runs them first.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy bot cogs db tools/catalog

test: lint
	$(BIN)/python -m pytest

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(STAMP)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.load

# Bring every language's catalogs (bot/render/locale/*/LC_MESSAGES/payday.po, and each feature's in
# bot/features/<name>/locale/) in step with the code
# and list what each still lacks; translate the entries it names, then `make test` checks them.
catalog: $(STAMP)
	$(BIN)/python -m tools.catalog update

# The README's pictures (docs/img/), from a scripted game played in make try's page; needs Chromium.
screenshots: $(STAMP)
	$(BIN)/python -m tools.screenshots

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
