package warehouse_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/warehouse"
)

// TestRefreshSnapshotsDenseSlots checks what the grid relies on: every product of
// the account exactly once (also across chunk boundaries), the latest version of
// each product and offer, and arrays dense over the account's competitors, with
// empty slots (no offer, or a product without any offer) as 0 / NaN / zero time.
func TestRefreshSnapshotsDenseSlots(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	ctx := context.Background()
	restore := warehouse.SetSnapshotChunkForTest(3) // 10 products -> 4 chunks
	defer restore()

	old := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(t, err)
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price, name)")
	require.NoError(t, err)
	price := func(v float64) *float64 { return &v }
	for i := 0; i < 10; i++ {
		id := fmt.Sprintf("P%02d", i)
		require.NoError(t, pb.Append(uint32(7), id, "old "+id, float64(1), old))
		require.NoError(t, pb.Append(uint32(7), id, "new "+id, float64(100), now))
		switch i {
		case 3: // no offer at all
		case 4: // competitor 9 found the product but has no price
			require.NoError(t, ob.Append(uint32(7), id, uint32(9), now, (*float64)(nil), "c9 "+id))
		default:
			require.NoError(t, ob.Append(uint32(7), id, uint32(12), old, price(1), "stale c12 "+id))
			require.NoError(t, ob.Append(uint32(7), id, uint32(12), now, price(80), "c12 "+id))
			require.NoError(t, ob.Append(uint32(7), id, uint32(5), now, price(125), "c5 "+id))
		}
	}
	require.NoError(t, pb.Append(uint32(8), "Q1", "other account", float64(10), now))
	require.NoError(t, ob.Append(uint32(8), "Q1", uint32(5), now, price(20), "c5 Q1"))
	require.NoError(t, pb.Send())
	require.NoError(t, ob.Send())
	require.NoError(t, w.RefreshSnapshots(ctx, 7, 8))

	type row struct {
		id, name string
		slots    []uint32
		comps    []uint32
		prices   []float64
		deltas   []float64
		seen     []time.Time
		names    []string
		p1, p3   float64
	}
	rows, err := w.Conn.Query(ctx, `SELECT product_id, name, slot_ids, comp_ids, c_price, c_delta, c_seen, c_name, p1, p3
		FROM product_snapshot WHERE account_id = 7 ORDER BY product_id`)
	require.NoError(t, err)
	var got []row
	for rows.Next() {
		var r row
		require.NoError(t, rows.Scan(&r.id, &r.name, &r.slots, &r.comps, &r.prices, &r.deltas, &r.seen, &r.names, &r.p1, &r.p3))
		got = append(got, r)
	}
	require.NoError(t, rows.Err())
	rows.Close()

	require.Len(t, got, 10, "every product exactly once across chunks")
	for i, r := range got {
		id := fmt.Sprintf("P%02d", i)
		require.Equal(t, id, r.id)
		assert.Equal(t, "new "+id, r.name, "latest product version")
		assert.Equal(t, []uint32{5, 9, 12}, r.slots, "the account's competitors, not account 8's")
		require.Len(t, r.comps, 3)
		require.Len(t, r.prices, 3)
		require.Len(t, r.seen, 3)
		switch i {
		case 3:
			assert.Equal(t, []uint32{0, 0, 0}, r.comps)
			for _, p := range r.prices {
				assert.True(t, math.IsNaN(p))
			}
			assert.True(t, r.seen[0].Unix() == 0 && r.seen[2].Unix() == 0)
			assert.Equal(t, []string{"", "", ""}, r.names)
		case 4:
			assert.Equal(t, []uint32{0, 9, 0}, r.comps)
			assert.True(t, math.IsNaN(r.prices[1]), "a NULL price is NaN, the slot stays aligned")
			assert.Equal(t, now, r.seen[1].UTC())
			assert.Equal(t, []string{"", "c9 " + id, ""}, r.names)
		default:
			assert.Equal(t, []uint32{5, 0, 12}, r.comps)
			assert.Equal(t, 125.0, r.prices[0])
			assert.True(t, math.IsNaN(r.prices[1]))
			assert.Equal(t, 80.0, r.prices[2], "latest offer of competitor 12")
			assert.InDelta(t, -20.0, r.deltas[0], 1e-9)
			assert.InDelta(t, 25.0, r.deltas[2], 1e-9)
			assert.Equal(t, []string{"c5 " + id, "", "c12 " + id}, r.names)
			assert.Equal(t, 125.0, r.p1)
			assert.Equal(t, 80.0, r.p3)
		}
	}

	var slots []uint32
	var n uint64
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT any(slot_ids), count() FROM product_snapshot WHERE account_id = 8").Scan(&slots, &n))
	assert.Equal(t, []uint32{5}, slots)
	assert.Equal(t, uint64(1), n)
}
