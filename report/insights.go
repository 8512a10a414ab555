package report

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"golang.org/x/sync/errgroup"

	"pricelens/engine"
	"pricelens/store"
	"pricelens/store/authz"
)

// The pricing insights panel (docs/product.md §2, §7): the counts of
// engine.InsightKeys computed live on ClickHouse, the alerts to review from
// PostgreSQL, and for each number the address of the report that lists exactly
// those products (all_my_products with the insight's filter, engine/insights.go).

// AlertReviewWindow is how far back an alert that mailed its changes counts as an
// alert report to review.
const AlertReviewWindow = 7 * 24 * time.Hour

// AlertsPage is where the alerts to review are listed.
const AlertsPage = "/alerts"

// PricerCandidates answers, when the account has a finished real pricer run, the
// products the latest run proposes to raise and to reduce, and the screen of each
// list (LatestRunCandidates). ok false (or a nil PricerCandidates) means no run:
// the candidates come from the market buckets.
type PricerCandidates func(ctx context.Context, p authz.Principal) (c Candidates, ok bool, err error)

// Candidates are the price raise and reduction candidates and their reports.
type Candidates struct {
	Up, Down         uint64
	UpLink, DownLink string
}

// Insights answers the insights panel and the insight cards.
type Insights struct {
	S      *Service
	Pricer PricerCandidates // nil: the candidates always come from the buckets
}

// PricingInsights is the answer of GET /api/v1/insights/pricing (docs/product.md §3
// "Insights response"), with the report of each number.
type PricingInsights struct {
	ChangesLastDay    uint64 `json:"changes_at_competitor_last_day" openapi:"always"`
	ChangesLastWeek   uint64 `json:"changes_at_competitor_last_week" openapi:"always"`
	AlertsToReview    uint64 `json:"alert_reports_to_review" openapi:"always"`
	PriceUp           uint64 `json:"num_products_for_price_up" openapi:"always"`
	PriceDown         uint64 `json:"num_products_for_price_down" openapi:"always"`
	OutOfStockAtComps uint64 `json:"num_products_out_of_stock_at_comp" openapi:"always"`
	// Links maps each field above to the webapp address listing what it counts.
	Links map[string]string `json:"links" openapi:"always"`
	// CandidatesSource is "buckets" (market price buckets) or "pricer" (its latest run).
	CandidatesSource string `json:"candidates_source" openapi:"always"`
}

// InsightReportURL is the webapp address of the report listing an insight's products.
func InsightReportURL(key string) string {
	return "/pricing/type/" + engine.InsightReportType + "?" + url.Values{engine.InsightFilterKey: {key}}.Encode()
}

// Pricing computes the panel's numbers for the caller's account and categories:
// the five product counts in one statement (the snapshot's and the price-change
// events', engine.CompileInsights) and the alerts to review.
func (in *Insights) Pricing(ctx context.Context, p authz.Principal) (PricingInsights, error) {
	a, err := in.S.Account(ctx, p)
	if err != nil {
		return PricingInsights{}, err
	}
	// The three reads are independent (the snapshot's counts, the alerts in
	// PostgreSQL, the latest run's candidates): the panel waits for the slowest,
	// not for their sum.
	var (
		n       map[string]uint64
		alerts  int
		c       Candidates
		fromRun bool
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		n, err = in.count(gctx, a, engine.InsightKeys)
		return err
	})
	g.Go(func() (err error) {
		alerts, err = store.New(in.S.DB).AlertsNotifiedSince(gctx, p.AccountID, in.S.Now().Add(-AlertReviewWindow))
		return err
	})
	if in.Pricer != nil {
		g.Go(func() (err error) {
			c, fromRun, err = in.Pricer(gctx, p)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return PricingInsights{}, err
	}
	out := PricingInsights{ChangesLastDay: n[engine.InsightChangesLastDay], ChangesLastWeek: n[engine.InsightChangesLastWeek],
		AlertsToReview: uint64(alerts), PriceUp: n[engine.InsightPriceUp], PriceDown: n[engine.InsightPriceDown],
		OutOfStockAtComps: n[engine.InsightOutOfStock], Links: map[string]string{"alert_reports_to_review": AlertsPage},
		CandidatesSource: "buckets"}
	for _, key := range engine.InsightKeys {
		out.Links[key] = InsightReportURL(key)
	}
	if fromRun {
		out.PriceUp, out.PriceDown, out.CandidatesSource = c.Up, c.Down, "pricer"
		out.Links[engine.InsightPriceUp], out.Links[engine.InsightPriceDown] = c.UpLink, c.DownLink
	}
	return out, nil
}

// count runs CompileInsights for keys and reads its one row.
func (in *Insights) count(ctx context.Context, a engine.Account, keys []string) (map[string]uint64, error) {
	st, err := engine.CompileInsights(a, keys)
	if err != nil {
		return nil, err
	}
	res, err := in.S.W.Query(ctx, st)
	if err != nil {
		return nil, err
	}
	if len(res.Rows) != 1 || len(res.Rows[0]) != len(keys) {
		return nil, fmt.Errorf("insights: %d rows of %d columns", len(res.Rows), len(res.Columns))
	}
	n := make(map[string]uint64, len(keys))
	for i, key := range keys {
		n[key], _ = res.Rows[0][i].(uint64)
	}
	return n, nil
}
