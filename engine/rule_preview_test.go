package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The preview from a run's results: per product in the candidate's scope, the
// run's rule of its list says whether a rule ranked before it matched. Those
// products' stored results are read as they are (ranked); the rest is recomputed
// from the snapshot, joined with the run's four columns.
func TestPreviewFromStateSQL(t *testing.T) {
	scope := func(js string) Condition {
		c, err := ParseCondition([]byte(js))
		require.NoError(t, err)
		return c
	}
	rules := []Rule{
		{ID: 21, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Scope: scope(`{"filters":{"canonical_mfgr_display":{"filterType":"set","values":["Acme"]}}}`),
			Source: RuleSource{Kind: SourceMyPrice}, Adjust: RuleAdjust{Percent: -5, Amount: 0.5}},
		{ID: 23, Name: "b", Section: SectionMiddle, Type: RuleTarget, Active: true, Scope: scope(`{"search":"tv"}`), Source: RuleSource{Kind: SourceMRP}},
		{ID: 24, Name: "f", Section: SectionTopBottom, Type: RuleFloor, Active: true, Source: RuleSource{Kind: SourceFixed, Amount: 2}},
	}
	const (
		results  = "FROM pricer_results WHERE account_id = ? AND result_id = ?"
		runCols  = "SELECT product_id, %s_rule AS r_rule, target AS r_t, floor AS r_f, ceiling AS r_c "
		snapshot = "(SELECT product_id, my_price AS price, cost, mrp FROM product_snapshot WHERE account_id = ?"
		search   = "position(search_text, lowerUTF8(?)) > 0"
		price    = "ifNull(my_price >= ? AND my_price <= ?, 0)"
	)
	for _, tc := range []struct {
		name  string
		cand  Rule
		scope string
		rest  bool
		parts []string // the counted rows: the ranked products' stored results, then the rest's join
		args  []any
	}{
		{"an edit in place, scoped on the results' own columns: the run's rows hashed, thinned by the scope", Rule{ID: 23, Type: RuleTarget}, `{"search":"radio"}`, true,
			[]string{"(SELECT t_rule, CAST(status AS String) AS status, change_pct " + results + " AND t_rule IN (21) AND " + search + " UNION ALL ",
				"FROM " + snapshot + " AND " + search + ") AS lhs ALL INNER JOIN (" + strings.Replace(runCols, "%s", "t", 1) + results + " AND NOT t_rule IN (21) AND " + search + ") AS rhs USING product_id"},
			[]any{uint32(7), uint64(42), "radio", uint32(7), "radio", uint32(7), uint64(42), "radio"}},
		{"a new rule behind rules that leave it nothing: the stored results alone", Rule{Type: RuleTarget}, `{"search":"radio"}`, false,
			[]string{"FROM (SELECT t_rule, CAST(status AS String) AS status, change_pct " + results + " AND t_rule IN (21, 23) AND " + search + ")"},
			[]any{uint32(7), uint64(42), "radio"}},
		{"the first of its list: every product is the rest", Rule{Type: RuleCeiling, Section: SectionTopBottom}, `{"search":"radio"}`, true,
			[]string{"FROM (SELECT c_rule, status, change_pct FROM (", "FROM " + snapshot + " AND " + search + ") AS lhs ALL INNER JOIN (" +
				strings.Replace(runCols, "%s", "c", 1) + results + " AND " + search + ") AS rhs USING product_id"},
			[]any{uint32(7), "radio", uint32(7), uint64(42), "radio"}},
		{"scoped on a column the results do not hold: the ranked rows by id, the run's rows stream past the scope's products", Rule{ID: 23, Type: RuleTarget},
			`{"filters":{"price":{"filterType":"number","type":"inRange","filter":10,"filterTo":20}}}`, true,
			[]string{"(SELECT t_rule, CAST(status AS String) AS status, change_pct " + results + " AND t_rule IN (21) AND product_id IN (SELECT product_id FROM product_snapshot WHERE account_id = ? AND " + price + ") UNION ALL ",
				"FROM (" + strings.Replace(runCols, "%s", "t", 1) + results + " AND NOT t_rule IN (21)) AS lhs ALL INNER JOIN " + snapshot + " AND " + price + ") AS rhs USING product_id"},
			[]any{uint32(7), uint64(42), uint32(7), 10.0, 20.0, uint32(7), uint64(42), uint32(7), 10.0, 20.0}},
		{"without a scope: the snapshot's rows stream past the run's", Rule{ID: 23, Type: RuleTarget}, `{}`, true,
			[]string{"(SELECT t_rule, CAST(status AS String) AS status, change_pct " + results + " AND t_rule IN (21) UNION ALL ",
				"FROM (SELECT product_id, my_price AS price, cost, mrp FROM product_snapshot WHERE account_id = ?) AS lhs ALL INNER JOIN (" + strings.Replace(runCols, "%s", "t", 1) + results + " AND NOT t_rule IN (21)) AS rhs USING product_id"},
			[]any{uint32(7), uint64(42), uint32(7), uint32(7), uint64(42)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cand
			c.Name, c.Active, c.Scope, c.Source = "x", true, scope(tc.scope), RuleSource{Kind: SourceMyPrice}
			if c.Section == "" {
				c.Section = SectionMiddle
			}
			st, err := CompilePreviewFromState(slottedAccount(), rules, c, Guardrails{}, 42, tc.rest)
			require.NoError(t, err)
			p := string(c.Type[0])
			id := map[bool]string{true: "23", false: "9223372036854775807"}[c.ID == 23]
			assert.Contains(t, st.SQL, "countIf("+p+"_rule = toUInt64("+id+")) AS decided")
			for _, part := range tc.parts {
				assert.Contains(t, st.SQL, part)
			}
			if tc.rest {
				assert.Contains(t, st.SQL, "(SELECT *, toUInt32(1) AS n_i FROM ")
				assert.Contains(t, st.SQL, "(SELECT price, cost, n_i, r_rule, r_t, r_f, r_c, transform(n_i, [1], [toUInt64("+id+")], toUInt64(0)) AS n_rule, "+
					"toFloat64(multiIf(n_i = 1, if(price > 0, price, nan), nan)) AS n_src FROM")
			} else {
				assert.NotContains(t, st.SQL, "product_snapshot", "nothing is recomputed")
			}
			assert.NotContains(t, st.SQL, "lowerUTF8(brand)", "the other rules' scopes are not read")
			assert.Equal(t, tc.args, st.Args)
			assert.True(t, st.Wide)
		})
	}
}

// An edit in place recomputes the candidate's list's value where it wins and
// keeps the run's values of the other lists.
func TestPreviewFromStateValues(t *testing.T) {
	rules := []Rule{{ID: 21, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}}}
	c := Rule{ID: 21, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}, Adjust: RuleAdjust{Percent: 2}}
	st, err := CompilePreviewFromState(slottedAccount(), rules, c, Guardrails{}, 42, true)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, "(SELECT price, cost, n_rule AS t_rule, if((n_src * transform(n_i, [1], [toFloat64(1.02)], nan) + transform(n_i, [1], [toFloat64(0)], nan)) > 0, "+
		"(n_src * transform(n_i, [1], [toFloat64(1.02)], nan) + transform(n_i, [1], [toFloat64(0)], nan)), nan) AS t_val, r_f AS f_val, r_c AS c_val FROM")
	assert.NotContains(t, st.SQL, "UNION ALL", "no rule is ranked before it")
}

// The rest's count reads the run's rule column (and the scope on the results' own
// columns); there is none to count for the first rule of its list.
func TestPreviewRestSQL(t *testing.T) {
	rules := []Rule{{ID: 21, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}}}
	for _, tc := range []struct {
		name, scope, sql string
		args             []any
		ok               bool
	}{
		{"a scope on the results' own columns", `{"filters":{"category_tree":{"paths":[["TVs"]]}}}`,
			"SELECT count() FROM pricer_results WHERE account_id = ? AND result_id = ? AND NOT t_rule IN (21) AND ((super_category = ?))", []any{uint32(7), uint64(42), "TVs"}, true},
		{"another scope: a superset, every unranked product", `{"filters":{"price":{"filterType":"number","type":"greaterThan","filter":10}}}`,
			"SELECT count() FROM pricer_results WHERE account_id = ? AND result_id = ? AND NOT t_rule IN (21)", []any{uint32(7), uint64(42)}, true},
		{"no scope", `{}`, "SELECT count() FROM pricer_results WHERE account_id = ? AND result_id = ? AND NOT t_rule IN (21)", []any{uint32(7), uint64(42)}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := ParseCondition([]byte(tc.scope))
			require.NoError(t, err)
			c := Rule{Name: "x", Section: SectionMiddle, Type: RuleTarget, Active: true, Scope: sc, Source: RuleSource{Kind: SourceMyPrice}}
			st, ok, err := CompilePreviewRest(slottedAccount(), rules, c, Guardrails{}, 42)
			require.NoError(t, err)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.sql, st.SQL)
			assert.Equal(t, tc.args, st.Args)
		})
	}
	c := Rule{Name: "x", Section: SectionTopBottom, Type: RuleFloor, Active: true, Source: RuleSource{Kind: SourceMyPrice}}
	_, ok, err := CompilePreviewRest(slottedAccount(), rules, c, Guardrails{}, 42)
	require.NoError(t, err)
	assert.False(t, ok, "the first of its list: every product is the rest")
}

// With a snapshot delta on a cluster, the preview reads the delta's rows with
// GLOBAL IN, as every other read of the live snapshot (a shard evaluated the plain
// IN in its default database, where the delta table does not exist), and over the
// whole account whatever the user's categories.
func TestPreviewFromStateClusterDelta(t *testing.T) {
	a := slottedAccount()
	a.Cluster, a.SnapshotDelta, a.Categories = true, 9, []string{"TVs"}
	c := Rule{Name: "x", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}}
	st, err := CompilePreviewFromState(a, nil, c, Guardrails{}, 42, true)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, "FROM "+SnapshotLive+" WHERE account_id = ? AND (_table = 'product_snapshot_delta' AND (pno, build_id) GLOBAL IN (SELECT pno, max(build_id) FROM product_snapshot_delta "+
		"WHERE account_id = 7 AND build_id <= 9 GROUP BY pno) OR _table = 'product_snapshot' AND pno GLOBAL NOT IN (SELECT pno FROM product_snapshot_delta WHERE account_id = 7 AND build_id <= 9))) AS lhs")
	assert.NotContains(t, st.SQL, "super_category IN", "a run prices the whole account")
}

func TestPreviewFromStateAllowed(t *testing.T) {
	scope := func(js string) Condition {
		c, err := ParseCondition([]byte(js))
		require.NoError(t, err)
		return c
	}
	a := slottedAccount()
	rule := func(id int64, typ RuleType, active bool, sc string) Rule {
		return Rule{ID: id, Type: typ, Active: active, Scope: scope(sc)}
	}
	for _, tc := range []struct {
		name  string
		rules []Rule
		cand  Rule
		want  bool
	}{
		{"product columns, labels and the category tree", []Rule{rule(1, RuleTarget, true, `{"filters":{"price":{"filterType":"number","type":"greaterThan","filter":1},`+
			`"category_tree":{"paths":[["A"]]},"labels":{"filterType":"set","values":["1"]}},"search":"x"}`)}, rule(0, RuleTarget, true, `{}`), true},
		{"a saved rule filtering on a competitor's price", []Rule{rule(1, RuleTarget, true, `{"filters":{"Price@3":{"filterType":"number","type":"greaterThan","filter":1}}}`)},
			rule(0, RuleTarget, true, `{}`), false},
		{"an inactive one does", []Rule{rule(1, RuleTarget, false, `{"filters":{"Price@3":{"filterType":"number","type":"greaterThan","filter":1}}}`)},
			rule(0, RuleTarget, true, `{}`), true},
		{"the candidate's own scope is read live", []Rule{rule(1, RuleTarget, true, `{"filters":{"Price@3":{"filterType":"number","type":"greaterThan","filter":1}}}`)},
			rule(1, RuleTarget, true, `{}`), true},
		{"an edit that moves a rule to another list", []Rule{rule(1, RuleTarget, true, `{}`)}, rule(1, RuleFloor, true, `{}`), false},
		{"an inactive rule moving lists", []Rule{rule(1, RuleTarget, false, `{}`)}, rule(1, RuleFloor, true, `{}`), true},
	} {
		assert.Equal(t, tc.want, PreviewFromStateAllowed(a, tc.rules, tc.cand), tc.name)
	}
}

// The fingerprint names what a run reads: the same inputs give the same one,
// and each input a preview depends on changes it.
func TestRunFingerprint(t *testing.T) {
	rules := []Rule{{ID: 1, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceCompetitors, Competitors: []int64{3}}}}
	at := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	fp := func(a Account, rules []Rule, g Guardrails, version uint64, at time.Time) string {
		s, err := RunFingerprint(a, rules, g, version, at)
		require.NoError(t, err)
		return s
	}
	a := slottedAccount()
	base := fp(a, rules, Guardrails{}, 5, at)
	b := a
	b.Now, b.Categories, b.Mandated = at.Add(time.Hour), []string{"Toys"}, &Mandated{}
	assert.Equal(t, base, fp(b, rules, Guardrails{}, 5, at), "the clock is the run's; categories and the mandated set are not read by a preview")
	pct := 5.0
	flagged := a
	flagged.Flagged = map[int64][]string{3: {"P1"}}
	delta := a
	delta.SnapshotDelta = 9
	edited := []Rule{rules[0]}
	edited[0].Adjust.Percent = 1
	for name, other := range map[string]string{
		"guardrails":     fp(a, rules, Guardrails{MaxChangePct: &pct}, 5, at),
		"a rule":         fp(a, edited, Guardrails{}, 5, at),
		"a flag":         fp(flagged, rules, Guardrails{}, 5, at),
		"a delta build":  fp(delta, rules, Guardrails{}, 5, at),
		"a build":        fp(a, rules, Guardrails{}, 6, at),
		"the run's time": fp(a, rules, Guardrails{}, 5, at.Add(time.Hour)),
	} {
		assert.NotEqual(t, base, other, name)
	}
}
