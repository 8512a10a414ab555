package engine

import (
	"slices"
	"time"
)

// The trend rollup (migration 00050): per account, day, super category, category
// and competitor, the sums of the carried prices of every product, built by the
// rollup refresh (trend_rollup_build.go) and read by the price trend and the
// competitiveness metrics when the request's scope is one the rollup holds
// (rollupScope): no filter but a category path of at most two levels, no search,
// no selected rows; every competitor for the price trend (its product-level lines
// are over all of them), any subset for competitiveness metrics (grouped by super
// category or category); the rollup's days, staleness and bucket settings. Open
// match flags do not matter: their share is subtracted (trend_rollup_flags.go).

// TrendRollup is what one rollup build covers (trend_rollup_builds).
type TrendRollup struct {
	BuiltAt           time.Time // when the build started: a load after it makes the rollup stale
	FirstDay, LastDay time.Time
	Staleness         int
	Parity            float64
	Lower, Upper      float64
	Competitors       []int64 // the competitors it was built over, ascending
}

// rollupWeights are the weight kinds the rollup holds: the column suffix of each.
var rollupWeights = []struct {
	w      Weight
	suffix string
	expr   string // the weight in the build's per-pair rows
}{
	{WeightProduct, "k1", "1."},
	{WeightRevenue30d, "rev", "p_rev"},
	{WeightUnits30d, "units", "p_units"},
	{WeightPageViews30d, "pv", "p_pv"},
}

func rollupSuffix(w Weight) string {
	for _, rw := range rollupWeights {
		if rw.w == w {
			return rw.suffix
		}
	}
	return ""
}

// rollupScope reports whether the trend can read the rollup, with the category
// paths of its only filter.
func (tc *trendCompiler) rollupScope(rs []dayRange) (*CategoryTreeFilter, bool) {
	r := tc.k.a.TrendRollup
	c := tc.k.c
	if r == nil || c.Search != "" || len(c.SelectedRows) > 0 || tc.scope.productID != "" || rollupSuffix(c.WeightBy) == "" {
		return nil, false
	}
	if r.Staleness != tc.k.a.Settings.StalenessDays {
		return nil, false
	}
	// Days before FirstDay (the account's first scan, or 3 years back) have no
	// prices to carry: the rollup is exact for them too.
	if span(rs).to.After(r.LastDay) {
		return nil, false
	}
	var tree *CategoryTreeFilter
	for id, f := range c.Filters {
		ct, ok := f.(CategoryTreeFilter)
		if !ok || !categoryTreeKey(id) {
			return nil, false
		}
		for _, p := range ct.Paths {
			if len(p) > 2 {
				return nil, false
			}
		}
		tree = &ct
	}
	// Competitors: the rollup's own (its competitor 0 rows are over all of them).
	var acc []int64
	for _, cp := range tc.k.a.Competitors {
		acc = append(acc, cp.ID)
	}
	if !slices.Equal(acc, r.Competitors) {
		return nil, false
	}
	return tree, true
}

// rollupWhere is the rollup rows' predicate: tenancy, category access, the
// category paths and the days.
func (tc *trendCompiler) rollupWhere(b *builder, tree *CategoryTreeFilter, rs []dayRange) string {
	w := factTenancy(tc.k.a, b)
	if tree != nil {
		w += " AND " + b.categoryTree(*tree)
	}
	w += " AND " + span(rs).sql("date")
	if r := inRanges("date", rs); r != "" {
		w += " AND " + r
	}
	return w
}

// rollupPriceLines is competitorLines for price_trend over the rollup; the result
// has the same columns.
func (tc *trendCompiler) rollupPriceLines(tree *CategoryTreeFilter, rs []dayRange) (TrendPlan, error) {
	b := tc.k.builder()
	sfx := rollupSuffix(tc.k.c.WeightBy)
	c := ColCompetitorID
	var inner string
	if !tc.flagged() {
		inner = "SELECT date AS d, " + c + ", sum(wx_" + sfx + ") AS num, sum(w_" + sfx + ") AS den, sum(n) AS nn, sum(wmp_" + sfx + ") AS mpn FROM " +
			b.table(TableTrendRollup) + " WHERE " + tc.rollupWhere(b, tree, rs) + " GROUP BY d, " + c
	} else {
		// Less the flagged pairs' share (trend_rollup_flags.go); a competitor or day
		// left with no priced pair has no row, as on the raw path.
		rows := "SELECT date AS d, " + c + ", sum(wx_" + sfx + ") AS rnum, sum(w_" + sfx + ") AS rden, toInt64(sum(n)) AS rsn, sum(wmp_" + sfx + ") AS rmpn FROM " +
			b.table(TableTrendRollup) + " WHERE " + tc.rollupWhere(b, tree, rs) + " GROUP BY d, " + c
		flagged, err := tc.flaggedPriceLines(b, rs)
		if err != nil {
			return TrendPlan{}, err
		}
		inner = "SELECT d, " + c + ", sum(rnum) AS num, sum(rden) AS den, toUInt64(sum(rsn)) AS nn, sum(rmpn) AS mpn FROM (" + rows +
			" UNION ALL SELECT d, " + c + ", -num, -den, -sn, -mpn FROM (" + flagged + ")) GROUP BY d, " + c + " HAVING sum(rsn) > 0"
	}
	sql := "SELECT toString(d) AS day, groupArrayIf(" + c + ", " + c + " != 0) AS c_ids, groupArrayIf(num, " + c + " != 0) AS c_num, groupArrayIf(den, " + c + " != 0) AS c_den," +
		" groupArrayIf(nn, " + c + " != 0) AS c_n, sumIf(num, " + c + " = 0) AS sel_num, sumIf(den, " + c + " = 0) AS sel_den, sumIf(mpn, " + c + " = 0) AS my_num," +
		" sumIf(den, " + c + " = 0) AS my_den, sumIf(nn, " + c + " = 0) AS products FROM (" + inner + ") GROUP BY d ORDER BY d"
	p, err := tc.plan(b, sql, shapeCompetitorLines)
	p.Rollup = true
	return p, err
}

// rollupCompetitiveness is competitiveness for a super category or category
// grouping over the rollup, summed over the selected competitors.
func (tc *trendCompiler) rollupCompetitiveness(tree *CategoryTreeFilter, rs []dayRange, level GroupLevel) (TrendPlan, error) {
	b := tc.k.builder()
	sfx := rollupSuffix(tc.k.c.WeightBy)
	var num string
	switch tc.t.ComparisonValue {
	case ValueLower:
		num = "sum(clo_" + sfx + ") * 100"
	case ValueSimilar:
		num = "sum(csim_" + sfx + ") * 100"
	case ValuePriceIndex:
		num = "sum(cpi_" + sfx + ")"
	default:
		num = "sum(chi_" + sfx + ") * 100"
	}
	cids := make([]uint64, len(tc.k.comps))
	for i, cp := range tc.k.comps {
		cids[i] = uint64(cp.ID)
	}
	w := tc.rollupWhere(b, tree, rs) + " AND " + ColCompetitorID + " IN " + b.bindUintSet(cids)
	var sql string
	if !tc.flagged() {
		sql = "SELECT toString(d) AS day, g, num, den, nn AS n FROM (SELECT date AS d, " + levelKeyExpr(level) + " AS g, " + num + " AS num, sum(cw_" + sfx + ") AS den, sum(cn) AS nn FROM " +
			b.table(TableTrendRollup) + " WHERE " + w + " GROUP BY d, g HAVING nn > 0) ORDER BY d, g"
	} else {
		// Less the flagged pairs' share (trend_rollup_flags.go). The group keys are
		// cast to String: the rollup's are LowCardinality, and 18.16's UNION ALL
		// finds no common type for the two.
		rows := "SELECT date AS d, CAST(" + levelKeyExpr(level) + " AS String) AS g, " + num + " AS rnum, sum(cw_" + sfx + ") AS rden, toInt64(sum(cn)) AS rsn FROM " +
			b.table(TableTrendRollup) + " WHERE " + w + " GROUP BY d, g"
		flagged, err := tc.flaggedCompetitiveness(b, rs)
		if err != nil {
			return TrendPlan{}, err
		}
		sql = "SELECT toString(d) AS day, g, num, den, nn AS n FROM (SELECT d, g, sum(rnum) AS num, sum(rden) AS den, toUInt64(sum(rsn)) AS nn FROM (" + rows +
			" UNION ALL SELECT d, CAST(g AS String), -num, -den, -sn FROM (" + flagged + ")) GROUP BY d, g HAVING sum(rsn) > 0) ORDER BY d, g"
	}
	p, err := tc.plan(b, sql, shapeCompetitiveness)
	p.Rollup = true
	return p, err
}

// rollupSettingsMatch reports whether the rollup's buckets are the account's.
func (tc *trendCompiler) rollupSettingsMatch() bool {
	r, s := tc.k.a.TrendRollup, tc.k.a.Settings
	return r != nil && r.Parity == s.Parity && r.Lower == s.Lower && r.Upper == s.Upper
}
