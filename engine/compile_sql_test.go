package engine

import (
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exact SQL and arguments of count plans (SigNoz-style statement tests): the
// account predicate comes first, values are bound, text matching is case-insensitive
// and blanks follow ag-grid (NULL, empty or whitespace-only). The results of the same
// plans are checked against real ClickHouse in the report service's integration tests (report/engine_integration_test.go).
func TestCountSQL(t *testing.T) {
	const head = "SELECT count() FROM product_snapshot WHERE account_id = ? AND "
	cases := []struct {
		name, condition, where string
		args                   []any
	}{
		{
			name:      "number in range, inclusive",
			condition: `{"filters":{"price":{"filterType":"number","type":"inRange","filter":10,"filterTo":20}}}`,
			where:     "ifNull(my_price >= ? AND my_price <= ?, 0)",
			args:      []any{uint32(7), 10.0, 20.0},
		},
		{
			name:      "set with blanks, case-insensitive",
			condition: `{"filters":{"canonical_mfgr_display":{"filterType":"set","values":["Acme",null]}}}`,
			where:     `(ifNull(lowerUTF8(brand) IN ?, 0) OR (isNull(brand) OR match(assumeNotNull(brand), '^\\s*$')))`,
			args:      []any{uint32(7), clickhouse.GroupSet{Value: []any{"acme"}}},
		},
		{
			name: "text contains OR blank",
			condition: `{"filters":{"name":{"filterType":"text","operator":"OR","conditions":[` +
				`{"filterType":"text","type":"contains","filter":"tv"},{"filterType":"text","type":"blank"}]}}}`,
			where: `((positionCaseInsensitiveUTF8(name, ?) > 0) OR ((isNull(name) OR match(assumeNotNull(name), '^\\s*$'))))`,
			args:  []any{uint32(7), "tv"},
		},
		{
			name:      "search",
			condition: `{"search":"Tv"}`,
			where:     "position(search_text, lowerUTF8(?)) > 0",
			args:      []any{uint32(7), "Tv"},
		},
		{
			name:      "competitor price below a value drops products without that offer",
			condition: `{"filters":{"Price@9":{"filterType":"number","type":"lessThan","filter":5}}}`,
			where:     "ifNull(if(indexOf(comp_ids, 9) = 0 OR isNaN(c_price[indexOf(comp_ids, 9)]), NULL, c_price[indexOf(comp_ids, 9)]) < ?, 0)",
			args:      []any{uint32(7), 5.0},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCondition([]byte(tc.condition))
			require.NoError(t, err)
			p, err := CompileCount(testAccount(), c)
			require.NoError(t, err)
			assert.Equal(t, head+tc.where, p.SQL)
			assert.Equal(t, tc.args, p.Args)
		})
	}
}

// sqlAccount is testAccount with known competitor slots and exact stored totals:
// the shape of every request once a snapshot is built (shorter SQL, too).
func sqlAccount() Account {
	a := testAccount()
	a.Slots = map[int64]int{3: 1, 9: 2}
	a.Totals = &Totals{Lower: 2, Upper: 2, FreshMin: 4294967295}
	return a
}

// planCase is one statement test: a condition (JSON, or built in Go) and the exact
// SQL and arguments of its plan.
type planCase struct {
	name      string
	condition string
	built     *Condition
	sql       string
	args      []any
}

func runPlanCases(t *testing.T, compile func(Account, Condition) (Plan, error), cases []planCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c Condition
			if tc.built != nil {
				c = *tc.built
			} else {
				var err error
				c, err = ParseCondition([]byte(tc.condition))
				require.NoError(t, err)
			}
			p, err := compile(sqlAccount(), c)
			require.NoError(t, err)
			assert.Equal(t, tc.sql, p.SQL)
			assert.Equal(t, tc.args, p.Args)
		})
	}
}

// Group-row aggregates of docs/reports.md#metric-definitions over the per-product fields (weights w).
const groupAggregates = "gk AS group_key, count() AS `products`, countIf(n_cmp > 0) AS `products_compared`, " +
	"if(sum(w * n_cmp) = 0, NULL, sum(w * n_l) * 100 / sum(w * n_cmp)) AS `Lower`, " +
	"if(sum(w * n_cmp) = 0, NULL, sum(w * n_s) * 100 / sum(w * n_cmp)) AS `Similar`, " +
	"if(sum(w * n_cmp) = 0, NULL, sum(w * n_h) * 100 / sum(w * n_cmp)) AS `Higher`, " +
	"if(sum(w * n_l) = 0, NULL, sum(w * s_ld) / sum(w * n_l)) AS `Lower_avg`, " +
	"if(sum(w * n_cmp) = 0, NULL, sum(w * s_ratio) * 100 / sum(w * n_cmp)) AS `price_index`"

// The per-product fields from the snapshot's stored totals (all competitors selected).
const totalsFields = "toUInt64(t_cmp) AS n_cmp, toUInt64(t_l) AS n_l, toUInt64(t_s) AS n_s, toUInt64(t_h) AS n_h, t_ld AS s_ld, t_ratio AS s_ratio"

// Table-mode blocks: two phases (the inner query finds the block's ids by the sort
// key, the outer one computes the columns for them), the same ORDER BY in both with
// product_id as the tie-breaker, LIMIT n+1 to know whether the block ends.
func TestRowSQL(t *testing.T) {
	const fixed = "SELECT product_id AS `id`, name AS `name`, img_url AS `img_url`, brand AS `canonical_mfgr_display`, my_price AS `price`"
	runPlanCases(t, CompileRows, []planCase{
		{
			name:      "filter, sort on a competitor's price slot, second block",
			condition: `{"visible_columns":["Price@3","Lower"],"sort":[{"colId":"Price@3","sort":"desc"}],"filters":{"name":{"filterType":"text","type":"contains","filter":"tv"}},"startRow":100,"limit":100}`,
			sql: fixed + ", toUInt64(t_l) AS `Lower`, comp_ids AS __comp_ids, c_price AS __c_price FROM product_snapshot WHERE account_id = ? " +
				"AND product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ? AND positionCaseInsensitiveUTF8(name, ?) > 0 " +
				"ORDER BY if(isNaN(p1), NULL, p1) DESC NULLS LAST, product_id ASC LIMIT 101 OFFSET 100) " +
				"ORDER BY if(isNaN(p1), NULL, p1) DESC NULLS LAST, product_id ASC",
			args: []any{uint32(7), uint32(7), "tv"},
		},
		{
			name: "built in Go: two sorts, the leaf of an opened group path",
			built: &Condition{Limit: 50, VisibleColumns: []string{"category"}, Group: []GroupCol{{ID: "category"}}, GroupIDs: []string{"Phones"},
				Sort:    []SortItem{{ColID: "price", Sort: SortAsc}, {ColID: "name", Sort: SortDesc}},
				Filters: map[string]Filter{"in_stock": NumberFilter{Op: NumberEquals, Value: 1}}},
			sql: fixed + ", category AS `category` FROM product_snapshot WHERE account_id = ? AND product_id IN (SELECT product_id FROM product_snapshot " +
				"WHERE account_id = ? AND ifNull(in_stock = ?, 0) AND if(category = '', '(none)', category) = ? " +
				"ORDER BY my_price ASC NULLS LAST, name DESC NULLS LAST, product_id ASC LIMIT 51 OFFSET 0) " +
				"ORDER BY my_price ASC NULLS LAST, name DESC NULLS LAST, product_id ASC",
			args: []any{uint32(7), uint32(7), 1.0, "Phones"},
		},
		{
			name: "the products of an opened landscape group: the group rows' columns and sort are left out",
			built: &Condition{ReportType: "competitive_landscape_by_category", Limit: 50, Group: []GroupCol{{ID: "category"}}, GroupIDs: []string{"Phones"},
				VisibleColumns: []string{"products", "Lower", "category"},
				Sort:           []SortItem{{ColID: "products", Sort: SortDesc}, {ColID: "price", Sort: SortAsc}}},
			sql: fixed + ", toUInt64(t_l) AS `Lower`, category AS `category` FROM product_snapshot WHERE account_id = ? AND product_id IN (SELECT product_id FROM product_snapshot " +
				"WHERE account_id = ? AND if(category = '', '(none)', category) = ? " +
				"ORDER BY my_price ASC NULLS LAST, product_id ASC LIMIT 51 OFFSET 0) " +
				"ORDER BY my_price ASC NULLS LAST, product_id ASC",
			args: []any{uint32(7), uint32(7), "Phones"},
		},
		{
			name:      "my products at competitors, a subset of competitors",
			condition: `{"report_type":"my_products_at_competitors","competitorId":[9],"visible_columns":["products_compared"],"limit":10}`,
			sql: fixed + ", (toUInt32((2 > 0 AND NOT isNaN(c_delta[2]) AND c_seen[2] >= toDateTime(1764633600)))) AS `products_compared` " +
				"FROM product_snapshot WHERE account_id = ? AND product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ? " +
				"AND (toUInt32((2 > 0 AND NOT isNaN(c_delta[2]) AND c_seen[2] >= toDateTime(1764633600)))) > 0 " +
				"ORDER BY product_id ASC LIMIT 11 OFFSET 0) ORDER BY product_id ASC",
			args: []any{uint32(7), uint32(7)},
		},
	})
}

// A condition's order (the report service's order cache) and a block from a slice of
// it: the same predicate and order as the block's own page query, without the
// page; the block's rows by their ids.
func TestOrderAndRowsOfSQL(t *testing.T) {
	const fixed = "SELECT product_id AS `id`, name AS `name`, img_url AS `img_url`, brand AS `canonical_mfgr_display`, my_price AS `price`"
	c, err := ParseCondition([]byte(`{"visible_columns":["Price@3"],"sort":[{"colId":"Price@3","sort":"desc"}],"filters":{"name":{"filterType":"text","type":"contains","filter":"tv"}},"startRow":500000,"limit":100}`))
	require.NoError(t, err)
	st, ok, err := CompileOrder(sqlAccount(), c)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "SELECT product_id FROM product_snapshot WHERE account_id = ? AND positionCaseInsensitiveUTF8(name, ?) > 0 "+
		"ORDER BY if(isNaN(p1), NULL, p1) DESC NULLS LAST, product_id ASC", st.SQL)
	assert.Equal(t, []any{uint32(7), "tv"}, st.Args)

	p, err := CompileRowsOf(sqlAccount(), c, []string{"P9", "P2"})
	require.NoError(t, err)
	assert.Equal(t, fixed+", comp_ids AS __comp_ids, c_price AS __c_price FROM product_snapshot WHERE account_id = ? AND product_id IN ? "+
		"ORDER BY if(isNaN(p1), NULL, p1) DESC NULLS LAST, product_id ASC", p.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"P9", "P2"}}}, p.Args)
	assert.Equal(t, 500000, p.StartRow)

	a := sqlAccount()
	a.Cluster = true
	p, err = CompileRowsOf(a, c, []string{"P9"})
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "AND product_id IN ? ORDER BY", "a literal set needs no GLOBAL (18.16 refuses one on a cluster)")
	p, err = CompileRows(a, c)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "AND product_id GLOBAL IN (SELECT product_id FROM product_snapshot WHERE ", "a page subquery is the whole account's on every shard")

	// Group mode and the per-competitor report have no product order.
	for _, js := range []string{`{"group":[{"id":"category"}]}`, `{"report_type":"competitiveness_metrics_snapshot"}`} {
		c, err := ParseCondition([]byte(js))
		require.NoError(t, err)
		_, ok, err := CompileOrder(sqlAccount(), c)
		require.NoError(t, err)
		assert.False(t, ok, js)
	}
}

// Group-mode blocks: one row per group key under the opened path, weighted
// aggregates, sorts on group metrics (sorts on product columns are dropped), the
// group key as the tie-breaker.
func TestGroupSQL(t *testing.T) {
	runPlanCases(t, CompileRows, []planCase{
		{
			name:      "second level, weighted by a custom field, metric sort",
			condition: `{"group":[{"id":"category"},{"id":"brand"}],"groupIds":["Phones"],"sort":[{"colId":"Lower","sort":"desc"},{"colId":"price","sort":"asc"}],"weightBy":"revenue_30d"}`,
			sql: "SELECT " + groupAggregates + " FROM (SELECT if(brand = '', '(none)', brand) AS gk, toFloat64(revenue_30d) AS w, " + totalsFields +
				" FROM product_snapshot WHERE account_id = ? AND if(category = '', '(none)', category) = ?) GROUP BY group_key " +
				"ORDER BY `Lower` DESC NULLS LAST, group_key ASC LIMIT 101 OFFSET 0",
			args: []any{uint32(7), "Phones"},
		},
		{
			name:  "built in Go: first level, group column sort, a filter",
			built: &Condition{Group: []GroupCol{{ID: "super_category"}}, Sort: []SortItem{{ColID: "super_category", Sort: SortDesc}}, Filters: map[string]Filter{"category_tree": CategoryTreeFilter{Paths: [][]string{{"Home"}}}}},
			sql: "SELECT " + groupAggregates + " FROM (SELECT if(super_category = '', '(none)', super_category) AS gk, toFloat64(1) AS w, " + totalsFields +
				" FROM product_snapshot WHERE account_id = ? AND ((super_category = ?))) GROUP BY group_key ORDER BY group_key DESC, group_key ASC LIMIT 101 OFFSET 0",
			args: []any{uint32(7), "Home"},
		},
	})
	t.Run("per-competitor keys of the block's groups", func(t *testing.T) {
		c, err := ParseCondition([]byte(`{"group":[{"id":"vertical"}],"visible_columns":["Lower@9"]}`))
		require.NoError(t, err)
		p, err := CompileGroupCompetitors(sqlAccount(), c, []string{"TVs"})
		require.NoError(t, err)
		cmp := "(pt >= toDateTime(1764633600) AND NOT isNaN(pd))"
		den := "sumIf(w, " + cmp + ")"
		lo := cmp + " AND (pd - (0)) < (-2)"
		assert.Equal(t, "SELECT gk AS group_key, toInt64(pc) AS competitor_id, countIf("+cmp+") AS products_compared, "+
			"if("+den+" = 0, NULL, sumIf(w, "+lo+") * 100 / "+den+") AS Lower, "+
			"if("+den+" = 0, NULL, sumIf(w, "+cmp+" AND (pd - (0)) >= (-2) AND (pd - (0)) <= 2) * 100 / "+den+") AS Similar, "+
			"if("+den+" = 0, NULL, sumIf(w, "+cmp+" AND (pd - (0)) > 2) * 100 / "+den+") AS Higher, "+
			"if(sumIf(w, "+lo+") = 0, NULL, sumIf(w * pd, "+lo+") / sumIf(w, "+lo+")) AS Lower_avg, "+
			"if("+den+" = 0, NULL, sumIf(w * (1 + pd / 100), "+cmp+") * 100 / "+den+") AS price_index "+
			"FROM (SELECT if(vertical = '', '(none)', vertical) AS gk, toFloat64(1) AS w, comp_ids, c_delta, c_seen FROM product_snapshot WHERE account_id = ?) "+
			"ARRAY JOIN comp_ids AS pc, c_delta AS pd, c_seen AS pt WHERE pc IN (9) AND gk IN ? GROUP BY group_key, competitor_id", p.SQL)
		assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"TVs"}}}, p.Args)
	})
}

// Graph mode: the chosen groups of the current level, all in one block.
func TestGraphSQL(t *testing.T) {
	runPlanCases(t, func(a Account, c Condition) (Plan, error) { return CompileGraph(a, c, []string{"A", "B"}) }, []planCase{
		{
			name:      "chosen groups of a report's own level",
			condition: `{"report_type":"competitive_landscape_by_brand","sort":[{"colId":"Higher","sort":"asc"}],"search":"tv"}`,
			sql: "SELECT " + groupAggregates + " FROM (SELECT if(brand = '', '(none)', brand) AS gk, toFloat64(1) AS w, " + totalsFields +
				" FROM product_snapshot WHERE account_id = ? AND position(search_text, lowerUTF8(?)) > 0) GROUP BY group_key HAVING group_key IN ? " +
				"ORDER BY `Higher` ASC NULLS LAST, group_key ASC LIMIT 1001 OFFSET 0",
			args: []any{uint32(7), "tv", clickhouse.GroupSet{Value: []any{"A", "B"}}},
		},
	})
}

// Counts at a group level count the groups.
func TestGroupCountSQL(t *testing.T) {
	runPlanCases(t, CompileCount, []planCase{
		{
			name:      "groups of the first level",
			condition: `{"group":[{"id":"category"}],"sort":[{"colId":"Lower","sort":"desc"}]}`,
			sql: "SELECT count() FROM (SELECT " + groupAggregates + " FROM (SELECT if(category = '', '(none)', category) AS gk, toFloat64(1) AS w, " + totalsFields +
				" FROM product_snapshot WHERE account_id = ?) GROUP BY group_key)",
			args: []any{uint32(7)},
		},
		{
			name:  "built in Go: products of an opened group, unlabeled",
			built: &Condition{Group: []GroupCol{{ID: "label"}}, GroupIDs: []string{NoneKey}},
			sql: "SELECT count() FROM product_snapshot WHERE account_id = ? AND (product_id NOT IN (SELECT product_id FROM (SELECT product_id, label_id FROM " +
				"(SELECT product_id, label_id, argMax(assigned, version) AS assigned_now FROM product_labels WHERE account_id = ? GROUP BY product_id, label_id) " +
				"WHERE assigned_now = 1) WHERE label_id IN ?))",
			args: []any{uint32(7), uint32(7), clickhouse.GroupSet{Value: []any{uint64(1)}}},
		},
	})
}

// The order cache keeps only answers that stay the same while the snapshot and
// labels do: not those that compare with the clock or read changing tables.
func TestKeepable(t *testing.T) {
	a := Account{AccountID: 1, Settings: DefaultSettings(), Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC),
		Competitors: []Competitor{{ID: 11, Name: "Alpha"}}}
	for _, tc := range []struct {
		cond string
		want bool
	}{
		{`{"sort":[{"colId":"price","sort":"asc"}]}`, true},
		{`{"sort":[{"colId":"Price@11","sort":"desc"}],"filters":{"canonical_mfgr_display":{"filterType":"text","type":"contains","filter":"a"}}}`, true},
		{`{"sort":[{"colId":"bucket@11","sort":"asc"}]}`, false},
		{`{"filters":{"Price@11":{"filterType":"number","type":"lessThan","filter":5}}}`, true},
		{`{"sort":[{"colId":"Lower","sort":"desc"}]}`, false},
		{`{"sort":[{"colId":"changed@11","sort":"desc"}]}`, false},
	} {
		c, err := ParseCondition([]byte(tc.cond))
		require.NoError(t, err)
		st, ok, err := CompileOrder(a, c)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, tc.want, Keepable(a, st), tc.cond)
	}
	// A group block on the stored per-product totals: its column `products` is no table.
	assert.True(t, Keepable(a, Statement{SQL: "SELECT gk AS group_key, count() AS `products`, countIf(n_cmp > 0) AS `products_compared` " +
		"FROM (SELECT category AS gk, toUInt64(t_cmp) AS n_cmp FROM product_snapshot WHERE account_id = ?) GROUP BY group_key"}))
	for _, sql := range []string{
		"SELECT product_id FROM product_snapshot WHERE product_id IN (SELECT product_id FROM price_changes WHERE account_id = ?)",
		"SELECT 1 FROM product_snapshot AS s ALL INNER JOIN pricer_results AS r USING (product_id)",
	} {
		assert.False(t, Keepable(a, Statement{SQL: sql}), sql)
	}
	assert.True(t, Keepable(a, Statement{SQL: "SELECT product_id FROM product_snapshot WHERE product_id IN (SELECT product_id FROM product_labels)"}))
}
