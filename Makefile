# The two commands of the README: `make run` and `make test`. Both install what is
# missing (Debian packages through `pricelens stack up`, Go modules, npm packages),
# start the private servers under .data/ on loopback, and migrate.

GO        ?= go
BIN       := bin/pricelens
export PRICELENS_DATA_DIR ?= $(CURDIR)/.data
WEBAPP    := webapp
HAS_WEBAPP := $(wildcard $(WEBAPP)/package.json)

.PHONY: run test stop build webapp webapp-deps stack bench vet browser fuzz

build: webapp bins

# bins: the Go binaries: pricelens, the chDB endpoint (cmd/chdb-server) and the
# local OpenID Connect provider of the demo's single sign-on (cmd/devidp).
.PHONY: bins
bins:
	$(GO) build -o $(BIN) ./cmd/pricelens
	$(GO) build -o bin/chdb-server ./cmd/chdb-server
	$(GO) build -o bin/devidp ./cmd/devidp

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

# run: stack up, migrate, seed S unless data exists, serve on 127.0.0.1:8080. Unless
# PRICELENS_OIDC_ISSUER names an identity provider, single sign-on goes to the
# stack's own (cmd/devidp on 127.0.0.1:18096), which signs in the demo administrator.
DEMO_SSO := PRICELENS_OIDC_ISSUER=http://127.0.0.1:18096/oidc \
	PRICELENS_OIDC_CLIENT_ID=pricelens-demo PRICELENS_OIDC_CLIENT_SECRET=pricelens-demo-secret
run: stack
	$(BIN) migrate
	$(BIN) seed --size S --seed 1 --if-empty
	$(if $(PRICELENS_OIDC_ISSUER),,$(DEMO_SSO)) $(BIN) serve

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

# test: stack up, go vet, every Go test on ClickHouse 18.16 (integration tests use
# their own databases on the running servers), the fuzz targets, the 26.7 pass
# (test-current-ci), then the webapp's lint (ESLint), unit and browser tests.
# The Go tests give a statement 2 minutes (PRICELENS_CLICKHOUSE_MAX_EXECUTION_SECONDS,
# and the read timeout 30 s past it) instead of the server's 30 s: two test packages
# run side by side on two cores, each with the S data's heaviest raw-scan reads, and a
# trend over every raw scan once waited over 60 s for its first packet at load 4 and
# failed TestTrendsOnS with an i/o timeout. The 30 s limit is a serving limit; the
# benches measure it, the tests check answers.
TEST_ENV := PRICELENS_CLICKHOUSE_MAX_EXECUTION_SECONDS=120
# The longest packages are named first, so they start first instead of running alone at
# the end (go test runs two packages at a time on two cores, in the order given).
LONG_TESTS := ./trend ./ingest/demo ./api/access ./report
test: stack vet browser
	$(TEST_ENV) $(GO) test -count=1 -timeout 25m $(LONG_TESTS) ./...
	$(MAKE) fuzz
	$(MAKE) test-current-ci
ifneq ($(HAS_WEBAPP),)
	cd $(WEBAPP) && npm test
endif

# test-cluster: the ClickHouse integration tests on the loopback cluster (issue 18,
# docs/operations.md#cluster-scale-out): the stack (PostgreSQL, Mailpit) and `stack up --cluster` (ZooKeeper and
# four ClickHouse 18.16 nodes, 2 shards x 2 replicas, under .data/cluster), then the
# migrations, warehouse (with the fault tests, build tag cluster), ingest, grid, trend
# and pricer tests with every test database created ON CLUSTER. One package at a
# time (-p 1): the fault tests stop and start nodes. Not part of `make test`: it takes
# about 12 minutes on 2 cores, most of it DDL ON CLUSTER (docs/operations.md#cluster-scale-out).
CLUSTER_ENV := PRICELENS_CLICKHOUSE_CLUSTER=pricelens \
	PRICELENS_CLICKHOUSE_ADDR=127.0.0.1:19101,127.0.0.1:19102,127.0.0.1:19103,127.0.0.1:19104 \
	PRICELENS_CLICKHOUSE_HTTP_ADDR=127.0.0.1:18201
CLUSTER_TESTS := ./migrations ./warehouse ./ingest ./report ./api/grid ./trend ./api/trend
.PHONY: test-cluster
test-cluster: stack
	$(BIN) stack up --cluster
	$(CLUSTER_ENV) $(GO) test -count=1 -p 1 -tags cluster -timeout 90m $(CLUSTER_TESTS)
	$(CLUSTER_ENV) $(GO) test -count=1 -p 1 -tags cluster -timeout 30m -run '^(TestPricer|TestClusterShardDownAnswers503)$$' ./api/access ./api

# bench-cluster: the grid bench at M on the loopback cluster beside one node on the
# same machine (issue 18, docs/operations.md#cluster-scale-out): loads M once into bench_m on the single
# node (PostgreSQL bench_m) and on the cluster (PostgreSQL bench_m_cluster; seed
# --if-empty skips a loaded one), then runs the same bench classes (BENCH_ONLY: grid
# or trend) through the API on one and then the other. The PostgreSQL copy of the
# grid's data is skipped: it does not change with ClickHouse. Not part of `make test`.
BENCH_ONLY ?= grid
BENCH_M_ENV := PRICELENS_CLICKHOUSE_DB=bench_m \
	PRICELENS_POSTGRES_URL='postgres://pricelens:pricelens@127.0.0.1:15432/bench_m?sslmode=disable'
BENCH_M_CLUSTER_ENV := $(CLUSTER_ENV) PRICELENS_CLICKHOUSE_DB=bench_m \
	PRICELENS_POSTGRES_URL='postgres://pricelens:pricelens@127.0.0.1:15432/bench_m_cluster?sslmode=disable'
.PHONY: bench-cluster
bench-cluster: stack
	$(BIN) stack up --cluster
	$(BENCH_M_ENV) $(BIN) migrate
	$(BENCH_M_ENV) $(BIN) seed --size M --seed 1 --if-empty
	$(BENCH_M_CLUSTER_ENV) $(BIN) migrate
	$(BENCH_M_CLUSTER_ENV) $(BIN) seed --size M --seed 1 --if-empty
	@echo "== one node (127.0.0.1:19000, bench_m), load: $$(cut -d' ' -f1-3 /proc/loadavg)"
	$(BENCH_M_ENV) $(BIN) bench --runs 20 --skip-postgres --only $(BENCH_ONLY)
	@echo "== cluster (2 shards x 2 replicas on loopback, bench_m), load: $$(cut -d' ' -f1-3 /proc/loadavg)"
	$(BENCH_M_CLUSTER_ENV) $(BIN) bench --runs 20 --skip-postgres --only $(BENCH_ONLY)
	@echo "load: $$(cut -d' ' -f1-3 /proc/loadavg)"

# bench-cluster-pricer: the pricer bench (bench-pricer: 50 rules, a real run and a
# simulation end to end, the results grid, the rule preview) over bench_m on one node
# and then on the loopback cluster, each in databases of its own (bench_pricer_m,
# PostgreSQL bench_pricer_m and bench_pricer_m_cluster); run make bench-cluster first to load M.
.PHONY: bench-cluster-pricer
bench-cluster-pricer: stack
	$(BIN) stack up --cluster
	@echo "== one node (127.0.0.1:19000, bench_m)"
	PRICELENS_CLICKHOUSE_DB=bench_pricer_m PRICELENS_POSTGRES_URL='postgres://pricelens:pricelens@127.0.0.1:15432/bench_pricer_m?sslmode=disable' \
		$(BIN) bench-pricer --from bench_m
	@echo "== cluster (2 shards x 2 replicas on loopback, bench_m)"
	$(CLUSTER_ENV) PRICELENS_CLICKHOUSE_DB=bench_pricer_m \
		PRICELENS_POSTGRES_URL='postgres://pricelens:pricelens@127.0.0.1:15432/bench_pricer_m_cluster?sslmode=disable' \
		$(BIN) bench-pricer --from bench_m

# The current ClickHouse (26.7) of the local stack: chDB, ClickHouse as a library
# (npm @chdb/lib-linux-x64-gnu, installed once under .data/tools), served on
# loopback by bin/chdb-server over ClickHouse's HTTP interface; the binary talks to
# it with the HTTP protocol. `stack up --current` starts it with PostgreSQL and
# Mailpit (docs/clickhouse-versions.md).
CURRENT_CH_ADDR ?= 127.0.0.1:18223
CURRENT_ENV := PRICELENS_CLICKHOUSE_PROTOCOL=http PRICELENS_CLICKHOUSE_ADDR=$(CURRENT_CH_ADDR) \
	PRICELENS_CLICKHOUSE_HTTP_ADDR=$(CURRENT_CH_ADDR)

# run-current: `make run` on ClickHouse 26.7: its own databases (pricelens_current)
# and port (8081), so it runs beside `make run`; PRICELENS_HTTP_ADDR, the database
# names and PRICELENS_ADMIN_PASSWORD are honoured as by `make run`.
CURRENT_HTTP_ADDR := $(or $(PRICELENS_HTTP_ADDR),127.0.0.1:8081)
CURRENT_DB := $(or $(PRICELENS_CLICKHOUSE_DB),pricelens_current)
CURRENT_PG_URL := $(or $(PRICELENS_POSTGRES_URL),postgres://pricelens:pricelens@127.0.0.1:15432/pricelens_current?sslmode=disable)
CURRENT_RUN_ENV := $(CURRENT_ENV) PRICELENS_CLICKHOUSE_DB=$(CURRENT_DB) PRICELENS_POSTGRES_URL='$(CURRENT_PG_URL)'
.PHONY: run-current test-current
run-current: build
	$(CURRENT_ENV) $(BIN) stack up --current
	$(CURRENT_RUN_ENV) $(BIN) migrate
	$(CURRENT_RUN_ENV) $(BIN) seed --size S --seed 1 --if-empty
	$(CURRENT_RUN_ENV) PRICELENS_HTTP_ADDR=$(CURRENT_HTTP_ADDR) PRICELENS_DATA_DIR=$(PRICELENS_DATA_DIR)/current $(BIN) serve

# test-current: the ClickHouse integration tests on ClickHouse 26.7 (chDB), as
# test-cluster runs them on the cluster, one package at a time. Left out here, by
# name: the tests of what the stand-in cannot do (docs/clickhouse-versions.md).
CURRENT_TESTS := ./migrations ./warehouse ./ingest ./ingest/demo ./report ./api/grid ./trend ./api/trend ./api/access ./drops ./jobs ./api
# What the stand-in cannot do: a streaming SELECT that is killed stays in the
# engine's process list until its pipeline notices, seconds later (the Native
# stream's stop, the export's abort and the worker takeover of an export check
# that the query is gone at once).
CURRENT_SKIP := ^(TestNativeStopsTheServerQuery|TestExportProgressAndAbort|TestExportResumesOnAnotherWorker)$$
test-current: build
	$(CURRENT_ENV) $(BIN) stack up --current
	$(CURRENT_ENV) $(GO) test -count=1 -p 1 -timeout 60m -skip '$(CURRENT_SKIP)' $(CURRENT_TESTS)

# e2e-current: the browser flow (webapp/e2e, every step) against a server on
# ClickHouse 26.7 (chDB); its e2e databases live in the stand-in. About 10 minutes.
.PHONY: e2e-current
e2e-current: build
	$(CURRENT_ENV) $(BIN) stack up --current
	cd $(WEBAPP) && $(CURRENT_ENV) PRICELENS_BIN=$(abspath $(BIN)) node e2e/run.mjs

# test-current-ci: the 26.7 pass of `make test` (about 6 minutes): every migration,
# the warehouse, every plan kind of the grid, exports, insights, assortment and
# real-time executed on the fixture with the grid's reference comparisons at S
# (report, api/grid), the trends against raw scans and Go (trend), and the pricer
# against the Go evaluator. The rest of test-current takes as long again.
.PHONY: test-current-ci
test-current-ci: bins
	$(CURRENT_ENV) $(BIN) stack up --current
	$(CURRENT_ENV) $(TEST_ENV) $(GO) test -count=1 -p 1 -timeout 30m -skip '$(CURRENT_SKIP)' ./migrations ./warehouse ./report ./api/grid ./trend ./api/trend
	$(CURRENT_ENV) $(TEST_ENV) $(GO) test -count=1 -timeout 10m -run '^TestPricer$$' ./api/access

# bench-versions: the bench classes (grid, trend, reports) on ClickHouse 18.16 and on
# 26.7 over the same generated data (VERSIONS_SIZE, default M: seeding L into the
# in-process engine takes hours here), one table after the other. 18.16 is a
# server over TCP (native protocol); 26.7 is chDB, an engine in another process
# behind the local HTTP stand-in (bin/chdb-server), on the same two cores.
VERSIONS_SIZE ?= M
VERSIONS_DB := bench_versions_$(shell echo $(VERSIONS_SIZE) | tr A-Z a-z)
VERSIONS_PG := postgres://pricelens:pricelens@127.0.0.1:15432/$(VERSIONS_DB)
.PHONY: bench-versions
bench-versions: stack
	$(CURRENT_ENV) $(BIN) stack up --current
	PRICELENS_CLICKHOUSE_DB=$(VERSIONS_DB) PRICELENS_POSTGRES_URL='$(VERSIONS_PG)?sslmode=disable' $(BIN) migrate
	PRICELENS_CLICKHOUSE_DB=$(VERSIONS_DB) PRICELENS_POSTGRES_URL='$(VERSIONS_PG)?sslmode=disable' $(BIN) seed --size $(VERSIONS_SIZE) --seed 1 --if-empty
	$(CURRENT_ENV) PRICELENS_CLICKHOUSE_DB=$(VERSIONS_DB) PRICELENS_POSTGRES_URL='$(VERSIONS_PG)_current?sslmode=disable' $(BIN) migrate
	$(CURRENT_ENV) PRICELENS_CLICKHOUSE_DB=$(VERSIONS_DB) PRICELENS_POSTGRES_URL='$(VERSIONS_PG)_current?sslmode=disable' $(BIN) seed --size $(VERSIONS_SIZE) --seed 1 --if-empty
	@for only in grid trend reports; do \
		echo "== $$only on ClickHouse 18.16 (a server over TCP, native protocol), load: $$(cut -d' ' -f1-3 /proc/loadavg)"; \
		PRICELENS_CLICKHOUSE_DB=$(VERSIONS_DB) PRICELENS_POSTGRES_URL='$(VERSIONS_PG)?sslmode=disable' $(BIN) bench --runs 20 --skip-postgres --only $$only || exit 1; \
		echo "== $$only on ClickHouse 26.7 (chDB in another process behind the HTTP stand-in), load: $$(cut -d' ' -f1-3 /proc/loadavg)"; \
		$(CURRENT_ENV) PRICELENS_CLICKHOUSE_DB=$(VERSIONS_DB) PRICELENS_POSTGRES_URL='$(VERSIONS_PG)_current?sslmode=disable' $(BIN) bench --runs 20 --skip-postgres --only $$only || exit 1; \
	done

# api-types: the webapp's generated copy of the API contract (webapp/src/api): the
# OpenAPI document and permission catalog from the Go route table, then TypeScript
# types from the document with openapi-typescript. `make test` fails when stale.
.PHONY: api-types
api-types: webapp-deps
	$(GO) run ./cmd/pricelens contract webapp/src/api
ifneq ($(HAS_WEBAPP),)
	cd $(WEBAPP) && npm run gen:api
endif

# fuzz: each fuzz target for a number of executions (one invocation per target: -fuzz
# takes one package and one target). Their seed corpora (testdata/fuzz/) also run in
# `go test`. A count, not a duration: Go 1.26's fuzz coordinator can fail a target with
# "context deadline exceeded" when a duration ends while a starved worker is mid-call
# (golang/go#75804, fixed in Go 1.27); a count has no deadline to race. The counts are
# about 10 s each on 2 idle cores.
FUZZ_CONDITION_EXECS ?= 40000x
FUZZ_BODY_EXECS ?= 100000x
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParseCondition$$' -fuzztime=$(FUZZ_CONDITION_EXECS) ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzRequestBody$$' -fuzztime=$(FUZZ_BODY_EXECS) ./api/reqbody

# fuzz-api: the contract fuzzer (api/contract_fuzz_test.go) for FUZZ_API_TIME: every
# operation of the OpenAPI document called with generated input as every role against
# the real server on the S data; no 5xx, every answer as documented, no change to
# another account's rows. `make test` runs it for 45 s; FUZZ_API_SEED replays a run.
FUZZ_API_TIME ?= 10m
.PHONY: fuzz-api
fuzz-api: stack
	FUZZ_API_TIME=$(FUZZ_API_TIME) $(GO) test -count=1 -v -timeout 0 -run '^TestContractFuzz$$' ./api

stop:
	@if [ -x $(BIN) ]; then $(BIN) stack down; else echo "nothing to stop (no $(BIN))"; fi

# bench: the grid at L (docs/benchmarks.md#targets). Loads L into the private bench_l databases once
# (seed --if-empty skips it when loaded), then prints p50/p95 through the HTTP API,
# the same SQL on ClickHouse and equivalent SQL on PostgreSQL, with the ratios; then the home
# dashboard's reads (issue 32), each against its 150 ms p95 target.
BENCH_PG_URL ?= postgres://pricelens:pricelens@127.0.0.1:15432/bench_l?sslmode=disable
BENCH_ENV := PRICELENS_CLICKHOUSE_DB=bench_l PRICELENS_POSTGRES_URL='$(BENCH_PG_URL)'
bench: stack
	$(BENCH_ENV) $(BIN) migrate
	$(BENCH_ENV) $(BIN) seed --size L --seed 1 --if-empty
	$(BENCH_ENV) $(BIN) bench --runs 20
	$(BENCH_ENV) $(BIN) bench --runs 20 --skip-postgres --only home

# bench-pricer: the dynamic pricer at L (issue 15): 50 rules over bench_l's million
# products, run end to end, the results grid and the rule preview. Its own databases
# (bench_pricer) hold a copy of the account's snapshot of bench_l; run make bench first to load L.
.PHONY: bench-pricer
bench-pricer: stack
	PRICELENS_CLICKHOUSE_DB=bench_pricer PRICELENS_POSTGRES_URL='postgres://pricelens:pricelens@127.0.0.1:15432/bench_pricer?sslmode=disable' $(BIN) bench-pricer --from bench_l

# bench-approval: manual approval (issue 16): approving every Pending record of a
# 100k-record run by select-all and by a 100k-row approval CSV, through the API, in
# its own databases (bench_approval); needs no data set.
.PHONY: bench-approval
bench-approval: stack
	PRICELENS_CLICKHOUSE_DB=bench_approval PRICELENS_POSTGRES_URL='postgres://pricelens:pricelens@127.0.0.1:15432/bench_approval?sslmode=disable' $(BIN) bench-approval --records 100000 --runs 3

# bench-export: "all my products" at L with the default columns through the export
# code (100k and 1M rows): rows/s and bytes/s beside clickhouse-client writing the
# same SQL as CSV, peak RSS growth, time to the first progress update. Not part of `make test`.
.PHONY: bench-export
bench-export: stack
	$(BENCH_ENV) $(BIN) migrate
	$(BENCH_ENV) $(BIN) seed --size L --seed 1 --if-empty
	$(BENCH_ENV) $(BIN) bench-export

# bench-freshness: a 1M-scan load at L (50k random products x 20 competitors) with
# `pricelens ingest`, and when getConditionsData first shows it (goal: within 10 s).
# The scans stay in bench_l, like any load. Not part of `make test`.
.PHONY: bench-freshness
bench-freshness: stack
	$(BENCH_ENV) $(BIN) migrate
	$(BENCH_ENV) $(BIN) seed --size L --seed 1 --if-empty
	$(BENCH_ENV) $(BIN) bench-freshness

# bench-ingest: 10M generated scan rows from Parquet (kept in .data/bench/) through
# `pricelens ingest` into a scratch database, rows/s and peak memory, beside
# clickhouse-client inserting the same rows from TSV; prints the ratio. Not part of `make test`.
.PHONY: bench-ingest
bench-ingest: stack
	$(BIN) ingest bench --rows 10000000 --dir $(PRICELENS_DATA_DIR)/bench

# load: the load generator (issues 11, 31): LOAD_SESSIONS signed-in sessions repeat the
# calls of the report, trend, insights, pricer results and export screens for LOAD_DURATION
# against a server of its own on a free loopback port, then print requests, errors and
# p50/p95/max per call and the achieved request rate. Fails when any request got a 5xx
# or no answer. Not part of `make test`.
#   LOAD_SIZE=S (default): the private load_s databases (seeded with S once, with the
#     administrator password LOAD_ADMIN_PASSWORD); the sessions take turns over both accounts.
#   LOAD_SIZE=L: the private bench_l databases of `make bench` (loaded with L once), every
#     session on account 1 (a million products); the administrator's password there is
#     set to LOAD_ADMIN_PASSWORD first (`pricelens user set-password`, which also ends
#     that user's bench_l sessions).
#   LOAD_THINK: the pause between a user's actions: none (default: back to back, a
#     throughput test), one duration (5s) or a range (2s-10s), drawn per session from
#     LOAD_SEED. E.g. make load LOAD_SIZE=L LOAD_THINK=2s-10s LOAD_DURATION=5m
LOAD_SIZE ?= S
LOAD_THINK ?= none
LOAD_SEED ?= 1
LOAD_SESSIONS ?= 50
LOAD_DURATION ?= 3m
LOAD_ADMIN_PASSWORD ?= pricelens-load
LOAD_PG_URL ?= postgres://pricelens:pricelens@127.0.0.1:15432/load_s?sslmode=disable
ifeq ($(LOAD_SIZE),L)
LOAD_ENV := $(BENCH_ENV) PRICELENS_ADMIN_PASSWORD='$(LOAD_ADMIN_PASSWORD)'
LOAD_ACCOUNT := 1
else
LOAD_ENV := PRICELENS_CLICKHOUSE_DB=load_s PRICELENS_POSTGRES_URL='$(LOAD_PG_URL)' PRICELENS_ADMIN_PASSWORD='$(LOAD_ADMIN_PASSWORD)'
LOAD_ACCOUNT := 0
endif
# The load's server keeps its pid file and log here, apart from the one of `make run`.
LOAD_DIR := $(PRICELENS_DATA_DIR)/load
# e2e-home-l: the home dashboard's browser steps (issue 32) on the loaded L databases
# of `make bench` (bench_l, loaded once, as by `make load LOAD_SIZE=L`): the market
# position drawn, then every number followed to the report that lists as many. The
# server serves bench_l as it is (webapp/e2e/harness.mjs E2E_DATABASE). Not part of
# `make test`.
E2E_HOME_STEPS := home dashboard: the market position is drawn over the last 30 days,home dashboard: every number opens the report that lists that many
.PHONY: e2e-home-l
e2e-home-l: stack
	$(BENCH_ENV) $(BIN) migrate
	$(BENCH_ENV) $(BIN) seed --size L --seed 1 --if-empty
	printf '%s\n' '$(LOAD_ADMIN_PASSWORD)' | $(BENCH_ENV) $(BIN) user set-password --email admin@pricelens.local
	cd $(WEBAPP) && $(BENCH_ENV) E2E_DATABASE=bench_l E2E_ADMIN_PASSWORD='$(LOAD_ADMIN_PASSWORD)' E2E_ONLY='$(E2E_HOME_STEPS)' node e2e/run.mjs

.PHONY: load
load: stack
	@case '$(LOAD_SIZE)' in S|L) ;; *) echo "LOAD_SIZE must be S or L, not '$(LOAD_SIZE)'"; exit 2;; esac
	$(LOAD_ENV) $(BIN) migrate
	$(LOAD_ENV) $(BIN) seed --size $(LOAD_SIZE) --seed 1 --if-empty
	@if [ '$(LOAD_SIZE)' = L ]; then printf '%s\n' '$(LOAD_ADMIN_PASSWORD)' | $(LOAD_ENV) $(BIN) user set-password --email admin@pricelens.local; fi
	@mkdir -p $(LOAD_DIR) && : > $(LOAD_DIR)/serve.log; \
	$(LOAD_ENV) PRICELENS_DATA_DIR=$(LOAD_DIR) PRICELENS_HTTP_ADDR=127.0.0.1:0 $(BIN) serve 2>>$(LOAD_DIR)/serve.log & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid' EXIT; \
	addr=; for i in $$(seq 300); do \
		addr=$$(sed -n 's/.*"msg":"serving","addr":"\([^"]*\)".*/\1/p' $(LOAD_DIR)/serve.log); \
		[ -n "$$addr" ] || ! kill -0 $$pid 2>/dev/null && break; sleep 0.1; done; \
	[ -n "$$addr" ] || { echo "pricelens serve did not start (log: $(LOAD_DIR)/serve.log):"; tail -n 5 $(LOAD_DIR)/serve.log; exit 1; }; \
	$(LOAD_ENV) $(BIN) load --url $$addr --sessions $(LOAD_SESSIONS) --duration $(LOAD_DURATION) \
		--think '$(LOAD_THINK)' --seed $(LOAD_SEED) --account $(LOAD_ACCOUNT)
