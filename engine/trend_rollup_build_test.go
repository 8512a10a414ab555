package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exact SQL and arguments of the rollup build (trend_rollup_build.go), stage by
// stage, for testAccount (staleness 30, buckets ±2 around parity 0), competitors 3
// and 9, November-December 2025, the chunk of product ids [A, M). That it sums to
// the carried prices is checked on real ClickHouse in trend/ (TestTrendsOnS: the
// rollup's lines equal a Go computation over the S rows).

// Each pair's scan days of the range and the 29 days before it, with the day's
// last price and the next scan day ({CHUNK}: the chunk's products).
const buildScans = `SELECT product_id, competitor_id, sd, sp, arrayPushBack(arrayPopFront(sd), toDate('2105-12-31')) AS sn FROM (SELECT product_id,` +
	` competitor_id, arraySort(groupArray(scanned_at)) AS ts, arraySort((x, y) -> y, groupArray(ifNull(price, nan)),` +
	` groupArray(scanned_at)) AS ps, arrayMap(t -> toDate(t), ts) AS ds, arrayPushBack(arrayPopFront(ds), toDate('2105-12-31')) AS dn,` +
	` arrayFilter((x, y) -> x != y, ds, dn) AS sd, arrayFilter((p, x, y) -> x != y, ps, ds, dn) AS sp FROM offers WHERE account_id = ?` +
	` AND scanned_at >= toDateTime(toDate('2025-10-03')) AND scanned_at < toDateTime(toDate('2026-01-01')) AND competitor_id IN ? AND` +
	` {CHUNK} GROUP BY product_id, competitor_id)`

// The runs: each scan day's covered days clipped to the range, not-found scans
// dropped, neighbours with one price merged.
const buildRuns = `SELECT product_id, competitor_id, arrayMap((x, hp, p, pp) -> x != hp + 1 OR p != pp, l1, arrayPushFront(arrayPopBack(h1),` +
	` toDate('1970-01-01')), x1, arrayPushFront(arrayPopBack(x1), nan)) AS st, arrayFilter((x, y) -> y, l1, st) AS rl, arrayFilter((x,` +
	` y) -> y, h1, arrayPushBack(arrayPopFront(st), 1)) AS rh, arrayFilter((x, y) -> y, x1, st) AS rx FROM (SELECT product_id,` +
	` competitor_id, arrayMap(s -> greatest(s, toDate('2025-11-01')), sd) AS l0, arrayMap((s, nx) -> least(least(nx - 1, s + 30 - 1),` +
	` toDate('2025-12-31')), sd, sn) AS h0, arrayMap((x, y, p) -> x <= y AND NOT isNaN(p), l0, h0, sp) AS k, arrayFilter((x, y) -> y,` +
	` l0, k) AS l1, arrayFilter((x, y) -> y, h0, k) AS h1, arrayFilter((x, y) -> y, sp, k) AS x1 FROM ({SCANS})) WHERE notEmpty(l1)`

// The runs of a table of runs ({TABLE}) for the competitors and the products
// ({KEYS}), cut to the range.
const storedRunsSQL = `SELECT product_id, competitor_id, rl, rh, rx FROM (SELECT product_id, competitor_id, arrayMap((x, y) -> y >=` +
	` toDate('{FROM}') AND x <= toDate('{LAST}'), sl, sh) AS k, arrayMap(x -> greatest(x, toDate('{FROM}')), arrayFilter((x, y) -> y, sl,` +
	` k)) AS rl, arrayMap(y -> least(y, toDate('{LAST}')), arrayFilter((y, z) -> z, sh, k)) AS rh, arrayFilter((x, y) -> y, sx, k) AS rx` +
	` FROM (SELECT product_id, competitor_id, rl AS sl, rh AS sh, rx AS sx FROM {TABLE} WHERE account_id = ? AND competitor_id IN ?{KEYS}))` +
	` WHERE notEmpty(rl)`

// Each product's my-price changes: product_daily's days ({DAILY}) against the
// catalogue's price ({PRODUCTS}).
const buildChanges = `SELECT product_id, arraySort(cd0) AS cpd, arraySort((v, x) -> x, cv0, cd0) AS cpv FROM (SELECT product_id, cmp, ds, v1,` +
	` arrayMap((x, dp, vp) -> if(dp + 1 = x, vp, cmp), ds, arrayPushFront(arrayPopBack(ds), toDate('1970-01-01')),` +
	` arrayPushFront(arrayPopBack(v1), cmp)) AS pv, arrayMap((v, p) -> v != p, v1, pv) AS ch, arrayMap((x, dn, v) -> dn != x + 1 AND v` +
	` != cmp, ds, arrayPushBack(arrayPopFront(ds), toDate('2105-12-31')), v1) AS ga, arrayConcat(arrayFilter((x, y) -> y, ds, ch),` +
	` arrayMap(x -> x + 1, arrayFilter((x, y) -> y, ds, ga))) AS cd0, arrayConcat(arrayFilter((v, y) -> y, v1, ch), arrayMap(x -> cmp,` +
	` arrayFilter((x, y) -> y, ds, ga))) AS cv0 FROM (SELECT product_id, any(cat_mp) AS cmp, arraySort(groupArray(d)) AS ds,` +
	` arraySort((v, x) -> x, groupArray(if(dmp > 0, dmp, cat_mp)), groupArray(d)) AS v1 FROM (SELECT product_id, d, dmp, cat_mp FROM` +
	` ({DAILY}) AS lhs ALL INNER JOIN ({PRODUCTS}) AS rhs USING product_id) GROUP BY product_id)) WHERE notEmpty(cpd)`

// The spans: runs joined with the products' weights and categories and cut at
// their my-price changes.
const buildSpans = `SELECT product_id, competitor_id, lo, hi, x, m, p_sup, p_cat, p_rev, p_units, p_pv, cat_mp, cpd, cpv FROM (SELECT *, x,` +
	` arrayFilter(c -> c > l AND c <= h, cpd) AS cuts, arrayCount(c -> c <= l, cpd) AS i0, arrayPushFront(cuts, l) AS los,` +
	` arrayPushBack(arrayMap(c -> c - 1, cuts), h) AS his, arrayPushFront(arrayFilter((v, c) -> c > l AND c <= h, cpv, cpd), if(i0 > 0,` +
	` cpv[i0], cat_mp)) AS ms FROM (SELECT * FROM (SELECT * FROM ({RUNS}) AS lhs ALL INNER JOIN ({PRODUCTS}) AS rhs USING product_id) AS lhs ANY LEFT JOIN` +
	` ({CHANGES}) AS rhs USING product_id) ARRAY JOIN rl AS l, rh AS h, rx AS x) ARRAY JOIN los AS lo, his AS hi, ms AS m`

// The product-level rows: a product's spans as events in day order.
const buildMarket = `FROM (SELECT sup, cat, p_rev, p_units, p_pv, s, e, sx / 1000000 / sn AS x, if(i > 0, pcv[i], cmp) AS m FROM (SELECT sup, cat,` +
	` p_rev, p_units, p_pv, cmp, pcd, pcv, arrayConcat(los, arrayMap(h -> h + 1, his)) AS evd, arrayMap(v -> toInt64(round(v *` +
	` 1000000)), xs) AS xi, arraySort(evd) AS sd, arrayCumSum(arraySort((v, y) -> y, arrayConcat(xi, arrayMap(v -> -v, xi)), evd)) AS` +
	` cx, arrayCumSum(arraySort((v, y) -> y, arrayConcat(arrayMap(v -> toInt64(1), xs), arrayMap(v -> toInt64(-1), xs)), evd)) AS cc,` +
	` arrayMap((y, yn) -> y != yn, sd, arrayPushBack(arrayPopFront(sd), toDate('2105-12-31'))) AS lf, arrayFilter((y, f) -> f, sd, lf)` +
	` AS ed, arrayFilter((v, f) -> f, cx, lf) AS ex, arrayFilter((v, f) -> f, cc, lf) AS en, arraySort((v, y) -> y,` +
	` arrayConcat(arrayMap(y -> toUInt8(0), ed), arrayMap(y -> toUInt8(1), pcd)), arrayConcat(arrayMap(y -> toUInt32(y) * 2 + 1, ed),` +
	` arrayMap(y -> toUInt32(y) * 2, pcd))) AS mk, arrayFilter((c, v) -> v = 0, arrayCumSum(mk), mk) AS mi FROM (SELECT product_id,` +
	` any(p_sup) AS sup, any(p_cat) AS cat, any(p_rev) AS p_rev, any(p_units) AS p_units, any(p_pv) AS p_pv, any(cat_mp) AS cmp,` +
	` any(cpd) AS pcd, any(cpv) AS pcv, groupArray(lo) AS los, groupArray(hi) AS his, groupArray(x) AS xs FROM ({SPANS}) GROUP BY` +
	` product_id)) ARRAY JOIN ed AS s, arrayPushBack(arrayPopFront(ed), toDate('2105-12-31')) AS e, ex AS sx, en AS sn, mi AS i WHERE` +
	` sn > 0) ARRAY JOIN [s, e] AS d, [1, -1] AS sg WHERE d <= toDate('2025-12-31') GROUP BY d, sup, cat`

// The final step: the differences summed in day order into daily rows.
const buildFinal = `INSERT INTO trend_rollup_build (account_id, date, super_category, category, competitor_id, {COLS}, build_id) SELECT ?,` +
	` arrayJoin(arrayMap(i -> s + i, range(toUInt64(e - s)))) AS date, super_category, category, competitor_id, {OUT}, 42 FROM (SELECT` +
	` super_category, category, competitor_id, s, e, {COLS} FROM (SELECT super_category, category, competitor_id,` +
	` arraySort(groupArray(date)) AS ds, {ARRAYS} FROM (SELECT super_category, category, competitor_id, date, {PERDAY} FROM` +
	` trend_rollup_deltas WHERE account_id = ? AND date BETWEEN toDate('2025-11-01') AND toDate('2025-12-31') GROUP BY super_category,` +
	` category, competitor_id, date) GROUP BY super_category, category, competitor_id) ARRAY JOIN ds AS s,` +
	` arrayPushBack(arrayPopFront(ds), toDate('2025-12-31') + 1) AS e, {JOINED} WHERE n > 0)`

// buildSums is the sums of one weight w (rollupSums).
func buildSums(w string) string {
	return strings.ReplaceAll(`sum(sg * 1.), sum(sg * 1. * x), sum(sg * 1. * m), sumIf(sg * 1., (x > 0 AND m > 0)), sumIf(sg * 1., (x > 0 AND m > 0) AND ((m - x)`+
		` / x * 100 - 0) > 2), sumIf(sg * 1., (x > 0 AND m > 0) AND ((m - x) / x * 100 - 0) < -2), sumIf(sg * 1., (x > 0 AND m > 0) AND NOT`+
		` (((m - x) / x * 100 - 0) > 2) AND NOT (((m - x) / x * 100 - 0) < -2)), sumIf(sg * 1. * m / x * 100, (x > 0 AND m > 0))`, "1.", w)
}

func TestTrendRollupBuildSQL(t *testing.T) {
	from, last := time.Date(2025, 11, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC)
	sts, err := TrendRollupChanges(testAccount(), []Competitor{{ID: 3}, {ID: 9}}, from, last, "A", "M")
	require.NoError(t, err)
	require.Len(t, sts, 3)

	chunk := "product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ? AND product_id >= ? AND product_id < ?)"
	products := "SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp FROM product_snapshot WHERE account_id = ? AND product_id >= ? AND product_id < ?"
	daily := "SELECT product_id, date AS d, argMax(my_price, updated_at) AS dmp, argMax(units_sold, updated_at) AS units, argMax(cost, updated_at) AS dcost," +
		" argMax(revenue, updated_at) AS revenue, toUInt8(1) AS hd FROM product_daily WHERE account_id = ? AND date BETWEEN toDate('2025-11-01') AND toDate('2025-12-31') AND " + chunk +
		" GROUP BY product_id, date"
	spans := fill(buildSpans,
		"{RUNS}", fill(storedRunsSQL, "{TABLE}", "trend_runs_build", "{KEYS}", " AND product_id >= ? AND product_id < ?", "{FROM}", "2025-11-01", "{LAST}", "2025-12-31"),
		"{PRODUCTS}", "SELECT product_id, toFloat64(1) AS w, my_price AS cat_mp, super_category AS p_sup, category AS p_cat, toFloat64(revenue_30d) AS p_rev,"+
			" toFloat64(units_30d) AS p_units, toFloat64(page_views_30d) AS p_pv FROM product_snapshot WHERE account_id = ? AND product_id >= ? AND product_id < ?",
		"{CHANGES}", fill(buildChanges, "{DAILY}", daily, "{PRODUCTS}", products))
	sums := "sum(sg), sumIf(sg, (x > 0 AND m > 0)), " + strings.Join([]string{buildSums("1."), buildSums("p_rev"), buildSums("p_units"), buildSums("p_pv")}, ", ")
	insert := "INSERT INTO trend_rollup_deltas (account_id, date, super_category, category, competitor_id, " + rollupColumnList + ") SELECT ?, "
	comps := clickhouse.GroupSet{Value: []any{uint64(3), uint64(9)}}
	// Runs, products, changes (daily, products): the account and the chunk's bounds.
	args := []any{uint32(7), uint32(7), comps, "A", "M", uint32(7), "A", "M",
		uint32(7), uint32(7), "A", "M", uint32(7), "A", "M"}

	t.Run("the runs: the chunk's scans read once, into trend_runs_build", func(t *testing.T) {
		assert.Equal(t, "INSERT INTO trend_runs_build (account_id, product_id, competitor_id, rl, rh, rx) SELECT ?, product_id, competitor_id, rl, rh, rx FROM ("+
			fill(buildRuns, "{SCANS}", fill(buildScans, "{CHUNK}", chunk))+")", sts[0].SQL)
		assert.Equal(t, []any{uint32(7), uint32(7), comps, uint32(7), "A", "M"}, sts[0].Args)
	})
	t.Run("the competitors' rows: each span's sums at its first day, negated the day after its last", func(t *testing.T) {
		assert.Equal(t, insert+"d, p_sup, p_cat, competitor_id, "+sums+" FROM ("+spans+") ARRAY JOIN [lo, hi + 1] AS d, [1, -1] AS sg"+
			" WHERE d <= toDate('2025-12-31') GROUP BY d, p_sup, p_cat, competitor_id", sts[1].SQL)
		assert.Equal(t, args, sts[1].Args)
	})
	t.Run("the product-level rows (competitor 0): the market between a product's events", func(t *testing.T) {
		assert.Equal(t, insert+"d, sup, cat, toUInt32(0), "+sums+" "+fill(buildMarket, "{SPANS}", spans), sts[2].SQL)
		assert.Equal(t, args, sts[2].Args)
	})
	t.Run("a partial build keeps the current runs before its first day, cut there", func(t *testing.T) {
		st, err := TrendRunsBefore(testAccount(), []Competitor{{ID: 3}, {ID: 9}}, time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC), from)
		require.NoError(t, err)
		assert.Equal(t, "INSERT INTO trend_runs_build (account_id, product_id, competitor_id, rl, rh, rx) SELECT ?, product_id, competitor_id, rl, rh, rx FROM ("+
			fill(storedRunsSQL, "{TABLE}", "trend_runs", "{KEYS}", "", "{FROM}", "2023-12-01", "{LAST}", "2025-10-31")+")", st.SQL)
		assert.Equal(t, []any{uint32(7), uint32(7), comps}, st.Args)
	})
	t.Run("the daily rows: the differences summed in day order", func(t *testing.T) {
		st, err := TrendRollupFromChanges(testAccount(), from, last, 42)
		require.NoError(t, err)
		cols := strings.Split(rollupColumnList, ", ")
		var out, perDay, arrays, joined []string
		for _, c := range cols {
			switch {
			case c == "n" || c == "cn":
				out = append(out, "toUInt64("+c+")")
			case strings.HasPrefix(c, "c"):
				out = append(out, "if(cn = 0, 0., "+c+")")
			default:
				out = append(out, c)
			}
			perDay = append(perDay, "sum("+c+") AS "+c)
			arrays = append(arrays, "arrayCumSum(arraySort((v, y) -> y, groupArray("+c+"), groupArray(date))) AS a_"+c)
			joined = append(joined, "a_"+c+" AS "+c)
		}
		assert.Equal(t, fill(buildFinal, "{COLS}", rollupColumnList, "{OUT}", strings.Join(out, ", "), "{PERDAY}", strings.Join(perDay, ", "),
			"{ARRAYS}", strings.Join(arrays, ", "), "{JOINED}", strings.Join(joined, ", ")), st.SQL)
		assert.Equal(t, []any{uint32(7), uint32(7)}, st.Args)
	})
}

// The rollup's count and sum columns, in the table's order (migration 00050).
const rollupColumnList = "n, cn, w_k1, wx_k1, wmp_k1, cw_k1, chi_k1, clo_k1, csim_k1, cpi_k1, w_rev, wx_rev, wmp_rev, cw_rev, chi_rev, clo_rev, csim_rev, cpi_rev," +
	" w_units, wx_units, wmp_units, cw_units, chi_units, clo_units, csim_units, cpi_units, w_pv, wx_pv, wmp_pv, cw_pv, chi_pv, clo_pv, csim_pv, cpi_pv"

// A chunk's bounds are only ever bound, whatever they hold.
func TestTrendRollupBuildHostileBounds(t *testing.T) {
	for _, v := range []string{"A' OR 1=1 --", "x); DROP TABLE offers; --", "\\'"} {
		sts, err := TrendRollupChanges(testAccount(), []Competitor{{ID: 3}}, time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC), v, v)
		require.NoError(t, err)
		for _, st := range sts {
			assert.NotContains(t, st.SQL, v)
			assert.Contains(t, st.Args, v)
		}
	}
}
