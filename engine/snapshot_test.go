package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSnapshotDeltaSQL: with a delta, every read of the snapshot names base and delta
// together and keeps one row per product (both phases of a block, counts, groups);
// without one, the SQL names product_snapshot alone, as before.
func TestSnapshotDeltaSQL(t *testing.T) {
	const visible = " AND (_table = 'product_snapshot_delta' AND (pno, build_id) IN (SELECT pno, max(build_id) FROM product_snapshot_delta " +
		"WHERE account_id = 7 AND build_id <= 42 GROUP BY pno) OR _table = 'product_snapshot' AND pno NOT IN " +
		"(SELECT pno FROM product_snapshot_delta WHERE account_id = 7 AND build_id <= 42))"
	const live = "merge(currentDatabase(), '^product_snapshot(_delta)?$')"
	a := testAccount()
	a.SnapshotDelta = 42

	c := Condition{Limit: 100, VisibleColumns: []string{"id", "name"}}
	rows, err := CompileRows(a, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT product_id AS `id`, name AS `name`, img_url AS `img_url`, brand AS `canonical_mfgr_display`, my_price AS `price` FROM "+live+" WHERE account_id = ?"+visible+
		" AND product_id IN (SELECT product_id FROM "+live+" WHERE account_id = ?"+visible+
		" ORDER BY product_id ASC LIMIT 101 OFFSET 0) ORDER BY product_id ASC", rows.SQL)

	count, err := CompileCount(a, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM "+live+" WHERE account_id = ?"+visible, count.SQL)

	g, err := CompileRows(a, Condition{Limit: 100, Group: []GroupCol{{ID: "category"}}})
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(g.SQL, " FROM "+live+" WHERE account_id = ?"+visible), g.SQL)
	assert.NotContains(t, g.SQL, "FROM product_snapshot ")

	a.SnapshotDelta = 0
	count, err = CompileCount(a, c)
	require.NoError(t, err)
	assert.Equal(t, "SELECT count() FROM product_snapshot WHERE account_id = ?", count.SQL)
}

// TestSnapshotDeltaOtherReaders: the reads beside the grid's (insights, the pricer's
// run and preview, trends and the trend rollup, the export, price changes, a
// product's competitor offers, the assortment reports and the real-time view) also read base and delta with the delta predicate
// when the account has a delta, and never product_snapshot alone.
func TestSnapshotDeltaOtherReaders(t *testing.T) {
	const visible = " AND (_table = 'product_snapshot_delta' AND (pno, build_id) IN (SELECT pno, max(build_id) FROM product_snapshot_delta " +
		"WHERE account_id = 7 AND build_id <= 42 GROUP BY pno) OR _table = 'product_snapshot' AND pno NOT IN " +
		"(SELECT pno FROM product_snapshot_delta WHERE account_id = 7 AND build_id <= 42))"
	const live = "merge(currentDatabase(), '^product_snapshot(_delta)?$')"
	a := testAccount()
	a.SnapshotDelta = 42
	rule := Rule{ID: 1, Name: "r", Section: SectionMiddle, Type: RuleTarget, Active: true, Source: RuleSource{Kind: SourceMyPrice}}
	tr, err := ParseTrend([]byte(`{"report_name":"competitiveness_metrics","dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	day := time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)

	sqls := map[string]func() (string, error){
		"insights": func() (string, error) { st, err := CompileInsights(a, InsightKeys); return st.SQL, err },
		"pricer run": func() (string, error) {
			st, err := CompileRun(a, []Rule{rule}, Guardrails{}, 1)
			return st.SQL, err
		},
		"pricer preview": func() (string, error) {
			st, err := CompilePreview(a, nil, rule, Guardrails{})
			return st.SQL, err
		},
		"trend": func() (string, error) { p, err := CompileTrend(a, tr); return p.SQL, err },
		"trend rollup": func() (string, error) {
			sts, err := TrendRollupChanges(a, a.Competitors, day, day.AddDate(0, 0, 30), "", "")
			if err != nil {
				return "", err
			}
			return sts[0].SQL + " " + sts[1].SQL, err
		},
		"export": func() (string, error) {
			e, err := CompileExport(a, Condition{}, Selection{})
			return e.Statement.SQL + " " + e.Count.SQL, err
		},
		"price changes": func() (string, error) {
			rows, count, err := CompilePriceChanges(a, Condition{}, PriceChanges{Competitors: []int64{3}, From: day, To: day.AddDate(0, 0, 1), Limit: 50})
			return rows.SQL + " " + count.SQL, err
		},
		"competitor offers": func() (string, error) { p, err := CompileCompetitorOffers(a, "P1"); return p.SQL, err },
		"assortment": func() (string, error) {
			rows, err := CompileAssortmentRows(a, Condition{Limit: 100}, AssortmentByBrand)
			if err != nil {
				return "", err
			}
			count, err := CompileAssortmentCount(a, Condition{}, AssortmentByBrand)
			return rows.SQL + " " + count.SQL, err
		},
		"real time": func() (string, error) {
			rows, err := CompileRealTimePage(a, []int64{3}, 0)
			if err != nil {
				return "", err
			}
			count, err := CompileRealTimeCount(a, []int64{3})
			if err != nil {
				return "", err
			}
			sum, err := CompileScanSummary(a)
			return rows.SQL + " " + count.SQL + " " + sum.SQL, err
		},
		"real time export": func() (string, error) {
			e, err := CompileExport(a, Condition{ReportType: RealTimeReport, CompetitorIDs: []int64{3}}, Selection{})
			return e.Statement.SQL, err
		},
	}
	for name, compile := range sqls {
		sql, err := compile()
		require.NoError(t, err, name)
		n := strings.Count(sql, live)
		assert.Positive(t, n, "%s: %s", name, sql)
		assert.Equal(t, n, strings.Count(sql, live+" WHERE account_id = ?"+visible), "%s: %s", name, sql)
		assert.Equal(t, n, strings.Count(sql, "_table = 'product_snapshot_delta'"), "%s: the delta predicate only where the snapshot is read: %s", name, sql)
		assert.NotContains(t, sql, "FROM product_snapshot ", name)
	}
}

// TestSnapshotDeltaNotOnOtherTables: reads of tables other than the snapshot (the
// trend rollup, the pricer's results, approvals) never carry the delta predicate,
// whose _table column only merge() has: with a delta, a trend over the rollup
// failed with "Unknown identifier: _table" until the next fold.
func TestSnapshotDeltaNotOnOtherTables(t *testing.T) {
	a := rollupAccount()
	a.SnapshotDelta = 42
	trend := func(js string) func() (string, error) {
		return func() (string, error) {
			tr, err := ParseTrend([]byte(js))
			if err != nil {
				return "", err
			}
			p, err := CompileTrend(a, tr)
			if err == nil && !p.Rollup {
				return "", fmt.Errorf("the plan does not read the rollup")
			}
			return p.SQL, err
		}
	}
	dec := `"dates":{"from":"2025-12-01","to":"2025-12-31"}`
	sqls := map[string]func() (string, error){
		"price trend over the rollup":     trend(`{"report_name":"price_trend",` + dec + `}`),
		"competitiveness over the rollup": trend(`{"report_name":"competitiveness_metrics","compareTo":"previous_period",` + dec + `}`),
		"pricer results": func() (string, error) {
			rows, err := CompileResultRows(a, Condition{Limit: 100}, 5, ApprovalDecided{})
			if err != nil {
				return "", err
			}
			count, err := CompileResultCount(a, Condition{}, 5, true, ApprovalDecided{})
			return rows.SQL + " " + count.SQL, err
		},
		"approvals": func() (string, error) {
			rows, err := CompileApprovalRows(a, Condition{Limit: 100}, 5, ApprovalDecided{})
			if err != nil {
				return "", err
			}
			count, err := CompileApprovalCount(a, Condition{}, 5, ApprovalDecided{})
			if err != nil {
				return "", err
			}
			sel, err := CompileApprovalSelection(a, Condition{}, 5, ApprovalDecided{})
			return rows.SQL + " " + count.SQL + " " + sel.SQL, err
		},
	}
	for name, compile := range sqls {
		sql, err := compile()
		require.NoError(t, err, name)
		assert.Equal(t, strings.Count(sql, "merge(currentDatabase(), '^product_snapshot(_delta)?$')"), strings.Count(sql, "_table = 'product_snapshot_delta'"),
			"%s: the delta predicate only where the snapshot is read: %s", name, sql)
	}
}

// On a cluster the account-wide subqueries are GLOBAL (every shard gets the one set
// the querying node evaluated); on one server they stay plain IN, which 18.16 can
// use for primary-key analysis.
func TestGlobalInOnlyOnCluster(t *testing.T) {
	a := testAccount()
	a.SnapshotDelta = 42
	c := Condition{Limit: 100, VisibleColumns: []string{"id", "name"}}
	for _, cluster := range []bool{false, true} {
		a.Cluster = cluster
		rows, err := CompileRows(a, c)
		require.NoError(t, err)
		results, err := CompileResultRows(a, Condition{Limit: 100}, 5, ApprovalDecided{})
		require.NoError(t, err)
		for _, sql := range []string{rows.SQL, results.SQL} {
			if cluster {
				assert.Contains(t, sql, " GLOBAL IN (SELECT ")
			} else {
				assert.NotContains(t, sql, "GLOBAL")
			}
		}
		assert.Equal(t, cluster, strings.Contains(rows.SQL, "pno GLOBAL NOT IN (SELECT pno"), rows.SQL)
	}
}

// On a cluster, the trends' and the rollup build's reads of the facts take the
// scope's products from the snapshot by a subquery the shards would run in their
// own default database when the snapshot is merge() (a delta): GLOBAL IN there,
// plain IN (shard-local) without a delta. Before, a trend or rollup build on a
// cluster failed while an account had a delta ("In database default no one matches").
func TestTrendScopeOnClusterWithDelta(t *testing.T) {
	tr, err := ParseTrend([]byte(`{"report_name":"price_trend","search":"tv","dates":{"from":"2025-12-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	day := time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		cluster bool
		delta   uint64
		want    string
	}{
		{true, 42, "product_id GLOBAL IN (SELECT product_id FROM " + SnapshotLive},
		{true, 0, "product_id IN (SELECT product_id FROM product_snapshot "},
		{false, 42, "product_id IN (SELECT product_id FROM " + SnapshotLive},
	} {
		a := testAccount()
		a.Cluster, a.SnapshotDelta = tc.cluster, tc.delta
		p, err := CompileTrend(a, tr)
		require.NoError(t, err)
		sts, err := TrendRollupChanges(a, a.Competitors, day, day.AddDate(0, 0, 30), "", "")
		require.NoError(t, err)
		for _, sql := range []string{p.SQL, sts[0].SQL, sts[1].SQL} {
			assert.Contains(t, sql, tc.want, "cluster %v, delta %d", tc.cluster, tc.delta)
			if tc.cluster && tc.delta != 0 {
				assert.NotContains(t, sql, "product_id IN (SELECT product_id FROM "+SnapshotLive)
			}
		}
	}
}
