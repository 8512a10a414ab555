package warehouse

import (
	"context"
	"sync"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/availability"
)

// Guard makes every call on w.Conn go through g (package availability): while
// ClickHouse is known not to answer a call fails at once with an
// *availability.DownError, and a call in flight when it is found frozen is
// cancelled, instead of each one waiting out its deadline. The server does this
// for the API (api.New); the CLI's long work keeps plain connections.
func (w *Warehouse) Guard(g *availability.Guard) {
	if gc, ok := w.Conn.(guardedConn); ok {
		w.Conn = gc.Conn
	}
	w.Conn = guardedConn{Conn: w.Conn, g: g}
}

// NewGuard is the guard of this warehouse's server: its probe pings ClickHouse on
// a connection of its own, opened for the probe and closed after it.
func (w *Warehouse) NewGuard() *availability.Guard {
	return availability.New("ClickHouse", func(ctx context.Context) error {
		o := *w.opts
		o.MaxOpenConns, o.MaxIdleConns = 1, 0
		o.DialTimeout, o.ReadTimeout = availability.DefaultProbeTimeout, availability.DefaultProbeTimeout
		conn, err := clickhouse.Open(&o)
		if err != nil {
			return err
		}
		defer conn.Close()
		return conn.Ping(ctx)
	})
}

// guardedConn is a driver.Conn whose calls enter the guard first. Methods not
// written here (a batch's insert, the server version) pass through unguarded.
type guardedConn struct {
	driver.Conn
	g *availability.Guard
}

func (c guardedConn) Select(ctx context.Context, dest any, query string, args ...any) error {
	ctx, leave, err := c.g.Enter(ctx)
	if err != nil {
		return err
	}
	defer leave()
	return c.g.Err(ctx, c.Conn.Select(ctx, dest, query, args...))
}

func (c guardedConn) Exec(ctx context.Context, query string, args ...any) error {
	ctx, leave, err := c.g.Enter(ctx)
	if err != nil {
		return err
	}
	defer leave()
	return c.g.Err(ctx, c.Conn.Exec(ctx, query, args...))
}

func (c guardedConn) Ping(ctx context.Context) error {
	ctx, leave, err := c.g.Enter(ctx)
	if err != nil {
		return err
	}
	defer leave()
	return c.g.Err(ctx, c.Conn.Ping(ctx))
}

func (c guardedConn) Query(ctx context.Context, query string, args ...any) (driver.Rows, error) {
	ctx, leave, err := c.g.Enter(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := c.Conn.Query(ctx, query, args...)
	if err != nil {
		leave()
		return nil, c.g.Err(ctx, err)
	}
	return &guardedRows{Rows: rows, ctx: ctx, g: c.g, leave: leave}, nil
}

func (c guardedConn) QueryRow(ctx context.Context, query string, args ...any) driver.Row {
	parent := ctx
	ctx, leave, err := c.g.Enter(ctx)
	if err != nil {
		return errRow{err}
	}
	// The driver reads the row when it is scanned: the call ends there (or with
	// the caller's context, for a row that is never scanned).
	once := sync.OnceFunc(leave)
	stop := context.AfterFunc(parent, once)
	return guardedRow{Row: c.Conn.QueryRow(ctx, query, args...), ctx: ctx, g: c.g, leave: func() { stop(); once() }}
}

func (c guardedConn) PrepareBatch(ctx context.Context, query string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	if c.g.Down() { // the batch outlives the call: only refused up front
		return nil, &availability.DownError{Service: c.g.Service}
	}
	return c.Conn.PrepareBatch(ctx, query, opts...)
}

// guardedRows leaves the guard when the rows are closed: reading them is part of the call.
type guardedRows struct {
	driver.Rows
	ctx   context.Context
	g     *availability.Guard
	leave func()
}

func (r *guardedRows) Err() error { return r.g.Err(r.ctx, r.Rows.Err()) }

func (r *guardedRows) Close() error {
	err := r.Rows.Close()
	if r.leave != nil {
		r.leave()
		r.leave = nil
	}
	return err
}

// guardedRow leaves the guard once it is scanned.
type guardedRow struct {
	driver.Row
	ctx   context.Context
	g     *availability.Guard
	leave func()
}

func (r guardedRow) Err() error { return r.g.Err(r.ctx, r.Row.Err()) }

func (r guardedRow) Scan(dest ...any) error {
	defer r.leave()
	return r.g.Err(r.ctx, r.Row.Scan(dest...))
}

func (r guardedRow) ScanStruct(dest any) error {
	defer r.leave()
	return r.g.Err(r.ctx, r.Row.ScanStruct(dest))
}

// errRow is a row that is only an error.
type errRow struct{ err error }

func (r errRow) Err() error           { return r.err }
func (r errRow) Scan(...any) error    { return r.err }
func (r errRow) ScanStruct(any) error { return r.err }
