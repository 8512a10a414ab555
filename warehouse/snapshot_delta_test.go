package warehouse_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/config"
	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/warehouse"
)

// deltaFixture is an account 7 of twenty products with offers of competitors 5 and 12
// (price 100 + i), an account 8 of one product, and their full snapshots.
func deltaFixture(t *testing.T) (*warehouse.Warehouse, time.Time) {
	t.Helper()
	w, at, _ := deltaFixtureConfig(t)
	return w, at
}

// deltaFixtureConfig is deltaFixture with the configuration of its database.
func deltaFixtureConfig(t *testing.T) (*warehouse.Warehouse, time.Time, config.Config) {
	t.Helper()
	w, c := testenv.ClickHouse(t)
	ctx := context.Background()
	at := time.Now().UTC().Truncate(time.Second).Add(-time.Hour)
	pb, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(t, err)
	for i := 0; i < 20; i++ {
		require.NoError(t, pb.Append(uint32(7), fmt.Sprintf("P%02d", i), "product", float64(100), at))
	}
	require.NoError(t, pb.Append(uint32(8), "P01", "other account", float64(10), at))
	require.NoError(t, pb.Send())
	scans(t, w, 7, at, 100, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19)
	scans(t, w, 8, at, 10, 1)
	require.NoError(t, w.RefreshSnapshots(ctx, map[uint32]engine.Settings{7: engine.DefaultSettings(), 8: engine.DefaultSettings()}))
	return w, at, c
}

// scans writes latest offers of competitors 5 and 12 for products P<i> at price base + i.
func scans(t *testing.T, w *warehouse.Warehouse, account uint32, at time.Time, base float64, products ...int) {
	t.Helper()
	ob, err := w.Conn.PrepareBatch(context.Background(), "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price)")
	require.NoError(t, err)
	for _, i := range products {
		p := base + float64(i)
		for _, c := range []uint32{5, 12} {
			require.NoError(t, ob.Append(account, fmt.Sprintf("P%02d", i), c, at, &p))
		}
	}
	require.NoError(t, ob.Send())
}

// visible reads the account's snapshot as the grid does: the product rows of a
// block, with the delta the snapshot has now. It returns product -> competitor 5's price.
func visible(t *testing.T, w *warehouse.Warehouse, account uint32) map[string]float64 {
	t.Helper()
	ctx := context.Background()
	var delta uint64
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT max(build_id) FROM product_snapshot_delta WHERE account_id = ?", account).Scan(&delta))
	// Cluster as the service sets it (report.Service.Account): on a cluster the delta's
	// subqueries are GLOBAL, else each shard would look for the delta in its default database.
	a := engine.Account{AccountID: account, Settings: engine.DefaultSettings(), Now: time.Now(), SnapshotDelta: delta,
		Competitors: []engine.Competitor{{ID: 5, Name: "five"}, {ID: 12, Name: "twelve"}}, Cluster: w.Cluster != ""}
	plan, err := engine.CompileRows(a, engine.Condition{Limit: 100, VisibleColumns: []string{"id", "Price@5"}})
	require.NoError(t, err)
	res, err := w.Query(ctx, plan.Statement)
	require.NoError(t, err)
	out := map[string]float64{}
	for _, r := range res.Rows {
		m := map[string]any{}
		for i, c := range res.Columns {
			m[c] = r[i]
		}
		plan.Expand(m)
		id := m["id"].(string)
		_, dup := out[id]
		require.False(t, dup, "product %s appears twice", id)
		out[id], _ = m["Price@5"].(float64)
	}
	plan, err = engine.CompileCount(a, engine.Condition{})
	require.NoError(t, err)
	n, err := w.Count(ctx, plan.Statement)
	require.NoError(t, err)
	require.EqualValues(t, len(out), n, "the count agrees with the rows")
	return out
}

func prices(base float64, changed map[int]float64) map[string]float64 {
	out := map[string]float64{}
	for i := 0; i < 20; i++ {
		out[fmt.Sprintf("P%02d", i)] = base + float64(i)
		if p, ok := changed[i]; ok {
			out[fmt.Sprintf("P%02d", i)] = p + float64(i)
		}
	}
	return out
}

// TestRefreshSnapshotDelta: a change of a few products rebuilds those into the
// delta; readers see them new and every other product as before, each once, and
// the other account untouched. Later changes keep earlier delta rows; a full rebuild
// folds the delta into the base.
func TestRefreshSnapshotDelta(t *testing.T) {
	w, at := deltaFixture(t)
	ctx := context.Background()
	require.Equal(t, prices(100, nil), visible(t, w, 7))

	scans(t, w, 7, at.Add(time.Minute), 200, 2, 5)
	r, err := w.RefreshSnapshot(ctx, 7, engine.DefaultSettings(), []string{"P02", "P05"})
	require.NoError(t, err)
	assert.False(t, r.Full, r.Reason)
	assert.Equal(t, prices(100, map[int]float64{2: 200, 5: 200}), visible(t, w, 7))
	assert.Equal(t, map[string]float64{"P01": 11}, visible(t, w, 8), "account 8 is untouched")

	scans(t, w, 7, at.Add(2*time.Minute), 300, 5, 7)
	r, err = w.RefreshSnapshot(ctx, 7, engine.DefaultSettings(), []string{"P05", "P07"})
	require.NoError(t, err)
	assert.False(t, r.Full, r.Reason)
	assert.Equal(t, prices(100, map[int]float64{2: 200, 5: 300, 7: 300}), visible(t, w, 7), "P02 of the first refresh stays")

	// The delta may hold a fifth of the account (4 products): three more is a full rebuild.
	scans(t, w, 7, at.Add(3*time.Minute), 400, 0)
	r, err = w.RefreshSnapshot(ctx, 7, engine.DefaultSettings(), []string{"P00", "P01", "P03"})
	require.NoError(t, err)
	assert.True(t, r.Full)
	assert.Equal(t, prices(100, map[int]float64{0: 400, 2: 200, 5: 300, 7: 300}), visible(t, w, 7))
	var n uint64
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT count() FROM product_snapshot_delta").Scan(&n))
	assert.Zero(t, n, "the full rebuild emptied the delta")

	// Scans of a product the catalogue does not have: nothing to show, nothing changes.
	r, err = w.RefreshSnapshot(ctx, 7, engine.DefaultSettings(), []string{"NOT-IN-CATALOGUE"})
	require.NoError(t, err)
	assert.False(t, r.Full, r.Reason)
	assert.Equal(t, prices(100, map[int]float64{0: 400, 2: 200, 5: 300, 7: 300}), visible(t, w, 7))
}

// TestRefreshSnapshotDeltaInterrupted: a refresh stopped between its build and its
// swap leaves readers with the snapshot before it, each product once; run again, it
// swaps in the new rows.
func TestRefreshSnapshotDeltaInterrupted(t *testing.T) {
	w, at := deltaFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	scans(t, w, 7, at.Add(time.Minute), 200, 4)
	restore := warehouse.SetAfterDeltaBuildForTest(cancel)
	_, err := w.RefreshSnapshot(ctx, 7, engine.DefaultSettings(), []string{"P04"})
	restore()
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, prices(100, nil), visible(t, w, 7))

	r, err := w.RefreshSnapshot(context.Background(), 7, engine.DefaultSettings(), []string{"P04"})
	require.NoError(t, err)
	assert.False(t, r.Full, r.Reason)
	assert.Equal(t, prices(100, map[int]float64{4: 200}), visible(t, w, 7))
}

// TestRefreshSnapshotDeltaFallsBack: a change the delta cannot hold exactly
// rebuilds the account: a new competitor (every row's slots change), other settings.
func TestRefreshSnapshotDeltaFallsBack(t *testing.T) {
	w, at := deltaFixture(t)
	ctx := context.Background()
	p := 50.0
	ob, err := w.Conn.PrepareBatch(ctx, "INSERT INTO latest_offers (account_id, product_id, competitor_id, scanned_at, price)")
	require.NoError(t, err)
	require.NoError(t, ob.Append(uint32(7), "P03", uint32(9), at, &p))
	require.NoError(t, ob.Send())
	r, err := w.RefreshSnapshot(ctx, 7, engine.DefaultSettings(), []string{"P03"})
	require.NoError(t, err)
	assert.True(t, r.Full)
	assert.Contains(t, r.Reason, "competitor")

	s := engine.DefaultSettings()
	s.Parity = 1
	r, err = w.RefreshSnapshot(ctx, 7, s, []string{"P03"})
	require.NoError(t, err)
	assert.True(t, r.Full)
	assert.Contains(t, r.Reason, "settings")
}

// TestSnapshotTablesSameColumns: base, build and delta have the same columns in the
// same order (mrp of migration 00070 included, pno of 00090): REPLACE and ATTACH
// PARTITION between them and the readers' merge() need it.
// (system.columns of 18.16 has no position: it lists a table's columns in order.)
func TestSnapshotTablesSameColumns(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	columns := func(table engine.Table) []string {
		cols, err := w.Strings(context.Background(), warehouse.SQL(`SELECT concat(name, ' ', type) FROM system.columns
			WHERE database = currentDatabase() AND table = ?`, table.String()))
		require.NoError(t, err)
		return cols
	}
	base := columns(engine.TableProductSnapshot)
	assert.Contains(t, base, "mrp Float64")
	assert.Contains(t, base, "pno UInt64")
	assert.Equal(t, base, columns(engine.TableProductSnapshotBuild))
	assert.Equal(t, base, columns(engine.TableProductSnapshotDelta))
}
