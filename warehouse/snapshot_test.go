package warehouse_test

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
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
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{7: engine.DefaultSettings(), 8: engine.DefaultSettings()}))
	// The four chunks' parts are merged before the swap: a reader reads one part
	// (on a cluster, one part on each shard).
	parts, err := w.MostPartsForTest(ctx, engine.TableProductSnapshot, "7")
	require.NoError(t, err)
	assert.EqualValues(t, 1, parts, "the account's snapshot is one part")

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

// TestRefreshSnapshotsStoresTotals: a build stores each product's all-competitor
// totals for the settings it was given and the cutoff of its clock, and records
// the build's settings and scan-time bounds in snapshot_builds for the reader.
func TestRefreshSnapshotsStoresTotals(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	fresh, stale := now.Add(-time.Hour), now.AddDate(0, 0, -40)
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(t, err)
	require.NoError(t, pb.Append(uint32(3), "A", "a", float64(100), now))
	require.NoError(t, pb.Append(uint32(3), "B", "b without offers", float64(100), now))
	require.NoError(t, pb.Send())
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price)")
	require.NoError(t, err)
	price := func(v float64) *float64 { return &v }
	require.NoError(t, ob.Append(uint32(3), "A", uint32(1), fresh, price(125))) // I am lower: -20 %
	require.NoError(t, ob.Append(uint32(3), "A", uint32(2), fresh, price(80)))  // I am higher: +25 %
	require.NoError(t, ob.Append(uint32(3), "A", uint32(3), fresh, price(99)))  // similar: +1.01 %
	require.NoError(t, ob.Append(uint32(3), "A", uint32(4), stale, price(50)))  // older than 30 days: not counted
	require.NoError(t, ob.Append(uint32(3), "A", uint32(5), fresh, (*float64)(nil)))
	require.NoError(t, ob.Send())
	st := engine.DefaultSettings()
	st.Lower, st.Upper = 1.5, 2.5
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{3: st}))

	var cmp, l, s, h, freshMin, staleMax uint32
	var ld, ratio, sum float64
	require.NoError(t, w.Conn.QueryRow(ctx, `SELECT t_cmp, t_l, t_s, t_h, t_ld, t_ratio, t_price, t_fresh_min, t_stale_max
		FROM product_snapshot WHERE account_id = 3 AND product_id = 'A'`).Scan(&cmp, &l, &s, &h, &ld, &ratio, &sum, &freshMin, &staleMax))
	assert.Equal(t, []uint32{3, 1, 1, 1}, []uint32{cmp, l, s, h})
	assert.InDelta(t, -20.0, ld, 1e-9)
	assert.InDelta(t, 100.0/125+100.0/80+100.0/99, ratio, 1e-9)
	assert.InDelta(t, 125.0+80+99, sum, 1e-9)
	assert.Equal(t, uint32(fresh.Unix()), freshMin)
	assert.Equal(t, uint32(stale.Unix()), staleMax)

	require.NoError(t, w.Conn.QueryRow(ctx, `SELECT t_cmp, t_fresh_min, t_stale_max FROM product_snapshot
		WHERE account_id = 3 AND product_id = 'B'`).Scan(&cmp, &freshMin, &staleMax))
	assert.Equal(t, []uint32{0, math.MaxUint32, 0}, []uint32{cmp, freshMin, staleMax}, "no pairs: the widest bounds")

	var builds uint64
	var lower, upper float64
	require.NoError(t, w.Conn.QueryRow(ctx, `SELECT count(), any(fresh_min), any(stale_max), any(lower), any(upper)
		FROM snapshot_builds WHERE account_id = 3 AND build_id IN (SELECT build_id FROM product_snapshot WHERE account_id = 3)`).
		Scan(&builds, &freshMin, &staleMax, &lower, &upper))
	assert.Equal(t, uint64(1), builds, "the current snapshot's build is recorded once")
	assert.Equal(t, uint32(fresh.Unix()), freshMin)
	assert.Equal(t, uint32(stale.Unix()), staleMax)
	assert.Equal(t, []float64{1.5, 2.5}, []float64{lower, upper})

	// The assortment totals (migration 00160): per level, group and competitor, over
	// both products; the found pairs' scan-time bounds in snapshot_builds (competitor
	// 5's offer has no price: not found, not a bound).
	_, totals, _, err := w.SnapshotMeta(ctx, 3)
	require.NoError(t, err)
	require.NotNil(t, totals)
	assert.Equal(t, []uint32{uint32(fresh.Unix()), uint32(stale.Unix())}, []uint32{totals.FoundFreshMin, totals.FoundStaleMax})
	assortment := func(build uint64) [][]any {
		res, err := w.Query(ctx, warehouse.SQL(`SELECT level, group_key, competitor_id, n_products, n_found, n_in_stock, n_on_sale, n_lower, n_similar, n_higher
			FROM assortment_totals WHERE account_id = 3 AND build_id = ? AND level != 'brand' ORDER BY level, group_key, competitor_id`, build))
		require.NoError(t, err)
		return res.Rows
	}
	first := totals.Build
	want := [][]any{}
	for _, level := range []struct{ level, key string }{{"all", "all"}, {"category", "(none)"}} {
		for c, n := range [][3]uint64{{1, 1, 0}, {1, 0, 1}, {1, 0, 0}, {0, 0, 0}, {0, 0, 0}} { // found, lower, higher; similar: competitor 3
			want = append(want, []any{level.level, level.key, uint64(c + 1), uint64(2), n[0], uint64(0), uint64(0), n[1], map[bool]uint64{true: 1}[c == 2], n[2]})
		}
	}
	assert.Equal(t, want, assortment(first))

	// The real-time state (migration 00170): product A's five offers (an offer with
	// no price is a pair too), newest first per competitor, and per competitor its
	// 10-minute bucket of scan times.
	assert.True(t, totals.RealTime, "the build stored the real-time state")
	realtime := func(build uint64) ([][]any, [][]any) {
		pairs, err := w.Query(ctx, warehouse.SQL(`SELECT competitor_id, toUInt64(4294967295 - rk), product_id FROM realtime_pairs
			WHERE account_id = 3 AND build_id = ? ORDER BY competitor_id, rk`, build))
		require.NoError(t, err)
		buckets, err := w.Query(ctx, warehouse.SQL(`SELECT competitor_id, bucket, pairs, last_scan FROM realtime_buckets
			WHERE account_id = 3 AND build_id = ? ORDER BY competitor_id, bucket`, build))
		require.NoError(t, err)
		return pairs.Rows, buckets.Rows
	}
	var wantPairs, wantBuckets [][]any
	for c, at := range []time.Time{fresh, fresh, fresh, stale, fresh} {
		sec := uint64(at.Unix())
		wantPairs = append(wantPairs, []any{uint64(c + 1), sec, "A"})
		wantBuckets = append(wantBuckets, []any{uint64(c + 1), sec / engine.RealTimeBucket * engine.RealTimeBucket, uint64(1), sec})
	}
	gotPairs, gotBuckets := realtime(first)
	assert.Equal(t, wantPairs, gotPairs)
	assert.Equal(t, wantBuckets, gotBuckets)

	// The next build stores its own rows beside the shown build's, and the one after
	// drops the first: readers told of the build before find its rows.
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{3: st}))
	_, second, _, err := w.SnapshotMeta(ctx, 3)
	require.NoError(t, err)
	assert.Equal(t, want, assortment(second.Build))
	assert.Equal(t, want, assortment(first), "the previous build's rows stay for its readers")
	gotPairs, gotBuckets = realtime(second.Build)
	assert.Equal(t, wantPairs, gotPairs)
	assert.Equal(t, wantBuckets, gotBuckets)
	gotPairs, _ = realtime(first)
	assert.Equal(t, wantPairs, gotPairs, "the previous build's real-time state stays for its readers")
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{3: st}))
	assert.Empty(t, assortment(first), "two builds back: gone")
	gotPairs, gotBuckets = realtime(first)
	assert.Empty(t, gotPairs, "two builds back: the real-time state's partitions dropped")
	assert.Empty(t, gotBuckets)
	gotPairs, _ = realtime(second.Build)
	assert.Equal(t, wantPairs, gotPairs, "the build before the new one stays")
	// A build that failed after writing its pairs (no snapshot_builds row): the
	// next build drops them too.
	require.NoError(t, w.Conn.Exec(ctx, "INSERT INTO realtime_pairs (account_id, build_id, competitor_id, rk, product_id) SELECT 3, 7, 1, 1, 'A'"))
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{3: st}))
	gotPairs, _ = realtime(7)
	assert.Empty(t, gotPairs, "a failed build's pairs are dropped by the next build")

	// The build merges its pairs into one part (OptimizeFinal names the partition as
	// system.parts writes it, a tuple of account and build).
	for i := range 2 {
		require.NoError(t, w.Conn.Exec(ctx, "INSERT INTO realtime_pairs (account_id, build_id, competitor_id, rk, product_id) SELECT 9, 1, 1, "+strconv.Itoa(i)+", 'P'"))
	}
	parts := func() (n uint64) {
		require.NoError(t, w.Conn.QueryRow(ctx, "SELECT count() FROM system.parts WHERE database = currentDatabase() AND table = 'realtime_pairs' AND active AND partition = '(9,1)'").Scan(&n))
		return n
	}
	require.Equal(t, uint64(2), parts())
	require.NoError(t, w.OptimizeFinal(ctx, engine.TableRealTimePairs, "(9,1)"))
	assert.Equal(t, uint64(1), parts())
}

// TestSnapshotMetaReadsTheBuild: rows written into the snapshot outside a build
// (the browser flow bulk-loads a million bare products straight into it: no
// competitor slots, build 0) must not stand for the build. SnapshotMeta read
// "any row" of the account, and when that was such a row the grid and the pricer
// saw no competitors: a real run then found no competitor price, changed nothing
// and wrote no approval records.
func TestSnapshotMetaReadsTheBuild(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(t, err)
	require.NoError(t, pb.Append(uint32(3), "P1", "built", float64(100), now))
	require.NoError(t, pb.Send())
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price)")
	require.NoError(t, err)
	price := 90.0
	require.NoError(t, ob.Append(uint32(3), "P1", uint32(4), now, &price))
	require.NoError(t, ob.Append(uint32(3), "P1", uint32(2), now, &price))
	require.NoError(t, ob.Send())
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{3: engine.DefaultSettings()}))
	slots, totals, _, err := w.SnapshotMeta(ctx, 3)
	require.NoError(t, err)
	require.Equal(t, map[int64]int{2: 1, 4: 2}, slots)
	require.NotNil(t, totals)

	// Bare rows that sort before the built one, merged into one part with it, so
	// that they are the first rows a reader meets.
	require.NoError(t, w.Conn.Exec(ctx, `INSERT INTO product_snapshot (account_id, product_id, name, my_price)
		SELECT 3, concat('A', toString(number)), 'bulk', toFloat64(number % 97) FROM numbers(1000)`))
	require.NoError(t, w.ExecParts(ctx, "OPTIMIZE TABLE %s PARTITION 3 FINAL", engine.TableProductSnapshot))
	var first []uint32
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT slot_ids FROM product_snapshot WHERE account_id = 3 LIMIT 1").Scan(&first))
	require.Empty(t, first, "the fixture: a bare row comes first")

	got, gotTotals, _, err := w.SnapshotMeta(ctx, 3)
	require.NoError(t, err)
	assert.Equal(t, slots, got, "the build's competitor slots")
	assert.Equal(t, totals, gotTotals, "the build's facts")
}
