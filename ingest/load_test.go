package ingest_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/ingest"
	"pricelens/warehouse"
)

// env is one test's private warehouse and app database with an account that has
// two competitors, and a second account with one.
type env struct {
	w        *warehouse.Warehouse
	db       *pgxpool.Pool
	account  int64
	comps    []int64
	other    int64
	otherCmp int64
	dir      string
	// start is the generated data's first hour, fixed per test: two generators of
	// one test must make the same rows even when the clock passes an hour between them.
	start time.Time
}

func newEnv(t testing.TB) *env {
	t.Helper()
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	ctx := context.Background()
	e := &env{w: w, db: db, dir: t.TempDir(), start: time.Now().UTC().Truncate(time.Hour).Add(-72 * time.Hour)}
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO accounts (name) VALUES ('Shop') RETURNING id").Scan(&e.account))
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO accounts (name) VALUES ('Other') RETURNING id").Scan(&e.other))
	for _, n := range []string{"Amazon", "Flipkart"} {
		var id int64
		require.NoError(t, db.QueryRow(ctx, "INSERT INTO competitors (account_id, name) VALUES ($1, $2) RETURNING id", e.account, n).Scan(&id))
		e.comps = append(e.comps, id)
	}
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO competitors (account_id, name) VALUES ($1, 'Walmart') RETURNING id", e.other).Scan(&e.otherCmp))
	return e
}

func (e *env) gen(products int) ingest.Gen {
	return ingest.Gen{Account: e.account, Competitors: e.comps, Products: products, Start: e.start}
}

// file writes a table to a file of the test.
func (e *env) file(t testing.TB, name string, tb ingest.Table, f ingest.Format, groupRows int) string {
	t.Helper()
	path := filepath.Join(e.dir, name)
	require.NoError(t, ingest.WriteFile(path, tb, f, groupRows))
	return path
}

func (e *env) load(t testing.TB, kind ingest.Kind, path string, mod ...func(*ingest.Request)) (ingest.Summary, error) {
	t.Helper()
	return e.loadCtx(context.Background(), t, kind, path, mod...)
}

func (e *env) loadCtx(ctx context.Context, t testing.TB, kind ingest.Kind, path string, mod ...func(*ingest.Request)) (ingest.Summary, error) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(t, err)
	req := ingest.Request{Kind: kind, Name: filepath.Base(path), File: f, Size: st.Size(), MaxRejectRatio: 0.01}
	for _, m := range mod {
		m(&req)
	}
	return ingest.Load(ctx, e.w, e.db, req)
}

func (e *env) count(t testing.TB, query string, args ...any) uint64 {
	t.Helper()
	var n uint64
	require.NoError(t, e.w.Conn.QueryRow(context.Background(), query, args...).Scan(&n))
	return n
}

func csvBytes(t testing.TB, tb ingest.Table) []byte {
	var b bytes.Buffer
	require.NoError(t, tb.WriteCSV(&b))
	return b.Bytes()
}

func writeRaw(t testing.TB, e *env, name string, content string) string {
	t.Helper()
	path := filepath.Join(e.dir, name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

func TestEveryKindAndFormatLoads(t *testing.T) {
	e := newEnv(t)
	g := e.gen(50)
	sizes := map[ingest.Kind]int{ingest.Scans: 1000, ingest.Products: 50, ingest.Metrics: 150}
	tables := map[ingest.Kind]string{ingest.Scans: "offers", ingest.Products: "products", ingest.Metrics: "product_daily"}
	for _, k := range ingest.Kinds {
		for _, f := range ingest.Formats {
			t.Run(fmt.Sprintf("%s_%s", k, f), func(t *testing.T) {
				// Each format loads into its own account so the counts are per load.
				var acc int64
				require.NoError(t, e.db.QueryRow(context.Background(), "INSERT INTO accounts (name) VALUES ($1) RETURNING id", string(k)+string(f)).Scan(&acc))
				gg := g
				gg.Account = acc
				if k == ingest.Scans {
					gg.Competitors = nil
					for _, n := range []string{"A", "B"} {
						var id int64
						require.NoError(t, e.db.QueryRow(context.Background(), "INSERT INTO competitors (account_id, name) VALUES ($1, $2) RETURNING id", acc, n).Scan(&id))
						gg.Competitors = append(gg.Competitors, id)
					}
				}
				path := e.file(t, string(k)+"."+string(f), gg.Table(k, sizes[k]), f, 300)
				sum, err := e.load(t, k, path)
				require.NoError(t, err)
				require.EqualValues(t, sizes[k], sum.Rows)
				require.EqualValues(t, sizes[k], sum.Loaded)
				require.Zero(t, sum.Rejected)
				require.Equal(t, []uint32{uint32(acc)}, sum.Accounts)
				require.EqualValues(t, sizes[k], e.count(t, "SELECT count() FROM "+tables[k]+" WHERE account_id = ?", uint32(acc)))
			})
		}
	}

	// The values arrive intact, whatever the format: one scan of each format compared.
	t.Run("values", func(t *testing.T) {
		var price *float64
		var inStock, onSale uint8
		var name, url string
		var at time.Time
		row := e.w.Conn.QueryRow(context.Background(), `SELECT price, in_stock, on_sale, name, url, scanned_at FROM offers
			WHERE product_id = 'FSN00000009' ORDER BY account_id LIMIT 1`)
		require.NoError(t, row.Scan(&price, &inStock, &onSale, &name, &url, &at))
		// Row 18 of the generator: product 9, competitor index 0, first round; 18 % 10 != 9, so a price.
		require.NotNil(t, price)
		require.InDelta(t, 109.18, *price, 1e-9)
		require.EqualValues(t, 1, inStock)
		require.EqualValues(t, 0, onSale)
		require.Equal(t, "Product FSN00000009", name)
		require.Equal(t, "https://shop.example/FSN00000009", url)
		require.Equal(t, g.Start.Unix(), at.Unix())
		// Every 10th generated price is NULL ("not found"), in every format: 100 of each 1000.
		require.EqualValues(t, 3*100, e.count(t, "SELECT count() FROM offers WHERE price IS NULL"))
	})
}

// TestReportsSeeALoadAsSoonAsItReturns: the report snapshot (one row per product with
// the latest offer of each competitor) shows the loaded products and scans at once,
// and a newer scan replaces the older price.
func TestReportsSeeALoadAsSoonAsItReturns(t *testing.T) {
	e := newEnv(t)
	g := e.gen(10)
	_, err := e.load(t, ingest.Products, e.file(t, "products.parquet", g.ProductsTable(10), ingest.Parquet, 0))
	require.NoError(t, err)
	_, err = e.load(t, ingest.Scans, e.file(t, "scans.csv", g.Scans(20), ingest.CSV, 0))
	require.NoError(t, err)
	require.EqualValues(t, 10, e.count(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND length(comp_ids) = 2", uint32(e.account)))

	later := time.Now().UTC().Add(-time.Minute).Format(time.RFC3339)
	newer := fmt.Sprintf("account_id,product_id,competitor_id,scanned_at,price\n%d,FSN00000003,%d,%s,42.25\n", e.account, e.comps[1], later)
	_, err = e.load(t, ingest.Scans, writeRaw(t, e, "newer.csv", newer))
	require.NoError(t, err)
	var prices []float64
	var comps []uint32
	// The product's newest row, base or delta: the one reports show (engine/snapshot.go).
	require.NoError(t, e.w.Conn.QueryRow(context.Background(), "SELECT comp_ids, c_price FROM "+engine.SnapshotLive+
		" WHERE account_id = ? AND product_id = 'FSN00000003' ORDER BY build_id DESC LIMIT 1", uint32(e.account)).Scan(&comps, &prices))
	require.Equal(t, []uint32{uint32(e.comps[0]), uint32(e.comps[1])}, comps)
	require.InDelta(t, 42.25, prices[1], 1e-9)
	// The trend rollup's refresh is asked for with the load, not at its next period.
	var waiting int
	require.NoError(t, e.db.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'refresh_trend_rollups' AND state = 'available'`).Scan(&waiting))
	require.Equal(t, 1, waiting, "one refresh waits, however many loads asked for it")
}

// TestLargeFilesArriveIntact loads files whose columns span many Parquet pages and
// Arrow batches per chunk and checks every row's values against each other: Parquet
// with plain pages (read in bulk) and with dictionary-encoded strings (read value by
// value), and Arrow. Chunks of 5,000 rows make twelve per file, so the Parquet reader
// refills recycled chunks (their text arenas and NULL masks) many times over.
func TestLargeFilesArriveIntact(t *testing.T) {
	e := newEnv(t)
	const rows = 60_000
	files := []struct {
		f    ingest.Format
		dict bool
	}{{ingest.Parquet, false}, {ingest.Parquet, true}, {ingest.Arrow, false}}
	for i, file := range files {
		g := e.gen(3000)
		g.Start = g.Start.Add(-time.Duration(i) * 240 * time.Hour)
		tb := g.Scans(rows)
		tb.DictionaryStrings = file.dict
		path := e.file(t, fmt.Sprintf("big-%d.%s", i, file.f), tb, file.f, 20_000)
		sum, err := e.load(t, ingest.Scans, path, func(r *ingest.Request) { r.ChunkRows = 5_000 })
		require.NoError(t, err)
		require.EqualValues(t, rows, sum.Loaded)
	}
	n := int64(len(files) * rows)
	require.EqualValues(t, n, e.count(t, "SELECT count() FROM offers"))
	require.EqualValues(t, n, e.count(t, "SELECT uniqExact(product_id, competitor_id, scanned_at) FROM offers"))
	require.Zero(t, e.count(t, `SELECT count() FROM offers WHERE name != concat('Product ', product_id)
		OR url != concat('https://shop.example/', product_id) OR img_url != concat('https://img.example/', product_id, '.jpg')
		OR comp_product_id != concat('C', toString(competitor_id), '-', toString(toUInt32(substring(product_id, 4))))
		OR mfgr_prod_id != concat('M-', toString(toUInt32(substring(product_id, 4))))
		OR brand != concat('Brand ', toString(toUInt32(substring(product_id, 4)) % 50))`))
	// Every 10th price is NULL; the others are 100 + product % 900 + a cents part < 1.
	require.EqualValues(t, n/10, e.count(t, "SELECT count() FROM offers WHERE price IS NULL"))
	require.Zero(t, e.count(t, "SELECT count() FROM offers WHERE price IS NOT NULL AND floor(price) != 100 + toUInt32(substring(product_id, 4)) % 900"))
	// Flags: in stock unless the row number is a multiple of 7, on sale when it is one of 5.
	require.EqualValues(t, int64(len(files))*(rows/5), e.count(t, "SELECT count() FROM offers WHERE on_sale = 1"))
}

// TestFailedSnapshotRebuildIsRetriedByLoadingAgain: when the rebuild fails the rows
// stay loaded (no resume needed); loading the same file again only retries the rebuild.
func TestFailedSnapshotRebuildIsRetriedByLoadingAgain(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	g := e.gen(10)
	_, err := e.load(t, ingest.Products, e.file(t, "products.csv", g.ProductsTable(10), ingest.CSV, 0))
	require.NoError(t, err)
	require.NoError(t, e.w.Conn.Exec(ctx, "RENAME TABLE product_snapshot TO product_snapshot_away"))
	path := e.file(t, "scans.parquet", g.Scans(20), ingest.Parquet, 0)
	sum, err := e.load(t, ingest.Scans, path)
	require.Equal(t, ingest.CodeRefreshFailed, ingestErr(t, err).Code)
	require.Contains(t, err.Error(), "the rows are loaded")
	require.EqualValues(t, 20, sum.Loaded)
	require.EqualValues(t, 20, e.count(t, "SELECT count() FROM offers"))

	require.NoError(t, e.w.Conn.Exec(ctx, "RENAME TABLE product_snapshot_away TO product_snapshot"))
	sum, err = e.load(t, ingest.Scans, path)
	require.ErrorIs(t, err, ingest.ErrAlreadyLoaded)
	require.Contains(t, err.Error(), "rebuilt now")
	require.EqualValues(t, 20, e.count(t, "SELECT count() FROM offers"))
	require.EqualValues(t, 10, e.count(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND length(comp_ids) = 2", uint32(e.account)))
	_, err = e.load(t, ingest.Scans, path)
	require.ErrorIs(t, err, ingest.ErrAlreadyLoaded)
	require.NotContains(t, err.Error(), "rebuilt now")
}
