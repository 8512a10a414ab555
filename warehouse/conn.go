// Package warehouse is the ClickHouse side: the connection, execution of the
// engine's plans, streaming of export CSV over HTTP, and writing of facts.
package warehouse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/deploy/config"
)

// Warehouse is an open ClickHouse database.
type Warehouse struct {
	Conn     driver.Conn
	Database string
	// HTTPAddr is the HTTP interface, used only to stream exports as CSV (CSV).
	HTTPAddr string
	// Cluster is the ClickHouse cluster the schema is spread over (cluster.go); "" one server.
	Cluster string
	// RollupChunks bounds the trend rollup build's chunks (zero: the defaults).
	RollupChunks RollupChunks
	// Server is the ClickHouse release, read when the pool opened.
	Server  ServerVersion
	opts    *clickhouse.Options
	maxExec time.Duration
	nodes   nodes // single-node connections of ExecParts (cluster.go)
}

var identRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// options builds the driver options for a server of release v (the zero version:
// not known yet, no settings). Settings sent over the protocol must be int on
// ClickHouse 18.16 (revision 54412); max_memory_usage is enforced only when sent
// this way, never through a SQL SETTINGS clause.
func options(c config.Config, database string, v ServerVersion) *clickhouse.Options {
	readTimeout := c.ClickHouseMaxExecution + 30*time.Second
	if c.ClickHouseCluster != "" {
		// DDL ON CLUSTER waits for every node, behind the other DDL of the cluster's
		// queue, up to the profile's distributed_ddl_task_timeout (120 s, deploy/stack).
		readTimeout = max(readTimeout, 150*time.Second)
	}
	protocol := clickhouse.Native
	if c.ClickHouseProtocol == "http" {
		protocol = clickhouse.HTTP
	}
	return &clickhouse.Options{
		Protocol:    protocol,
		Addr:        c.ClickHouseAddrs(),
		Auth:        clickhouse.Auth{Database: database, Username: c.ClickHouseUser, Password: c.ClickHousePassword},
		DialTimeout: 5 * time.Second,
		// INSERT ... VALUES hangs on 18.16 until the read timeout; never rely on the 300 s default.
		ReadTimeout:     readTimeout,
		MaxOpenConns:    32,
		MaxIdleConns:    8,
		ConnMaxLifetime: time.Hour,
		Settings:        settings(c, v),
	}
}

// settings are what every statement of the pool sends for release v: only
// settings that release knows (a current server refuses an unknown one, Code 115).
func settings(c config.Config, v ServerVersion) clickhouse.Settings {
	if v.Major == 0 {
		return nil // the first connection, which reads the version
	}
	s := clickhouse.Settings{
		"max_execution_time": int(c.ClickHouseMaxExecution.Seconds()),
		"max_memory_usage":   8_000_000_000,
	}
	for _, name := range []string{"allow_experimental_low_cardinality_type", "allow_replace_partition_from_empty_source"} {
		if v.Knows(name) {
			s[name] = 1
		}
	}
	return s
}

// ownConn opens one connection of its own whose reads wait up to timeout + 30 s:
// the pool's read timeout is a report's limit + 30 s, and the server sends nothing
// while a long INSERT … SELECT works. The caller closes it.
func (w *Warehouse) ownConn(timeout time.Duration) (driver.Conn, error) {
	return w.ownConns(timeout, 1)
}

// ownConns is ownConn with n connections, for n statements side by side.
func (w *Warehouse) ownConns(timeout time.Duration, n int) (driver.Conn, error) {
	o := *w.opts
	o.ReadTimeout = timeout + 30*time.Second
	o.MaxOpenConns, o.MaxIdleConns = n, n
	conn, err := clickhouse.Open(&o)
	if err != nil {
		return nil, describe(o.Addr[0], err)
	}
	return conn, nil
}

// Open connects to ClickHouse, creates the configured database when it is missing,
// and returns it. Errors are one line that names the cause.
func Open(ctx context.Context, c config.Config) (*Warehouse, error) {
	if !identRe.MatchString(c.ClickHouseDB) {
		return nil, fmt.Errorf("clickhouse: database name %q is not a plain identifier", c.ClickHouseDB)
	}
	v, err := ServerVersionOf(ctx, c)
	if err != nil {
		return nil, err
	}
	admin, err := clickhouse.Open(options(c, "default", v))
	if err != nil {
		return nil, describe(c.ClickHouseAddr, err)
	}
	defer admin.Close()
	if err := admin.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+c.ClickHouseDB+onCluster(c.ClickHouseCluster)); err != nil {
		return nil, describe(c.ClickHouseAddr, err)
	}
	opts := options(c, c.ClickHouseDB, v)
	conn, err := clickhouse.Open(opts)
	if err != nil {
		return nil, describe(c.ClickHouseAddr, err)
	}
	if err := conn.Ping(ctx); err != nil {
		conn.Close()
		return nil, describe(c.ClickHouseAddr, err)
	}
	return &Warehouse{Conn: conn, Database: c.ClickHouseDB, HTTPAddr: c.ClickHouseHTTPAddr, Cluster: c.ClickHouseCluster, Server: v, opts: opts, maxExec: c.ClickHouseMaxExecution}, nil
}

// ServerVersionOf asks the server of c its release, on a connection that sends no
// settings (which ones it may send depend on the answer).
func ServerVersionOf(ctx context.Context, c config.Config) (ServerVersion, error) {
	conn, err := clickhouse.Open(options(c, "default", ServerVersion{}))
	if err != nil {
		return ServerVersion{}, describe(c.ClickHouseAddr, err)
	}
	defer conn.Close()
	v, err := readVersion(ctx, conn)
	if err != nil {
		return ServerVersion{}, describe(c.ClickHouseAddr, err)
	}
	return v, nil
}

// FlushIsNoOp reports a connection whose batches send nothing until Send:
// clickhouse-go's HTTP protocol (the native one sends a block at each Flush).
func (w *Warehouse) FlushIsNoOp() bool { return w.opts.Protocol == clickhouse.HTTP }

// DB opens a database/sql handle on the same database, for goose.
func (w *Warehouse) DB() *sql.DB { return clickhouse.OpenDB(w.opts) }

// Close closes the connection pool.
func (w *Warehouse) Close() error {
	w.closeNodes()
	return w.Conn.Close()
}

// Version returns the server version, e.g. "18.16.1".
func (w *Warehouse) Version(ctx context.Context) (string, error) {
	var v string
	err := w.Conn.QueryRow(ctx, "SELECT version()").Scan(&v)
	return v, err
}

// DropDatabase drops a database on the server (used by tests for their private databases).
func (w *Warehouse) DropDatabase(ctx context.Context, name string) error {
	if !identRe.MatchString(name) {
		return fmt.Errorf("clickhouse: database name %q is not a plain identifier", name)
	}
	return w.Conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+w.OnCluster())
}

// describe turns a driver error into one line a person can act on.
func describe(addr string, err error) error {
	var ex *clickhouse.Exception
	switch {
	case errors.As(err, &ex) && ex.Code == 516, errors.As(err, &ex) && ex.Code == 192, errors.As(err, &ex) && ex.Code == 193:
		return fmt.Errorf("clickhouse at %s: authentication failed (check PRICELENS_CLICKHOUSE_USER / PRICELENS_CLICKHOUSE_PASSWORD): %s", addr, ex.Message)
	case errors.As(err, &ex):
		return fmt.Errorf("clickhouse at %s: %s", addr, ex.Message)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("clickhouse at %s: connection refused (is the server running? `make run` or `pricelens stack up` starts the local one)", addr)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return fmt.Errorf("clickhouse at %s: no answer (timeout)", addr)
	}
	return fmt.Errorf("clickhouse at %s: %s", addr, strings.TrimSpace(err.Error()))
}
