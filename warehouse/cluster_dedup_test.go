//go:build cluster

package warehouse_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
)

// TestClusterInsertRetryIsDeduplicated: an insert sent again (a load resumed after
// its connection broke, the same file loaded twice past its load id) adds nothing on
// the cluster, even before any merge: the Distributed table splits the block the
// same way, and each shard's replicated table drops a block it already has (by
// checksum). Every row is counted once without FINAL, on every replica.
func TestClusterInsertRetryIsDeduplicated(t *testing.T) {
	w, c := testenv.ClickHouse(t)
	ctx := context.Background()
	at := time.Now().UTC().Truncate(time.Second).Add(-time.Hour)
	insert := func() {
		b, err := w.Conn.PrepareBatch(ctx, "INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, load_id)")
		require.NoError(t, err)
		for i := 0; i < 500; i++ {
			p := float64(100 + i)
			require.NoError(t, b.Append(uint32(7), fmt.Sprintf("P%03d", i), uint32(5), at, &p, "load-1"))
		}
		require.NoError(t, b.Send())
	}
	insert()
	insert()
	var offers, latest uint64
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT count() FROM offers").Scan(&offers))
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT count() FROM latest_offers").Scan(&latest))
	require.EqualValues(t, 500, offers)
	require.EqualValues(t, 500, latest, "the view's block is deduplicated too")

	_, nodes := clusterNodes(t, c)
	perShard := map[int]uint64{}
	for _, n := range nodes {
		rows := syncReplica(t, n, w.Database, "offers_local")
		if prev, ok := perShard[n.Shard]; ok {
			require.Equal(t, prev, rows, "both replicas of shard %d hold the same rows", n.Shard)
		}
		perShard[n.Shard] = rows
	}
	require.EqualValues(t, 500, perShard[1]+perShard[2])
	require.NotZero(t, perShard[1], "the products are spread over both shards")
	require.NotZero(t, perShard[2])
}
