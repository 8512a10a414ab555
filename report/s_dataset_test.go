package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/ingest/demo"
	"pricelens/report/reporttest"
	"pricelens/store/authz"
)

// The grid engine on the generator's S data set (10k + 2k products, 8 + 5
// competitors): the raw rows are read back from ClickHouse (products FINAL,
// latest_offers FINAL, product_labels) and PostgreSQL (competitors, labels,
// settings) into the hand fixture's Go structs, and every answer of the service is
// compared with the plain Go reference of fixture_test.go over those rows. S is
// loaded once: everything runs as subtests of TestSDataset.

type sData struct {
	s    *Service
	f    reporttest.Fixture
	a    engine.Account // the service's view of account 1 (PostgreSQL + slots), as a handler gets it
	a2   engine.Account
	ref  reporttest.Ref // the reference over account 1, built from an independent read of PostgreSQL
	all  []reporttest.Product
	byID map[string]reporttest.Product
}

func loadS(t *testing.T) sData {
	t.Helper()
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	start := time.Now()
	_, err := demo.Load(ctx, w, db, demo.Options{Size: demo.S, Seed: 1, Out: io.Discard, Progress: io.Discard})
	require.NoError(t, err)
	t.Logf("demo S loaded in %s", time.Since(start).Round(time.Millisecond))

	var f reporttest.Fixture
	idx := map[string]int{} // account/product -> index in f.products
	key := func(acc uint32, id string) string { return fmt.Sprint(acc, "/", id) }
	rows, err := w.Conn.Query(ctx, `SELECT account_id, product_id, name, brand, mfgr_prod_id, super_category, category, vertical,
		my_price, cost, revenue_30d FROM products FINAL`)
	require.NoError(t, err)
	for rows.Next() {
		var p reporttest.Product
		require.NoError(t, rows.Scan(&p.Account, &p.ID, &p.Name, &p.Brand, &p.Mfgr, &p.Sup, &p.Cat, &p.Vert, &p.MyPrice, &p.Cost, &p.Revenue))
		p.Offers = map[int64]reporttest.Offer{}
		idx[key(p.Account, p.ID)] = len(f.Products)
		f.Products = append(f.Products, p)
	}
	require.NoError(t, rows.Err())
	rows.Close()

	rows, err = w.Conn.Query(ctx, `SELECT account_id, product_id, competitor_id, scanned_at, price, name, in_stock FROM latest_offers FINAL`)
	require.NoError(t, err)
	for rows.Next() {
		var acc, cid uint32
		var pid string
		var o reporttest.Offer
		require.NoError(t, rows.Scan(&acc, &pid, &cid, &o.Seen, &o.Price, &o.Name, &o.InStock))
		i, ok := idx[key(acc, pid)]
		require.True(t, ok, "offer of an unknown product %s", pid)
		f.Products[i].Offers[int64(cid)] = o
	}
	require.NoError(t, rows.Err())
	rows.Close()

	// Labels: the assignment of the highest version wins (resolved here, not in SQL).
	type lk struct {
		acc uint32
		pid string
		lid uint64
	}
	type lv struct {
		assigned uint8
		version  uint64
	}
	latest := map[lk]lv{}
	rows, err = w.Conn.Query(ctx, `SELECT account_id, product_id, label_id, assigned, version FROM product_labels`)
	require.NoError(t, err)
	for rows.Next() {
		var k lk
		var v lv
		require.NoError(t, rows.Scan(&k.acc, &k.pid, &k.lid, &v.assigned, &v.version))
		if cur, ok := latest[k]; !ok || v.version >= cur.version {
			latest[k] = v
		}
	}
	require.NoError(t, rows.Err())
	rows.Close()
	for k, v := range latest {
		if v.assigned == 1 {
			i := idx[key(k.acc, k.pid)]
			f.Products[i].Labels = append(f.Products[i].Labels, k.lid)
		}
	}
	for i := range f.Products {
		sort.Slice(f.Products[i].Labels, func(a, b int) bool { return f.Products[i].Labels[a] < f.Products[i].Labels[b] })
	}

	// The reference account from PostgreSQL, read here independently of the service.
	pgAccount := func(id int64) engine.Account {
		a := engine.Account{AccountID: uint32(id), Settings: engine.DefaultSettings()}
		var raw []byte
		require.NoError(t, db.QueryRow(ctx, `SELECT settings FROM accounts WHERE id = $1`, id).Scan(&raw))
		var st map[string]any
		require.NoError(t, json.Unmarshal(raw, &st))
		a.Settings.Parity = st["pairity_price_guideline"].(float64)
		a.Settings.Upper = st["upper_guidline_range"].(float64)
		a.Settings.Lower = st["lower_guidline_range"].(float64)
		a.Settings.StalenessDays = int(st["offer_staleness_days"].(float64))
		a.Settings.CurrencySymbol = st["currency_symbol"].(string)
		cr, err := db.Query(ctx, `SELECT id, name FROM competitors WHERE account_id = $1 ORDER BY id`, id)
		require.NoError(t, err)
		for cr.Next() {
			var c engine.Competitor
			require.NoError(t, cr.Scan(&c.ID, &c.Name))
			a.Competitors = append(a.Competitors, c)
		}
		require.NoError(t, cr.Err())
		lr, err := db.Query(ctx, `SELECT id, name FROM labels WHERE account_id = $1 ORDER BY id`, id)
		require.NoError(t, err)
		for lr.Next() {
			var l engine.Label
			var lid int64
			require.NoError(t, lr.Scan(&lid, &l.Name))
			l.ID = uint64(lid)
			a.Labels = append(a.Labels, l)
		}
		require.NoError(t, lr.Err())
		return a
	}
	ra1 := pgAccount(1)
	ra2 := pgAccount(2)

	s := NewService(w, db)
	a1, err := s.Account(ctx, authz.Principal{AccountID: 1})
	require.NoError(t, err)
	a2, err := s.Account(ctx, authz.Principal{AccountID: 2})
	require.NoError(t, err)
	require.Equal(t, ra1.Competitors, a1.Competitors)
	require.Equal(t, ra1.Settings, a1.Settings)
	require.Len(t, a1.Competitors, 8)
	require.Len(t, a2.Competitors, 5)
	require.Len(t, a1.Slots, 8)
	ra1.Now = a1.Now // one staleness cutoff for both sides
	f.Acc1, f.Acc2, f.Now = ra1, ra2, a1.Now

	d := sData{s: s, f: f, a: a1, a2: a2, byID: map[string]reporttest.Product{}}
	d.ref = reporttest.Ref{F: f, A: ra1}
	for _, c := range ra1.Competitors {
		d.ref.CS = append(d.ref.CS, c.ID)
	}
	d.all = d.ref.Products()
	require.Len(t, d.all, 10_000)
	for _, p := range d.all {
		d.byID[p.ID] = p
	}
	return d
}

// fetchPages pages through a condition in blocks of size and returns the
// concatenation, checking that every block but the last is full and that lastRow
// is the total.
func fetchPages(t *testing.T, s *Service, a engine.Account, js string, size int) []map[string]any {
	t.Helper()
	var all []map[string]any
	for start := 0; ; start += size {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(js), &m))
		m["startRow"], m["limit"] = start, size
		b, _ := json.Marshal(m)
		blk, err := s.Rows(context.Background(), a, cond(t, string(b)))
		require.NoError(t, err, js)
		all = append(all, blk.Rows...)
		if blk.LastRow != -1 {
			require.Equal(t, len(all), blk.LastRow, "lastRow is the total")
			return all
		}
		require.Len(t, blk.Rows, size)
	}
}

// checkRowMetrics compares a product row's comparison metrics with the reference.
func checkRowMetrics(t *testing.T, r reporttest.Ref, p reporttest.Product, row map[string]any) {
	t.Helper()
	m := r.Row(p)
	assert.Equal(t, uint64(m.Lower), row["Lower"], p.ID)
	assert.Equal(t, uint64(m.Similar), row["Similar"], p.ID)
	assert.Equal(t, uint64(m.Higher), row["Higher"], p.ID)
	assert.Equal(t, uint64(m.Compared), row["products_compared"], p.ID)
	if m.LowerAvg == nil {
		assert.Nil(t, row["Lower_avg"], p.ID)
	} else if assert.NotNil(t, row["Lower_avg"], p.ID) {
		assert.True(t, reporttest.Near(row["Lower_avg"].(float64), *m.LowerAvg), "%s Lower_avg %v want %v", p.ID, row["Lower_avg"], *m.LowerAvg)
	}
	if m.Market == nil {
		assert.Nil(t, row["market_price"], p.ID)
	} else if assert.NotNil(t, row["market_price"], p.ID) {
		assert.True(t, reporttest.Near(row["market_price"].(float64), *m.Market), "%s market_price", p.ID)
	}
}

func TestSDataset(t *testing.T) {
	d := loadS(t)
	s, a, r, all := d.s, d.a, d.ref, d.all
	ctx := context.Background()
	cs := r.CS
	c1, c2, c3 := cs[0], cs[1], cs[2]
	labelName := map[uint64]string{}
	for _, l := range r.A.Labels {
		labelName[l.ID] = l.Name
	}
	price := func(p reporttest.Product, c int64) *float64 {
		if o, ok := p.Offers[c]; ok && o.Price != nil {
			return o.Price
		}
		return nil
	}

	// Values picked from the data so that every case matches a real, non-trivial subset.
	word := strings.Fields(strings.ToLower(all[0].Name))[1]
	brandCount := map[string]int{}
	for _, p := range all {
		brandCount[p.Brand]++
	}
	var brands []string
	for b := range brandCount {
		brands = append(brands, b)
	}
	sort.Slice(brands, func(i, j int) bool {
		if brandCount[brands[i]] != brandCount[brands[j]] {
			return brandCount[brands[i]] > brandCount[brands[j]]
		}
		return brands[i] < brands[j]
	})
	b1, b2 := brands[0], brands[5]
	searchWord := strings.ToLower(brands[3])[1:5]
	sup1, cat1, sup2 := all[0].Sup, all[0].Cat, ""
	for _, p := range all {
		if p.Sup != sup1 {
			sup2 = p.Sup
			break
		}
	}
	require.NotEmpty(t, sup2)
	var usedLabel uint64
	for _, p := range all {
		if len(p.Labels) > 1 {
			usedLabel = p.Labels[1]
			break
		}
	}
	require.NotZero(t, usedLabel, "S has products with two labels")

	nullPrices, zeroRevenue, multiLabel, blankBrand := 0, 0, 0, 0
	for _, p := range all {
		if strings.TrimSpace(p.Brand) == "" {
			blankBrand++
		}
		for _, o := range p.Offers {
			if o.Price == nil {
				nullPrices++
			}
		}
		if p.Revenue == 0 {
			zeroRevenue++
		}
		if len(p.Labels) > 1 {
			multiLabel++
		}
	}
	t.Logf("S account 1: %d offers with a NULL price, %d products without revenue, %d with two labels, %d with a blank brand",
		nullPrices, zeroRevenue, multiLabel, blankBrand)
	require.NotZero(t, nullPrices, "S has offers that found no price")

	t.Run("filters against the Go reference", func(t *testing.T) {
		cases := []struct {
			Name, filters string
			keep          func(p reporttest.Product) bool
		}{
			{"text contains and notBlank on a competitor name",
				fmt.Sprintf(`{"name":{"filterType":"text","type":"contains","filter":%q},"Name@%d":{"filterType":"text","type":"notBlank"}}`, strings.ToUpper(word), c1),
				func(p reporttest.Product) bool {
					o, ok := p.Offers[c1]
					return strings.Contains(strings.ToLower(p.Name), word) && ok && strings.TrimSpace(o.Name) != ""
				}},
			{"text blank on a competitor name", fmt.Sprintf(`{"Name@%d":{"filterType":"text","type":"blank"}}`, c2),
				func(p reporttest.Product) bool { o, ok := p.Offers[c2]; return !ok || strings.TrimSpace(o.Name) == "" }},
			{"number inRange on a competitor price", fmt.Sprintf(`{"Price@%d":{"filterType":"number","type":"inRange","filter":50,"filterTo":150}}`, c1),
				func(p reporttest.Product) bool { v := price(p, c1); return v != nil && *v >= 50 && *v <= 150 }},
			{"number lessThan drops NULL prices", fmt.Sprintf(`{"Price@%d":{"filterType":"number","type":"lessThan","filter":80}}`, c2),
				func(p reporttest.Product) bool { v := price(p, c2); return v != nil && *v < 80 }},
			{"number blank keeps NULL prices and missing offers", fmt.Sprintf(`{"Price@%d":{"filterType":"number","type":"blank"}}`, c3),
				func(p reporttest.Product) bool { return price(p, c3) == nil }},
			{"set on brand with null", fmt.Sprintf(`{"canonical_mfgr_display":{"filterType":"set","values":[%q,%q,null]}}`, strings.ToLower(b1), strings.ToUpper(b2)),
				func(p reporttest.Product) bool {
					return p.Brand == b1 || p.Brand == b2 || strings.TrimSpace(p.Brand) == ""
				}},
			{"AND across columns with an OR inside", fmt.Sprintf(`{"price":{"filterType":"number","operator":"OR","conditions":[{"filterType":"number","type":"lessThan","filter":40},{"filterType":"number","type":"greaterThanOrEqual","filter":400}]},"price_delta@%d":{"filterType":"number","type":"greaterThan","filter":0}}`, c1),
				func(p reporttest.Product) bool {
					dd, ok := r.Comparable(p, c1)
					return (p.MyPrice < 40 || p.MyPrice >= 400) && ok && dd > 0
				}},
			{"radio lower", fmt.Sprintf(`{"bucket@%d":{"filterType":"radio","value":%q}}`, c1, engine.BucketLower),
				func(p reporttest.Product) bool {
					dd, ok := r.Comparable(p, c1)
					return ok && r.Bucket(dd) == engine.BucketLower
				}},
			{"radio similar", fmt.Sprintf(`{"bucket@%d":{"filterType":"radio","value":%q}}`, c2, engine.BucketSimilar),
				func(p reporttest.Product) bool {
					dd, ok := r.Comparable(p, c2)
					return ok && r.Bucket(dd) == engine.BucketSimilar
				}},
			{"radio higher", fmt.Sprintf(`{"bucket@%d":{"filterType":"radio","value":%q}}`, c3, engine.BucketHigher),
				func(p reporttest.Product) bool {
					dd, ok := r.Comparable(p, c3)
					return ok && r.Bucket(dd) == engine.BucketHigher
				}},
			{"category tree", fmt.Sprintf(`{"category_tree":{"paths":[[%q,%q],[%q]]}}`, sup1, cat1, sup2),
				func(p reporttest.Product) bool { return (p.Sup == sup1 && p.Cat == cat1) || p.Sup == sup2 }},
			{"label set with blanks", fmt.Sprintf(`{"labels":{"filterType":"set","values":[%q,null]}}`, strings.ToUpper(labelName[usedLabel])),
				func(p reporttest.Product) bool {
					for _, l := range p.Labels {
						if l == usedLabel {
							return true
						}
					}
					return len(p.Labels) == 0
				}},
			{"label set", fmt.Sprintf(`{"labels":{"filterType":"set","values":[%q]}}`, strings.ToLower(labelName[usedLabel])),
				func(p reporttest.Product) bool {
					for _, l := range p.Labels {
						if l == usedLabel {
							return true
						}
					}
					return false
				}},
		}
		for _, fc := range cases {
			t.Run(fc.Name, func(t *testing.T) {
				// Only the id and name are read back: the filters must not need their
				// columns to be visible, and a 10k-row answer stays cheap.
				js := `{"visible_columns":["name"],"filters":` + fc.filters + `}`
				var want []reporttest.Product
				for _, p := range all {
					if fc.keep(p) {
						want = append(want, p)
					}
				}
				require.NotEmpty(t, want, "the case selects something")
				require.Less(t, len(want), len(all), "the case filters something out")
				rows := fetchPages(t, s, a, js, 1000)
				assert.Equal(t, reporttest.SortedIDs(want), rowIDs(rows))
				n, err := s.Count(ctx, a, cond(t, js))
				require.NoError(t, err)
				assert.Equal(t, uint64(len(want)), n)
				t.Logf("%d of %d rows", len(want), len(all))
			})
		}
	})

	t.Run("search over name, brand, mfgr id and product id", func(t *testing.T) {
		js := fmt.Sprintf(`{"search":%q}`, strings.ToUpper(searchWord))
		var want []reporttest.Product
		for _, p := range all {
			if strings.Contains(strings.ToLower(p.Name+"\n"+p.Brand+"\n"+p.Mfgr+"\n"+p.ID), searchWord) {
				want = append(want, p)
			}
		}
		require.NotEmpty(t, want)
		assert.Equal(t, reporttest.SortedIDs(want), rowIDs(fetchPages(t, s, a, js, 1000)))
	})

	t.Run("sort on a competitor price: all pages of 100 are the full sorted list", func(t *testing.T) {
		js := fmt.Sprintf(`{"sort":[{"colId":"Price@%d","sort":"desc"}],"filters":{"price":{"filterType":"number","type":"inRange","filter":60,"filterTo":160}}}`, c2)
		var want []reporttest.Product
		for _, p := range all {
			if p.MyPrice >= 60 && p.MyPrice <= 160 {
				want = append(want, p)
			}
		}
		require.Greater(t, len(want), 500)
		reporttest.SortDescNullsLast(want, func(p reporttest.Product) *float64 { return price(p, c2) })
		rows := fetchPages(t, s, a, js, 100)
		require.Equal(t, reporttest.IDs(want), rowIDs(rows))
		t.Logf("%d rows in %d pages", len(rows), (len(rows)+99)/100)
		for _, row := range rows {
			p := d.byID[row["id"].(string)]
			checkRowMetrics(t, r, p, row)
			for _, c := range cs {
				dd, ok := r.Comparable(p, c)
				k := fmt.Sprintf("@%d", c)
				if !ok {
					assert.Nil(t, row["price_delta"+k], p.ID)
					assert.Nil(t, row["bucket"+k], p.ID)
				} else if assert.NotNil(t, row["price_delta"+k], p.ID) {
					assert.True(t, reporttest.Near(row["price_delta"+k].(float64), dd), p.ID)
					assert.Equal(t, r.Bucket(dd), row["bucket"+k], p.ID)
				}
				if v := price(p, c); v == nil {
					assert.Nil(t, row["Price"+k], p.ID)
				} else {
					assert.Equal(t, *v, row["Price"+k], p.ID)
				}
			}
		}
	})

	t.Run("a shorter staleness window: old offers stop counting", func(t *testing.T) {
		// S's latest offers are 0-20 days old, so the account's 30 days keep them
		// all; with 7 days the older ones must drop out of every metric and filter.
		short := a
		short.Settings.StalenessDays = 7
		rs := r
		rs.A.Settings.StalenessDays = 7
		stale := 0
		for _, p := range all {
			for _, c := range cs {
				_, okLong := r.Comparable(p, c)
				_, okShort := rs.Comparable(p, c)
				if okLong && !okShort {
					stale++
				}
			}
		}
		require.Greater(t, stale, 1000, "the shorter window makes offers stale")
		js := fmt.Sprintf(`{"filters":{"bucket@%d":{"filterType":"radio","value":%q},"price":{"filterType":"number","type":"lessThan","filter":120}}}`, c3, engine.BucketLower)
		var want []reporttest.Product
		for _, p := range all {
			if dd, ok := rs.Comparable(p, c3); ok && rs.Bucket(dd) == engine.BucketLower && p.MyPrice < 120 {
				want = append(want, p)
			}
		}
		require.NotEmpty(t, want)
		rows := fetchPages(t, s, short, js, 1000)
		require.Equal(t, reporttest.SortedIDs(want), rowIDs(rows))
		for _, row := range rows {
			checkRowMetrics(t, rs, d.byID[row["id"].(string)], row)
		}
		g := groups(rs, func(p reporttest.Product) []string { return []string{none(p.Sup)} }, func(p reporttest.Product) float64 { return p.Revenue })
		groups := fetchPages(t, s, short, `{"group":[{"id":"super_category"}],"weightBy":"revenue_30d"}`, 1000)
		require.Len(t, groups, len(g))
		for _, row := range groups {
			k := row["super_category"].(string)
			assert.Equal(t, uint64(g[k].Compared), row["products_compared"], k)
			checkShare(t, row["Similar"], g[k].wS, g[k].wCmp, k+" Similar")
		}
	})

	t.Run("competitor subset", func(t *testing.T) {
		rs := reporttest.Ref{F: r.F, A: r.A, CS: []int64{c2, c3}}
		js := fmt.Sprintf(`{"competitorId":[%d,%d],"filters":{"canonical_mfgr_display":{"filterType":"set","values":[%q]}}}`, c2, c3, strings.ToLower(b1))
		rows := fetchPages(t, s, a, js, 1000)
		require.NotEmpty(t, rows)
		for _, row := range rows {
			checkRowMetrics(t, rs, d.byID[row["id"].(string)], row)
		}
		// A subset changes group shares too.
		g := groups(rs, func(p reporttest.Product) []string { return []string{none(p.Sup)} }, func(reporttest.Product) float64 { return 1 })
		groups := fetchPages(t, s, a, fmt.Sprintf(`{"competitorId":[%d,%d],"group":[{"id":"super_category"}]}`, c2, c3), 1000)
		require.Len(t, groups, len(g))
		for _, row := range groups {
			k := row["super_category"].(string)
			require.NotNil(t, g[k], k)
			assert.Equal(t, uint64(g[k].Compared), row["products_compared"], k)
			checkShare(t, row["Lower"], g[k].wL, g[k].wCmp, k+" Lower")
			checkShare(t, row["Higher"], g[k].wH, g[k].wCmp, k+" Higher")
		}
	})

	t.Run("group levels and weights", func(t *testing.T) {
		levels := []struct {
			group, field string
			key          func(p reporttest.Product) []string
		}{
			{"super_category", "super_category", func(p reporttest.Product) []string { return []string{none(p.Sup)} }},
			{"category", "category", func(p reporttest.Product) []string { return []string{none(p.Cat)} }},
			{"vertical", "vertical", func(p reporttest.Product) []string { return []string{none(p.Vert)} }},
			{"vertical_brand", "vertical_brand", func(p reporttest.Product) []string { return []string{none(p.Vert) + " x " + none(p.Brand)} }},
			{"brand", "canonical_mfgr_display", func(p reporttest.Product) []string { return []string{none(p.Brand)} }},
			{"label", "labels", func(p reporttest.Product) []string {
				var out []string
				for _, l := range p.Labels {
					if n, ok := labelName[l]; ok {
						out = append(out, n)
					}
				}
				if len(out) == 0 {
					out = []string{engine.NoneKey}
				}
				return out
			}},
		}
		weights := []struct {
			Name string
			w    func(p reporttest.Product) float64
		}{
			{"product", func(reporttest.Product) float64 { return 1 }},
			{"revenue_30d", func(p reporttest.Product) float64 { return p.Revenue }},
		}
		for _, lv := range levels {
			for _, wt := range weights {
				t.Run(lv.group+" weighted by "+wt.Name, func(t *testing.T) {
					want := groups(r, lv.key, wt.w)
					rows := fetchPages(t, s, a, fmt.Sprintf(`{"group":[{"id":%q}],"weightBy":%q}`, lv.group, wt.Name), 1000)
					require.Len(t, rows, len(want))
					var keys []string
					for _, row := range rows {
						k := row[lv.field].(string)
						keys = append(keys, k)
						g := want[k]
						require.NotNil(t, g, "group %q", k)
						assert.Equal(t, uint64(g.Products), row["products"], k)
						assert.Equal(t, uint64(g.Compared), row["products_compared"], k)
						checkShare(t, row["Lower"], g.wL, g.wCmp, k+" Lower")
						checkShare(t, row["Similar"], g.wS, g.wCmp, k+" Similar")
						checkShare(t, row["Higher"], g.wH, g.wCmp, k+" Higher")
						checkShare(t, row["price_index"], g.wRatio, g.wCmp, k+" price_index")
						checkShare(t, row[fmt.Sprintf("Lower@%d", c2)], g.cL[c2], g.cCmp[c2], k+" Lower@c2")
						if g.wL == 0 {
							assert.Nil(t, row["Lower_avg"], k)
						} else if assert.NotNil(t, row["Lower_avg"], k) {
							assert.True(t, reporttest.Near(row["Lower_avg"].(float64), g.wLD/g.wL), k)
						}
					}
					assert.True(t, sort.StringsAreSorted(keys), "groups sorted by key")
				})
			}
		}
	})

	t.Run("revenue weights summing to zero give NULL shares", func(t *testing.T) {
		// S has products without revenue; a group of only those is made with the
		// search for one such product's id.
		var zero reporttest.Product
		for _, p := range all {
			if p.Revenue == 0 && r.Row(p).Compared > 0 {
				zero = p
				break
			}
		}
		require.NotEmpty(t, zero.ID, "S has a compared product without revenue")
		rows := fetchPages(t, s, a, fmt.Sprintf(`{"group":[{"id":"category"}],"weightBy":"revenue_30d","search":%q}`, zero.ID), 1000)
		require.Len(t, rows, 1)
		assert.Equal(t, uint64(1), rows[0]["products"])
		assert.Nil(t, rows[0]["Lower"])
		assert.Nil(t, rows[0]["Similar"])
		assert.Nil(t, rows[0]["price_index"])
	})

	t.Run("select all minus toggled", func(t *testing.T) {
		js := fmt.Sprintf(`{"filters":{"canonical_mfgr_display":{"filterType":"set","values":[%q]}}}`, strings.ToLower(b1))
		var want []string
		for _, p := range all {
			if p.Brand == b1 {
				want = append(want, p.ID)
			}
		}
		sort.Strings(want)
		require.Greater(t, len(want), 10)
		var other string // a product of account 2 (the fixture's rows come in no particular order)
		for _, p := range d.f.Products {
			if p.Account == 2 {
				other = p.ID
			}
		}
		require.NotEmpty(t, other)
		toggled := []string{want[0], want[3], want[len(want)-1], other, "nope"}
		raw := json.RawMessage(js)
		got, err := ResolveSelection(ctx, s.W, s.DB, authz.Principal{AccountID: 1}, raw, true, toggled)
		require.NoError(t, err)
		var expect []string
		for i, id := range want {
			if i != 0 && i != 3 && i != len(want)-1 {
				expect = append(expect, id)
			}
		}
		assert.Equal(t, expect, got)
		got, err = ResolveSelection(ctx, s.W, s.DB, authz.Principal{AccountID: 1}, nil, false, toggled)
		require.NoError(t, err)
		assert.Equal(t, []string{want[0], want[3], want[len(want)-1]}, got, "toggled ids of account 2 and unknown ids drop out")
	})

	t.Run("account 1 never sees account 2's rows", func(t *testing.T) {
		mine := map[string]bool{}
		var theirs []reporttest.Product
		for _, p := range d.f.Products {
			switch p.Account {
			case 1:
				mine[p.ID] = true
			case 2:
				theirs = append(theirs, p)
			}
		}
		require.Len(t, theirs, 2_000)
		for _, p := range theirs {
			require.False(t, mine[p.ID], "product ids are unique across accounts")
		}
		rows := fetchPages(t, s, a, `{"visible_columns":["name"]}`, 1000)
		require.Len(t, rows, 10_000)
		for _, row := range rows {
			require.True(t, mine[row["id"].(string)], row["id"])
		}
		assert.Empty(t, fetchPages(t, s, a, fmt.Sprintf(`{"search":%q}`, theirs[0].ID), 100))
		other := fetchPages(t, s, d.a2, `{}`, 1000)
		assert.Equal(t, reporttest.SortedIDs(theirs), rowIDs(other))
		n, err := s.Count(ctx, a, cond(t, `{}`))
		require.NoError(t, err)
		assert.Equal(t, uint64(10_000), n)
		_, err = s.Rows(ctx, a, cond(t, fmt.Sprintf(`{"competitorId":[%d]}`, d.a2.Competitors[0].ID)))
		require.Error(t, err, "another account's competitor is a bad condition")
	})
}
