package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func flaggedAccount() Account {
	a := sqlAccount()
	a.Flagged = map[int64][]string{9: {"p1", "x'); DROP TABLE products; --"}, 42: {"not a competitor of the account"}}
	return a
}

// A flagged match is no comparison: the per-competitor delta reads NaN for the
// flagged products (so cmp, buckets and market price drop the pair), the product
// ids travel as the external set _flagged_9 (never in the SQL text), and the
// stored all-competitor totals lose the flagged pairs' terms (or, without them,
// the lambdas read the masked arrays).
func TestFlaggedMatchSQL(t *testing.T) {
	c, err := ParseCondition([]byte(`{"filters":{"bucket@9":{"filterType":"radio","value":"I am lower"}}}`))
	require.NoError(t, err)
	p, err := CompileCount(flaggedAccount(), c)
	require.NoError(t, err)
	d := "if(product_id IN (SELECT v FROM _flagged_9), nan, c_delta[2])"
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND ifNull(multiIf(NOT (2 > 0 AND NOT isNaN("+d+
		") AND c_seen[2] >= toDateTime(1764633600)), NULL, ("+d+" - (0)) < (-2), 'I am lower', ("+d+" - (0)) > 2, 'I am higher', 'Price is similar') = ?, 0)", p.SQL)
	assert.Equal(t, []Set{{Name: "_flagged_9", Type: "String", Values: []any{"p1", "x'); DROP TABLE products; --"}}}, p.Sets)
	assert.NotContains(t, p.SQL, "DROP")

	// All competitors, with the snapshot's stored totals: the flagged pairs' terms
	// (unmasked) are taken out of them, one scalar term per flagged competitor.
	c, err = ParseCondition([]byte(`{"report_type":"my_products_at_competitors"}`))
	require.NoError(t, err)
	p, err = CompileCount(flaggedAccount(), c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND (toUInt64(t_cmp) - (if(product_id IN (SELECT v FROM _flagged_9), "+
		"toUInt32((2 > 0 AND NOT isNaN(c_delta[2]) AND c_seen[2] >= toDateTime(1764633600))), 0))) > 0", p.SQL)
	assert.Len(t, p.Sets, 1)

	// Without usable totals: the lambdas read the masked array.
	noTotals := flaggedAccount()
	noTotals.Totals = nil
	p, err = CompileCount(noTotals, c)
	require.NoError(t, err)
	masked := "arrayMap((d_, c_, g0_) -> if((c_ = 9 AND g0_), nan, d_), c_delta, comp_ids, " +
		"arrayResize(emptyArrayUInt8(), length(c_delta), toUInt8(product_id IN (SELECT v FROM _flagged_9))))"
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND toUInt64(arraySum((d_, t_) -> if(t_ >= toDateTime(1764633600) AND NOT isNaN(d_), 1 + "+
		"if((d_ - (0)) < (-2), 1000, 0) + if((d_ - (0)) > 2, 1000000, 0), 0), "+masked+", c_seen) % 1000) > 0", p.SQL)
	assert.Len(t, p.Sets, 1)

	// Group rows per competitor: the ARRAY JOIN reads the masked array.
	c, err = ParseCondition([]byte(`{"group":[{"id":"vertical"}],"visible_columns":["Lower@9"]}`))
	require.NoError(t, err)
	p, err = CompileGroupCompetitors(flaggedAccount(), c, []string{"TVs"})
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "comp_ids, "+masked+" AS fd, c_seen FROM product_snapshot WHERE account_id = ?) ARRAY JOIN comp_ids AS pc, fd AS pd, c_seen AS pt")
	assert.Len(t, p.Sets, 1)

	// Without flags nothing changes and no set is sent.
	p, err = CompileCount(sqlAccount(), c)
	require.NoError(t, err)
	assert.Empty(t, p.Sets)
	assert.False(t, strings.Contains(p.SQL, "_flagged_"))
}

// Alerts over offers skip flagged pairs.
func TestFlaggedMatchAlertSQL(t *testing.T) {
	now := sqlAccount().Now
	rows, _, err := CompilePriceChanges(flaggedAccount(), Condition{}, PriceChanges{Competitors: []int64{9}, From: now.AddDate(0, 0, -1), To: now, Limit: 10})
	require.NoError(t, err)
	assert.Contains(t, rows.SQL, "AND price IS NOT NULL AND NOT ((competitor_id = 9 AND product_id IN (SELECT v FROM _flagged_9)))")
	assert.Len(t, rows.Sets, 1)
}

// Every statement that reads the account's flag sets sends them: the product row
// (tooltips, details, the competitor grid) did not, and every product of an
// account with an open flag failed on the server. The builder re-checks at print
// time, so a statement built without the sets is refused before it runs.
func TestFlagSetsGoWithTheStatement(t *testing.T) {
	a := flaggedAccount()
	for name, compile := range map[string]func() (Plan, error){
		"product row":       func() (Plan, error) { return CompileProduct(a, "p1", nil) },
		"competitor offers": func() (Plan, error) { return CompileCompetitorOffers(a, "p1") },
	} {
		p, err := compile()
		require.NoError(t, err, name)
		require.Contains(t, p.SQL, "_flagged_9", name)
		assert.Equal(t, []Set{{Name: "_flagged_9", Type: "String", Values: []any{"p1", "x'); DROP TABLE products; --"}}}, p.Sets, name)
	}
	b := &builder{} // no account: no sets
	_, err := b.statement("SELECT 1 FROM product_snapshot WHERE product_id IN (SELECT v FROM _flagged_9)")
	assert.EqualError(t, err, "engine: the statement reads the flag set _flagged_9 but does not send it")
	_, err = newBuilder(a).statement("SELECT 1 FROM product_snapshot WHERE product_id IN (SELECT v FROM _flagged_9)")
	assert.NoError(t, err)
}
