package grid

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/appstate"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/report"
	"pricelens/report/reporttest"
	"pricelens/store"
)

// matchFeedbackRoutes are the match feedback calls over the grid's database (the
// access middleware, which checks the permission, is tested in api/access).
func matchFeedbackRoutes(s *report.Service) []route.Route {
	if _, err := s.DB.Exec(context.Background(), `INSERT INTO users (id, email) VALUES (1, 'ana@example.com'), (2, 'bob@example.com')`); err != nil {
		panic(err)
	}
	h := &appstate.Handlers{Store: store.New(s.DB)}
	return []route.Route{
		{Method: "POST", Path: "/match_feedback/flagMatch", Handler: appstate.JSON(h.FlagMatch)},
		{Method: "POST", Path: "/match_feedback/unflagMatch", Handler: appstate.JSON(h.UnflagMatch)},
		{Method: "POST", Path: "/match_feedback/resolveMatch", Handler: appstate.JSON(h.ResolveMatch)},
		{Method: "GET", Path: "/match_feedback/getFlags", Handler: appstate.Query(h.MatchFlags)},
		{Method: "GET", Path: "/match_feedback/exportCsv", Handler: route.Raw[struct{}, struct{}](h.ExportMatchFlags, "text/csv")},
	}
}

// A flagged match leaves the buckets of every report on the next request — the
// product row's bucket and counts, the competitor's bucket filter, the group rows'
// per-competitor shares, the competitiveness snapshot, the market price, the
// assortment's found count, the real-time view's bucket — and
// comes back when the flag is taken back or resolved. Another account can neither
// flag this account's competitor nor see its flags, and its reports do not change.
func TestMatchFeedbackLeavesEveryComparison(t *testing.T) {
	e, _ := serverWith(t, &session.Principal{UserID: 1, AccountID: 1}, matchFeedbackRoutes)
	f := reporttest.Build()
	r := reporttest.Ref{F: f, A: f.Acc1, CS: []int64{11, 12, 13}}
	var p reporttest.Product
	for _, q := range r.Products() {
		if _, ok := r.Comparable(q, 11); ok && q.Brand != "" {
			p = q
			break
		}
	}
	require.NotEmpty(t, p.ID)
	d, _ := r.Comparable(p, 11)
	bucket := r.Bucket(d)

	// What a user sees of the pair, over every kind of report.
	type view struct {
		Bucket             any
		Compared, inBucket float64
		brandCompared11    float64
		snapshotCompared11 float64
		assortmentFound11  float64
		realTimeBucket     any
		Market             any
	}
	look := func() view {
		var v view
		code, out := call(e, "POST", "/api/tabular/getConditionsData", fmt.Sprintf(`{"condition":{"startRow":0,"limit":10,
			"filters":{"id":{"filterType":"text","type":"equals","filter":%q}},"visible_columns":["bucket@11","products_compared","market_price"]}}`, p.ID))
		require.Equal(t, 200, code, out)
		row := out["rows"].([]any)[0].(map[string]any)
		v.Bucket, v.Compared, v.Market = row["bucket@11"], row["products_compared"].(float64), row["market_price"]
		code, out = call(e, "POST", "/api/tabular/getCountOfRow", fmt.Sprintf(`{"condition":{"filters":{"bucket@11":{"filterType":"radio","value":%q}}}}`, bucket))
		require.Equal(t, 200, code, out)
		v.inBucket = out["count"].(float64)
		code, out = call(e, "POST", "/api/tabular/getConditionsData", `{"condition":{"report_type":"competitive_landscape_by_brand","startRow":0,"limit":100,"visible_columns":["products_compared@11"]}}`)
		require.Equal(t, 200, code, out)
		for _, g := range out["rows"].([]any) {
			if g := g.(map[string]any); g["canonical_mfgr_display"] == p.Brand {
				v.brandCompared11 = g["products_compared@11"].(float64)
			}
		}
		code, out = call(e, "POST", "/api/tabular/getConditionsData", `{"condition":{"report_type":"competitiveness_metrics_snapshot","startRow":0,"limit":100}}`)
		require.Equal(t, 200, code, out)
		for _, c := range out["rows"].([]any) {
			if c := c.(map[string]any); fmt.Sprint(c["id"]) == "11" {
				v.snapshotCompared11 = c["products_compared"].(float64)
			}
		}
		code, out = call(e, "POST", "/api/assortment/getConditionsData", `{"tableName":"assortment","data":{"startRow":0,"limit":10,"competitorId":[11]}}`)
		require.Equal(t, 200, code, out)
		v.assortmentFound11 = out["rows"].([]any)[0].(map[string]any)["found"].(float64)
		for offset := 0; v.realTimeBucket == nil; offset += 100 {
			code, out = call(e, "POST", "/api/tabular/getConditionsDataForRealTime", fmt.Sprintf(`{"competitorsId":[11],"offset":%d}`, offset))
			require.Equal(t, 200, code, out)
			for _, x := range out["rows"].([]any) {
				if x := x.(map[string]any); x["product_id"] == p.ID {
					v.realTimeBucket = x["bucket"]
					if v.realTimeBucket == nil {
						v.realTimeBucket = "none"
					}
				}
			}
			if out["lastRow"].(float64) >= 0 {
				break
			}
		}
		return v
	}
	before := look()
	require.Equal(t, bucket, before.Bucket)
	require.Positive(t, before.brandCompared11)
	require.Positive(t, before.snapshotCompared11)

	flag := fmt.Sprintf(`{"productId":%q,"competitorId":11,"competitorProductId":"X-1","reason":"different model"}`, p.ID)
	code, out := call(e, "POST", "/api/match_feedback/flagMatch", flag)
	require.Equal(t, 200, code, out)
	flagged := look()
	assert.Nil(t, flagged.Bucket, "no bucket for a flagged match")
	assert.Equal(t, before.Compared-1, flagged.Compared)
	assert.Equal(t, before.inBucket-1, flagged.inBucket)
	assert.Equal(t, before.brandCompared11-1, flagged.brandCompared11)
	assert.Equal(t, before.snapshotCompared11-1, flagged.snapshotCompared11)
	assert.Equal(t, before.assortmentFound11-1, flagged.assortmentFound11, "a flagged match is not found in the assortment")
	assert.Equal(t, bucket, before.realTimeBucket)
	assert.Equal(t, "none", flagged.realTimeBucket, "the real-time view shows the scan without a bucket")
	if before.Compared == 1 {
		assert.Nil(t, flagged.Market, "the market price had only this pair")
	}

	code, out = call(e, "GET", "/api/match_feedback/getFlags", ``)
	require.Equal(t, 200, code, out)
	fl := out["flags"].([]any)
	require.Len(t, fl, 1)
	assert.Equal(t, p.ID, fl[0].(map[string]any)["product_id"])
	assert.Equal(t, "Alpha", fl[0].(map[string]any)["competitor_name"])
	assert.Equal(t, "ana@example.com", fl[0].(map[string]any)["flagged_by"])
	assert.Equal(t, "open", fl[0].(map[string]any)["status"])

	// The data team's file: the open flags, a formula-looking text neutralised.
	code, out = call(e, "POST", "/api/match_feedback/flagMatch", `{"productId":"P0002","competitorId":12,"reason":"=HYPERLINK(\"x\")"}`)
	require.Equal(t, 200, code, out)
	req := httptest.NewRequest("GET", "/api/match_feedback/exportCsv", nil)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	require.Equal(t, 200, rec.Code, rec.Body.String())
	assert.Contains(t, rec.Header().Get("Content-Disposition"), "match_feedback.csv")
	recs, err := csv.NewReader(rec.Body).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 3)
	assert.Equal(t, []string{"product_id", "competitor_id", "competitor", "competitor_product_id", "reason", "status", "flagged_by", "flagged_at", "resolved_by", "resolved_at"}, recs[0])
	byProduct := map[string][]string{recs[1][0]: recs[1], recs[2][0]: recs[2]}
	assert.Equal(t, []string{p.ID, "11", "Alpha", "X-1", "different model", "open", "ana@example.com"}, byProduct[p.ID][:7])
	assert.Equal(t, `'=HYPERLINK("x")`, byProduct["P0002"][4])
	code, out = call(e, "POST", "/api/match_feedback/unflagMatch", `{"productId":"P0002","competitorId":12}`)
	require.Equal(t, 200, code, out)

	// Another account: not its competitor, not its flags, its reports unchanged.
	other, _ := serverWith(t, &session.Principal{UserID: 2, AccountID: 2}, matchFeedbackRoutes)
	code, out = call(other, "POST", "/api/match_feedback/flagMatch", flag)
	assert.Equal(t, 404, code, out)
	code, out = call(e, "POST", "/api/match_feedback/unflagMatch", `{"productId":"P0000","competitorId":21}`)
	assert.Equal(t, 404, code, out)
	code, out = call(other, "GET", "/api/match_feedback/getFlags", ``)
	require.Equal(t, 200, code, out)
	assert.Empty(t, out["flags"])

	code, out = call(e, "POST", "/api/match_feedback/unflagMatch", fmt.Sprintf(`{"productId":%q,"competitorId":11}`, p.ID))
	require.Equal(t, 200, code, out)
	assert.Equal(t, before, look(), "unflagged: back in every comparison")

	// Flag again, then the data team resolves it: counts again, listed as resolved.
	code, _ = call(e, "POST", "/api/match_feedback/flagMatch", flag)
	require.Equal(t, 200, code)
	require.Equal(t, before.inBucket-1, look().inBucket)
	code, out = call(e, "POST", "/api/match_feedback/resolveMatch", fmt.Sprintf(`{"productId":%q,"competitorId":11}`, p.ID))
	require.Equal(t, 200, code, out)
	assert.Equal(t, before, look())
	code, out = call(e, "GET", "/api/match_feedback/getFlags?status=resolved", ``)
	require.Equal(t, 200, code, out)
	assert.Len(t, out["flags"], 1)
	code, out = call(e, "POST", "/api/match_feedback/resolveMatch", fmt.Sprintf(`{"productId":%q,"competitorId":11}`, p.ID))
	assert.Equal(t, 404, code, "already resolved: %v", out)

	// Bad input.
	for _, body := range []string{`{"productId":"","competitorId":11}`, `{"productId":"P1","competitorId":0}`, `{"productId":"P1"}`} {
		code, out = call(e, "POST", "/api/match_feedback/flagMatch", body)
		assert.Equal(t, 400, code, "%s: %v", body, out)
	}
	code, _ = call(e, "GET", "/api/match_feedback/getFlags?status=bogus", ``)
	assert.Equal(t, 400, code)
}

// While a match is flagged in the account, every product-level call answers for
// every product — the flagged one shows the offer without a comparison, another
// product is untouched — instead of failing because the statement read the flag
// set without sending it (500 "Table pricelens._flagged_11 doesn't exist"). The
// routes are every grid route that takes a product (ProductRequest), so a new one
// is covered too.
func TestProductReadsWithAnOpenFlag(t *testing.T) {
	var routes []route.Route
	e, s := serverWith(t, &session.Principal{UserID: 1, AccountID: 1}, func(s *report.Service) []route.Route {
		routes = Routes(s)
		return matchFeedbackRoutes(s)
	})
	_ = s
	var product []route.Route
	for _, r := range routes {
		if r.Handler.Request() == reflect.TypeOf(ProductRequest{}) {
			product = append(product, r)
		}
	}
	require.GreaterOrEqual(t, len(product), 5, "competitor/getData, tooltip/getCompetitorData, assortment/getNameTooltipData, the tooltip and the details")

	f := reporttest.Build()
	r := reporttest.Ref{F: f, A: f.Acc1, CS: []int64{11, 12, 13}}
	var flagged, other string
	for _, q := range r.Products() {
		if _, ok := r.Comparable(q, 11); ok {
			if flagged == "" {
				flagged = q.ID
			} else if _, ok := r.Comparable(q, 12); ok && other == "" {
				other = q.ID
			}
		}
	}
	require.NotEmpty(t, other)
	code, out := call(e, "POST", "/api/match_feedback/flagMatch", fmt.Sprintf(`{"productId":%q,"competitorId":11,"reason":"wrong"}`, flagged))
	require.Equal(t, 200, code, out)

	for _, rt := range product {
		for _, id := range []string{flagged, other} {
			code, out := call(e, rt.Method, "/api"+rt.Path, fmt.Sprintf(`{"productId":%q}`, id))
			assert.Equal(t, 200, code, "%s %s with an open flag: %v", rt.Path, id, out)
		}
	}
	// The product page's competitor grid: the flagged offer shows, without a delta;
	// the other product's offer keeps its delta.
	delta := func(id string) (shown bool, d any) {
		code, out := call(e, "POST", "/api/competitor/getData", fmt.Sprintf(`{"productId":%q}`, id))
		require.Equal(t, 200, code, out)
		for _, row := range out["rows"].([]any) {
			if row := row.(map[string]any); fmt.Sprint(row["competitor_id"]) == "11" || fmt.Sprint(row["id"]) == "11" {
				return true, row["price_delta"]
			}
		}
		return false, nil
	}
	shown, d := delta(flagged)
	assert.True(t, shown, "the flagged offer still shows")
	assert.Nil(t, d, "no comparison for a flagged match")
	shown, d = delta(other)
	assert.True(t, shown)
	assert.NotNil(t, d)
}
