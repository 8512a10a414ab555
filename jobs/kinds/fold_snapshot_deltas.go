package kinds

import "github.com/riverqueue/river"

// FoldSnapshotDeltas rebuilds, in full, the report snapshot of every account whose
// delta (products refreshed after a load, warehouse.RefreshSnapshot) has had no
// refresh for a while, which empties the delta: reads of an account with a delta
// cost up to twice as much. It has no arguments: product_snapshot_delta is the work list.
type FoldSnapshotDeltas struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (FoldSnapshotDeltas) Kind() string { return "fold_snapshot_deltas" }

// InsertOpts keep one such job waiting or running at a time.
func (FoldSnapshotDeltas) InsertOpts() river.InsertOpts { return ExpireExports{}.InsertOpts() }
