package engine

import (
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The insights panel's counts, exactly: one pass over the account's snapshot (and
// the user's categories), a countIf per insight; the two change counts over the
// offers of every competitor of the account in the last 24 hours / 7 days.
func TestCompileInsights(t *testing.T) {
	now := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC) // 1795413600
	a := Account{AccountID: 7, Categories: []string{"Toys"}, Settings: DefaultSettings(), Now: now,
		Competitors: []Competitor{{ID: 12, Name: "Beta"}, {ID: 11, Name: "Alpha"}},
		// Exact stored totals: the market bucket reads them (t_cmp, t_price).
		Totals: &Totals{Lower: 2, Upper: 2, FreshMin: 4294967295}}
	st, err := CompileInsights(a, InsightKeys)
	require.NoError(t, err)

	// Day: from 1795327200, staleness window from 1792735200. Week: from 1794808800, window from 1792216800.
	changes := func(from, since string) string {
		return "product_id IN (SELECT product_id FROM (SELECT product_id, competitor_id, " +
			"argMaxIf(assumeNotNull(price), scanned_at, scanned_at <= toDateTime(" + from + ")) AS old_price, " +
			"argMaxIf(assumeNotNull(price), scanned_at, scanned_at > toDateTime(" + from + ")) AS new_price " +
			"FROM offers WHERE account_id = ? AND competitor_id IN ? " +
			"AND scanned_at > toDateTime(" + since + ") AND scanned_at <= toDateTime(1795413600) AND price IS NOT NULL " +
			"GROUP BY product_id, competitor_id " +
			"HAVING countIf(scanned_at <= toDateTime(" + from + ")) > 0 AND countIf(scanned_at > toDateTime(" + from + ")) > 0 " +
			"AND old_price != new_price))"
	}
	bucket := "multiIf(NOT (toUInt64(t_cmp) > 0 AND my_price > 0), NULL, " +
		"((my_price - (t_price / toUInt64(t_cmp))) / (t_price / toUInt64(t_cmp)) * 100 - (0)) < (-2), 'I am lower', " +
		"((my_price - (t_price / toUInt64(t_cmp))) / (t_price / toUInt64(t_cmp)) * 100 - (0)) > 2, 'I am higher', 'Price is similar')"
	assert.Equal(t, "SELECT "+
		"countIf("+changes("1795327200", "1792735200")+") AS `changes_at_competitor_last_day`, "+
		"countIf("+changes("1794808800", "1792216800")+") AS `changes_at_competitor_last_week`, "+
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

	// A part: the snapshot-only counts, without the history's.
	st, err = CompileInsights(a, InsightProductKeys)
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
