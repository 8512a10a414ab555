package engine

import (
	"strings"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exact SQL and arguments of the trend plans. The results of the same plans
// are compared with a plain Go computation over the S rows in trend/.

// The carried prices of December 2025 (testAccount: staleness 30, today
// 2026-01-01) for competitors COMPS of the scope WHERE: the scans of the range
// and the 29 days before it, one per pair and day (the last), expanded into the
// days each covers.
const trendPairs = `SELECT product_id, competitor_id, px, arrayJoin(arrayMap(i -> greatest(s, toDate('{FROM}')) + i, range(toUInt64(greatest(toInt64(least(least(nx - 1, s + 30 - 1), toDate('2025-12-31'))) - toInt64(greatest(s, toDate('{FROM}'))) + 1, 0))))) AS d` +
	` FROM (SELECT product_id, competitor_id, sd, sp, arrayPushBack(arrayPopFront(sd), toDate('2105-12-31')) AS sn FROM (` +
	`SELECT product_id, competitor_id, arraySort(groupArray(scanned_at)) AS ts, arraySort((x, y) -> y, groupArray(ifNull(price, nan)), groupArray(scanned_at)) AS ps,` +
	` arrayMap(t -> toDate(t), ts) AS ds, arrayPushBack(arrayPopFront(ds), toDate('2105-12-31')) AS dn, arrayFilter((x, y) -> x != y, ds, dn) AS sd, arrayFilter((p, x, y) -> x != y, ps, ds, dn) AS sp` +
	` FROM offers WHERE account_id = ? AND scanned_at >= toDateTime(toDate('{FIRST}')) AND scanned_at < toDateTime(toDate('2026-01-01')) AND competitor_id IN ? AND product_id IN (SELECT product_id FROM product_snapshot WHERE {WHERE})` +
	` GROUP BY product_id, competitor_id)) ARRAY JOIN sd AS s, sp AS px, sn AS nx WHERE NOT isNaN(px)`

const trendDaily = `SELECT product_id, date AS d, argMax(my_price, updated_at) AS dmp, argMax(units_sold, updated_at) AS units, argMax(cost, updated_at) AS dcost, argMax(revenue, updated_at) AS revenue, toUInt8(1) AS hd FROM product_daily WHERE account_id = ? AND {DATES} AND product_id IN (SELECT product_id FROM product_snapshot WHERE {WHERE}) GROUP BY product_id, date`

func fill(s string, kv ...string) string { return strings.NewReplacer(kv...).Replace(s) }

func TestTrendSQL(t *testing.T) {
	dec := `"dates":{"from":"2025-12-01","to":"2025-12-31"}`
	decPairs := fill(trendPairs, "{FROM}", "2025-12-01", "{FIRST}", "2025-11-02")
	decDaily := fill(trendDaily, "{DATES}", "date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31')")
	priced := func(pairs, products, daily string) string {
		return "SELECT *, if(hd = 1 AND dmp > 0, dmp, cat_mp) AS mp FROM (SELECT * FROM (" + pairs + ") AS lhs ALL INNER JOIN (" + products + ") AS rhs USING product_id) AS lhs ANY LEFT JOIN (" + daily + ") AS rhs USING product_id, d"
	}
	lines := func(mkt, num, den, n, perDay, from string) string {
		return "SELECT toString(d) AS day, * FROM (SELECT d, tupleElement(sumMap(cs, a_num), 1) AS c_ids, tupleElement(sumMap(cs, a_num), 2) AS c_num, tupleElement(sumMap(cs, a_den), 2) AS c_den, tupleElement(sumMap(cs, a_n), 2) AS c_n, " + perDay +
			" FROM (SELECT d, product_id, any(w) AS pw, any(mp) AS pmp, " + mkt + " AS mkt, groupArray(competitor_id) AS cs, groupArray(" + num + ") AS a_num, groupArray(" + den + ") AS a_den, groupArray(" + n + ") AS a_n FROM (" + from + ") GROUP BY d, product_id) GROUP BY d"
	}
	priceLines := "sum(pw * mkt) AS sel_num, sum(pw) AS sel_den, sum(pw * pmp) AS my_num, sum(pw) AS my_den, count() AS products"
	all := "account_id = ?"
	products := "SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp FROM product_snapshot WHERE account_id = ?"
	// The same carried prices from the stored runs (trend_runs.go runDays).
	decRuns := "SELECT product_id, competitor_id, px, arrayJoin(arrayMap(i -> l + i, range(toUInt64(toInt64(h) - toInt64(l) + 1)))) AS d FROM (" +
		fill(storedRunsSQL, "{TABLE}", "trend_runs", "{KEYS}", " AND product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ?)", "{FROM}", "2025-12-01", "{LAST}", "2025-12-31") +
		") ARRAY JOIN rl AS l, rh AS h, rx AS px"
	cases := []struct {
		name, trend, sql string
		args             []any
		rollup           bool // the account has a current rollup (rollupAccount)
	}{
		{
			name:  "PDP_price_trend: one product, every competitor, my price from the daily metrics",
			trend: `{"report_name":"PDP_price_trend","product_id":"P1",` + dec + `}`,
			// The product's facts by its key alone (the join with the scope's products
			// keeps tenancy and category access). One row per competitor: its runs of
			// one price (the rollup build's, trend_rollup_build_test.go), with the
			// product's weight, catalogue price and daily my prices; the days are
			// built in Go (trend_product.go).
			sql: "SELECT competitor_id, rl, rh, rx, w, cat_mp, ds, dv FROM (SELECT * FROM (" +
				fill(buildRuns, "{SCANS}", fill(buildScans, "{CHUNK}", "product_id = ?", "2025-10-03", "2025-11-02"), "2025-11-01", "2025-12-01") +
				") AS lhs ALL INNER JOIN (" + products + " AND product_id = ?) AS rhs USING product_id) AS lhs ANY LEFT JOIN (SELECT product_id, groupArray(d) AS ds," +
				" groupArray(if(hd = 1 AND dmp > 0, dmp, 0.)) AS dv FROM (" +
				strings.Replace(decDaily, "product_id IN (SELECT product_id FROM product_snapshot WHERE {WHERE})", "product_id = ?", 1) +
				") GROUP BY product_id) AS rhs USING product_id ORDER BY competitor_id",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, "P1", uint32(7), "P1", uint32(7), "P1"},
		},
		{
			name:  "price_trend: a competitor subset, weighted by a custom field, scoped by the search",
			trend: `{"report_name":"price_trend","competitorId":[9],"weightBy":"revenue_30d","search":"tv",` + dec + `}`,
			sql: lines("avg(px)", "w * px", "w", "toUInt64(1)", priceLines, priced(fill(decPairs, "{WHERE}", all+" AND position(search_text, lowerUTF8(?)) > 0"),
				"SELECT product_id, toFloat64(revenue_30d) AS w, my_price AS cat_mp FROM product_snapshot WHERE account_id = ? AND position(search_text, lowerUTF8(?)) > 0",
				fill(decDaily, "{WHERE}", all+" AND position(search_text, lowerUTF8(?)) > 0"))) + ") ORDER BY d",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(9)}}, uint32(7), "tv", uint32(7), "tv", uint32(7), uint32(7), "tv"},
		},
		{
			name:  "price_vs_market_trend: deltas over comparable pairs, the market over positive prices",
			trend: `{"report_name":"price_vs_market","weightBy":"Price",` + dec + `}`,
			sql: lines("avgIf(px, px > 0)", "if((px > 0 AND mp > 0), w * (mp - px) / px * 100, 0.)", "if((px > 0 AND mp > 0), w, 0.)", "toUInt64((px > 0 AND mp > 0))",
				"toFloat64(0) AS sel_num, toFloat64(0) AS sel_den, sumIf(pw * (pmp - mkt) / mkt * 100, (mkt > 0 AND pmp > 0)) AS my_num, sumIf(pw, (mkt > 0 AND pmp > 0)) AS my_den, countIf((mkt > 0 AND pmp > 0)) AS products",
				priced(fill(decPairs, "{WHERE}", all), products, fill(decDaily, "{WHERE}", all))) + ") ORDER BY d",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, uint32(7), uint32(7), uint32(7), uint32(7)},
		},
		{
			name:  "margin_trend: value@c from units and cost of the day, my margin from the business metrics alone",
			trend: `{"report_name":"margin_trend",` + dec + `}`,
			sql: "SELECT toString(d) AS day, * FROM (SELECT d, c_ids, c_num, c_den, c_n, products, my_num, my_den FROM (" +
				lines("avg(px)", "if((hd = 1 AND px > 0), units * (px - dcost), 0.)", "if((hd = 1 AND px > 0), units * px, 0.)", "toUInt64((hd = 1 AND px > 0))", "count() AS products",
					priced(fill(decPairs, "{WHERE}", all), products, fill(decDaily, "{WHERE}", all)))[len("SELECT toString(d) AS day, * FROM ("):] +
				") AS lhs ALL FULL OUTER JOIN (SELECT d, sum(revenue - dcost * units) AS my_num, sum(revenue) AS my_den FROM (SELECT *, if(dmp > 0, dmp, cat_mp) AS mp FROM (" + fill(decDaily, "{WHERE}", all) +
				") AS lhs ALL INNER JOIN (" + products + ") AS rhs USING product_id) GROUP BY d) AS rhs USING d) ORDER BY d",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, uint32(7), uint32(7), uint32(7), uint32(7), uint32(7), uint32(7), uint32(7)},
		},
		{
			name:   "margin_trend from the rollup build's runs (it is current): the carried prices by key, expanded into days",
			trend:  `{"report_name":"margin_trend",` + dec + `}`,
			rollup: true,
			sql: "SELECT toString(d) AS day, * FROM (SELECT d, c_ids, c_num, c_den, c_n, products, my_num, my_den FROM (" +
				lines("avg(px)", "if((hd = 1 AND px > 0), units * (px - dcost), 0.)", "if((hd = 1 AND px > 0), units * px, 0.)", "toUInt64((hd = 1 AND px > 0))", "count() AS products",
					priced(decRuns, products, fill(decDaily, "{WHERE}", all)))[len("SELECT toString(d) AS day, * FROM ("):] +
				") AS lhs ALL FULL OUTER JOIN (SELECT d, sum(revenue - dcost * units) AS my_num, sum(revenue) AS my_den FROM (SELECT *, if(dmp > 0, dmp, cat_mp) AS mp FROM (" + fill(decDaily, "{WHERE}", all) +
				") AS lhs ALL INNER JOIN (" + products + ") AS rhs USING product_id) GROUP BY d) AS rhs USING d) ORDER BY d",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, uint32(7), uint32(7), uint32(7), uint32(7), uint32(7), uint32(7), uint32(7)},
		},
		{
			name:  "key_business_metrics with previous_period: both ranges in one read",
			trend: `{"report_name":"key_business_metrics","compareTo":"previous_period",` + dec + `}`,
			sql: "SELECT toString(d) AS day, sum(units) AS units_sold, sum(revenue) AS revenue, sum(dcost * units) AS cost, sum(w * mp) AS my_num, sum(w) AS my_den, count() AS products FROM (SELECT *, if(dmp > 0, dmp, cat_mp) AS mp FROM (" +
				fill(trendDaily, "{DATES}", "date BETWEEN toDate('2025-10-31') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))", "{WHERE}", all) +
				") AS lhs ALL INNER JOIN (" + products + ") AS rhs USING product_id) GROUP BY d ORDER BY d",
			args: []any{uint32(7), uint32(7), uint32(7)},
		},
		{
			name:  "competitiveness_metrics: price index by brand against the same period last year",
			trend: `{"report_name":"competitiveness_metrics","group":"brand","comparisonValues":"Price Index","compareTo":"same_period_last_year",` + dec + `}`,
			sql: "SELECT toString(d) AS day, g, sumIf(w * mp / px * 100, (px > 0 AND mp > 0)) AS num, sumIf(w, (px > 0 AND mp > 0)) AS den, countIf((px > 0 AND mp > 0)) AS n FROM (" +
				priced("SELECT * FROM ("+fill(trendPairs, "{FROM}", "2024-12-01", "{FIRST}", "2024-11-02", "{WHERE}", all)+") WHERE (d BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR d BETWEEN toDate('2024-12-01') AND toDate('2024-12-31'))",
					"SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp, if(brand = '', '(none)', brand) AS g FROM product_snapshot WHERE account_id = ?",
					fill(trendDaily, "{DATES}", "date BETWEEN toDate('2024-12-01') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2024-12-01') AND toDate('2024-12-31'))", "{WHERE}", all)) +
				") GROUP BY d, g HAVING n > 0 ORDER BY d, g",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, uint32(7), uint32(7), uint32(7), uint32(7)},
		},
		{
			name:  "competitiveness_metrics of the whole scope as one group: %Similar Bucket",
			trend: `{"report_name":"competitiveness_metrics","group":"all","comparisonValues":"%Similar Bucket",` + dec + `}`,
			sql: "SELECT toString(d) AS day, g, sumIf(w * toFloat64(((mp - px) / px * 100 - 0) >= -2 AND ((mp - px) / px * 100 - 0) <= 2) * 100, (px > 0 AND mp > 0)) AS num, sumIf(w, (px > 0 AND mp > 0)) AS den, countIf((px > 0 AND mp > 0)) AS n FROM (" +
				priced("SELECT * FROM ("+fill(trendPairs, "{FROM}", "2025-10-31", "{FIRST}", "2025-10-02", "{WHERE}", all)+") WHERE (d BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR d BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))",
					"SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp, 'All products' AS g FROM product_snapshot WHERE account_id = ?",
					fill(trendDaily, "{DATES}", "date BETWEEN toDate('2025-10-31') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))", "{WHERE}", all)) +
				") GROUP BY d, g HAVING n > 0 ORDER BY d, g",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, uint32(7), uint32(7), uint32(7), uint32(7)},
		},
		{
			name:  "competitiveness_metrics defaults: %Higher Bucket by category, previous period",
			trend: `{"report_name":"competitiveness_metrics",` + dec + `}`,
			sql: "SELECT toString(d) AS day, g, sumIf(w * toFloat64(((mp - px) / px * 100 - 0) > 2) * 100, (px > 0 AND mp > 0)) AS num, sumIf(w, (px > 0 AND mp > 0)) AS den, countIf((px > 0 AND mp > 0)) AS n FROM (" +
				priced("SELECT * FROM ("+fill(trendPairs, "{FROM}", "2025-10-31", "{FIRST}", "2025-10-02", "{WHERE}", all)+") WHERE (d BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR d BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))",
					"SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp, if(category = '', '(none)', category) AS g FROM product_snapshot WHERE account_id = ?",
					fill(trendDaily, "{DATES}", "date BETWEEN toDate('2025-10-31') AND toDate('2025-12-31') AND (date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31') OR date BETWEEN toDate('2025-10-31') AND toDate('2025-11-30'))", "{WHERE}", all)) +
				") GROUP BY d, g HAVING n > 0 ORDER BY d, g",
			args: []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}, uint32(7), uint32(7), uint32(7), uint32(7)},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := ParseTrend([]byte(tc.trend))
			require.NoError(t, err)
			a := testAccount()
			if tc.rollup {
				a = rollupAccount()
			}
			p, err := CompileTrend(a, tr)
			require.NoError(t, err)
			assert.Equal(t, tc.sql, p.SQL)
			assert.Equal(t, tc.args, p.Args)
			assert.Equal(t, tc.rollup, p.Rollup, "the plan says it reads what the rollup build wrote (dataAsOf after a load)")
		})
	}
}

// The lines no rollup row holds read the rollup build's runs instead of the scans
// only while the runs are exact for them: same staleness, the last day reached,
// every selected competitor built.
func TestTrendStoredRunsOnlyWhereExact(t *testing.T) {
	dec := `"dates":{"from":"2025-12-01","to":"2025-12-31"}`
	source := func(a Account, js string) string {
		tr, err := ParseTrend([]byte(js))
		require.NoError(t, err, js)
		p, err := CompileTrend(a, tr)
		require.NoError(t, err, js)
		switch {
		case strings.Contains(p.SQL, " FROM trend_runs WHERE ") && p.Rollup:
			return "runs"
		case strings.Contains(p.SQL, " FROM offers WHERE ") && !p.Rollup:
			return "scans"
		}
		return "other"
	}
	a := rollupAccount()
	for _, js := range []string{
		`{"report_name":"margin_trend",` + dec + `}`,
		`{"report_name":"price_vs_market_trend","filters":{"category_tree":{"paths":[["TV","OLED","55"]]}},` + dec + `}`,
		`{"report_name":"price_trend","competitorId":[3],"search":"tv",` + dec + `}`,
		`{"report_name":"competitiveness_metrics","group":"brand",` + dec + `}`,
	} {
		assert.Equal(t, "runs", source(a, js), js)
	}
	margin := `{"report_name":"margin_trend",` + dec + `}`
	assert.Equal(t, "scans", source(testAccount(), margin), "no rollup")
	other := rollupAccount()
	other.TrendRollup.LastDay = other.TrendRollup.LastDay.AddDate(0, 0, -1)
	assert.Equal(t, "scans", source(other, margin), "runs that do not reach the last day")
	other = rollupAccount()
	other.Settings.StalenessDays = 7
	assert.Equal(t, "scans", source(other, margin), "runs of another staleness")
	other = rollupAccount()
	other.Competitors = append(other.Competitors, Competitor{ID: 11, Name: "New"})
	assert.Equal(t, "scans", source(other, margin), "a competitor the runs do not hold")
	assert.Equal(t, "runs", source(other, `{"report_name":"margin_trend","competitorId":[3,9],`+dec+`}`), "the competitors they hold")
	flagged := rollupAccount()
	flagged.Flagged = map[int64][]string{9: {"P1"}}
	tr, err := ParseTrend([]byte(margin))
	require.NoError(t, err)
	p, err := CompileTrend(flagged, tr)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, " FROM trend_runs WHERE account_id = ? AND competitor_id IN ? AND NOT ((competitor_id = 9 AND ", "flagged pairs carry no price")
}

// A flagged match (issue 17) carries no price into any line: its scans are left
// out of the carried prices, the flag sets travel as external tables, and every
// row says the flagged matches were left out.
func TestTrendFlaggedMatchesSQL(t *testing.T) {
	a := testAccount()
	a.Flagged = map[int64][]string{9: {"P1", "P2"}, 3: {"P3"}}
	tr, err := ParseTrend([]byte(`{"report_name":"price_trend","dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	p, err := CompileTrend(a, tr)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, " AND competitor_id IN ? AND NOT ((competitor_id = 3 AND product_id IN (SELECT v FROM _flagged_3)) OR (competitor_id = 9 AND product_id IN (SELECT v FROM _flagged_9))) AND product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ?)")
	require.Len(t, p.Sets, 2)
	assert.Equal(t, []any{"P3"}, p.Sets[0].Values)
	assert.Equal(t, []any{"P1", "P2"}, p.Sets[1].Values)
	assert.True(t, p.FlaggedExcluded)
	for _, row := range p.Rows([]string{"day"}, nil) {
		assert.Equal(t, true, row[TrendKeyFlaggedExcluded])
	}
	// Competitor 3 alone: only its flags, and the rows still say so.
	tr, err = ParseTrend([]byte(`{"report_name":"competitiveness_metrics","competitorId":[3],"dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	p, err = CompileTrend(a, tr)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, " AND competitor_id IN ? AND NOT ((competitor_id = 3 AND product_id IN (SELECT v FROM _flagged_3)) OR (competitor_id = 9 AND product_id IN (SELECT v FROM _flagged_9))) AND ")
	assert.True(t, p.FlaggedExcluded)
	// No flags on the selected competitors: the key is absent.
	b := testAccount()
	b.Flagged = map[int64][]string{9: {"P1"}}
	tr, err = ParseTrend([]byte(`{"report_name":"price_trend","competitorId":[3],"dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	p, err = CompileTrend(b, tr)
	require.NoError(t, err)
	assert.False(t, p.FlaggedExcluded)
	for _, row := range p.Rows([]string{"day"}, nil) {
		assert.NotContains(t, row, TrendKeyFlaggedExcluded)
	}
	// Key business metrics read no competitor price: nothing to leave out.
	tr, err = ParseTrend([]byte(`{"report_name":"key_business_metrics","dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	p, err = CompileTrend(a, tr)
	require.NoError(t, err)
	assert.False(t, p.FlaggedExcluded)
	// The rollup build never leaves flags out: the readers do.
	sts, err := TrendRollupChanges(a, a.Competitors, tr.From, tr.To, "", "")
	require.NoError(t, err)
	for _, st := range sts {
		assert.NotContains(t, st.SQL, "_flagged_")
	}
}

func TestTrendCustomFieldSQL(t *testing.T) {
	tr, err := ParseTrend([]byte(`{"report_name":"price_trend","dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	p, err := CompileTrendCustomField(testAccount(), tr, "revenue_30d")
	require.NoError(t, err)
	all := "account_id = ?"
	want := "SELECT toString(d) AS day, sum(w * cf) AS num, sum(w) AS den, count() AS products FROM (SELECT d, product_id, pw AS w, pcf AS cf FROM (SELECT d, product_id, any(w) AS pw, any(cf) AS pcf FROM (" +
		"SELECT *, if(hd = 1 AND dmp > 0, dmp, cat_mp) AS mp FROM (SELECT * FROM (" + fill(trendPairs, "{FROM}", "2025-12-01", "{FIRST}", "2025-11-02", "{WHERE}", all) +
		") AS lhs ALL INNER JOIN (SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp, toFloat64(revenue_30d) AS cf FROM product_snapshot WHERE account_id = ?) AS rhs USING product_id) AS lhs ANY LEFT JOIN (" +
		fill(trendDaily, "{DATES}", "date BETWEEN toDate('2025-12-01') AND toDate('2025-12-31')", "{WHERE}", all) + ") AS rhs USING product_id, d) GROUP BY d, product_id)) GROUP BY d ORDER BY d"
	assert.Equal(t, want, p.SQL)
	_, err = CompileTrendCustomField(testAccount(), tr, "x; DROP TABLE products")
	requireBad(t, err, "customField")
}
