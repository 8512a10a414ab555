package demo

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"

	"pricelens/deploy/testenv"
)

// BenchmarkLoadS loads the S data set into a private database pair per run and
// reports the rows written per second (all fact tables, views included).
// The L figure is measured with `pricelens seed --size L` (see the package report).
func BenchmarkLoadS(b *testing.B) {
	w, _ := testenv.ClickHouse(b)
	db, _ := testenv.Postgres(b)
	ctx := context.Background()
	var rows uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Load(ctx, w, db, Options{Size: S, Seed: int64(i), AdminPassword: "bench-password", Progress: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		rows = 0
		for _, n := range s.Rows {
			rows += n
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkGenerate times the generating steps alone (no labels, snapshots or trend
// rollups) of the size in PRICELENS_DEMO_SIZE (default S; PRICELENS_DEMO_DIVIDE=n
// keeps its shape with 1/n of its products), in a private database pair, and
// reports per step its time (summed over both workers), the rows and on-disk size
// of offers and of the sparse history alone, and the sparse rows per second of
// its step time. It measures the generator where the seed's later steps (main's
// rollup build) cannot yet follow:
//
//	PRICELENS_DEMO_SIZE=L PRICELENS_DEMO_DIVIDE=10 go test -run '^$' -bench Generate -benchtime 1x ./ingest/demo/
func BenchmarkGenerate(b *testing.B) {
	size, err := ParseSize(cmp.Or(os.Getenv("PRICELENS_DEMO_SIZE"), "S"))
	if err != nil {
		b.Fatal(err)
	}
	w, _ := testenv.ClickHouse(b)
	db, _ := testenv.Postgres(b)
	ctx := context.Background()
	ps := plans(size)
	if d, _ := strconv.Atoi(os.Getenv("PRICELENS_DEMO_DIVIDE")); d > 1 {
		for i := range ps {
			ps[i].Products, ps[i].HistoryProducts = ps[i].Products/d, ps[i].HistoryProducts/d
		}
	}
	st, err := prepareAppState(ctx, db, ps, "bench-password")
	if err != nil {
		b.Fatal(err)
	}
	steps := map[string]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := generateFacts(ctx, w, Options{Size: size, Seed: 1, Progress: io.Discard}, ps, st)
		if err != nil {
			b.Fatal(err)
		}
		for k, d := range s {
			steps[k] += d
		}
	}
	b.StopTimer()
	// Sparse rows: all scans but the latest ones and the daily history's (the
	// history products' scans in their daily window).
	var all, latest, daily uint64
	q := func(sql string, into *uint64) {
		if err := w.Conn.QueryRow(ctx, sql).Scan(into); err != nil {
			b.Fatal(err)
		}
	}
	q("SELECT count() FROM offers", &all)
	q("SELECT count() FROM latest_offers", &latest)
	q(fmt.Sprintf(`SELECT count() FROM offers WHERE (account_id, product_id) IN (SELECT DISTINCT account_id, product_id FROM product_daily)
		AND toDate(scanned_at) >= (SELECT max(toDate(scanned_at)) FROM offers) - %d`, ps[0].HistoryDays-1), &daily)
	hist := uint64(0)
	q(`SELECT count() FROM latest_offers WHERE (account_id, product_id) IN (SELECT DISTINCT account_id, product_id FROM product_daily)`, &hist)
	sparse := all - latest - (daily - hist)
	// On-disk size of offers, and of its sparse scans alone (copied into a table of
	// the same structure, merged to one part per partition as offers' parts will be).
	var offersBytes, sparseBytes uint64
	diskSize := func(table string, into *uint64) {
		if err := w.Conn.QueryRow(ctx, `SELECT sum(bytes_on_disk) FROM system.parts WHERE database = currentDatabase() AND table = ? AND active`, table).Scan(into); err != nil {
			b.Fatal(err)
		}
	}
	for _, sql := range []string{"CREATE TABLE sparse_copy AS offers", fmt.Sprintf(`INSERT INTO sparse_copy SELECT * FROM offers
		WHERE if((account_id, product_id) IN (SELECT DISTINCT account_id, product_id FROM product_daily),
			toDate(scanned_at) < (SELECT max(toDate(scanned_at)) FROM offers) - %d,
			(account_id, product_id, competitor_id, scanned_at) NOT IN (SELECT account_id, product_id, competitor_id, scanned_at FROM latest_offers))`, ps[0].HistoryDays-1),
		"OPTIMIZE TABLE sparse_copy FINAL", "OPTIMIZE TABLE offers FINAL"} {
		if err := w.Conn.Exec(clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{"max_execution_time": 0})), sql); err != nil {
			b.Fatal(err)
		}
	}
	var copied uint64
	q("SELECT count() FROM sparse_copy", &copied)
	if copied != sparse {
		b.Fatalf("sparse scans: %d copied, %d counted", copied, sparse)
	}
	diskSize("offers", &offersBytes)
	diskSize("sparse_copy", &sparseBytes)
	b.ReportMetric(float64(offersBytes)/(1<<20), "offers_MiB")
	b.ReportMetric(float64(sparseBytes)/(1<<20), "sparse_MiB")
	for k, d := range steps {
		b.ReportMetric(d.Seconds()/float64(b.N), strings.ReplaceAll(k, " ", "_")+"_s")
	}
	b.ReportMetric(float64(all), "offers_rows")
	b.ReportMetric(float64(sparse), "sparse_rows")
	b.ReportMetric(float64(sparse)*float64(b.N)/steps["sparse history"].Seconds(), "sparse_rows/s")
}
