package warehouse

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"

	"pricelens/engine"
)

// OptimizeFinal merges what stmt names (ExecParts' form, "OPTIMIZE TABLE %s
// PARTITION 7 FINAL") into one part, on every shard. The server does nothing, and
// says nothing, when a background merge holds some of the parts: with
// optimize_throw_if_noop it says so, and the merge is asked again, a few times,
// with a growing pause.
func (w *Warehouse) OptimizeFinal(ctx context.Context, stmt string, table engine.Table) error {
	octx := clickhouse.Context(longRunning(ctx), clickhouse.WithSettings(clickhouse.Settings{"optimize_throw_if_noop": 1}))
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		if err = w.ExecParts(octx, stmt, table); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 200 * time.Millisecond):
		}
	}
	return fmt.Errorf("clickhouse: %s: %w", fmt.Sprintf(stmt, table), err)
}
