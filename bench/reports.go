package bench

import (
	"context"
	"fmt"
	"net/http"
	"text/tabwriter"

	"github.com/labstack/echo/v4"

	"pricelens/api/grid"
	"pricelens/engine"
	"pricelens/report"
)

// benchReports times, through the API with one client, the insights panel (the
// issue 17 target: the whole panel, change counts included, within the grid's block
// target), each insight's linked report count, the assortment reports and the
// real-time view (`pricelens bench --only reports`).
func benchReports(ctx context.Context, tw *tabwriter.Writer, runs int, client *http.Client, base string, a engine.Account) error {
	c := fmt.Sprint(a.Competitors[0].ID)
	insight := func(key string) string {
		return `{"condition":{"report_type":"all_my_products","startRow":0,"limit":100,"filters":{"insight":{"filterType":"radio","value":"` + key + `"}}}}`
	}
	assortment := func(table string) string {
		return `{"tableName":"` + table + `","data":{"report_type":"` + table + `","startRow":0,"limit":100}}`
	}
	type class struct{ name, method, path, body, target string }
	classes := []class{
		{"insights panel (6 numbers)", http.MethodGet, "/v1/insights/pricing", "", "150 ms"},
		{"insight cards (3 cards of 4 tiles; kept 10 s)", http.MethodGet, "/insights/cards", "", "150 ms"},
	}
	for _, k := range engine.InsightKeys {
		classes = append(classes, class{"insight report count: " + k, http.MethodPost, "/tabular/getCountOfRow", insight(k), "100 ms"})
	}
	for _, t := range []string{"assortment", "assortment_by_brand", "assortment_by_category", "assortment_products"} {
		classes = append(classes,
			class{"assortment block: " + t, http.MethodPost, "/assortment/getConditionsData", assortment(t), "150 ms"},
			class{"assortment count: " + t, http.MethodPost, "/assortment/getCountOfRow", assortment(t), "100 ms"})
	}
	classes = append(classes,
		class{"real-time block (all competitors)", http.MethodPost, "/tabular/getConditionsDataForRealTime", `{"competitorsId":[],"offset":0}`, "150 ms"},
		class{"real-time block (one competitor, offset 10,000)", http.MethodPost, "/tabular/getConditionsDataForRealTime", `{"competitorsId":[` + c + `],"offset":10000}`, "150 ms"},
		class{"real-time count (all competitors)", http.MethodPost, "/tabular/getRealTimeTabularCount", `{"competitorsId":[]}`, "100 ms"},
		class{"real-time count (one competitor)", http.MethodPost, "/tabular/getRealTimeTabularCount", `{"competitorsId":[` + c + `]}`, "100 ms"},
		class{"scan summary (tabular/pricing)", http.MethodGet, "/tabular/pricing", "", "100 ms"})
	fmt.Fprintln(tw, "class\tAPI p50\tAPI p95\ttarget p95\t")
	for _, cl := range classes {
		run := func() error {
			if cl.method == http.MethodPost {
				return postJSON(ctx, client, base+cl.path, cl.body)
			}
			return getJSON(ctx, client, base+cl.path)
		}
		st, err := measure(runs, run)
		if err != nil {
			return fmt.Errorf("%s: %w", cl.name, err)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", cl.name, ms(st.p50), ms(st.p95), cl.target)
		tw.Flush()
	}
	return nil
}

// insightRoutes adds the insights panel's route to the bench server (its principal
// stands for the bearer token), with the latest pricer run's candidates as the server
// has them (api/routes.go).
func insightRoutes(svc *report.Service) func(*echo.Group) {
	return func(g *echo.Group) {
		for _, r := range grid.InsightRoutes(&report.Insights{S: svc, Pricer: report.LatestRunCandidates(svc)}) {
			g.Add(r.Method, r.Path, r.Handler.Func())
		}
	}
}

func getJSON(ctx context.Context, client *http.Client, url string) error {
	_, err := askBody(ctx, client, http.MethodGet, url, "")
	return err
}
