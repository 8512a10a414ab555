package engine

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// The trend reports of docs/trends.md: a request is the grid condition (its product
// scope: filters, search, selected rows, category access; its competitors and
// weight) plus the trend's own keys. ParseTrend reads the browser's JSON; every
// CompileTrend* validates the result again (Trend.Validate), whoever built it.

// TrendReport is the closed list of trend reports (the specification's table names).
type TrendReport string

const (
	TrendPrice            TrendReport = "price_trend"
	TrendPDP              TrendReport = "PDP_price_trend" // price_trend of one product (product page)
	TrendMargin           TrendReport = "margin_trend"
	TrendPriceVsMarket    TrendReport = "price_vs_market_trend"
	TrendKeyMetrics       TrendReport = "key_business_metrics"
	TrendCompetitiveness  TrendReport = "competitiveness_metrics"
	trendPriceVsMarketAlt TrendReport = "price_vs_market" // the specification's table name of the same report
)

// TrendReports in the specification's order.
var TrendReports = []TrendReport{TrendPrice, TrendKeyMetrics, TrendMargin, TrendPriceVsMarket, TrendCompetitiveness, TrendPDP}

// ParseTrendReport maps a report name (case-insensitive) to a trend report.
func ParseTrendReport(s string) (TrendReport, error) {
	for _, r := range append(TrendReports, trendPriceVsMarketAlt) {
		if strings.EqualFold(s, string(r)) {
			if r == trendPriceVsMarketAlt {
				r = TrendPriceVsMarket
			}
			return r, nil
		}
	}
	return "", bad("report_name", "%q is not a trend report (price_trend, key_business_metrics, margin_trend, price_vs_market_trend, competitiveness_metrics, PDP_price_trend)", clip(s))
}

// Title is the report's breadcrumb name (docs/product.md §2, Trend screens).
func (r TrendReport) Title() string {
	switch r {
	case TrendKeyMetrics:
		return "Key business metrics - correlation and causality"
	case TrendMargin:
		return "Margin trend"
	case TrendPriceVsMarket:
		return "Price vs. margin - trend"
	case TrendCompetitiveness:
		return "Competitiveness metrics: Trend"
	case TrendPDP:
		return "Product price trend"
	}
	return "Price trend"
}

// CompareTo is the competitiveness metrics' and key business metrics' comparison period.
type CompareTo string

const (
	CompareNone                CompareTo = ""
	ComparePreviousPeriod      CompareTo = "previous_period"       // the same length just before
	CompareSamePeriodLastYear  CompareTo = "same_period_last_year" // the same dates a year earlier
	DefaultCompetitivenessComp           = ComparePreviousPeriod
)

// ComparisonValue is what competitiveness metrics plot per day and group.
type ComparisonValue string

const (
	ValueHigher     ComparisonValue = "%Higher Bucket" // the default
	ValueLower      ComparisonValue = "%Lower Bucket"
	ValueSimilar    ComparisonValue = "%Similar Bucket"
	ValuePriceIndex ComparisonValue = "Price Index"
)

// ComparisonValues in the specification's order.
var ComparisonValues = []ComparisonValue{ValueHigher, ValueLower, ValueSimilar, ValuePriceIndex}

// CompetitivenessLevels are the competitiveness metrics' group-by choices (no labels;
// "all" is the whole scope as one group, which the home dashboard draws).
var CompetitivenessLevels = []GroupLevel{LevelSuperCategory, LevelCategory, LevelVertical, LevelVerticalBrand, LevelBrand, LevelAll}

// Trend date limits (docs/product.md §5): from 3 years back to yesterday.
const (
	TrendYearsBack       = 3
	DefaultTrendDays     = 30 // the range when a request names none: the last 30 days
	MaxLowerCustomFields = 2  // extra custom-field lines (docs/trends.md)
	isoDate              = "2006-01-02"
)

// Trend is one trend request.
type Trend struct {
	Condition
	Report          TrendReport
	From, To        time.Time // inclusive days (UTC midnight); zero: the default range
	ProductID       string    // PDP_price_trend's product
	CompareTo       CompareTo
	ComparisonValue ComparisonValue
	GroupBy         GroupLevel // competitiveness metrics; "" is category
}

// trendKeys are the keys of a trend's data that are not the grid condition's
// (group means one level here, not ag-grid's row groups).
var trendKeys = []string{"report_name", "dates", "compareTo", "comparisonValues", "group", "product_id", "weightBy", "tableName"}

// ParseTrend decodes a trend request's data (docs/trends.md). Errors name the part.
func ParseTrend(raw []byte) (Trend, error) {
	var m map[string]json.RawMessage
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return Trend{}, bad("data", "the request has no trend condition")
	}
	if err := json.Unmarshal(t, &m); err != nil {
		return Trend{}, decodeError("data", err)
	}
	own := map[string]json.RawMessage{}
	for _, k := range trendKeys {
		if v, ok := m[k]; ok {
			own[k] = v
			delete(m, k)
		}
	}
	rest, _ := json.Marshal(m)
	c, err := ParseCondition(rest)
	if err != nil {
		return Trend{}, err
	}
	tr := Trend{Condition: c}
	str := func(key string) (string, error) {
		v, ok := own[key]
		if !ok || string(bytes.TrimSpace(v)) == "null" {
			return "", nil
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			var n json.Number
			if key == "product_id" && json.Unmarshal(v, &n) == nil {
				return n.String(), nil
			}
			return "", bad(key, "must be a string")
		}
		return s, nil
	}
	name, err := str("report_name")
	if err != nil {
		return tr, err
	}
	if name == "" {
		if name, err = str("tableName"); err != nil {
			return tr, err
		}
	}
	if tr.Report, err = ParseTrendReport(name); err != nil {
		return tr, err
	}
	if v, ok := own["dates"]; ok && string(bytes.TrimSpace(v)) != "null" {
		var d struct{ From, To string }
		if err := json.Unmarshal(v, &d); err != nil {
			return tr, bad("dates", "must be {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"}")
		}
		if tr.From, err = parseDay("dates.from", d.From); err != nil {
			return tr, err
		}
		if tr.To, err = parseDay("dates.to", d.To); err != nil {
			return tr, err
		}
	}
	w, err := str("weightBy")
	if err != nil {
		return tr, err
	}
	if tr.WeightBy, err = parseTrendWeight(w); err != nil {
		return tr, err
	}
	ct, err := str("compareTo")
	if err != nil {
		return tr, err
	}
	tr.CompareTo = CompareTo(ct)
	if v, ok := own["comparisonValues"]; ok {
		cv, err := oneOf("comparisonValues", v)
		if err != nil {
			return tr, err
		}
		tr.ComparisonValue = ComparisonValue(cv)
	}
	if v, ok := own["group"]; ok {
		g, err := oneOf("group", v)
		if err != nil {
			return tr, err
		}
		if g != "" {
			l, ok := levelOf(g)
			if g == string(LevelAll) {
				l, ok = LevelAll, true
			}
			if !ok {
				return tr, bad("group", "%q is not a competitiveness group (super_category, category, vertical, vertical_brand, brand or all)", clip(g))
			}
			tr.GroupBy = l
		}
	}
	if tr.ProductID, err = str("product_id"); err != nil {
		return tr, err
	}
	return tr, tr.Validate()
}

// oneOf reads a key sent as a string, a one-element list of strings, or ag-grid's
// [{"id": ...}] (row groups).
func oneOf(key string, v json.RawMessage) (string, error) {
	t := bytes.TrimSpace(v)
	if len(t) == 0 || string(t) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(t, &s) == nil {
		return s, nil
	}
	var list []json.RawMessage
	if json.Unmarshal(t, &list) != nil || len(list) > 1 {
		return "", bad(key, "must be one value")
	}
	if len(list) == 0 {
		return "", nil
	}
	if json.Unmarshal(list[0], &s) == nil {
		return s, nil
	}
	var g GroupCol
	if json.Unmarshal(list[0], &g) == nil {
		if g.ID != "" {
			return g.ID, nil
		}
		return g.Field, nil
	}
	return "", bad(key, "must be one value")
}

func parseDay(field, s string) (time.Time, error) {
	d, err := time.Parse(isoDate, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, bad(field, "%q is not a date (YYYY-MM-DD)", clip(s))
	}
	return d, nil
}

// parseTrendWeight reads a trend's weightBy: Price (the trend default), Product
// and NotWeighted count every product once; otherwise a custom field.
func parseTrendWeight(s string) (Weight, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "price", "product", "notweighted", "not weighted":
		return WeightProduct, nil
	}
	w := Weight(s)
	if !w.Valid() {
		return w, bad("weightBy", "%q is not Price, NotWeighted or a custom field", clip(s))
	}
	return w, nil
}

// Validate checks everything that needs no account or clock: the grid condition,
// the report, the closed vocabularies and the shape of the dates.
func (t *Trend) Validate() error {
	if err := t.Condition.Validate(); err != nil {
		return err
	}
	if _, err := ParseTrendReport(string(t.Report)); err != nil {
		return err
	}
	if t.From.IsZero() != t.To.IsZero() {
		return bad("dates", "needs both from and to")
	}
	if !t.From.IsZero() && t.To.Before(t.From) {
		return bad("dates", "from (%s) is after to (%s)", t.From.Format(isoDate), t.To.Format(isoDate))
	}
	switch t.CompareTo {
	case CompareNone, ComparePreviousPeriod, CompareSamePeriodLastYear:
	default:
		return bad("compareTo", "%q is not previous_period or same_period_last_year", clip(string(t.CompareTo)))
	}
	if t.ComparisonValue != "" {
		ok := false
		for _, v := range ComparisonValues {
			ok = ok || v == t.ComparisonValue
		}
		if !ok {
			return bad("comparisonValues", "%q is not %%Higher Bucket, %%Lower Bucket, %%Similar Bucket or Price Index", clip(string(t.ComparisonValue)))
		}
	}
	if t.GroupBy != "" {
		ok := false
		for _, l := range CompetitivenessLevels {
			ok = ok || l == t.GroupBy
		}
		if !ok {
			return bad("group", "%q is not a competitiveness group (super_category, category, vertical, vertical_brand, brand or all)", clip(string(t.GroupBy)))
		}
	}
	if len(t.ProductID) > MaxTextLen {
		return bad("product_id", "is longer than %d characters", MaxTextLen)
	}
	if t.Report == TrendPDP && strings.TrimSpace(t.ProductID) == "" {
		return bad("product_id", "PDP_price_trend needs the product's id")
	}
	return nil
}

// Days resolves the trend's range against the account's clock: the request's
// dates, or the last DefaultTrendDays days; from no earlier than TrendYearsBack
// years before today, to no later than yesterday (UTC days).
func (t Trend) Days(now time.Time) (from, to time.Time, err error) {
	today := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
	yesterday := today.AddDate(0, 0, -1)
	earliest := today.AddDate(-TrendYearsBack, 0, 0)
	from, to = t.From, t.To
	if from.IsZero() {
		from, to = yesterday.AddDate(0, 0, 1-DefaultTrendDays), yesterday
	}
	if from.Before(earliest) {
		return from, to, bad("dates.from", "%s is more than %d years back; the earliest day is %s", from.Format(isoDate), TrendYearsBack, earliest.Format(isoDate))
	}
	if to.After(yesterday) {
		return from, to, bad("dates.to", "%s is after yesterday (%s)", to.Format(isoDate), yesterday.Format(isoDate))
	}
	return from, to, nil
}

// comparePeriod is the compare-to range aligned day by day with [from, to]: day
// from+i compares with cfrom+i.
func comparePeriod(ct CompareTo, from, to time.Time) (time.Time, time.Time) {
	n := int(to.Sub(from).Hours()/24) + 1
	if ct == CompareSamePeriodLastYear {
		cf := from.AddDate(-1, 0, 0)
		return cf, cf.AddDate(0, 0, n-1)
	}
	return from.AddDate(0, 0, -n), from.AddDate(0, 0, -1)
}

func dayString(t time.Time) string { return t.Format(isoDate) }
