package engine

import (
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real-time view's statements: the chosen competitors' latest offers newest
// first (the product id and competitor as tie-breakers), bound names, tenancy first;
// a block reads its page of pairs from the competitor ids and scan times (one
// statement), then everything else for those pairs only (a second); the count
// counts the pairs.
func TestRealTimeSQL(t *testing.T) {
	// The page: its pairs by scan time, read from the competitor ids and scan times alone.
	p, err := CompileRealTimePage(sqlAccount(), []int64{9}, 200)
	require.NoError(t, err)
	assert.Equal(t, "SELECT concat(product_id, '@', toString(pc)) AS pair, product_id FROM (SELECT product_id, pc, pt FROM "+
		"(SELECT product_id, comp_ids, c_seen FROM product_snapshot WHERE account_id = ?) ARRAY JOIN comp_ids AS pc, c_seen AS pt WHERE pc IN (9) "+
		"ORDER BY pt DESC, product_id ASC, pc ASC LIMIT 101 OFFSET 200) ORDER BY pt DESC, product_id ASC, pc ASC", p.SQL)
	assert.Equal(t, []any{uint32(7)}, p.Args)

	// The block: everything else for the page's pairs only.
	p, err = CompileRealTime(sqlAccount(), []int64{9}, 200, RealTimePage{Pairs: []string{"p1@9", "p2@9"}, Products: []string{"p1", "p2"}})
	require.NoError(t, err)
	cmp := "(pt >= toDateTime(1764633600) AND NOT isNaN(pd))"
	assert.Equal(t, "SELECT concat(product_id, '@', toString(pc)) AS id, product_id, name, my_price AS price, toInt64(pc) AS competitor_id, "+
		"transform(toUInt64(pc), ?, ?, '') AS competitor, pn AS competitor_name, if(isNaN(px), NULL, px) AS competitor_price, if("+cmp+", pd, NULL) AS price_delta, "+
		"multiIf(NOT "+cmp+", NULL, (pd - (0)) < (-2), 'I am lower', (pd - (0)) > 2, 'I am higher', 'Price is similar') AS bucket, "+
		"pis AS in_stock, pos AS on_sale, pu AS URL, pt AS seen_at FROM (SELECT product_id, name, my_price, comp_ids, c_price, c_delta AS fd_arr, c_seen, c_in_stock, c_on_sale, c_name, c_url "+
		"FROM product_snapshot WHERE account_id = ? AND product_id IN ?) "+
		"ARRAY JOIN comp_ids AS pc, c_price AS px, fd_arr AS pd, c_seen AS pt, c_in_stock AS pis, c_on_sale AS pos, c_name AS pn, c_url AS pu "+
		"WHERE concat(product_id, '@', toString(pc)) IN ? ORDER BY pt DESC, product_id ASC, pc ASC", p.SQL)
	assert.Equal(t, []any{[]uint64{9}, []string{"Beta"}, uint32(7), clickhouse.GroupSet{Value: []any{"p1", "p2"}},
		clickhouse.GroupSet{Value: []any{"p1@9", "p2@9"}}}, p.Args)

	p, err = CompileRealTimeCount(sqlAccount(), nil)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM (SELECT product_id, pc, pt FROM (SELECT product_id, comp_ids, c_seen FROM product_snapshot WHERE account_id = ?) ARRAY JOIN comp_ids AS pc, c_seen AS pt WHERE pc IN (3, 9))", p.SQL)
	assert.Equal(t, []any{uint32(7)}, p.Args)

	for _, bad := range []struct {
		comps  []int64
		offset int
	}{{[]int64{42}, 0}, {nil, -1}, {nil, MaxRealTimeOffset + 1}} {
		_, err := CompileRealTimePage(sqlAccount(), bad.comps, bad.offset)
		assert.Error(t, err)
	}
	_, err = CompileRealTimePage(Account{}, nil, 0)
	assert.Error(t, err, "no account")
}
