package warehouse

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"

	"pricelens/engine"
)

// RunMaxExecutionSeconds bounds one pricer run's statement on the server (a run
// over a million products with 50 rules takes seconds; the report queries' 30 s
// limit is for requests).
const RunMaxExecutionSeconds = 600

// ExecRun runs a pricer run's INSERT … SELECT (engine.CompileRun) under queryID,
// which Kill stops; cancelling ctx stops it too. It has a connection of its own:
// the server sends nothing while an INSERT … SELECT works, and the pool's read
// timeout (the report limit + 30 s) would cut a long run on a loaded machine.
func (w *Warehouse) ExecRun(ctx context.Context, queryID string, st engine.Statement) error {
	o := *w.opts
	o.ReadTimeout = (RunMaxExecutionSeconds + 30) * time.Second
	o.MaxOpenConns, o.MaxIdleConns = 1, 0
	conn, err := clickhouse.Open(&o)
	if err != nil {
		return describe(o.Addr[0], err)
	}
	defer conn.Close()
	qctx, done, id, err := w.queryContextID(ctx, queryID, st)
	if err != nil {
		return err
	}
	defer done()
	qctx = clickhouse.Context(qctx, clickhouse.WithQueryID(id), clickhouse.WithSettings(clickhouse.Settings{"max_execution_time": RunMaxExecutionSeconds}))
	if err := conn.Exec(qctx, st.SQL, st.Args...); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("query %s: %w", id, err)
	}
	return nil
}

// DropResultSet drops one result set of pricer_results (its partition).
func (w *Warehouse) DropResultSet(ctx context.Context, resultID int64) error {
	return w.Conn.Exec(ctx, "ALTER TABLE "+engine.TablePricerResults.String()+" DROP PARTITION "+engine.IntLit(resultID))
}

// SnapshotMeta reads what the compiler needs to know about the account's current
// snapshot, in one small read: the competitors' positions in its arrays and the
// facts of its build (the stored totals' settings and scan-time bounds).
func (w *Warehouse) SnapshotMeta(ctx context.Context, accountID uint32) (map[int64]int, *engine.Totals, error) {
	res, err := w.Query(ctx, SQL(`SELECT slot_ids, found, fresh_min, stale_max, parity, lower, upper
		FROM (SELECT account_id, build_id, slot_ids FROM product_snapshot WHERE account_id = ? LIMIT 1)
		ANY LEFT JOIN (SELECT account_id, build_id, build_id AS found, fresh_min, stale_max, parity, lower, upper
			FROM snapshot_builds WHERE account_id = ?) USING account_id, build_id`, accountID, accountID))
	if err != nil {
		return nil, nil, err
	}
	out := map[int64]int{}
	if len(res.Rows) == 0 {
		return out, nil, nil
	}
	r := res.Rows[0]
	ids, _ := r[0].([]uint32)
	for i, id := range ids {
		out[int64(id)] = i + 1
	}
	if b, _ := r[1].(uint64); b == 0 {
		return out, nil, nil // built before the totals existed, or no build row
	}
	// Query gives unsigned integers as uint64.
	fresh, _ := r[2].(uint64)
	stale, _ := r[3].(uint64)
	t := &engine.Totals{FreshMin: uint32(fresh), StaleMax: uint32(stale)}
	t.Parity, _ = r[4].(float64)
	t.Lower, _ = r[5].(float64)
	t.Upper, _ = r[6].(float64)
	return out, t, nil
}
