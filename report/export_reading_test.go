package report

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
)

// While a query reads its table and has sent nothing, WatchReading tells how far
// it has read, of about how many rows: the progress an export has before its first
// block. The query reads a 40-row MergeTree table one row per block, sleeping on
// each, and only then answers its one row.
func TestWatchReadingReportsProgressBeforeTheFirstRow(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	ctx := context.Background()
	// A granule a row and sum() rather than max(): current releases read a granule
	// as one block whatever max_block_size says, and answer max of the key from the
	// part's index without reading; sleep() sleeps once a block.
	require.NoError(t, w.Conn.Exec(ctx, "CREATE TABLE reading_probe (x UInt64) ENGINE = MergeTree ORDER BY x SETTINGS index_granularity = 1"))
	require.NoError(t, w.Conn.Exec(ctx, "INSERT INTO reading_probe SELECT number FROM numbers(40)"))
	s := &Service{W: w}
	queryID := fmt.Sprintf("reading-test-%d", rand.Int63())
	var mu sync.Mutex
	type seen struct {
		read, total int64
		bodyStarted bool
	}
	var calls []seen
	var started atomic.Bool
	stop := s.WatchReading(ctx, queryID, func(read, total int64) {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, seen{read, total, started.Load()})
	})
	st := engine.Statement{SQL: "SELECT sum(x) AS m FROM (SELECT x FROM reading_probe WHERE sleep(0.05) = 0) SETTINGS max_block_size = 1"}
	require.NoError(t, w.Native(ctx, queryID, st, func(body io.Reader) error {
		b := make([]byte, 1)
		if n, _ := body.Read(b); n > 0 {
			started.Store(true)
		}
		_, err := io.Copy(io.Discard, body)
		return err
	}))
	stop()
	stop() // a second stop is harmless

	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, calls, "the watcher saw the query reading")
	var before int
	for i, c := range calls {
		assert.GreaterOrEqual(t, c.total, int64(40), "about how many rows the query reads (whole granules)")
		assert.True(t, c.read > 0 && c.read <= 40, "rows read %d", c.read)
		if i > 0 {
			assert.Greater(t, c.read, calls[i-1].read, "told only when the count moved")
		}
		if !c.bodyStarted {
			before++
		}
	}
	assert.Positive(t, before, "progress told before the first byte of the answer: %+v", calls)
	n := len(calls)
	time.Sleep(2 * readingPoll)
	assert.Len(t, calls, n, "nothing is told after stop")
}

// The export's percent and time left: the reading phase counts for readShare, the
// rows written for the rest, and the time left is the pace so far.
func TestExportStatusReadingThenRows(t *testing.T) {
	start := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	i64 := func(v int64) *int64 { return &v }
	row := exportRow{name: "x", status: ExportRunning, total: i64(1000), started: &start}

	s := row.toStatus(start.Add(time.Second))
	assert.Zero(t, s.Percent, "nothing read yet")
	assert.Nil(t, s.ETASeconds, "Unknown time left")

	row.read, row.readTotal = 500, i64(2000)
	s = row.toStatus(start.Add(time.Second))
	assert.InDelta(t, readShare/4, s.Percent, 1e-9, "a quarter of the source rows read")
	require.NotNil(t, s.ETASeconds)
	assert.InDelta(t, (100-readShare/4)/(readShare/4), *s.ETASeconds, 1e-9, "1 s for the percent so far")

	row.done = 500
	s = row.toStatus(start.Add(4 * time.Second))
	assert.InDelta(t, readShare+(100-readShare)/2, s.Percent, 1e-9, "half the rows written")
	require.NotNil(t, s.ETASeconds)
	assert.InDelta(t, 4*(100-s.Percent)/s.Percent, *s.ETASeconds, 1e-9)

	row.read = 5000 // an approximate total the server overshot
	row.done = 0
	assert.InDelta(t, readShare, row.toStatus(start.Add(time.Second)).Percent, 1e-9, "reading never counts for more than its share")

	row.status = ExportDone
	s = row.toStatus(start.Add(5 * time.Second))
	assert.Equal(t, 100.0, s.Percent)
	require.NotNil(t, s.ETASeconds)
	assert.Zero(t, *s.ETASeconds)
}
