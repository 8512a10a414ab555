package jobs

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
)

// TestFoldSnapshotDeltas: an account's delta is folded into its base snapshot once
// it has been quiet for foldAfter, and not before; the base then holds the new rows.
func TestFoldSnapshotDeltas(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	ctx := context.Background()
	var acc int64
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO accounts (name) VALUES ('Shop') RETURNING id").Scan(&acc))
	a := uint32(acc)
	at := time.Now().UTC().Truncate(time.Second).Add(-time.Hour)
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(t, err)
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price)")
	require.NoError(t, err)
	for _, id := range []string{"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10"} {
		p := 10.0
		require.NoError(t, pb.Append(a, id, "product", float64(12), at))
		require.NoError(t, ob.Append(a, id, uint32(3), at, &p))
	}
	require.NoError(t, pb.Send())
	require.NoError(t, ob.Send())
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{a: engine.DefaultSettings()}))
	newer := 99.0
	ob, err = w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price)")
	require.NoError(t, err)
	require.NoError(t, ob.Append(a, "P1", uint32(3), at.Add(time.Minute), &newer))
	require.NoError(t, ob.Send())
	r, err := w.RefreshSnapshot(ctx, a, engine.DefaultSettings(), []string{"P1"})
	require.NoError(t, err)
	require.False(t, r.Full, r.Reason)

	deltaRows := func() uint64 {
		var n uint64
		require.NoError(t, w.Conn.QueryRow(ctx, "SELECT count() FROM product_snapshot_delta WHERE account_id = ?", a).Scan(&n))
		return n
	}
	d := Deps{DB: db, Warehouse: w}
	require.NoError(t, (&foldSnapshotDeltas{deps: d, after: time.Hour}).Work(ctx, nil))
	assert.EqualValues(t, 1, deltaRows(), "a delta refreshed just now is left alone")

	require.NoError(t, (&foldSnapshotDeltas{deps: d, after: 0}).Work(ctx, nil))
	assert.Zero(t, deltaRows())
	var prices []float64
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT c_price FROM product_snapshot WHERE account_id = ? AND product_id = 'P1'", a).Scan(&prices))
	assert.Equal(t, []float64{99}, prices, "the base holds the folded row")
}
