package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"pricelens/engine"
	"pricelens/ingest"
	"pricelens/jobs/kinds"
)

// foldEvery is the period of fold_snapshot_deltas; foldAfter how long an account's
// delta must have had no refresh before it is folded, so that a burst of loads is
// folded once, after the last.
const (
	foldEvery = time.Minute
	foldAfter = time.Minute
)

// foldSnapshotDeltas folds each quiet account's delta into its base snapshot with a
// full rebuild (which swaps without a mixed moment, under the account's refresh
// lock), so reports read one table again.
type foldSnapshotDeltas struct {
	river.WorkerDefaults[kinds.FoldSnapshotDeltas]
	deps  Deps
	after time.Duration // foldAfter; tests set 0
}

func (w *foldSnapshotDeltas) Work(ctx context.Context, _ *river.Job[kinds.FoldSnapshotDeltas]) error {
	if w.deps.Warehouse == nil {
		return nil
	}
	rows, err := w.deps.Warehouse.Conn.Query(ctx, "SELECT account_id, max(build_id) FROM "+engine.TableProductSnapshotDelta.String()+
		" GROUP BY account_id ORDER BY account_id")
	if err != nil {
		return err
	}
	var quiet []uint32
	for rows.Next() {
		var id uint32
		var build uint64
		if err := rows.Scan(&id, &build); err != nil {
			rows.Close()
			return err
		}
		// Build ids are the build's start in Unix nanoseconds.
		if time.Since(time.Unix(0, int64(build))) >= w.after {
			quiet = append(quiet, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range quiet {
		if err := ingest.RebuildSnapshot(ctx, w.deps.Warehouse, w.deps.DB, id); err != nil {
			return fmt.Errorf("fold the snapshot delta of account %d: %w", id, err)
		}
	}
	return nil
}

// FoldTimeout bounds one fold: a full rebuild of every quiet account, with the
// merge of what it wrote. At L (1M products) a rebuild takes about a minute on two
// cores, so River's one-minute default cut the first attempt and a retry finished
// the work. make bench-freshness times a fold after its load beside this.
const FoldTimeout = 15 * time.Minute

// Timeout replaces River's one-minute default (FoldTimeout).
func (w *foldSnapshotDeltas) Timeout(*river.Job[kinds.FoldSnapshotDeltas]) time.Duration {
	return FoldTimeout
}

func (w *foldSnapshotDeltas) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(foldEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.FoldSnapshotDeltas{}, nil }, nil)
}
