package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
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

// compileAll are the Compile* entry points that take a condition.
var compileAll = map[string]func(Account, Condition) (Plan, error){
	"rows":  CompileRows,
	"count": CompileCount,
	"graph": func(a Account, c Condition) (Plan, error) {
		if len(c.Group) == 0 {
			c.Group = []GroupCol{{ID: "category"}}
		}
		return CompileGraph(a, c, nil)
	},
	"group competitors": func(a Account, c Condition) (Plan, error) {
		if len(c.Group) == 0 {
			c.Group = []GroupCol{{ID: "category"}}
		}
		return CompileGroupCompetitors(a, c, []string{"x"})
	},
	"selection": func(a Account, c Condition) (Plan, error) { return CompileSelection(a, c, true, nil) },
}

// A condition built in Go (scheduled reports, exports, the pricer) gets the same
// 400 as one from JSON: every Compile* validates it again, so nothing a caller puts
// in a Condition reaches SQL text unchecked.
func TestGoBuiltConditionsAreValidatedAtCompile(t *testing.T) {
	name := func(f Filter) map[string]Filter { return map[string]Filter{"name": f} }
	price := func(f Filter) map[string]Filter { return map[string]Filter{"price": f} }
	cases := []struct {
		name  string
		c     Condition
		field string
	}{
		{"sort direction carrying SQL", Condition{Sort: []SortItem{{ColID: "name", Sort: "asc, (SELECT 1)--"}}}, "sort[0].sort"},
		{"upper-case sort direction", Condition{Sort: []SortItem{{ColID: "name", Sort: "ASC"}}}, "sort[0].sort"},
		{"empty sort direction", Condition{Sort: []SortItem{{ColID: "name"}}}, "sort[0].sort"},
		{"sort column outside the catalog", Condition{Sort: []SortItem{{ColID: "name`; DROP", Sort: SortAsc}}}, "sort[0].colId"},
		{"text option carrying SQL", Condition{Filters: name(TextFilter{Op: "contains') OR 1=1 --", Value: "x"})}, "filters.name.type"},
		{"text value too long", Condition{Filters: name(TextFilter{Op: TextContains, Value: strings.Repeat("x", MaxTextLen+1)})}, "filters.name.filter"},
		{"number option", Condition{Filters: price(NumberFilter{Op: "between"})}, "filters.price.type"},
		{"NaN number", Condition{Filters: price(NumberFilter{Op: NumberEquals, Value: math.NaN()})}, "filters.price.filter"},
		{"infinite range end", Condition{Filters: price(NumberFilter{Op: NumberInRange, Value: 1, To: math.Inf(1)})}, "filters.price.filterTo"},
		{"date without a day", Condition{Filters: map[string]Filter{"seen_at@3": DateFilter{Op: DateEquals}}}, "filters.seen_at@3.dateFrom"},
		{"date option", Condition{Filters: map[string]Filter{"seen_at@3": DateFilter{Op: "before", From: time.Now()}}}, "filters.seen_at@3.type"},
		{"join carrying SQL", Condition{Filters: price(CombinedFilter{Join: "OR 1=1 OR", Conditions: []Filter{NumberFilter{Op: NumberBlank}}})}, "filters.price.operator"},
		{"combined without conditions", Condition{Filters: price(CombinedFilter{Join: JoinAnd})}, "filters.price.conditions"},
		{"combined with a nil condition", Condition{Filters: price(CombinedFilter{Join: JoinAnd, Conditions: []Filter{nil}})}, "filters.price.conditions[0]"},
		{"nested too deeply", Condition{Filters: price(CombinedFilter{Join: JoinAnd, Conditions: []Filter{CombinedFilter{Join: JoinOr, Conditions: []Filter{
			CombinedFilter{Join: JoinOr, Conditions: []Filter{NumberFilter{Op: NumberBlank}}}}}}})}, "filters.price.conditions[0].conditions[0]"},
		{"filter kind does not fit the column", Condition{Filters: price(TextFilter{Op: TextContains, Value: "1"})}, "filters.price"},
		{"set on a number column", Condition{Filters: price(SetFilter{Values: []string{"1"}})}, "filters.price"},
		{"too many set values", Condition{Filters: name(SetFilter{Values: make([]string, MaxSetValues+1)})}, "filters.name.values"},
		{"radio value outside the list", Condition{Filters: map[string]Filter{"bucket@3": RadioFilter{Value: "x' OR '1"}}}, "filters.bucket@3.value"},
		{"filter on a column outside the catalog", Condition{Filters: map[string]Filter{"secret": TextFilter{Op: TextBlank}}}, "filters.secret"},
		{"category tree under a column", Condition{Filters: name(CategoryTreeFilter{Paths: [][]string{{"a"}}})}, "filters.name"},
		{"column filter under the category tree", Condition{Filters: map[string]Filter{"category_tree": TextFilter{Op: TextBlank}}}, "filters.category_tree"},
		{"category path too deep", Condition{Filters: map[string]Filter{"category_tree": CategoryTreeFilter{Paths: [][]string{{"a", "b", "c", "d"}}}}}, "filters.category_tree.paths[0]"},
		{"weight carrying SQL", Condition{WeightBy: "revenue_30d) FROM system.users --"}, "weightBy"},
		{"weight the account does not have", Condition{WeightBy: WeightUnits30d}, "weightBy"},
		{"negative competitor id", Condition{CompetitorIDs: []int64{-3}}, "competitorId[0]"},
		{"competitor of another account", Condition{CompetitorIDs: []int64{42}}, "competitorId"},
		{"limit over the maximum", Condition{Limit: MaxLimit + 1}, "limit"},
		{"negative start row", Condition{StartRow: -1}, "startRow"},
		{"search too long", Condition{Search: strings.Repeat("x", MaxSearchLen+1)}, "search"},
		{"visible column outside the catalog", Condition{VisibleColumns: []string{"name", "x` FROM system.users"}}, "visible_columns"},
		{"report type", Condition{ReportType: "all_my_products; DROP"}, "report_type"},
		{"group level", Condition{Group: []GroupCol{{ID: "category"}, {ID: "price"}}}, "group[1]"},
		{"group path deeper than the grouping", Condition{Group: []GroupCol{{ID: "category"}}, GroupIDs: []string{"a", "b"}}, "groupIds"},
	}
	for _, tc := range cases {
		for kind, compile := range compileAll {
			t.Run(tc.name+"/"+kind, func(t *testing.T) {
				_, err := compile(testAccount(), tc.c)
				requireBad(t, err, tc.field)
			})
		}
	}
}

// The hostile values bound, built in Go: the same guarantees as from JSON.
func TestGoBuiltHostileValuesAreBound(t *testing.T) {
	for _, v := range hostileStrings {
		conds := []Condition{
			{Search: v},
			{Filters: map[string]Filter{"name": TextFilter{Op: TextContains, Value: v}}},
			{Filters: map[string]Filter{"Name@3": CombinedFilter{Join: JoinOr, Conditions: []Filter{TextFilter{Op: TextNotEqual, Value: v}, TextFilter{Op: TextBlank}}}}},
			{Filters: map[string]Filter{"canonical_mfgr_display": SetFilter{Values: []string{v}, Blanks: true}}},
			{Filters: map[string]Filter{"labels": SetFilter{Values: []string{v, "promo'`--"}}}},
			{Filters: map[string]Filter{"category_tree": CategoryTreeFilter{Paths: [][]string{{v, v}}}}},
			{Group: []GroupCol{{ID: "category"}, {ID: "brand"}}, GroupIDs: []string{v}},
			{Group: []GroupCol{{ID: "label"}, {ID: "category"}}, GroupIDs: []string{v}},
		}
		for _, c := range conds {
			for kind, compile := range compileAll {
				p, err := compile(testAccount(), c)
				require.NoError(t, err, "%s %q", kind, v)
				if len(v) > 2 {
					assert.NotContains(t, p.SQL, v, kind)
				}
				assert.Contains(t, p.SQL, "account_id = ?", kind)
			}
		}
	}
}

// FuzzCompile: whatever the condition text, compiling it gives a plan with the
// account predicate or an *Error naming the bad part, never another error (a 500)
// or a panic. `go test` runs the seeds; `go test -fuzz FuzzCompile` explores.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{`{}`, `{"sort":[{"colId":"name","sort":"asc, (SELECT 1)--"}]}`,
		`{"filters":{"name":{"filterType":"text","type":"contains","filter":"'; DROP"}}}`,
		`{"filters":{"price":{"filterType":"number","operator":"OR","conditions":[{"filterType":"number","type":"inRange","filter":"1","filterTo":-1}]}}}`,
		`{"filters":{"labels":{"filterType":"set","values":[null,"Promo'` + "`" + `--"]}},"group":[{"id":"label"}],"groupIds":["(none)"]}`,
		`{"filters":{"category_tree":{"paths":[["a","b","c"]]},"seen_at@3":{"filterType":"date","type":"inRange","dateFrom":"2025-01-01","dateTo":"2024-01-01"}}}`,
		`{"report_type":"price_distribution_by_brand","sort":[{"colId":"dist_1","sort":"desc"}],"weightBy":"revenue_30d","competitorId":[9,3,9]}`,
		`{"filters":{"bucket@9":{"filterType":"multi","filterModels":[{"filterType":"radio","value":"I AM LOWER"},null]}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, js string) {
		c, err := ParseCondition([]byte(js))
		if err != nil {
			requireBad(t, err, "")
			return
		}
		for kind, compile := range compileAll {
			p, err := compile(testAccount(), c)
			if err != nil {
				var e *Error
				require.True(t, errors.As(err, &e), "%s: want *engine.Error, got %v", kind, err)
				continue
			}
			assert.Contains(t, p.SQL, "account_id = ?", kind)
		}
	})
}
