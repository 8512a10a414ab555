package engine

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The predicate builder, one row per filter option and column kind (in the style
// of SigNoz's condition builder tests): the exact SQL and bound arguments for a
// typed filter on a catalog column, as a trend or rule compiler would call it.
func TestPredicateSQL(t *testing.T) {
	text := Column{ID: "name", Kind: KindText, Expr: "name"}
	number := Column{ID: "price", Kind: KindNumber, Expr: "my_price"}
	boolean := Column{ID: "in_stock", Kind: KindBool, Expr: "in_stock"}
	date := Column{ID: "seen_at@3", Kind: KindDate, Expr: "c_seen[1]"}
	labels := Column{ID: "labels", Kind: KindLabels}
	radio := Column{ID: "bucket@3", Kind: KindText, Expr: "b3", Radio: []string{BucketLower, BucketSimilar, BucketHigher}}
	day := time.Date(2025, 3, 4, 23, 59, 0, 0, time.UTC)
	const blankName = `(isNull(name) OR match(assumeNotNull(name), '^\\s*$'))`
	const labelsOf7 = "(SELECT product_id, label_id FROM (SELECT product_id, label_id, argMax(assigned, version) AS assigned_now " +
		"FROM product_labels WHERE account_id = ? GROUP BY product_id, label_id) WHERE assigned_now = 1)"
	cases := []struct {
		name   string
		col    Column
		filter Filter
		sql    string
		args   []any
	}{
		{"text contains", text, TextFilter{Op: TextContains, Value: "TV"}, "positionCaseInsensitiveUTF8(name, ?) > 0", []any{"TV"}},
		{"text notContains keeps NULL", text, TextFilter{Op: TextNotContains, Value: "tv"}, "(isNull(name) OR positionCaseInsensitiveUTF8(assumeNotNull(name), ?) = 0)", []any{"tv"}},
		{"text equals", text, TextFilter{Op: TextEquals, Value: "Tv"}, "lowerUTF8(name) = lowerUTF8(?)", []any{"Tv"}},
		{"text notEqual keeps NULL", text, TextFilter{Op: TextNotEqual, Value: "tv"}, "(isNull(name) OR lowerUTF8(assumeNotNull(name)) != lowerUTF8(?))", []any{"tv"}},
		{"text startsWith", text, TextFilter{Op: TextStartsWith, Value: "a"}, "startsWith(lowerUTF8(name), lowerUTF8(?))", []any{"a"}},
		{"text endsWith", text, TextFilter{Op: TextEndsWith, Value: "z"}, "endsWith(lowerUTF8(name), lowerUTF8(?))", []any{"z"}},
		{"text blank", text, TextFilter{Op: TextBlank}, blankName, nil},
		{"text notBlank", text, TextFilter{Op: TextNotBlank}, "NOT " + blankName, nil},
		{"text empty", text, TextFilter{Op: TextEmpty}, "1", nil},
		{"number equals", number, NumberFilter{Op: NumberEquals, Value: 5}, "ifNull(my_price = ?, 0)", []any{5.0}},
		{"number notEqual drops NULL", number, NumberFilter{Op: NumberNotEqual, Value: 5}, "ifNull(my_price != ?, 0)", []any{5.0}},
		{"number lessThan", number, NumberFilter{Op: NumberLessThan, Value: 5}, "ifNull(my_price < ?, 0)", []any{5.0}},
		{"number lessThanOrEqual", number, NumberFilter{Op: NumberLessThanOrEqual, Value: 5}, "ifNull(my_price <= ?, 0)", []any{5.0}},
		{"number greaterThan", number, NumberFilter{Op: NumberGreaterThan, Value: -1.5}, "ifNull(my_price > ?, 0)", []any{-1.5}},
		{"number greaterThanOrEqual", number, NumberFilter{Op: NumberGreaterThanOrEqual, Value: 0}, "ifNull(my_price >= ?, 0)", []any{0.0}},
		{"number inRange inclusive, ends in any order", number, NumberFilter{Op: NumberInRange, Value: 20, To: 10}, "ifNull(my_price >= ? AND my_price <= ?, 0)", []any{10.0, 20.0}},
		{"number blank", number, NumberFilter{Op: NumberBlank}, "isNull(my_price)", nil},
		{"number notBlank", number, NumberFilter{Op: NumberNotBlank}, "isNotNull(my_price)", nil},
		{"number empty", number, NumberFilter{Op: NumberEmpty}, "1", nil},
		{"number filter on a bool column", boolean, NumberFilter{Op: NumberEquals, Value: 1}, "ifNull(in_stock = ?, 0)", []any{1.0}},
		{"date equals, by day", date, DateFilter{Op: DateEquals, From: day}, "ifNull(toDate(c_seen[1]) = toDate(?), 0)", []any{"2025-03-04"}},
		{"date notEqual", date, DateFilter{Op: DateNotEqual, From: day}, "ifNull(toDate(c_seen[1]) != toDate(?), 0)", []any{"2025-03-04"}},
		{"date lessThan", date, DateFilter{Op: DateLessThan, From: day}, "ifNull(toDate(c_seen[1]) < toDate(?), 0)", []any{"2025-03-04"}},
		{"date greaterThan", date, DateFilter{Op: DateGreaterThan, From: day}, "ifNull(toDate(c_seen[1]) > toDate(?), 0)", []any{"2025-03-04"}},
		{"date inRange", date, DateFilter{Op: DateInRange, From: day, To: day.AddDate(0, 0, 7)}, "ifNull(toDate(c_seen[1]) >= toDate(?) AND toDate(c_seen[1]) <= toDate(?), 0)", []any{"2025-03-04", "2025-03-11"}},
		{"date in another zone is its UTC day", date, DateFilter{Op: DateEquals, From: time.Date(2025, 3, 5, 1, 0, 0, 0, time.FixedZone("X", 3*3600))}, "ifNull(toDate(c_seen[1]) = toDate(?), 0)", []any{"2025-03-04"}},
		{"date blank", date, DateFilter{Op: DateBlank}, "isNull(c_seen[1])", nil},
		{"date notBlank", date, DateFilter{Op: DateNotBlank}, "isNotNull(c_seen[1])", nil},
		{"set, case-insensitive", text, SetFilter{Values: []string{"Acme", "b"}}, "(ifNull(lowerUTF8(name) IN ?, 0))", []any{clickhouse.GroupSet{Value: []any{"acme", "b"}}}},
		{"set with blanks", text, SetFilter{Values: []string{"Acme", " "}}, "(ifNull(lowerUTF8(name) IN ?, 0) OR " + blankName + ")", []any{clickhouse.GroupSet{Value: []any{"acme"}}}},
		{"set of blanks only", text, SetFilter{Blanks: true}, "(" + blankName + ")", nil},
		{"empty set matches nothing", text, SetFilter{}, "0", nil},
		{"labels set by name", labels, SetFilter{Values: []string{"PROMO'`--"}}, "(product_id IN (SELECT product_id FROM " + labelsOf7 + " WHERE label_id IN ?))",
			[]any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(1)}}}},
		{"labels set, unlabeled", labels, SetFilter{Blanks: true}, "(product_id NOT IN (SELECT product_id FROM " + labelsOf7 + " WHERE label_id IN ?))",
			[]any{uint32(7), clickhouse.GroupSet{Value: []any{uint64(1)}}}},
		{"labels set, unknown name matches nothing", labels, SetFilter{Values: []string{"nope"}}, "0", nil},
		{"radio, spelled as the list", radio, RadioFilter{Value: "i am LOWER"}, "ifNull(b3 = ?, 0)", []any{BucketLower}},
		{"combined OR", number, CombinedFilter{Join: JoinOr, Conditions: []Filter{NumberFilter{Op: NumberLessThan, Value: 1}, NumberFilter{Op: NumberBlank}}},
			"((ifNull(my_price < ?, 0)) OR (isNull(my_price)))", []any{1.0}},
		{"combined AND", text, CombinedFilter{Join: JoinAnd, Conditions: []Filter{TextFilter{Op: TextStartsWith, Value: "a"}, TextFilter{Op: TextNotBlank}}},
			"((startsWith(lowerUTF8(name), lowerUTF8(?))) AND (NOT " + blankName + "))", []any{"a"}},
		{"multi: its active filters, AND", text, MultiFilter{Filters: []Filter{nil, TextFilter{Op: TextContains, Value: "x"}, SetFilter{Values: []string{"y"}}}},
			"(positionCaseInsensitiveUTF8(name, ?) > 0) AND ((ifNull(lowerUTF8(name) IN ?, 0)))", []any{"x", clickhouse.GroupSet{Value: []any{"y"}}}},
		{"multi with none active", text, MultiFilter{Filters: []Filter{nil}}, "1", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, tc.filter.check("f", 0))
			b := &builder{}
			sql, err := b.predicate(testAccount(), "f", tc.col, tc.filter)
			require.NoError(t, err)
			assert.Equal(t, tc.sql, sql)
			assert.Equal(t, tc.args, b.args)
		})
	}
}

// The category tree filter: any of the paths, each level an equality.
func TestCategoryTreeSQL(t *testing.T) {
	b := &builder{}
	assert.Equal(t, "((super_category = ? AND category = ?) OR (super_category = ?))",
		b.categoryTree(CategoryTreeFilter{Paths: [][]string{{"Home", "Kitchen"}, {"Toys"}}}))
	assert.Equal(t, []any{"Home", "Kitchen", "Toys"}, b.args)
	assert.Equal(t, "0", (&builder{}).categoryTree(CategoryTreeFilter{}))
}

// ag-grid's filter model decodes into the typed filters the predicate builder takes.
func TestFilterModelDecodesToTypedFilters(t *testing.T) {
	cases := []struct {
		js   string
		want Filter
	}{
		{`{"filterType":"text","type":"contains","filter":"tv"}`, TextFilter{Op: TextContains, Value: "tv"}},
		{`{"filterType":"text","type":"equals","filter":42}`, TextFilter{Op: TextEquals, Value: "42"}},
		{`{"filterType":"text","type":"blank"}`, TextFilter{Op: TextBlank}},
		{`{"filterType":"number","type":"inRange","filter":"1.5","filterTo":3}`, NumberFilter{Op: NumberInRange, Value: 1.5, To: 3}},
		{`{"filterType":"number","type":"notBlank"}`, NumberFilter{Op: NumberNotBlank}},
		{`{"filterType":"date","type":"inRange","dateFrom":"2025-01-02 00:00:00","dateTo":"2025-01-09"}`,
			DateFilter{Op: DateInRange, From: time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC), To: time.Date(2025, 1, 9, 0, 0, 0, 0, time.UTC)}},
		{`{"filterType":"set","values":["A",null,"  ","b"]}`, SetFilter{Values: []string{"A", "b"}, Blanks: true}},
		{`{"filterType":"radio","value":"I am lower"}`, RadioFilter{Value: "I am lower"}},
		{`{"filterType":"number","operator":"or","condition1":{"filterType":"number","type":"blank"},"condition2":null}`,
			CombinedFilter{Join: JoinOr, Conditions: []Filter{NumberFilter{Op: NumberBlank}}}},
		{`{"filterType":"text","conditions":[{"filterType":"text","type":"notBlank"}]}`, CombinedFilter{Join: JoinAnd, Conditions: []Filter{TextFilter{Op: TextNotBlank}}}},
		{`{"filterType":"multi","filterModels":[null,{"filterType":"set","values":[]}]}`, MultiFilter{Filters: []Filter{nil, SetFilter{}}}},
	}
	for _, tc := range cases {
		got, err := ParseFilterModel(map[string]json.RawMessage{"c": json.RawMessage(tc.js)})
		require.NoError(t, err, tc.js)
		assert.Equal(t, tc.want, got["c"], tc.js)
	}
	got, err := ParseFilterModel(map[string]json.RawMessage{"category_tree": json.RawMessage(`{"paths":[["a","b"]]}`), "name": json.RawMessage(`null`)})
	require.NoError(t, err)
	assert.Equal(t, map[string]Filter{"category_tree": CategoryTreeFilter{Paths: [][]string{{"a", "b"}}}}, got)
}
