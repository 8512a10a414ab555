package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An export of product rows, exactly: the visible columns in grid order (a
// repeat once), values and sort keys computed over the snapshot under the
// condition's predicate and the selection, the labels joined by name in the same
// query, the cells that are final text as Strings and the numeric ones as Float64
// values (Formats), the grid's order after the join; no LIMIT whatever the block asked;
// every value bound. A group row's column is an empty cell.
func TestCompileExportSQL(t *testing.T) {
	a := Account{AccountID: 7, Settings: DefaultSettings(), Competitors: []Competitor{{ID: 11, Name: "Alpha"}},
		Labels: []Label{{ID: 2, Name: "Promo"}, {ID: 5, Name: "Key"}}}
	c, err := ParseCondition([]byte(`{"startRow":200,"limit":50,"search":"tv",
		"visible_columns":["name","price","Price@11","labels","currency_symbol","in_stock","seen_at@11","products","name"],
		"sort":[{"colId":"Price@11","sort":"desc"}]}`))
	require.NoError(t, err)
	e, err := CompileExport(a, c, Selection{All: true, Toggled: []string{"P1", "P2"}})
	require.NoError(t, err)
	price := "if(indexOf(comp_ids, 11) = 0 OR isNaN(c_price[indexOf(comp_ids, 11)]), NULL, c_price[indexOf(comp_ids, 11)])"
	assert.Equal(t, "SELECT CAST(ifNull(toString(__v0), '') AS String) AS __c0, ifNull(toFloat64(__v1), nan) AS __c1, ifNull(toFloat64(__v2), nan) AS __c2, CAST(ifNull(toString(__labels), '') AS String) AS __c3, ? AS __c4, "+
		"multiIf(isNaN(ifNull(toFloat64(__v5), nan)), '', ifNull(toFloat64(__v5), nan) != 0, 'Yes', 'No') AS __c5, "+
		"ifNull(toString(__v6, 'UTC'), '') AS __c6, '' AS __c7 "+
		"FROM (SELECT product_id, name AS __v0, my_price AS __v1, "+price+" AS __v2, in_stock AS __v5, "+
		"if(indexOf(comp_ids, 11) = 0, NULL, c_seen[indexOf(comp_ids, 11)]) AS __v6, "+price+" AS __s0 "+
		"FROM product_snapshot WHERE account_id = ? AND position(search_text, lowerUTF8(?)) > 0 AND product_id NOT IN ?) AS lhs "+
		"ANY LEFT JOIN (SELECT product_id, arrayStringConcat(arrayFilter(n_ -> n_ != '', arrayMap(l_ -> transform(l_, ?, ?, ''), "+
		"arraySort(groupArray(label_id)))), ',') AS __labels FROM (SELECT product_id, label_id FROM (SELECT product_id, label_id, "+
		"argMax(assigned, version) AS assigned_now FROM product_labels WHERE account_id = ? GROUP BY product_id, label_id) "+
		"WHERE assigned_now = 1) GROUP BY product_id) AS rhs USING product_id ORDER BY __s0 DESC NULLS LAST, product_id ASC", e.SQL)
	assert.Equal(t, []any{"$", e.Args[1], "tv", clickhouse.GroupSet{Value: []any{"P1", "P2"}}, []uint64{2, 5}, []string{"Promo", "Key"}, e.Args[1]}, e.Args)
	assert.Equal(t, []string{"Name", "My Price", "Alpha", "Labels", "Currency", "In stock", "Alpha last seen", "products"}, e.Header)
	assert.Equal(t, []string{"", "currency", "currency", "", "", "", "", ""}, e.Formats)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND position(search_text, lowerUTF8(?)) > 0 AND product_id NOT IN ?", e.Count.SQL)

	e, err = CompileExport(a, c, Selection{Toggled: []string{"P1"}})
	require.NoError(t, err)
	assert.Contains(t, e.SQL, " AND product_id IN ?) AS lhs ANY LEFT JOIN ")
	a.Labels = nil
	e, err = CompileExport(a, c, Selection{})
	require.NoError(t, err)
	assert.NotContains(t, e.SQL, "product_id IN ?")
	assert.NotContains(t, e.SQL, "JOIN", "an account without labels has empty label cells")
	assert.Contains(t, e.SQL, "'' AS __c3")
}

// A condition without visible columns exports the level's default columns.
func TestCompileExportDefaultColumns(t *testing.T) {
	a := Account{AccountID: 7, Settings: DefaultSettings(), Competitors: []Competitor{{ID: 11, Name: "Alpha"}}}
	e, err := CompileExport(a, Condition{}, Selection{})
	require.NoError(t, err)
	var want []string
	for _, col := range productColumns(a.normalize(), a.Competitors) {
		if col.Default {
			want = append(want, col.Header)
		}
	}
	assert.Equal(t, want, e.Header)
	e, err = CompileExport(a, Condition{ReportType: "competitive_landscape_by_category"}, Selection{})
	require.NoError(t, err)
	assert.Equal(t, "category", e.Header[0])
	assert.Equal(t, "Products", e.Header[1])
}

// Group rows export as the grid's group columns: the level's column (by its id or
// field) is the group key, group metrics by their ids, a competitor's metrics from
// the per-competitor pairs pivoted and joined by group key (only the competitors
// shown), a product column empty; the grid's group order after the join.
func TestCompileExportGroups(t *testing.T) {
	a := Account{AccountID: 7, Settings: DefaultSettings(), Competitors: []Competitor{{ID: 11, Name: "Alpha"}, {ID: 12, Name: "Beta"}}}
	c, err := ParseCondition([]byte(`{"report_type":"competitive_landscape_by_brand",
		"visible_columns":["brand","Lower","Lower@11","products_compared@11","name"],"sort":[{"colId":"Lower","sort":"asc"}]}`))
	require.NoError(t, err)
	e, err := CompileExport(a, c, Selection{})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(e.SQL, "SELECT CAST(ifNull(toString(group_key), '') AS String) AS __c0, ifNull(toFloat64(`Lower`), nan) AS __c1, ifNull(toFloat64(`__p_Lower@11`), nan) AS __c2, "+
		"ifNull(toFloat64(`__p_products_compared@11`), nan) AS __c3, '' AS __c4 FROM (SELECT gk AS group_key, count() AS `products`, "), e.SQL)
	assert.Contains(t, e.SQL, ") AS lhs ANY LEFT JOIN (SELECT group_key, anyIf(`Lower`, competitor_id = 11) AS `__p_Lower@11`, "+
		"anyIf(`products_compared`, competitor_id = 11) AS `__p_products_compared@11` FROM (SELECT gk AS group_key, toInt64(pc) AS competitor_id, ")
	assert.Contains(t, e.SQL, " WHERE pc IN (11) GROUP BY group_key, competitor_id) GROUP BY group_key) AS rhs USING group_key ORDER BY `Lower` ASC NULLS LAST, group_key ASC")
	assert.NotContains(t, e.SQL, "LIMIT")
	assert.Equal(t, []string{"brand", "Lower", "Alpha lower", "Alpha products compared", "Name"}, e.Header)
	assert.Equal(t, []string{"", "percent", "percent", "percent", ""}, e.Formats)
	assert.True(t, strings.HasPrefix(e.Count.SQL, "SELECT count() FROM (SELECT gk AS group_key, "), e.Count.SQL)
	assert.Equal(t, strings.Count(e.SQL, "?"), len(e.Args))

	// Group mode of a product report at its first level, the level by its field.
	c, err = ParseCondition([]byte(`{"group":[{"id":"category"}],"visible_columns":["category","products"]}`))
	require.NoError(t, err)
	e, err = CompileExport(a, c, Selection{})
	require.NoError(t, err)
	assert.Equal(t, []string{"category", "Products"}, e.Header)
	assert.NotContains(t, e.SQL, "JOIN")
}

func TestCompileExportRefuses(t *testing.T) {
	a := Account{AccountID: 7, Settings: DefaultSettings(), Competitors: []Competitor{{ID: 11, Name: "Alpha"}}}
	for _, tc := range []struct{ name, cond, field string }{
		{"snapshot", `{"report_type":"competitiveness_metrics_snapshot"}`, "condition"},
		{"unknown column", `{"visible_columns":["nope"]}`, "visible_columns"},
		{"unknown sort", `{"sort":[{"colId":"nope","sort":"asc"}]}`, "sort[0].colId"},
	} {
		c, err := ParseCondition([]byte(tc.cond))
		require.NoError(t, err, tc.name)
		_, err = CompileExport(a, c, Selection{})
		var e *Error
		require.ErrorAs(t, err, &e, tc.name)
		assert.Equal(t, tc.field, e.Field, tc.name)
	}
	many := make([]string, MaxSelected+1)
	for i := range many {
		many[i] = fmt.Sprint(i)
	}
	_, err := CompileExport(a, Condition{}, Selection{All: true, Toggled: many})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "toggledNodes", e.Field)
}
