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
)

// Result is a query result by column: names and rows of plain Go values (string,
// float64, uint64, int64, time.Time, nil for NULL and NaN), ready for JSON.
type Result struct {
	Columns []string
	Rows    [][]any
}

// newQueryID names a query so it can be found in system.processes / query_log and killed.
func newQueryID(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return prefix + "-" + hex.EncodeToString(b)
}

// queryContext gives a query its id and ties it to ctx by cancellation only: when
// ctx ends (client gone, deadline), the query context is cancelled, which makes the
// driver send Cancel and the server stop within ~0.1 s. A deadline on the driver's
// context would leave the server query running for seconds (notes §2). The
// server-side max_execution_time of the connection is the backstop.
func (w *Warehouse) queryContext(ctx context.Context, prefix string) (context.Context, func(), string) {
	id := newQueryID(prefix)
	qctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, cancel)
	qctx = clickhouse.Context(qctx, clickhouse.WithQueryID(id))
	return qctx, func() { stop(); cancel() }, id
}

// Query runs one read query and scans the whole result. Destinations are allocated
// once per column and reused for every row; values are copied out with a type
// switch, so large results cost no reflection per row.
func (w *Warehouse) Query(ctx context.Context, sql string, args ...any) (*Result, error) {
	qctx, done, id := w.queryContext(ctx, "grid")
	defer done()
	rows, err := w.Conn.Query(qctx, sql, args...)
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
func (w *Warehouse) Strings(ctx context.Context, sql string, args ...any) ([]string, error) {
	qctx, done, id := w.queryContext(ctx, "ids")
	defer done()
	rows, err := w.Conn.Query(qctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", id, err)
	}
	defer rows.Close()
	var out []string
	var s string
	for rows.Next() {
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Count runs a query returning one UInt64.
func (w *Warehouse) Count(ctx context.Context, sql string, args ...any) (uint64, error) {
	qctx, done, id := w.queryContext(ctx, "count")
	defer done()
	var n uint64
	if err := w.Conn.QueryRow(qctx, sql, args...).Scan(&n); err != nil {
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
