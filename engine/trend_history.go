package engine

import (
	"strings"
	"time"
)

// The daily history of docs/trends.md, read from the raw facts (the product-day path:
// any product scope, any competitor subset, any dates).
//
// Carry-forward: the price of (product, competitor) on day d is the last scan on
// or before the end of d (of that scan's day: the latest scanned_at wins), carried
// for StalenessDays days counting the scan's own day — exactly the scans with
// scanned_at ≥ end of d − StalenessDays × 24 h, the tabular staleness rule moved
// to the day's end. A last scan of the day that did not find the product (NULL
// price) ends the carry: no value until the next scan.
//
// 18.16 has no window functions, so the last scan of each day and the "next scan
// day" of each scan day come from the pair's scans sorted into arrays
// (arrayPopFront shifts them by one); each scan day then expands into the days
// it covers, [s, min(next − 1, s + S − 1)] ∩ the range, so the work is one row
// per covered day, not one per (scan, day) pair.

// trendScope is the product scope of a trend: the grid condition's where over the
// snapshot (tenancy, category access, filters, search) plus its selected rows and,
// for the product page, the one product.
type trendScope struct {
	k         *compiler
	productID string
	groupBy   GroupLevel
	lo, hi    string // a rollup build chunk's product_id range [lo, hi) ("": open)
	// flaggedOf: only the products with a flagged match to one of these
	// competitors (the rollup's correction, trend_rollup_flags.go).
	flaggedOf []Competitor
}

// where prints the scope's predicate over product_snapshot.
func (s trendScope) where(b *builder) (string, error) {
	w, err := s.k.where(b)
	if err != nil {
		return "", err
	}
	if len(s.k.c.SelectedRows) > 0 {
		w += " AND " + ColProductID + " IN " + b.bindSet(s.k.c.SelectedRows)
	}
	if s.productID != "" {
		w += " AND " + ColProductID + " = " + b.bind(s.productID)
	}
	if s.lo != "" {
		w += " AND " + ColProductID + " >= " + b.bind(s.lo)
	}
	if s.hi != "" {
		w += " AND " + ColProductID + " < " + b.bind(s.hi)
	}
	if f := (exprs{a: s.k.a}).flaggedProduct(s.flaggedOf); f != "" {
		w += " AND " + f
	}
	return w, nil
}

// ids is the subquery of the scope's product ids.
func (s trendScope) ids(b *builder) (string, error) {
	w, err := s.where(b)
	if err != nil {
		return "", err
	}
	return "SELECT " + ColProductID + " FROM " + b.snapshotTable(s.k.a) + " WHERE " + w, nil
}

// idPredicate is the facts' predicate on the scope's products. The product page's
// one product is read by its key alone: its rows are joined with products (the
// scope's where: tenancy, category access), which drops them when the product is
// not the account's or not the user's, and the IN subquery cost ~20 of the page's
// ~60 ms at L.
func (s trendScope) idPredicate(b *builder) (string, error) {
	if s.productID != "" && len(s.k.c.SelectedRows) == 0 && s.lo == "" && s.hi == "" {
		return ColProductID + " = " + b.bind(s.productID), nil
	}
	// The flagged products likewise (the rollup's correction): their flag sets,
	// without a read of the snapshot per fact table.
	if f := (exprs{a: s.k.a}).flaggedProduct(s.flaggedOf); f != "" && s.productID == "" && len(s.k.c.SelectedRows) == 0 && s.lo == "" && s.hi == "" {
		return f, nil
	}
	ids, err := s.ids(b)
	if err != nil {
		return "", err
	}
	// On a cluster the facts are Distributed tables, and the shards run a plain IN
	// subquery themselves: over the Distributed snapshot they read their own part
	// (distributed_product_mode = local), but the snapshot with a delta is merge(),
	// which a shard evaluates in its default database. So that one is GLOBAL: the
	// node running the query reads the ids once and sends them along.
	if s.k.a.SnapshotDelta != 0 {
		return ColProductID + globalIn(s.k.a, false) + "(" + ids + ")", nil
	}
	return ColProductID + " IN (" + ids + ")", nil
}

// products is the subquery of the scope's products with their weight w, the
// catalogue's price cat_mp, the group key g and the extra columns.
func (s trendScope) products(b *builder, extra ...string) (string, error) {
	w, err := s.where(b)
	if err != nil {
		return "", err
	}
	cols := []string{ColProductID, s.k.weight() + " AS w", ColMyPrice + " AS cat_mp"}
	if s.groupBy != "" {
		cols = append(cols, levelKeyExpr(s.groupBy)+" AS g")
	}
	cols = append(cols, extra...)
	return "SELECT " + strings.Join(cols, ", ") + " FROM " + b.snapshotTable(s.k.a) + " WHERE " + w, nil
}

// dayRange is an inclusive range of days.
type dayRange struct{ from, to time.Time }

func (r dayRange) sql(col string) string {
	return col + " BETWEEN " + dateLit(r.from) + " AND " + dateLit(r.to)
}

// dateLit prints a day the compiler resolved (a time.Time, never request text) as
// a Date literal. Dates are printed rather than bound: the same day appears in
// several places of one statement, and a Date compared with a bound time.Time is
// silently wrong on 18.16 (docs/clickhouse-versions.md#what-1816-lacks item 6).
func dateLit(t time.Time) string { return "toDate('" + dayString(t) + "')" }

// span is the smallest range holding all of rs.
func span(rs []dayRange) dayRange {
	out := rs[0]
	for _, r := range rs[1:] {
		if r.from.Before(out.from) {
			out.from = r.from
		}
		if r.to.After(out.to) {
			out.to = r.to
		}
	}
	return out
}

// inRanges is the predicate "col is a day of one of rs" (nothing when rs is one
// range: the expansion emits only its days).
func inRanges(col string, rs []dayRange) string {
	if len(rs) == 1 {
		return ""
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.sql(col)
	}
	return "(" + strings.Join(parts, " OR ") + ")"
}

// pairDays is the subquery of the carried prices: one row (product_id,
// competitor_id, d, px) per pair and day of rs where the pair has a price
// (px is never NaN), for the selected competitors and the scope's products.
func pairDays(b *builder, a Account, comps []Competitor, scope trendScope, rs []dayRange) (string, error) {
	all := span(rs)
	perPair, err := pairScanDays(b, a, comps, scope, all)
	if err != nil {
		return "", err
	}
	// lo/hi: the first and last day scan day s covers inside the range.
	lo := "greatest(s, " + dateLit(all.from) + ")"
	hi := coveredTo(a, all.to)
	expand := "SELECT " + ColProductID + ", " + ColCompetitorID + ", px," +
		" arrayJoin(arrayMap(i -> " + lo + " + i, range(toUInt64(greatest(toInt64(" + hi + ") - toInt64(" + lo + ") + 1, 0))))) AS d" +
		" FROM (" + perPair + ") ARRAY JOIN sd AS s, sp AS px, sn AS nx WHERE NOT isNaN(px)"
	if r := inRanges("d", rs); r != "" {
		expand = "SELECT * FROM (" + expand + ") WHERE " + r
	}
	return expand, nil
}

// coveredTo is the last day that scan day s (next scan day nx) carries its price
// to, up to last: the day before the next scan day, or the staleness limit (the
// scan's own day and the StalenessDays - 1 after it).
func coveredTo(a Account, last time.Time) string {
	return "least(least(nx - 1, s + " + IntLit(int64(a.Settings.StalenessDays)) + " - 1), " + dateLit(last) + ")"
}

// pairScanDays is the subquery of the scans that can carry a price into the days of
// all: one row (product_id, competitor_id, sd, sp, sn) per pair of the selected
// competitors and the scope's products, sd its scan days ascending, sp the price of
// each day's last scan (NaN: not found, which ends the carry), sn the next scan day
// of each (2105-12-31 after the last).
func pairScanDays(b *builder, a Account, comps []Competitor, scope trendScope, all dayRange) (string, error) {
	// Bound values in the order the text reads them: account, competitors, scope.
	acc := b.bind(a.AccountID)
	cids := make([]uint64, len(comps))
	for i, c := range comps {
		cids[i] = uint64(c.ID)
	}
	cset := b.bindUintSet(cids)
	// Flagged matches are no comparison (flags.go): their scans carry no price.
	notFlagged := ""
	if nf := (exprs{a: a}).notFlaggedPair(); nf != "" {
		notFlagged = " AND " + nf
	}
	inScope, err := scope.idPredicate(b)
	if err != nil {
		return "", err
	}
	first, end := dateLit(all.from.AddDate(0, 0, 1-a.Settings.StalenessDays)), dateLit(all.to.AddDate(0, 0, 1))
	// Per pair: its scans sorted by time, then the last one of each day (where
	// the next scan's day differs). One aggregation over (product, competitor)
	// rather than one over (product, competitor, day) and another per pair: 4-10x
	// less work (S, 1.75M scans).
	return "SELECT " + ColProductID + ", " + ColCompetitorID + ", sd, sp, arrayPushBack(arrayPopFront(sd), toDate('2105-12-31')) AS sn FROM (" +
		"SELECT " + ColProductID + ", " + ColCompetitorID + ", arraySort(groupArray(scanned_at)) AS ts, arraySort((x, y) -> y, groupArray(ifNull(price, nan)), groupArray(scanned_at)) AS ps," +
		" arrayMap(t -> toDate(t), ts) AS ds, arrayPushBack(arrayPopFront(ds), toDate('2105-12-31')) AS dn," +
		" arrayFilter((x, y) -> x != y, ds, dn) AS sd, arrayFilter((p, x, y) -> x != y, ps, ds, dn) AS sp" +
		" FROM " + b.table(TableOffers) +
		" WHERE " + ColAccountID + " = " + acc +
		" AND scanned_at >= toDateTime(" + first + ") AND scanned_at < toDateTime(" + end + ")" +
		" AND " + ColCompetitorID + " IN " + cset + notFlagged +
		" AND " + inScope +
		" GROUP BY " + ColProductID + ", " + ColCompetitorID + ")", nil
}

// productDays is the subquery of the scope's daily business metrics in rs: one row
// (product_id, d, dmp, units, dcost, revenue, hd = 1) per product and day that has
// them (the latest version of a reloaded day wins).
func productDays(b *builder, a Account, scope trendScope, rs []dayRange) (string, error) {
	w := ColAccountID + " = " + b.bind(a.AccountID) + " AND " + span(rs).sql("date")
	if r := inRanges("date", rs); r != "" {
		w += " AND " + r
	}
	inScope, err := scope.idPredicate(b)
	if err != nil {
		return "", err
	}
	return "SELECT " + ColProductID + ", date AS d, argMax(my_price, updated_at) AS dmp, argMax(units_sold, updated_at) AS units," +
		" argMax(cost, updated_at) AS dcost, argMax(revenue, updated_at) AS revenue, toUInt8(1) AS hd" +
		" FROM " + b.table(TableProductDaily) + " WHERE " + w + " AND " + inScope +
		" GROUP BY " + ColProductID + ", date", nil
}

// pricedPairDays joins the carried prices with the scope's products (weight,
// group) and the day's business metrics: one row per pair and day with px, w,
// mp (my price on d: the daily metric's, else the catalogue's), units, dcost and
// hd (1 when the product has business metrics on d).
func pricedPairDays(b *builder, a Account, comps []Competitor, scope trendScope, rs []dayRange, extra ...string) (string, error) {
	pd, err := pairDays(b, a, comps, scope, rs)
	if err != nil {
		return "", err
	}
	return pricedJoin(b, a, scope, rs, pd, extra...)
}

// pricedJoin is pricedPairDays over the carried prices pd (pairDays' columns).
func pricedJoin(b *builder, a Account, scope trendScope, rs []dayRange, pd string, extra ...string) (string, error) {
	prods, err := scope.products(b, extra...)
	if err != nil {
		return "", err
	}
	daily, err := productDays(b, a, scope, rs)
	if err != nil {
		return "", err
	}
	return "SELECT *, if(hd = 1 AND dmp > 0, dmp, cat_mp) AS mp FROM (" +
		"SELECT * FROM (" + pd + ") AS lhs ALL INNER JOIN (" + prods + ") AS rhs USING " + ColProductID +
		") AS lhs ANY LEFT JOIN (" + daily + ") AS rhs USING " + ColProductID + ", d", nil
}
