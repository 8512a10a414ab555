package warehouse

import (
	"context"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/engine"
)

// SetSnapshotChunkForTest sets the products per rebuild chunk and returns the
// restore function, so that a small test account spans several chunks.
func SetSnapshotChunkForTest(n int) (restore func()) {
	old := snapshotChunk
	snapshotChunk = n
	return func() { snapshotChunk = old }
}

// SetAfterDeltaBuildForTest runs f between a delta refresh's build and its swap.
func SetAfterDeltaBuildForTest(f func()) (restore func()) {
	old := afterDeltaBuild
	afterDeltaBuild = f
	return func() { afterDeltaBuild = old }
}

// MostPartsForTest is the largest number of active parts that partition of table
// has on any shard (on a cluster each shard holds its own parts of the partition).
func (w *Warehouse) MostPartsForTest(ctx context.Context, table engine.Table, partition string) (uint64, error) {
	var most uint64
	stored := w.storedName(table)
	err := w.onParts(ctx, "SELECT 1 FROM %s", []engine.Table{table}, func(c driver.Conn, _ string) error {
		n, err := w.mostParts(ctx, c, stored, partition)
		most = max(most, n)
		return err
	})
	return most, err
}
