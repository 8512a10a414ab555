package ingest_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pricelens/ingest"
)

func TestReloadingTheSameFileChangesNothing(t *testing.T) {
	e := newEnv(t)
	path := e.file(t, "scans.parquet", e.gen(100).Scans(2000), ingest.Parquet, 500)
	first, err := e.load(t, ingest.Scans, path)
	require.NoError(t, err)
	require.EqualValues(t, 2000, first.Loaded)

	again, err := e.load(t, ingest.Scans, path)
	require.ErrorIs(t, err, ingest.ErrAlreadyLoaded)
	require.True(t, again.AlreadyLoaded)
	require.Equal(t, first.LoadID, again.LoadID)
	require.EqualValues(t, 2000, again.Loaded)
	require.Contains(t, err.Error(), "already loaded")
	require.EqualValues(t, 2000, e.count(t, "SELECT count() FROM offers"))

	// The same rows as CSV are another file: they load, and collapse onto the same keys.
	csvPath := e.file(t, "scans.csv", e.gen(100).Scans(2000), ingest.CSV, 0)
	_, err = e.load(t, ingest.Scans, csvPath)
	require.NoError(t, err)
	require.EqualValues(t, 2000, e.count(t, "SELECT count() FROM offers FINAL"))
}

// TestKilledLoadResumesWithoutDuplicatesOrGaps cancels a load of a ten-row-group file
// after some blocks have reached ClickHouse, then loads the file again.
func TestKilledLoadResumesWithoutDuplicatesOrGaps(t *testing.T) {
	e := newEnv(t)
	const rows, group = 10_000, 1_000
	for _, kind := range []ingest.Kind{ingest.Scans, ingest.Metrics} {
		t.Run(string(kind), func(t *testing.T) {
			g := e.gen(500)
			g.Start = g.Start.AddDate(0, 0, -30) // metrics: 20 days of rows, all in the past
			path := e.file(t, string(kind)+"-resume.parquet", g.Table(kind, rows), ingest.Parquet, group)
			small := func(r *ingest.Request) { r.ChunkRows, r.FlushRows, r.BlockRows = group, group, group }
			table := map[ingest.Kind]string{ingest.Scans: "offers", ingest.Metrics: "product_daily"}[kind]

			ctx, cancel := context.WithCancel(context.Background())
			_, err := e.loadCtx(ctx, t, kind, path, small, func(r *ingest.Request) {
				r.Progress = func(p ingest.Progress) {
					// Kill the load once some of its blocks have landed in ClickHouse.
					if p.Rows < 4*group || ctx.Err() != nil {
						return
					}
					for i := 0; i < 100 && e.count(t, "SELECT count() FROM "+table) == 0; i++ {
						time.Sleep(20 * time.Millisecond)
					}
					cancel()
				}
			})
			require.ErrorIs(t, err, context.Canceled)
			partial := e.count(t, "SELECT count() FROM "+table)
			require.Greater(t, partial, uint64(0), "the killed load wrote some blocks")
			require.Less(t, partial, uint64(rows), "the killed load did not finish")
			var status string
			require.NoError(t, e.db.QueryRow(context.Background(), "SELECT status FROM ingest_loads WHERE file_name = $1", string(kind)+"-resume.parquet").Scan(&status))
			require.Equal(t, "failed", status)

			sum, err := e.load(t, kind, path, small)
			require.NoError(t, err)
			require.True(t, sum.Resumed)
			require.EqualValues(t, rows, sum.Loaded)
			// Exact with a plain count(): the resumed load collapsed the repeated rows.
			require.EqualValues(t, rows, e.count(t, "SELECT count() FROM "+table))
			if kind == ingest.Scans {
				require.EqualValues(t, rows, e.count(t, "SELECT uniqExact(product_id, competitor_id, scanned_at) FROM offers"))
				require.EqualValues(t, 500*2, e.count(t, "SELECT count() FROM latest_offers"))
			}
			_, err = e.load(t, kind, path, small)
			require.ErrorIs(t, err, ingest.ErrAlreadyLoaded)
		})
	}
}

func TestTwoFilesLoadAtTheSameTime(t *testing.T) {
	e := newEnv(t)
	g1, g2 := e.gen(300), e.gen(300)
	g2.Start = g2.Start.Add(-240 * 3600 * 1e9) // other scan times: distinct rows
	p1 := e.file(t, "a.parquet", g1.Scans(6000), ingest.Parquet, 1000)
	p2 := e.file(t, "b.arrow", g2.Scans(6000), ingest.Arrow, 1000)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, p := range []string{p1, p2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = e.load(t, ingest.Scans, p, func(r *ingest.Request) { r.ChunkRows, r.FlushRows = 1000, 1000 })
		}()
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
	require.EqualValues(t, 12000, e.count(t, "SELECT count() FROM offers"))

	// The same file twice at once: one loads, the other is told it is in progress or done.
	g3 := e.gen(50)
	g3.Start = g2.Start.Add(-100 * 3600 * 1e9)
	p3 := e.file(t, "c.csv", g3.Scans(3000), ingest.CSV, 0)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = e.load(t, ingest.Scans, p3)
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		var ie *ingest.Error
		switch {
		case err == nil:
			ok++
		case errors.As(err, &ie):
			require.Contains(t, []ingest.Code{ingest.CodeInProgress, ingest.CodeAlreadyLoaded}, ie.Code)
		default:
			t.Fatalf("unexpected error: %v", err)
		}
	}
	require.Equal(t, 1, ok)
	require.EqualValues(t, 15000, e.count(t, "SELECT count() FROM offers FINAL"))
}
