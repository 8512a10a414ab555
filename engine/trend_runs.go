package engine

import (
	"slices"
	"time"
)

// The runs of the (product, competitor) pairs (migration 00140). A pair's carried
// price (trend_history.go) is one value over a run of days; a run ends at a scan
// with another price, the staleness limit or a not-found scan. The trend rollup
// build computes every pair's runs in [first, last] once per chunk of products
// (TrendRollupChanges writes them to trend_runs_build, then builds the rollup's
// difference rows from there) and swaps them into trend_runs with the rollup. So
// while the rollup is current (Account.TrendRollup: no load since its build), a
// pair's runs are a read by key: the product page reads its ~20 rows there instead
// of its scans in every monthly partition of offers.

// pairRuns is the subquery of each pair's runs in [from, last], from the scans: one
// row (product_id, competitor_id, rl, rh, rx) with the runs' first days, last days
// and prices, ascending and disjoint; a run is a maximal interval of covered days
// with one price.
func pairRuns(b *builder, a Account, comps []Competitor, scope trendScope, from, last time.Time) (string, error) {
	scans, err := pairScanDays(b, a, comps, scope, dayRange{from, last})
	if err != nil {
		return "", err
	}
	// Scan day s covers [s, coveredTo] ∩ [from, last]; a not-found scan (NaN) covers nothing.
	covered := "SELECT " + ColProductID + ", " + ColCompetitorID + "," +
		" arrayMap(s -> greatest(s, " + dateLit(from) + "), sd) AS l0," +
		" arrayMap((s, nx) -> " + coveredTo(a, last) + ", sd, sn) AS h0," +
		" arrayMap((x, y, p) -> x <= y AND NOT isNaN(p), l0, h0, sp) AS k," +
		" arrayFilter((x, y) -> y, l0, k) AS l1, arrayFilter((x, y) -> y, h0, k) AS h1, arrayFilter((x, y) -> y, sp, k) AS x1" +
		" FROM (" + scans + ")"
	// A run starts where an interval does not touch the one before or has another price.
	return "SELECT " + ColProductID + ", " + ColCompetitorID + "," +
		" arrayMap((x, hp, p, pp) -> x != hp + 1 OR p != pp, l1, arrayPushFront(arrayPopBack(h1), toDate('1970-01-01')), x1, arrayPushFront(arrayPopBack(x1), nan)) AS st," +
		" arrayFilter((x, y) -> y, l1, st) AS rl, arrayFilter((x, y) -> y, h1, arrayPushBack(arrayPopFront(st), 1)) AS rh, arrayFilter((x, y) -> y, x1, st) AS rx" +
		" FROM (" + covered + ") WHERE notEmpty(l1)", nil
}

// storedRuns is pairRuns read from a table of runs (trend_runs, trend_runs_build)
// and cut to [from, last]: the same columns, for the selected competitors, without
// the flagged pairs, and for scope's products (nil: all of the account's; a build
// chunk's range by key).
func storedRuns(b *builder, t Table, a Account, comps []Competitor, scope *trendScope, from, last time.Time) (string, error) {
	cids := make([]uint64, len(comps))
	for i, c := range comps {
		cids[i] = uint64(c.ID)
	}
	w := ColAccountID + " = " + b.bind(a.AccountID) + " AND " + ColCompetitorID + " IN " + b.bindUintSet(cids)
	if nf := (exprs{a: a}).notFlaggedPair(); nf != "" {
		w += " AND " + nf
	}
	switch {
	case scope == nil:
	case scope.lo != "" || scope.hi != "":
		if scope.lo != "" {
			w += " AND " + ColProductID + " >= " + b.bind(scope.lo)
		}
		if scope.hi != "" {
			w += " AND " + ColProductID + " < " + b.bind(scope.hi)
		}
	default:
		p, err := scope.idPredicate(b)
		if err != nil {
			return "", err
		}
		w += " AND " + p
	}
	f, l := dateLit(from), dateLit(last)
	cut := "SELECT " + ColProductID + ", " + ColCompetitorID + "," +
		" arrayMap((x, y) -> y >= " + f + " AND x <= " + l + ", sl, sh) AS k," +
		" arrayMap(x -> greatest(x, " + f + "), arrayFilter((x, y) -> y, sl, k)) AS rl," +
		" arrayMap(y -> least(y, " + l + "), arrayFilter((y, z) -> z, sh, k)) AS rh," +
		" arrayFilter((x, y) -> y, sx, k) AS rx" +
		" FROM (SELECT " + ColProductID + ", " + ColCompetitorID + ", rl AS sl, rh AS sh, rx AS sx FROM " + b.table(t) + " WHERE " + w + ")"
	return "SELECT " + ColProductID + ", " + ColCompetitorID + ", rl, rh, rx FROM (" + cut + ") WHERE notEmpty(rl)", nil
}

// runDays is pairDays read from the stored runs (trend_runs): one row
// (product_id, competitor_id, px, d) per pair and day of rs with a price. The
// raw path sorts every scan of the scope's pairs since the staleness limit
// before rs (a month of one category at L ran past the 30 s limit); the runs
// are those scans already carried by the rollup build, so only the expansion
// into days is left. Exact while runsCover holds.
func runDays(b *builder, a Account, comps []Competitor, scope trendScope, rs []dayRange) (string, error) {
	all := span(rs)
	runs, err := storedRuns(b, TableTrendRuns, a, comps, &scope, all.from, all.to)
	if err != nil {
		return "", err
	}
	expand := "SELECT " + ColProductID + ", " + ColCompetitorID + ", px," +
		" arrayJoin(arrayMap(i -> l + i, range(toUInt64(toInt64(h) - toInt64(l) + 1)))) AS d" +
		" FROM (" + runs + ") ARRAY JOIN rl AS l, rh AS h, rx AS px"
	if r := inRanges("d", rs); r != "" {
		expand = "SELECT * FROM (" + expand + ") WHERE " + r
	}
	return expand, nil
}

// runsCover reports whether the stored runs hold the carried prices of every
// selected competitor over rs: the rollup's build wrote them with the account's
// staleness, for its competitors, up to its last day (days before its first
// have no scans to carry). A load since the build is not in them: the plan
// reads them all the same and the answer says what time its data covers
// (dataAsOf), as the rollup's readers do.
func (tc *trendCompiler) runsCover(rs []dayRange) bool {
	r := tc.k.a.TrendRollup
	if r == nil || r.Staleness != tc.k.a.Settings.StalenessDays || span(rs).to.After(r.LastDay) {
		return false
	}
	for _, c := range tc.k.comps {
		if !slices.Contains(r.Competitors, c.ID) {
			return false
		}
	}
	return true
}

// pricedDays is pricedPairDays over the stored runs when they cover rs (stored
// true), else over the scans.
func (tc *trendCompiler) pricedDays(b *builder, rs []dayRange, extra ...string) (sql string, stored bool, err error) {
	if !tc.runsCover(rs) {
		sql, err = pricedPairDays(b, tc.k.a, tc.k.comps, tc.scope, rs, extra...)
		return sql, false, err
	}
	pd, err := runDays(b, tc.k.a, tc.k.comps, tc.scope, rs)
	if err != nil {
		return "", false, err
	}
	sql, err = pricedJoin(b, tc.k.a, tc.scope, rs, pd, extra...)
	return sql, true, err
}

// runsColumns is the column list of trend_runs (and trend_runs_build).
const runsColumns = "(" + ColAccountID + ", " + ColProductID + ", " + ColCompetitorID + ", rl, rh, rx)"

// trendRunsChunk compiles the first statement of a rollup build chunk: the runs in
// [first, last] of the chunk's products (scope) into trend_runs_build.
func trendRunsChunk(a Account, comps []Competitor, scope trendScope, first, last time.Time) (Statement, error) {
	b := &builder{}
	acc := b.bind(a.AccountID)
	runs, err := pairRuns(b, a, comps, scope, first, last)
	if err != nil {
		return Statement{}, err
	}
	return b.statement("INSERT INTO " + b.table(TableTrendRunsBuild) + " " + runsColumns +
		" SELECT " + acc + ", " + ColProductID + ", " + ColCompetitorID + ", rl, rh, rx FROM (" + runs + ")")
}

// TrendRunsBefore compiles the step of a build that rebuilds only [from, last]: the
// current runs of account a over comps cut to [first, from - 1] go to
// trend_runs_build beside the new ones, so the swap keeps the days before from.
func TrendRunsBefore(a Account, comps []Competitor, first, from time.Time) (Statement, error) {
	a.Categories, a.Flagged = nil, nil // readers apply both
	b := &builder{}
	acc := b.bind(a.AccountID)
	runs, err := storedRuns(b, TableTrendRuns, a, comps, nil, first, from.AddDate(0, 0, -1))
	if err != nil {
		return Statement{}, err
	}
	return b.statement("INSERT INTO " + b.table(TableTrendRunsBuild) + " " + runsColumns +
		" SELECT " + acc + ", " + ColProductID + ", " + ColCompetitorID + ", rl, rh, rx FROM (" + runs + ")")
}
