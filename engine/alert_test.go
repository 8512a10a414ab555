package engine

import (
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An alert's evaluation, exactly: the offers of the watched competitors in the
// period and the staleness window before it, for the products of the report's
// filters and search (its grid state dropped) within the account and the user's
// categories; the names joined from the account's snapshot; and the count of the
// same pairs.
func TestCompilePriceChanges(t *testing.T) {
	a := Account{AccountID: 7, Categories: []string{"Toys"}, Settings: DefaultSettings(),
		Competitors: []Competitor{{ID: 11, Name: "Alpha"}, {ID: 12, Name: "Beta"}}}
	c, err := ParseCondition([]byte(`{"search":"lego","group":[{"id":"category"}],"groupIds":["Bricks"],
		"sort":[{"colId":"name","sort":"desc"}],"visible_columns":["name"],"startRow":100,"limit":50}`))
	require.NoError(t, err)
	to := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	q := PriceChanges{Competitors: []int64{12}, From: to.Add(-24 * time.Hour), To: to, Limit: 50}
	rows, count, err := CompilePriceChanges(a, c, q)
	require.NoError(t, err)

	// From 2026-11-22 06:00 UTC = 1795327200; 30 days of staleness before it, 1792735200; To 1795413600.
	changes := "SELECT product_id, competitor_id, " +
		"argMaxIf(assumeNotNull(price), scanned_at, scanned_at <= toDateTime(1795327200)) AS old_price, " +
		"argMaxIf(assumeNotNull(price), scanned_at, scanned_at > toDateTime(1795327200)) AS new_price " +
		"FROM offers WHERE account_id = ? AND competitor_id IN ? " +
		"AND scanned_at > toDateTime(1792735200) AND scanned_at <= toDateTime(1795413600) AND price IS NOT NULL " +
		"AND product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ? AND super_category IN ? " +
		"AND position(search_text, lowerUTF8(?)) > 0) " +
		"GROUP BY product_id, competitor_id " +
		"HAVING countIf(scanned_at <= toDateTime(1795327200)) > 0 AND countIf(scanned_at > toDateTime(1795327200)) > 0 " +
		"AND old_price != new_price"
	assert.Equal(t, "SELECT product_id, name, competitor_id, old_price, new_price FROM ("+changes+") AS lhs "+
		"ANY LEFT JOIN (SELECT product_id, name FROM product_snapshot WHERE account_id = ?) AS rhs USING product_id "+
		"ORDER BY product_id, competitor_id LIMIT 50", rows.SQL)
	args := []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(12)}}, uint32(7),
		clickhouse.GroupSet{Value: []any{"Toys"}}, "lego"}
	assert.Equal(t, append(args, uint32(7)), rows.Args)
	assert.Equal(t, "SELECT count() FROM ("+changes+")", count.SQL)
	assert.Equal(t, args, count.Args)

	for _, tc := range []struct {
		name  string
		q     PriceChanges
		field string
	}{
		{"another account's competitor", PriceChanges{Competitors: []int64{99}, From: q.From, To: to, Limit: 5}, "competitorsIds"},
		{"no competitor", PriceChanges{From: q.From, To: to, Limit: 5}, "competitorsIds"},
		{"empty period", PriceChanges{Competitors: []int64{11}, From: to, To: to, Limit: 5}, "period"},
		{"no rows", PriceChanges{Competitors: []int64{11}, From: q.From, To: to}, "limit"},
		{"another account's label", PriceChanges{Competitors: []int64{11}, Label: 99, From: q.From, To: to, Limit: 5}, "label_id"},
	} {
		_, _, err := CompilePriceChanges(a, Condition{}, tc.q)
		var e *Error
		require.ErrorAs(t, err, &e, tc.name)
		assert.Equal(t, tc.field, e.Field, tc.name)
	}
	_, _, err = CompilePriceChanges(Account{}, Condition{}, q)
	assert.Error(t, err, "no account, no query")
}

// An alert on a label (no report): the same evaluation over the products that
// carry the label now, the label id bound.
func TestCompilePriceChangesOfALabel(t *testing.T) {
	a := Account{AccountID: 7, Settings: DefaultSettings(), Competitors: []Competitor{{ID: 11, Name: "Alpha"}},
		Labels: []Label{{ID: 5, Name: "Summer"}}}
	to := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	_, count, err := CompilePriceChanges(a, Condition{}, PriceChanges{Competitors: []int64{11}, Label: 5,
		From: to.Add(-24 * time.Hour), To: to, Limit: 10})
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM (SELECT product_id, competitor_id, "+
		"argMaxIf(assumeNotNull(price), scanned_at, scanned_at <= toDateTime(1795327200)) AS old_price, "+
		"argMaxIf(assumeNotNull(price), scanned_at, scanned_at > toDateTime(1795327200)) AS new_price "+
		"FROM offers WHERE account_id = ? AND competitor_id IN ? "+
		"AND scanned_at > toDateTime(1792735200) AND scanned_at <= toDateTime(1795413600) AND price IS NOT NULL "+
		"AND product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ? "+
		"AND product_id IN (SELECT product_id FROM (SELECT product_id, label_id FROM (SELECT product_id, label_id, argMax(assigned, version) AS assigned_now "+
		"FROM product_labels WHERE account_id = ? GROUP BY product_id, label_id) WHERE assigned_now = 1) WHERE label_id = ?)) "+
		"GROUP BY product_id, competitor_id "+
		"HAVING countIf(scanned_at <= toDateTime(1795327200)) > 0 AND countIf(scanned_at > toDateTime(1795327200)) > 0 "+
		"AND old_price != new_price)", count.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(11)}}, uint32(7), uint32(7), uint64(5)}, count.Args)
}
