package report

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/report/reporttest"
	"pricelens/store/authz"
)

// Deep blocks and group blocks come from the order cache (a slice of the condition's order kept
// between blocks). What a user scrolls to must be what the uncached grid shows,
// also after a label is taken away or a product's price changes: the cache's key
// follows the snapshot's builds and the label mirror.
func TestDeepBlocksFromTheOrderCache(t *testing.T) {
	s, f := setup(t)
	ctx := context.Background()
	a := f.Acc1
	plain := &Service{W: s.W, Now: s.Now} // no cache
	same := func(js string) []string {
		t.Helper()
		c := cond(t, js)
		for range 2 { // a deep block's second ask starts computing the order
			_, err := s.Rows(ctx, a, c)
			require.NoError(t, err)
		}
		s.orders.settle()
		got, err := s.Rows(ctx, a, c)
		require.NoError(t, err)
		want, err := plain.Rows(ctx, a, c)
		require.NoError(t, err)
		require.Equal(t, want.LastRow, got.LastRow, js)
		require.Len(t, got.Rows, len(want.Rows), js)
		for i := range want.Rows {
			require.Equal(t, len(want.Rows[i]), len(got.Rows[i]), js)
			for k, w := range want.Rows[i] {
				if wf, ok := w.(float64); ok { // ClickHouse's parallel sums differ in the last bit
					gf, _ := got.Rows[i][k].(float64)
					require.True(t, reporttest.Near(gf, wf), "%s: row %d %s = %v, want %v", js, i, k, gf, wf)
					continue
				}
				require.Equal(t, w, got.Rows[i][k], "%s: row %d %s", js, i, k)
			}
		}
		n, err := s.Count(ctx, a, c)
		require.NoError(t, err)
		wantN, err := plain.Count(ctx, a, c)
		require.NoError(t, err)
		require.Equal(t, wantN, n, js)
		return rowIDs(got.Rows)
	}

	groups := `{"startRow":0,"limit":50,"group":[{"id":"category"}],"visible_columns":["category","products","products_compared","Lower","Similar","Higher","price_index","Lower@11"]}`
	byLabel := `{"startRow":0,"limit":50,"group":[{"id":"label"}],"visible_columns":["label","products","products_compared"]}`
	same(groups)
	same(byLabel)

	byPrice := `{"startRow":20,"limit":15,"sort":[{"colId":"price","sort":"asc"},{"colId":"Price@12","sort":"desc"}]}`
	first := same(byPrice)
	require.Len(t, first, 15)
	assert.Equal(t, first, same(byPrice), "the second scroll, answered from the cache")
	assert.Len(t, same(`{"startRow":230,"limit":15,"sort":[{"colId":"price","sort":"asc"}]}`), 10, "the last block is short")
	assert.Empty(t, same(`{"startRow":500,"limit":15,"sort":[{"colId":"price","sort":"asc"}]}`), "past the end")

	// A label taken away: the filtered order and count follow at once.
	clearance := `{"startRow":10,"limit":10,"sort":[{"colId":"id","sort":"asc"}],"filters":{"labels":{"filterType":"set","values":["Clearance"]}}}`
	before := same(clearance)
	require.NotEmpty(t, before)
	lb, err := s.W.Conn.PrepareBatch(ctx, "INSERT INTO product_labels (account_id, product_id, label_id, assigned, version)")
	require.NoError(t, err)
	require.NoError(t, lb.Append(uint32(1), before[0], uint64(2), uint8(0), uint64(10)))
	require.NoError(t, lb.Send())
	after := same(clearance)
	assert.NotContains(t, after, before[0], "the product whose label was taken away")
	same(byLabel)

	// A product's price changes and a load refreshes it: the cheapest product
	// becomes the dearest, and the dearest before is second.
	desc := `{"startRow":%d,"limit":5,"sort":[{"colId":"price","sort":"desc"},{"colId":"id","sort":"asc"}]}`
	dearest := same(fmt.Sprintf(desc, 0))
	require.NotEqual(t, dearest[0], same(fmt.Sprintf(desc, 1))[0])
	cheapest := same(`{"startRow":0,"limit":1,"sort":[{"colId":"price","sort":"asc"},{"colId":"id","sort":"asc"}],"filters":{"price":{"filterType":"number","type":"greaterThan","filter":0}}}`)
	require.NoError(t, s.W.Conn.Exec(ctx, `INSERT INTO products (account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, updated_at)
		SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical, 999, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, updated_at + 60
		FROM products WHERE account_id = 1 AND product_id = ?`, cheapest[0]))
	_, err = s.W.RefreshSnapshot(ctx, 1, a.Settings, []string{cheapest[0]})
	require.NoError(t, err)
	a.Slots, a.Totals, a.SnapshotDelta, err = s.W.SnapshotMeta(ctx, 1) // as every request reads it
	require.NoError(t, err)
	assert.Equal(t, dearest[0], same(fmt.Sprintf(desc, 1))[0], "the dearest before is second after the price change")
	same(groups)
}

// settle waits until every answer being computed is in.
func (c *orderCache) settle() {
	c.mu.Lock()
	var es []*orderEntry
	for _, e := range c.entries {
		es = append(es, e)
	}
	c.mu.Unlock()
	for _, e := range es {
		<-e.ready
	}
}

// The version that keys kept answers is read with the account's snapshot facts
// (one round trip instead of two): it is the warehouse's ReportVersion, on both
// reads of the account, and a count on an account read after a label is taken
// away answers the new count, not the kept one.
func TestAccountReadCarriesTheReportVersion(t *testing.T) {
	s, f := setup(t)
	ctx := context.Background()
	s.Load = func(context.Context, int64) (engine.Account, error) {
		a := f.Acc1
		a.Slots, a.Totals, a.SnapshotDelta, a.ReportVersion = nil, nil, 0, 0
		return a, nil
	}
	p := authz.Principal{UserID: 1, AccountID: int64(f.Acc1.AccountID)}
	clearance := cond(t, `{"filters":{"labels":{"filterType":"set","values":["Clearance"]}},"sort":[{"colId":"id","sort":"asc"}],"limit":10}`)
	read := func(meta bool) engine.Account {
		t.Helper()
		a, err := s.account(ctx, p, meta)
		require.NoError(t, err)
		want, err := s.W.ReportVersion(ctx, a.AccountID)
		require.NoError(t, err)
		require.NotZero(t, want)
		assert.Equal(t, want, a.ReportVersion, "meta %v", meta)
		return a
	}
	a := read(false)
	require.Equal(t, a.ReportVersion, read(true).ReportVersion)
	before, err := s.Count(ctx, a, clearance)
	require.NoError(t, err)
	require.NotZero(t, before)
	blk, err := s.Rows(ctx, read(true), clearance)
	require.NoError(t, err)
	lb, err := s.W.Conn.PrepareBatch(ctx, "INSERT INTO product_labels (account_id, product_id, label_id, assigned, version)")
	require.NoError(t, err)
	require.NoError(t, lb.Append(uint32(1), rowIDs(blk.Rows)[0], uint64(2), uint8(0), uint64(10)))
	require.NoError(t, lb.Send())
	after := read(false)
	assert.NotEqual(t, a.ReportVersion, after.ReportVersion)
	n, err := s.Count(ctx, after, clearance)
	require.NoError(t, err)
	assert.Equal(t, before-1, n, "the count after the label was taken away")
}
