package report

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/report/reporttest"
)

func cond(t *testing.T, js string) engine.Condition {
	t.Helper()
	c, err := engine.ParseCondition([]byte(js))
	require.NoError(t, err, js)
	return c
}

// fetchAll pages through a condition in blocks of 37 and returns the concatenation.
func fetchAll(t *testing.T, s *Service, a engine.Account, js string) []map[string]any {
	t.Helper()
	var all []map[string]any
	for start := 0; ; start += 37 {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(js), &m))
		m["startRow"], m["limit"] = start, 37
		b, _ := json.Marshal(m)
		blk, err := s.Rows(context.Background(), a, cond(t, string(b)))
		require.NoError(t, err, js)
		all = append(all, blk.Rows...)
		if blk.LastRow != -1 {
			require.Equal(t, len(all), blk.LastRow, "lastRow is the total")
			return all
		}
		require.Len(t, blk.Rows, 37)
	}
}

func rowIDs(rows []map[string]any) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r["id"].(string)
	}
	return out
}

func TestGridAgainstGoReference(t *testing.T) {
	s, f := setup(t)
	ctx := context.Background()
	a := f.Acc1
	r := reporttest.Ref{F: f, A: a, CS: []int64{11, 12, 13}}
	all := r.Products()

	for _, path := range totalsPaths(t, f.Acc1) {
		a := path.a
		t.Run("table rows, metrics, and stable pages sorted on a competitor column, "+path.Name, func(t *testing.T) {
			rows := fetchAll(t, s, a, `{"sort":[{"colId":"Price@12","sort":"desc"}]}`)
			want := append([]reporttest.Product(nil), all...)
			price := func(p reporttest.Product) *float64 {
				if o, ok := p.Offers[12]; ok && o.Price != nil {
					return o.Price
				}
				return nil
			}
			reporttest.SortDescNullsLast(want, price)
			require.Equal(t, reporttest.IDs(want), rowIDs(rows))
			byID := map[string]reporttest.Product{}
			for _, p := range all {
				byID[p.ID] = p
			}
			for _, row := range rows {
				p := byID[row["id"].(string)]
				m := r.Row(p)
				assert.Equal(t, uint64(m.Lower), row["Lower"], p.ID)
				assert.Equal(t, uint64(m.Similar), row["Similar"], p.ID)
				assert.Equal(t, uint64(m.Higher), row["Higher"], p.ID)
				assert.Equal(t, uint64(m.Compared), row["products_compared"], p.ID)
				if m.LowerAvg == nil {
					assert.Nil(t, row["Lower_avg"], p.ID)
				} else {
					assert.True(t, reporttest.Near(row["Lower_avg"].(float64), *m.LowerAvg), p.ID)
				}
				if m.Market == nil {
					assert.Nil(t, row["market_price"], p.ID)
				} else {
					assert.True(t, reporttest.Near(row["market_price"].(float64), *m.Market), p.ID)
				}
				for _, c := range r.CS {
					d, ok := r.Comparable(p, c)
					key := fmt.Sprintf("@%d", c)
					if !ok {
						assert.Nil(t, row["price_delta"+key], p.ID)
						assert.Nil(t, row["bucket"+key], p.ID)
					} else {
						assert.True(t, reporttest.Near(row["price_delta"+key].(float64), d), p.ID)
						assert.Equal(t, r.Bucket(d), row["bucket"+key], p.ID)
					}
				}
				assert.Equal(t, "$", row["currency_symbol"])
			}
			n, err := s.Count(ctx, a, cond(t, `{}`))
			require.NoError(t, err)
			assert.Equal(t, uint64(len(all)), n)
		})
	}

	filterCases := []struct {
		Name, filters string
		keep          func(p reporttest.Product) bool
	}{
		{"text contains, case-insensitive unicode", `{"name":{"filterType":"text","type":"contains","filter":"ÜNÏCODE"}}`,
			func(p reporttest.Product) bool { return strings.Contains(strings.ToLower(p.Name), "ünïcode") }},
		{"text notContains passes NULL cells", `{"Name@12":{"filterType":"text","type":"notContains","filter":"name 1"}}`,
			func(p reporttest.Product) bool {
				o, ok := p.Offers[12]
				return !ok || !strings.Contains(strings.ToLower(o.Name), "name 1")
			}},
		{"text blank is NULL or empty", `{"canonical_mfgr_display":{"filterType":"text","type":"blank"}}`,
			func(p reporttest.Product) bool { return strings.TrimSpace(p.Brand) == "" }},
		{"text blank on a competitor column", `{"Name@13":{"filterType":"text","type":"blank"}}`,
			func(p reporttest.Product) bool { _, ok := p.Offers[13]; return !ok }},
		{"text equals with a quote", `{"canonical_mfgr_display":{"filterType":"text","type":"equals","filter":"o'brien"}}`,
			func(p reporttest.Product) bool { return p.Brand == "O'Brien" }},
		{"text startsWith", `{"name":{"filterType":"text","type":"startsWith","filter":"laptop"}}`,
			func(p reporttest.Product) bool { return strings.HasPrefix(strings.ToLower(p.Name), "laptop") }},
		{"text notEqual passes NULL", `{"Name@11":{"filterType":"text","type":"notEqual","filter":"stale"}}`,
			func(p reporttest.Product) bool { o, ok := p.Offers[11]; return !ok || o.Name != "stale" }},
		{"number greaterThan drops NULL", `{"price_delta@11":{"filterType":"number","type":"greaterThan","filter":0}}`,
			func(p reporttest.Product) bool { d, ok := r.Comparable(p, 11); return ok && d > 0 }},
		{"number notEqual drops NULL", `{"Price@12":{"filterType":"number","type":"notEqual","filter":15}}`,
			func(p reporttest.Product) bool { o, ok := p.Offers[12]; return ok && o.Price != nil && *o.Price != 15 }},
		{"number inRange inclusive", `{"price":{"filterType":"number","type":"inRange","filter":12,"filterTo":15}}`,
			func(p reporttest.Product) bool { return p.MyPrice >= 12 && p.MyPrice <= 15 }},
		{"number blank", `{"Price@13":{"filterType":"number","type":"blank"}}`,
			func(p reporttest.Product) bool { o, ok := p.Offers[13]; return !ok || o.Price == nil }},
		{"set with blanks", `{"canonical_mfgr_display":{"filterType":"set","values":["acme",null]}}`,
			func(p reporttest.Product) bool { return p.Brand == "Acme" || p.Brand == "" }},
		{"empty set matches nothing", `{"canonical_mfgr_display":{"filterType":"set","values":[]}}`,
			func(p reporttest.Product) bool { return false }},
		{"combined OR", `{"price":{"filterType":"number","operator":"OR","conditions":[{"filterType":"number","type":"lessThan","filter":12},{"filterType":"number","type":"greaterThanOrEqual","filter":28}]}}`,
			func(p reporttest.Product) bool { return p.MyPrice < 12 || p.MyPrice >= 28 }},
		{"combined AND across columns", `{"price":{"filterType":"number","type":"greaterThan","filter":15},"name":{"filterType":"text","operator":"AND","conditions":[{"filterType":"text","type":"contains","filter":"laptop"},{"filterType":"text","type":"notContains","filter":"air"}]}}`,
			func(p reporttest.Product) bool {
				n := strings.ToLower(p.Name)
				return p.MyPrice > 15 && strings.Contains(n, "laptop") && !strings.Contains(n, "air")
			}},
		{"radio price bucket", `{"bucket@11":{"filterType":"radio","value":"I am lower"}}`,
			func(p reporttest.Product) bool {
				d, ok := r.Comparable(p, 11)
				return ok && r.Bucket(d) == engine.BucketLower
			}},
		{"radio not available", `{"changed@12":{"filterType":"radio","value":"Not available"}}`,
			func(p reporttest.Product) bool { o, ok := p.Offers[12]; return !ok || o.Price == nil }},
		{"multi-level category", `{"category_tree":{"paths":[["Electronics","Laptops"],["Home"]]}}`,
			func(p reporttest.Product) bool {
				return (p.Sup == "Electronics" && p.Cat == "Laptops") || p.Sup == "Home"
			}},
		{"labels with blanks", `{"labels":{"filterType":"set","values":["clearance",null]}}`,
			func(p reporttest.Product) bool {
				for _, l := range p.Labels {
					if l == 2 {
						return true
					}
				}
				return len(p.Labels) == 0
			}},
	}
	for _, fc := range filterCases {
		t.Run("filter "+fc.Name, func(t *testing.T) {
			js := `{"filters":` + fc.filters + `}`
			var want []reporttest.Product
			for _, p := range all {
				if fc.keep(p) {
					want = append(want, p)
				}
			}
			rows := fetchAll(t, s, a, js)
			assert.Equal(t, reporttest.SortedIDs(want), rowIDs(rows))
			n, err := s.Count(ctx, a, cond(t, js))
			require.NoError(t, err)
			assert.Equal(t, uint64(len(want)), n)
		})
	}

	t.Run("search over name, brand, mfgr id and product id", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"search":"BRIEN"}`)
		var want []reporttest.Product
		for _, p := range all {
			if strings.Contains(strings.ToLower(p.Name+"\n"+p.Brand+"\n"+p.Mfgr+"\n"+p.ID), "brien") {
				want = append(want, p)
			}
		}
		require.NotEmpty(t, want)
		assert.Equal(t, reporttest.SortedIDs(want), rowIDs(rows))
	})

	t.Run("slot addressing and comp_ids search give the same rows", func(t *testing.T) {
		search := a
		search.Slots = nil
		for _, js := range []string{
			`{"sort":[{"colId":"price_delta@13","sort":"asc"}],"filters":{"Name@12":{"filterType":"text","type":"blank"}}}`,
			`{"filters":{"in_stock@11":{"filterType":"number","type":"blank"},"bucket@12":{"filterType":"radio","value":"Price is similar"}}}`,
			`{"competitorId":[11,13],"sort":[{"colId":"Lower","sort":"desc"}],"filters":{"seen_at@13":{"filterType":"date","type":"blank"}}}`,
			`{"group":[{"id":"brand"}],"competitorId":[12,13],"sort":[{"colId":"Lower@12","sort":"desc"}]}`,
		} {
			sameRows(t, fetchAll(t, s, search, js), fetchAll(t, s, a, js), js)
		}
		withNew := a
		withNew.Competitors = append(append([]engine.Competitor(nil), a.Competitors...), engine.Competitor{ID: 99, Name: "No offers yet"})
		rows := fetchAll(t, s, withNew, `{"sort":[{"colId":"Price@99","sort":"asc"}],"filters":{"Price@99":{"filterType":"number","type":"blank"}}}`)
		assert.Len(t, rows, len(all))
		for _, row := range rows {
			assert.Nil(t, row["Price@99"])
			assert.Nil(t, row["Name@99"])
		}
	})

	t.Run("visible columns read only what they show", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"visible_columns":["bucket@11","Price@12","changed@13"],"sort":[{"colId":"id","sort":"desc"}]}`)
		require.Len(t, rows, len(all))
		byID := map[string]reporttest.Product{}
		for _, p := range all {
			byID[p.ID] = p
		}
		for i, row := range rows {
			if i > 0 {
				assert.Greater(t, rows[i-1]["id"].(string), row["id"].(string))
			}
			p := byID[row["id"].(string)]
			assert.NotContains(t, row, "Name@13")
			if d, ok := r.Comparable(p, 11); ok {
				assert.Equal(t, r.Bucket(d), row["bucket@11"])
			} else {
				assert.Nil(t, row["bucket@11"])
			}
			if o, ok := p.Offers[12]; ok && o.Price != nil {
				assert.Equal(t, *o.Price, row["Price@12"])
			} else {
				assert.Nil(t, row["Price@12"])
			}
			if o, ok := p.Offers[13]; !ok || o.Price == nil {
				assert.Equal(t, engine.ChangedNA, row["changed@13"])
			}
		}
	})

	t.Run("competitor subset changes row metrics", func(t *testing.T) {
		rs := reporttest.Ref{F: f, A: a, CS: []int64{12}}
		rows := fetchAll(t, s, a, `{"competitorId":[12]}`)
		byID := map[string]reporttest.Product{}
		for _, p := range all {
			byID[p.ID] = p
		}
		for _, row := range rows {
			m := rs.Row(byID[row["id"].(string)])
			assert.Equal(t, uint64(m.Compared), row["products_compared"])
			assert.Equal(t, uint64(m.Lower), row["Lower"])
		}
	})

	t.Run("my products at competitors", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"report_type":"my_products_at_competitors"}`)
		var want []reporttest.Product
		for _, p := range all {
			if r.Row(p).Compared > 0 {
				want = append(want, p)
			}
		}
		assert.Equal(t, reporttest.SortedIDs(want), rowIDs(rows))
	})

	t.Run("select all minus toggled", func(t *testing.T) {
		c := cond(t, `{"filters":{"canonical_mfgr_display":{"filterType":"set","values":["acme"]}}}`)
		got, err := s.Selection(ctx, a, c, true, []string{"P0000", "P0001", "P0002", "P0003", "P0004", "P0005"})
		require.NoError(t, err)
		var want []string
		for _, p := range all {
			if p.Brand == "Acme" && p.ID > "P0005" {
				want = append(want, p.ID)
			}
		}
		sort.Strings(want)
		assert.Equal(t, want, got)
		got, err = s.Selection(ctx, a, engine.Condition{}, false, []string{"P0003", "nope", "P9999"})
		require.NoError(t, err)
		assert.Equal(t, []string{"P0003"}, got)
	})

	t.Run("account 1 never sees account 2", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"search":"secret"}`)
		assert.Empty(t, rows)
		rows = fetchAll(t, s, f.Acc2, `{}`)
		assert.Len(t, rows, 30)
		for _, row := range rows {
			assert.Equal(t, "Secret of account 2 Laptop", row["name"])
		}
		_, err := s.Rows(ctx, a, cond(t, `{"competitorId":[21]}`))
		require.Error(t, err, "another account's competitor is a bad condition")
	})

	t.Run("category access of the user", func(t *testing.T) {
		ac := a
		ac.Categories = []string{"Home"}
		rows := fetchAll(t, s, ac, `{}`)
		var want []reporttest.Product
		for _, p := range all {
			if p.Sup == "Home" {
				want = append(want, p)
			}
		}
		assert.Equal(t, reporttest.SortedIDs(want), rowIDs(rows))
	})
}

// groupRef computes a group row in Go.
type groupAgg struct {
	Products, Compared            int
	wCmp, wL, wS, wH, wLD, wRatio float64
	cCmp, cL, cRatio              map[int64]float64
}

func groups(r reporttest.Ref, key func(p reporttest.Product) []string, weight func(p reporttest.Product) float64) map[string]*groupAgg {
	out := map[string]*groupAgg{}
	for _, p := range r.Products() {
		for _, k := range key(p) {
			g := out[k]
			if g == nil {
				g = &groupAgg{cCmp: map[int64]float64{}, cL: map[int64]float64{}, cRatio: map[int64]float64{}}
				out[k] = g
			}
			g.Products++
			w := weight(p)
			m := r.Row(p)
			if m.Compared > 0 {
				g.Compared++
			}
			for _, c := range r.CS {
				d, ok := r.Comparable(p, c)
				if !ok {
					continue
				}
				ratio := p.MyPrice / *p.Offers[c].Price
				g.wCmp += w
				g.wRatio += w * ratio
				g.cCmp[c] += w
				g.cRatio[c] += w * ratio
				switch r.Bucket(d) {
				case engine.BucketLower:
					g.wL += w
					g.wLD += w * d
					g.cL[c] += w
				case engine.BucketHigher:
					g.wH += w
				default:
					g.wS += w
				}
			}
		}
	}
	return out
}

func none(s string) string {
	if s == "" {
		return engine.NoneKey
	}
	return s
}

func checkShare(t *testing.T, got any, num, den float64, msg string) {
	t.Helper()
	if den == 0 {
		assert.Nil(t, got, msg+": weights sum to 0 gives NULL")
		return
	}
	require.NotNil(t, got, msg)
	assert.True(t, reporttest.Near(got.(float64), num*100/den), "%s: got %v want %v", msg, got, num*100/den)
}

// totalsPaths are the two ways the compiler computes the all-competitor metrics:
// the snapshot's stored totals (which the fixture's fresh build makes exact) and
// the lambdas over the arrays they stand for.
func totalsPaths(t *testing.T, a engine.Account) []struct {
	Name string
	a    engine.Account
} {
	t.Helper()
	p, err := engine.CompileRows(a, cond(t, `{"group":[{"id":"category"}]}`))
	require.NoError(t, err)
	require.Contains(t, p.SQL, "t_cmp", "a fresh snapshot's totals are used")
	lambdas := a
	lambdas.Totals = nil
	return []struct {
		Name string
		a    engine.Account
	}{{"stored totals", a}, {"lambdas", lambdas}}
}

func TestGroupsAgainstGoReference(t *testing.T) {
	s, f := setup(t)
	a := f.Acc1
	r := reporttest.Ref{F: f, A: a, CS: []int64{11, 12, 13}}
	levels := []struct {
		group string
		key   func(p reporttest.Product) []string
	}{
		{"super_category", func(p reporttest.Product) []string { return []string{none(p.Sup)} }},
		{"category", func(p reporttest.Product) []string { return []string{none(p.Cat)} }},
		{"vertical", func(p reporttest.Product) []string { return []string{none(p.Vert)} }},
		{"vertical_brand", func(p reporttest.Product) []string { return []string{none(p.Vert) + " x " + none(p.Brand)} }},
		{"brand", func(p reporttest.Product) []string { return []string{none(p.Brand)} }},
		{"label", func(p reporttest.Product) []string {
			names := map[uint64]string{1: "Promo", 2: "Clearance"}
			var out []string
			for _, l := range p.Labels {
				out = append(out, names[l])
			}
			if len(out) == 0 {
				out = []string{engine.NoneKey}
			}
			return out
		}},
	}
	weights := map[string]func(p reporttest.Product) float64{
		"product":     func(reporttest.Product) float64 { return 1 },
		"revenue_30d": func(p reporttest.Product) float64 { return p.Revenue },
	}
	for _, path := range totalsPaths(t, f.Acc1) {
		a := path.a
		for _, lv := range levels {
			for wname, wf := range weights {
				t.Run(lv.group+" weighted by "+wname+", "+path.Name, func(t *testing.T) {
					want := groups(r, lv.key, wf)
					rows := fetchAll(t, s, a, fmt.Sprintf(`{"group":[{"id":%q}],"weightBy":%q}`, lv.group, wname))
					require.Len(t, rows, len(want))
					var keys []string
					for _, row := range rows {
						field := map[string]string{"brand": "canonical_mfgr_display", "label": "labels"}[lv.group]
						if field == "" {
							field = lv.group
						}
						k := row[field].(string)
						keys = append(keys, k)
						g := want[k]
						require.NotNil(t, g, "group %q", k)
						assert.Equal(t, uint64(g.Products), row["products"], k)
						assert.Equal(t, uint64(g.Compared), row["products_compared"], k)
						checkShare(t, row["Lower"], g.wL, g.wCmp, k+" Lower")
						checkShare(t, row["Similar"], g.wS, g.wCmp, k+" Similar")
						checkShare(t, row["Higher"], g.wH, g.wCmp, k+" Higher")
						checkShare(t, row["price_index"], g.wRatio, g.wCmp, k+" price_index")
						checkShare(t, row["Lower@12"], g.cL[12], g.cCmp[12], k+" Lower@12")
						checkShare(t, row["price_index@13"], g.cRatio[13], g.cCmp[13], k+" price_index@13")
						if g.wL == 0 {
							assert.Nil(t, row["Lower_avg"])
						} else {
							assert.True(t, reporttest.Near(row["Lower_avg"].(float64), g.wLD/g.wL), k)
						}
					}
					assert.True(t, sort.StringsAreSorted(keys), "groups sorted by key")
				})
			}
		}
	}

	t.Run("kitchen revenue weights sum to zero", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"group":[{"id":"category"}],"weightBy":"revenue_30d"}`)
		found := false
		for _, row := range rows {
			if row["category"] == "Kitchen" {
				found = true
				assert.Nil(t, row["Lower"])
				assert.Nil(t, row["price_index"])
			}
		}
		assert.True(t, found)
	})

	t.Run("nested level and leaf rows through groupIds", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"group":[{"id":"super_category"},{"id":"brand"}],"groupIds":["Electronics"]}`)
		want := map[string]int{}
		for _, p := range r.Products() {
			if p.Sup == "Electronics" {
				want[none(p.Brand)]++
			}
		}
		require.Len(t, rows, len(want))
		for _, row := range rows {
			assert.Equal(t, uint64(want[row["canonical_mfgr_display"].(string)]), row["products"])
		}
		leaf := fetchAll(t, s, a, `{"group":[{"id":"super_category"},{"id":"label"}],"groupIds":["(none)","Promo"]}`)
		var wantIDs []reporttest.Product
		for _, p := range r.Products() {
			if p.Sup == "" && (len(p.Labels) > 0 && p.Labels[0] == 1) {
				wantIDs = append(wantIDs, p)
			}
		}
		assert.Equal(t, reporttest.SortedIDs(wantIDs), rowIDs(leaf))
	})

	t.Run("group sort by a metric", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"group":[{"id":"category"}],"sort":[{"colId":"products","sort":"desc"}]}`)
		for i := 1; i < len(rows); i++ {
			assert.GreaterOrEqual(t, rows[i-1]["products"].(uint64), rows[i]["products"].(uint64))
		}
		_, err := engine.ParseCondition([]byte(`{"group":[{"id":"category"}],"sort":[{"colId":"products","sort":"desc"},{"colId":"Lower","sort":"asc"},{"colId":"Higher","sort":"asc"}]}`))
		require.ErrorContains(t, err, "at most two sort columns")
	})

	t.Run("competitiveness snapshot has a row per competitor", func(t *testing.T) {
		blk, err := s.Rows(context.Background(), a, cond(t, `{"report_type":"competitiveness_metrics_snapshot"}`))
		require.NoError(t, err)
		require.Len(t, blk.Rows, 3)
		g := groups(r, func(reporttest.Product) []string { return []string{"all"} }, func(reporttest.Product) float64 { return 1 })["all"]
		for _, row := range blk.Rows {
			c := row["id"].(int64)
			checkShare(t, row["Lower"], g.cL[c], g.cCmp[c], fmt.Sprint("Lower@", c))
		}
	})

	t.Run("graph mode of chosen groups", func(t *testing.T) {
		out, err := s.Graph(context.Background(), a, cond(t, `{"group":[{"id":"category"}]}`), []string{"Laptops", "Phones"})
		require.NoError(t, err)
		require.Len(t, out, 2)
		g := groups(r, func(p reporttest.Product) []string { return []string{none(p.Cat)} }, func(reporttest.Product) float64 { return 1 })
		for _, row := range out {
			k := row["category"].(string)
			checkShare(t, row["Higher"], g[k].wH, g[k].wCmp, k)
		}
	})

	t.Run("price distribution buckets sum to 100", func(t *testing.T) {
		rows := fetchAll(t, s, a, `{"report_type":"price_distribution_by_category"}`)
		for _, row := range rows {
			if row["dist_1"] == nil {
				continue
			}
			sum := 0.0
			for i := 1; i <= 7; i++ {
				sum += row[fmt.Sprint("dist_", i)].(float64)
			}
			assert.InDelta(t, 100, sum, 1e-6)
		}
	})
}

// sameRows asserts two blocks of rows are the same, floats within 1e-9 relative:
// on a cluster each shard sums its part of a group, and the parts are added in
// whichever order the shards answer, which can change the last digit (a user sees
// two decimals).
func sameRows(t *testing.T, want, got []map[string]any, msg string) {
	t.Helper()
	require.Len(t, got, len(want), msg)
	for i := range want {
		require.Len(t, got[i], len(want[i]), "%s: row %d", msg, i)
		for k, w := range want[i] {
			g := got[i][k]
			wf, wok := w.(float64)
			gf, gok := g.(float64)
			if wok && gok {
				assert.InEpsilon(t, wf+1e-300, gf+1e-300, 1e-9, "%s: row %d, %s", msg, i, k)
				continue
			}
			assert.Equal(t, w, g, "%s: row %d, %s", msg, i, k)
		}
	}
}

// setup is the fixture loaded, and a service (without PostgreSQL) over it.
func setup(t *testing.T) (*Service, reporttest.Fixture) {
	w, f := reporttest.Setup(t)
	return NewService(w, nil), f
}
