package load

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// The trend, insights and pricer-results screens of the mix, each as the webapp
// calls it when the screen opens (webapp/src/features/trend, insights, pricer).

// trendReport is the trend screen the sessions open (webapp: the price trend).
const trendReport = "price_trend"

// lastMonth is the trend screens' default range ('1 Month', webapp/src/lib/dateRange.ts):
// a month back to yesterday, UTC days, as the server counts them.
func lastMonth(now time.Time) obj {
	yesterday := now.UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	return obj{"from": yesterday.AddDate(0, -1, 1).Format(time.DateOnly), "to": yesterday.Format(time.DateOnly)}
}

// trend: the price trend screen over every product and competitor for the last
// month (its table columns and its lines), then, as a second action, a product's
// page: that product's price trend (a product of the table's first block).
func (s *session) trend(ctx context.Context, n int, rows []obj) bool {
	if !s.th.pause(ctx) {
		return false
	}
	dates := lastMonth(time.Now())
	_ = s.c.call(ctx, "trend/getColumnsDef", http.MethodPost, "/trend/getColumnsDef", obj{"tableName": trendReport, "isShareLink": false}, nil)
	_ = s.c.call(ctx, "trend/getConditionsData (price trend)", http.MethodPost, "/trend/getConditionsData",
		obj{"data": obj{"report_name": trendReport, "dates": dates, "competitorId": append([]int64{}, s.competitors...), "weightBy": "price"}}, nil)
	if len(rows) == 0 {
		return true
	}
	if !s.th.pause(ctx) {
		return false
	}
	id := fmt.Sprint(rows[(s.index+n+1)%len(rows)]["id"])
	_ = s.c.call(ctx, "trend/getConditionsData (product page)", http.MethodPost, "/trend/getConditionsData",
		obj{"data": obj{"report_name": "PDP_price_trend", "product_id": id, "dates": dates}}, nil)
	return true
}

// insights: the insights page: a bearer token, the pricing insights panel (which
// authenticates with that token, as widgets do) and the insight cards.
func (s *session) insights(ctx context.Context) bool {
	if !s.th.pause(ctx) {
		return false
	}
	var tok struct {
		Token string `json:"token"`
	}
	if s.c.call(ctx, "token", http.MethodGet, "/token", nil, &tok) == nil {
		_ = s.c.callWith(ctx, "v1/insights/pricing", http.MethodGet, "/v1/insights/pricing", nil, nil,
			http.Header{"Authorization": {"Bearer " + tok.Token}})
	}
	_ = s.c.call(ctx, "insights/cards", http.MethodGet, "/insights/cards", nil, nil)
	return true
}

// pricerResults: the dynamic pricer's results page: the run state, the results
// grid's columns, its first block of the latest real run (sorted by the change in
// turn up and down) and its count with the pending ones. An account that has no
// complete run yet is answered 200 with no rows and run_id null, which is what
// the page shows; a 4xx is recorded as an answer (it does not fail the run), a
// 5xx fails it.
func (s *session) pricerResults(ctx context.Context, n int) bool {
	if !s.th.pause(ctx) {
		return false
	}
	_ = s.c.call(ctx, "rules/isRunProcess", http.MethodGet, "/rules/isRunProcess", nil, nil)
	if s.c.call(ctx, "repricing/getColumnsDef", http.MethodGet, "/repricing/getColumnsDef", nil, nil) != nil {
		return true
	}
	cond := obj{"run": "latest", "startRow": 0, "limit": 100, "filters": obj{}, "search": "",
		"sort": []obj{{"colId": "change_pct", "sort": []string{"desc", "asc"}[n%2]}}}
	_ = s.c.call(ctx, "repricing/getConditionsData", http.MethodPost, "/repricing/getConditionsData", obj{"data": cond}, nil)
	_ = s.c.call(ctx, "repricing/getCountOfRow", http.MethodPost, "/repricing/getCountOfRow",
		obj{"conditionData": cond, "calculatePendingRow": true}, nil)
	return true
}
