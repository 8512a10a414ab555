package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/ingest"
	"pricelens/store"
	"pricelens/store/authz"
)

// The insight state the snapshot stores (migration 00150: t_changed_at, t_oos_at)
// and its totals count what the raw reads count (the price-change events and
// lambdas over the competitor arrays, the compiler's path for a snapshot built
// without them), and the assortment totals (migration 00160) give the aggregated
// assortment reports' rows and counts of the raw ARRAY JOIN, for both S
// accounts and a user limited to one super category: after the seed's build,
// after a scans load that changes prices (its refresh writes the events, then the
// touched products' delta rows), after a flag on a pair that changed, after its
// unflag, after a full rebuild (and a flag and unflag on it, which the assortment
// totals correct at read time) and once the cutoff passed a counted scan (the stored
// totals no longer exact for every row). The counts are not zero, so a wrong predicate
// cannot pass unseen; the assortment reads say whether they took the stored totals
// (not with a delta, a user's categories, or the clock past a found pair). The
// real-time view's blocks, counts and scan summary equal their raw reads at every
// stage, from the stored real-time state (migration 00170) but with a delta or a
// user's categories (compareRealTime).
func TestInsightStateEqualsRawReads(t *testing.T) {
	d := loadS(t)
	ctx := context.Background()
	now := time.Now().UTC()
	d.s.Now = func() time.Time { return now }
	principals := []authz.Principal{{AccountID: 1, UserID: 1}, {AccountID: 2, UserID: 1}, {AccountID: 1, UserID: 1, Categories: []string{d.all[0].Sup}}}
	counts := func(a engine.Account) map[string]uint64 {
		st, err := engine.CompileInsights(a, engine.InsightKeys)
		require.NoError(t, err)
		res, err := d.s.W.Query(ctx, st)
		require.NoError(t, err)
		require.Len(t, res.Rows, 1)
		out := map[string]uint64{}
		for i, k := range engine.InsightKeys {
			out[k], _ = res.Rows[0][i].(uint64)
		}
		return out
	}
	nonzero := []string{engine.InsightChangesLastDay, engine.InsightChangesLastWeek, engine.InsightOutOfStock}
	// assortFrom: where each account's assortment reports read at the stage (from the
	// stored totals when not said); everySort: compare each sort too. assort holds
	// the first principal's per-competitor assortment.
	var assort [][]any
	assortFrom, everySort := map[int64]assortSource{}, false
	rtRaw := map[int64]bool{} // the real-time reads take the raw path (a delta)
	compare := func(stage string) map[string]uint64 {
		var first map[string]uint64
		for i, p := range principals {
			a, err := d.s.Account(ctx, p)
			require.NoError(t, err)
			from, ok := assortFrom[p.AccountID]
			if !ok {
				from = fromTotals
			}
			if len(p.Categories) > 0 {
				from = fromRaw
			}
			rows := compareAssortment(t, d, a, stage, from, everySort && i == 0)
			compareRealTime(t, d, a, stage, len(p.Categories) == 0 && !rtRaw[p.AccountID])
			if i == 0 {
				assort = rows
			}
			require.NotNil(t, a.Totals, stage)
			require.True(t, a.Totals.Insights, "%s: the build stored the insight state", stage)
			raw := a
			raw.Totals = nil // no stored totals or state: lambdas over the arrays, the events' range
			stored, want := counts(a), counts(raw)
			assert.Equal(t, want, stored, "%s, %+v", stage, p)
			for _, k := range nonzero {
				assert.NotZero(t, stored[k], "%s, %+v: %s", stage, p, k)
			}
			if first == nil {
				first = stored
			}
		}
		return first
	}
	before := compare("after the seed")

	// A load: a new price at competitor c for products that had none changed in the
	// last day, scanned a minute ago.
	var c int64
	require.NoError(t, d.s.W.Conn.QueryRow(ctx, `SELECT toInt64(min(competitor_id)) FROM latest_offers WHERE account_id = 1`).Scan(&c))
	rows, err := d.s.W.Conn.Query(ctx, `SELECT product_id, any(price) FROM latest_offers FINAL
		WHERE account_id = 1 AND competitor_id = ? AND price > 0 AND product_id NOT IN
			(SELECT product_id FROM price_changes WHERE account_id = 1 AND changed_at > now() - 2 * 86400)
		GROUP BY product_id ORDER BY product_id LIMIT 5`, uint32(c))
	require.NoError(t, err)
	at := now.Add(-time.Minute).Format("2006-01-02 15:04:05")
	lines := []string{"product_id,competitor_id,scanned_at,price"}
	var changed []string
	for rows.Next() {
		var pid string
		var price *float64
		require.NoError(t, rows.Scan(&pid, &price))
		lines = append(lines, fmt.Sprintf("%s,%d,%s,%.2f", pid, c, at, *price+1))
		changed = append(changed, pid)
	}
	require.NoError(t, rows.Err())
	rows.Close()
	require.Len(t, changed, 5)
	path := filepath.Join(t.TempDir(), "scans.csv")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(t, err)
	_, err = ingest.Load(ctx, d.s.W, d.s.DB, ingest.Request{Kind: ingest.Scans, Name: "scans.csv", File: f, Size: st.Size(), Account: 1})
	require.NoError(t, err)
	delta, err := d.s.W.SnapshotDelta(ctx, 1)
	require.NoError(t, err)
	require.NotZero(t, delta, "the load refreshed its products into the delta")
	assortFrom[1], rtRaw[1] = fromRaw, true // the delta
	after := compare("after a load")
	assert.Equal(t, before[engine.InsightChangesLastDay]+5, after[engine.InsightChangesLastDay], "the load's five changes show at once")

	// A flag on one of those pairs: the product's only change of the day is gone.
	actor := store.Actor{UserID: 1, AccountID: 1}
	require.NoError(t, store.New(d.s.DB).FlagMatch(ctx, actor, changed[0], c, "", "wrong match"))
	flagged := compare("after a flag")
	assert.Equal(t, after[engine.InsightChangesLastDay]-1, flagged[engine.InsightChangesLastDay])
	require.NoError(t, store.New(d.s.DB).UnflagMatch(ctx, actor, changed[0], c))
	assert.Equal(t, after, compare("after the unflag"))

	// A full build (the fold of the delta, a settings change) stores the same state.
	require.NoError(t, ingest.RebuildSnapshot(ctx, d.s.W, d.s.DB, 1))
	delete(assortFrom, 1)
	delete(rtRaw, 1)
	assert.Equal(t, after, compare("after a full rebuild"))
	rebuilt := assort

	// A flag and its unflag on the rebuilt snapshot: the stored assortment totals
	// lose the pair at once, with no rebuild, and get it back.
	everySort = true
	require.NoError(t, store.New(d.s.DB).FlagMatch(ctx, actor, changed[0], c, "", "wrong match"))
	compare("after a flag on the rebuilt snapshot")
	assert.Equal(t, foundOf(t, rebuilt, c)-1, foundOf(t, assort, c), "the flagged pair is no longer found")
	everySort = false
	require.NoError(t, store.New(d.s.DB).UnflagMatch(ctx, actor, changed[0], c))
	assert.Equal(t, after, compare("after the unflag on the rebuilt snapshot"))
	assert.Equal(t, rebuilt, assort)

	// Half a day after the staleness cutoff passed the earliest counted scan: the
	// market buckets count the rows still exact from the stored totals and the
	// others with the lambdas (engine splitTotals); the state still holds (the
	// change counts may be zero by then).
	a, err := d.s.Account(ctx, principals[0])
	require.NoError(t, err)
	now = time.Unix(int64(a.Totals.FreshMin), 0).UTC().AddDate(0, 0, a.Settings.StalenessDays).Add(12 * time.Hour)
	a, err = d.s.Account(ctx, principals[0])
	require.NoError(t, err)
	require.False(t, a.TotalsExact(), "the clock moved past a counted scan")
	assortFrom[1], assortFrom[2] = fromRaw, fromEither // past a found pair's scan too (account 2's may be later)
	nonzero = []string{engine.InsightPriceUp, engine.InsightPriceDown}
	compare("after the cutoff passed a counted scan")
}
