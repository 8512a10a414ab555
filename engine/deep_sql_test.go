package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The steps of a deep block sorted on one number (deep.go), exact SQL: each step
// reads the block's own predicate; the keys compare as Float64, the bounds are
// bound as their 8 bytes; the quantile levels point at the block's first and last
// rows (counted from the end when descending); the block keeps the grid's order.
func TestDeepStepsSQL(t *testing.T) {
	const where = "account_id = ? AND positionCaseInsensitiveUTF8(name, ?) > 0"
	const key = "toFloat64(if(isNaN(p1), NULL, p1))"
	c, err := ParseCondition([]byte(`{"visible_columns":["Price@3"],"sort":[{"colId":"Price@3","sort":"desc"}],"filters":{"name":{"filterType":"text","type":"contains","filter":"tv"}},"startRow":500000,"limit":100}`))
	require.NoError(t, err)
	a := sqlAccount()

	st, ok, err := CompileDeepCount(a, c)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE "+where+" AND NOT isNaN("+key+")", st.SQL)
	assert.Equal(t, []any{uint32(7), "tv"}, st.Args)

	st, err = CompileDeepKeys(a, c, 1_000_000)
	require.NoError(t, err)
	// Descending: row 500,000 is ascending index 499,999, row 500,100 index 499,899.
	assert.Equal(t, "SELECT quantilesExact(0.4999995, 0.4998995)(assumeNotNull("+key+")) FROM product_snapshot WHERE "+where+" AND NOT isNaN("+key+")", st.SQL)
	_, err = CompileDeepKeys(a, c, 500_100)
	assert.Error(t, err, "the block's next row is past the rows with a number as key")

	st, err = CompileDeepBefore(a, c, 93.55)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE "+where+" AND "+key+" > reinterpretAsFloat64(unhex(?))", st.SQL)
	assert.Equal(t, []any{uint32(7), "tv", "3333333333635740"}, st.Args, "93.55 as its little-endian bytes")

	p, err := CompileDeepRows(a, c, 93.55, 93.51, 499_992)
	require.NoError(t, err)
	assert.Equal(t, "SELECT product_id AS `id`, name AS `name`, img_url AS `img_url`, brand AS `canonical_mfgr_display`, my_price AS `price`, "+
		"comp_ids AS __comp_ids, c_price AS __c_price FROM product_snapshot WHERE account_id = ? AND product_id IN (SELECT product_id FROM product_snapshot WHERE "+where+
		" AND "+key+" <= reinterpretAsFloat64(unhex(?)) AND "+key+" >= reinterpretAsFloat64(unhex(?)) "+
		"ORDER BY if(isNaN(p1), NULL, p1) DESC NULLS LAST, product_id ASC LIMIT 101 OFFSET 8) ORDER BY if(isNaN(p1), NULL, p1) DESC NULLS LAST, product_id ASC", p.SQL)
	assert.Equal(t, []any{uint32(7), uint32(7), "tv", "3333333333635740", "713d0ad7a3605740"}, p.Args, "the bytes ClickHouse gives: hex(reinterpretAsString(93.51))")
	assert.Equal(t, 500000, p.StartRow, "the block's rows are still rows 500,000 on (lastRow)")
	_, err = CompileDeepRows(a, c, 93.55, 93.51, 500_001)
	assert.Error(t, err, "more rows before the block than its start")

	// Ascending: the levels count from the start, the bounds turn round.
	c.Sort[0].Sort = SortAsc
	st, err = CompileDeepKeys(a, c, 1_000_000)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, "quantilesExact(0.5000005, 0.5001005)")
	st, err = CompileDeepBefore(a, c, 1)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, key+" < reinterpretAsFloat64(unhex(?))")
	p, err = CompileDeepRows(a, c, 1, 2, 0)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, key+" >= reinterpretAsFloat64(unhex(?)) AND "+key+" <= reinterpretAsFloat64(unhex(?)) ORDER BY if(isNaN(p1), NULL, p1) ASC NULLS LAST, product_id ASC LIMIT 101 OFFSET 500000)")

	// Not in steps: two sorts, a text sort, group mode, a cluster.
	for _, js := range []string{
		`{"sort":[{"colId":"price","sort":"asc"},{"colId":"name","sort":"asc"}]}`,
		`{"sort":[{"colId":"name","sort":"asc"}]}`,
		`{"sort":[{"colId":"price","sort":"asc"}],"group":[{"id":"category"}]}`,
		`{"report_type":"competitiveness_metrics_snapshot","sort":[{"colId":"price","sort":"asc"}]}`,
	} {
		c, err := ParseCondition([]byte(js))
		require.NoError(t, err)
		_, ok, err := CompileDeepCount(a, c)
		require.NoError(t, err, js)
		assert.False(t, ok, js)
	}
	cl := sqlAccount()
	cl.Cluster = true
	_, ok, err = CompileDeepCount(cl, c)
	require.NoError(t, err)
	assert.False(t, ok, "a cluster")
}
