package engine

import (
	"strings"
	"time"
)

// PriceChanges is what a price alert asks (docs/exports.md#price-alerts): the competitors it
// watches and the period (From, To]. A product's competitor price changed in the
// period when the last price scanned in it differs from the last price scanned
// before it (within the account's staleness window: older scans are not a price
// the competitor still has). Scans without a price (not found, not available) are
// left out on both sides, so a product new at a competitor is not a change.
type PriceChanges struct {
	Competitors []int64
	// Label, when not 0, restricts the products to those carrying this label of
	// the account (an alert that watches a label).
	Label    uint64
	From, To time.Time
	Limit    int // rows listed; the count says how many changed in all
}

// MaxAlertRows bounds PriceChanges.Limit: an alert mail lists at most this many.
const MaxAlertRows = 1000

// CompilePriceChanges compiles an alert's evaluation over the products of a
// report's condition (its report type, filters and search; its grid state —
// groups, sort, columns, paging — does not matter): rows are product_id, name,
// competitor_id, old_price and new_price ordered by product and competitor, at
// most q.Limit; count is how many (product, competitor) pairs changed. The
// account predicate and the user's category access come from the compiler, on
// the offers and on the products alike.
func CompilePriceChanges(a Account, c Condition, q PriceChanges) (rows, count Statement, err error) {
	c.Group, c.GroupIDs, c.Sort, c.VisibleColumns, c.StartRow, c.Limit = nil, nil, nil, nil, 0, 0
	if q.Limit <= 0 || q.Limit > MaxAlertRows {
		return rows, count, bad("limit", "must be 1 to %d", MaxAlertRows)
	}
	if !q.From.Before(q.To) {
		return rows, count, bad("period", "must end after it starts")
	}
	if len(q.Competitors) == 0 {
		return rows, count, bad("competitorsIds", "choose at least one competitor")
	}
	k, err := newCompiler(a, c)
	if err != nil {
		return rows, count, err
	}
	comps := make([]uint64, len(q.Competitors))
	for i, id := range q.Competitors {
		if _, ok := k.a.competitor(id); !ok {
			return rows, count, bad("competitorsIds", "%d is not a competitor of this account", id)
		}
		comps[i] = uint64(id)
	}
	if q.Label != 0 && !k.a.hasLabel(q.Label) {
		return rows, count, bad("label_id", "%d is not a label of this account", q.Label)
	}
	changes := func(b *builder) (string, error) {
		return b.priceChangePairs(k.a, comps, q.From, q.To, func(b *builder) (string, error) {
			w, err := k.where(b)
			if q.Label != 0 {
				w += " AND " + ColProductID + " IN (SELECT " + ColProductID + " FROM " + b.labelsSubquery(k.a) +
					" WHERE label_id = " + b.bind(q.Label) + ")"
			}
			return ColProductID + " IN (SELECT " + ColProductID + " FROM " + b.snapshotTable(k.a) + " WHERE " + w + ")", err
		})
	}
	b := k.builder()
	inner, err := changes(b)
	if err != nil {
		return rows, count, err
	}
	rows, err = b.statement(strings.Join([]string{
		"SELECT " + ColProductID + ", " + ColName + ", " + ColCompetitorID + ", old_price, new_price FROM (" + inner + ") AS lhs",
		"ANY LEFT JOIN (SELECT " + ColProductID + ", " + ColName + " FROM " + b.snapshotTable(k.a) +
			" WHERE " + ColAccountID + " = " + b.bind(k.a.AccountID) + b.snapshotVisible(k.a) + ") AS rhs USING " + ColProductID,
		"ORDER BY " + ColProductID + ", " + ColCompetitorID + " LIMIT " + IntLit(int64(q.Limit)),
	}, " "))
	if err != nil {
		return rows, count, err
	}
	cb := k.builder()
	if inner, err = changes(cb); err != nil {
		return rows, count, err
	}
	count, err = cb.statement("SELECT count() FROM (" + inner + ")")
	return rows, count, err
}

// priceChangePairs is the subquery of the (product, competitor) pairs of the
// competitors comps whose price changed in (from, to] (PriceChanges): columns
// product_id, competitor_id, old_price, new_price. restrict (nil: none) adds a
// predicate on the offers, e.g. the products of a report. Alerts and the insights
// panel count changes with this one definition.
func (b *builder) priceChangePairs(a Account, comps []uint64, from, to time.Time, restrict func(*builder) (string, error)) (string, error) {
	// The times are the job's or the clock's, not the request's: written as numbers (IntLit).
	at := func(t time.Time) string { return "toDateTime(" + IntLit(t.Unix()) + ")" }
	f := at(from)
	since := at(from.Add(-time.Duration(a.Settings.StalenessDays) * 24 * time.Hour))
	// Arguments bind in the order the SQL names them: the builder's "?" are positional.
	sql := "SELECT " + ColProductID + ", " + ColCompetitorID +
		", argMaxIf(assumeNotNull(price), scanned_at, scanned_at <= " + f + ") AS old_price" +
		", argMaxIf(assumeNotNull(price), scanned_at, scanned_at > " + f + ") AS new_price" +
		" FROM " + b.table(TableOffers) +
		" WHERE " + ColAccountID + " = " + b.bind(a.AccountID) +
		" AND " + ColCompetitorID + " IN " + b.bindUintSet(comps) +
		" AND scanned_at > " + since + " AND scanned_at <= " + at(to) + " AND price IS NOT NULL"
	if nf := (exprs{a: a}).notFlaggedPair(); nf != "" {
		sql += " AND " + nf // flagged matches are no price change (flags.go)
	}
	if restrict != nil {
		r, err := restrict(b)
		if err != nil {
			return "", err
		}
		sql += " AND " + r
	}
	return sql + " GROUP BY " + ColProductID + ", " + ColCompetitorID +
		" HAVING countIf(scanned_at <= " + f + ") > 0 AND countIf(scanned_at > " + f + ") > 0" +
		" AND old_price != new_price", nil
}
