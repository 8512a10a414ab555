package engine

import (
	"strings"
	"time"
)

// The build of the trend rollup (migration 00050), in work proportional to price
// changes rather than to carried days (issue 14; docs/trends.md).
//
// A pair's carried price (trend_history.go) is constant from one of its events to
// the next: a scan day whose price differs, the staleness limit, a not-found scan.
// Its contribution to a rollup row also depends on my price that day, which
// changes only where product_daily says so. So the build works on spans - the
// longest runs of days over which a pair's price and my price are both constant -
// instead of days:
//
//  1. pairRuns (trend_runs.go): each pair's scan days (pairScanDays) become
//     covered intervals, merged where they touch with the same price; a chunk's
//     runs are written to trend_runs_build once and read from there below (and,
//     after the swap, by the product page);
//  2. myPriceChanges: each product's my price as the days it changes, with the
//     value from then on (the catalogue's price where product_daily has no row);
//  3. pricedSpans: each run cut at the product's my-price changes inside it;
//  4. TrendRollupChanges writes, per span, its sums at its first day and their
//     negation the day after its last (difference rows, trend_rollup_deltas),
//     summed per day, category and competitor; the product-level rows
//     (competitor 0: the product's market over all competitors) come from the
//     spans of a product merged in day order, where the count and sum of its
//     prices change;
//  5. TrendRollupFromChanges sums the differences in day order (arrayCumSum) into
//     one row per day, category and competitor with something priced.
//
// With a scan a day the work is that of the runs (a price holds ~5 days in the
// generated history), with one scan per staleness period it is one span per scan,
// however many days each one carries.

// farDay is the day after every real one: the "next scan" after a pair's last.
const farDay = "toDate('2105-12-31')"

// myPriceChanges is the subquery of the scope's products whose my price in
// [from, last] is not the catalogue's every day: one row (product_id, cpd, cpv),
// cpd the days my price changes (ascending), cpv the price from each of them on.
// My price on d is product_daily's (the latest version of the day) when it has a
// row for d with a price > 0, else the catalogue's (cat_mp); before the first
// change it is the catalogue's.
func myPriceChanges(b *builder, a Account, scope trendScope, from, last time.Time) (string, error) {
	daily, err := productDays(b, a, scope, []dayRange{{from, last}})
	if err != nil {
		return "", err
	}
	prods, err := scope.products(b)
	if err != nil {
		return "", err
	}
	// Per product, its days with a row (ds) and my price on each (v1); a change is a
	// day whose price differs from the day before's (the catalogue's after a day
	// without a row), or the day after a row when the next day has none.
	perProduct := "SELECT " + ColProductID + ", any(cat_mp) AS cmp, arraySort(groupArray(d)) AS ds, arraySort((v, x) -> x, groupArray(if(dmp > 0, dmp, cat_mp)), groupArray(d)) AS v1" +
		" FROM (SELECT " + ColProductID + ", d, dmp, cat_mp FROM (" + daily + ") AS lhs ALL INNER JOIN (" + prods + ") AS rhs USING " + ColProductID + ") GROUP BY " + ColProductID
	return "SELECT " + ColProductID + ", arraySort(cd0) AS cpd, arraySort((v, x) -> x, cv0, cd0) AS cpv FROM (" +
		"SELECT " + ColProductID + ", cmp, ds, v1," +
		" arrayMap((x, dp, vp) -> if(dp + 1 = x, vp, cmp), ds, arrayPushFront(arrayPopBack(ds), toDate('1970-01-01')), arrayPushFront(arrayPopBack(v1), cmp)) AS pv," +
		" arrayMap((v, p) -> v != p, v1, pv) AS ch," +
		" arrayMap((x, dn, v) -> dn != x + 1 AND v != cmp, ds, arrayPushBack(arrayPopFront(ds), " + farDay + "), v1) AS ga," +
		" arrayConcat(arrayFilter((x, y) -> y, ds, ch), arrayMap(x -> x + 1, arrayFilter((x, y) -> y, ds, ga))) AS cd0," +
		" arrayConcat(arrayFilter((v, y) -> y, v1, ch), arrayMap(x -> cmp, arrayFilter((x, y) -> y, ds, ga))) AS cv0" +
		" FROM (" + perProduct + ")) WHERE notEmpty(cpd)", nil
}

// pricedSpans is the subquery of the spans: one row (product_id, competitor_id,
// lo, hi, x, m, p_sup, p_cat, p_rev, p_units, p_pv, cat_mp, cpd, cpv) per run cut
// at the product's my-price changes inside it; x the pair's price and m my price
// over [lo, hi].
func pricedSpans(b *builder, a Account, comps []Competitor, scope trendScope, from, last time.Time) (string, error) {
	runs, err := storedRuns(b, TableTrendRunsBuild, a, comps, &scope, from, last)
	if err != nil {
		return "", err
	}
	extra := []string{ColSuperCategory + " AS p_sup", ColCategory + " AS p_cat"}
	for _, rw := range rollupWeights[1:] {
		extra = append(extra, "toFloat64("+string(rw.w)+") AS "+rw.expr)
	}
	prods, err := scope.products(b, extra...)
	if err != nil {
		return "", err
	}
	changes, err := myPriceChanges(b, a, scope, from, last)
	if err != nil {
		return "", err
	}
	perRun := "SELECT * FROM (SELECT * FROM (" + runs + ") AS lhs ALL INNER JOIN (" + prods + ") AS rhs USING " + ColProductID +
		") AS lhs ANY LEFT JOIN (" + changes + ") AS rhs USING " + ColProductID
	// Cuts: the changes inside (l, h]; the first span's my price is the one in force on l.
	cut := "SELECT *, x, arrayFilter(c -> c > l AND c <= h, cpd) AS cuts," +
		" arrayCount(c -> c <= l, cpd) AS i0," +
		" arrayPushFront(cuts, l) AS los, arrayPushBack(arrayMap(c -> c - 1, cuts), h) AS his," +
		" arrayPushFront(arrayFilter((v, c) -> c > l AND c <= h, cpv, cpd), if(i0 > 0, cpv[i0], cat_mp)) AS ms" +
		" FROM (" + perRun + ") ARRAY JOIN rl AS l, rh AS h, rx AS x"
	return "SELECT " + ColProductID + ", " + ColCompetitorID + ", lo, hi, x, m, p_sup, p_cat, p_rev, p_units, p_pv, cat_mp, cpd, cpv" +
		" FROM (" + cut + ") ARRAY JOIN los AS lo, his AS hi, ms AS m", nil
}

// rollupSums is the select list of a rollup row's counts and sums over rows with a
// sign sg (+1 where a span starts, -1 the day after it ends), a price x, my price
// m and the weights, in the rollup's column order (rollupColumns).
func rollupSums(s Settings) []string {
	ok := "(x > 0 AND m > 0)"
	delta := "((m - x) / x * 100 - " + floatLit(s.Parity) + ")"
	higher, lower := delta+" > "+floatLit(s.Upper), delta+" < -"+floatLit(s.Lower)
	sel := []string{"sum(sg)", "sumIf(sg, " + ok + ")"}
	for _, rw := range rollupWeights {
		w := "sg * " + rw.expr
		sel = append(sel, "sum("+w+")", "sum("+w+" * x)", "sum("+w+" * m)", "sumIf("+w+", "+ok+")",
			"sumIf("+w+", "+ok+" AND "+higher+")", "sumIf("+w+", "+ok+" AND "+lower+")", "sumIf("+w+", "+ok+" AND NOT ("+higher+") AND NOT ("+lower+"))",
			"sumIf("+w+" * m / x * 100, "+ok+")")
	}
	return sel
}

// rollupColumns are the rollup's count and sum columns, in order; comparable marks
// the ones over comparable pairs only (zero where cn is).
func rollupColumns() (cols []string, comparable []bool) {
	cols, comparable = []string{"n", "cn"}, []bool{false, false}
	for _, rw := range rollupWeights {
		for _, c := range []string{"w_", "wx_", "wmp_", "cw_", "chi_", "clo_", "csim_", "cpi_"} {
			cols = append(cols, c+rw.suffix)
			comparable = append(comparable, strings.HasPrefix(c, "c"))
		}
	}
	return cols, comparable
}

// TrendRollupChanges compiles one chunk of the build of account a's rollup over
// [first, last] (docs/trends.md, the build above): the products with ids in
// [lo, hi) ("" is open), over the competitors comps, with the account's staleness
// and bucket settings. Three statements: the chunk's runs into trend_runs_build
// (one read of the scans), then into trend_rollup_deltas the competitors' rows and
// the product-level rows (competitor 0), each cutting the stored runs into spans
// itself (18.16 has no common table expressions; the spans are cheap to recompute
// from the runs, the runs are not from the scans). Chunks add rows for the same
// keys; TrendRollupFromChanges sums them. No category access here: the reader
// applies it.
func TrendRollupChanges(a Account, comps []Competitor, first, last time.Time, lo, hi string) ([]Statement, error) {
	a.Categories, a.Flagged = nil, nil // readers apply both
	a = a.normalize()
	k := &compiler{a: a, comps: comps, e: newExprs(a)}
	k.cat = newCatalog(productColumns(a, comps))
	scope := trendScope{k: k, lo: lo, hi: hi}
	runsSt, err := trendRunsChunk(a, comps, scope, first, last)
	if err != nil {
		return nil, err
	}
	cols, _ := rollupColumns()
	insert := "INSERT INTO %s (account_id, date, super_category, category, competitor_id, " + strings.Join(cols, ", ") + ") SELECT "
	l := dateLit(last)

	// The competitors' rows: each span's sums at its first day, negated the day after its last.
	b := &builder{}
	acc := b.bind(a.AccountID)
	spans, err := pricedSpans(b, a, comps, scope, first, last)
	if err != nil {
		return nil, err
	}
	pairs := strings.Replace(insert, "%s", b.table(TableTrendRollupDeltas), 1) + acc + ", d, p_sup, p_cat, " + ColCompetitorID + ", " + strings.Join(rollupSums(a.Settings), ", ") +
		" FROM (" + spans + ") ARRAY JOIN [lo, hi + 1] AS d, [1, -1] AS sg WHERE d <= " + l +
		" GROUP BY d, p_sup, p_cat, " + ColCompetitorID
	pairSt, err := b.statement(pairs)
	if err != nil {
		return nil, err
	}

	// The product-level rows: a product's spans merged in day order (events +x at a
	// span's first day, -x the day after its last) give the days where the count and
	// sum of its prices change; between two such days its market is their mean, and
	// my price is constant (every span is cut at its changes). ed: the event days,
	// ex / en: the sum (in millionths, an integer: a running float sum that adds and
	// removes prices drifts by ulps, which moved products across a bucket's edge at
	// L) and count of prices from each on; mi: how many of the product's
	// my-price changes fall on or before each (a merge of both sorted lists).
	b = &builder{}
	acc = b.bind(a.AccountID)
	if spans, err = pricedSpans(b, a, comps, scope, first, last); err != nil {
		return nil, err
	}
	perProduct := "SELECT " + ColProductID + ", any(p_sup) AS sup, any(p_cat) AS cat, any(p_rev) AS p_rev, any(p_units) AS p_units, any(p_pv) AS p_pv," +
		" any(cat_mp) AS cmp, any(cpd) AS pcd, any(cpv) AS pcv, groupArray(lo) AS los, groupArray(hi) AS his, groupArray(x) AS xs" +
		" FROM (" + spans + ") GROUP BY " + ColProductID
	events := "SELECT sup, cat, p_rev, p_units, p_pv, cmp, pcd, pcv," +
		" arrayConcat(los, arrayMap(h -> h + 1, his)) AS evd," +
		" arrayMap(v -> toInt64(round(v * 1000000)), xs) AS xi," +
		" arraySort(evd) AS sd, arrayCumSum(arraySort((v, y) -> y, arrayConcat(xi, arrayMap(v -> -v, xi)), evd)) AS cx," +
		" arrayCumSum(arraySort((v, y) -> y, arrayConcat(arrayMap(v -> toInt64(1), xs), arrayMap(v -> toInt64(-1), xs)), evd)) AS cc," +
		" arrayMap((y, yn) -> y != yn, sd, arrayPushBack(arrayPopFront(sd), " + farDay + ")) AS lf," +
		" arrayFilter((y, f) -> f, sd, lf) AS ed, arrayFilter((v, f) -> f, cx, lf) AS ex, arrayFilter((v, f) -> f, cc, lf) AS en," +
		" arraySort((v, y) -> y, arrayConcat(arrayMap(y -> toUInt8(0), ed), arrayMap(y -> toUInt8(1), pcd))," +
		" arrayConcat(arrayMap(y -> toUInt32(y) * 2 + 1, ed), arrayMap(y -> toUInt32(y) * 2, pcd))) AS mk," +
		" arrayFilter((c, v) -> v = 0, arrayCumSum(mk), mk) AS mi" +
		" FROM (" + perProduct + ")"
	// My price is looked up per segment, after the ARRAY JOIN: 18.16 drops a column
	// that a lambda alone reads from a subquery ("Unknown identifier").
	segments := "SELECT sup, cat, p_rev, p_units, p_pv, s, e, sx / 1000000 / sn AS x, if(i > 0, pcv[i], cmp) AS m FROM (" + events + ")" +
		" ARRAY JOIN ed AS s, arrayPushBack(arrayPopFront(ed), " + farDay + ") AS e, ex AS sx, en AS sn, mi AS i WHERE sn > 0"
	market := strings.Replace(insert, "%s", b.table(TableTrendRollupDeltas), 1) + acc + ", d, sup, cat, toUInt32(0), " + strings.Join(rollupSums(a.Settings), ", ") +
		" FROM (" + segments + ") ARRAY JOIN [s, e] AS d, [1, -1] AS sg WHERE d <= " + l +
		" GROUP BY d, sup, cat"
	marketSt, err := b.statement(market)
	if err != nil {
		return nil, err
	}
	return []Statement{runsSt, pairSt, marketSt}, nil
}

// TrendRollupFromChanges compiles the build's last step: account a's difference
// rows (TrendRollupChanges) summed in day order into trend_rollup_build, one row per
// day of [first, last], category and competitor with something priced, tagged
// build. Sums over comparable pairs are written as 0 where none is (float
// differences that cancel leave ~1e-12, not 0).
func TrendRollupFromChanges(a Account, first, last time.Time, build uint64) (Statement, error) {
	b := &builder{}
	cols, comparable := rollupColumns()
	perDay := make([]string, len(cols))
	arrays := make([]string, len(cols))
	joined := make([]string, len(cols))
	// Bound in the order the text reads them: the rows' account, then the filter's.
	acc, where := b.bind(a.AccountID), b.bind(a.AccountID)
	out := make([]string, len(cols))
	for i, c := range cols {
		perDay[i] = "sum(" + c + ") AS " + c
		arrays[i] = "arrayCumSum(arraySort((v, y) -> y, groupArray(" + c + "), groupArray(date))) AS a_" + c
		joined[i] = "a_" + c + " AS " + c
		switch {
		case i < 2:
			out[i] = "toUInt64(" + c + ")"
		case comparable[i]:
			out[i] = "if(cn = 0, 0., " + c + ")"
		default:
			out[i] = c
		}
	}
	l := dateLit(last)
	days := "SELECT super_category, category, competitor_id, date, " + strings.Join(perDay, ", ") +
		" FROM " + b.table(TableTrendRollupDeltas) + " WHERE " + ColAccountID + " = " + where + " AND date BETWEEN " + dateLit(first) + " AND " + l +
		" GROUP BY super_category, category, competitor_id, date"
	perKey := "SELECT super_category, category, competitor_id, arraySort(groupArray(date)) AS ds, " + strings.Join(arrays, ", ") +
		" FROM (" + days + ") GROUP BY super_category, category, competitor_id"
	// Each difference day holds until the next one (or last).
	held := "SELECT super_category, category, competitor_id, s, e, " + strings.Join(cols, ", ") + " FROM (" + perKey + ")" +
		" ARRAY JOIN ds AS s, arrayPushBack(arrayPopFront(ds), " + l + " + 1) AS e, " + strings.Join(joined, ", ") + " WHERE n > 0"
	sql := "INSERT INTO " + b.table(TableTrendRollupBuild) + " (account_id, date, super_category, category, competitor_id, " + strings.Join(cols, ", ") + ", build_id)" +
		" SELECT " + acc + ", arrayJoin(arrayMap(i -> s + i, range(toUInt64(e - s)))) AS date, super_category, category, competitor_id, " + strings.Join(out, ", ") + ", " + IntLit(int64(build)) +
		" FROM (" + held + ")"
	return b.statement(sql)
}
