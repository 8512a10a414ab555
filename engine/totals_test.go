package engine

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The stored totals replace the lambdas only while a pair counts now exactly when
// it counted at build: same settings, and no scan time between the two cutoffs.
func TestTotalsUsedOnlyWhileExact(t *testing.T) {
	base := testAccount() // Now 2026-01-01, staleness 30 days
	cut := staleCutoff(base.Settings, base.Now)
	exact := Totals{Parity: 0, Lower: 2, Upper: 2, FreshMin: uint32(cut + 86400), StaleMax: uint32(cut - 86400)}
	cases := []struct {
		name   string
		change func(a *Account)
		totals bool
	}{
		{"exact", func(a *Account) {}, true},
		{"no totals (snapshot built before them)", func(a *Account) { a.Totals = nil }, false},
		{"parity changed since the build", func(a *Account) { a.Settings.Parity = 1 }, false},
		{"lower range changed", func(a *Account) { a.Settings.Lower = 3 }, false},
		{"upper range changed", func(a *Account) { a.Settings.Upper = 5 }, false},
		{"a counted offer went stale since the build", func(a *Account) { a.Now = a.Now.Add(2 * 24 * time.Hour) }, false},
		{"the cutoff reaches the oldest counted offer exactly", func(a *Account) { a.Now = a.Now.Add(24 * time.Hour) }, true},
		{"a shorter staleness window", func(a *Account) { a.Settings.StalenessDays = 10 }, false},
		{"an earlier clock would count a stale offer", func(a *Account) { a.Now = a.Now.Add(-24 * time.Hour) }, false},
		{"no pairs at all", func(a *Account) { a.Totals = &Totals{Lower: 2, Upper: 2, FreshMin: math.MaxUint32} }, true},
		{"built before the totals existed", func(a *Account) { a.Totals = &Totals{Lower: 2, Upper: 2} }, false},
	}
	group := `{"group":[{"id":"category"}],"weightBy":"revenue_30d"}`
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := base
			tot := exact
			a.Totals = &tot
			tc.change(&a)
			c, err := ParseCondition([]byte(group))
			require.NoError(t, err)
			p, err := CompileRows(a, c)
			require.NoError(t, err)
			if tc.totals {
				assert.Contains(t, p.SQL, "toUInt64(t_cmp) AS n_cmp, toUInt64(t_l) AS n_l, toUInt64(t_s) AS n_s, toUInt64(t_h) AS n_h, t_ld AS s_ld, t_ratio AS s_ratio")
				assert.NotContains(t, p.SQL, "arraySum")
			} else {
				assert.NotContains(t, p.SQL, "t_cmp")
				assert.Contains(t, p.SQL, "arraySum((d_, t_) -> if(t_ >= toDateTime(")
			}
		})
	}

	t.Run("a competitor subset never uses the all-competitor totals", func(t *testing.T) {
		a := base
		tot := exact
		a.Totals = &tot
		c, err := ParseCondition([]byte(`{"group":[{"id":"category"}],"competitorId":[9]}`))
		require.NoError(t, err)
		p, err := CompileRows(a, c)
		require.NoError(t, err)
		assert.NotContains(t, p.SQL, "t_cmp")
		assert.Contains(t, p.SQL, "indexOf(comp_ids, 9)")
	})

	t.Run("table columns and the found-at-competitors count use them too", func(t *testing.T) {
		a := base
		tot := exact
		a.Totals = &tot
		c, err := ParseCondition([]byte(`{"report_type":"my_products_at_competitors","filters":{"Lower":{"filterType":"number","type":"greaterThan","filter":0}}}`))
		require.NoError(t, err)
		p, err := CompileCount(a, c)
		require.NoError(t, err)
		assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ? AND toUInt64(t_cmp) > 0 AND ifNull(toUInt64(t_l) > ?, 0)", p.SQL)
	})
}

// A build stores what the fallback computes: the same lambda text, cast to the
// stored types, for the build's settings and cutoff.
func TestSnapshotTotalsAreTheFallbackLambdas(t *testing.T) {
	s := Settings{Parity: 1.5, Lower: 3, Upper: 4, StalenessDays: 7}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	got := strings.Join(SnapshotTotals(s, now), "\n")
	e := newExprs(Account{Settings: s, Now: now}.normalize())
	for _, part := range []string{
		"toUInt32(" + e.allCmp() + ") AS t_cmp", "toUInt32(" + e.allLower() + ") AS t_l", "toUInt32(" + e.allSimilar() + ") AS t_s",
		"toUInt32(" + e.allHigher() + ") AS t_h", e.allLowerDelta() + " AS t_ld", e.allRatio() + " AS t_ratio", e.allPrice() + " AS t_price",
	} {
		assert.Contains(t, got, part)
	}
	assert.Contains(t, got, "toDateTime("+IntLit(now.Unix()-7*86400)+")")
	assert.Contains(t, got, "(d_ - (1.5)) < (-3)")
}

// Counts read the snapshot's facts only when they change the plan; blocks always.
func TestNeedsSnapshotMeta(t *testing.T) {
	cases := []struct {
		condition string
		count     bool
		want      bool
	}{
		{`{}`, false, true},
		{`{}`, true, false},
		{`{"filters":{"price":{"filterType":"number","type":"greaterThan","filter":5}}}`, true, false},
		{`{"filters":{"Lower":{"filterType":"number","type":"greaterThan","filter":0}}}`, true, true},
		{`{"filters":{"Price@3":{"filterType":"number","type":"greaterThan","filter":0}}}`, true, true},
		{`{"competitorId":[3]}`, true, true},
		{`{"report_type":"my_products_at_competitors"}`, true, true},
		{`{"group":[{"id":"brand"}]}`, true, true},
		// An insight's count reads the stored totals and insight state (issue 30).
		{`{"filters":{"insight":{"filterType":"radio","value":"changes_at_competitor_last_week"}}}`, true, true},
	}
	for _, tc := range cases {
		c, err := ParseCondition([]byte(tc.condition))
		require.NoError(t, err)
		assert.Equal(t, tc.want, c.NeedsSnapshotMeta(tc.count), "%s count=%v", tc.condition, tc.count)
	}
}
