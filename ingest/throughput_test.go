package ingest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"
)

// BenchmarkParquetDecodeValidate measures the client side of a Parquet scan load on
// one core: read, validate and build the ClickHouse columns, without the server.
func BenchmarkParquetDecodeValidate(b *testing.B) {
	const rows = 262_144
	g := Gen{Account: 1, Competitors: []int64{1, 2, 3, 4}, Products: rows / 4, Start: time.Now().Add(-48 * time.Hour).Truncate(time.Hour)}
	var file bytes.Buffer
	if err := g.Scans(rows).Write(&file, Parquet, 1<<17); err != nil {
		b.Fatal(err)
	}
	k := &known{accounts: map[uint32]struct{}{1: {}}, competitors: map[uint64]struct{}{}}
	for c := uint64(1); c <= 4; c++ {
		k.competitors[1<<32|c] = struct{}{}
	}
	data := file.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src, _, err := openBound(Request{Kind: Scans, File: bytes.NewReader(data), Size: int64(len(data)), ChunkRows: defaultChunkRows}, Parquet)
		if err != nil {
			b.Fatal(err)
		}
		cv := newConverter(Scans, 0, k, time.Now(), time.Now(), func(Reject) { b.Fatal("reject") })
		n := 0
		for {
			ch, err := src.next(context.Background())
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			l, _ := cv.convert(ch)
			for _, o := range cv.outs {
				_ = o.values()
			}
			n += l
		}
		if n != rows {
			b.Fatalf("%d rows", n)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
