package ingest_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/ingest"
)

// TestScansLoadRecordsPriceChanges: each scans load records the price-change events
// of its products (the insights' change counts read them): a priced scan whose price
// differs from the pair's previous priced scan, also when both arrive in one file
// or the previous came with an earlier load; a not-found scan is skipped, an equal
// price is no event, nor is a price after a gap longer than the staleness limit
// (30 days), and loading a file again adds nothing.
func TestScansLoadRecordsPriceChanges(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, err := e.load(t, ingest.Products, e.file(t, "products.parquet", e.gen(3).ProductsTable(3), ingest.Parquet, 0))
	require.NoError(t, err)
	now := time.Now().UTC().Truncate(time.Second)
	at := func(d time.Duration) string { return now.Add(-d).Format(time.RFC3339) }
	a, c1, c2 := e.account, e.comps[0], e.comps[1]
	first := fmt.Sprintf("account_id,product_id,competitor_id,scanned_at,price\n"+
		"%d,FSN00000001,%d,%s,10\n"+ // previous price of the next load's change
		"%d,FSN00000002,%d,%s,20\n%d,FSN00000002,%d,%s,21\n"+ // a change within one file
		"%d,FSN00000003,%d,%s,30\n", // its successor comes 40 days later
		a, c1, at(50*time.Hour), a, c1, at(30*time.Hour), a, c1, at(20*time.Hour), a, c2, at(41*24*time.Hour))
	_, err = e.load(t, ingest.Scans, writeRaw(t, e, "first.csv", first))
	require.NoError(t, err)
	second := fmt.Sprintf("account_id,product_id,competitor_id,scanned_at,price\n"+
		"%d,FSN00000001,%d,%s,\n"+ // not found: skipped
		"%d,FSN00000001,%d,%s,12\n"+ // 10 -> 12
		"%d,FSN00000002,%d,%s,21\n"+ // unchanged
		"%d,FSN00000003,%d,%s,35\n", // 30 -> 35, 40 days after
		a, c1, at(3*time.Hour), a, c1, at(2*time.Hour), a, c1, at(time.Hour), a, c2, at(24*time.Hour))
	path := writeRaw(t, e, "second.csv", second)
	_, err = e.load(t, ingest.Scans, path)
	require.NoError(t, err)

	type event struct {
		Product   string
		Comp      uint32
		Old, New  float64
		Predecess time.Duration
	}
	read := func() []event {
		rows, err := e.w.Conn.Query(ctx, `SELECT product_id, competitor_id, prev_price, price, changed_at, prev_at
			FROM price_changes FINAL WHERE account_id = ? ORDER BY product_id, changed_at`, uint32(a))
		require.NoError(t, err)
		defer rows.Close()
		var out []event
		for rows.Next() {
			var ev event
			var changed, prev time.Time
			require.NoError(t, rows.Scan(&ev.Product, &ev.Comp, &ev.Old, &ev.New, &changed, &prev))
			ev.Predecess = changed.Sub(prev)
			out = append(out, ev)
		}
		require.NoError(t, rows.Err())
		return out
	}
	want := []event{
		{"FSN00000001", uint32(c1), 10, 12, 48 * time.Hour},
		{"FSN00000002", uint32(c1), 20, 21, 10 * time.Hour},
	}
	assert.Equal(t, want, read())

	_, err = e.load(t, ingest.Scans, path)
	require.Error(t, err, "already loaded")
	assert.Equal(t, want, read())
	assert.EqualValues(t, 0, e.count(t, "SELECT count() FROM price_changes WHERE account_id = ?", uint32(e.other)))
}
