package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The preview from a run's results: per product in the candidate's scope, the
// run's rule of its list says whether a rule ranked before it matched.
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
	// A scoped candidate: the run's rows on the left, the scope's products hashed on the right.
	join := "FROM (SELECT product_id, %s_rule AS r_rule, target AS r_t, floor AS r_f, ceiling AS r_c FROM pricer_results WHERE account_id = ? AND result_id = ?) AS lhs " +
		"ALL INNER JOIN (SELECT product_id, my_price AS price, cost, mrp FROM product_snapshot WHERE account_id = ? AND position(search_text, lowerUTF8(?)) > 0) AS rhs USING product_id"
	for _, tc := range []struct {
		name    string
		cand    Rule
		wins    string // the candidate wins where
		decided string
		value   string // the candidate list's value column
	}{
		{"an edit in place: the rules before it", Rule{ID: 23, Type: RuleTarget, Adjust: RuleAdjust{Percent: 2}}, "NOT has([toUInt64(21)], r_rule)",
			"countIf(t_rule = toUInt64(23))", "if(n_i = 1, n_rule, r_rule) AS t_rule, if(n_i = 1, if((n_src * transform(n_i, [1], [toFloat64(1.02)], nan) + " +
				"transform(n_i, [1], [toFloat64(0)], nan)) > 0, (n_src * transform(n_i, [1], [toFloat64(1.02)], nan) + transform(n_i, [1], [toFloat64(0)], nan)), nan), r_t) AS t_val, " +
				"r_f AS f_val, r_c AS c_val"},
		{"a new rule: last of its list", Rule{Type: RuleTarget}, "NOT has([toUInt64(21), toUInt64(23)], r_rule)", "countIf(t_rule = toUInt64(9223372036854775807))", ""},
		{"the first of its list wins wherever it matches", Rule{Type: RuleCeiling, Section: SectionTopBottom}, "1", "countIf(c_rule = toUInt64(9223372036854775807))",
			"if(n_i = 1, n_rule, r_rule) AS c_rule, r_t AS t_val, r_f AS f_val, if(n_i = 1, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cand
			c.Name, c.Active, c.Scope, c.Source = "x", true, scope(`{"search":"radio"}`), RuleSource{Kind: SourceMyPrice}
			if c.Section == "" {
				c.Section = SectionMiddle
			}
			st, err := CompilePreviewFromState(slottedAccount(), rules, c, Guardrails{}, 42)
			require.NoError(t, err)
			p := string(c.Type[0])
			assert.Contains(t, st.SQL, "(SELECT *, toUInt32("+tc.wins+") AS n_i "+strings.Replace(join, "%s", p, 1)+")")
			assert.Contains(t, st.SQL, tc.decided+" AS decided")
			assert.Contains(t, st.SQL, "(SELECT price, cost, n_i, r_rule, r_t, r_f, r_c, transform(n_i, [1], [toUInt64("+
				map[bool]string{true: "23", false: "9223372036854775807"}[c.ID == 23]+")], toUInt64(0)) AS n_rule, toFloat64(multiIf(n_i = 1, if(price > 0, price, nan), nan)) AS n_src FROM")
			assert.Contains(t, st.SQL, "(SELECT price, cost, "+tc.value)
			assert.NotContains(t, st.SQL, "lowerUTF8(brand)", "the other rules' scopes are not read")
			assert.Equal(t, []any{uint32(7), uint64(42), uint32(7), "radio"}, st.Args)
			assert.True(t, st.Wide)
		})
	}
}

// Without a scope both sides are every product: the snapshot's rows on the left, the
// run's narrower rows hashed on the right, and the values bound in that order.
func TestPreviewFromStateUnscopedJoin(t *testing.T) {
	c := Rule{Name: "x", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}}
	st, err := CompilePreviewFromState(slottedAccount(), nil, c, Guardrails{}, 42)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, "FROM (SELECT product_id, my_price AS price, cost, mrp FROM product_snapshot WHERE account_id = ?) AS lhs "+
		"ALL INNER JOIN (SELECT product_id, t_rule AS r_rule, target AS r_t, floor AS r_f, ceiling AS r_c FROM pricer_results WHERE account_id = ? AND result_id = ?) AS rhs USING product_id")
	assert.Equal(t, []any{uint32(7), uint32(7), uint64(42)}, st.Args)
}

// With a snapshot delta on a cluster, the preview reads the delta's rows with
// GLOBAL IN, as every other read of the live snapshot (a shard evaluated the plain
// IN in its default database, where the delta table does not exist), and over the
// whole account whatever the user's categories.
func TestPreviewFromStateClusterDelta(t *testing.T) {
	a := slottedAccount()
	a.Cluster, a.SnapshotDelta, a.Categories = true, 9, []string{"TVs"}
	c := Rule{Name: "x", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}}
	st, err := CompilePreviewFromState(a, nil, c, Guardrails{}, 42)
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
