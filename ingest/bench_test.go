package ingest_test

import (
	"testing"
	"time"

	"pricelens/ingest"
)

// BenchmarkLoadParquet loads 200k generated scans from Parquet per iteration (each
// iteration a new file content, so nothing is "already loaded"). make bench-ingest is
// the full-size measurement; this one is for profiling.
func BenchmarkLoadParquet(b *testing.B) {
	e := newEnv(b)
	const rows = 200_000
	b.StopTimer()
	for i := 0; i < b.N; i++ {
		g := e.gen(rows / 2)
		g.Start = g.Start.Add(-time.Hour * time.Duration(i+1))
		path := e.file(b, "bench.parquet", g.Scans(rows), ingest.Parquet, 1<<17)
		b.StartTimer()
		sum, err := e.load(b, ingest.Scans, path)
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(sum.RowsPerSecond, "rows/s")
	}
}
