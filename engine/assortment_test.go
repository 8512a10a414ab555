package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The aggregated assortment reports: a row per (group, competitor) by ARRAY JOIN
// of the dense slots, the definitions of assortment.go, competitor names and
// every value bound, the condition's predicate (tenancy first) on the products.
func TestAssortmentSQL(t *testing.T) {
	found := "(pc != 0 AND NOT isNaN(px) AND pt >= toDateTime(1764633600) AND NOT pf)"
	cmp := "(" + found + " AND NOT isNaN(pd))"
	metrics := "count() AS products, countIf(" + found + ") AS found, products - found AS not_found, if(products = 0, NULL, found * 100 / products) AS coverage, " +
		"countIf(" + found + " AND pis = 1) AS in_stock, countIf(" + found + " AND pos = 1) AS on_sale, " +
		"countIf(" + cmp + " AND (pd - (0)) < (-2)) AS lower, countIf(" + cmp + " AND (pd - (0)) >= (-2) AND (pd - (0)) <= 2) AS similar, " +
		"countIf(" + cmp + " AND (pd - (0)) > 2) AS higher"
	head := "SELECT gk AS group_key, toInt64(sc) AS competitor_id, transform(toUInt64(sc), ?, ?, '') AS competitor, " + metrics

	c, err := ParseCondition([]byte(`{"sort":[{"colId":"coverage","sort":"desc"}],"limit":10,"search":"tv"}`))
	require.NoError(t, err)
	p, err := CompileAssortmentRows(sqlAccount(), c, AssortmentByBrand)
	require.NoError(t, err)
	assert.Equal(t, head+" FROM (SELECT gk, sc, pc, px, pis, pos, pt, fd AS pd, 0 AS pf FROM (SELECT if(brand = '', '(none)', brand) AS gk, "+
		"slot_ids, comp_ids, c_price, c_in_stock, c_on_sale, c_seen, c_delta AS fd_arr FROM product_snapshot WHERE account_id = ? AND position(search_text, lowerUTF8(?)) > 0) "+
		"ARRAY JOIN slot_ids AS sc, comp_ids AS pc, c_price AS px, c_in_stock AS pis, c_on_sale AS pos, c_seen AS pt, fd_arr AS fd WHERE sc IN (3, 9)) "+
		"GROUP BY group_key, sc ORDER BY `coverage` DESC, group_key ASC, competitor_id ASC LIMIT 11 OFFSET 0", p.SQL)
	assert.Equal(t, []any{[]uint64{3, 9}, []string{"Alpha'; DROP", "Beta"}, uint32(7), "tv"}, p.Args)
	assert.Equal(t, "brand", p.GroupField)

	// Per competitor, counted, with a flagged match: the flagged pair is neither found nor in a bucket.
	p, err = CompileAssortmentCount(flaggedAccount(), Condition{CompetitorIDs: []int64{9}}, AssortmentCompetitors)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM ("+head+" FROM (SELECT gk, sc, pc, px, pis, pos, pt, fd AS pd, isNaN(fd) AND NOT isNaN(rd) AS pf FROM (SELECT 'all' AS gk, "+
		"slot_ids, comp_ids, c_price, c_in_stock, c_on_sale, c_seen, c_delta AS rd_arr, arrayMap((d_, c_, g0_) -> if((c_ = 9 AND g0_), nan, d_), c_delta, comp_ids, "+
		"arrayResize(emptyArrayUInt8(), length(c_delta), toUInt8(product_id IN (SELECT v FROM _flagged_9)))) AS fd_arr FROM product_snapshot WHERE account_id = ?) "+
		"ARRAY JOIN slot_ids AS sc, comp_ids AS pc, c_price AS px, c_in_stock AS pis, c_on_sale AS pos, c_seen AS pt, rd_arr AS rd, fd_arr AS fd WHERE sc IN (9)) "+
		"GROUP BY group_key, sc)", p.SQL)
	assert.Len(t, p.Sets, 1)

	// assortment_products is the product grid with the assortment's columns.
	p, err = CompileAssortmentCount(sqlAccount(), Condition{}, AssortmentProducts)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ?", p.SQL)
	cols, err := AssortmentColumns(sqlAccount(), AssortmentProducts)
	require.NoError(t, err)
	var ids []string
	for _, c := range cols {
		ids = append(ids, c.ID)
	}
	assert.Equal(t, []string{"id", "name", "canonical_mfgr_display", "category_display", "price", "Price@3", "bucket@3", "in_stock@3", "on_sale@3",
		"Price@9", "bucket@9", "in_stock@9", "on_sale@9"}, ids)
}

// Hostile report names and sort ids are refused by name, never printed.
func TestAssortmentHostile(t *testing.T) {
	for _, v := range hostileStrings {
		_, err := ParseAssortment(v)
		require.Error(t, err)
		_, err = CompileAssortmentRows(testAccount(), Condition{Sort: []SortItem{{ColID: v, Sort: SortAsc}}}, AssortmentByCategory)
		require.Error(t, err, v)
		c := Condition{Search: v}
		p, err := CompileAssortmentRows(testAccount(), c, AssortmentByCategory)
		require.NoError(t, err)
		if len(v) > 3 {
			assert.NotContains(t, p.SQL, v)
		}
		assert.Contains(t, p.SQL, "WHERE account_id = ?")
	}
	_, err := CompileAssortmentRows(testAccount(), Condition{Sort: []SortItem{{ColID: "brand", Sort: SortAsc}}}, AssortmentCompetitors)
	assert.Error(t, err, "no group column in the per-competitor report")
}
