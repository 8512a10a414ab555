package engine

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// storedAccount is sqlAccount with a full build's assortment totals, exact at its
// clock (cutoff 1764633600): priced pairs scanned a day after it and a day before.
func storedAccount() Account {
	a := sqlAccount()
	a.Totals = &Totals{Lower: 2, Upper: 2, FreshMin: math.MaxUint32, Build: 42, FoundFreshMin: 1764720000, FoundStaleMax: 1764547200}
	return a
}

// The aggregated assortment reports read the build's stored rows of their level
// when those are exact; the flagged pairs' raw counts are subtracted, read from
// the flagged products' snapshot rows; the build id and account are bound.
func TestAssortmentStoredSQL(t *testing.T) {
	head := "SELECT gk AS group_key, toInt64(sc) AS competitor_id, transform(toUInt64(sc), ?, ?, '') AS competitor, " +
		"toUInt64(sum(np)) AS products, toUInt64(sum(nf)) AS found, products - found AS not_found, if(products = 0, NULL, found * 100 / products) AS coverage, " +
		"toUInt64(sum(nis)) AS in_stock, toUInt64(sum(nos)) AS on_sale, toUInt64(sum(nlo)) AS lower, toUInt64(sum(nsi)) AS similar, toUInt64(sum(nhi)) AS higher FROM ("
	stored := func(level, comps string) string {
		return "SELECT group_key AS gk, competitor_id AS sc, toInt64(n_products) AS np, toInt64(n_found) AS nf, toInt64(n_in_stock) AS nis, " +
			"toInt64(n_on_sale) AS nos, toInt64(n_lower) AS nlo, toInt64(n_similar) AS nsi, toInt64(n_higher) AS nhi FROM assortment_totals " +
			"WHERE account_id = ? AND build_id = ? AND level = '" + level + "' AND competitor_id IN (" + comps + ")"
	}
	found := "(pc != 0 AND NOT isNaN(px) AND pt >= toDateTime(1764633600) AND NOT pf)"
	cmp := "(" + found + " AND NOT isNaN(pd))"
	minus := "toInt64(0) AS np, -toInt64(countIf(" + found + ")) AS nf, -toInt64(countIf(" + found + " AND pis = 1)) AS nis, " +
		"-toInt64(countIf(" + found + " AND pos = 1)) AS nos, -toInt64(countIf(" + cmp + " AND (pd - (0)) < (-2))) AS nlo, " +
		"-toInt64(countIf(" + cmp + " AND (pd - (0)) >= (-2) AND (pd - (0)) <= 2)) AS nsi, -toInt64(countIf(" + cmp + " AND (pd - (0)) > 2)) AS nhi"
	flagged := func() Account {
		a := storedAccount()
		a.Flagged = flaggedAccount().Flagged
		return a
	}
	names := []any{[]uint64{3, 9}, []string{"Alpha'; DROP", "Beta"}}
	for _, tc := range []struct {
		name  string
		a     Account
		c     Condition
		kind  AssortmentKind
		count bool
		sql   string
		args  []any
		sets  int
	}{
		{"per competitor, sorted, one block", storedAccount(), Condition{Sort: []SortItem{{ColID: "coverage", Sort: SortDesc}}, Limit: 10}, AssortmentCompetitors, false,
			head + stored("all", "3, 9") + ") GROUP BY group_key, sc ORDER BY `coverage` DESC, group_key ASC, competitor_id ASC LIMIT 11 OFFSET 0",
			append(names, uint32(7), uint64(42)), 0},
		{"by category, counted", storedAccount(), Condition{}, AssortmentByCategory, true,
			"SELECT count() FROM (" + head + stored("category", "3, 9") + ") GROUP BY group_key, sc)",
			append(names, uint32(7), uint64(42)), 0},
		{"by brand, one competitor selected", storedAccount(), Condition{CompetitorIDs: []int64{9}, Limit: 5, StartRow: 5}, AssortmentByBrand, false,
			head + stored("brand", "9") + ") GROUP BY group_key, sc ORDER BY group_key ASC, competitor_id ASC LIMIT 6 OFFSET 5",
			[]any{[]uint64{9}, []string{"Beta"}, uint32(7), uint64(42)}, 0},
		{"by brand with a flagged match: its raw counts subtracted", flagged(), Condition{Limit: 10}, AssortmentByBrand, false,
			head + stored("brand", "3, 9") + " UNION ALL SELECT gk, sc, " + minus + " FROM (SELECT gk, sc, pc, px, pis, pos, pt, rd AS pd, 0 AS pf FROM (" +
				"SELECT if(brand = '', '(none)', brand) AS gk, product_id, slot_ids, comp_ids, c_price, c_in_stock, c_on_sale, c_seen, c_delta FROM product_snapshot " +
				"WHERE account_id = ? AND (product_id IN (SELECT v FROM _flagged_9))) " +
				"ARRAY JOIN slot_ids AS sc, comp_ids AS pc, c_price AS px, c_in_stock AS pis, c_on_sale AS pos, c_seen AS pt, c_delta AS rd " +
				"WHERE sc IN (3, 9) AND ((pc = 9 AND product_id IN (SELECT v FROM _flagged_9))) AND NOT isNaN(rd)) GROUP BY gk, sc" +
				") GROUP BY group_key, sc ORDER BY group_key ASC, competitor_id ASC LIMIT 11 OFFSET 0",
			append(names, uint32(7), uint64(42), uint32(7)), 1},
		{"a flag on a competitor the report does not select: no correction", flagged(), Condition{CompetitorIDs: []int64{3}, Limit: 10}, AssortmentCompetitors, false,
			head + stored("all", "3") + ") GROUP BY group_key, sc ORDER BY group_key ASC, competitor_id ASC LIMIT 11 OFFSET 0",
			[]any{[]uint64{3}, []string{"Alpha'; DROP"}, uint32(7), uint64(42)}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p Plan
			var err error
			if tc.count {
				p, err = CompileAssortmentCount(tc.a, tc.c, tc.kind)
			} else {
				p, err = CompileAssortmentRows(tc.a, tc.c, tc.kind)
			}
			require.NoError(t, err)
			assert.Equal(t, tc.sql, p.SQL)
			assert.Equal(t, tc.args, p.Args)
			assert.Len(t, p.Sets, tc.sets)
		})
	}
}

// Whatever the stored totals cannot answer exactly compiles the raw query, the
// same SQL as an account without them (TestAssortmentSQL spells it out).
func TestAssortmentStoredFallbacks(t *testing.T) {
	search, err := ParseCondition([]byte(`{"search":"tv"}`))
	require.NoError(t, err)
	filtered, err := ParseCondition([]byte(`{"filters":{"price":{"filterType":"number","type":"inRange","filter":10,"filterTo":20}}}`))
	require.NoError(t, err)
	totals := func(f func(t *Totals)) Account {
		a := storedAccount()
		f(a.Totals)
		return a
	}
	for _, tc := range []struct {
		name string
		a    Account
		c    Condition
	}{
		{"a search", storedAccount(), search},
		{"a filter", storedAccount(), filtered},
		{"a user limited to categories", func() Account { a := storedAccount(); a.Categories = []string{"Toys"}; return a }(), Condition{}},
		{"a load's delta", func() Account { a := storedAccount(); a.SnapshotDelta = 43; return a }(), Condition{}},
		{"other range settings", func() Account { a := storedAccount(); a.Settings.Upper = 5; return a }(), Condition{}},
		{"another staleness limit", func() Account { a := storedAccount(); a.Settings.StalenessDays = 7; return a }(), Condition{}},
		{"the clock moved past a found pair", func() Account { a := storedAccount(); a.Now = a.Now.Add(25 * time.Hour); return a }(), Condition{}},
		{"the clock moved back over a pair too old at build", func() Account { a := storedAccount(); a.Now = a.Now.Add(-25 * time.Hour); return a }(), Condition{}},
		{"a build before migration 00160", totals(func(t *Totals) { t.FoundFreshMin, t.FoundStaleMax = 0, 0 }), Condition{}},
		{"no build facts", totals(func(t *Totals) { t.Build = 0 }), Condition{}},
		{"no totals", func() Account { a := storedAccount(); a.Totals = nil; return a }(), Condition{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := tc.a
			raw.Totals = nil
			for _, kind := range []AssortmentKind{AssortmentCompetitors, AssortmentByBrand, AssortmentByCategory} {
				p, err := CompileAssortmentRows(tc.a, tc.c, kind)
				require.NoError(t, err)
				want, err := CompileAssortmentRows(raw, tc.c, kind)
				require.NoError(t, err)
				assert.Equal(t, want.Statement, p.Statement, kind)
				assert.NotContains(t, p.SQL, "assortment_totals")
			}
		})
	}
	// The bounds themselves: a cutoff at the earliest found scan still counts it.
	a := storedAccount()
	a.Now = time.Unix(1764720000, 0).AddDate(0, 0, 30)
	p, err := CompileAssortmentCount(a, Condition{}, AssortmentCompetitors)
	require.NoError(t, err)
	assert.Contains(t, p.SQL, "FROM assortment_totals")

	// The bench rebuilds a snapshot whose totals, these included, are not exact.
	assert.True(t, storedAccount().TotalsExact())
	assert.False(t, totals(func(t *Totals) { t.FoundFreshMin = 0 }).TotalsExact(), "built before migration 00160")
}

// A full build's totals: the raw query's predicates with no flag (pf 0, the raw
// delta) over the build table, one pass per group column (brand, rolled up to
// 'all' too; category), with the found pairs' scan-time bounds.
func TestAssortmentTotalsBuildSQL(t *testing.T) {
	sts, err := AssortmentTotalsBuild(7, 42, DefaultSettings(), time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	found := "(pc != 0 AND NOT isNaN(px) AND pt >= toDateTime(1764633600) AND NOT pf)"
	cmp := "(" + found + " AND NOT isNaN(pd))"
	pass := func(key, levels, keys string) string {
		return "INSERT INTO assortment_totals_build (account_id, build_id, level, group_key, competitor_id, n_products, n_found, n_in_stock, n_on_sale, " +
			"n_lower, n_similar, n_higher, fresh_min, stale_max) " +
			"SELECT ?, ?, level, group_key, sc, toUInt64(sum(np)), toUInt64(sum(nf)), toUInt64(sum(nis)), toUInt64(sum(nos)), " +
			"toUInt64(sum(nlo)), toUInt64(sum(nsi)), toUInt64(sum(nhi)), min(fmin), max(smax) FROM (" +
			"SELECT gk, sc, count() AS np, toInt64(countIf(" + found + ")) AS nf, toInt64(countIf(" + found + " AND pis = 1)) AS nis, " +
			"toInt64(countIf(" + found + " AND pos = 1)) AS nos, toInt64(countIf(" + cmp + " AND (pd - (0)) < (-2))) AS nlo, " +
			"toInt64(countIf(" + cmp + " AND (pd - (0)) >= (-2) AND (pd - (0)) <= 2)) AS nsi, toInt64(countIf(" + cmp + " AND (pd - (0)) > 2)) AS nhi, " +
			"min(if(pc != 0 AND NOT isNaN(px) AND pt >= toDateTime(1764633600), toUInt32(pt), 4294967295)) AS fmin, " +
			"max(if(pc != 0 AND NOT isNaN(px) AND pt < toDateTime(1764633600), toUInt32(pt), 0)) AS smax " +
			"FROM (SELECT gk, sc, pc, px, pis, pos, pt, rd AS pd, 0 AS pf FROM (SELECT " + key + " AS gk, " +
			"slot_ids, comp_ids, c_price, c_in_stock, c_on_sale, c_seen, c_delta FROM product_snapshot_build WHERE account_id = ?) " +
			"ARRAY JOIN slot_ids AS sc, comp_ids AS pc, c_price AS px, c_in_stock AS pis, c_on_sale AS pos, c_seen AS pt, c_delta AS rd) GROUP BY gk, sc) " +
			"ARRAY JOIN [" + levels + "] AS level, [" + keys + "] AS group_key GROUP BY level, group_key, sc"
	}
	require.Len(t, sts, 2)
	assert.Equal(t, pass("if(brand = '', '(none)', brand)", "'all', 'brand'", "'all', gk"), sts[0].SQL)
	assert.Equal(t, pass("if(category = '', '(none)', category)", "'category'", "gk"), sts[1].SQL)
	for _, st := range sts {
		assert.Equal(t, []any{uint32(7), uint64(42), uint32(7)}, st.Args)
	}
}
