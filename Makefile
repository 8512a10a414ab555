# The two commands of the README: `make run` and `make test`. Both install what is
# missing (Debian packages through `pricelens stack up`, Go modules, npm packages),
# start the private servers under .data/ on loopback, and migrate.

GO        ?= go
BIN       := bin/pricelens
export PRICELENS_DATA_DIR ?= $(CURDIR)/.data
WEBAPP    := webapp
HAS_WEBAPP := $(wildcard $(WEBAPP)/package.json)

.PHONY: run test stop build webapp webapp-deps stack bench vet browser

build: webapp
	$(GO) build -o $(BIN) .

# The webapp is built only when it exists; npm packages are installed when missing.
webapp-deps:
ifneq ($(HAS_WEBAPP),)
	@if [ ! -d $(WEBAPP)/node_modules ] || [ $(WEBAPP)/package-lock.json -nt $(WEBAPP)/node_modules/.package-lock.json ]; then \
		cd $(WEBAPP) && npm ci --no-audit --no-fund; fi
endif

webapp: webapp-deps
ifneq ($(HAS_WEBAPP),)
	cd $(WEBAPP) && npm run build
endif

stack: build
	$(BIN) stack up

# run: stack up, migrate, seed S unless data exists, serve on 127.0.0.1:8080.
run: stack
	$(BIN) migrate
	$(BIN) seed --size S --seed 1 --if-empty
	$(BIN) serve

vet:
	$(GO) vet ./...

# browser: Debian's chromium for the webapp's browser tests (playwright-core drives it;
# no browser download is possible here).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
		SUDO=; [ "$$(id -u)" = 0 ] || SUDO="sudo -n"; \
		echo "installing chromium (Debian package) for the browser tests"; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
		|| { echo "cannot install the Debian package chromium (needed by the webapp's browser tests)"; exit 1; }; \
	fi

# test: stack up, go vet, every Go test (integration tests use their own databases
# on the running servers), then the webapp's lint (ESLint), unit and browser tests.
test: stack vet browser
	$(GO) test -count=1 -timeout 25m ./...
ifneq ($(HAS_WEBAPP),)
	cd $(WEBAPP) && npm test
endif

stop:
	@if [ -x $(BIN) ]; then $(BIN) stack down; else echo "nothing to stop (no $(BIN))"; fi

# bench: the grid at L (DESIGN §7). Loads L into the private bench_l databases once
# (seed --if-empty skips it when loaded), then prints p50/p95 through the HTTP API,
# the same SQL on ClickHouse and equivalent SQL on PostgreSQL, with the ratios.
BENCH_PG_URL ?= postgres://pricelens:pricelens@127.0.0.1:15432/bench_l?sslmode=disable
BENCH_ENV := PRICELENS_CLICKHOUSE_DB=bench_l PRICELENS_POSTGRES_URL='$(BENCH_PG_URL)'
bench: stack
	$(BENCH_ENV) $(BIN) migrate
	$(BENCH_ENV) $(BIN) seed --size L --seed 1 --if-empty
	$(BENCH_ENV) $(BIN) bench --runs 20

# bench-ingest: 10M generated scan rows from Parquet (kept in .data/bench/) through
# `pricelens ingest` into a scratch database, rows/s and peak memory, beside
# clickhouse-client inserting the same rows from TSV; prints the ratio. Not part of `make test`.
.PHONY: bench-ingest
bench-ingest: stack
	$(BIN) ingest bench --rows 10000000 --dir $(PRICELENS_DATA_DIR)/bench
