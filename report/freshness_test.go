package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/ingest"
	"pricelens/store/authz"
)

// TestLoadShowsItsProductsOnly: after each load the grid shows what it loaded, and
// only the products it touched are rebuilt: a scan load of two products changes
// their prices and no other row, a catalogue load of one product its price; the
// same file again changes nothing; another account's load leaves account 1's
// snapshot as it was.
func TestLoadShowsItsProductsOnly(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	ctx := context.Background()
	var acc1, acc2, c1, c2, c3 int64
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO accounts (name) VALUES ('Shop') RETURNING id").Scan(&acc1))
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO accounts (name) VALUES ('Other') RETURNING id").Scan(&acc2))
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO competitors (account_id, name) VALUES ($1, 'A') RETURNING id", acc1).Scan(&c1))
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO competitors (account_id, name) VALUES ($1, 'B') RETURNING id", acc1).Scan(&c2))
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO competitors (account_id, name) VALUES ($1, 'C') RETURNING id", acc2).Scan(&c3))

	dir := t.TempDir()
	load := func(kind ingest.Kind, account int64, name string, lines ...string) error {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
		f, err := os.Open(path)
		require.NoError(t, err)
		defer f.Close()
		st, err := f.Stat()
		require.NoError(t, err)
		_, err = ingest.Load(ctx, w, db, ingest.Request{Kind: kind, Name: name, File: f, Size: st.Size(), Account: uint32(account)})
		return err
	}
	at := time.Now().UTC().Add(-2 * time.Hour).Format("2006-01-02 15:04:05")
	later := time.Now().UTC().Add(-time.Hour).Format("2006-01-02 15:04:05")
	catalogue := []string{"product_id,name,my_price"}
	first := []string{"product_id,competitor_id,scanned_at,price"}
	for i := 0; i < 20; i++ {
		catalogue = append(catalogue, fmt.Sprintf("P%02d,Product %d,90", i, i))
		first = append(first, fmt.Sprintf("P%02d,%d,%s,%d", i, c1, at, 100+i), fmt.Sprintf("P%02d,%d,%s,%d", i, c2, at, 200+i))
	}
	require.NoError(t, load(ingest.Products, acc1, "catalogue.csv", catalogue...))
	require.NoError(t, load(ingest.Scans, acc1, "first.csv", first...))
	require.NoError(t, load(ingest.Products, acc2, "other-catalogue.csv", "product_id,name,my_price", "P03,Other 3,9"))

	s := NewService(w, db)
	type cell struct{ mine, a, b float64 }
	grid := func(account int64) map[string]cell {
		t.Helper()
		p := authz.Principal{UserID: 1, AccountID: account}
		cond := engine.Condition{Limit: 100, VisibleColumns: []string{"id", "price", fmt.Sprint("Price@", c1), fmt.Sprint("Price@", c2)}}
		a, err := s.AccountFor(ctx, p, cond, false)
		require.NoError(t, err)
		blk, err := s.Rows(ctx, a, cond)
		require.NoError(t, err)
		n, err := s.Count(ctx, a, cond)
		require.NoError(t, err)
		out := map[string]cell{}
		for _, r := range blk.Rows {
			id := r["id"].(string)
			require.NotContains(t, out, id, "a product appears once")
			var c cell
			c.mine, _ = r["price"].(float64)
			c.a, _ = r[fmt.Sprint("Price@", c1)].(float64)
			c.b, _ = r[fmt.Sprint("Price@", c2)].(float64)
			out[id] = c
		}
		require.EqualValues(t, len(out), n, "the count agrees with the rows")
		return out
	}
	want := map[string]cell{}
	for i := 0; i < 20; i++ {
		want[fmt.Sprintf("P%02d", i)] = cell{90, float64(100 + i), float64(200 + i)}
	}
	require.Equal(t, want, grid(acc1))

	// Two products rescanned by one competitor.
	two := []string{"product_id,competitor_id,scanned_at,price", fmt.Sprintf("P03,%d,%s,503", c1, later), fmt.Sprintf("P07,%d,%s,507", c1, later)}
	require.NoError(t, load(ingest.Scans, acc1, "two.csv", two...))
	want["P03"], want["P07"] = cell{90, 503, 203}, cell{90, 507, 207}
	assert.Equal(t, want, grid(acc1))
	var rebuilt uint64
	require.NoError(t, w.Conn.QueryRow(ctx, "SELECT count() FROM product_snapshot_delta WHERE account_id = ?", uint32(acc1)).Scan(&rebuilt))
	assert.EqualValues(t, 2, rebuilt, "only the two products were rebuilt")

	// The same file again: nothing changes.
	err := load(ingest.Scans, acc1, "two.csv", two...)
	require.ErrorIs(t, err, ingest.ErrAlreadyLoaded)
	assert.Equal(t, want, grid(acc1))

	// A catalogue load touches its products too, and may add one.
	require.NoError(t, load(ingest.Products, acc1, "price.csv", "product_id,name,my_price", "P11,Product 11,77", "P20,Product 20,60"))
	want["P11"], want["P20"] = cell{77, 111, 211}, cell{mine: 60}
	assert.Equal(t, want, grid(acc1))
	// The count alone (the request that needs no competitor facts) sees the same.
	cheap, err := engine.ParseCondition([]byte(`{"filters":{"price":{"filterType":"number","type":"lessThan","filter":80}}}`))
	require.NoError(t, err)
	a1, err := s.AccountFor(ctx, authz.Principal{UserID: 1, AccountID: acc1}, cheap, true)
	require.NoError(t, err)
	n, err := s.Count(ctx, a1, cheap)
	require.NoError(t, err)
	assert.EqualValues(t, 2, n, "P11 and P20 are under 80 now")

	// Account 2's scans of a product id account 1 also has: account 1's rows stay as they were.
	snapshotOf := func(account int64) []string {
		var rows []string
		res, err := w.Conn.Query(ctx, "SELECT concat(_table, ' ', product_id, ' ', toString(build_id)) AS r FROM "+engine.SnapshotLive+" WHERE account_id = ? ORDER BY r", uint32(account))
		require.NoError(t, err)
		defer res.Close()
		for res.Next() {
			var r string
			require.NoError(t, res.Scan(&r))
			rows = append(rows, r)
		}
		return rows
	}
	before := snapshotOf(acc1)
	require.NoError(t, load(ingest.Scans, acc2, "other.csv", "product_id,competitor_id,scanned_at,price", fmt.Sprintf("P03,%d,%s,1", c3, later)))
	assert.Equal(t, before, snapshotOf(acc1))
	assert.Equal(t, want, grid(acc1))
	p2 := authz.Principal{UserID: 1, AccountID: acc2}
	cond := engine.Condition{Limit: 100, VisibleColumns: []string{"id", fmt.Sprint("Price@", c3)}}
	a2, err := s.AccountFor(ctx, p2, cond, false)
	require.NoError(t, err)
	blk, err := s.Rows(ctx, a2, cond)
	require.NoError(t, err)
	require.Len(t, blk.Rows, 1)
	assert.Equal(t, 1.0, blk.Rows[0][fmt.Sprint("Price@", c3)], "account 2 sees its own scan")
}
