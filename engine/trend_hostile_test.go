package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile trend requests: values from the request are bound (never SQL text),
// closed vocabularies refuse anything else with an *Error naming the key, and
// every statement carries the account predicate and the user's category access.

const decDates = `"dates":{"from":"2025-12-01","to":"2025-12-31"}`

func TestTrendHostileValuesAreBound(t *testing.T) {
	for _, v := range hostileStrings {
		vs, _ := json.Marshal(v)
		for _, js := range []string{
			`{"report_name":"price_trend","search":` + string(vs) + `,` + decDates + `}`,
			`{"report_name":"PDP_price_trend","product_id":` + string(vs) + `,` + decDates + `}`,
			`{"report_name":"margin_trend","selected_rows":[` + string(vs) + `],` + decDates + `}`,
			`{"report_name":"competitiveness_metrics","filters":{"name":{"filterType":"text","type":"contains","filter":` + string(vs) + `}},` + decDates + `}`,
			`{"report_name":"key_business_metrics","filters":{"canonical_mfgr_display":{"filterType":"set","values":[` + string(vs) + `]}},"compareTo":"same_period_last_year",` + decDates + `}`,
		} {
			tr, err := ParseTrend([]byte(js))
			if strings.TrimSpace(v) == "" && strings.Contains(js, "PDP") {
				requireBad(t, err, "product_id")
				continue
			}
			require.NoError(t, err, js)
			p, err := CompileTrend(testAccount(), tr)
			require.NoError(t, err, js)
			if len(v) > 2 {
				assert.NotContains(t, p.SQL, v, js)
			}
			assert.Contains(t, p.SQL, "account_id = ?", js)
			assert.Contains(t, fmt.Sprint(p.Args...), "7")
		}
	}
}

func TestTrendBadRequestsNameTheBadPart(t *testing.T) {
	cases := []struct{ js, field string }{
		{`{"report_name":"prices'; DROP TABLE offers; --",` + decDates + `}`, "report_name"},
		{`{` + decDates + `}`, "report_name"},
		{`{"report_name":"price_trend","dates":{"from":"2025-12-01'","to":"2025-12-31"}}`, "dates.from"},
		{`{"report_name":"price_trend","dates":{"from":"2025-12-01","to":"tomorrow"}}`, "dates.to"},
		{`{"report_name":"price_trend","dates":{"from":"2025-12-31","to":"2025-12-01"}}`, "dates"},
		{`{"report_name":"price_trend","dates":{"from":"2025-12-01"}}`, "dates.to"},
		{`{"report_name":"price_trend","dates":"last week"}`, "dates"},
		{`{"report_name":"price_trend","weightBy":"revenue_30d; DROP",` + decDates + `}`, "weightBy"},
		{`{"report_name":"competitiveness_metrics","compareTo":"next_year",` + decDates + `}`, "compareTo"},
		{`{"report_name":"competitiveness_metrics","comparisonValues":"1=1",` + decDates + `}`, "comparisonValues"},
		{`{"report_name":"competitiveness_metrics","comparisonValues":["Price Index","%Lower Bucket"],` + decDates + `}`, "comparisonValues"},
		{`{"report_name":"competitiveness_metrics","group":"label",` + decDates + `}`, "group"},
		{`{"report_name":"competitiveness_metrics","group":"name); DROP",` + decDates + `}`, "group"},
		{`{"report_name":"PDP_price_trend",` + decDates + `}`, "product_id"},
		{`{"report_name":"price_trend","competitorId":"x",` + decDates + `}`, "competitorId[0]"},
		{`{"report_name":"price_trend","filters":{"nope":{"filterType":"text","type":"contains","filter":"a"}},` + decDates + `}`, "filters.nope"},
		{`[1,2]`, "data"},
		{`null`, "data"},
	}
	for _, tc := range cases {
		tr, err := ParseTrend([]byte(tc.js))
		if err == nil {
			_, err = CompileTrend(testAccount(), tr)
		}
		requireBad(t, err, tc.field)
	}
}

func TestTrendDateLimits(t *testing.T) {
	a := testAccount() // today is 2026-01-01
	for _, tc := range []struct {
		dates, field string
	}{
		{`{"from":"2026-01-01","to":"2026-01-01"}`, "dates.to"}, // today: not yet a full day
		{`{"from":"2022-12-31","to":"2023-01-10"}`, "dates.from"},
	} {
		tr, err := ParseTrend([]byte(`{"report_name":"price_trend","dates":` + tc.dates + `}`))
		require.NoError(t, err)
		_, err = CompileTrend(a, tr)
		requireBad(t, err, tc.field)
	}
	tr, err := ParseTrend([]byte(`{"report_name":"price_trend","dates":{"from":"2023-01-01","to":"2025-12-31"}}`))
	require.NoError(t, err)
	p, err := CompileTrend(a, tr)
	require.NoError(t, err, "3 years back to yesterday")
	assert.Equal(t, 1096, p.days())
	tr, err = ParseTrend([]byte(`{"report_name":"price_trend"}`))
	require.NoError(t, err)
	p, err = CompileTrend(a, tr)
	require.NoError(t, err)
	assert.Equal(t, "2025-12-02", dayString(p.From), "the default: the last 30 days")
	assert.Equal(t, "2025-12-31", dayString(p.To))
}

func TestTrendCategoryAccessAndCompetitors(t *testing.T) {
	a := testAccount()
	a.Categories = []string{"TV"}
	tr, err := ParseTrend([]byte(`{"report_name":"price_trend",` + decDates + `}`))
	require.NoError(t, err)
	p, err := CompileTrend(a, tr)
	require.NoError(t, err)
	assert.Equal(t, 3, strings.Count(p.SQL, "account_id = ? AND super_category IN ?"), "the pairs, the products and the daily metrics")
	tr, err = ParseTrend([]byte(`{"report_name":"price_trend","competitorId":[4],` + decDates + `}`))
	require.NoError(t, err)
	_, err = CompileTrend(a, tr)
	requireBad(t, err, "competitorId")
	_, err = CompileTrend(Account{}, tr)
	requireBad(t, err, "account")
}

func TestGoBuiltTrendsAreValidatedAtCompile(t *testing.T) {
	for _, tr := range []Trend{
		{Report: "evil'"},
		{Report: TrendPDP},
		{Report: TrendCompetitiveness, GroupBy: "product_id"},
		{Report: TrendCompetitiveness, CompareTo: "x"},
		{Report: TrendPrice, Condition: Condition{WeightBy: "x; DROP"}},
	} {
		_, err := CompileTrend(testAccount(), tr)
		var e *Error
		require.ErrorAs(t, err, &e, "%+v", tr)
	}
}
