package report

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
)

var aggregatedAssortments = []engine.AssortmentKind{engine.AssortmentCompetitors, engine.AssortmentByBrand, engine.AssortmentByCategory}

// assortmentRows reads every row of an aggregated assortment report in blocks of
// engine.MaxLimit, and its count.
func assortmentRows(t *testing.T, d sData, a engine.Account, kind engine.AssortmentKind) (rows [][]any, count uint64) {
	t.Helper()
	ctx := context.Background()
	for start := 0; ; start += engine.MaxLimit {
		p, err := engine.CompileAssortmentRows(a, engine.Condition{StartRow: start, Limit: engine.MaxLimit}, kind)
		require.NoError(t, err)
		res, err := d.s.W.Query(ctx, p.Statement)
		require.NoError(t, err)
		keep, _ := p.LastRow(len(res.Rows))
		rows = append(rows, res.Rows[:keep]...)
		if len(res.Rows) <= engine.MaxLimit {
			break
		}
	}
	p, err := engine.CompileAssortmentCount(a, engine.Condition{}, kind)
	require.NoError(t, err)
	count, err = d.s.W.Count(ctx, p.Statement)
	require.NoError(t, err)
	return rows, count
}

// assortSource is where an assortment report is expected to read.
type assortSource int

const (
	fromTotals assortSource = iota // the build's stored totals
	fromRaw                        // the ARRAY JOIN of the snapshot
	fromEither
)

// compareAssortment checks that the three aggregated assortment reports of account
// a read from where they should, and that their rows and counts equal the raw
// ARRAY JOIN's (the same account without totals); everySort also
// compares a block under each sortable column, both ways. It returns the
// per-competitor report's rows (nil when the account compiles the raw query).
func compareAssortment(t *testing.T, d sData, a engine.Account, stage string, from assortSource, everySort bool) [][]any {
	t.Helper()
	raw := a
	raw.Totals = nil
	var perCompetitor [][]any
	for _, kind := range aggregatedAssortments {
		p, err := engine.CompileAssortmentCount(a, engine.Condition{}, kind)
		require.NoError(t, err)
		if from != fromEither {
			assert.Equal(t, from == fromTotals, strings.Contains(p.SQL, "FROM assortment_totals"), "%s, %s: read from the stored totals", stage, kind)
		}
		if pr, err := engine.CompileAssortmentCount(raw, engine.Condition{}, kind); err == nil && pr.Statement.SQL == p.SQL {
			continue // the raw query itself: nothing to compare
		}
		got, n := assortmentRows(t, d, a, kind)
		want, wantN := assortmentRows(t, d, raw, kind)
		assert.NotEmpty(t, want, "%s, %s", stage, kind)
		assert.Equal(t, want, got, "%s, %s", stage, kind)
		assert.Equal(t, wantN, n, "%s, %s", stage, kind)
		assert.Equal(t, uint64(len(want)), n, "%s, %s: the count is the rows'", stage, kind)
		if kind == engine.AssortmentCompetitors {
			perCompetitor = got
		}
		if !everySort {
			continue
		}
		cols, err := engine.AssortmentColumns(a, kind)
		require.NoError(t, err)
		for _, col := range cols {
			for _, dir := range []engine.SortDir{engine.SortAsc, engine.SortDesc} {
				sort := []engine.SortItem{{ColID: col.ID, Sort: dir}}
				c := engine.Condition{Sort: sort, Limit: 20, StartRow: 3}
				ps, err := engine.CompileAssortmentRows(a, c, kind)
				require.NoError(t, err)
				pr, err := engine.CompileAssortmentRows(raw, c, kind)
				require.NoError(t, err)
				got, err := d.s.W.Query(context.Background(), ps.Statement)
				require.NoError(t, err)
				want, err := d.s.W.Query(context.Background(), pr.Statement)
				require.NoError(t, err)
				assert.Equal(t, want.Rows, got.Rows, "%s, %s sorted by %s %s", stage, kind, col.ID, dir)
			}
		}
	}
	return perCompetitor
}

// foundOf is the found count of competitor c in the per-competitor report's rows.
func foundOf(t *testing.T, rows [][]any, c int64) uint64 {
	t.Helper()
	for _, r := range rows {
		if id, _ := r[1].(int64); id == c {
			n, _ := r[4].(uint64)
			return n
		}
	}
	t.Fatalf("no row of competitor %d", c)
	return 0
}
