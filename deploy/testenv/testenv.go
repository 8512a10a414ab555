// Package testenv gives integration tests their own databases on the real servers
// of the local stack: a fresh ClickHouse database and a fresh PostgreSQL database
// per call, migrated to the latest schema and dropped when the test ends. Tests of
// different packages (and different engineers) can therefore run side by side on
// one stack without seeing each other's rows.
//
// The stack must be running (`make test` starts it; by hand: `go run ./cmd/pricelens stack up`).
package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/deploy/config"
	"pricelens/migrations"
	"pricelens/store"
	"pricelens/warehouse"
)

// Config returns the configuration the tests run against (the environment, with defaults).
func Config(t testing.TB) config.Config {
	t.Helper()
	c, err := config.Load()
	if err != nil {
		t.Fatalf("configuration: %v", err)
	}
	return c
}

func uniqueName(t testing.TB) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	name := strings.ToLower(t.Name())
	clean := make([]rune, 0, len(name))
	for _, r := range name {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			clean = append(clean, r)
		} else {
			clean = append(clean, '_')
		}
	}
	if len(clean) > 30 {
		clean = clean[:30]
	}
	return "t_" + string(clean) + "_" + hex.EncodeToString(b)
}

// ClickHouse returns a warehouse on a new, migrated database and the configuration
// that points at it. With PRICELENS_CLICKHOUSE_CLUSTER set (`make test-cluster`) the
// database is created, migrated and dropped on every node of that cluster.
func ClickHouse(t testing.TB) (*warehouse.Warehouse, config.Config) {
	t.Helper()
	c := Config(t)
	c.ClickHouseDB = uniqueName(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		t.Fatalf("%v\n(the local stack must be running: `make test` starts it)", err)
	}
	db := w.DB()
	defer db.Close()
	if err := migrations.Up(ctx, migrations.ClickHouse, db, migrations.OnCluster(c.ClickHouseCluster)); err != nil {
		t.Fatalf("migrate clickhouse: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := w.DropDatabase(ctx, c.ClickHouseDB); err != nil {
			t.Logf("drop clickhouse database %s: %v", c.ClickHouseDB, err)
		}
		w.Close()
	})
	return w, c
}

// Postgres returns a pool on a new, migrated database and the configuration that
// points at it.
func Postgres(t testing.TB) (*pgxpool.Pool, config.Config) {
	t.Helper()
	c := Config(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	admin, err := store.Open(ctx, c.PostgresURL)
	if err != nil {
		t.Fatalf("%v\n(the local stack must be running: `make test` starts it)", err)
	}
	defer admin.Close()
	name := uniqueName(t)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create postgres database: %v", err)
	}
	dsn, err := store.WithDatabase(c.PostgresURL, name)
	if err != nil {
		t.Fatal(err)
	}
	c.PostgresURL = dsn
	pool, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	db := store.SQLDB(pool)
	if err := migrations.Up(ctx, migrations.Postgres, db); err != nil {
		t.Fatalf("migrate postgres: %v", err)
	}
	_ = db.Close()
	t.Cleanup(func() {
		pool.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		admin, err := store.Open(ctx, Config(t).PostgresURL)
		if err != nil {
			t.Logf("drop postgres database %s: %v", name, err)
			return
		}
		defer admin.Close()
		if _, err := admin.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)); err != nil {
			t.Logf("drop postgres database %s: %v", name, err)
		}
	})
	return pool, c
}
