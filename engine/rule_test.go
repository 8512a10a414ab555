package engine

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The pricer's SQL, part by part (exact text and arguments); the whole run is
// checked against a Go evaluator on real ClickHouse in api/access/pricer_test.go.

func slottedAccount() Account {
	a := testAccount()
	a.Slots = map[int64]int{3: 1, 9: 2}
	return a.normalize()
}

func TestRuleSourceSQL(t *testing.T) {
	k := &runCompiler{a: slottedAccount(), e: newExprs(slottedAccount())}
	for _, tc := range []struct {
		name string
		src  RuleSource
		sql  string
	}{
		{"my price", RuleSource{Kind: SourceMyPrice}, "if(price > 0, price, nan)"},
		{"mrp", RuleSource{Kind: SourceMRP}, "if(mrp > 0, mrp, nan)"},
		{"fixed", RuleSource{Kind: SourceFixed, Amount: 12.5}, "toFloat64(12.5)"},
		{"one competitor, min", RuleSource{Kind: SourceCompetitors, Competitors: []int64{9}, Aggregate: AggMin},
			"if(o_min_9 = inf, nan, o_min_9)"},
		{"two competitors, max, in stock", RuleSource{Kind: SourceCompetitors, Competitors: []int64{3, 9}, Aggregate: AggMax, InStockOnly: true},
			"if(greatest(os_max_3, os_max_9) = -inf, nan, greatest(os_max_3, os_max_9))"},
		{"two competitors, avg", RuleSource{Kind: SourceCompetitors, Competitors: []int64{3, 9}, Aggregate: AggAvg},
			"(o_sum_3 + o_sum_9) / (o_cnt_3 + o_cnt_9)"},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.sql, k.source(tc.src)) })
	}
	// The offer columns: once per competitor, stock option and form any rule reads.
	k.lists = map[RuleType][]Rule{
		RuleTarget: {{Source: RuleSource{Kind: SourceCompetitors, Competitors: []int64{9, 3}, Aggregate: AggMin}},
			{Source: RuleSource{Kind: SourceCompetitors, Competitors: []int64{9}, Aggregate: AggAvg, InStockOnly: true}}},
		RuleFloor: {{Source: RuleSource{Kind: SourceCompetitors, Competitors: []int64{3}, Aggregate: AggMin}}, {Source: RuleSource{Kind: SourceMyPrice}}},
	}
	cut := "toDateTime(1764633600)"
	ok9, ok3 := "2 > 0 AND c_price[2] > 0 AND c_seen[2] >= "+cut, "1 > 0 AND c_price[1] > 0 AND c_seen[1] >= "+cut
	assert.Equal(t, []string{
		"if(" + ok9 + ", c_price[2], inf) AS o_min_9",
		"if(" + ok3 + ", c_price[1], inf) AS o_min_3",
		"if(" + ok9 + " AND c_in_stock[2] = 1, c_price[2], 0) AS os_sum_9",
		"toFloat64(" + ok9 + " AND c_in_stock[2] = 1) AS os_cnt_9",
	}, k.offerColumns())
	// Exact build facts with no stale priced pair: the plain price columns, no scan times.
	a := slottedAccount()
	a.Totals = &Totals{FreshMin: uint32(a.Now.Unix()), StaleMax: 0, Parity: a.Settings.Parity, Lower: a.Settings.Lower, Upper: a.Settings.Upper}
	k.a, k.e = a, newExprs(a)
	assert.Equal(t, []string{
		"if(p2 > 0 AND my_price > 0, p2, inf) AS o_min_9",
		"if(p1 > 0 AND my_price > 0, p1, inf) AS o_min_3",
		"if(p2 > 0 AND my_price > 0 AND c_in_stock[2] = 1, p2, 0) AS os_sum_9",
		"toFloat64(p2 > 0 AND my_price > 0 AND c_in_stock[2] = 1) AS os_cnt_9",
	}, k.offerColumns())
	a.Totals.StaleMax = 1
	k.a, k.e = a, newExprs(a)
	assert.Contains(t, k.offerColumns()[0], "c_seen[2] >=", "a pair already stale at the build: the scan times are read")
}

func TestRuleStepsSQL(t *testing.T) {
	m, mm := 8.0, 5.0
	k := &runCompiler{g: Guardrails{MaxChangePct: &m, MinMarginPct: &mm, RoundingEndings: []float64{0.99}, AutoApprovePct: 3}}
	h := "(NOT isNaN(t_val) AND price > 0)"
	lo := "(floor(s_max - 0.99) + 0.99)"
	hi := "(" + lo + " + 1)"
	dist := func(c string) string {
		return "if((" + c + " > 0) AND (isNaN(f_val) OR " + c + " >= f_val - 1e-09), abs(" + c + " - s_max), inf)"
	}
	assert.Equal(t, []stepLevel{
		{cols: []string{
			"if(" + h + ", if(isNaN(f_val), if(isNaN(c_val), t_val, least(t_val, c_val)), greatest(if(isNaN(c_val), t_val, least(t_val, c_val)), f_val)), price) AS s_clamped",
			"if(" + h + ", least(greatest(s_clamped, price * 0.92), price * 1.08), price) AS s_max",
		}, keep: []string{"s_clamped", "s_max"}},
		{cols: []string{
			"[" + hi + ", " + lo + "] AS r_cand, [" + dist(hi) + ", " + dist(lo) + "] AS r_dist",
			"arrayReduce('min', r_dist) AS r_best",
		}},
		{cols: []string{
			"if(" + h + " AND r_best != inf, r_cand[indexOf(r_dist, r_best)], s_max) AS s_round",
			"if(" + h + " AND cost > 0, greatest(s_round, cost * 1.05), s_round) AS s_margin",
			"if(" + h + ", if(s_margin < 0, -1, 1) * floor(abs(s_margin) * 100 + 0.5) / 100, price) AS recommended_price",
			"if(price > 0, (recommended_price - price) / price * 100, 0) AS change_pct",
			"multiIf(NOT " + h + " OR abs(recommended_price - price) < 0.005, 'no_change', abs(change_pct) <= 3, 'auto_approved', 'pending') AS status",
		}, keep: []string{"s_round", "s_margin", "recommended_price", "change_pct", "status"}},
	}, k.stepLevels(), "three levels: 18.16 analyses every level below each one again")
	k = &runCompiler{}
	levels := k.stepLevels()
	require.Len(t, levels, 2, "no rounding: no candidates' level")
	assert.Equal(t, "s_clamped AS s_max", levels[0].cols[1], "no guardrails: the steps pass the price on")
}

// The rule lists: the first matching active rule by order; scopes compile with the
// grid's predicates and their values are bound in text order.
func TestRunListsSQL(t *testing.T) {
	scope := func(js string) Condition {
		c, err := ParseCondition([]byte(js))
		require.NoError(t, err)
		return c
	}
	rules := []Rule{
		{ID: 21, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Scope: scope(`{"filters":{"canonical_mfgr_display":{"filterType":"set","values":["Acme"]}}}`),
			Source: RuleSource{Kind: SourceMyPrice}, Adjust: RuleAdjust{Percent: -5, Amount: 0.5}},
		{ID: 22, Name: "off", Section: SectionMiddle, Type: RuleTarget, Active: false, Source: RuleSource{Kind: SourceFixed, Amount: 1}},
		{ID: 23, Name: "b", Section: SectionMiddle, Type: RuleTarget, Active: true, Scope: scope(`{"search":"tv"}`), Source: RuleSource{Kind: SourceMRP}},
		{ID: 24, Name: "f", Section: SectionTopBottom, Type: RuleFloor, Active: true, Source: RuleSource{Kind: SourceFixed, Amount: 2}},
	}
	st, err := CompileRun(slottedAccount(), rules, Guardrails{}, 42)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(st.SQL, "INSERT INTO pricer_results (account_id, result_id, product_id, name, brand, mfgr_prod_id, super_category, "+
		"category, vertical, search_text, price, cost, mrp, t_rule, t_src, target, f_rule, f_src, floor, c_rule, c_src, ceiling, s_clamped, s_max, s_round, "+
		"s_margin, recommended_price, change_pct, status) SELECT account_id, toUInt64(42), product_id, name, brand, mfgr_prod_id, super_category, category, "+
		"vertical, search_text, price, cost, mrp, t_rule, t_src, t_val, f_rule, f_src, f_val, c_rule, c_src, c_val, s_clamped, s_max, s_round, s_margin, "+
		"recommended_price, change_pct, status FROM ("), st.SQL)
	assert.Contains(t, st.SQL, "(SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, search_text, "+
		"my_price AS price, cost, mrp, "+
		"toUInt32(multiIf(((ifNull(lowerUTF8(brand) IN ?, 0))), 1, (position(search_text, lowerUTF8(?)) > 0), 2, 0)) AS t_i, "+
		"toUInt32(multiIf((1), 1, 0)) AS f_i, toUInt32(0) AS c_i FROM product_snapshot WHERE account_id = ?)")
	base := "account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, search_text, price, cost, mrp, "
	assert.Contains(t, st.SQL, "(SELECT "+base+"t_i, f_i, c_i, transform(t_i, [1, 2], [toUInt64(21), toUInt64(23)], toUInt64(0)) AS t_rule, "+
		"toFloat64(multiIf(t_i = 1, if(price > 0, price, nan), t_i = 2, if(mrp > 0, mrp, nan), nan)) AS t_src, "+
		"transform(f_i, [1], [toUInt64(24)], toUInt64(0)) AS f_rule, toFloat64(multiIf(f_i = 1, toFloat64(2), nan)) AS f_src, "+
		"toUInt64(0) AS c_rule, nan AS c_src FROM")
	tv := "(t_src * transform(t_i, [1, 2], [toFloat64(0.95), toFloat64(1)], nan) + transform(t_i, [1, 2], [toFloat64(0.5), toFloat64(0)], nan))"
	fv := "(f_src * transform(f_i, [1], [toFloat64(1)], nan) + transform(f_i, [1], [toFloat64(0)], nan))"
	assert.Contains(t, st.SQL, "(SELECT "+base+"t_rule, t_src, f_rule, f_src, c_rule, c_src, if("+tv+" > 0, "+tv+", nan) AS t_val, "+
		"if("+fv+" > 0, "+fv+", nan) AS f_val, nan AS c_val FROM")
	assert.Contains(t, st.SQL, "(SELECT "+base+"t_rule, t_src, f_rule, f_src, c_rule, c_src, t_val, f_val, c_val, if((NOT isNaN(t_val) AND price > 0), ")
	assert.NotContains(t, st.SQL, "toUInt64(22)", "inactive rules are not compiled")
	assert.Equal(t, []any{clickhouse.GroupSet{Value: []any{"acme"}}, "tv", uint32(7)}, st.Args)

	// The preview: the candidate's scope after the rules' (the order of the text).
	cand := Rule{Name: "new", Section: SectionMiddle, Type: RuleTarget, Scope: scope(`{"search":"radio"}`), Source: RuleSource{Kind: SourceMyPrice}}
	st, err = CompilePreview(slottedAccount(), rules, cand, Guardrails{})
	require.NoError(t, err)
	assert.Equal(t, []any{clickhouse.GroupSet{Value: []any{"acme"}}, "tv", "radio", uint32(7), "radio"}, st.Args)
	assert.True(t, strings.HasPrefix(st.SQL, "SELECT count() AS matched, countIf(t_rule = toUInt64(9223372036854775807)) AS decided, "+
		"countIf(status != 'no_change') AS changed, countIf(status != 'no_change' AND change_pct < -20) AS b0, "+
		"countIf(status != 'no_change' AND change_pct >= -20 AND change_pct < -10) AS b1,"), st.SQL)
	assert.Contains(t, st.SQL, "FROM product_snapshot WHERE account_id = ? AND position(search_text, lowerUTF8(?)) > 0)")
}

func TestResultsSQL(t *testing.T) {
	c, err := ParseCondition([]byte(`{"filters":{"status":{"filterType":"radio","value":"Pending"},` +
		`"change_pct":{"filterType":"number","type":"greaterThan","filter":5}},"search":"tv","sort":[{"colId":"floor","sort":"desc"}],"limit":10}`))
	require.NoError(t, err)
	a := testAccount()
	a.Categories = []string{"Toys"}
	st, err := CompileResultCount(a, c, 42, true)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count(), countIf(CAST(status AS String) IN ('pending', 'mandated')) FROM pricer_results WHERE account_id = ? AND super_category IN ? AND result_id = ? "+
		"AND ifNull(change_pct > ?, 0) AND ifNull(toString(status) = ?, 0) AND position(search_text, lowerUTF8(?)) > 0", st.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"Toys"}}, uint64(42), 5.0, "pending", "tv"}, st.Args)
	p, err := CompileResultRows(a, c, 42)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "if(isNaN(floor), NULL, floor) AS `r_floor`")
	assert.Contains(t, p.SQL, " FROM pricer_results WHERE account_id = ? AND result_id = ? AND product_id IN (SELECT product_id FROM pricer_results WHERE "+
		"account_id = ? AND super_category IN ? AND result_id = ? AND ifNull(change_pct > ?, 0) AND ifNull(toString(status) = ?, 0) AND "+
		"position(search_text, lowerUTF8(?)) > 0 ORDER BY if(isNaN(floor), NULL, floor) DESC NULLS LAST, product_id ASC LIMIT 11 OFFSET 0) "+
		"ORDER BY if(isNaN(floor), NULL, floor) DESC NULLS LAST, product_id ASC")
	for _, bad := range []string{`{"sort":[{"colId":"Price@3","sort":"asc"}]}`, `{"group":[{"id":"brand"}]}`, `{"group":[{"id":"price"}]}`,
		`{"filters":{"status":{"filterType":"radio","value":"maybe"}}}`, `{"filters":{"explanation":{"filterType":"text","type":"contains","filter":"x"}}}`} {
		c, err := ParseCondition([]byte(bad))
		require.NoError(t, err)
		_, err = CompileResultRows(a, c, 42)
		var e *Error
		assert.ErrorAs(t, err, &e, bad)
	}

	// Group mode: the next level's group rows, under the open groups' path.
	c, err = ParseCondition([]byte(`{"group":[{"id":"status"},{"id":"rule_id"}],"groupIds":["pending"],"sort":[{"colId":"changed","sort":"desc"}],"limit":10}`))
	require.NoError(t, err)
	p, err = CompileResultRows(a, c, 42)
	require.NoError(t, err)
	assert.Equal(t, ShapeGroups, p.Shape)
	assert.Equal(t, "rule_id", p.GroupField)
	assert.Equal(t, "SELECT ifNull(toString(if(t_rule = 0, NULL, t_rule)), '') AS group_key, count() AS `products`, countIf(status != 'no_change') AS `changed`, "+
		"countIf(CAST(status AS String) IN ('pending', 'mandated')) AS `pending`, countIf(status = 'auto_approved') AS `auto_approved`, "+
		"if(countIf(status != 'no_change') = 0, NULL, avgIf(change_pct, status != 'no_change')) AS `avg_change_pct`, "+
		"if(countIf(status != 'no_change') = 0, NULL, minIf(change_pct, status != 'no_change')) AS `min_change_pct`, "+
		"if(countIf(status != 'no_change') = 0, NULL, maxIf(change_pct, status != 'no_change')) AS `max_change_pct` "+
		"FROM pricer_results WHERE account_id = ? AND super_category IN ? AND result_id = ? AND ifNull(toString(toString(status)), '') = ? "+
		"GROUP BY group_key ORDER BY `changed` DESC NULLS LAST, group_key ASC LIMIT 11 OFFSET 0", p.SQL)
	assert.Equal(t, []any{uint32(7), clickhouse.GroupSet{Value: []any{"Toys"}}, uint64(42), "pending"}, p.Args)
	c, err = ParseCondition([]byte(`{"group":[{"id":"status"}],"groupIds":["pending"]}`))
	require.NoError(t, err)
	p, err = CompileResultRows(a, c, 42)
	require.NoError(t, err)
	assert.Equal(t, ShapeRows, p.Shape, "an open group's products")
	assert.Contains(t, p.SQL, "AND ifNull(toString(toString(status)), '') = ? ORDER BY product_id ASC")
}

// Hostile text in a rule's scope is bound; a rule's name never reaches SQL; rules
// built in Go are checked again at compile.
func TestRuleHostileAndGoBuilt(t *testing.T) {
	for _, v := range hostileStrings {
		vs, _ := json.Marshal(v)
		for _, js := range []string{`{"search":` + string(vs) + `}`,
			`{"filters":{"name":{"filterType":"text","type":"contains","filter":` + string(vs) + `}}}`,
			`{"filters":{"category_tree":{"paths":[[` + string(vs) + `]]}}}`} {
			c, err := ParseCondition([]byte(js))
			require.NoError(t, err, js)
			r := Rule{ID: 1, Name: clip(v) + "x", Section: SectionMiddle, Type: RuleTarget, Active: true, Scope: c, Source: RuleSource{Kind: SourceMyPrice}}
			st, err := CompileRun(testAccount(), []Rule{r}, Guardrails{}, 1)
			require.NoError(t, err, js)
			if len(v) > 2 {
				assert.NotContains(t, st.SQL, v, js)
			}
			assert.Contains(t, st.Args, uint32(7))
		}
	}
	ok := Rule{ID: 1, Name: "ok", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}}
	for name, mutate := range map[string]func(*Rule){
		"NaN percent":        func(r *Rule) { r.Adjust.Percent = math.NaN() },
		"infinite amount":    func(r *Rule) { r.Adjust.Amount = math.Inf(1) },
		"unknown source":     func(r *Rule) { r.Source.Kind = "x'); DROP" },
		"foreign competitor": func(r *Rule) { r.Source = RuleSource{Kind: SourceCompetitors, Competitors: []int64{4}} },
		"unknown scope column": func(r *Rule) {
			r.Scope.Filters = map[string]Filter{"x; DROP": TextFilter{Op: TextContains, Value: "a"}}
		},
		"floor in middle":       func(r *Rule) { r.Type = RuleFloor },
		"negative fixed charge": func(r *Rule) { r.Source = RuleSource{Kind: SourceFixed, Amount: -1} },
	} {
		r := ok
		mutate(&r)
		_, err := CompileRun(testAccount(), []Rule{r}, Guardrails{}, 1)
		assert.Error(t, err, name)
	}
	bad := -1.0
	_, err := CompileRun(testAccount(), []Rule{ok}, Guardrails{MaxChangePct: &bad}, 1)
	assert.Error(t, err, "guardrails are checked at compile too")
	_, err = CompileRun(Account{}, []Rule{ok}, Guardrails{}, 1)
	assert.Error(t, err, "no account, no run")
}

func TestGuardrailsValidate(t *testing.T) {
	g := Guardrails{RoundingEndings: []float64{0.99, 0.49, 0.99, 0.4900001}}
	require.NoError(t, g.Validate())
	assert.Equal(t, []float64{0.49, 0.99}, g.RoundingEndings, "rounded to cents, deduplicated, sorted")
	for _, bad := range []Guardrails{{RoundingEndings: []float64{1}}, {RoundingEndings: []float64{-0.01}}, {AutoApprovePct: -1},
		{RoundingEndings: []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}}} {
		assert.Error(t, bad.Validate(), "%+v", bad)
	}
}

func TestExplain(t *testing.T) {
	rules := map[int64]RuleRef{
		1: {ID: 1, Name: "Beat Alpha", Source: RuleSource{Kind: SourceCompetitors, Competitors: []int64{3}, Aggregate: AggMin}, Adjust: RuleAdjust{Percent: -2}},
		2: {ID: 2, Name: "Keep 90 %", Source: RuleSource{Kind: SourceMyPrice}, Adjust: RuleAdjust{Percent: -10}},
	}
	nan := math.NaN()
	m := 5.0
	steps, s := Explain(ResultTrace{Price: 10, Cost: 5, TRule: 1, TSrc: 8, Target: 7.84, FRule: 2, FSrc: 10, Floor: 9, CSrc: nan, Ceiling: nan,
		Clamped: 9, Max: 9.5, Round: 9.99, Margin: 9.99, Recommended: 9.99, ChangePct: -0.1, Status: StatusPending},
		rules, Guardrails{MaxChangePct: &m, RoundingEndings: []float64{0.99}}, map[int64]string{3: "Alpha"})
	assert.Equal(t, `Target 7.84 from rule "Beat Alpha" (the lowest price of Alpha 8.00, -2 %); floor 9.00 from rule "Keep 90 %" (my price 10.00, -10 %); `+
		`raised to the floor 9.00; limited to the maximum change of 5 % per run (9.50); rounded to 9.99; recommended 9.99 (-0.10 % from 10.00).`, s)
	var kinds []string
	for _, st := range steps {
		kinds = append(kinds, st.Kind)
	}
	assert.Equal(t, []string{"target", "floor", "clamp", "max_change", "rounding"}, kinds)

	_, s = Explain(ResultTrace{Price: 10, TRule: 1, TSrc: nan, Target: nan, Floor: nan, Ceiling: nan, Status: StatusNoChange}, rules, Guardrails{}, nil)
	assert.Equal(t, `Rule "Beat Alpha" matches, but the lowest price of competitor 3 has no value; no change: the target rule's source has no value.`, s)
	_, s = Explain(ResultTrace{Price: 10, Target: nan, Floor: nan, Ceiling: nan, Status: StatusNoChange}, rules, Guardrails{}, nil)
	assert.Equal(t, "No change: no middle rule matches this product.", s)

	// A planned event's target and a contract's band name themselves.
	_, s = Explain(ResultTrace{Price: 10, TRule: EventRuleID, TSrc: 7.5, Target: 7.5, FRule: ContractRuleID, FSrc: 8, Floor: 8, CRule: ContractRuleID, CSrc: 9,
		Ceiling: 9, Clamped: 8, Max: 8, Round: 8, Margin: 8, Recommended: 8, ChangePct: -20, Status: StatusPending}, rules, Guardrails{}, nil)
	assert.Equal(t, "Target 7.50 from a planned event; floor 8.00 from the product's contract; ceiling 9.00 from the product's contract; "+
		"raised to the floor 8.00; recommended 8.00 (-20.00 % from 10.00).", s)
}

// Contracts and planned events (price_terms.go): their values are lookups by
// product over bound arrays (sorted by product), and replace the lists' sources,
// rules and values; with none the SQL is the plain run's.
func TestRunTermsSQL(t *testing.T) {
	rules := []Rule{{ID: 21, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}, Adjust: RuleAdjust{Percent: -5}}}
	plain, err := CompileRun(slottedAccount(), rules, Guardrails{}, 42)
	require.NoError(t, err)
	a := slottedAccount()
	a.Terms = &PriceTerms{}
	empty, err := CompileRun(a, rules, Guardrails{}, 42)
	require.NoError(t, err)
	assert.Equal(t, plain, empty, "no terms: the plain run")

	a.Terms = &PriceTerms{Contracts: []Contract{{ProductID: "P2", Floor: 9, Ceiling: 9}, {ProductID: "P1", Floor: 10, Ceiling: 12}},
		Events: []EventPrice{{ProductID: "P3", Price: 7.5}}}
	st, err := CompileRun(a, rules, Guardrails{}, 42)
	require.NoError(t, err)
	lookup := func(vals string) string {
		return "transform(product_id, CAST(? AS Array(String)), CAST(? AS Array(Float64)), toFloat64(0)) AS " + vals
	}
	assert.Contains(t, st.SQL, "toUInt32(multiIf((1), 1, 0)) AS t_i, toUInt32(0) AS f_i, toUInt32(0) AS c_i, "+
		lookup("k_floor")+", "+lookup("k_ceiling")+", "+lookup("k_event")+" FROM product_snapshot WHERE account_id = ?")
	assert.Equal(t, []any{[]string{"P1", "P2"}, []float64{10, 9}, []string{"P1", "P2"}, []float64{12, 9}, []string{"P3"}, []float64{7.5}, uint32(7)}, st.Args)
	assert.Contains(t, st.SQL, "if(k_event > 0, toUInt64(9007199254740990), transform(t_i, [1], [toUInt64(21)], toUInt64(0))) AS t_rule, "+
		"if(k_event > 0, k_event, toFloat64(multiIf(t_i = 1, if(price > 0, price, nan), nan))) AS t_src, "+
		"if(k_floor > 0, toUInt64(9007199254740991), toUInt64(0)) AS f_rule, if(k_floor > 0, k_floor, nan) AS f_src, "+
		"if(k_ceiling > 0, toUInt64(9007199254740991), toUInt64(0)) AS c_rule, if(k_ceiling > 0, k_ceiling, nan) AS c_src")
	tv := "if((t_src * transform(t_i, [1], [toFloat64(0.95)], nan) + transform(t_i, [1], [toFloat64(0)], nan)) > 0, " +
		"(t_src * transform(t_i, [1], [toFloat64(0.95)], nan) + transform(t_i, [1], [toFloat64(0)], nan)), nan)"
	assert.Contains(t, st.SQL, "if(k_event > 0, k_event, if(isNaN("+tv+") AND k_floor > 0 AND price > 0, price, "+tv+")) AS t_val, "+
		"if(k_floor > 0, k_floor, nan) AS f_val, if(k_ceiling > 0, k_ceiling, nan) AS c_val")
}
