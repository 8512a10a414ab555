package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func testAccount() Account {
	return Account{AccountID: 7, Settings: DefaultSettings(), Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		Competitors:  []Competitor{{ID: 3, Name: "Alpha'; DROP"}, {ID: 9, Name: "Beta"}},
		CustomFields: []CustomField{{LogicalName: "revenue_30d", DisplayName: "Revenue"}, {LogicalName: "x; DROP TABLE products", DisplayName: "evil"}},
		Labels:       []Label{{ID: 1, Name: "Promo'`--"}}}
}

var hostileStrings = []string{
	`'`, `''; DROP TABLE products; --`, "`system`.`users`", `/* comment */`, `-- comment`, `\`, `\'`, `?`, `%_`,
	"ünïcödé ✓ 𝔘", "\x00nul", "line\nbreak", strings.Repeat("a", 199), `{brand:String}`, `$1`, `@name`,
}

// Every hostile value is bound, never in the SQL text, and the account predicate is always there.
func TestHostileValuesAreBound(t *testing.T) {
	for _, v := range hostileStrings {
		vs, _ := json.Marshal(v)
		conds := []string{
			`{"search":` + string(vs) + `}`,
			`{"filters":{"name":{"filterType":"text","type":"contains","filter":` + string(vs) + `}}}`,
			`{"filters":{"Name@3":{"filterType":"text","type":"notEqual","filter":` + string(vs) + `}}}`,
			`{"filters":{"canonical_mfgr_display":{"filterType":"set","values":[` + string(vs) + `,null]}}}`,
			`{"filters":{"category_tree":{"paths":[[` + string(vs) + `]]}}}`,
			`{"group":[{"id":"category"},{"id":"brand"}],"groupIds":[` + string(vs) + `]}`,
		}
		for _, js := range conds {
			c, err := ParseCondition([]byte(js))
			require.NoError(t, err, js)
			for _, compile := range []func(Account, Condition) (Plan, error){CompileRows, CompileCount} {
				p, err := compile(testAccount(), c)
				require.NoError(t, err, js)
				if len(v) > 2 {
					assert.NotContains(t, p.SQL, v, js)
				}
				assert.Contains(t, p.SQL, "account_id = ?", js)
				assert.Contains(t, fmt.Sprint(p.Args...), "7")
			}
		}
	}
}

func TestCustomFieldNotInClosedListIsIgnored(t *testing.T) {
	p, err := CompileRows(testAccount(), Condition{Limit: 10})
	require.NoError(t, err)
	assert.NotContains(t, p.SQL, "DROP TABLE")
	assert.NotContains(t, p.SQL, "Alpha'", "competitor names never reach SQL text")
	_, err = CompileRows(testAccount(), Condition{Limit: 10, WeightBy: "x; DROP TABLE products"})
	requireBad(t, err, "weightBy")
}

func requireBad(t *testing.T, err error, field string) {
	t.Helper()
	var e *Error
	require.True(t, errors.As(err, &e), "want *engine.Error, got %v", err)
	assert.Contains(t, e.Field, field)
	assert.NotEmpty(t, e.Message)
}

func TestBadConditionsNameTheBadPart(t *testing.T) {
	big := make([]string, MaxSetValues+1)
	for i := range big {
		big[i] = fmt.Sprintf("%q", fmt.Sprint("v", i))
	}
	deep := `{"filterType":"number","type":"equals","filter":1}`
	for i := 0; i < 6; i++ {
		deep = `{"filterType":"number","operator":"AND","conditions":[` + deep + `]}`
	}
	cases := []struct{ js, field string }{
		{`{"filters":{"no_such_col":{"filterType":"text","type":"contains","filter":"x"}}}`, "filters.no_such_col"},
		{"{\"filters\":{\"name`; DROP\":{\"filterType\":\"text\",\"type\":\"contains\",\"filter\":\"x\"}}}", "filters.name"},
		{`{"filters":{"name":{"filterType":"text","type":"regex","filter":"x"}}}`, "filters.name.type"},
		{`{"filters":{"name":{"filterType":"text","type":"contains"}}}`, "filters.name.filter"},
		{`{"filters":{"name":{"filterType":"sql","type":"contains","filter":"x"}}}`, "filters.name.filterType"},
		{`{"filters":{"price":{"filterType":"number","type":"equals","filter":"NaN"}}}`, "filters.price.filter"},
		{`{"filters":{"price":{"filterType":"number","type":"equals","filter":"Infinity"}}}`, "filters.price.filter"},
		{`{"filters":{"price":{"filterType":"number","type":"equals","filter":"1e999"}}}`, "filters.price.filter"},
		{`{"filters":{"price":{"filterType":"number","type":"equals","filter":1e999}}}`, "filters.price.filter"},
		{`{"filters":{"price":{"filterType":"number","type":"inRange","filter":1}}}`, "filters.price.filterTo"},
		{`{"filters":{"price":{"filterType":"text","type":"contains","filter":"1"}}}`, "filters.price"},
		{`{"filters":{"price":{"filterType":"number","operator":"XOR","conditions":[{"filterType":"number","type":"equals","filter":1}]}}}`, "filters.price.operator"},
		{`{"filters":{"price":` + deep + `}}`, "filters.price"},
		{`{"filters":{"canonical_mfgr_display":{"filterType":"set","values":[` + strings.Join(big, ",") + `]}}}`, "filters.canonical_mfgr_display.values"},
		{`{"filters":{"bucket@3":{"filterType":"radio","value":"cheaper"}}}`, "filters.bucket@3.value"},
		{`{"filters":{"name":{"filterType":"radio","value":"x"}}}`, "filters.name"},
		{`{"filters":{"Price@99":{"filterType":"number","type":"equals","filter":1}}}`, "filters.Price@99"},
		{`{"filters":{"seen_at@3":{"filterType":"date","type":"equals","dateFrom":"yesterday"}}}`, "filters.seen_at@3.dateFrom"},
		{`{"sort":[{"colId":"name","sort":"sideways"}]}`, "sort[0].sort"},
		{`{"sort":[{"colId":"name; DROP","sort":"asc"}]}`, "sort[0].colId"},
		{`{"sort":[{"colId":"labels","sort":"asc"}]}`, "sort[0].colId"},
		{`{"limit":5000}`, "limit"},
		{`{"startRow":-1}`, "startRow"},
		{`{"startRow":"ten"}`, "startRow"},
		{`{"report_type":"drop_everything"}`, "report_type"},
		{`{"group":[{"id":"price"}]}`, "group[0]"},
		{`{"group":[{"id":"category"}],"groupIds":["a","b"]}`, "groupIds"},
		{`{"weightBy":"cost"}`, "weightBy"},
		{`{"competitorId":[42]}`, "competitorId"},
		{`{"competitorId":["1 OR 1=1"]}`, "competitorId"},
		{`{"visible_columns":["name","secret_col"]}`, "visible_columns"},
		{`{"search":"` + strings.Repeat("x", 300) + `"}`, "search"},
		{`{"filters":"nope"}`, "filters"},
		{`not json`, "condition"},
		{``, "condition"},
	}
	for _, tc := range cases {
		c, err := ParseCondition([]byte(tc.js))
		if err == nil {
			_, err = CompileRows(testAccount(), c)
		}
		requireBad(t, err, tc.field)
	}
}

// A large set goes beside the query as external data, read by name, so the query
// text stays small whatever the set (clickhouse-go writes bound values into the
// text, and the server caps it at max_query_size); a small one stays inline.
func TestLargeSetIsExternalData(t *testing.T) {
	vals := make([]string, MaxSetValues)
	want := make([]any, MaxSetValues)
	for i := range vals {
		v := fmt.Sprint("Brand'", i)
		vals[i] = fmt.Sprintf("%q", v)
		want[i] = strings.ToLower(v)
	}
	c, err := ParseCondition([]byte(`{"filters":{"canonical_mfgr_display":{"filterType":"set","values":[` + strings.Join(vals, ",") + `]}}}`))
	require.NoError(t, err)
	p, err := CompileCount(testAccount(), c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND (ifNull(lowerUTF8(brand) IN (SELECT v FROM _set_1), 0))", p.SQL)
	assert.Equal(t, []any{uint32(7)}, p.Args)
	assert.Equal(t, []Set{{Name: "_set_1", Type: "String", Values: want}}, p.Sets)

	// The same set with selected rows to skip: each large list is its own table.
	p, err = CompileSelection(testAccount(), c, true, vals)
	require.NoError(t, err)
	assert.Equal(t, "SELECT product_id FROM product_snapshot WHERE account_id = ? AND (ifNull(lowerUTF8(brand) IN (SELECT v FROM _set_1), 0))"+
		" AND product_id NOT IN (SELECT v FROM _set_2) ORDER BY product_id", p.SQL)
	assert.Len(t, p.Sets, 2)
	assert.Equal(t, "_set_2", p.Sets[1].Name)

	// A set fills the inline budget first; the set that would pass it goes external.
	small := `{"filterType":"set","values":["a","b"]}`
	c, err = ParseCondition([]byte(`{"filters":{"canonical_mfgr_display":` + small + `,"name":{"filterType":"set","values":[` + strings.Join(vals, ",") + `]}}}`))
	require.NoError(t, err)
	p, err = CompileCount(testAccount(), c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND (ifNull(lowerUTF8(brand) IN ?, 0)) AND (ifNull(lowerUTF8(name) IN (SELECT v FROM _set_1), 0))", p.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"a", "b"}}}, p.Args)
	assert.Len(t, p.Sets, 1)
}

// The text of one set filter is bounded: a 400 naming the values, not a huge query.
func TestSetTextIsBounded(t *testing.T) {
	long := strings.Repeat("x", MaxTextLen)
	n := MaxSetChars/MaxTextLen + 1
	vals := make([]string, n)
	for i := range vals {
		vals[i] = `"` + long + `"`
	}
	_, err := ParseCondition([]byte(`{"filters":{"canonical_mfgr_display":{"filterType":"set","values":[` + strings.Join(vals, ",") + `]}}}`))
	requireBad(t, err, "filters.canonical_mfgr_display.values")
	// The same set built in Go is refused at compile.
	set := SetFilter{}
	for range n {
		set.Values = append(set.Values, long)
	}
	_, err = CompileCount(testAccount(), Condition{Filters: map[string]Filter{"canonical_mfgr_display": set}})
	requireBad(t, err, "filters.canonical_mfgr_display.values")
	require.NoError(t, CheckSearch(strings.Repeat("é", MaxSearchLen)))
	requireBad(t, CheckSearch(strings.Repeat("é", MaxSearchLen+1)), "search")
}

func TestCategoryAccessIsAddedByTheCompiler(t *testing.T) {
	a := testAccount()
	a.Categories = []string{"Home"}
	for _, compile := range []func(Account, Condition) (Plan, error){CompileRows, CompileCount} {
		p, err := compile(a, Condition{Limit: 10})
		require.NoError(t, err)
		assert.Contains(t, p.SQL, "super_category IN ?")
	}
	p, err := CompileSelection(a, Condition{}, false, []string{"x"})
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "super_category IN ?")
	assert.Contains(t, p.SQL, "account_id = ?")
}

func TestNoAccountNoPlan(t *testing.T) {
	_, err := CompileRows(Account{}, Condition{Limit: 10})
	requireBad(t, err, "account")
}
