package warehouse

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/engine"
)

// OptimizeFinal merges table's parts into one part per partition (partition "" is
// every partition, else one partition's id, "202611" or an account id, or its value
// as system.parts writes it, "(1,42)" for a tuple of account and build), on every
// shard. A partition already in one part is left alone: 18.16 refuses a FINAL
// merge of a single part when asked to say so (Code 388). The server does
// nothing, and says nothing, when a background merge holds some of the parts: with
// optimize_throw_if_noop it says so, and the parts are counted and the merge asked
// again, a few times, with a growing pause.
func (w *Warehouse) OptimizeFinal(ctx context.Context, table engine.Table, partition string) error {
	format := "OPTIMIZE TABLE %s FINAL"
	if partition != "" {
		format = "OPTIMIZE TABLE %s PARTITION " + partition + " FINAL"
	}
	octx := clickhouse.Context(longRunning(ctx), clickhouse.WithSettings(clickhouse.Settings{"optimize_throw_if_noop": 1}))
	stored := w.storedName(table)
	err := w.onParts(ctx, format, []engine.Table{table}, func(c driver.Conn, stmt string) error {
		var err error
		for attempt := 0; attempt < 10; attempt++ {
			var n uint64
			if n, err = w.mostParts(ctx, c, stored, partition); err != nil || n <= 1 {
				return err
			}
			var ex *clickhouse.Exception
			if err = c.Exec(octx, stmt); err == nil || !errors.As(err, &ex) || ex.Code != codeCannotOptimize {
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(attempt+1) * 200 * time.Millisecond):
			}
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("clickhouse: %s: %w", fmt.Sprintf(format, table), err)
	}
	return nil
}

// codeCannotOptimize is "Can't OPTIMIZE by some reason" (optimize_throw_if_noop).
const codeCannotOptimize = 388

// mostParts is the largest number of active parts a partition of the stored table
// has on node c (partition "" is every partition; 0 when it has none).
func (w *Warehouse) mostParts(ctx context.Context, c driver.Conn, stored, partition string) (uint64, error) {
	var n uint64
	err := c.QueryRow(ctx, `SELECT max(n) FROM (SELECT partition_id, count() AS n FROM system.parts
		WHERE database = ? AND table = ? AND active AND (? = '' OR partition_id = ? OR partition = ?) GROUP BY partition_id)`,
		w.Database, stored, partition, partition, partition).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("clickhouse: parts of %s: %w", stored, err)
	}
	return n, nil
}
