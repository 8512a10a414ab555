# The two commands of the README: `make run` and `make test`. Both install what is
# missing (Debian packages through `pricelens stack up`, Go modules, npm packages),
# start the private servers under .data/ on loopback, and migrate.

GO        ?= go
BIN       := bin/pricelens
export PRICELENS_DATA_DIR ?= $(CURDIR)/.data
WEBAPP    := webapp
HAS_WEBAPP := $(wildcard $(WEBAPP)/package.json)

.PHONY: run test stop build webapp webapp-deps stack bench vet

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

# test: stack up, go vet, every Go test (integration tests use their own databases
# on the running servers), then the webapp's unit and browser tests.
test: stack vet
	$(GO) test -count=1 -timeout 25m ./...
ifneq ($(HAS_WEBAPP),)
	cd $(WEBAPP) && npm test
endif

stop:
	@if [ -x $(BIN) ]; then $(BIN) stack down; else echo "nothing to stop (no $(BIN))"; fi

bench: stack
	$(BIN) migrate
	@echo "make bench: filled by the grid engine issue"
