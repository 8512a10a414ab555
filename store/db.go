// Package store holds the PostgreSQL side: the connection pool and the stores of
// app state (accounts, users, reports, labels, ...). Every store query that touches
// an account's rows is scoped by account_id inside the store, never by the caller.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// Open connects a pool to the PostgreSQL URL and checks that it answers.
// Errors are one line naming the cause (unreachable, wrong password, missing database).
func Open(ctx context.Context, dsn string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: bad PRICELENS_POSTGRES_URL: %v", err)
	}
	cfg.MaxConns = 32
	cfg.ConnConfig.ConnectTimeout = 5 * time.Second
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, describe(dsn, err)
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pctx); err != nil {
		pool.Close()
		return nil, describe(dsn, err)
	}
	return pool, nil
}

// SQLDB returns a database/sql handle on the pool, for goose.
func SQLDB(pool *pgxpool.Pool) *sql.DB { return stdlib.OpenDBFromPool(pool) }

// WithDatabase returns the URL with its database name replaced.
func WithDatabase(dsn, name string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// describe turns a connection error into one line a person can act on.
func describe(dsn string, err error) error {
	where := dsn
	if u, perr := url.Parse(dsn); perr == nil {
		where = u.Host
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "28P01", "28000":
			return fmt.Errorf("postgres at %s: %s (check the user and password in PRICELENS_POSTGRES_URL)", where, pe.Message)
		case "3D000":
			return fmt.Errorf("postgres at %s: %s", where, pe.Message)
		}
		return fmt.Errorf("postgres at %s: %s", where, pe.Message)
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return fmt.Errorf("postgres at %s: connection refused (is the server running? `make run` or `pricelens stack up` starts the local one)", where)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return fmt.Errorf("postgres at %s: no answer (timeout)", where)
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, "): "); i >= 0 && strings.Contains(msg, "FATAL") {
		msg = msg[i+3:]
	}
	return fmt.Errorf("postgres at %s: %s", where, msg)
}

// EnsureDatabase creates the URL's database when it does not exist, connecting to
// the server's "postgres" database to do so. It lets `pricelens migrate` point at a
// fresh server; a role without CREATEDB gets PostgreSQL's own message.
func EnsureDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(dsn)
	if err != nil {
		return fmt.Errorf("postgres: bad PRICELENS_POSTGRES_URL: %v", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" || !plainIdent(name) {
		return fmt.Errorf("postgres: database name %q in PRICELENS_POSTGRES_URL is not a plain identifier", name)
	}
	pool, err := Open(ctx, dsn)
	if err == nil {
		pool.Close()
		return nil
	}
	var pe *pgconn.PgError
	if !errors.As(err, &pe) && !strings.Contains(err.Error(), "does not exist") {
		return err
	}
	adminDSN, _ := WithDatabase(dsn, "postgres")
	admin, aerr := Open(ctx, adminDSN)
	if aerr != nil {
		return err
	}
	defer admin.Close()
	if _, cerr := admin.Exec(ctx, "CREATE DATABASE "+name); cerr != nil {
		return describe(dsn, cerr)
	}
	return nil
}

func plainIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9' && i > 0)) {
			return false
		}
	}
	return true
}
