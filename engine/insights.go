package engine

import (
	"math"
	"slices"
	"strings"
	"time"
)

// The pricing insights panel (docs/product.md §2, §3 "Insights response"): counts
// of the account's products, each of which is also a grid filter, so that the
// panel links every number to a report whose rows are exactly those products.
// The filter stands under the key InsightFilterKey as a radio filter whose value
// is the insight's key: {"insight": {"filterType": "radio", "value":
// "num_products_for_price_up"}} on all_my_products. CompileInsights counts
// insights in one pass over the snapshot with the same predicates the filter
// compiles to.
//
// Definitions (over every competitor of the account, whatever competitors a
// report selects; docs/reports.md#metric-definitions metrics):
//   - changes_at_competitor_last_day / _last_week: products with a competitor
//     price change in the last 24 hours / 7 days: a priced scan in the period
//     whose price differs from the pair's previous priced scan, that one within
//     offer_staleness_days before it (the events of migration 00120, recorded
//     at load; a price that changed and changed back counts, where an alert,
//     which compares the period's last price with the one before, sees none);
//   - num_products_for_price_up: the market bucket is "I am lower" (my price is
//     under the market price by more than the lower range): room to raise;
//   - num_products_for_price_down: the market bucket is "I am higher";
//   - num_products_out_of_stock_at_comp: at least one competitor found the
//     product in a scan within the staleness window and has it out of stock.
//
// The change and out-of-stock counts read the insight state each snapshot build
// stores (migration 00150, docs/reports.md "Insight state in the snapshot"):
// t_changed_at (the latest counted change) and t_oos_at (the latest scan of a
// priced offer out of stock), one plain column each instead of the events' range
// and an array lambda. A snapshot built without the state (Totals.Insights false),
// or with another staleness limit for the changes, keeps to the raw reads.
//
// Candidates for a price raise or reduction come from the buckets. When the
// pricer has run, the panel takes its latest run's proposals instead: a
// different source (its results table), counted with the results grid's own
// condition (report/insights_pricer.go).

// Insight keys, the field names of the specification's insights response.
const (
	InsightChangesLastDay  = "changes_at_competitor_last_day"
	InsightChangesLastWeek = "changes_at_competitor_last_week"
	InsightPriceUp         = "num_products_for_price_up"
	InsightPriceDown       = "num_products_for_price_down"
	InsightOutOfStock      = "num_products_out_of_stock_at_comp"
)

// InsightKeys are the product-count insights in the panel's order.
var InsightKeys = []string{InsightChangesLastDay, InsightChangesLastWeek, InsightPriceUp, InsightPriceDown, InsightOutOfStock}

// InsightFilterKey is the filter key of an insight's products in a grid condition.
const InsightFilterKey = "insight"

// InsightReportType is the report an insight's number links to.
const InsightReportType = "all_my_products"

// insightPredicate is the predicate over product_snapshot of the insight key.
func (b *builder) insightPredicate(a Account, field, key string) (string, error) {
	e := newExprs(a)
	switch key {
	case InsightChangesLastDay, InsightChangesLastWeek:
		days := 1
		if key == InsightChangesLastWeek {
			days = 7
		}
		if len(a.Competitors) == 0 {
			return "0", nil
		}
		comps := make([]uint64, len(a.Competitors))
		for i, c := range a.Competitors {
			comps[i] = uint64(c.ID)
		}
		from := a.Now.Add(-time.Duration(days) * 24 * time.Hour)
		if !a.Totals.changesExact(a.Settings) {
			return ColProductID + globalIn(a, false) + "(" + b.priceChangeProducts(a, comps, from, a.Now, "") + ")", nil
		}
		// The stored latest change; a product with an open flag counts only with a
		// change at a pair that is not flagged, read from the events of the flagged
		// products alone.
		stored := "t_changed_at > " + IntLit(from.Unix())
		if fp := e.flaggedProduct(a.Competitors); fp != "" {
			stored += " AND (NOT " + fp + " OR " + ColProductID + globalIn(a, false) + "(" + b.priceChangeProducts(a, comps, from, a.Now, fp) + "))"
		}
		return stored, nil
	case InsightPriceUp, InsightPriceDown:
		bucket := BucketLower
		if key == InsightPriceDown {
			bucket = BucketHigher
		}
		if len(a.Competitors) == 0 {
			return "0", nil
		}
		return "ifNull(" + e.marketBucket(a.Competitors) + " = '" + bucket + "', 0)", nil
	case InsightOutOfStock:
		if a.Totals.insightState() { // the stored latest out-of-stock scan: exact whatever the clock
			return "t_oos_at >= " + IntLit(staleCutoff(a.Settings, a.Now)), nil
		}
		return "arrayExists((s_, x_, t_) -> s_ = 0 AND NOT isNaN(x_) AND t_ >= " + e.cutoff + ", c_in_stock, c_price, c_seen)", nil
	}
	return "", bad(field+".value", "%q is not one of: %s", clip(key), strings.Join(InsightKeys, ", "))
}

// priceChangeProducts is the subquery of the products with a price-change event
// (migration 00120) at one of comps in (from, to] whose previous priced scan is
// within the staleness limit before it; flagged matches are no change (flags.go).
// The times are the clock's, not the request's: written as numbers (IntLit). only,
// when not "", narrows the events to those products (a predicate on product_id).
// Callers take it with globalIn: on a cluster a shard would look for the events
// table in its default database, and a product's events may be on another shard.
func (b *builder) priceChangeProducts(a Account, comps []uint64, from, to time.Time, only string) string {
	sql := "SELECT " + ColProductID + " FROM " + b.table(TablePriceChanges) +
		" WHERE " + ColAccountID + " = " + b.bind(a.AccountID) +
		" AND changed_at > toDateTime(" + IntLit(from.Unix()) + ") AND changed_at <= toDateTime(" + IntLit(to.Unix()) + ")" +
		" AND prev_at >= changed_at - " + IntLit(int64(a.Settings.StalenessDays)*24*3600) +
		" AND " + ColCompetitorID + " IN " + b.bindUintSet(comps)
	if only != "" {
		sql += " AND " + only
	}
	if nf := (exprs{a: a}).notFlaggedPair(); nf != "" {
		sql += " AND " + nf
	}
	return sql
}

// CompileInsights counts the products of the given insights (InsightKeys or a
// part, in that order, one UInt64 column each) within the account and the user's
// categories.
func CompileInsights(a Account, keys []string) (Statement, error) {
	a = a.normalize()
	if a.AccountID == 0 {
		return Statement{}, bad("account", "no account is selected")
	}
	if len(keys) == 0 {
		return Statement{}, bad(InsightFilterKey, "no insight to count")
	}
	b := newBuilder(a)
	if stored, raw, ok := splitTotals(a, keys); ok {
		// Two parts of one pass: the rows still exact with the stored totals, the others.
		cut := IntLit(staleCutoff(a.Settings, a.Now))
		var parts [2]string
		for i, part := range []struct {
			a    Account
			rows string
		}{{stored, " AND t_fresh_min >= " + cut}, {raw, " AND t_fresh_min < " + cut}} {
			sel := make([]string, len(keys))
			for j, key := range keys {
				p, err := b.insightPredicate(part.a, InsightFilterKey, key)
				if err != nil {
					return Statement{}, err
				}
				sel[j] = "countIf(" + p + ") AS n" + IntLit(int64(j))
			}
			parts[i] = "SELECT " + strings.Join(sel, ", ") + " FROM " + b.snapshotTable(a) + " WHERE " + tenancy(a, b) + part.rows
		}
		out := make([]string, len(keys))
		for j, key := range keys {
			out[j] = "sum(n" + IntLit(int64(j)) + ") AS " + b.ident(key)
		}
		return b.statement("SELECT " + strings.Join(out, ", ") + " FROM (" + parts[0] + " UNION ALL " + parts[1] + ")")
	}
	sel := make([]string, len(keys))
	for i, key := range keys {
		p, err := b.insightPredicate(a, InsightFilterKey, key)
		if err != nil {
			return Statement{}, err
		}
		sel[i] = "countIf(" + p + ") AS " + b.ident(key)
	}
	return b.statement("SELECT " + strings.Join(sel, ", ") + " FROM " + b.snapshotTable(a) + " WHERE " + tenancy(a, b))
}

// splitTotals decides whether the panel's market buckets count in two parts. The
// stored totals hold for the whole snapshot only until the clock moves the
// staleness cutoff past the first counted pair's scan (Totals.exact); after that,
// a row whose own earliest counted scan (t_fresh_min) is still at or after the
// cutoff is exact all the same (its pairs still count, and a pair too old at
// build stays too old), and only the rows with a pair expired since the build
// need the lambdas over the arrays: the part that filters them out (WHERE runs
// before the lambdas) reads a few rows instead of all. stored and raw are a with
// totals the compiler takes as exact and as not.
func splitTotals(a Account, keys []string) (stored, raw Account, ok bool) {
	t, s := a.Totals, a.Settings
	if t == nil || t.Parity != s.Parity || t.Lower != s.Lower || t.Upper != s.Upper || t.FreshMin == 0 ||
		!slices.ContainsFunc(keys, func(k string) bool { return k == InsightPriceUp || k == InsightPriceDown }) {
		return a, a, false
	}
	cut := staleCutoff(s, a.Now)
	if int64(t.StaleMax) >= cut || t.exact(s, cut) {
		return a, a, false
	}
	st, rt := *t, *t
	st.FreshMin, rt.FreshMin = math.MaxUint32, 0
	stored, raw = a, a
	stored.Totals, raw.Totals = &st, &rt
	return stored, raw, true
}
