package report

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
)

// compareRealTime checks, for account a at a stage of TestInsightStateEqualsRawReads,
// that the real-time view answers from the build's stored state (migration 00170)
// exactly when stored says so, and that its blocks (several offsets, the last one
// included; all competitors and one), counts and scan summary equal those of the
// raw ARRAY JOIN (the same account with no stored state).
func compareRealTime(t *testing.T, d sData, a engine.Account, stage string, stored bool) {
	ctx := context.Background()
	raw := a
	if a.Totals != nil {
		tc := *a.Totals
		tc.RealTime = false
		raw.Totals = &tc
	}
	p, err := engine.CompileRealTimeCount(a, nil)
	require.NoError(t, err)
	assert.Equal(t, stored, strings.Contains(p.SQL, "FROM realtime_buckets"), "%s: the count reads the stored state", stage)
	p, err = engine.CompileRealTimePage(a, nil, 0)
	require.NoError(t, err)
	assert.Equal(t, stored, strings.Contains(p.SQL, "FROM realtime_pairs"), "%s: the page reads the stored pairs", stage)
	p, err = engine.CompileScanSummary(a)
	require.NoError(t, err)
	assert.Equal(t, stored, strings.Contains(p.SQL, "FROM realtime_buckets"), "%s: the scan summary reads the stored buckets", stage)

	require.NotEmpty(t, a.Competitors)
	for _, comps := range [][]int64{nil, {a.Competitors[len(a.Competitors)-1].ID}} {
		n, err := d.s.RealTimeCount(ctx, a, comps)
		require.NoError(t, err)
		want, err := d.s.RealTimeCount(ctx, raw, comps)
		require.NoError(t, err)
		require.Equal(t, want, n, "%s, competitors %v: count", stage, comps)
		require.Greater(t, n, uint64(2*engine.RealTimeBlock), "%s: enough pairs for several blocks", stage)
		for _, off := range []int{0, engine.RealTimeBlock, int(n) / 2, int(n) - engine.RealTimeBlock/2, int(n)} {
			got, err := d.s.RealTimeRows(ctx, a, comps, off)
			require.NoError(t, err)
			exp, err := d.s.RealTimeRows(ctx, raw, comps, off)
			require.NoError(t, err)
			assert.Equal(t, exp, got, "%s, competitors %v, offset %d: block", stage, comps, off)
			if off < int(n) {
				assert.NotEmpty(t, got.Rows, "%s, offset %d", stage, off)
			}
		}
	}
	sum, err := d.s.ScanSummary(ctx, a)
	require.NoError(t, err)
	want, err := d.s.ScanSummary(ctx, raw)
	require.NoError(t, err)
	assert.Equal(t, want, sum, "%s: scan summary", stage)
	var lastDay uint64
	recent := false // a scan in the last day (not once the test moved the clock a month on)
	for _, c := range sum.Competitors {
		if c.Offers > 0 {
			require.NotNil(t, c.LastScan, "%s: competitor %d has scans, so a last scan", stage, c.ID)
			recent = recent || c.LastScan.After(a.Now.Add(-24*time.Hour))
		}
		lastDay += c.ScansLastDay
	}
	assert.Equal(t, recent, lastDay > 0, "%s: scans in the last day", stage)
}
