package engine

import (
	"slices"
	"time"
)

// The product page's price trend (PDP_price_trend) of one product over up to 3
// years. The answer is a row per day with every competitor's price; building those
// days in ClickHouse (a row per competitor and day, ~22k at 3 years of 20
// competitors, then grouped by day) and sending them cost ~60 ms at L. So the
// statement returns the product's runs instead (pairRuns: the days each of its
// prices covers, one row per competitor) with its weight, catalogue price and
// daily my prices, and productRunDays below expands them into the same day rows the
// other price trends read (competitorLine), in Go. While the trend rollup is
// current, the runs are read by key from trend_runs (its build wrote them):
// the scans of one product over 3 years sit in ~40 granules of offers, one per
// monthly partition, which cost ~20 of the statement's ~35 ms at L.

// productRuns compiles the product page's trend: one row per competitor with a
// price in the range (competitor_id, rl, rh, rx: the runs' first and last days and
// prices), the product's weight w and catalogue price cat_mp, and its business
// metric days ds with my price dv on each (0: none, the catalogue's then). The
// join with the scope's products keeps tenancy and category access: another
// account's or a hidden product has no row.
func (tc *trendCompiler) productRuns() (TrendPlan, error) {
	b := tc.k.builder()
	var runs string
	var err error
	r := tc.k.a.TrendRollup
	stored := r != nil && r.Staleness == tc.k.a.Settings.StalenessDays && !tc.to.After(r.LastDay)
	if stored {
		runs, err = storedRuns(b, TableTrendRuns, tc.k.a, tc.k.comps, &tc.scope, tc.from, tc.to)
	} else {
		runs, err = pairRuns(b, tc.k.a, tc.k.comps, tc.scope, tc.from, tc.to)
	}
	if err != nil {
		return TrendPlan{}, err
	}
	prods, err := tc.scope.products(b)
	if err != nil {
		return TrendPlan{}, err
	}
	daily, err := productDays(b, tc.k.a, tc.scope, []dayRange{{tc.from, tc.to}})
	if err != nil {
		return TrendPlan{}, err
	}
	sql := "SELECT " + ColCompetitorID + ", rl, rh, rx, w, cat_mp, ds, dv FROM (SELECT * FROM (" + runs + ") AS lhs ALL INNER JOIN (" + prods + ") AS rhs USING " + ColProductID +
		") AS lhs ANY LEFT JOIN (SELECT " + ColProductID + ", groupArray(d) AS ds, groupArray(if(hd = 1 AND dmp > 0, dmp, 0.)) AS dv FROM (" + daily + ") GROUP BY " + ColProductID +
		") AS rhs USING " + ColProductID + " ORDER BY " + ColCompetitorID
	p, err := tc.plan(b, sql, shapeProductRuns)
	p.Rollup = stored
	return p, err
}

// productRunDays turns productRuns' rows into the day rows of the other price trends
// (columns day, c_ids, c_num, c_den, c_n, sel_num, sel_den, my_num, my_den,
// products), for the days with at least one price: per competitor with a price
// that day w·price over w, the market (sel) w times the mean of the prices, my
// price (the day's business metric when it is > 0, else the catalogue's).
func productRunDays(idx map[string]int, rows [][]any) ([]string, [][]any) {
	cols := []string{"day", "c_ids", "c_num", "c_den", "c_n", "sel_num", "sel_den", "my_num", "my_den", "products"}
	if len(rows) == 0 {
		return cols, nil
	}
	get := func(r []any, name string) any { return r[idx[name]] }
	w, _ := get(rows[0], "w").(float64)
	catMP, _ := get(rows[0], "cat_mp").(float64)
	// Days are keyed by their number since 1970 (dayNumber): a Date arrives as
	// midnight of its day.
	myPrice := map[int64]float64{}
	ds, _ := get(rows[0], "ds").([]time.Time)
	dv, _ := get(rows[0], "dv").([]float64)
	for i := range min(len(ds), len(dv)) {
		if dv[i] > 0 {
			myPrice[dayNumber(ds[i])] = dv[i]
		}
	}
	type dayPrices struct {
		ids    []uint32
		prices []float64
	}
	days := map[int64]*dayPrices{}
	for _, r := range rows {
		var id uint32
		switch v := get(r, ColCompetitorID).(type) { // warehouse.Query widens integers
		case uint64:
			id = uint32(v)
		case uint32:
			id = v
		}
		rl, _ := get(r, "rl").([]time.Time)
		rh, _ := get(r, "rh").([]time.Time)
		rx, _ := get(r, "rx").([]float64)
		for i := range min(len(rl), len(rh), len(rx)) {
			for d := dayNumber(rl[i]); d <= dayNumber(rh[i]); d++ {
				dp := days[d]
				if dp == nil {
					dp = &dayPrices{ids: make([]uint32, 0, len(rows)), prices: make([]float64, 0, len(rows))}
					days[d] = dp
				}
				dp.ids = append(dp.ids, id)
				dp.prices = append(dp.prices, rx[i])
			}
		}
	}
	order := make([]int64, 0, len(days))
	for d := range days {
		order = append(order, d)
	}
	slices.Sort(order)
	out := make([][]any, 0, len(order))
	for _, d := range order {
		dp := days[d]
		num, den, n := make([]float64, len(dp.ids)), make([]float64, len(dp.ids)), make([]float64, len(dp.ids))
		sum := 0.
		for i, x := range dp.prices {
			num[i], den[i], n[i] = w*x, w, 1
			sum += x
		}
		mp, ok := myPrice[d]
		if !ok {
			mp = catMP
		}
		out = append(out, []any{dayString(time.Unix(d*86400, 0).UTC()), dp.ids, num, den, n, w * sum / float64(len(dp.prices)), w, w * mp, w, uint64(1)})
	}
	return cols, out
}

// dayNumber is a Date's day as days since 1970-01-01, in the value's own location.
func dayNumber(t time.Time) int64 {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Unix() / 86400
}
