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

// ExecRun runs a pricer run's INSERT … SELECT (engine.CompileRun) under a query
// id starting with prefix and ending in random bytes: run ids are per database,
// and two databases on one server (tests, or two deployments) may both have run 5.
// Cancelling ctx stops it. It has a connection of its own:
// the server sends nothing while an INSERT … SELECT works, and the pool's read
// timeout (the report limit + 30 s) would cut a long run on a loaded machine.
func (w *Warehouse) ExecRun(ctx context.Context, prefix string, st engine.Statement) error {
	conn, err := w.ownConn(RunMaxExecutionSeconds * time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	qctx, done, id, err := w.queryContextID(ctx, newQueryID(prefix), st)
	if err != nil {
		return err
	}
	defer done()
	set := statementSettings(st)
	set["max_execution_time"] = RunMaxExecutionSeconds
	qctx = clickhouse.Context(qctx, clickhouse.WithQueryID(id), clickhouse.WithSettings(set))
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
	return w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION "+engine.IntLit(resultID), engine.TablePricerResults)
}
