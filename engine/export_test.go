package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An export's plans: every row (no LIMIT), the grid's order, the selection bound as
// a set, and the same predicate in the count; what is not product rows is refused.
func TestCompileExport(t *testing.T) {
	a := Account{AccountID: 7, Settings: DefaultSettings(), Competitors: []Competitor{{ID: 11, Name: "Alpha"}}}
	c, err := ParseCondition([]byte(`{"startRow":200,"limit":50,"visible_columns":["name","Price@11"],"sort":[{"colId":"name","sort":"desc"}]}`))
	require.NoError(t, err)

	rows, count, err := CompileExport(a, c, Selection{All: true, Toggled: []string{"P1", "P2"}})
	require.NoError(t, err)
	assert.NotContains(t, rows.SQL, "LIMIT", "an export has every row, whatever the block asked")
	assert.True(t, strings.HasSuffix(rows.SQL, " AND product_id NOT IN ? ORDER BY name DESC NULLS LAST, product_id ASC"), rows.SQL)
	assert.Equal(t, clickhouse.GroupSet{Value: []any{"P1", "P2"}}, rows.Args[len(rows.Args)-1])
	assert.True(t, strings.HasPrefix(count.SQL, "SELECT count() FROM product_snapshot WHERE account_id = ? AND "), count.SQL)
	assert.True(t, strings.HasSuffix(count.SQL, " AND product_id NOT IN ?"), count.SQL)
	assert.Equal(t, []string{"id", "name", "img_url", "canonical_mfgr_display", "price"}, rows.Columns, "per-competitor keys come from Expand")

	rows, _, err = CompileExport(a, c, Selection{Toggled: []string{"P1"}})
	require.NoError(t, err)
	assert.Contains(t, rows.SQL, " AND product_id IN ? ORDER BY ")
	rows, _, err = CompileExport(a, c, Selection{})
	require.NoError(t, err)
	assert.NotContains(t, rows.SQL, "product_id IN ?")

	for _, tc := range []struct{ name, cond, field string }{
		{"group rows", `{"report_type":"competitive_landscape_by_brand"}`, "condition"},
		{"grouped table", `{"group":[{"id":"category"}]}`, "condition"},
		{"snapshot", `{"report_type":"competitiveness_metrics_snapshot"}`, "condition"},
		{"unknown column", `{"visible_columns":["nope"]}`, "visible_columns"},
	} {
		c, err := ParseCondition([]byte(tc.cond))
		require.NoError(t, err, tc.name)
		_, _, err = CompileExport(a, c, Selection{})
		var e *Error
		require.ErrorAs(t, err, &e, tc.name)
		assert.Equal(t, tc.field, e.Field, tc.name)
	}
	many := make([]string, MaxSelected+1)
	for i := range many {
		many[i] = fmt.Sprint(i)
	}
	_, _, err = CompileExport(a, c, Selection{All: true, Toggled: many})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "toggledNodes", e.Field)
}
