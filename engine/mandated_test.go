package engine

import (
	"strings"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The run marks a changed price of a mandated FSN or brand "mandated"; the
// values are bound before the inner query's (the order of the text).
func TestRunMandatedSQL(t *testing.T) {
	rules := []Rule{{ID: 21, Name: "a", Section: SectionMiddle, Type: RuleTarget, Active: true, Scope: Condition{Search: "tv"},
		Source: RuleSource{Kind: SourceMyPrice}}}
	a := slottedAccount()
	a.Mandated = &Mandated{FSNs: []string{"P2", "P1"}, Brands: []MandatedBrand{
		{SuperCategory: "TV", Brand: "Acme"},
		{SuperCategory: "Audio", Verticals: []string{"Speakers", "Amps"}, Brand: "Zed'; DROP"},
	}}
	st, err := CompileRun(a, rules, Guardrails{}, 42)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, "recommended_price, change_pct, if(status != 'no_change' AND ((product_id IN ?) OR "+
		"(concat(toString(super_category), '\\x1F', brand) IN ?) OR "+
		"(concat(toString(super_category), '\\x1F', toString(vertical), '\\x1F', brand) IN ?)), 'mandated', status) FROM (", st.SQL)
	assert.Equal(t, []any{
		clickhouse.GroupSet{Value: []any{"P1", "P2"}},
		clickhouse.GroupSet{Value: []any{"TV\x1fAcme"}},
		clickhouse.GroupSet{Value: []any{"Audio\x1fAmps\x1fZed'; DROP", "Audio\x1fSpeakers\x1fZed'; DROP"}},
		"tv", uint32(7),
	}, st.Args)
	assert.NotContains(t, st.SQL, "DROP")

	// Nothing mandated: the status as computed.
	a.Mandated = &Mandated{}
	st, err = CompileRun(a, rules, Guardrails{}, 42)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, "recommended_price, change_pct, status FROM (")

	// Thousands of FSNs go as external data, not query text.
	many := make([]string, 5000)
	for i := range many {
		many[i] = "FSN" + strings.Repeat("0", 20) + IntLit(int64(i))
	}
	a.Mandated = &Mandated{FSNs: many}
	st, err = CompileRun(a, rules, Guardrails{}, 42)
	require.NoError(t, err)
	assert.Contains(t, st.SQL, "(product_id IN (SELECT v FROM _set_1))")
	require.Len(t, st.Sets, 1)
	assert.Len(t, st.Sets[0].Values, 5000)
	assert.Less(t, len(st.SQL), 64<<10)
}
