package engine

import "time"

// TrendPlan is a compiled trend: run the Statement, then Rows shapes the result
// into the day rows of docs/trends.md.
type TrendPlan struct {
	Statement
	Report      TrendReport
	Competitors []Competitor // the selected competitors (value@id keys)
	From, To    time.Time    // the report's days
	CompareFrom time.Time    // the compare-to range's first day (zero: none)
	GroupField  string       // competitiveness metrics: the group key's row key
	// FlaggedExcluded: the account has open match flags on the selected
	// competitors, and their pairs are left out of every line (flags.go);
	// each row says so (TrendKeyFlaggedExcluded).
	FlaggedExcluded bool
	// Rollup: the plan reads what the rollup build wrote (trend_rollup, or its
	// runs in trend_runs: the product page, and the lines no rollup row holds,
	// trend_runs.go runsCover), not the raw scans (the bench checks that each
	// class measures the path it names).
	Rollup bool
	shape  trendShape
}

type trendShape int

const (
	shapeCompetitorLines trendShape = iota // value@c per competitor + product-level lines
	shapeKeyMetrics                        // key business metrics (+ compare_)
	shapeCompetitiveness                   // value and compare_value per day and group
	shapeCustomField                       // one weighted mean per day
	shapeProductRuns                       // one product's runs per competitor, days built in Go (trend_product.go)
)

// trendCompiler holds one trend compile.
type trendCompiler struct {
	k        *compiler
	t        Trend
	from, to time.Time
	scope    trendScope
}

// newTrendCompiler validates the trend again (whoever built it), resolves its
// days against the account's clock and builds the grid compiler of its product
// scope. Trend conditions have no report type, sort, visible columns or ag-grid
// row groups of their own: those keys belong to the tabular screen.
func newTrendCompiler(a Account, t Trend) (*trendCompiler, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	c := t.Condition
	c.ReportType, c.Sort, c.VisibleColumns, c.Group, c.GroupIDs = "", nil, nil, nil, nil
	k, err := newCompiler(a, c)
	if err != nil {
		return nil, err
	}
	from, to, err := t.Days(k.a.Now)
	if err != nil {
		return nil, err
	}
	tc := &trendCompiler{k: k, t: t, from: from, to: to, scope: trendScope{k: k}}
	if t.Report == TrendPDP {
		tc.scope.productID = t.ProductID
	}
	return tc, nil
}

// flagged reports whether a selected competitor has open match flags: the
// compiler then leaves those pairs out of the carried prices (pairDays), as the
// grid leaves them out of every comparison, and subtracts them from the rollup's
// sums, which include them (trend_rollup_flags.go). Key business metrics read no
// competitor price.
func (tc *trendCompiler) flagged() bool {
	if tc.t.Report == TrendKeyMetrics {
		return false
	}
	for _, c := range tc.k.comps {
		if len(tc.k.a.Flagged[c.ID]) > 0 {
			return true
		}
	}
	return false
}

func (tc *trendCompiler) plan(b *builder, sql string, shape trendShape) (TrendPlan, error) {
	st, err := b.statement(sql)
	return TrendPlan{Statement: st, Report: tc.t.Report, Competitors: tc.k.comps, From: tc.from, To: tc.to, FlaggedExcluded: tc.flagged(), shape: shape}, err
}

// CompileTrend compiles a trend report (docs/trends.md).
func CompileTrend(a Account, t Trend) (TrendPlan, error) {
	tc, err := newTrendCompiler(a, t)
	if err != nil {
		return TrendPlan{}, err
	}
	switch tc.t.Report {
	case TrendKeyMetrics:
		return tc.keyMetrics()
	case TrendCompetitiveness:
		return tc.competitiveness()
	}
	return tc.competitorLines()
}

// perCompetitor are the three arrays a product-day row carries per competitor:
// the numerator, the denominator and whether the pair counts, for one report.
func (tc *trendCompiler) perCompetitor() (num, den, counts string) {
	switch tc.t.Report {
	case TrendPriceVsMarket:
		ok := "(px > 0 AND mp > 0)"
		return "if(" + ok + ", w * (mp - px) / px * 100, 0.)", "if(" + ok + ", w, 0.)", "toUInt64(" + ok + ")"
	case TrendMargin:
		ok := "(hd = 1 AND px > 0)"
		return "if(" + ok + ", units * (px - dcost), 0.)", "if(" + ok + ", units * px, 0.)", "toUInt64(" + ok + ")"
	}
	return "w * px", "w", "toUInt64(1)"
}

// competitorLines compiles price_trend, PDP_price_trend, price_vs_market_trend
// and margin_trend: per day, sums per competitor (value@c = num / den) and the
// product-level line (customerValue, and selected_competitors for the price
// trends). Margin's customerValue comes from the business metrics alone, joined
// by day.
func (tc *trendCompiler) competitorLines() (TrendPlan, error) {
	rs := []dayRange{{tc.from, tc.to}}
	if tc.t.Report == TrendPrice && len(tc.k.comps) == len(tc.k.a.Competitors) {
		if tree, ok := tc.rollupScope(rs); ok {
			return tc.rollupPriceLines(tree, rs)
		}
	}
	if tc.t.Report == TrendPDP {
		return tc.productRuns()
	}
	b := tc.k.builder()
	priced, stored, err := tc.pricedDays(b, rs)
	if err != nil {
		return TrendPlan{}, err
	}
	num, den, counts := tc.perCompetitor()
	mkt := "avg(px)"
	if tc.t.Report == TrendPriceVsMarket {
		mkt = "avgIf(px, px > 0)"
	}
	perProduct := "SELECT d, " + ColProductID + ", any(w) AS pw, any(mp) AS pmp, " + mkt + " AS mkt," +
		" groupArray(" + ColCompetitorID + ") AS cs, groupArray(" + num + ") AS a_num, groupArray(" + den + ") AS a_den, groupArray(" + counts + ") AS a_n" +
		" FROM (" + priced + ") GROUP BY d, " + ColProductID
	lines := "sum(pw * mkt) AS sel_num, sum(pw) AS sel_den, sum(pw * pmp) AS my_num, sum(pw) AS my_den, count() AS products"
	switch tc.t.Report {
	case TrendPriceVsMarket:
		ok := "(mkt > 0 AND pmp > 0)"
		lines = "toFloat64(0) AS sel_num, toFloat64(0) AS sel_den, sumIf(pw * (pmp - mkt) / mkt * 100, " + ok + ") AS my_num, sumIf(pw, " + ok + ") AS my_den, countIf(" + ok + ") AS products"
	case TrendMargin:
		lines = "count() AS products"
	}
	sql := "SELECT d, tupleElement(sumMap(cs, a_num), 1) AS c_ids, tupleElement(sumMap(cs, a_num), 2) AS c_num," +
		" tupleElement(sumMap(cs, a_den), 2) AS c_den, tupleElement(sumMap(cs, a_n), 2) AS c_n, " + lines +
		" FROM (" + perProduct + ") GROUP BY d"
	if tc.t.Report == TrendMargin {
		metrics, err := tc.dailyMetrics(b, rs)
		if err != nil {
			return TrendPlan{}, err
		}
		sql = "SELECT d, c_ids, c_num, c_den, c_n, products, my_num, my_den FROM (" + sql + ") AS lhs ALL FULL OUTER JOIN (" +
			"SELECT d, sum(revenue - dcost * units) AS my_num, sum(revenue) AS my_den FROM (" + metrics + ") GROUP BY d) AS rhs USING d"
	}
	sql = "SELECT toString(d) AS day, * FROM (" + sql + ") ORDER BY d"
	p, err := tc.plan(b, sql, shapeCompetitorLines)
	p.Rollup = stored
	return p, err
}

// dailyMetrics is the subquery of the scope's business metrics in rs with the
// product's weight, group key and my price on the day (mp).
func (tc *trendCompiler) dailyMetrics(b *builder, rs []dayRange) (string, error) {
	daily, err := productDays(b, tc.k.a, tc.scope, rs)
	if err != nil {
		return "", err
	}
	prods, err := tc.scope.products(b)
	if err != nil {
		return "", err
	}
	return "SELECT *, if(dmp > 0, dmp, cat_mp) AS mp FROM (" + daily + ") AS lhs ALL INNER JOIN (" + prods + ") AS rhs USING " + ColProductID, nil
}

// ranges are the report's days and, with a compare-to, the aligned comparison days.
func (tc *trendCompiler) ranges(ct CompareTo) []dayRange {
	rs := []dayRange{{tc.from, tc.to}}
	if ct != CompareNone {
		cf, ctTo := comparePeriod(ct, tc.from, tc.to)
		rs = append(rs, dayRange{cf, ctTo})
	}
	return rs
}

// keyMetrics compiles key_business_metrics: per day, units sold, revenue, cost
// (cost × units), my mean price (weighted) and the product count, over the report
// range and, with a compare-to, the comparison range.
func (tc *trendCompiler) keyMetrics() (TrendPlan, error) {
	b := tc.k.builder()
	rs := tc.ranges(tc.t.CompareTo)
	metrics, err := tc.dailyMetrics(b, rs)
	if err != nil {
		return TrendPlan{}, err
	}
	sql := "SELECT toString(d) AS day, sum(units) AS units_sold, sum(revenue) AS revenue, sum(dcost * units) AS cost," +
		" sum(w * mp) AS my_num, sum(w) AS my_den, count() AS products FROM (" + metrics + ") GROUP BY d ORDER BY d"
	p, err := tc.plan(b, sql, shapeKeyMetrics)
	if len(rs) > 1 {
		p.CompareFrom = rs[1].from
	}
	return p, err
}

// competitiveness compiles competitiveness_metrics: per day and group, the
// weighted share of comparable pairs in the chosen bucket (or the price index),
// over the report range and the aligned compare-to range.
func (tc *trendCompiler) competitiveness() (TrendPlan, error) {
	ct := tc.t.CompareTo
	if ct == CompareNone {
		ct = DefaultCompetitivenessComp
	}
	level := tc.t.GroupBy
	if level == "" {
		level = LevelCategory
	}
	tc.scope.groupBy = level
	rs := tc.ranges(ct)
	// The rollup's rows are per super category and category: any sum of them is exact.
	if (level == LevelSuperCategory || level == LevelCategory || level == LevelAll) && tc.rollupSettingsMatch() {
		if tree, ok := tc.rollupScope(rs); ok {
			p, err := tc.rollupCompetitiveness(tree, rs, level)
			p.CompareFrom, p.GroupField = rs[1].from, level.groupField()
			return p, err
		}
	}
	b := tc.k.builder()
	priced, stored, err := tc.pricedDays(b, rs)
	if err != nil {
		return TrendPlan{}, err
	}
	hit, ok := tc.competitivenessHit()
	sql := "SELECT toString(d) AS day, g, sumIf(w * " + hit + ", " + ok + ") AS num, sumIf(w, " + ok + ") AS den, countIf(" + ok + ") AS n" +
		" FROM (" + priced + ") GROUP BY d, g HAVING n > 0 ORDER BY d, g"
	p, err := tc.plan(b, sql, shapeCompetitiveness)
	p.Rollup = stored
	p.CompareFrom = rs[1].from
	p.GroupField = level.groupField()
	return p, err
}

// competitivenessHit is what a comparable pair adds to the chosen value (per unit
// of weight) over pricedPairDays' rows (px, mp), and the truth "the pair is
// comparable".
func (tc *trendCompiler) competitivenessHit() (hit, ok string) {
	s := tc.k.a.Settings
	delta := "((mp - px) / px * 100 - " + floatLit(s.Parity) + ")"
	switch tc.t.ComparisonValue {
	case ValueLower:
		hit = "toFloat64(" + delta + " < -" + floatLit(s.Lower) + ") * 100"
	case ValueSimilar:
		hit = "toFloat64(" + delta + " >= -" + floatLit(s.Lower) + " AND " + delta + " <= " + floatLit(s.Upper) + ") * 100"
	case ValuePriceIndex:
		hit = "mp / px * 100"
	default:
		hit = "toFloat64(" + delta + " > " + floatLit(s.Upper) + ") * 100"
	}
	return hit, "(px > 0 AND mp > 0)"
}

// CompileTrendCustomField compiles an extra line: the weighted mean of a custom
// field per day over the products the trend's lines cover that day (those with at
// least one selected competitor price; for key business metrics, those with
// business metrics).
func CompileTrendCustomField(a Account, t Trend, field string) (TrendPlan, error) {
	tc, err := newTrendCompiler(a, t)
	if err != nil {
		return TrendPlan{}, err
	}
	cf, ok := tc.k.a.customField(field)
	if !ok {
		return TrendPlan{}, bad("customField", "%q is not a custom field of this account", clip(field))
	}
	b := tc.k.builder()
	rs := []dayRange{{tc.from, tc.to}}
	var days string
	stored := false
	if tc.t.Report == TrendKeyMetrics {
		daily, err := productDays(b, tc.k.a, tc.scope, rs)
		if err != nil {
			return TrendPlan{}, err
		}
		prods, err := tc.scope.products(b, "toFloat64("+cf.LogicalName+") AS cf")
		if err != nil {
			return TrendPlan{}, err
		}
		days = "SELECT d, " + ColProductID + ", w, cf FROM (" + daily + ") AS lhs ALL INNER JOIN (" + prods + ") AS rhs USING " + ColProductID
	} else {
		var priced string
		var err error
		priced, stored, err = tc.pricedDays(b, rs, "toFloat64("+cf.LogicalName+") AS cf")
		if err != nil {
			return TrendPlan{}, err
		}
		days = "SELECT d, " + ColProductID + ", any(w) AS pw, any(cf) AS pcf FROM (" + priced + ") GROUP BY d, " + ColProductID
		days = "SELECT d, " + ColProductID + ", pw AS w, pcf AS cf FROM (" + days + ")"
	}
	sql := "SELECT toString(d) AS day, sum(w * cf) AS num, sum(w) AS den, count() AS products FROM (" + days + ") GROUP BY d ORDER BY d"
	p, err := tc.plan(b, sql, shapeCustomField)
	p.Rollup = stored
	return p, err
}
