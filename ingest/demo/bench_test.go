package demo

import (
	"context"
	"io"
	"testing"

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
