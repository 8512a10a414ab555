package engine

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rollupAccount is testAccount with a rollup built up to yesterday (2025-12-31)
// over its competitors with its settings.
func rollupAccount() Account {
	a := testAccount()
	s := a.Settings
	a.TrendRollup = &TrendRollup{FirstDay: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC), LastDay: time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC),
		Staleness: s.StalenessDays, Parity: s.Parity, Lower: s.Lower, Upper: s.Upper, Competitors: []int64{3, 9}}
	return a
}

func TestTrendRollupSQL(t *testing.T) {
	cases := []struct {
		name, trend, sql string
		args             []any
	}{
		{
			name:  "price_trend of a category path, weighted by revenue",
			trend: `{"report_name":"price_trend","weightBy":"revenue_30d","filters":{"category_tree":{"paths":[["TV","OLED"]]}},"dates":{"from":"2025-12-01","to":"2025-12-31"}}`,
			sql: "SELECT toString(d) AS day, groupArrayIf(competitor_id, competitor_id != 0) AS c_ids, groupArrayIf(num, competitor_id != 0) AS c_num, groupArrayIf(den, competitor_id != 0) AS c_den," +
				" groupArrayIf(nn, competitor_id != 0) AS c_n, sumIf(num, competitor_id = 0) AS sel_num, sumIf(den, competitor_id = 0) AS sel_den, sumIf(mpn, competitor_id = 0) AS my_num," +
				" sumIf(den, competitor_id = 0) AS my_den, sumIf(nn, competitor_id = 0) AS products FROM (SELECT date AS d, competitor_id, sum(wx_rev) AS num, sum(w_rev) AS den, sum(n) AS nn, sum(wmp_rev) AS mpn" +
				" FROM trend_rollup WHERE account_id = ? AND ((super_category = ? AND category = ?)) AND date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') GROUP BY d, competitor_id) GROUP BY d ORDER BY d",
			args: []any{uint32(7), "TV", "OLED"},
		},
		{
			name:  "competitiveness metrics of one competitor by super category, %Lower Bucket, same period last year",
			trend: `{"report_name":"competitiveness_metrics","group":"super_category","competitorId":[9],"comparisonValues":"%Lower Bucket","compareTo":"same_period_last_year","dates":{"from":"2025-12-01","to":"2025-12-31"}}`,
			sql: "SELECT toString(d) AS day, g, num, den, nn AS n FROM (SELECT date AS d, if(super_category = '', '(none)', super_category) AS g, sum(clo_k1) * 100 AS num, sum(cw_k1) AS den, sum(cn) AS nn" +
				" FROM trend_rollup WHERE account_id = ? AND date BETWEEN toDate('2024-12-01') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2024-12-01') AND toDate('2024-12-31'))" +
				" AND competitor_id IN ? GROUP BY d, g HAVING nn > 0) ORDER BY d, g",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(9)}}},
		},
		{
			// The home dashboard's: every product as one group, summed over the rollup's categories.
			name:  "competitiveness metrics of the whole account, price index, previous period",
			trend: `{"report_name":"competitiveness_metrics","group":"all","comparisonValues":"Price Index","dates":{"from":"2025-12-01","to":"2025-12-31"}}`,
			sql: "SELECT toString(d) AS day, g, num, den, nn AS n FROM (SELECT date AS d, 'All products' AS g, sum(cpi_k1) AS num, sum(cw_k1) AS den, sum(cn) AS nn" +
				" FROM trend_rollup WHERE account_id = ? AND date BETWEEN toDate('2025-10-31') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))" +
				" AND competitor_id IN ? GROUP BY d, g HAVING nn > 0) ORDER BY d, g",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}},
		},
		{
			// The product's runs by key from trend_runs (the build's, cut to the range)
			// instead of its scans; the rest is the raw path's (TestTrendSQL).
			name:  "PDP_price_trend: the product's stored runs",
			trend: `{"report_name":"PDP_price_trend","product_id":"P1","dates":{"from":"2025-12-01","to":"2025-12-31"}}`,
			sql: "SELECT competitor_id, rl, rh, rx, w, cat_mp, ds, dv FROM (SELECT * FROM (" +
				fill(storedRunsSQL, "{TABLE}", "trend_runs", "{KEYS}", " AND product_id = ?", "{FROM}", "2025-12-01", "{LAST}", "2025-12-31") +
				") AS lhs ALL INNER JOIN (SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp FROM product_snapshot WHERE account_id = ? AND product_id = ?) AS rhs USING product_id)" +
				" AS lhs ANY LEFT JOIN (SELECT product_id, groupArray(d) AS ds, groupArray(if(hd = 1 AND dmp > 0, dmp, 0.)) AS dv FROM (" +
				fill(trendDaily, "{DATES}", "date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31')", "product_id IN (SELECT product_id FROM product_snapshot WHERE {WHERE})", "product_id = ?") +
				") GROUP BY product_id) AS rhs USING product_id ORDER BY competitor_id",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, "P1", uint32(7), "P1", uint32(7), "P1"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := ParseTrend([]byte(tc.trend))
			require.NoError(t, err)
			p, err := CompileTrend(rollupAccount(), tr)
			require.NoError(t, err)
			assert.Equal(t, tc.sql, p.SQL)
			assert.Equal(t, tc.args, p.Args)
		})
	}
}

// The rollup is read only where it is exact; anything else reads the raw scans.
func TestTrendRollupOnlyWhereExact(t *testing.T) {
	dec := `"dates":{"from":"2025-12-01","to":"2025-12-31"}`
	uses := func(a Account, js string) bool {
		tr, err := ParseTrend([]byte(js))
		require.NoError(t, err, js)
		p, err := CompileTrend(a, tr)
		require.NoError(t, err, js)
		return strings.Contains(p.SQL, "FROM trend_rollup WHERE")
	}
	a := rollupAccount()
	assert.True(t, uses(a, `{"report_name":"price_trend",`+dec+`}`))
	assert.True(t, uses(a, `{"report_name":"price_trend","dates":{"from":"2024-01-01","to":"2025-12-31"}}`), "days before the first scan have no prices")
	assert.True(t, uses(a, `{"report_name":"competitiveness_metrics","competitorId":[3],`+dec+`}`))
	for _, js := range []string{
		`{"report_name":"price_trend","competitorId":[3],` + dec + `}`,
		`{"report_name":"price_trend","search":"tv",` + dec + `}`,
		`{"report_name":"price_trend","selected_rows":["P1"],` + dec + `}`,
		`{"report_name":"price_trend","filters":{"name":{"filterType":"text","type":"contains","filter":"tv"}},` + dec + `}`,
		`{"report_name":"price_trend","filters":{"category_tree":{"paths":[["TV","OLED","55"]]}},` + dec + `}`,
		`{"report_name":"margin_trend",` + dec + `}`,
		`{"report_name":"price_vs_market_trend",` + dec + `}`,
		`{"report_name":"competitiveness_metrics","group":"brand",` + dec + `}`,
	} {
		assert.False(t, uses(a, js), js)
	}
	// The product page reads the build's runs under the same conditions, for any
	// competitor subset, and leaves out flagged pairs itself.
	runs := func(a Account, js string) string {
		tr, err := ParseTrend([]byte(js))
		require.NoError(t, err, js)
		p, err := CompileTrend(a, tr)
		require.NoError(t, err, js)
		return p.SQL
	}
	pdp := `{"report_name":"PDP_price_trend","product_id":"P1",` + dec + `}`
	assert.Contains(t, runs(a, pdp), " FROM trend_runs WHERE ")
	assert.Contains(t, runs(a, `{"report_name":"PDP_price_trend","product_id":"P1","competitorId":[9],`+dec+`}`), " FROM trend_runs WHERE ")
	fl := rollupAccount()
	fl.Flagged = map[int64][]string{9: {"P1"}}
	assert.Contains(t, runs(fl, pdp), " FROM trend_runs WHERE account_id = ? AND competitor_id IN ? AND NOT ((competitor_id = 9 AND ")
	before := rollupAccount()
	before.TrendRollup.LastDay = before.TrendRollup.LastDay.AddDate(0, 0, -1)
	assert.Contains(t, runs(before, pdp), " FROM offers WHERE ", "runs that do not reach the last day")
	st := rollupAccount()
	st.Settings.StalenessDays = 7
	assert.Contains(t, runs(st, pdp), " FROM offers WHERE ", "runs of another staleness")
	assert.Contains(t, runs(testAccount(), pdp), " FROM offers WHERE ", "no current rollup (none, or a load since)")
	stale := rollupAccount()
	stale.TrendRollup.LastDay = stale.TrendRollup.LastDay.AddDate(0, 0, -1)
	assert.False(t, uses(stale, `{"report_name":"price_trend",`+dec+`}`), "a rollup that does not reach the last day")
	other := rollupAccount()
	other.Settings.StalenessDays = 7
	assert.False(t, uses(other, `{"report_name":"price_trend",`+dec+`}`), "other staleness")
	other = rollupAccount()
	other.Settings.Upper = 5
	assert.False(t, uses(other, `{"report_name":"competitiveness_metrics",`+dec+`}`), "other buckets")
	assert.True(t, uses(other, `{"report_name":"price_trend",`+dec+`}`), "the price trend needs no buckets")
	other = rollupAccount()
	other.Competitors = append(other.Competitors, Competitor{ID: 11, Name: "New"})
	assert.False(t, uses(other, `{"report_name":"price_trend",`+dec+`}`), "a competitor the rollup does not hold")
	// Open flags: the rollup less the flagged pairs' share (TestTrendRollupFlaggedSQL).
	flagged := rollupAccount()
	flagged.Flagged = map[int64][]string{9: {"P1"}}
	assert.True(t, uses(flagged, `{"report_name":"price_trend",`+dec+`}`), "a flagged match is subtracted")
	assert.True(t, uses(flagged, `{"report_name":"competitiveness_metrics","competitorId":[9],`+dec+`}`), "a flagged match of a selected competitor is subtracted")
	assert.True(t, uses(flagged, `{"report_name":"competitiveness_metrics","competitorId":[3],`+dec+`}`), "flags of other competitors do not matter")
	assert.False(t, uses(flagged, `{"report_name":"price_trend","search":"tv",`+dec+`}`), "a scope the rollup does not hold, flags or not")
	cats := rollupAccount()
	cats.Categories = []string{"TV"}
	tr, err := ParseTrend([]byte(`{"report_name":"price_trend",` + dec + `}`))
	require.NoError(t, err)
	p, err := CompileTrend(cats, tr)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "FROM trend_rollup WHERE account_id = ? AND super_category IN ?", "category access applies to the rollup")
	cats.Flagged = map[int64][]string{9: {"P1"}}
	p, err = CompileTrend(cats, tr)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "FROM trend_rollup WHERE account_id = ? AND super_category IN ?", "category access applies to the rollup")
	assert.Contains(t, p.SQL, "FROM product_snapshot WHERE account_id = ? AND super_category IN ? AND (product_id IN (SELECT v FROM _flagged_9))",
		"and to the flagged products' share")
}

// With open flags on the selected competitors, the rollup's rows less the flagged
// pairs' share: the flagged products' raw facts (their pairs, flagged ones
// included, carried as on the raw path), per flagged pair its own terms, per
// product its product-level line over all prices less the one over the
// unflagged ones (trend_rollup_flags.go).
func TestTrendRollupFlaggedSQL(t *testing.T) {
	a := rollupAccount()
	a.Flagged = map[int64][]string{9: {"P1", "P2"}, 3: {"P3"}}
	fl := "(competitor_id = 3 AND product_id IN (SELECT v FROM _flagged_3)) OR (competitor_id = 9 AND product_id IN (SELECT v FROM _flagged_9))"
	pairDays := func(from, first, dates, inRange, flaggedOf, group string) string {
		// The facts by the flag sets alone; the join with the scope's products keeps
		// tenancy, category access and the filters.
		where := "account_id = ? AND (" + flaggedOf + ")"
		byKey := "product_id IN (SELECT product_id FROM product_snapshot WHERE {WHERE})"
		pairs := fill(trendPairs, "{FROM}", from, "{FIRST}", first, byKey, "("+flaggedOf+")")
		if inRange != "" {
			pairs = "SELECT * FROM (" + pairs + ") WHERE " + inRange
		}
		return "SELECT *, (" + fl + ") AS fl FROM (SELECT *, if(hd = 1 AND dmp > 0, dmp, cat_mp) AS mp FROM (SELECT * FROM (" + pairs +
			") AS lhs ALL INNER JOIN (SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp" + group + " FROM product_snapshot WHERE " + where + ") AS rhs USING product_id)" +
			" AS lhs ANY LEFT JOIN (" + fill(trendDaily, "{DATES}", dates, byKey, "("+flaggedOf+")") + ") AS rhs USING product_id, d)"
	}
	cases := []struct {
		name, trend, sql string
		args             []any
	}{
		{
			name:  "price_trend: every competitor's flags, the products' market recomputed",
			trend: `{"report_name":"price_trend","dates":{"from":"2025-12-01","to":"2025-12-31"}}`,
			sql: "SELECT toString(d) AS day, groupArrayIf(competitor_id, competitor_id != 0) AS c_ids, groupArrayIf(num, competitor_id != 0) AS c_num, groupArrayIf(den, competitor_id != 0) AS c_den," +
				" groupArrayIf(nn, competitor_id != 0) AS c_n, sumIf(num, competitor_id = 0) AS sel_num, sumIf(den, competitor_id = 0) AS sel_den, sumIf(mpn, competitor_id = 0) AS my_num," +
				" sumIf(den, competitor_id = 0) AS my_den, sumIf(nn, competitor_id = 0) AS products FROM (" +
				"SELECT d, competitor_id, sum(rnum) AS num, sum(rden) AS den, toUInt64(sum(rsn)) AS nn, sum(rmpn) AS mpn FROM (" +
				"SELECT date AS d, competitor_id, sum(wx_k1) AS rnum, sum(w_k1) AS rden, toInt64(sum(n)) AS rsn, sum(wmp_k1) AS rmpn FROM trend_rollup" +
				" WHERE account_id = ? AND date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') GROUP BY d, competitor_id" +
				" UNION ALL SELECT d, competitor_id, -num, -den, -sn, -mpn FROM (SELECT d, c AS competitor_id, cnum AS num, cden AS den, cn AS sn, cmpn AS mpn FROM (" +
				"SELECT d, arrayPushFront(fc, toUInt32(0)) AS cs, arrayPushFront(fnum, pw * ma - if(nk > 0, pw * mk, 0.)) AS anum, arrayPushFront(fden, if(nk > 0, 0., pw)) AS aden," +
				" arrayPushFront(fn, toInt64(nk = 0)) AS an, arrayPushFront(fmpn, if(nk > 0, 0., pw * pmp)) AS ampn FROM (" +
				"SELECT d, any(w) AS pw, any(mp) AS pmp, count() AS na, avg(px) AS ma, countIf(NOT fl) AS nk, avgIf(px, NOT fl) AS mk, groupArrayIf(competitor_id, fl) AS fc," +
				" groupArrayIf(w * px, fl) AS fnum, groupArrayIf(w, fl) AS fden, groupArrayIf(toInt64(1), fl) AS fn, groupArrayIf(w * mp, fl) AS fmpn FROM (" +
				pairDays("2025-12-01", "2025-11-02", "date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31')", "", "product_id IN (SELECT v FROM _flagged_3) OR product_id IN (SELECT v FROM _flagged_9)", "") +
				") GROUP BY d, product_id HAVING nk < na)) ARRAY JOIN cs AS c, anum AS cnum, aden AS cden, an AS cn, ampn AS cmpn))" +
				" GROUP BY d, competitor_id HAVING sum(rsn) > 0) GROUP BY d ORDER BY d",
			args: []any{uint32(7), uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, uint32(7), uint32(7)},
		},
		{
			name:  "competitiveness metrics of competitor 9 by super category: its flagged pairs' bucket weights",
			trend: `{"report_name":"competitiveness_metrics","group":"super_category","competitorId":[9],"comparisonValues":"%Lower Bucket","dates":{"from":"2025-12-01","to":"2025-12-31"}}`,
			sql: "SELECT toString(d) AS day, g, num, den, nn AS n FROM (SELECT d, g, sum(rnum) AS num, sum(rden) AS den, toUInt64(sum(rsn)) AS nn FROM (" +
				"SELECT date AS d, CAST(if(super_category = '', '(none)', super_category) AS String) AS g, sum(clo_k1) * 100 AS rnum, sum(cw_k1) AS rden, toInt64(sum(cn)) AS rsn FROM trend_rollup" +
				" WHERE account_id = ? AND date BETWEEN toDate('2025-10-31') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))" +
				" AND competitor_id IN ? GROUP BY d, g UNION ALL SELECT d, CAST(g AS String), -num, -den, -sn FROM (" +
				"SELECT d, g, sumIf(w * toFloat64(((mp - px) / px * 100 - 0) < -2) * 100, (px > 0 AND mp > 0)) AS num, sumIf(w, (px > 0 AND mp > 0)) AS den, toInt64(countIf((px > 0 AND mp > 0))) AS sn FROM (" +
				pairDays("2025-10-31", "2025-10-02", "date BETWEEN toDate('2025-10-31') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))",
					"(d BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR d BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))", "product_id IN (SELECT v FROM _flagged_9)",
					", if(super_category = '', '(none)', super_category) AS g") +
				") WHERE fl GROUP BY d, g)) GROUP BY d, g HAVING sum(rsn) > 0) ORDER BY d, g",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(9)}}, uint32(7), clickhouse.GroupSet{Value: []any{uint64(9)}}, uint32(7), uint32(7)},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := ParseTrend([]byte(tc.trend))
			require.NoError(t, err)
			p, err := CompileTrend(a, tr)
			require.NoError(t, err)
			assert.Equal(t, tc.sql, p.SQL)
			assert.Equal(t, tc.args, p.Args)
			assert.True(t, p.Rollup)
			assert.True(t, p.FlaggedExcluded)
			require.Len(t, p.Sets, 2, "the flagged products travel as external sets")
			assert.Equal(t, []any{"P3"}, p.Sets[0].Values)
			assert.Equal(t, []any{"P1", "P2"}, p.Sets[1].Values)
		})
	}
}

func TestTrendRollupHostilePathsAreBound(t *testing.T) {
	for _, v := range hostileStrings {
		vs, _ := json.Marshal(v)
		tr, err := ParseTrend([]byte(`{"report_name":"price_trend","filters":{"category_tree":{"paths":[[` + string(vs) + `]]}},"dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
		require.NoError(t, err)
		p, err := CompileTrend(rollupAccount(), tr)
		require.NoError(t, err)
		require.Contains(t, p.SQL, "FROM trend_rollup WHERE account_id = ?")
		if len(v) > 2 {
			assert.NotContains(t, p.SQL, v)
		}
	}
}
