package trend

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/ingest"
	"pricelens/ingest/demo"
	"pricelens/report"
	"pricelens/store"
	"pricelens/warehouse"
)

// The trend reports on the generator's S data set, compared with a plain Go
// computation over the raw rows read back from ClickHouse: every scan of offers,
// every version of product_daily, the catalogue. The reference follows docs/trends.md
// literally (for each day and pair, the last scan before the day's end, if it is
// at most the staleness limit old and found the product), not the compiler's
// change-point expansion.

type scan struct {
	at    int64 // Unix seconds (DateTime): compared as integers, the reference's hottest loop
	price *float64
}

type metric struct {
	myPrice, cost, units, revenue float64
	updated                       time.Time
}

type product struct {
	account                   uint32
	id, sup, cat, vert, brand string
	myPrice, revenue          float64
}

type history struct {
	products map[string]product           // by id
	scans    map[string]map[int64][]scan  // product → competitor → scans by time
	daily    map[string]map[string]metric // product → day → latest version
	accounts map[uint32]map[string]bool   // account → its product ids
	flagged  map[string]map[int64]bool    // open match flags: product → competitor
}

func loadHistory(t *testing.T) (history, *Service, engine.Account, engine.Account, *pgxpool.Pool) {
	t.Helper()
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	_, err := demo.Load(ctx, w, db, demo.Options{Size: demo.S, Seed: 1, Out: io.Discard, Progress: io.Discard})
	require.NoError(t, err)
	h := history{products: map[string]product{}, scans: map[string]map[int64][]scan{}, daily: map[string]map[string]metric{}, accounts: map[uint32]map[string]bool{}}
	rows, err := w.Conn.Query(ctx, `SELECT account_id, product_id, super_category, category, vertical, brand, my_price, revenue_30d FROM products FINAL`)
	require.NoError(t, err)
	for rows.Next() {
		var p product
		require.NoError(t, rows.Scan(&p.account, &p.id, &p.sup, &p.cat, &p.vert, &p.brand, &p.myPrice, &p.revenue))
		h.products[p.id] = p
		if h.accounts[p.account] == nil {
			h.accounts[p.account] = map[string]bool{}
		}
		h.accounts[p.account][p.id] = true
	}
	require.NoError(t, rows.Err())
	rows.Close()
	rows, err = w.Conn.Query(ctx, `SELECT product_id, competitor_id, scanned_at, price FROM offers`)
	require.NoError(t, err)
	for rows.Next() {
		var pid string
		var cid uint32
		var s scan
		var at time.Time
		require.NoError(t, rows.Scan(&pid, &cid, &at, &s.price))
		s.at = at.Unix()
		if h.scans[pid] == nil {
			h.scans[pid] = map[int64][]scan{}
		}
		h.scans[pid][int64(cid)] = append(h.scans[pid][int64(cid)], s)
	}
	require.NoError(t, rows.Err())
	rows.Close()
	for _, m := range h.scans {
		for _, ss := range m {
			sort.Slice(ss, func(i, j int) bool { return ss[i].at < ss[j].at })
		}
	}
	rows, err = w.Conn.Query(ctx, `SELECT product_id, toString(date), my_price, cost, units_sold, revenue, updated_at FROM product_daily`)
	require.NoError(t, err)
	for rows.Next() {
		var pid, day string
		var m metric
		require.NoError(t, rows.Scan(&pid, &day, &m.myPrice, &m.cost, &m.units, &m.revenue, &m.updated))
		if h.daily[pid] == nil {
			h.daily[pid] = map[string]metric{}
		}
		if cur, ok := h.daily[pid][day]; !ok || !m.updated.Before(cur.updated) {
			h.daily[pid][day] = m
		}
	}
	require.NoError(t, rows.Err())
	rows.Close()

	s := NewService(report.NewService(w, db))
	a1, err := s.Grid.Account(ctx, session.Principal{AccountID: 1})
	require.NoError(t, err)
	a2, err := s.Grid.Account(ctx, session.Principal{AccountID: 2})
	require.NoError(t, err)
	return h, s, a1, a2, db
}

// price is the carried price of (p, c) on day d (docs/trends.md), or false.
func (h history) price(pid string, cid int64, d time.Time, staleness int) (float64, bool) {
	if h.flagged[pid][cid] {
		return 0, false // a flagged match is no comparison (issue 17)
	}
	end := d.AddDate(0, 0, 1).Unix()
	ss := h.scans[pid][cid] // sorted by time
	i := sort.Search(len(ss), func(i int) bool { return ss[i].at >= end })
	if i == 0 {
		return 0, false
	}
	last := ss[i-1] // the last scan before the day's end
	if last.at < end-int64(staleness)*24*3600 || last.price == nil {
		return 0, false
	}
	return *last.price, true
}

// myPrice is my price on d: the daily metric's, else the catalogue's.
func (h history) myPrice(pid string, d time.Time) float64 {
	if m, ok := h.daily[pid][d.Format("2006-01-02")]; ok && m.myPrice > 0 {
		return m.myPrice
	}
	return h.products[pid].myPrice
}

type sums struct{ num, den, n float64 }

func (s *sums) add(num, den float64) { s.num += num; s.den += den; s.n++ }

func (s sums) value(scale float64) any {
	if s.den == 0 {
		return nil
	}
	return s.num / s.den * scale
}

// refPriceTrend computes price_trend's row of day d over scope, comps and weights.
func (h history) refLines(report engine.TrendReport, scope []string, comps []int64, weight func(string) float64, d time.Time, staleness int) map[string]any {
	per := map[int64]*sums{}
	for _, c := range comps {
		per[c] = &sums{}
	}
	var sel, my sums
	for _, pid := range scope {
		w := weight(pid)
		mp := h.myPrice(pid, d)
		m, hasMetrics := h.daily[pid][d.Format("2006-01-02")]
		var xs []float64
		for _, c := range comps {
			x, ok := h.price(pid, c, d, staleness)
			if !ok {
				continue
			}
			switch report {
			case engine.TrendPriceVsMarket:
				if x > 0 && mp > 0 {
					per[c].add(w*(mp-x)/x*100, w)
				}
				if x > 0 {
					xs = append(xs, x)
				}
			case engine.TrendMargin:
				if hasMetrics && x > 0 {
					per[c].add(m.units*(x-m.cost), m.units*x)
				}
				xs = append(xs, x)
			default:
				per[c].add(w*x, w)
				xs = append(xs, x)
			}
		}
		if len(xs) == 0 {
			continue
		}
		mkt := 0.
		for _, x := range xs {
			mkt += x
		}
		mkt /= float64(len(xs))
		switch report {
		case engine.TrendPriceVsMarket:
			if mkt > 0 && mp > 0 {
				my.add(w*(mp-mkt)/mkt*100, w)
			}
		case engine.TrendMargin:
		default:
			sel.add(w*mkt, w)
			my.add(w*mp, w)
		}
	}
	row := map[string]any{}
	scale := 1.
	if report == engine.TrendMargin {
		scale = 100
		my = sums{}
		for _, pid := range scope {
			if m, ok := h.daily[pid][d.Format("2006-01-02")]; ok {
				my.add(m.revenue-m.cost*m.units, m.revenue)
			}
		}
	}
	for _, c := range comps {
		if per[c].n > 0 {
			row[engine.ValueKey(c)] = per[c].value(scale)
		} else {
			row[engine.ValueKey(c)] = nil
		}
	}
	row[engine.TrendKeyCustomer] = my.value(scale)
	if report == engine.TrendPrice || report == engine.TrendPDP {
		row[engine.TrendKeySelected] = sel.value(1)
	}
	return row
}

func trendOf(t *testing.T, js string) engine.Trend {
	t.Helper()
	tr, err := engine.ParseTrend([]byte(js))
	require.NoError(t, err, js)
	return tr
}

func near(t *testing.T, want, got any, msg string) {
	t.Helper()
	if want == nil || got == nil {
		assert.Equal(t, want, got, msg)
		return
	}
	w, ok1 := want.(float64)
	g, ok2 := got.(float64)
	if !ok1 || !ok2 {
		assert.Equal(t, want, got, msg)
		return
	}
	assert.True(t, math.Abs(w-g) <= 1e-6*math.Max(1, math.Abs(w)), "%s: want %v, got %v", msg, w, g)
}

func accountScope(h history, acc uint32) []string {
	var out []string
	for id := range h.accounts[acc] {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

func compIDs(a engine.Account) []int64 {
	var out []int64
	for _, c := range a.Competitors {
		out = append(out, c.ID)
	}
	return out
}

func TestTrendsOnS(t *testing.T) {
	h, s, a1, a2, db := loadHistory(t)
	ctx := context.Background()
	yesterday := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	from := yesterday.AddDate(0, 0, -34) // before the history starts: days without scans too
	dates := fmt.Sprintf(`"dates":{"from":%q,"to":%q}`, from.Format("2006-01-02"), yesterday.Format("2006-01-02"))
	all1 := accountScope(h, 1)
	one := func(string) float64 { return 1 }
	revenue := func(pid string) float64 { return h.products[pid].revenue }

	checkFrom := func(t *testing.T, from time.Time, a engine.Account, report engine.TrendReport, js string, scope []string, comps []int64, weight func(string) float64) []map[string]any {
		t.Helper()
		rows, err := s.Rows(ctx, a, trendOf(t, js))
		require.NoError(t, err)
		days := int(yesterday.Sub(from).Hours()/24) + 1
		require.Len(t, rows.Rows, days, "a row per day")
		n, err := s.Count(ctx, a, trendOf(t, js))
		require.NoError(t, err)
		require.Equal(t, days, n, "getCountOfRow")
		nonNull := 0
		for i, row := range rows.Rows {
			d := from.AddDate(0, 0, i)
			require.Equal(t, d.Format("2006-01-02"), row[engine.TrendKeyDate])
			want := h.refLines(report, scope, comps, weight, d, a.Settings.StalenessDays)
			for k, v := range want {
				near(t, v, row[k], fmt.Sprintf("%s %s", row[engine.TrendKeyDate], k))
				if v != nil {
					nonNull++
				}
			}
		}
		require.Greater(t, nonNull, days, "the report has data")
		return rows.Rows
	}
	check := func(t *testing.T, a engine.Account, report engine.TrendReport, js string, scope []string, comps []int64, weight func(string) float64) []map[string]any {
		t.Helper()
		return checkFrom(t, from, a, report, js, scope, comps, weight)
	}

	t.Run("price_trend all products and competitors (the rollup)", func(t *testing.T) {
		check(t, a1, engine.TrendPrice, `{"report_name":"price_trend",`+dates+`}`, all1, compIDs(a1), one)
	})
	t.Run("price_trend competitor subset weighted by revenue over selected rows", func(t *testing.T) {
		sub := []int64{a1.Competitors[1].ID, a1.Competitors[4].ID}
		sel := all1[:700]
		zero := 0
		for _, p := range sel {
			if h.products[p].revenue == 0 {
				zero++
			}
		}
		require.Greater(t, zero, 0, "some products weigh 0")
		ids, _ := json.Marshal(sel)
		check(t, a1, engine.TrendPrice, fmt.Sprintf(`{"report_name":"price_trend",%s,"competitorId":[%d,%d],"weightBy":"revenue_30d","selected_rows":%s}`,
			dates, sub[0], sub[1], ids), sel, sub, revenue)
	})
	// The raw-scan reports below run over one super category (a quarter of the
	// products): the same code as over all of them, a quarter of the work on a
	// busy machine.
	sup := h.products[all1[0]].sup
	var inSup []string
	for _, pid := range all1 {
		if h.products[pid].sup == sup {
			inSup = append(inSup, pid)
		}
	}
	bySup := fmt.Sprintf(`"filters":{"category_tree":{"paths":[[%q]]}},`, sup)
	t.Run("staleness limit of 3 days (the raw scans: the rollup holds another staleness)", func(t *testing.T) {
		a := a1
		a.Settings.StalenessDays = 3
		check(t, a, engine.TrendPrice, `{"report_name":"price_trend",`+bySup+dates+`}`, inSup, compIDs(a1), one)
	})
	// The product page from the rollup build's runs, and from the scans (the runs
	// hold another staleness): both equal the Go computation.
	staleness3 := a1
	staleness3.Settings.StalenessDays = 3
	for _, pc := range []struct {
		name   string
		a      engine.Account
		stored bool
	}{{"the rollup build's runs", a1, true}, {"the scans: the runs hold another staleness", staleness3, false}} {
		t.Run("PDP of one product ("+pc.name+")", func(t *testing.T) {
			pid := all1[17]
			js := fmt.Sprintf(`{"report_name":"PDP_price_trend","product_id":%q,%s}`, pid, dates)
			plan, err := s.Plan(ctx, pc.a, trendOf(t, js))
			require.NoError(t, err)
			require.Equal(t, pc.stored, strings.Contains(plan.SQL, " FROM trend_runs WHERE "), plan.SQL)
			check(t, pc.a, engine.TrendPDP, js, []string{pid}, compIDs(a1), one)
		})
	}
	// Price vs. market and margin have no rollup rows: they read the rollup
	// build's runs (the carried prices), and over another staleness the scans.
	for _, pc := range []struct {
		name   string
		a      engine.Account
		stored bool
	}{{"the rollup build's runs", a1, true}, {"the scans: the runs hold another staleness", staleness3, false}} {
		t.Run("price_vs_market_trend ("+pc.name+")", func(t *testing.T) {
			js := `{"report_name":"price_vs_market_trend",` + bySup + dates + `}`
			plan, err := s.Plan(ctx, pc.a, trendOf(t, js))
			require.NoError(t, err)
			require.Equal(t, pc.stored, strings.Contains(plan.SQL, " FROM trend_runs WHERE "), plan.SQL)
			check(t, pc.a, engine.TrendPriceVsMarket, js, inSup, compIDs(a1), one)
		})
	}
	t.Run("margin_trend (the rollup build's runs)", func(t *testing.T) {
		js := `{"report_name":"margin_trend",` + bySup + dates + `}`
		plan, err := s.Plan(ctx, a1, trendOf(t, js))
		require.NoError(t, err)
		require.True(t, plan.Rollup, plan.SQL)
		check(t, a1, engine.TrendMargin, js, inSup, compIDs(a1), one)
	})
	t.Run("key_business_metrics with previous_period", func(t *testing.T) {
		rows, err := s.Rows(ctx, a1, trendOf(t, `{"report_name":"key_business_metrics","compareTo":"previous_period",`+dates+`}`))
		require.NoError(t, err)
		require.Len(t, rows.Rows, 35)
		seen := 0
		for i, row := range rows.Rows {
			d := from.AddDate(0, 0, i)
			cd := from.AddDate(0, 0, i-35)
			assert.Equal(t, cd.Format("2006-01-02"), row[engine.TrendKeyCompareDate])
			for prefix, day := range map[string]time.Time{"": d, "compare_": cd} {
				var units, revenue, cost, mp, n float64
				for _, pid := range all1 {
					if m, ok := h.daily[pid][day.Format("2006-01-02")]; ok {
						units, revenue, cost, n = units+m.units, revenue+m.revenue, cost+m.cost*m.units, n+1
						mp += h.myPrice(pid, day)
					}
				}
				if n == 0 {
					assert.Nil(t, row[prefix+"revenue"], day)
					continue
				}
				seen++
				near(t, units, row[prefix+"units_sold"], prefix+"units_sold")
				near(t, revenue, row[prefix+"revenue"], prefix+"revenue")
				near(t, cost, row[prefix+"cost"], prefix+"cost")
				near(t, revenue-cost, row[prefix+"gross_profit"], prefix+"gross_profit")
				near(t, (revenue-cost)/revenue*100, row[prefix+"margin"], prefix+"margin")
				near(t, mp/n, row[prefix+"my_price"], prefix+"my_price")
			}
		}
		assert.Greater(t, seen, 25)
	})
	t.Run("competitiveness_metrics by category and of the whole account, same period last year and previous period", func(t *testing.T) {
		type variant struct{ group, value, compare string }
		variants := []variant{{"category", "%Higher Bucket", "previous_period"}, {"category", "Price Index", "same_period_last_year"},
			{"category", "%Lower Bucket", "previous_period"}, {"all", "Price Index", "previous_period"}, {"all", "%Similar Bucket", "previous_period"}}
		st := a1.Settings
		comps := compIDs(a1)
		// The comparable pairs of a day (my price and the competitor's carried price),
		// found once per day for all five reports: the Go reference's price lookups
		// were most of this test's time.
		type pairPrice struct {
			p     int // index in all1
			mp, x float64
		}
		pricesOn := func(day time.Time) []pairPrice {
			var out []pairPrice
			for i, pid := range all1 {
				mp := h.myPrice(pid, day)
				if mp <= 0 {
					continue
				}
				for _, c := range comps {
					if x, ok := h.price(pid, c, day, st.StalenessDays); ok && x > 0 {
						out = append(out, pairPrice{i, mp, x})
					}
				}
			}
			return out
		}
		weight, category := make([]float64, len(all1)), make([]string, len(all1))
		for i, pid := range all1 {
			weight[i] = revenue(pid)
			category[i] = engine.NoneKey
			if c := h.products[pid].cat; c != "" {
				category[i] = c
			}
		}
		ref := func(tc variant, pairs []pairPrice) map[string]*sums {
			out := map[string]*sums{}
			for _, pp := range pairs {
				d := (pp.mp-pp.x)/pp.x*100 - st.Parity
				hit := 0.
				switch tc.value {
				case "%Higher Bucket":
					if d > st.Upper {
						hit = 100
					}
				case "%Lower Bucket":
					if d < -st.Lower {
						hit = 100
					}
				case "%Similar Bucket":
					if d >= -st.Lower && d <= st.Upper {
						hit = 100
					}
				default:
					hit = pp.mp / pp.x * 100
				}
				g := engine.AllKey
				if tc.group != "all" {
					g = category[pp.p]
				}
				if out[g] == nil {
					out[g] = &sums{}
				}
				out[g].add(weight[pp.p]*hit, weight[pp.p])
			}
			return out
		}
		jsOf := func(tc variant) string {
			return fmt.Sprintf(`{"report_name":"competitiveness_metrics","group":%q,"comparisonValues":%q,"compareTo":%q,"weightBy":"revenue_30d",%s}`, tc.group, tc.value, tc.compare, dates)
		}
		byKey := make([]map[string]map[string]any, len(variants))
		for v, tc := range variants {
			rows, err := s.Rows(ctx, a1, trendOf(t, jsOf(tc)))
			require.NoError(t, err)
			byKey[v] = map[string]map[string]any{}
			for _, r := range rows.Rows {
				byKey[v][r[engine.TrendKeyDate].(string)+"/"+r[tc.group].(string)] = r
			}
			require.Len(t, byKey[v], len(rows.Rows), "a row per day and group")
		}
		n := make([]int, len(variants))
		for i := 0; i < 35; i++ {
			d := from.AddDate(0, 0, i)
			now, previous, lastYear := pricesOn(d), pricesOn(from.AddDate(0, 0, i-35)), pricesOn(from.AddDate(-1, 0, i))
			for v, tc := range variants {
				cd, cmpPairs := from.AddDate(0, 0, i-35), previous
				if tc.compare == "same_period_last_year" {
					cd, cmpPairs = from.AddDate(-1, 0, i), lastYear
				}
				cmp := ref(tc, cmpPairs)
				for g, sm := range ref(tc, now) {
					r, ok := byKey[v][d.Format("2006-01-02")+"/"+g]
					require.True(t, ok, "%s %s", d, g)
					near(t, sm.value(1), r[engine.TrendKeyValue], tc.value+" "+g)
					var want any
					if c, ok := cmp[g]; ok {
						want = c.value(1)
					}
					near(t, want, r[engine.TrendKeyCompare], "compare "+g)
					assert.Equal(t, cd.Format("2006-01-02"), r[engine.TrendKeyCompareDate])
					n[v]++
				}
			}
		}
		for v, tc := range variants {
			assert.Equal(t, n[v], len(byKey[v]), "a row per day and group with comparable pairs")
			count, err := s.Count(ctx, a1, trendOf(t, jsOf(tc)))
			require.NoError(t, err)
			assert.Equal(t, n[v], count, "getCountOfRow")
			assert.GreaterOrEqual(t, n[v], 35, "35 days, a row per group each")
		}
	})
	t.Run("custom-field line", func(t *testing.T) {
		sub := []int64{a1.Competitors[0].ID, a1.Competitors[3].ID}
		js := fmt.Sprintf(`{"report_name":"price_trend","competitorId":[%d,%d],%s%s}`, sub[0], sub[1], bySup, dates)
		rows, err := s.CustomFieldLine(ctx, a1, trendOf(t, js), "revenue_30d")
		require.NoError(t, err)
		require.Len(t, rows.Rows, 35)
		for i, r := range rows.Rows {
			d := from.AddDate(0, 0, i)
			var sm sums
			for _, pid := range inSup {
				for _, c := range sub {
					if _, ok := h.price(pid, c, d, a1.Settings.StalenessDays); ok {
						sm.add(revenue(pid), 1)
						break
					}
				}
			}
			near(t, sm.value(1), r[engine.TrendKeyValue], d.String())
			assert.Equal(t, uint64(sm.n), r[engine.TrendKeyProducts])
		}
		_, err = s.CustomFieldLine(ctx, a1, trendOf(t, js), "price")
		var e *engine.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, "customField", e.Field)
	})
	t.Run("a flagged match leaves every line until it is unflagged", func(t *testing.T) {
		st := store.New(db)
		actor := store.Actor{AccountID: 1}
		c := a1.Competitors[0].ID
		js := `{"report_name":"price_trend",` + dates + `}`
		before, err := s.Rows(ctx, a1, trendOf(t, js))
		require.NoError(t, err)
		h.flagged = map[string]map[int64]bool{}
		for _, pid := range all1 {
			if len(h.scans[pid][c]) > 0 && len(h.flagged) < 300 {
				require.NoError(t, st.FlagMatch(ctx, actor, pid, c, "", "wrong size"))
				h.flagged[pid] = map[int64]bool{c: true}
			}
		}
		flagged, err := s.Grid.Account(ctx, session.Principal{AccountID: 1})
		require.NoError(t, err)
		rows := check(t, flagged, engine.TrendPrice, js, all1, compIDs(a1), one)
		moved := 0
		for i, r := range rows {
			assert.Equal(t, true, r[engine.TrendKeyFlaggedExcluded], r[engine.TrendKeyDate])
			if r[engine.ProductsKey(c)] != before.Rows[i][engine.ProductsKey(c)] {
				moved++
			}
		}
		assert.Greater(t, moved, 0, "the flagged pairs left competitor %d's line", c)
		for pid := range h.flagged {
			require.NoError(t, st.UnflagMatch(ctx, actor, pid, c))
		}
		h.flagged = nil
		unflagged, err := s.Grid.Account(ctx, session.Principal{AccountID: 1})
		require.NoError(t, err)
		rows = check(t, unflagged, engine.TrendPrice, js, all1, compIDs(a1), one)
		for i, r := range rows {
			assert.NotContains(t, r, engine.TrendKeyFlaggedExcluded)
			assert.Equal(t, before.Rows[i][engine.ProductsKey(c)], r[engine.ProductsKey(c)], "back after the unflag")
		}
	})
	t.Run("open flags: the rollup less the flagged pairs equals the raw scans without them", func(t *testing.T) {
		r, err := s.Grid.W.TrendRollup(ctx, 1)
		require.NoError(t, err)
		require.NotNil(t, r, "the load's refresh built the rollup")
		rdates := fmt.Sprintf(`"dates":{"from":%q,"to":%q}`, r.FirstDay.AddDate(0, 0, 3).Format("2006-01-02"), yesterday.Format("2006-01-02"))
		sub := []int64{a1.Competitors[2].ID, a1.Competitors[5].ID}
		sup, cat := h.products[all1[0]].sup, h.products[all1[0]].cat
		var reports []string
		for _, w := range []string{"Price", "revenue_30d"} {
			reports = append(reports, fmt.Sprintf(`{"report_name":"price_trend","weightBy":%q,%s}`, w, rdates))
		}
		reports = append(reports, fmt.Sprintf(`{"report_name":"price_trend","filters":{"category_tree":{"paths":[[%q,%q]]}},%s}`, sup, cat, rdates))
		for _, v := range engine.ComparisonValues {
			reports = append(reports, fmt.Sprintf(`{"report_name":"competitiveness_metrics","group":"super_category","comparisonValues":%q,"competitorId":[%d,%d],%s}`, v, sub[0], sub[1], rdates))
		}
		reports = append(reports, fmt.Sprintf(`{"report_name":"competitiveness_metrics","group":"category","weightBy":"revenue_30d","filters":{"category_tree":{"paths":[[%q]]}},%s}`, sup, rdates))
		reports = append(reports, fmt.Sprintf(`{"report_name":"competitiveness_metrics","group":"all","comparisonValues":"Price Index",%s}`, rdates))
		// The raw path: a search every product id matches.
		raw := func(js string) string {
			return strings.Replace(js, `{`, `{"search":"`+h.products[all1[0]].id[:2]+`",`, 1)
		}
		answer := func(a engine.Account, js string, rollup bool) []map[string]any {
			t.Helper()
			p, err := s.Plan(ctx, a, trendOf(t, js))
			require.NoError(t, err)
			require.Equal(t, rollup, p.Rollup, js)
			rows, err := s.Rows(ctx, a, trendOf(t, js))
			require.NoError(t, err, js)
			require.NotEmpty(t, rows.Rows, js)
			return rows.Rows
		}
		unflagged := map[string][]map[string]any{}
		for _, js := range reports {
			unflagged[js] = answer(a1, js, true)
		}

		// Flags of the three kinds a rollup row can hold: a product with one of its
		// prices flagged (its market changes), one with every competitor flagged (it
		// leaves the product-level line), and flags of competitors in the subset.
		st := store.New(db)
		actor := store.Actor{AccountID: 1}
		type pair struct {
			pid string
			c   int64
		}
		var flags []pair
		for i, pid := range all1 {
			switch {
			case i%40 == 1:
				flags = append(flags, pair{pid, a1.Competitors[0].ID}, pair{pid, sub[0]})
			case i == 2:
				for _, c := range compIDs(a1) {
					flags = append(flags, pair{pid, c})
				}
			}
		}
		for _, f := range flags {
			require.NoError(t, st.FlagMatch(ctx, actor, f.pid, f.c, "", "wrong size"))
		}
		defer func() {
			for _, f := range flags {
				require.NoError(t, st.UnflagMatch(ctx, actor, f.pid, f.c))
			}
		}()
		fl, err := s.Grid.Account(ctx, session.Principal{AccountID: 1})
		require.NoError(t, err)
		require.NotEmpty(t, fl.Flagged)
		for _, js := range reports {
			got, want := answer(fl, js, true), answer(fl, raw(js), false)
			require.Equal(t, len(want), len(got), js)
			moved := 0
			for i := range want {
				assert.Equal(t, true, got[i][engine.TrendKeyFlaggedExcluded], js)
				for k, v := range want[i] {
					near(t, v, got[i][k], fmt.Sprint(js, i, k))
				}
				if i < len(unflagged[js]) {
					for k, v := range unflagged[js][i] {
						if fmt.Sprint(v) != fmt.Sprint(got[i][k]) {
							moved++
							break
						}
					}
				}
			}
			assert.Greater(t, moved, 0, "the flags changed the answer of %s", js)
		}
	})
	t.Run("the rollup: price trend and competitiveness metrics of the common scopes", func(t *testing.T) {
		r, err := s.Grid.W.TrendRollup(ctx, 1)
		require.NoError(t, err)
		require.NotNil(t, r, "the load's refresh built the rollup")
		assert.Equal(t, yesterday, r.LastDay)
		rfrom := r.FirstDay.AddDate(0, 0, 3)
		rdates := fmt.Sprintf(`"dates":{"from":%q,"to":%q}`, rfrom.Format("2006-01-02"), yesterday.Format("2006-01-02"))
		usesRollup := func(js string) {
			a := a1
			a.TrendRollup = r
			p, err := engine.CompileTrend(a, trendOf(t, js))
			require.NoError(t, err)
			require.Contains(t, p.SQL, "FROM trend_rollup WHERE", js)
		}
		js := `{"report_name":"price_trend","weightBy":"revenue_30d",` + rdates + `}`
		usesRollup(js)
		checkFrom(t, rfrom, a1, engine.TrendPrice, js, all1, compIDs(a1), revenue)
		sup, cat := h.products[all1[0]].sup, h.products[all1[0]].cat
		var inCat []string
		for _, pid := range all1 {
			if h.products[pid].sup == sup && h.products[pid].cat == cat {
				inCat = append(inCat, pid)
			}
		}
		js = fmt.Sprintf(`{"report_name":"price_trend","filters":{"category_tree":{"paths":[[%q,%q]]}},%s}`, sup, cat, rdates)
		usesRollup(js)
		checkFrom(t, rfrom, a1, engine.TrendPrice, js, inCat, compIDs(a1), one)
		// Competitiveness over a competitor subset, by super category, from the rollup
		// and from the raw scans (a search that matches every product forces them).
		sub := []int64{a1.Competitors[2].ID, a1.Competitors[5].ID}
		js = fmt.Sprintf(`{"report_name":"competitiveness_metrics","group":"super_category","comparisonValues":"%%Similar Bucket","competitorId":[%d,%d],%s}`, sub[0], sub[1],
			fmt.Sprintf(`"dates":{"from":%q,"to":%q}`, yesterday.AddDate(0, 0, -9).Format("2006-01-02"), yesterday.Format("2006-01-02")))
		usesRollup(js)
		fromRollup, err := s.Rows(ctx, a1, trendOf(t, js))
		require.NoError(t, err)
		raw, err := s.Rows(ctx, a1, trendOf(t, strings.Replace(js, `{`, `{"search":"`+h.products[all1[0]].id[:2]+`",`, 1)))
		require.NoError(t, err)
		require.Equal(t, len(raw.Rows), len(fromRollup.Rows))
		require.NotEmpty(t, raw.Rows)
		for i := range raw.Rows {
			for k, v := range raw.Rows[i] {
				near(t, v, fromRollup.Rows[i][k], fmt.Sprint(i, k))
			}
		}

		// A new scan of yesterday: the refresh rebuilds only yesterday's month, and
		// the price trend (from the rollup) shows it, as the raw scans do.
		c := a1.Competitors[0].ID
		require.NoError(t, s.Grid.W.Conn.Exec(ctx, `INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, load_id)
			SELECT 1, ?, ?, toDateTime(?), 99999.5, 'trend-test'`, all1[0], uint32(c), yesterday.Add(23*time.Hour).Unix()))
		require.NoError(t, s.Grid.W.RefreshTrendRollups(ctx, map[uint32]engine.Settings{1: a1.Settings}, nil))
		r2, err := s.Grid.W.TrendRollup(ctx, 1)
		require.NoError(t, err)
		assert.Equal(t, r.FirstDay, r2.FirstDay, "an incremental build keeps the first day")
		js = `{"report_name":"price_trend",` + rdates + `}`
		usesRollup(js)
		after, err := s.Rows(ctx, a1, trendOf(t, js))
		require.NoError(t, err)
		rawAfter, err := s.Rows(ctx, a1, trendOf(t, strings.Replace(js, `{`, `{"search":"`+h.products[all1[0]].id[:2]+`",`, 1)))
		require.NoError(t, err)
		require.Equal(t, len(rawAfter.Rows), len(after.Rows))
		for i := range rawAfter.Rows {
			for k, v := range rawAfter.Rows[i] {
				near(t, v, after.Rows[i][k], fmt.Sprint(i, k))
			}
		}
		lastRow := after.Rows[len(after.Rows)-1]
		assert.Greater(t, lastRow[engine.ValueKey(c)].(float64), 99999.5/float64(lastRow[engine.ProductsKey(c)].(uint64)), "the new scan is in yesterday's line")
		// The product page from the runs of the incremental build (the months before
		// it kept from the previous build, cut at its first day) equals the one from
		// the scans, the new scan included.
		pdp := func(a engine.Account) []map[string]any {
			p, err := engine.CompileTrend(a, trendOf(t, fmt.Sprintf(`{"report_name":"PDP_price_trend","product_id":%q,%s}`, all1[0], rdates)))
			require.NoError(t, err)
			res, err := s.Grid.W.Query(ctx, p.Statement)
			require.NoError(t, err)
			return p.Rows(res.Columns, res.Rows)
		}
		stored := a1
		stored.TrendRollup = r2
		fromRuns, fromScans := pdp(stored), pdp(a1)
		require.Equal(t, len(fromScans), len(fromRuns))
		for i := range fromScans {
			for k, v := range fromScans[i] {
				near(t, v, fromRuns[i][k], fmt.Sprint(i, k))
			}
		}
		assert.Equal(t, 99999.5, fromRuns[len(fromRuns)-1][engine.ValueKey(c)], "the new scan on the product page")

		// A load's refresh of a few products (the snapshot's delta, until the fold):
		// the rollup trends answer as before (they failed with "Unknown identifier:
		// _table" while an account had a delta).
		refreshed, err := s.Grid.W.RefreshSnapshot(ctx, 1, a1.Settings, all1[:3])
		require.NoError(t, err)
		require.False(t, refreshed.Full)
		withDelta := a1
		withDelta.SnapshotDelta, err = s.Grid.W.SnapshotDelta(ctx, 1)
		require.NoError(t, err)
		require.NotZero(t, withDelta.SnapshotDelta)
		withDelta.TrendRollup = r2
		for _, js := range []string{`{"report_name":"price_trend",` + rdates + `}`,
			fmt.Sprintf(`{"report_name":"competitiveness_metrics","group":"super_category","competitorId":[%d,%d],%s}`, sub[0], sub[1], rdates)} {
			p, err := engine.CompileTrend(withDelta, trendOf(t, js))
			require.NoError(t, err)
			require.True(t, p.Rollup, js)
			res, err := s.Grid.W.Query(ctx, p.Statement)
			require.NoError(t, err, js)
			require.NotEmpty(t, res.Rows, js)
		}
		same, err := s.Rows(ctx, withDelta, trendOf(t, js))
		require.NoError(t, err)
		require.Equal(t, after.Rows, same.Rows, "the same rollup, the same price trend")

		// A load of account 1 after the build: its trends still read the rollup
		// (the raw scans took the trend away at L, issue 30), saying what time its
		// data covers, until the rollup is rebuilt; account 2's rollup is current.
		withRollup, asOf, err := s.withRollup(ctx, a1, "")
		require.NoError(t, err)
		require.NotNil(t, withRollup.TrendRollup)
		require.Nil(t, asOf)
		_, err = db.Exec(ctx, `INSERT INTO ingest_loads (id, kind, format, file_name, file_bytes, status, accounts, finished_at)
			VALUES ('trend-test-load', 'scans', 'csv', 'scans.csv', 10, 'done', '{1}', now())`)
		require.NoError(t, err)
		withRollup, asOf, err = s.withRollup(ctx, a1, "")
		require.NoError(t, err)
		assert.NotNil(t, withRollup.TrendRollup, "a load since the build")
		require.NotNil(t, asOf, "a load since the build")
		assert.Equal(t, withRollup.TrendRollup.BuiltAt, *asOf)
		stale, err := s.Rows(ctx, a1, trendOf(t, js))
		require.NoError(t, err)
		assert.Equal(t, after.Rows, stale.Rows, "the stored price trend, not the raw scans")
		require.NotNil(t, stale.DataAsOf, "the answer says what time its data covers")
		assert.Equal(t, *asOf, *stale.DataAsOf)
		withRollup, asOf, err = s.withRollup(ctx, a2, "")
		require.NoError(t, err)
		assert.NotNil(t, withRollup.TrendRollup, "another account's load")
		assert.Nil(t, asOf, "another account's load")
		// The product page after that load: a product it wrote a scan of reads the
		// scans (and shows the scan); another one still reads the build's runs.
		require.NoError(t, s.Grid.W.Conn.Exec(ctx, `INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, load_id)
			SELECT 1, ?, ?, toDateTime(?), 88888.5, 'trend-test-load'`, all1[0], uint32(c), yesterday.Add(23*time.Hour+30*time.Minute).Unix()))
		pdpPlan := func(pid string) engine.TrendPlan {
			p, err := s.Plan(ctx, a1, trendOf(t, fmt.Sprintf(`{"report_name":"PDP_price_trend","product_id":%q,%s}`, pid, rdates)))
			require.NoError(t, err)
			return p
		}
		touched, untouched := pdpPlan(all1[0]), pdpPlan(all1[2])
		assert.False(t, touched.Rollup, "a product with a scan since the build reads the scans")
		// On a cluster the parts are per shard: every product reads its scans then.
		require.Equal(t, s.Grid.W.Cluster == "", untouched.Rollup, "a product without one reads the build's runs")
		run := func(p engine.TrendPlan) []map[string]any {
			res, err := s.Grid.W.Query(ctx, p.Statement)
			require.NoError(t, err)
			return p.Rows(res.Columns, res.Rows)
		}
		rows := run(touched)
		assert.Equal(t, 88888.5, rows[len(rows)-1][engine.ValueKey(c)], "the scan since the build")
		scans, err := engine.CompileTrend(a1, trendOf(t, fmt.Sprintf(`{"report_name":"PDP_price_trend","product_id":%q,%s}`, all1[2], rdates)))
		require.NoError(t, err)
		require.False(t, scans.Rollup)
		assert.Equal(t, run(scans), run(untouched), "the untouched product's runs")
		// Loads under way: one into account 2 leaves account 1's rollup in use; one whose
		// accounts are not known yet (a file naming them per row) does not.
		_, err = db.Exec(ctx, `INSERT INTO ingest_loads (id, kind, format, file_name, file_bytes, status, account_id)
			VALUES ('trend-test-running-2', 'scans', 'csv', 'scans2.csv', 10, 'started', 2)`)
		require.NoError(t, err)
		_, asOf, err = s.withRollup(ctx, a2, "")
		require.NoError(t, err)
		assert.NotNil(t, asOf, "a load into account 2 under way")
		_, err = db.Exec(ctx, `UPDATE ingest_loads SET finished_at = now() - interval '1 day', status = 'done' WHERE id = 'trend-test-load'`)
		require.NoError(t, err)
		_, asOf, err = s.withRollup(ctx, a1, "")
		require.NoError(t, err)
		assert.Nil(t, asOf, "another account's load under way")
		_, err = db.Exec(ctx, `INSERT INTO ingest_loads (id, kind, format, file_name, file_bytes, status)
			VALUES ('trend-test-running-any', 'scans', 'csv', 'scans3.csv', 10, 'started')`)
		require.NoError(t, err)
		_, asOf, err = s.withRollup(ctx, a1, "")
		require.NoError(t, err)
		assert.NotNil(t, asOf, "a load of accounts not known yet")
		_, err = db.Exec(ctx, `DELETE FROM ingest_loads WHERE id IN ('trend-test-running-2', 'trend-test-running-any')`)
		require.NoError(t, err)
		_, err = db.Exec(ctx, `UPDATE ingest_loads SET finished_at = now() WHERE id = 'trend-test-load'`)
		require.NoError(t, err)
		// A build records its start in whole seconds, rounded down, so a load that
		// finished in the same second counts as later (the safe side). The load is
		// moved 2 s back so the rebuild below surely starts after it.
		_, err = db.Exec(ctx, `UPDATE ingest_loads SET finished_at = now() - interval '2 seconds' WHERE id = 'trend-test-load'`)
		require.NoError(t, err)
		require.NoError(t, s.Grid.W.RefreshTrendRollups(ctx, map[uint32]engine.Settings{1: a1.Settings}, nil))
		withRollup, asOf, err = s.withRollup(ctx, a1, "")
		require.NoError(t, err)
		assert.NotNil(t, withRollup.TrendRollup, "rebuilt after the load")
		assert.Nil(t, asOf, "rebuilt after the load")

		// The job's refresh knows the loads: a load of today's scans (after the
		// rollup's last day, as scans usually arrive) rebuilds none of its days (it
		// rebuilt the whole month, 3.5 minutes at L, issue 30) and makes the rollup
		// current; a load with a scan of yesterday rebuilds, and the trend shows it.
		builds := func() string {
			v, err := s.Grid.W.Strings(ctx, warehouse.SQL(`SELECT toString(build_id) FROM trend_rollup WHERE account_id = 1 GROUP BY build_id ORDER BY build_id`))
			require.NoError(t, err)
			return strings.Join(v, ",")
		}
		load := func(id, pid string, at time.Time, price float64) {
			_, err := db.Exec(ctx, `INSERT INTO ingest_loads (id, kind, format, file_name, file_bytes, status, accounts, finished_at)
				VALUES ($1, 'scans', 'csv', $1, 10, 'done', '{1}', now())`, id)
			require.NoError(t, err)
			require.NoError(t, s.Grid.W.Conn.Exec(ctx, `INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, load_id)
				SELECT 1, ?, ?, toDateTime(?), ?, ?`, pid, uint32(c), at.Unix(), price, ingest.OffersLoadID(id)))
		}
		built := builds()
		load("trend-test-today", all1[1], time.Now().Add(-time.Minute), 77777.5)
		_, asOf, err = s.withRollup(ctx, a1, "")
		require.NoError(t, err)
		require.NotNil(t, asOf, "today's load is not in the rollup yet")
		// Right after the load, as the job it asks for runs: the build is newer than
		// the load to the nanosecond (in whole seconds the load looked newer).
		require.NoError(t, s.Grid.W.RefreshTrendRollups(ctx, map[uint32]engine.Settings{1: a1.Settings}, ingest.ScanLoads(db)))
		assert.Equal(t, built, builds(), "no day of the rollup rebuilt for scans after its last day")
		_, asOf, err = s.withRollup(ctx, a1, "")
		require.NoError(t, err)
		assert.Nil(t, asOf, "the rollup is current after the refresh")
		load("trend-test-yesterday", all1[1], yesterday.Add(22*time.Hour), 66666.5)
		require.NoError(t, s.Grid.W.RefreshTrendRollups(ctx, map[uint32]engine.Settings{1: a1.Settings}, ingest.ScanLoads(db)))
		assert.NotEqual(t, built, builds(), "a scan of yesterday rebuilds")
		rebuilt, err := s.Rows(ctx, a1, trendOf(t, js))
		require.NoError(t, err)
		require.Nil(t, rebuilt.DataAsOf)
		rawRebuilt, err := s.Rows(ctx, a1, trendOf(t, strings.Replace(js, `{`, `{"search":"`+h.products[all1[0]].id[:2]+`",`, 1)))
		require.NoError(t, err)
		require.Equal(t, len(rawRebuilt.Rows), len(rebuilt.Rows))
		for i := range rawRebuilt.Rows {
			for k, v := range rawRebuilt.Rows[i] {
				near(t, v, rebuilt.Rows[i][k], fmt.Sprint(i, k))
			}
		}
		assert.NotEqual(t, after.Rows[len(after.Rows)-1][engine.ValueKey(c)], rebuilt.Rows[len(rebuilt.Rows)-1][engine.ValueKey(c)], "yesterday's new scan")
	})
	t.Run("a build in four chunks, two at a time, writes the same rollup and runs as one chunk", func(t *testing.T) {
		w := s.Grid.W
		full := func(c warehouse.RollupChunks) (rollup, runs [][]any, cols []string) {
			// Without runs the next build is a full one (rollupStart).
			require.NoError(t, w.ExecParts(ctx, "ALTER TABLE %s DROP PARTITION 1", engine.TableTrendRuns))
			w.RollupChunks = c
			defer func() { w.RollupChunks = warehouse.RollupChunks{} }()
			require.NoError(t, w.RefreshTrendRollups(ctx, map[uint32]engine.Settings{1: a1.Settings}, nil))
			r, err := w.Query(ctx, warehouse.SQL(`SELECT * FROM trend_rollup WHERE account_id = 1 ORDER BY date, super_category, category, competitor_id`))
			require.NoError(t, err)
			p, err := w.Query(ctx, warehouse.SQL(`SELECT product_id, competitor_id, rl, rh, rx FROM trend_runs WHERE account_id = 1 ORDER BY product_id, competitor_id, rl`))
			require.NoError(t, err)
			return r.Rows, p.Rows, r.Columns
		}
		oneRollup, oneRuns, cols := full(warehouse.RollupChunks{})
		manyRollup, manyRuns, _ := full(warehouse.RollupChunks{Products: 2500}) // account 1 has 10,000 products: four chunks, two at a time (300 made 34)
		require.NotEmpty(t, oneRollup)
		require.Greater(t, len(oneRuns), len(all1), "a row per pair with a price")
		require.Equal(t, len(oneRuns), len(manyRuns))
		for i := range oneRuns { // row by row: a diff of the whole slices takes minutes
			require.Equal(t, oneRuns[i], manyRuns[i], i)
		}
		require.Equal(t, len(oneRollup), len(manyRollup))
		for i := range oneRollup {
			for j, c := range cols {
				if c != "build_id" {
					near(t, oneRollup[i][j], manyRollup[i][j], fmt.Sprint(oneRollup[i][:5], c))
				}
			}
		}
	})
	t.Run("saved and shared trend reports", func(t *testing.T) {
		var uid int64
		require.NoError(t, db.QueryRow(ctx, `SELECT user_id FROM memberships WHERE account_id = 1 ORDER BY user_id LIMIT 1`).Scan(&uid))
		st := store.New(db)
		actor := store.Actor{UserID: uid, AccountID: 1}
		rep, err := st.CreateReport(ctx, actor, store.ReportFields{ReportName: "Margin by week", ReportType: "margin_trend", ReportPath: "/trend/margin_trend",
			Dates: json.RawMessage(`{"from":"2026-01-01","to":"2026-01-31"}`)})
		require.NoError(t, err)
		link, err := st.CreateShareLink(ctx, actor, "trend-share-token-1", rep.ID, json.RawMessage(`{"report_type":"competitiveness_metrics"}`))
		require.NoError(t, err)
		assert.Equal(t, "/trend/margin_trend/share/trend-share-token-1", link.URL)
		r, err := s.Report(ctx, a1, engine.TrendPrice, fmt.Sprint(rep.ID), false)
		require.NoError(t, err)
		assert.Equal(t, engine.TrendMargin, r, "the saved report's own type")
		r, err = s.Report(ctx, a1, engine.TrendPrice, "trend-share-token-1", true)
		require.NoError(t, err)
		assert.Equal(t, engine.TrendCompetitiveness, r, "the share link's condition's type")
		_, err = s.Report(ctx, a2, engine.TrendPrice, fmt.Sprint(rep.ID), false)
		assert.ErrorContains(t, err, "This report does not exist.", "account 2 cannot open account 1's report")
		_, err = s.Report(ctx, a2, engine.TrendPrice, "trend-share-token-1", true)
		assert.ErrorContains(t, err, "This share report is no longer available")
	})
	t.Run("account 2 sees only its own history", func(t *testing.T) {
		rows := check(t, a2, engine.TrendPrice, `{"report_name":"price_trend",`+dates+`}`, accountScope(h, 2), compIDs(a2), one)
		for _, r := range rows {
			for _, c := range a1.Competitors {
				_, ok := r[engine.ValueKey(c.ID)]
				assert.False(t, ok && !contains(compIDs(a2), c.ID), "account 1's competitor %d", c.ID)
			}
		}
		res, err := s.Rows(ctx, a2, trendOf(t, fmt.Sprintf(`{"report_name":"PDP_price_trend","product_id":%q,%s}`, all1[17], dates)))
		require.NoError(t, err)
		for _, r := range res.Rows {
			assert.Nil(t, r[engine.TrendKeyCustomer], "account 1's product has no history for account 2")
		}
	})
	t.Run("open match flags mark the competitors' lines", func(t *testing.T) {
		st := store.New(db)
		c1, c2 := a1.Competitors[0].ID, a1.Competitors[1].ID
		actor := store.Actor{AccountID: 1}
		for _, f := range []struct {
			pid string
			c   int64
		}{{all1[3], c1}, {all1[4], c1}, {all1[5], c2}} {
			require.NoError(t, st.FlagMatch(ctx, actor, f.pid, f.c, "", "wrong size"))
		}
		require.NoError(t, st.ResolveMatch(ctx, actor, all1[5], c2))
		a, err := s.Grid.Account(ctx, session.Principal{AccountID: 1})
		require.NoError(t, err)
		k1 := fmt.Sprint(c1)
		res, err := s.Rows(ctx, a, trendOf(t, `{"report_name":"price_trend",`+dates+`}`))
		require.NoError(t, err)
		assert.Equal(t, map[string]int{k1: 2}, res.Flagged, "two open flags of competitor 1; competitor 2's is resolved")
		res, err = s.Rows(ctx, a, trendOf(t, fmt.Sprintf(`{"report_name":"price_trend","competitorId":[%d],%s}`, c2, dates)))
		require.NoError(t, err)
		assert.Empty(t, res.Flagged, "only the trend's competitors")
		res, err = s.Rows(ctx, a, trendOf(t, fmt.Sprintf(`{"report_name":"PDP_price_trend","product_id":%q,%s}`, all1[3], dates)))
		require.NoError(t, err)
		assert.Equal(t, map[string]int{k1: 1}, res.Flagged, "the product's own flagged match")
		res, err = s.Rows(ctx, a, trendOf(t, fmt.Sprintf(`{"report_name":"PDP_price_trend","product_id":%q,%s}`, all1[6], dates)))
		require.NoError(t, err)
		assert.Empty(t, res.Flagged, "a product without flags")
		res, err = s.Rows(ctx, a2, trendOf(t, `{"report_name":"price_trend",`+dates+`}`))
		require.NoError(t, err)
		assert.Empty(t, res.Flagged, "account 2 sees none of account 1's flags")
	})
}

func contains(xs []int64, x int64) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
