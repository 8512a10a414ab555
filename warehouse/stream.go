package warehouse

import (
	"context"
	"fmt"
	"reflect"

	"pricelens/engine"
)

// Stream runs one read query under the caller's query id and hands each row to fn
// as it arrives: the driver reads the result block by block, so a result of any
// size costs one block of memory. The row slice is reused between calls; fn copies
// what it keeps. An error from fn stops the query (the driver cancels it on the
// server). Cancelling ctx stops it the same way; Kill stops it from elsewhere.
func (w *Warehouse) Stream(ctx context.Context, queryID string, s engine.Statement, fn func(columns []string, row []any) error) error {
	qctx, done, id, err := w.queryContextID(ctx, queryID, s)
	if err != nil {
		return err
	}
	defer done()
	rows, err := w.Conn.Query(qctx, s.SQL, s.Args...)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("query %s: %w", id, err)
	}
	defer rows.Close()
	cols := rows.Columns()
	types := rows.ColumnTypes()
	dest := make([]any, len(types))
	for i, t := range types {
		dest[i] = reflect.New(t.ScanType()).Interface()
	}
	row := make([]any, len(dest))
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("query %s: scan: %w", id, err)
		}
		for i, d := range dest {
			row[i] = plain(d)
		}
		if err := fn(cols, row); err != nil {
			done() // cancel the query before Close drains the rest of the result
			return err
		}
	}
	if err := rows.Err(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("query %s: %w", id, err)
	}
	return nil
}

// Kill stops the queries with this id on the server (KILL QUERY), wherever they
// were started from; a query that already ended is no error.
func (w *Warehouse) Kill(ctx context.Context, queryID string) error {
	return w.Conn.Exec(ctx, "KILL QUERY WHERE query_id = ? ASYNC", queryID)
}
