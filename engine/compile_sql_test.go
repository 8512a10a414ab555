package engine

import (
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exact SQL and arguments of count plans (SigNoz-style statement tests): the
// account predicate comes first, values are bound, text matching is case-insensitive
// and blanks follow ag-grid (NULL, empty or whitespace-only). Row and group plans are
// checked against real ClickHouse in api/grid's integration tests.
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
