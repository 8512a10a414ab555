// Package migrations holds the schemas of both databases as goose migrations,
// embedded into the binary, and runs them; on PostgreSQL it also runs River's
// migrations for the job queue (see river.go).
//
// PostgreSQL uses goose's stock store. ClickHouse 18.16 needs a store of its own
// (see clickhouseStore): goose's stock ClickHouse store inserts with
// INSERT ... VALUES, which hangs on this server revision, and deletes with a
// SETTINGS clause the server cannot parse.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/database"
	"github.com/pressly/goose/v3/database/dialect"
)

//go:embed postgres/*.sql
var postgresFS embed.FS

//go:embed clickhouse/*.sql
var clickhouseFS embed.FS

// Database names one of the two schemas.
type Database string

const (
	Postgres   Database = "postgres"
	ClickHouse Database = "clickhouse"
)

const versionTable = "goose_db_version"

// Option changes how migrations run.
type Option func(*options)

type options struct{ cluster string }

// OnCluster runs the ClickHouse schema on the named cluster (cluster.go); "" is
// one server, as without the option.
func OnCluster(name string) Option { return func(o *options) { o.cluster = name } }

// Provider returns a goose provider for the schema of db over an open connection.
//
// Missing (out-of-order) migrations are applied: areas are built on branches, each
// with its own range of numbers, and a branch may land after one with higher
// numbers. Its migrations touch only its own tables, so applying them later is
// what the branch expected; refusing would strand every database already at the
// newer head.
func Provider(db Database, conn *sql.DB, opts ...Option) (*goose.Provider, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	switch db {
	case Postgres:
		sub, _ := fs.Sub(postgresFS, "postgres")
		return goose.NewProvider(goose.DialectPostgres, conn, sub, goose.WithAllowOutofOrder(true))
	case ClickHouse:
		sub, _ := fs.Sub(clickhouseFS, "clickhouse")
		var q dialect.Querier = clickhouseQuerier{}
		if o.cluster != "" {
			var dbName string
			if err := conn.QueryRow("SELECT currentDatabase()").Scan(&dbName); err != nil {
				return nil, fmt.Errorf("clickhouse: %w", err)
			}
			c := clusterTarget{Cluster: o.cluster, Database: dbName}
			var err error
			if sub, err = clusterFS(sub, c, schema{}); err != nil {
				return nil, err
			}
			q = clusterQuerier{c: c}
		}
		store, err := database.NewStoreFromQuerier(versionTable, q)
		if err != nil {
			return nil, err
		}
		return goose.NewProvider("", conn, sub, goose.WithStore(store), goose.WithAllowOutofOrder(true))
	}
	return nil, fmt.Errorf("unknown database %q", db)
}

// Up applies every pending migration of db (for PostgreSQL, River's last).
func Up(ctx context.Context, db Database, conn *sql.DB, opts ...Option) error {
	p, err := Provider(db, conn, opts...)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("%s migrations: %w", db, err)
	}
	if db == Postgres {
		return riverUp(ctx, conn)
	}
	return nil
}

// Down rolls db back one step. On PostgreSQL the first step removes River's schema
// when it is there (it was applied last); later steps roll back our migrations.
func Down(ctx context.Context, db Database, conn *sql.DB, opts ...Option) error {
	if db == Postgres {
		rv, err := RiverVersion(ctx, conn)
		if err != nil {
			return err
		}
		if rv > 0 {
			return riverRemove(ctx, conn)
		}
	}
	v, err := Version(ctx, db, conn, opts...)
	if err != nil || v == 0 {
		return err
	}
	p, err := Provider(db, conn, opts...)
	if err != nil {
		return err
	}
	if _, err := p.Down(ctx); err != nil {
		return fmt.Errorf("%s migrations: %w", db, err)
	}
	return nil
}

// DownTo rolls db back to version (0 = empty schema); on PostgreSQL, rolling back
// anything of ours removes River's schema first.
func DownTo(ctx context.Context, db Database, conn *sql.DB, version int64, opts ...Option) error {
	p, err := Provider(db, conn, opts...)
	if err != nil {
		return err
	}
	if db == Postgres {
		current, err := p.GetDBVersion(ctx)
		if err != nil {
			return err
		}
		if version < current {
			if err := riverRemove(ctx, conn); err != nil {
				return err
			}
		}
	}
	if _, err := p.DownTo(ctx, version); err != nil {
		return fmt.Errorf("%s migrations: %w", db, err)
	}
	return nil
}

// Version returns the current schema version of db.
func Version(ctx context.Context, db Database, conn *sql.DB, opts ...Option) (int64, error) {
	p, err := Provider(db, conn, opts...)
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}
