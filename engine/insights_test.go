package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The insights panel's counts, exactly: one pass over the account's snapshot (and
// the user's categories), a countIf per insight; the two change counts over the
// price-change events of every competitor of the account in the last 24 hours / 7 days.
func TestCompileInsights(t *testing.T) {
	now := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC) // 1795413600
	a := Account{AccountID: 7, Categories: []string{"Toys"}, Settings: DefaultSettings(), Now: now,
		Competitors: []Competitor{{ID: 12, Name: "Beta"}, {ID: 11, Name: "Alpha"}},
		// Exact stored totals: the market bucket reads them (t_cmp, t_price).
		Totals: &Totals{Lower: 2, Upper: 2, FreshMin: 4294967295}}
	st, err := CompileInsights(a, InsightKeys)
	require.NoError(t, err)

	// Day: from 1795327200, week: from 1794808800; the staleness limit is 30 days (2592000 s).
	changes := func(from string) string {
		return "product_id IN (SELECT product_id FROM price_changes WHERE account_id = ? " +
			"AND changed_at > toDateTime(" + from + ") AND changed_at <= toDateTime(1795413600) " +
			"AND prev_at >= changed_at - 2592000 AND competitor_id IN ?)"
	}
	bucket := "multiIf(NOT (toUInt64(t_cmp) > 0 AND my_price > 0), NULL, " +
		"((my_price - (t_price / toUInt64(t_cmp))) / (t_price / toUInt64(t_cmp)) * 100 - (0)) < (-2), 'I am lower', " +
		"((my_price - (t_price / toUInt64(t_cmp))) / (t_price / toUInt64(t_cmp)) * 100 - (0)) > 2, 'I am higher', 'Price is similar')"
	assert.Equal(t, "SELECT "+
		"countIf("+changes("1795327200")+") AS `changes_at_competitor_last_day`, "+
		"countIf("+changes("1794808800")+") AS `changes_at_competitor_last_week`, "+
		"countIf(ifNull("+bucket+" = 'I am lower', 0)) AS `num_products_for_price_up`, "+
		"countIf(ifNull("+bucket+" = 'I am higher', 0)) AS `num_products_for_price_down`, "+
		"countIf(arrayExists((s_, x_, t_) -> s_ = 0 AND NOT isNaN(x_) AND t_ >= toDateTime(1792821600), c_in_stock, c_price, c_seen)) AS `num_products_out_of_stock_at_comp` "+
		"FROM product_snapshot WHERE account_id = ? AND super_category IN ?", st.SQL)
	comps := clickhouse.GroupSet{Value: []any{uint64(11), uint64(12)}}
	assert.Equal(t, []any{uint32(7), comps, uint32(7), comps, uint32(7), clickhouse.GroupSet{Value: []any{"Toys"}}}, st.Args)

	_, err = CompileInsights(Account{}, InsightKeys)
	assert.Error(t, err, "no account, no query")
	_, err = CompileInsights(a, []string{"everything"})
	assert.Error(t, err, "an unknown insight")

	// A part: the snapshot-only counts, without the events'.
	st, err = CompileInsights(a, []string{InsightPriceUp, InsightPriceDown, InsightOutOfStock})
	require.NoError(t, err)
	assert.Equal(t, "SELECT "+
		"countIf(ifNull("+bucket+" = 'I am lower', 0)) AS `num_products_for_price_up`, "+
		"countIf(ifNull("+bucket+" = 'I am higher', 0)) AS `num_products_for_price_down`, "+
		"countIf(arrayExists((s_, x_, t_) -> s_ = 0 AND NOT isNaN(x_) AND t_ >= toDateTime(1792821600), c_in_stock, c_price, c_seen)) AS `num_products_out_of_stock_at_comp` "+
		"FROM product_snapshot WHERE account_id = ? AND super_category IN ?", st.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"Toys"}}}, st.Args)
}

// An insight is a grid filter: its count is the report's row count because the
// report's WHERE is the same predicate; an unknown insight or a wrong filter
// type is a 400 naming the filter.
func TestInsightFilter(t *testing.T) {
	now := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	a := Account{AccountID: 7, Settings: DefaultSettings(), Now: now, Competitors: []Competitor{{ID: 11, Name: "Alpha"}}}
	c, err := ParseCondition([]byte(`{"report_type":"all_my_products","filters":{"insight":{"filterType":"radio","value":"num_products_out_of_stock_at_comp"}}}`))
	require.NoError(t, err)
	p, err := CompileCount(a, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND "+
		"arrayExists((s_, x_, t_) -> s_ = 0 AND NOT isNaN(x_) AND t_ >= toDateTime(1792821600), c_in_stock, c_price, c_seen)", p.SQL)
	assert.Equal(t, []any{uint32(7)}, p.Args)

	for _, tc := range []struct{ raw, field, msg string }{
		{`{"insight":{"filterType":"radio","value":"everything"}}`, "filters.insight.value", `"everything" is not one of`},
		{`{"insight":{"filterType":"text","type":"contains","filter":"x"}}`, "filters.insight", "needs a radio filter"},
	} {
		c, err := ParseCondition([]byte(`{"filters":` + tc.raw + `}`))
		require.NoError(t, err)
		_, err = CompileCount(a, c)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, tc.field, e.Field)
		assert.Contains(t, e.Error(), tc.msg)
	}
	// No competitor: nothing changed, nothing to raise or reduce.
	c, err = ParseCondition([]byte(`{"filters":{"insight":{"filterType":"radio","value":"num_products_for_price_up"}}}`))
	require.NoError(t, err)
	p, err = CompileCount(Account{AccountID: 7, Now: now}, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND 0", p.SQL)
}

// Each insight's predicate by what the snapshot's build stored (migration 00150):
// without the insight state, the raw reads (events, array lambdas); with it, one
// plain column each; with it but another staleness limit, the changes read the
// events again (the stored change used the build's limit) while out of stock
// still reads its column (a scan time, whatever the limit); with an open flag, a
// product with a flagged match counts only through its events at other pairs.
func TestInsightPredicateByState(t *testing.T) {
	now := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC) // 1795413600; week from 1794808800; cutoff 1792821600
	rawWeek := "product_id IN (SELECT product_id FROM price_changes WHERE account_id = ? AND changed_at > toDateTime(1794808800) " +
		"AND changed_at <= toDateTime(1795413600) AND prev_at >= changed_at - 2592000 AND competitor_id IN ?)"
	rawOOS := "arrayExists((s_, x_, t_) -> s_ = 0 AND NOT isNaN(x_) AND t_ >= toDateTime(1792821600), c_in_stock, c_price, c_seen)"
	stored := &Totals{Lower: 2, Upper: 2, FreshMin: 4294967295, Insights: true, ChangeDays: 30}
	other := &Totals{Lower: 2, Upper: 2, FreshMin: 4294967295, Insights: true, ChangeDays: 7}
	before := &Totals{Lower: 2, Upper: 2, FreshMin: 4294967295}
	for _, tc := range []struct {
		name    string
		totals  *Totals
		flagged map[int64][]string
		key     string
		where   string
		cluster bool
	}{
		{"changes, no state", before, nil, InsightChangesLastWeek, rawWeek, false},
		{"changes, no state, on a cluster: the events are read once and sent to the shards", before, nil, InsightChangesLastWeek,
			strings.Replace(rawWeek, "product_id IN (SELECT", "product_id GLOBAL IN (SELECT", 1), true},
		{"changes, stored, a flag open, on a cluster", stored, map[int64][]string{11: {"p1"}}, InsightChangesLastWeek,
			"t_changed_at > 1794808800 AND (NOT (product_id IN (SELECT v FROM _flagged_11)) OR product_id GLOBAL IN (SELECT product_id FROM price_changes " +
				"WHERE account_id = ? AND changed_at > toDateTime(1794808800) AND changed_at <= toDateTime(1795413600) AND prev_at >= changed_at - 2592000 " +
				"AND competitor_id IN ? AND (product_id IN (SELECT v FROM _flagged_11)) AND NOT ((competitor_id = 11 AND product_id IN (SELECT v FROM _flagged_11)))))", true},
		{"changes, stored", stored, nil, InsightChangesLastWeek, "t_changed_at > 1794808800", false},
		{"changes, stored with another staleness limit", other, nil, InsightChangesLastWeek, rawWeek, false},
		{"changes, stored, a flag open", stored, map[int64][]string{11: {"p1"}}, InsightChangesLastWeek,
			"t_changed_at > 1794808800 AND (NOT (product_id IN (SELECT v FROM _flagged_11)) OR product_id IN (SELECT product_id FROM price_changes " +
				"WHERE account_id = ? AND changed_at > toDateTime(1794808800) AND changed_at <= toDateTime(1795413600) AND prev_at >= changed_at - 2592000 " +
				"AND competitor_id IN ? AND (product_id IN (SELECT v FROM _flagged_11)) AND NOT ((competitor_id = 11 AND product_id IN (SELECT v FROM _flagged_11)))))", false},
		{"out of stock, no state", before, nil, InsightOutOfStock, rawOOS, false},
		{"out of stock, stored", stored, nil, InsightOutOfStock, "t_oos_at >= 1792821600", false},
		{"out of stock, stored with another staleness limit", other, nil, InsightOutOfStock, "t_oos_at >= 1792821600", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Account{AccountID: 7, Settings: DefaultSettings(), Now: now, Totals: tc.totals, Flagged: tc.flagged,
				Competitors: []Competitor{{ID: 11, Name: "Alpha"}}, Cluster: tc.cluster}
			c, err := ParseCondition([]byte(`{"filters":{"insight":{"filterType":"radio","value":"` + tc.key + `"}}}`))
			require.NoError(t, err)
			p, err := CompileCount(a, c)
			require.NoError(t, err)
			assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND "+tc.where, p.SQL)
		})
	}
}

// Once the clock has moved the staleness cutoff past a counted scan, the panel
// counts in two parts: the rows whose own earliest counted scan is still fresh
// with the stored totals, the others with the lambdas; with other settings than
// the build's, or a pair that was stale at build and not yet past the cutoff (not
// possible for a later clock, but a hand-set one), or without a market key, one
// pass as before.
func TestCompileInsightsSplit(t *testing.T) {
	now := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC) // cutoff 1792821600
	state := func(fresh, stale uint32, lower float64) *Totals {
		return &Totals{Lower: lower, Upper: 2, FreshMin: fresh, StaleMax: stale, Insights: true, ChangeDays: 30}
	}
	stored := "ifNull(multiIf(NOT (toUInt64(t_cmp) > 0 AND my_price > 0), NULL, ((my_price - (t_price / toUInt64(t_cmp))) / (t_price / toUInt64(t_cmp)) * 100 - (0)) < (-2), 'I am lower', " +
		"((my_price - (t_price / toUInt64(t_cmp))) / (t_price / toUInt64(t_cmp)) * 100 - (0)) > 2, 'I am higher', 'Price is similar') = 'I am lower', 0)"
	for _, tc := range []struct {
		name   string
		totals *Totals
		keys   []string
		split  bool
	}{
		{"exact: one pass", state(1792821600, 0, 2), []string{InsightPriceUp}, false},
		{"a counted scan past the cutoff: two parts", state(1792821599, 0, 2), []string{InsightPriceUp}, true},
		{"past the cutoff, other settings: one pass", state(1792821599, 0, 3), []string{InsightPriceUp}, false},
		{"past the cutoff, a stale pair not yet past it: one pass", state(1792821599, 1792821600, 2), []string{InsightPriceUp}, false},
		{"past the cutoff, no market key: one pass", state(1792821599, 0, 2), []string{InsightOutOfStock}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Account{AccountID: 7, Settings: DefaultSettings(), Now: now, Totals: tc.totals, Competitors: []Competitor{{ID: 11, Name: "Alpha"}}}
			st, err := CompileInsights(a, tc.keys)
			require.NoError(t, err)
			if !tc.split {
				assert.NotContains(t, st.SQL, "UNION ALL")
				return
			}
			lambdas := newExprs(Account{AccountID: 7, Settings: DefaultSettings(), Now: now, Competitors: a.Competitors}).marketBucket(a.Competitors)
			assert.Equal(t, "SELECT sum(n0) AS `num_products_for_price_up` FROM ("+
				"SELECT countIf("+stored+") AS n0 FROM product_snapshot WHERE account_id = ? AND t_fresh_min >= 1792821600 UNION ALL "+
				"SELECT countIf(ifNull("+lambdas+" = 'I am lower', 0)) AS n0 FROM product_snapshot WHERE account_id = ? AND t_fresh_min < 1792821600)", st.SQL)
			assert.Equal(t, []any{uint32(7), uint32(7)}, st.Args)
		})
	}
}
