package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real-time reads of a build that stored its real-time state (migration
// 00170): the page bounds its pairs' rk by the bucket where the chosen
// competitors' running count reaches offset+101, the count sums the buckets, the
// scan summary reads the buckets plus the one bucket the day's start cuts. Every
// reason to fall back compiles the raw statement byte for byte. One dialect: the
// statements are the same on 18.16 and 26.7.
func TestRealTimeStoredSQL(t *testing.T) {
	stored := func() Account {
		a := sqlAccount()
		a.Totals.Build, a.Totals.RealTime = 42, true
		a.Now = time.Date(2026, 1, 1, 0, 5, 0, 0, time.UTC) // the day's start cuts a bucket
		return a
	}
	build := "account_id = ? AND build_id = ?"
	bound := "(SELECT arrayFirst((b_, n_) -> n_ >= ?, bs, arrayCumSum(ns)) FROM (SELECT groupArray(bucket) AS bs, groupArray(n) AS ns FROM " +
		"(SELECT bucket, sum(pairs) AS n FROM realtime_buckets WHERE " + build + " AND competitor_id IN (%s) GROUP BY bucket ORDER BY bucket DESC)))"
	page := "SELECT concat(product_id, '@', toString(competitor_id)) AS pair, product_id FROM realtime_pairs WHERE " + build + " AND competitor_id IN (%s) AND rk <= 4294967295 - " +
		bound + " ORDER BY rk ASC, product_id ASC, competitor_id ASC LIMIT 101 OFFSET %d"
	sprintf := func(f string, in string, off int) string {
		return strings.Replace(strings.ReplaceAll(f, "%s", in), "%d", IntLit(int64(off)), 1)
	}
	cases := []struct {
		name string
		got  func(Account) (Plan, error)
		sql  string
		args []any
	}{
		{"page, one competitor", func(a Account) (Plan, error) { return CompileRealTimePage(a, []int64{9}, 200) },
			sprintf(page, "9", 200), []any{uint32(7), uint64(42), uint64(301), uint32(7), uint64(42)}},
		{"page, all competitors", func(a Account) (Plan, error) { return CompileRealTimePage(a, nil, 10_000) },
			sprintf(page, "3, 9", 10_000), []any{uint32(7), uint64(42), uint64(10_101), uint32(7), uint64(42)}},
		{"count", func(a Account) (Plan, error) { return CompileRealTimeCount(a, []int64{3}) },
			"SELECT toUInt64(sum(pairs)) FROM realtime_buckets WHERE " + build + " AND competitor_id IN (3)", []any{uint32(7), uint64(42)}},
		{"scan summary", CompileScanSummary,
			"SELECT toInt64(competitor_id) AS competitor_id, toDateTime(max(ls)) AS last_scan, sum(d) AS scans_last_day, sum(n) AS offers FROM (" +
				"SELECT competitor_id, last_scan AS ls, if(bucket >= ?, pairs, toUInt64(0)) AS d, pairs AS n FROM realtime_buckets WHERE " + build + " UNION ALL " +
				"SELECT competitor_id, toUInt32(0) AS ls, count() AS d, toUInt64(0) AS n FROM realtime_pairs WHERE " + build + " AND rk <= ? AND rk > ? GROUP BY competitor_id" +
				") GROUP BY competitor_id ORDER BY competitor_id",
			// day 1767139500 (00:05 the day before), its bucket's end 1767139800; rk = 4294967295 - seconds.
			[]any{uint32(1767139800), uint32(7), uint64(42), uint32(7), uint64(42), uint32(2527827795), uint32(2527827495)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.got(stored())
			require.NoError(t, err)
			assert.Equal(t, tc.sql, p.SQL)
			assert.Equal(t, tc.args, p.Args)
		})
	}

	// Each reason to fall back: the raw statement of an account with no stored state, byte for byte.
	fallbacks := []struct {
		name   string
		change func(*Account)
	}{
		{"a build before the state", func(a *Account) { a.Totals.RealTime = false }},
		{"no build", func(a *Account) { a.Totals = nil }},
		{"a load's delta", func(a *Account) { a.SnapshotDelta = 43 }},
		{"a category restriction", func(a *Account) { a.Categories = []string{"Audio"} }},
		{"no competitors", func(a *Account) { a.Competitors, a.Slots = nil, nil }},
	}
	for _, fb := range fallbacks {
		for _, tc := range cases {
			t.Run(fb.name+", "+tc.name, func(t *testing.T) {
				a := stored()
				fb.change(&a)
				rawA := a
				if a.Totals != nil {
					tt := *a.Totals
					tt.RealTime = false
					rawA.Totals = &tt
				}
				want, werr := tc.got(rawA)
				got, err := tc.got(a)
				assert.Equal(t, werr, err)
				assert.Equal(t, want.SQL, got.SQL)
				assert.Equal(t, want.Args, got.Args)
				assert.NotContains(t, got.SQL, "realtime_")
			})
		}
	}
}
