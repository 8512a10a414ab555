package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"text/tabwriter"
	"time"

	"github.com/labstack/echo/v4"

	trendapi "pricelens/api/trend"
	"pricelens/engine"
	"pricelens/report"
	"pricelens/trend"
	"pricelens/warehouse"
)

// The trend classes of `pricelens bench` (issue 14): each trend through the HTTP
// API beside the same plan run straight on ClickHouse, on the bench account's
// history (yesterday back: 1 year, 3 years for the product page, 3 months for
// competitiveness metrics).

type trendClass struct {
	name, body, target string
	rollup             bool // the class measures what the rollup build wrote (the others the raw scans)
	flaggable          bool // measured again with a match flagged (openFlag)
	// slow: seconds at L (no rollup row holds it yet): 3 runs, and a failure (a
	// timeout) is printed as its row instead of ending the bench.
	slow bool
}

// openFlag flags the match of a product to a competitor in the bench account, as a
// user does, and returns the account with it and how to close it again (the bench
// leaves no flag behind). Nil: the account's catalog is not in PostgreSQL.
type openFlag func(productID string, competitorID int64) (engine.Account, func() error, error)

// addTrendRoutes serves the trend calls on the bench's API group.
func addTrendRoutes(g *echo.Group, svc *report.Service) *trend.Service {
	ts := trend.NewService(svc)
	for _, r := range trendapi.Routes(ts) {
		g.Add(r.Method, r.Path, r.Handler.Func())
	}
	return ts
}

func trendClasses(ctx context.Context, w *warehouse.Warehouse, a engine.Account) (_ []trendClass, flagProduct string, _ error) {
	yesterday := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	dates := func(from time.Time) string {
		return fmt.Sprintf(`"dates":{"from":%q,"to":%q}`, from.Format("2006-01-02"), yesterday.Format("2006-01-02"))
	}
	year, three, quarter := dates(yesterday.AddDate(-1, 0, 1)), dates(yesterday.AddDate(-3, 0, 1)), dates(yesterday.AddDate(0, -3, 1))
	month := dates(yesterday.AddDate(0, -1, 1))
	// The biggest category, and a product with the longest history.
	res, err := w.Query(ctx, warehouse.SQL(`SELECT super_category, category FROM product_snapshot WHERE account_id = ?
		GROUP BY super_category, category ORDER BY count() DESC LIMIT 1`, a.AccountID))
	if err != nil || len(res.Rows) == 0 {
		return nil, "", fmt.Errorf("bench trends: no category: %v", err)
	}
	path, _ := json.Marshal([][]string{{res.Rows[0][0].(string), res.Rows[0][1].(string)}})
	// The product scanned first: its history is the longest at any size (M keeps 60
	// days, L 90).
	ids, err := w.Strings(ctx, warehouse.SQL(`SELECT argMin(product_id, scanned_at) FROM offers WHERE account_id = ?`, a.AccountID))
	if err != nil || len(ids) == 0 || ids[0] == "" {
		return nil, "", fmt.Errorf("bench trends: no product with history: %v", err)
	}
	pid, _ := json.Marshal(ids[0])
	weight := "Price"
	if len(a.CustomFields) > 0 {
		weight = a.CustomFields[0].LogicalName
	}
	data := func(s string) string { return `{"data":{` + s + `}}` }
	return []trendClass{
		{name: fmt.Sprintf("trend: price, all products, %d competitors, 1 year", len(a.Competitors)), target: "300 ms", rollup: true, flaggable: true,
			body: data(`"report_name":"price_trend",` + year)},
		{name: "trend: price, one category, 1 year", target: "150 ms", rollup: true, flaggable: true,
			body: data(`"report_name":"price_trend","filters":{"category_tree":{"paths":` + string(path) + `}},` + year)},
		{name: "trend: PDP, one product, 3 years", target: "50 ms", rollup: true, flaggable: true,
			body: data(`"report_name":"PDP_price_trend","product_id":` + string(pid) + `,` + three)},
		{name: "trend: competitiveness by category, compare-to, 3 months", target: "400 ms", rollup: true, flaggable: true,
			body: data(`"report_name":"competitiveness_metrics","group":"category","compareTo":"previous_period","weightBy":"` + weight + `",` + quarter)},
		// The lines no rollup row holds read its build's runs (docs/trends.md), key
		// business metrics product_daily, over the biggest category's last month.
		{name: "trend: margin, one category, 1 month", target: "-", rollup: true, slow: true,
			body: data(`"report_name":"margin_trend","filters":{"category_tree":{"paths":` + string(path) + `}},` + month)},
		{name: "trend: price vs market, one category, 1 month", target: "-", rollup: true, slow: true,
			body: data(`"report_name":"price_vs_market_trend","filters":{"category_tree":{"paths":` + string(path) + `}},` + month)},
		{name: "trend: key business metrics, one category, 1 month", target: "-", slow: true,
			body: data(`"report_name":"key_business_metrics","filters":{"category_tree":{"paths":` + string(path) + `}},` + month)},
	}, ids[0], nil
}

// benchTrends prints the trend classes' rows in the bench's table, then (flag not
// nil) the flaggable ones again with the match of the product page's product to
// the first competitor flagged (issue 30: one open flag sent every trend of the
// account to the raw scans), the flag closed afterwards.
func benchTrends(ctx context.Context, tw *tabwriter.Writer, runs int, client *http.Client, base string, w *warehouse.Warehouse, ts *trend.Service, a engine.Account, flag openFlag) (err error) {
	classes, pid, err := trendClasses(ctx, w, a)
	if err != nil {
		return err
	}
	for _, cl := range classes {
		if err := benchTrend(ctx, tw, runs, client, base, ts, a, cl); err != nil {
			return err
		}
	}
	if flag == nil {
		fmt.Fprintf(tw, "trend classes with an open flag\tnot measured: the account's catalog is not in PostgreSQL\t\n")
		return tw.Flush()
	}
	if len(a.Flagged[a.Competitors[0].ID]) > 0 {
		fmt.Fprintf(tw, "trend classes with an open flag\tnot measured: the account has open flags of its own (the classes above had them)\t\n")
		return tw.Flush()
	}
	fa, closeFlag, err := flag(pid, a.Competitors[0].ID)
	if err != nil {
		return fmt.Errorf("open a flag: %w", err)
	}
	defer func() {
		if cerr := closeFlag(); cerr != nil && err == nil {
			err = fmt.Errorf("close the bench's flag (product %s, competitor %d): %w", pid, a.Competitors[0].ID, cerr)
		}
	}()
	for _, cl := range classes {
		if !cl.flaggable {
			continue
		}
		cl.name += ", a match flagged"
		if err := benchTrend(ctx, tw, runs, client, base, ts, fa, cl); err != nil {
			return err
		}
	}
	return nil
}

// benchTrend measures one class and prints its row.
func benchTrend(ctx context.Context, tw *tabwriter.Writer, runs int, client *http.Client, base string, ts *trend.Service, a engine.Account, cl trendClass) error {
	var req trendapi.DataRequest
	if err := json.Unmarshal([]byte(cl.body), &req); err != nil {
		return err
	}
	tr, err := engine.ParseTrend(req.Data)
	if err != nil {
		return fmt.Errorf("%s: %w", cl.name, err)
	}
	// A class on the wrong path measures something else (the raw scans of 1M
	// products for a year run out of memory): say why instead, and go on (after a
	// load the product page of a product it did not touch still reads the runs).
	plan, err := ts.Plan(ctx, a, tr)
	if err != nil {
		return fmt.Errorf("%s: %w", cl.name, err)
	}
	if plan.Rollup != cl.rollup {
		fmt.Fprintf(tw, "%s\tnot measured: the plan reads the %s, the class measures the %s: check the rollup's build row, last day (yesterday), competitors and settings\t\n",
			cl.name, pathName(plan.Rollup), pathName(cl.rollup))
		return tw.Flush()
	}
	apiRun := func() error { return postJSON(ctx, client, base+"/trend/getConditionsData", cl.body) }
	chRun := func() error { _, err := ts.Rows(ctx, a, tr); return err }
	n := runs
	if cl.slow {
		n = min(runs, 3)
	}
	api, ch, err := measurePair(n, apiRun, chRun)
	if err != nil && cl.slow {
		// A failure (a timeout at L) is a figure too: say so and go on.
		fmt.Fprintf(tw, "%s\tfailed: %s\t\n", cl.name, clipError(err))
		return tw.Flush()
	}
	if err != nil {
		return fmt.Errorf("%s: %w", cl.name, err)
	}
	fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%.2f\t%s\t%s\t\n", cl.name, ms(api.p50), ms(api.p95), ms(ch.p50), ms(ch.p95),
		"-", "-", ratio(api.p50, ch.p50), ratio(api.p95, ch.p95), "-", cl.target)
	return tw.Flush()
}

// clipError is err's first 160 characters, for a table cell.
func clipError(err error) string {
	s := err.Error()
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

func pathName(rollup bool) string {
	if rollup {
		return "rollup build's tables"
	}
	return "raw scans"
}
