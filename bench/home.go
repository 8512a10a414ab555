package bench

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/grid"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/report"
	"pricelens/store"
	"pricelens/trend"
)

// benchHome times the home dashboard's reads (issue 32, `pricelens bench --only home`),
// each against the ≤ 150 ms p95 target: the insights panel's numbers (the counts the
// dashboard shows, with the latest pricer run's candidates as the server computes them),
// the market position's four trend lines (competitiveness metrics of the whole account
// over the last 30 days), the caller's exports through the API, and the alerts and saved
// reports lists, which are PostgreSQL reads timed at the store (their handlers add only
// JSON).
func benchHome(ctx context.Context, tw *tabwriter.Writer, runs int, client *http.Client, base string, db *pgxpool.Pool, ts *trend.Service, a engine.Account, p session.Principal) error {
	const target = "150 ms"
	yesterday := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	dates := fmt.Sprintf(`"dates":{"from":%q,"to":%q}`, yesterday.AddDate(0, 0, -29).Format("2006-01-02"), yesterday.Format("2006-01-02"))
	type class struct {
		name string
		run  func() error
		skip string // why the class is not measured
	}
	classes := []class{
		{name: "home: insights panel (counts, pricer candidates)", run: func() error { return getJSON(ctx, client, base+"/v1/insights/pricing") }},
	}
	for _, v := range engine.ComparisonValues {
		data := `{"report_name":"competitiveness_metrics","group":"all","weightBy":"NotWeighted","comparisonValues":"` + string(v) + `",` + dates + `}`
		cl := class{name: "home: market position " + string(v) + " (30 days, whole account)", run: func() error {
			return postJSON(ctx, client, base+"/trend/getConditionsData", `{"data":`+data+`}`)
		}}
		// The dashboard is meant to read the rollup; after a load, until its rebuild, the
		// raw scans answer (docs/trends.md): that is another figure, not this class's.
		tr, err := engine.ParseTrend([]byte(data))
		if err != nil {
			return err
		}
		plan, err := ts.Plan(ctx, a, tr)
		if err != nil {
			return fmt.Errorf("%s: %w", cl.name, err)
		}
		if !plan.Rollup {
			cl.skip = "not measured: the plan reads the raw scans, not the rollup: check the rollup's build row (newer than the last load in ingest_loads), last day (yesterday), competitors and settings"
		}
		classes = append(classes, cl)
	}
	st := store.New(db)
	classes = append(classes,
		class{name: "home: my exports", run: func() error { return getJSON(ctx, client, base+"/tabular/getMyExports") }},
		class{name: "home: alerts with last firing (store)", run: func() error { _, err := st.Alerts(ctx, p.AccountID); return err }},
		class{name: "home: saved reports (store)", run: func() error {
			_, err := st.OwnReports(ctx, store.Actor{AccountID: p.AccountID, UserID: p.UserID})
			return err
		}})
	fmt.Fprintln(tw, "class\tp50\tp95\ttarget p95\t")
	for _, cl := range classes {
		if cl.skip != "" {
			fmt.Fprintf(tw, "%s\t%s\t\n", cl.name, cl.skip)
			tw.Flush()
			continue
		}
		s, err := measure(runs, cl.run)
		if err != nil {
			return fmt.Errorf("%s: %w", cl.name, err)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", cl.name, ms(s.p50), ms(s.p95), target)
		tw.Flush()
	}
	return nil
}

// exportRoutes adds the exports' calls to the bench server (the home dashboard lists
// the caller's exports); the files would go under the system's temporary folder.
func exportRoutes(svc *report.Service) func(*echo.Group) {
	return func(g *echo.Group) {
		for _, r := range grid.ExportRoutes(report.NewExports(svc, os.TempDir())) {
			g.Add(r.Method, r.Path, r.Handler.Func())
		}
	}
}
