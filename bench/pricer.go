package bench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/grid"
	"pricelens/api/pricer"
	"pricelens/api/session"
	"pricelens/deploy/config"
	"pricelens/deploy/databases"
	"pricelens/engine"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/store"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// Pricer measures the dynamic pricer at L (issue 15): a run of 50 rules
// over a million products end to end (runRulebase, the River job, isRunProcess
// until complete), a results-grid block with a filter and a sort, and the rule
// preview, through the HTTP API. Its databases are private (make bench-pricer:
// bench_pricer in both servers): the ClickHouse one holds a copy of the
// account's snapshot of --from (bench_l; copySnapshot), which is only read, and
// the PostgreSQL one holds the account, its competitors, the rules and the runs.
func Pricer(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench-pricer", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	from := fs.String("from", "bench_l", "the ClickHouse database holding the L data set")
	account := fs.Int64("account", 1, "the account of the data set")
	nRules := fs.Int("rules", 50, "rules, split between the two sections")
	runs := fs.Int("runs", 20, "measured grid and preview requests per class (after 2 warm-up runs)")
	pricerRuns := fs.Int("pricer-runs", 3, "measured real runs and simulations each (0: measure the grid and the preview on the latest results)")
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: bench-pricer [--from DB] [--account ID] [--rules N] [--runs N] [--pricer-runs N])", err)
	}
	if !plainName(*from) {
		return usagef("--from %q is not a database name", *from)
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	if c.ClickHouseDB == *from {
		return usagef("run bench-pricer on a database of its own (PRICELENS_CLICKHOUSE_DB), not on %s", *from)
	}
	if err := restartOnViews(ctx, c); err != nil {
		return err
	}
	if err := databases.Migrate(ctx, c, "up", os.Stdout); err != nil {
		return err
	}
	d, err := databases.Open(ctx, c)
	if err != nil {
		return err
	}
	defer d.Close()
	w, db := d.W, d.DB
	if err := copySnapshot(ctx, c, *from, uint32(*account)); err != nil {
		return err
	}
	var slots []uint32
	var products uint64
	if err := w.Conn.QueryRow(ctx, "SELECT any(slot_ids), count() FROM product_snapshot WHERE account_id = ?", uint32(*account)).Scan(&slots, &products); err != nil {
		return err
	}
	if products == 0 {
		return fmt.Errorf("account %d has no products in %s (load L: make bench)", *account, *from)
	}
	if _, err := db.Exec(ctx, `INSERT INTO accounts (id, name, site_id) VALUES ($1, 'Bench pricer', 'bench') ON CONFLICT (id) DO NOTHING`, *account); err != nil {
		return err
	}
	for _, id := range slots {
		if _, err := db.Exec(ctx, `INSERT INTO competitors (id, account_id, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
			int64(id), *account, fmt.Sprintf("Competitor %d", id)); err != nil {
			return err
		}
	}
	var userID int64
	if err := db.QueryRow(ctx, `INSERT INTO users (email) VALUES ('bench-pricer@pricelens.local')
		ON CONFLICT ((lower(email))) DO UPDATE SET email = excluded.email RETURNING id`).Scan(&userID); err != nil {
		return err
	}
	st := store.New(db)
	p := session.Principal{UserID: userID, AccountID: *account, Role: authz.Admin}
	svc := report.NewService(w, db)
	a, err := svc.Account(ctx, p)
	if err != nil {
		return err
	}
	// Without runs the grid and the preview are measured on the latest run's
	// results, so its rules stay: rules saved since would send the preview to
	// evaluating every rule (docs/pricer.md "The rule preview").
	var kept int
	if *pricerRuns == 0 {
		if err := db.QueryRow(ctx, `SELECT count(*) FROM pricer_rules WHERE account_id = $1`, *account).Scan(&kept); err != nil {
			return err
		}
	}
	if kept != *nRules {
		if err := benchRules(ctx, st, a, p, *nRules); err != nil {
			return err
		}
	}
	fmt.Printf("account %d: %d products, %d competitors, %d rules; load before: %s\n", *account, products, len(a.Competitors), *nRules, loadAverage())

	// The workers log each run's timings (insert, approvals, completion) to stderr.
	workers, err := jobs.Start(ctx, jobs.Deps{DB: db, Warehouse: w, Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	if err != nil {
		return err
	}
	defer func() { _ = workers.Stop() }()
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = func(err error, c echo.Context) { _ = c.JSON(500, map[string]any{"error": err.Error()}) }
	g := e.Group("/api", func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error { session.Set(c, p); return next(c) }
	})
	for _, r := range append(pricer.Routes(pricer.New(db, w, allowAll{})), grid.RepricingRoutes(svc)...) {
		g.Add(r.Method, r.Path, r.Handler.Func())
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: e, ErrorLog: slog.NewLogLogger(slog.NewTextHandler(io.Discard, nil), slog.LevelError)}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	base := "http://" + ln.Addr().String() + "/api"
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2}}

	for _, sim := range []bool{false, true} {
		if *pricerRuns == 0 {
			break
		}
		var times []time.Duration
		for range *pricerRuns {
			d, err := benchRun(ctx, client, base, sim)
			if err != nil {
				return err
			}
			times = append(times, d)
		}
		r, _, err := st.LatestRun(ctx, *account)
		if err != nil {
			return err
		}
		kind := "real run"
		if sim {
			kind = "simulation"
		}
		s := quantiles(times)
		fmt.Printf("%-11s end to end: p50 %s, max %s (goal ≤ 20 s); %d products, %d changed, %d pending, %d auto-approved\n",
			kind, ms(s.p50), ms(times[len(times)-1]), r.Products, r.Changed, r.Pending, r.AutoApproved)
	}
	comp := a.Competitors[0].ID
	var sup string
	if err := w.Conn.QueryRow(ctx, "SELECT super_category FROM product_snapshot WHERE account_id = ? GROUP BY super_category ORDER BY count() DESC LIMIT 1", uint32(*account)).Scan(&sup); err != nil {
		return err
	}
	supJSON, _ := json.Marshal(sup)
	for _, cl := range []struct{ name, path, body, goal string }{
		{"results block (filter status, sort change %)", "/repricing/getConditionsData",
			`{"data":{"run":"latest","startRow":1000,"limit":100,"filters":{"status":{"filterType":"radio","value":"pending"}},"sort":[{"colId":"change_pct","sort":"desc"}]}}`, "150 ms"},
		{"results block (search, sort recommended)", "/repricing/getConditionsData",
			`{"data":{"run":"latest","limit":100,"search":"a","sort":[{"colId":"recommended_price","sort":"asc"}]}}`, "150 ms"},
		{"results count with pending", "/repricing/getCountOfRow",
			`{"conditionData":{"run":"latest","filters":{"change_pct":{"filterType":"number","type":"greaterThan","filter":1}}},"calculatePendingRow":true}`, "100 ms"},
		{"rule preview (one super category)", "/rules/preview",
			fmt.Sprintf(`{"name":"Preview","section":"middle","rule_type":"target","scope":{"filters":{"category_tree":{"paths":[[%s]]}}},"source":{"kind":"competitors","competitors":[%d],"aggregate":"min"},"adjust":{"percent":-1}}`, supJSON, comp), "500 ms"},
		{"rule preview (all products)", "/rules/preview",
			fmt.Sprintf(`{"name":"Preview","section":"middle","rule_type":"target","source":{"kind":"competitors","competitors":[%d],"aggregate":"avg"}}`, comp), "500 ms"},
	} {
		s, err := measure(*runs, func() error { return postJSON(ctx, client, base+cl.path, cl.body) })
		if err != nil {
			return fmt.Errorf("%s: %w", cl.name, err)
		}
		var basis string
		if cl.path == "/rules/preview" {
			// From the latest run's results or from every rule (docs/pricer.md "The rule preview").
			b, err := postJSONBody(ctx, client, base+cl.path, cl.body)
			if err != nil {
				return fmt.Errorf("%s: %w", cl.name, err)
			}
			var out pricer.PreviewOut
			if err := json.Unmarshal(b, &out); err != nil {
				return err
			}
			basis = ", from " + out.Basis
		}
		fmt.Printf("%-46s p50 %8s  p95 %8s  (goal p95 ≤ %s%s)\n", cl.name, ms(s.p50), ms(s.p95), cl.goal, basis)
	}
	fmt.Printf("load after: %s\n", loadAverage())
	return nil
}

// benchRun asks for a run and waits until it is over: the time a user waits.
func benchRun(ctx context.Context, client *http.Client, base string, sim bool) (time.Duration, error) {
	t0 := time.Now()
	if err := postJSON(ctx, client, base+"/rules/runRulebase", fmt.Sprintf(`{"isSimulation":%t}`, sim)); err != nil {
		return 0, err
	}
	for {
		time.Sleep(100 * time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/rules/isRunProcess", nil)
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		var s pricer.RunState
		err = json.NewDecoder(resp.Body).Decode(&s)
		resp.Body.Close()
		if err != nil {
			return 0, err
		}
		if !s.Running {
			if s.Status != store.RunComplete {
				return 0, fmt.Errorf("the run ended %s: %s", s.Status, s.Error)
			}
			return time.Since(t0), nil
		}
	}
}

// benchRules replaces the account's rules with n rules across both sections: per
// super category a target from the cheapest of three competitors, from the
// average of in-stock offers, and from the MRP (by brand); floors from cost-like
// my-price cuts and ceilings from the highest competitor or the MRP.
func benchRules(ctx context.Context, st *store.Store, a engine.Account, p session.Principal, n int) error {
	if _, err := st.DB.Exec(ctx, `DELETE FROM pricer_rules WHERE account_id = $1`, p.AccountID); err != nil {
		return err
	}
	if _, err := st.DB.Exec(ctx, `INSERT INTO pricer_guardrails (account_id, max_change_pct, rounding_endings, min_margin_pct, auto_approve_pct)
		VALUES ($1, 10, '{0.49,0.99}', 5, 3) ON CONFLICT (account_id) DO UPDATE SET max_change_pct = 10, rounding_endings = '{0.49,0.99}',
		min_margin_pct = 5, auto_approve_pct = 3`, p.AccountID); err != nil {
		return err
	}
	comps := a.Competitors
	actor := store.Actor{UserID: p.UserID, AccountID: p.AccountID}
	for i := range n {
		c := func(k int) int64 { return comps[(i+k)%len(comps)].ID }
		var f store.RuleFields
		scope := fmt.Sprintf(`{"filters":{"price":{"filterType":"number","type":"inRange","filter":%d,"filterTo":%d}}}`, (i%12)*40, (i%12)*40+60)
		switch {
		case i%2 == 0 && i%6 == 0:
			f = store.RuleFields{Section: engine.SectionMiddle, Type: engine.RuleTarget, Source: engine.RuleSource{Kind: engine.SourceCompetitors,
				Competitors: []int64{c(0), c(1), c(2)}, Aggregate: engine.AggMin}, Adjust: engine.RuleAdjust{Percent: -1, Amount: -0.01}}
		case i%2 == 0 && i%6 == 2:
			f = store.RuleFields{Section: engine.SectionMiddle, Type: engine.RuleTarget, Source: engine.RuleSource{Kind: engine.SourceCompetitors,
				Competitors: []int64{c(0), c(3), c(5), c(7)}, Aggregate: engine.AggAvg, InStockOnly: true}}
		case i%2 == 0:
			f = store.RuleFields{Section: engine.SectionMiddle, Type: engine.RuleTarget, Source: engine.RuleSource{Kind: engine.SourceMRP},
				Adjust: engine.RuleAdjust{Percent: -12}}
			scope = fmt.Sprintf(`{"filters":{"name":{"filterType":"text","type":"contains","filter":"%c"}}}`, 'a'+rune(i%20))
		case i%4 == 1:
			f = store.RuleFields{Section: engine.SectionTopBottom, Type: engine.RuleFloor, Source: engine.RuleSource{Kind: engine.SourceMyPrice},
				Adjust: engine.RuleAdjust{Percent: -8}}
		default:
			f = store.RuleFields{Section: engine.SectionTopBottom, Type: engine.RuleCeiling, Source: engine.RuleSource{Kind: engine.SourceCompetitors,
				Competitors: []int64{c(1), c(2)}, Aggregate: engine.AggMax}, Adjust: engine.RuleAdjust{Percent: 5}}
		}
		if i == n-1 {
			scope = `{}` // a catch-all last target
			f = store.RuleFields{Section: engine.SectionMiddle, Type: engine.RuleTarget, Source: engine.RuleSource{Kind: engine.SourceMyPrice}, Adjust: engine.RuleAdjust{Percent: 1}}
		}
		f.Name, f.Status, f.Scope = fmt.Sprintf("Bench rule %02d", i+1), store.RuleActive, json.RawMessage(scope)
		f.Source.Normalize()
		r := store.Rule{Section: f.Section, Type: f.Type, Status: f.Status, Scope: f.Scope, Source: f.Source, Adjust: f.Adjust, Name: f.Name}
		er, err := r.Engine()
		if err != nil {
			return err
		}
		if err := engine.CheckRule(a, er); err != nil {
			return fmt.Errorf("bench rule %d: %w", i+1, err)
		}
		if _, err := st.SaveRule(ctx, actor, 0, f); err != nil {
			return err
		}
	}
	return nil
}

// allowAll grants every permission: the bench measures the pricer, not access.
type allowAll struct{}

func (allowAll) Can(echo.Context, session.Principal, authz.Action, authz.Code) (bool, error) {
	return true, nil
}

func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// copySnapshot copies the account's snapshot and build facts of from into the
// bench's own tables, as the account's own build would have written them, when
// the copy is not of from's newest build (a new seed of L). It was a view over
// from once: 18.16 does not push a WHERE into a view, so every run and preview
// read the other accounts' rows of from too (1.2M rows for 1M at L), a cost no
// real account has (its snapshot is a table partitioned by account). mrp is not
// in older L data sets: then each product gets one from its price. The copy
// (~1 min at L) runs under a limit of its own, not the reports' 30 s.
func copySnapshot(ctx context.Context, c config.Config, from string, account uint32) error {
	c.ClickHouseMaxExecution = 10 * time.Minute
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		return err
	}
	defer w.Close()
	newest := func(db string) (uint64, error) {
		var b uint64
		err := w.Conn.QueryRow(ctx, "SELECT max(build_id) FROM "+db+".snapshot_builds WHERE account_id = ?", account).Scan(&b)
		return b, err
	}
	src, err := newest(from)
	if err != nil {
		return err
	}
	cur, err := newest(w.Database)
	if err != nil || cur == src {
		return err
	}
	fmt.Printf("bench-pricer: copying account %d's snapshot (build %d) from %s\n", account, src, from)
	for _, t := range []string{"product_snapshot", "snapshot_builds"} {
		mine, err := columnNames(ctx, w, w.Database, t)
		if err != nil {
			return err
		}
		theirs, err := columnNames(ctx, w, from, t)
		if err != nil {
			return err
		}
		var cols, sel []string
		for _, name := range mine {
			switch {
			case slices.Contains(theirs, name):
				sel = append(sel, name)
			case name == "mrp":
				sel = append(sel, "round(my_price * 1.25, 2)")
			default:
				continue // the column's default
			}
			cols = append(cols, name)
		}
		if err := w.Conn.Exec(ctx, "TRUNCATE TABLE "+t); err != nil {
			return err
		}
		if err := w.Conn.Exec(ctx, "INSERT INTO "+t+" ("+strings.Join(cols, ", ")+") SELECT "+strings.Join(sel, ", ")+
			" FROM "+from+"."+t+" WHERE account_id = "+strconv.FormatUint(uint64(account), 10)); err != nil {
			return err
		}
	}
	return nil
}

// columnNames are the stored columns of db.table.
func columnNames(ctx context.Context, w *warehouse.Warehouse, db, table string) ([]string, error) {
	rows, err := w.Conn.Query(ctx, "SELECT name FROM system.columns WHERE database = ? AND table = ? AND default_kind NOT IN ('MATERIALIZED', 'ALIAS')", db, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, rows.Err()
}

// restartOnViews drops the bench's own ClickHouse database when it holds views
// of --from (the bench's setup before copySnapshot): the migrations would make
// the tables again, and a migration that alters the snapshot cannot alter a view
// (Code 48). The database holds nothing else of value (the results of earlier
// bench runs), and the migrations and the copy are made again right after.
func restartOnViews(ctx context.Context, c config.Config) error {
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		return err
	}
	defer w.Close()
	var views uint64
	if err := w.Conn.QueryRow(ctx, "SELECT count() FROM system.tables WHERE database = currentDatabase() AND engine = 'View'").Scan(&views); err != nil {
		return err
	}
	if views == 0 {
		return nil
	}
	fmt.Printf("bench-pricer: %s holds the views of the data set of an older bench; it starts again\n", w.Database)
	return w.Conn.Exec(ctx, "DROP DATABASE "+w.Database)
}
