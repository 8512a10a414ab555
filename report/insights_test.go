package report

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/report/reporttest"
	"pricelens/store"
	"pricelens/store/authz"
)

// The pricing insights on the S data set equal plain Go counts over the raw rows
// (the latest offers and the whole offer history read back from ClickHouse), not
// the engine's SQL; each number's link is a report whose row count is the number;
// another account and a user limited to some categories get their own counts.
func TestInsightsOnS(t *testing.T) {
	d := loadS(t)
	ctx := context.Background()
	// The clock is the midnight after the demo's newest scan day (the seed's
	// "yesterday"), so that "the last 24 hours" is that whole day whatever the hour
	// the test runs at: with the wall clock, a run late in the day saw the last
	// minutes of it only, and no change at all just before midnight.
	var now time.Time
	require.NoError(t, d.s.W.Conn.QueryRow(ctx, `SELECT toDateTime(max(toDate(scanned_at)) + 1) FROM offers`).Scan(&now))
	now = now.UTC()
	d.s.Now = func() time.Time { return now }
	in := &Insights{S: d.s}

	// The offer history of the S accounts (offers is a ReplacingMergeTree: FINAL).
	type pair struct {
		acc uint32
		pid string
		cid uint32
	}
	type scan struct {
		at    time.Time
		Price *float64
	}
	history := map[pair][]scan{}
	rows, err := d.s.W.Conn.Query(ctx, `SELECT account_id, product_id, competitor_id, scanned_at, price FROM offers FINAL`)
	require.NoError(t, err)
	for rows.Next() {
		var k pair
		var s scan
		require.NoError(t, rows.Scan(&k.acc, &k.pid, &k.cid, &s.at, &s.Price))
		history[k] = append(history[k], s)
	}
	require.NoError(t, rows.Err())
	rows.Close()

	// expect computes every insight in Go for one account and category access.
	expect := func(a engine.Account, cats []string) map[string]uint64 {
		a.Now = now
		r := reporttest.Ref{F: d.f, A: a}
		for _, c := range a.Competitors {
			r.CS = append(r.CS, c.ID)
		}
		allowed := func(p reporttest.Product) bool {
			if len(cats) == 0 {
				return true
			}
			for _, c := range cats {
				if p.Sup == c {
					return true
				}
			}
			return false
		}
		// changed reports a price change of the product at any competitor in (now-days, now]:
		// a priced scan in the period whose price differs from the pair's previous
		// priced scan, that one within the staleness limit before it.
		changed := func(p reporttest.Product, days int) bool {
			from := now.Add(-time.Duration(days) * 24 * time.Hour)
			stale := time.Duration(a.Settings.StalenessDays) * 24 * time.Hour
			for _, c := range a.Competitors {
				var priced []scan
				for _, s := range history[pair{a.AccountID, p.ID, uint32(c.ID)}] {
					if s.Price != nil {
						priced = append(priced, s)
					}
				}
				sort.Slice(priced, func(i, j int) bool { return priced[i].at.Before(priced[j].at) })
				for i := 1; i < len(priced); i++ {
					prev, s := priced[i-1], priced[i]
					if s.at.After(from) && !s.at.After(now) && *s.Price != *prev.Price && !prev.at.Before(s.at.Add(-stale)) {
						return true
					}
				}
			}
			return false
		}
		n := map[string]uint64{}
		cutoff := now.AddDate(0, 0, -a.Settings.StalenessDays)
		for _, p := range r.Products() {
			if !allowed(p) {
				continue
			}
			if changed(p, 1) {
				n[engine.InsightChangesLastDay]++
			}
			if changed(p, 7) {
				n[engine.InsightChangesLastWeek]++
			}
			if m := r.Row(p); m.Market != nil && p.MyPrice > 0 {
				switch r.Bucket((p.MyPrice - *m.Market) / *m.Market * 100) {
				case engine.BucketLower:
					n[engine.InsightPriceUp]++
				case engine.BucketHigher:
					n[engine.InsightPriceDown]++
				}
			}
			for _, o := range p.Offers {
				if o.InStock == 0 && o.Price != nil && !o.Seen.Before(cutoff) {
					n[engine.InsightOutOfStock]++
					break
				}
			}
		}
		return n
	}

	for _, tc := range []struct {
		Name string
		p    authz.Principal
		a    engine.Account
	}{
		{"account 1", authz.Principal{AccountID: 1, UserID: 1}, d.f.Acc1},
		{"account 2", authz.Principal{AccountID: 2, UserID: 1}, d.f.Acc2},
		{"account 1, one super category", authz.Principal{AccountID: 1, UserID: 1, Categories: []string{d.all[0].Sup}}, d.f.Acc1},
	} {
		t.Run(tc.Name, func(t *testing.T) {
			got, err := in.Pricing(ctx, tc.p)
			require.NoError(t, err)
			want := expect(tc.a, tc.p.Categories)
			for key, v := range map[string]uint64{
				engine.InsightChangesLastDay: got.ChangesLastDay, engine.InsightChangesLastWeek: got.ChangesLastWeek,
				engine.InsightPriceUp: got.PriceUp, engine.InsightPriceDown: got.PriceDown, engine.InsightOutOfStock: got.OutOfStockAtComps,
			} {
				assert.Equal(t, want[key], v, key)
				assert.NotZero(t, v, "%s: S has such products, so a zero would hide a wrong filter", key)
				// The link's report counts exactly these products: the webapp sends
				// {"insight": {"filterType": "radio", "value": key}} for ?insight=key.
				u, err := url.Parse(got.Links[key])
				require.NoError(t, err)
				assert.Equal(t, "/pricing/type/all_my_products", u.Path)
				a, err := d.s.Account(ctx, tc.p)
				require.NoError(t, err)
				c := cond(t, `{"report_type":"all_my_products","filters":{"insight":{"filterType":"radio","value":"`+u.Query().Get("insight")+`"}}}`)
				count, err := d.s.Count(ctx, a, c)
				require.NoError(t, err)
				assert.Equal(t, v, count, key)
			}
			assert.True(t, got.ChangesLastWeek >= got.ChangesLastDay)
			assert.Equal(t, "buckets", got.CandidatesSource)
			assert.Equal(t, "/alerts", got.Links["alert_reports_to_review"])
		})
	}

	// Alert reports to review: the account's alerts that mailed in the last 7 days.
	_, err = d.s.DB.Exec(ctx, `INSERT INTO alerts (account_id, frequency, last_notified_at) VALUES
		(1, 0, $1), (1, 1, $2), (1, 0, NULL), (2, 0, $1)`, now.Add(-time.Hour), now.Add(-8*24*time.Hour))
	require.NoError(t, err)
	got, err := in.Pricing(ctx, authz.Principal{AccountID: 1, UserID: 1})
	require.NoError(t, err)
	assert.Equal(t, uint64(1), got.AlertsToReview)

	// The pricer seam: once it answers, its candidates replace the buckets'.
	in.Pricer = func(context.Context, authz.Principal) (Candidates, bool, error) {
		return Candidates{Up: 3, Down: 4, UpLink: "/new/repricing/results?x=up", DownLink: "/new/repricing/results?x=down"}, true, nil
	}
	got, err = in.Pricing(ctx, authz.Principal{AccountID: 1, UserID: 1})
	require.NoError(t, err)
	assert.Equal(t, []any{uint64(3), uint64(4), "pricer", "/new/repricing/results?x=up"}, []any{got.PriceUp, got.PriceDown, got.CandidatesSource, got.Links[engine.InsightPriceUp]})

	// The cards' tiles are the products of the insight's report, first by market delta.
	// Each card's number is its report's count, even while the pricer seam answers
	// the panel (issue 29: the cards said the pricer's 3 and 4).
	cards, err := in.Cards(ctx, authz.Principal{AccountID: 1, UserID: 1})
	require.NoError(t, err)
	in.Pricer = nil
	require.Len(t, cards.Insights, 3)
	a1, err := d.s.Account(ctx, authz.Principal{AccountID: 1, UserID: 1})
	require.NoError(t, err)
	for _, card := range cards.Insights {
		u, err := url.Parse(card.Link)
		require.NoError(t, err)
		n, err := d.s.Count(ctx, a1, cond(t, `{"report_type":"all_my_products","filters":{"insight":{"filterType":"radio","value":"`+u.Query().Get("insight")+`"}}}`))
		require.NoError(t, err)
		// The count in the analyst's words: thousands grouped ("2,634 products").
		grouped := strconv.FormatUint(n, 10)
		for i := len(grouped) - 3; i > 0; i -= 3 {
			grouped = grouped[:i] + "," + grouped[i:]
		}
		assert.True(t, strings.HasPrefix(card.Summary, grouped+" products"), "%s: %q, its report lists %d", card.Key, card.Summary, n)
	}
	up := cards.Insights[0]
	assert.Equal(t, "Room to raise prices", up.Title)
	require.Len(t, up.Highlights, HighlightTiles)
	for i, h := range up.Highlights {
		p := d.byID[h.ID]
		assert.Equal(t, p.Name, h.Field)
		assert.InDelta(t, p.MyPrice, h.Number, 1e-9)
		require.NotNil(t, h.Diff)
		assert.Less(t, *h.Diff, 0.0, "under the market: a negative diff")
		if i > 0 {
			assert.GreaterOrEqual(t, *h.Diff, *up.Highlights[i-1].Diff)
		}
	}
	require.NotEmpty(t, cards.Insights[1].Highlights)
	assert.Greater(t, *cards.Insights[1].Highlights[0].Diff, 0.0, "over the market: a positive diff")

	// The cards are kept for a while (CardsWindow), but never past a change of
	// what they read: with every match of the first tile's product flagged, it is
	// compared with nobody, so it leaves the card on the very next call; unflagged,
	// it is back.
	again, err := in.Cards(ctx, authz.Principal{AccountID: 1, UserID: 1})
	require.NoError(t, err)
	assert.Equal(t, cards, again, "the same data: the same cards")
	first := up.Highlights[0].ID
	actor := store.Actor{UserID: 1, AccountID: 1}
	for _, c := range a1.Competitors {
		require.NoError(t, store.New(d.s.DB).FlagMatch(ctx, actor, first, c.ID, "", "wrong match"))
	}
	flagged, err := in.Cards(ctx, authz.Principal{AccountID: 1, UserID: 1})
	for _, c := range a1.Competitors {
		require.NoError(t, store.New(d.s.DB).UnflagMatch(ctx, actor, first, c.ID))
	}
	require.NoError(t, err)
	for _, h := range flagged.Insights[0].Highlights {
		assert.NotEqual(t, first, h.ID, "a product compared with nobody is not under the market")
	}
	unflagged, err := in.Cards(ctx, authz.Principal{AccountID: 1, UserID: 1})
	require.NoError(t, err)
	assert.Equal(t, cards, unflagged)

	// The product tooltip's "On sale": 1 when a competitor's latest scan has the
	// product on sale, 0 when none does, none without offers (read here from
	// latest_offers, not through the snapshot).
	onSale := map[string]uint8{}
	rows, err = d.s.W.Conn.Query(ctx, `SELECT product_id, max(on_sale) FROM latest_offers FINAL WHERE account_id = 1 GROUP BY product_id`)
	require.NoError(t, err)
	for rows.Next() {
		var pid string
		var v uint8
		require.NoError(t, rows.Scan(&pid, &v))
		onSale[pid] = v
	}
	require.NoError(t, rows.Err())
	rows.Close()
	seen := map[string]bool{}
	for _, p := range d.all[:200] {
		row, err := d.s.Product(ctx, d.a, p.ID)
		require.NoError(t, err)
		tip := TooltipOf(d.a, row)
		want, has := onSale[p.ID]
		if !has {
			assert.Nil(t, tip.OnSale, p.ID)
			seen["none"] = true
			continue
		}
		require.NotNil(t, tip.OnSale, p.ID)
		assert.Equal(t, uint64(want), *tip.OnSale, p.ID)
		seen[fmt.Sprint(want)] = true
	}
	assert.True(t, seen["0"] && seen["1"], "S has products on sale and not on sale: %v", seen)
}
