package warehouse_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
)

// Recording price changes drops the months of events past the retention, and only
// those, on one server and on a cluster (where the months are found in every
// shard's stored parts and dropped shard by shard).
func TestOldPriceChangesAreDropped(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	ctx := context.Background()
	now := time.Now().UTC()
	old, recent := now.AddDate(0, 0, -100), now.AddDate(0, 0, -1)
	// Products of both shards (the sharding key hashes account and product).
	for i, p := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		at := old
		if i%2 == 1 {
			at = recent
		}
		require.NoError(t, w.Conn.Exec(ctx, `INSERT INTO price_changes (account_id, changed_at, product_id, competitor_id, price, prev_price, prev_at)
			SELECT 1, toDateTime(?), ?, 1, 2, 1, toDateTime(?)`, at.Unix(), p, at.Add(-time.Hour).Unix()))
	}
	count := func() (n, olds uint64) {
		require.NoError(t, w.Conn.QueryRow(ctx, `SELECT count(), countIf(changed_at < toDateTime(?)) FROM price_changes`, now.AddDate(0, 0, -50).Unix()).Scan(&n, &olds))
		return n, olds
	}
	n, olds := count()
	require.Equal(t, []uint64{8, 4}, []uint64{n, olds})

	require.NoError(t, w.RecordPriceChanges(ctx, 1, []string{"a"}, now.AddDate(0, 0, -7), 2))
	n, olds = count()
	require.Equal(t, []uint64{4, 0}, []uint64{n, olds}, "the old months are gone, the recent events stay")
}
