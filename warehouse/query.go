package warehouse

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math"
	"reflect"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/ClickHouse/clickhouse-go/v2/lib/column"

	"pricelens/engine"
)

// Result is a query result by column: names and rows of plain Go values (string,
// float64, uint64, int64, time.Time, nil for NULL and NaN), ready for JSON.
type Result struct {
	Columns []string
	Rows    [][]any
}

// Maps are the rows keyed by column name, the shape the grids answer in (room
// for a few keys the caller adds).
func (r *Result) Maps() []map[string]any {
	out := make([]map[string]any, len(r.Rows))
	for i, row := range r.Rows {
		m := make(map[string]any, len(row)+4)
		for j, v := range row {
			m[r.Columns[j]] = v
		}
		out[i] = m
	}
	return out
}

// newQueryID names a query so it can be found in system.processes / query_log and killed.
func newQueryID(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return prefix + "-" + hex.EncodeToString(b)
}

// SQL is a statement without external sets, for queries written outside the engine.
func SQL(sql string, args ...any) engine.Statement {
	return engine.Statement{SQL: sql, Args: args}
}

// defaultMaxQuerySize is ClickHouse's default max_query_size: the longest query
// text the server parses.
const defaultMaxQuerySize = 256 << 10

// queryTextSize bounds the length of the query text once clickhouse-go has written
// the arguments into it (18.16 has no server-side parameters): each string as if
// every byte were escaped. Large sets travel as external data (engine.Set); this
// covers the rest (many long text filters, category paths), which the request
// body limit bounds, so that a valid request never fails with "Max query size
// exceeded".
func queryTextSize(st engine.Statement) int {
	n := len(st.SQL)
	var add func(v any)
	add = func(v any) {
		switch v := v.(type) {
		case string:
			n += 2*len(v) + 2
		case clickhouse.GroupSet:
			for _, e := range v.Value {
				add(e)
				n += 2
			}
		default:
			n += 64 // numbers, dates
		}
	}
	for _, a := range st.Args {
		add(a)
	}
	return n
}

// wideBlockBytes is the preferred block size of a wide statement (engine.Statement
// Wide). Measured on clickhouse-client at L (1M products, 50 rules, 2 cores): the
// rule preview of one super category took 1.35 s with the default 1 MB and 0.56 s
// with 16 MB or more; of all products 1.74 s and 0.97–1.05 s.
const wideBlockBytes = 64 << 20

// statementSettings are the per-query settings a statement needs: a
// max_query_size that fits long text, large blocks for a wide statement.
func statementSettings(st engine.Statement) clickhouse.Settings {
	set := clickhouse.Settings{}
	if n := queryTextSize(st); n > defaultMaxQuerySize {
		set["max_query_size"] = n + 4096
	}
	if st.Wide {
		set["preferred_block_size_bytes"] = wideBlockBytes
	}
	return set
}

// Background marks ctx's queries as work nobody waits for (the grid's order cache
// filling in): the server runs them at a lower priority, pausing them while the
// queries people wait for run, so a fill does not slow the blocks beside it.
func Background(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

type backgroundKey struct{}

// backgroundPriority is ClickHouse's priority setting of background queries: a
// query whose number is higher waits while one with a lower number (0, the
// default) runs.
const backgroundPriority = 10

// queryContext gives a query its id, its external sets (engine.Set) and, when its
// text may be long, a max_query_size that fits it; and ties it
// to ctx by cancellation only: when ctx ends (client gone, deadline), the query
// context is cancelled, which makes the driver send Cancel and the server stop
// within ~0.1 s. A deadline on the driver's context would leave the server query
// running for seconds (docs/clickhouse-versions.md#what-1816-lacks item 10). The server-side max_execution_time of the
// connection is the backstop.
func (w *Warehouse) queryContext(ctx context.Context, prefix string, st engine.Statement) (context.Context, func(), string, error) {
	return w.queryContextID(ctx, newQueryID(prefix), st)
}

// queryContextID is queryContext with the caller's query id (one it can kill).
func (w *Warehouse) queryContextID(ctx context.Context, id string, st engine.Statement) (context.Context, func(), string, error) {
	opts := []clickhouse.QueryOption{clickhouse.WithQueryID(id)}
	set := statementSettings(st)
	if ctx.Value(backgroundKey{}) != nil {
		set["priority"] = backgroundPriority
	}
	if len(set) > 0 {
		opts = append(opts, clickhouse.WithSettings(set))
	}
	for _, s := range st.Sets {
		t, err := externalTable(s)
		if err != nil {
			return nil, nil, id, fmt.Errorf("query %s: %w", id, err)
		}
		opts = append(opts, clickhouse.WithExternalTable(t))
	}
	qctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, cancel)
	qctx = clickhouse.Context(qctx, opts...)
	return qctx, func() { stop(); cancel() }, id, nil
}

// externalTable builds the one-column table v of a set; a new one per query, as
// the driver sends its block with the query.
func externalTable(s engine.Set) (*ext.Table, error) {
	t, err := ext.NewTable(s.Name, ext.Column("v", column.Type(s.Type)))
	if err != nil {
		return nil, fmt.Errorf("external set %s: %w", s.Name, err)
	}
	for _, v := range s.Values {
		if err := t.Append(v); err != nil {
			return nil, fmt.Errorf("external set %s: %w", s.Name, err)
		}
	}
	return t, nil
}

// Query runs one read query and scans the whole result. Destinations are allocated
// once per column and reused for every row; values are copied out with a type
// switch, so large results cost no reflection per row.
func (w *Warehouse) Query(ctx context.Context, s engine.Statement) (*Result, error) {
	qctx, done, id, err := w.queryContext(ctx, "grid", s)
	if err != nil {
		return nil, err
	}
	defer done()
	rows, err := w.Conn.Query(qctx, s.SQL, s.Args...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("query %s: %w", id, err)
	}
	defer rows.Close()
	types := rows.ColumnTypes()
	res := &Result{Columns: rows.Columns()}
	dest := make([]any, len(types))
	for i, t := range types {
		dest[i] = reflect.New(t.ScanType()).Interface()
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("query %s: scan: %w", id, err)
		}
		row := make([]any, len(dest))
		for i, d := range dest {
			row[i] = plain(d)
		}
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("query %s: %w", id, err)
	}
	return res, nil
}

// Strings runs a query whose first column is a String and returns that column.
func (w *Warehouse) Strings(ctx context.Context, s engine.Statement) ([]string, error) {
	qctx, done, id, err := w.queryContext(ctx, "ids", s)
	if err != nil {
		return nil, err
	}
	defer done()
	rows, err := w.Conn.Query(qctx, s.SQL, s.Args...)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", id, err)
	}
	defer rows.Close()
	var out []string
	var v string
	for rows.Next() {
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Count runs a query returning one UInt64.
func (w *Warehouse) Count(ctx context.Context, s engine.Statement) (uint64, error) {
	qctx, done, id, err := w.queryContext(ctx, "count", s)
	if err != nil {
		return 0, err
	}
	defer done()
	var n uint64
	if err := w.Conn.QueryRow(qctx, s.SQL, s.Args...).Scan(&n); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, fmt.Errorf("query %s: %w", id, err)
	}
	return n, nil
}

func fin(f float64) any {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return f
}

// plain copies the value a destination pointer holds.
func plain(d any) any {
	switch v := d.(type) {
	case *string:
		return *v
	case **string:
		if *v == nil {
			return nil
		}
		return **v
	case *float64:
		return fin(*v)
	case **float64:
		if *v == nil {
			return nil
		}
		return fin(**v)
	case *float32:
		return fin(float64(*v))
	case *uint8:
		return uint64(*v)
	case **uint8:
		if *v == nil {
			return nil
		}
		return uint64(**v)
	case *uint16:
		return uint64(*v)
	case *int32:
		return int64(*v)
	case *uint32:
		return uint64(*v)
	case **uint32:
		if *v == nil {
			return nil
		}
		return uint64(**v)
	case *uint64:
		return *v
	case **uint64:
		if *v == nil {
			return nil
		}
		return **v
	case *int64:
		return *v
	case *time.Time:
		return v.UTC().Format(time.RFC3339)
	case **time.Time:
		if *v == nil {
			return nil
		}
		return (**v).UTC().Format(time.RFC3339)
	case *[]string:
		return append([]string(nil), (*v)...)
	case *[]float64:
		return append([]float64(nil), (*v)...)
	case *[]uint32:
		return append([]uint32(nil), (*v)...)
	case *[]uint64:
		return append([]uint64(nil), (*v)...)
	case *[]uint8:
		return append([]uint8(nil), (*v)...)
	case *[]time.Time:
		return append([]time.Time(nil), (*v)...)
	}
	// Rare types (decimals, other arrays): one reflective copy.
	rv := reflect.ValueOf(d).Elem()
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil
		}
		rv = rv.Elem()
	}
	return rv.Interface()
}

// Kill stops the queries with this id on the server (KILL QUERY), wherever they
// were started from; a query that already ended is no error.
func (w *Warehouse) Kill(ctx context.Context, queryID string) error {
	return w.Conn.Exec(ctx, "KILL QUERY WHERE query_id = ? ASYNC", queryID)
}
