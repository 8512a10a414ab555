package engine

import (
	"sort"
	"strconv"
	"time"
)

// Trend row keys (docs/trends.md, docs/product.md §3 "Trend row").
const (
	TrendKeyDate        = "date_timestamp"
	TrendKeySelected    = "selected_competitors"
	TrendKeyCustomer    = "customerValue"
	TrendKeyProducts    = "products"
	TrendKeyValue       = "value"
	TrendKeyCompare     = "compare_value"
	TrendKeyCompareDate = "compare_date"
	// TrendKeyFlaggedExcluded is true on every row of a trend that left the
	// account's flagged matches of its competitors out (TrendPlan.FlaggedExcluded);
	// absent otherwise.
	TrendKeyFlaggedExcluded = "flagged_excluded"
	trendComparePrefix      = "compare_"
)

// KeyMetrics are the key business metrics' row keys in display order.
var KeyMetrics = []string{"units_sold", "revenue", "cost", "gross_profit", "margin", "my_price"}

// ValueKey is a competitor's line key: value@{id}.
func ValueKey(id int64) string { return "value@" + strconv.FormatInt(id, 10) }

// ProductsKey is the number of products behind a competitor's value: products@{id}.
func ProductsKey(id int64) string { return "products@" + strconv.FormatInt(id, 10) }

// trendRatio is num/den, or nil when nothing was summed (den 0: no products, or
// weights that sum to 0, docs/reports.md#metric-definitions), times scale.
func trendRatio(num, den, scale float64) any {
	if den == 0 {
		return nil
	}
	return num / den * scale
}

// trendResult reads one result row by column name.
type trendResult struct {
	idx map[string]int
	row []any
}

func (r trendResult) f(name string) float64 {
	i, ok := r.idx[name]
	if !ok {
		return 0
	}
	switch v := r.row[i].(type) {
	case float64:
		return v
	case uint64:
		return float64(v)
	case int64:
		return float64(v)
	}
	return 0
}

func (r trendResult) s(name string) string {
	if i, ok := r.idx[name]; ok {
		s, _ := r.row[i].(string)
		return s
	}
	return ""
}

func (r trendResult) floats(name string) []float64 {
	i, ok := r.idx[name]
	if !ok {
		return nil
	}
	switch v := r.row[i].(type) {
	case []float64:
		return v
	case []uint64:
		out := make([]float64, len(v))
		for j, x := range v {
			out[j] = float64(x)
		}
		return out
	}
	return nil
}

func (r trendResult) ids(name string) []uint32 {
	if i, ok := r.idx[name]; ok {
		v, _ := r.row[i].([]uint32)
		return v
	}
	return nil
}

// Rows shapes a result (columns and rows as warehouse.Query gives them) into the
// trend's rows: one per day of the range, ascending, every day present (a day
// without data has null values); competitiveness metrics one per day and group
// that has comparable pairs.
func (p TrendPlan) Rows(columns []string, rows [][]any) []map[string]any {
	idx := map[string]int{}
	for i, c := range columns {
		idx[c] = i
	}
	if p.shape == shapeCompetitiveness {
		return p.competitivenessRows(idx, rows)
	}
	if p.shape == shapeProductRuns {
		columns, rows = productRunDays(idx, rows)
		idx = map[string]int{}
		for i, c := range columns {
			idx[c] = i
		}
	}
	byDay := map[string]trendResult{}
	for _, r := range rows {
		res := trendResult{idx: idx, row: r}
		byDay[res.s("day")] = res
	}
	n := p.days()
	out := make([]map[string]any, 0, n)
	// The competitors' keys, made once: ~2 × 20 keys on each of up to 1,096 days.
	keys := make(map[int64][2]string, len(p.Competitors))
	for _, c := range p.Competitors {
		keys[c.ID] = [2]string{ValueKey(c.ID), ProductsKey(c.ID)}
	}
	for i := 0; i < n; i++ {
		day := dayString(p.From.AddDate(0, 0, i))
		row := make(map[string]any, 2*len(keys)+6)
		row[TrendKeyDate] = day
		p.markFlagged(row)
		res, ok := byDay[day]
		switch p.shape {
		case shapeCompetitorLines, shapeProductRuns:
			p.competitorLine(row, keys, res, ok)
		case shapeKeyMetrics:
			keyMetrics(row, "", res, ok)
			if !p.CompareFrom.IsZero() {
				cday := dayString(p.CompareFrom.AddDate(0, 0, i))
				cres, cok := byDay[cday]
				keyMetrics(row, trendComparePrefix, cres, cok)
				row[TrendKeyCompareDate] = cday
			}
		case shapeCustomField:
			row[TrendKeyValue], row[TrendKeyProducts] = nil, uint64(0)
			if ok {
				row[TrendKeyValue] = trendRatio(res.f("num"), res.f("den"), 1)
				row[TrendKeyProducts] = uint64(res.f("products"))
			}
		}
		out = append(out, row)
	}
	return out
}

func (p TrendPlan) days() int { return int(p.To.Sub(p.From).Hours()/24) + 1 }

// DayRows is the number of rows of a plan that answers a row per day (every
// report but competitiveness metrics), known without running it.
func (p TrendPlan) DayRows() (int, bool) {
	if p.shape == shapeCompetitiveness {
		return 0, false
	}
	return p.days(), true
}

// competitorLine fills one day's lines; keys are the selected competitors' value
// and products keys, by id.
func (p TrendPlan) competitorLine(row map[string]any, keys map[int64][2]string, res trendResult, ok bool) {
	scale := 1.0
	if p.Report == TrendMargin {
		scale = 100
	}
	for _, k := range keys {
		row[k[0]], row[k[1]] = nil, uint64(0)
	}
	row[TrendKeyCustomer], row[TrendKeyProducts] = nil, uint64(0)
	if p.Report == TrendPrice || p.Report == TrendPDP {
		row[TrendKeySelected] = nil
	}
	if !ok {
		return
	}
	ids, num, den, n := res.ids("c_ids"), res.floats("c_num"), res.floats("c_den"), res.floats("c_n")
	for i, id := range ids {
		if i >= len(num) || i >= len(den) || i >= len(n) || n[i] == 0 {
			continue
		}
		k, known := keys[int64(id)]
		if !known {
			k = [2]string{ValueKey(int64(id)), ProductsKey(int64(id))}
		}
		row[k[0]] = trendRatio(num[i], den[i], scale)
		row[k[1]] = uint64(n[i])
	}
	row[TrendKeyCustomer] = trendRatio(res.f("my_num"), res.f("my_den"), scale)
	row[TrendKeyProducts] = uint64(res.f("products"))
	if p.Report == TrendPrice || p.Report == TrendPDP {
		row[TrendKeySelected] = trendRatio(res.f("sel_num"), res.f("sel_den"), 1)
	}
}

// keyMetrics fills the key business metrics of one day (prefix "" or compare_).
func keyMetrics(row map[string]any, prefix string, res trendResult, ok bool) {
	for _, k := range KeyMetrics {
		row[prefix+k] = nil
	}
	if !ok || res.f("products") == 0 {
		return
	}
	units, revenue, cost := res.f("units_sold"), res.f("revenue"), res.f("cost")
	row[prefix+"units_sold"] = units
	row[prefix+"revenue"] = revenue
	row[prefix+"cost"] = cost
	row[prefix+"gross_profit"] = revenue - cost
	row[prefix+"margin"] = trendRatio(revenue-cost, revenue, 100)
	row[prefix+"my_price"] = trendRatio(res.f("my_num"), res.f("my_den"), 1)
}

// competitivenessRows pairs each (day, group) of the report range with the same
// group on the aligned day of the compare-to range.
func (p TrendPlan) competitivenessRows(idx map[string]int, rows [][]any) []map[string]any {
	type key struct {
		off int
		g   string
	}
	main, cmp := map[key]any{}, map[key]any{}
	var keys []key
	for _, r := range rows {
		res := trendResult{idx: idx, row: r}
		d, err := time.Parse(isoDate, res.s("day"))
		if err != nil {
			continue
		}
		v := trendRatio(res.f("num"), res.f("den"), 1)
		if !d.Before(p.From) && !d.After(p.To) {
			k := key{int(d.Sub(p.From).Hours() / 24), res.s("g")}
			main[k] = v
			keys = append(keys, k)
		} else {
			cmp[key{int(d.Sub(p.CompareFrom).Hours() / 24), res.s("g")}] = v
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].off != keys[j].off {
			return keys[i].off < keys[j].off
		}
		return keys[i].g < keys[j].g
	})
	out := make([]map[string]any, 0, len(keys))
	for _, k := range keys {
		row := map[string]any{
			TrendKeyDate: dayString(p.From.AddDate(0, 0, k.off)), p.GroupField: k.g,
			TrendKeyValue: main[k], TrendKeyCompare: cmp[k], TrendKeyCompareDate: dayString(p.CompareFrom.AddDate(0, 0, k.off)),
		}
		p.markFlagged(row)
		out = append(out, row)
	}
	return out
}

// markFlagged adds TrendKeyFlaggedExcluded to a row of a plan that left flagged
// matches out (an additive key: rows of other plans do not have it).
func (p TrendPlan) markFlagged(row map[string]any) {
	if p.FlaggedExcluded {
		row[TrendKeyFlaggedExcluded] = true
	}
}

// TrendColumn is one column of a trend table.
type TrendColumn struct {
	Field        string
	Header       string
	Format       string // date, text, number, currency, percent
	CompetitorID int64
}

// TrendColumns are a trend report's table columns for the account: the day, the
// product-level lines, and a line per competitor.
func TrendColumns(a Account, r TrendReport) []TrendColumn {
	a = a.normalize()
	cols := []TrendColumn{{Field: TrendKeyDate, Header: "Date", Format: "date"}}
	perComp := func(format string) {
		for _, c := range a.Competitors {
			cols = append(cols, TrendColumn{Field: ValueKey(c.ID), Header: c.Name, Format: format, CompetitorID: c.ID})
		}
	}
	switch r {
	case TrendKeyMetrics:
		headers := map[string][2]string{"units_sold": {"Units sold", "number"}, "revenue": {"Revenue", "currency"}, "cost": {"Cost", "currency"},
			"gross_profit": {"Gross profit", "currency"}, "margin": {"Margin %", "percent"}, "my_price": {"My price", "currency"}}
		for _, k := range KeyMetrics {
			cols = append(cols, TrendColumn{Field: k, Header: headers[k][0], Format: headers[k][1]})
		}
	case TrendCompetitiveness:
		cols = append(cols, TrendColumn{Field: "category", Header: "Category", Format: "text"},
			TrendColumn{Field: TrendKeyValue, Header: "Value", Format: "percent"},
			TrendColumn{Field: TrendKeyCompare, Header: "Compare value", Format: "percent"},
			TrendColumn{Field: TrendKeyCompareDate, Header: "Compare date", Format: "date"})
	case TrendMargin:
		cols = append(cols, TrendColumn{Field: TrendKeyCustomer, Header: "My margin %", Format: "percent"})
		perComp("percent")
	case TrendPriceVsMarket:
		cols = append(cols, TrendColumn{Field: TrendKeyCustomer, Header: "Market delta %", Format: "percent"})
		perComp("percent")
	default:
		cols = append(cols, TrendColumn{Field: TrendKeyCustomer, Header: "My price", Format: "currency"},
			TrendColumn{Field: TrendKeySelected, Header: "Selected competitors", Format: "currency"})
		perComp("currency")
	}
	return cols
}
