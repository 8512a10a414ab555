package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/grid"
	"pricelens/api/session"
	"pricelens/deploy/config"
	"pricelens/engine"
	"pricelens/progress"
	"pricelens/report"
	"pricelens/store"
	"pricelens/trend"
	"pricelens/warehouse"
)

// Grid measures the grid (docs/benchmarks.md#targets): for each query class, p50/p95 through the
// HTTP API with one client, the same SQL directly on ClickHouse, and an equivalent
// query on PostgreSQL loaded with the same data, and prints the ratios. It uses the
// databases of the environment (make bench points them at bench_l).
func Grid(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	runs := fs.Int("runs", 20, "measured runs per query class (after 2 warm-up runs)")
	skipPG := fs.Bool("skip-postgres", false, "do not load or time the PostgreSQL copy of the grid's data")
	accountFlag := fs.Int64("account", 0, "account id (default: the account with the most products)")
	only := fs.String("only", "", "run only these classes: grid, trend, reports (insights, assortment, real-time) or home (the home dashboard's reads); default: grid and trend")
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: bench [--runs N] [--account ID] [--skip-postgres] [--only grid|trend|reports|home])", err)
	}
	switch *only {
	case "", "grid", "trend", "reports", "home":
	default:
		return usagef("--only must be grid, trend, reports or home, not %q", *only)
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		return err
	}
	defer w.Close()
	// PostgreSQL is opened even with --skip-postgres: it holds the account's catalog
	// and the loads that decide whether a trend may read the rollup (without it,
	// every trend read the raw scans and the all-products class ran out of memory).
	// The flag only skips the grid's PostgreSQL copy and its timings.
	db, err := store.Open(ctx, c.PostgresURL)
	if err != nil {
		return err
	}
	defer db.Close()
	accountID, _, err := benchAccount(ctx, w, c.ClickHouseDB, *accountFlag)
	if err != nil {
		return err
	}
	svc := report.NewService(w, db)
	svc.Now = func() time.Time { return time.Now() }
	if !accountInPostgres(ctx, db, accountID) {
		// A bare ClickHouse data set: the catalog comes from the snapshot itself, read
		// once (it does not change while the bench runs).
		cat, err := catalogFromSnapshot(ctx, w, accountID)
		if err != nil {
			return err
		}
		svc.Load = func(context.Context, int64) (engine.Account, error) { return cat, nil }
	}
	p := session.Principal{UserID: 1, AccountID: accountID}
	a, err := svc.Account(ctx, p)
	if err != nil {
		return err
	}
	if len(a.Competitors) < 3 {
		return fmt.Errorf("account %d has %d competitors; the bench needs at least 3", accountID, len(a.Competitors))
	}
	if *only != "trend" && !a.TotalsExact() {
		// Built before the totals existed, with other settings, or an offer has gone
		// stale since: the state right after a load is the one to measure.
		fmt.Printf("the snapshot's stored totals are not exact now: rebuilding account %d first, as a load does…\n", accountID)
		settings := map[uint32]engine.Settings{uint32(accountID): a.Settings}
		t0 := time.Now()
		if err := w.RefreshSnapshots(progress.NewContext(ctx, progress.New(os.Stderr)), settings); err != nil {
			return err
		}
		fmt.Printf("rebuilt in %.1fs\n", time.Since(t0).Seconds())
		if a, err = svc.Account(ctx, p); err != nil {
			return err
		}
	}
	// The API: the grid and trend routes in-process (the trend bench needs its service).
	var ts *trend.Service
	base, client, stop, err := gridServer(svc, p, func(g *echo.Group) { ts = addTrendRoutes(g, svc) }, insightRoutes(svc), exportRoutes(svc))
	if err != nil {
		return err
	}
	defer stop()

	c3 := a.Competitors[2].ID
	classes := benchClasses(a, c3)
	if *only == "trend" || *only == "reports" || *only == "home" {
		classes = nil
	}
	if !*skipPG && classes != nil {
		if err := loadPostgresCopy(ctx, w, db, a); err != nil {
			return err
		}
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	if len(classes) > 0 {
		fmt.Fprintln(tw, "class\tAPI p50\tAPI p95\tCH p50\tCH p95\tPG p50\tPG p95\tAPI/CH p50\tAPI/CH p95\tPG/CH p50\ttarget p95\t")
	}
	for _, cl := range classes {
		// The same queries the API runs (the snapshot facts, the block, then the group's
		// per-competitor pairs or the page's labels), straight on ClickHouse in-process: the API/CH
		// ratio is then the cost of HTTP, JSON and the handler. API and CH runs
		// alternate so that both see the same load on the shared machine.
		if _, err := engine.ParseCondition([]byte(strings.ReplaceAll(cl.cond, "NEW", "0"))); err != nil {
			return err
		}
		calls := 0
		next := func(s string) string {
			if !cl.fresh {
				return s
			}
			calls++
			return strings.ReplaceAll(s, "NEW", fmt.Sprint(-calls))
		}
		apiRun := func() error { return postJSON(ctx, client, base+cl.path, next(cl.body)) }
		chRun := func() error {
			cond, err := engine.ParseCondition([]byte(next(cl.cond)))
			if err != nil {
				return err
			}
			// The account read too: with its snapshot facts when the plan needs them,
			// that is a ClickHouse query of the request like the others.
			a, err := svc.AccountFor(ctx, p, cond, cl.count)
			if err != nil {
				return err
			}
			if cl.count {
				_, err := svc.Count(ctx, a, cond)
				return err
			}
			_, err = svc.Rows(ctx, a, cond)
			return err
		}
		api, ch, err := measurePair(*runs, apiRun, chRun)
		if err != nil {
			return fmt.Errorf("%s: %w", cl.name, err)
		}
		pg := stats{}
		if !*skipPG && cl.pg != nil {
			if pg, err = measure(max(*runs/4, 3), func() error { return cl.pg(ctx, db) }); err != nil {
				return fmt.Errorf("%s on PostgreSQL: %w", cl.name, err)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%.2f\t%s\t%s\t\n", cl.name, ms(api.p50), ms(api.p95), ms(ch.p50), ms(ch.p95),
			ms(pg.p50), ms(pg.p95), ratio(api.p50, ch.p50), ratio(api.p95, ch.p95), ratioText(pg.p50, ch.p50), cl.target)
		tw.Flush()
	}
	if *only == "reports" {
		return benchReports(ctx, tw, *runs, client, base, a)
	}
	if *only == "home" {
		return benchHome(ctx, tw, *runs, client, base, db, ts, a, p)
	}
	if *only == "grid" {
		return nil
	}
	var flag openFlag
	if accountInPostgres(ctx, db, accountID) {
		flag = func(productID string, competitorID int64) (engine.Account, func() error, error) {
			st, actor := store.New(db), store.Actor{UserID: p.UserID, AccountID: accountID}
			if err := st.FlagMatch(ctx, actor, productID, competitorID, "", "pricelens bench: a trend with an open flag"); err != nil {
				return engine.Account{}, nil, err
			}
			closeFlag := func() error { return st.UnflagMatch(context.WithoutCancel(ctx), actor, productID, competitorID) }
			fa, err := svc.Account(ctx, p)
			if err != nil {
				return engine.Account{}, nil, errors.Join(err, closeFlag())
			}
			return fa, closeFlag, nil
		}
	}
	return benchTrends(ctx, tw, *runs, client, base, w, ts, a, flag)
}

// gridServer serves the grid routes in-process on a free port, behind a fixed
// principal (the benches measure the grid, not sign-in): the API's base URL, a
// client for it, and the function that stops it. extra adds more routes to /api.
func gridServer(svc *report.Service, p session.Principal, extra ...func(*echo.Group)) (string, *http.Client, func(), error) {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = func(err error, c echo.Context) { _ = c.JSON(500, map[string]any{"error": err.Error()}) }
	g := e.Group("/api", func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error { session.Set(c, p); return next(c) }
	})
	for _, r := range grid.Routes(svc) {
		g.Add(r.Method, r.Path, r.Handler.Func())
	}
	for _, add := range extra {
		add(g)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, nil, err
	}
	srv := &http.Server{Handler: e, ErrorLog: slog.NewLogLogger(slog.NewTextHandler(io.Discard, nil), slog.LevelError)}
	go func() { _ = srv.Serve(ln) }()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2}}
	return "http://" + ln.Addr().String() + "/api", client, func() { _ = srv.Close() }, nil
}

type benchClass struct {
	name, path, body, target, cond string
	count                          bool
	// fresh: every run asks a condition the server has not seen (NEW in body and
	// cond becomes a new negative number), so nothing the grid kept from an
	// earlier run (the report service's order cache) answers it.
	fresh bool
	pg    func(ctx context.Context, db *pgxpool.Pool) error
}

func benchClasses(a engine.Account, c3 int64) []benchClass {
	cs := fmt.Sprint(c3)
	// The grid's default columns, as the webapp sends them in visible_columns.
	visible := []string{"id", "name", "img_url", "canonical_mfgr_display", "category_display", "labels", "price",
		"Lower", "Similar", "Higher", "Lower_avg", "products_compared", "market_price", "market_delta"}
	for _, c := range a.Competitors {
		visible = append(visible, fmt.Sprint("Price@", c.ID), fmt.Sprint("price_delta@", c.ID))
	}
	vis, _ := json.Marshal(visible)
	table := `{"startRow":0,"limit":100,"visible_columns":` + string(vis) + `,"filters":{"price":{"filterType":"number","type":"greaterThan","filter":50}},"sort":[{"colId":"Price@` + cs + `","sort":"desc"}]}`
	deep := `{"startRow":500000,"limit":100,"visible_columns":` + string(vis) + `,"sort":[{"colId":"Price@` + cs + `","sort":"desc"}]}`
	// The same block under a condition never asked before (my price > a new
	// negative number: every product), as after a change of filter.
	deepNew := `{"startRow":500000,"limit":100,"visible_columns":` + string(vis) + `,"filters":{"price":{"filterType":"number","type":"greaterThan","filter":NEW}},"sort":[{"colId":"Price@` + cs + `","sort":"desc"}]}`
	countNew := strings.Replace(table, `"filter":50}`, `"filter":NEW}`, 1)
	weight := "product"
	if len(a.CustomFields) > 0 {
		weight = a.CustomFields[0].LogicalName
	}
	// Group mode's default columns (the per-competitor group keys are opt-in columns).
	group := `{"startRow":0,"limit":100,"group":[{"id":"category"}],"weightBy":"` + weight +
		`","visible_columns":["category","products","products_compared","Lower","Similar","Higher","Lower_avg","price_index"]}`
	search := `{"startRow":0,"limit":100,"visible_columns":` + string(vis) + `,"search":"laptop 12"}`
	acc := int64(a.AccountID)
	cut := time.Now().AddDate(0, 0, -a.Settings.StalenessDays)
	pgPage := func(where string, offset int, args ...any) func(ctx context.Context, db *pgxpool.Pool) error {
		return func(ctx context.Context, db *pgxpool.Pool) error {
			// The page of ids sorted on one competitor's price, then every competitor's offer of those ids.
			q := `SELECT p.product_id FROM bench_products p LEFT JOIN bench_offers o ON o.account_id = p.account_id
				AND o.product_id = p.product_id AND o.competitor_id = $2 WHERE p.account_id = $1 ` + where + `
				ORDER BY o.price DESC NULLS LAST, p.product_id LIMIT 101 OFFSET ` + fmt.Sprint(offset)
			ids, err := pgStrings(ctx, db, q, append([]any{acc, c3}, args...)...)
			if err != nil {
				return err
			}
			_, err = pgStrings(ctx, db, `SELECT p.product_id FROM bench_products p JOIN bench_offers o ON o.account_id = p.account_id
				AND o.product_id = p.product_id WHERE p.account_id = $1 AND p.product_id = ANY($2)`, acc, ids)
			return err
		}
	}
	return []benchClass{
		{name: "table block (filter + sort on a competitor)", path: "/tabular/getConditionsData", body: `{"condition":` + table + `}`, target: "80 ms",
			cond: table, pg: pgPage("AND p.my_price > 50", 0)},
		{name: "count", path: "/tabular/getCountOfRow", body: `{"condition":` + table + `}`, target: "5 ms",
			cond: table, count: true, pg: func(ctx context.Context, db *pgxpool.Pool) error {
				_, err := pgStrings(ctx, db, `SELECT count(*)::text FROM bench_products WHERE account_id = $1 AND my_price > 50`, acc)
				return err
			}},
		{name: "group block (category, weighted by " + weight + ")", path: "/tabular/getConditionsData", body: `{"condition":` + group + `}`, target: "20 ms",
			cond: group, pg: func(ctx context.Context, db *pgxpool.Pool) error {
				w := "1.0"
				if weight != "product" {
					w = "p." + pgx.Identifier{weight}.Sanitize()
				}
				_, err := pgStrings(ctx, db, `SELECT category || sum(w)::text FROM (
					SELECT p.category, `+w+` AS w, o.delta FROM bench_products p JOIN bench_offers o ON o.account_id = p.account_id AND o.product_id = p.product_id
					WHERE p.account_id = $1 AND o.price > 0 AND p.my_price > 0 AND o.scanned_at >= $2) x
					GROUP BY category ORDER BY category LIMIT 101`, acc, cut)
				return err
			}},
		{name: "count, a new condition", path: "/tabular/getCountOfRow", body: `{"condition":` + countNew + `}`, target: "5 ms",
			cond: countNew, count: true, fresh: true},
		{name: "deep block (startRow 500,000)", path: "/tabular/getConditionsData", body: `{"condition":` + deep + `}`, target: "150 ms",
			cond: deep, pg: pgPage("", 500000)},
		{name: "deep block, a new condition", path: "/tabular/getConditionsData", body: `{"condition":` + deepNew + `}`, target: "150 ms",
			cond: deepNew, fresh: true},
		{name: "search", path: "/tabular/getConditionsData", body: `{"condition":` + search + `}`, target: "30 ms",
			cond: search, pg: func(ctx context.Context, db *pgxpool.Pool) error {
				_, err := pgStrings(ctx, db, `SELECT product_id FROM bench_products WHERE account_id = $1 AND search_text LIKE '%laptop 12%'
					ORDER BY product_id LIMIT 101`, acc)
				return err
			}},
	}
}

func pgStrings(ctx context.Context, db *pgxpool.Pool, q string, args ...any) ([]string, error) {
	rows, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func postJSON(ctx context.Context, client *http.Client, url, body string) error {
	_, err := postJSONBody(ctx, client, url, body)
	return err
}

// postJSONBody is postJSON with the answer's body.
func postJSONBody(ctx context.Context, client *http.Client, url, body string) ([]byte, error) {
	return askBody(ctx, client, http.MethodPost, url, body)
}

// askBody asks url (with a JSON body unless body is "") and answers the body of a
// 200 answer; any other status is an error with the answer's text.
func askBody(ctx context.Context, client *http.Client, method, url, body string) ([]byte, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return nil, err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s %s: status %d: %s", method, url, resp.StatusCode, bytes.TrimSpace(b))
	}
	return b, nil
}

type stats struct{ p50, p95 time.Duration }

// measurePair times a and b alternately (after 2 warm-up runs of each).
func measurePair(runs int, a, b func() error) (stats, stats, error) {
	var da, db []time.Duration
	for i := 0; i < runs+2; i++ {
		for j, f := range []func() error{a, b} {
			t := time.Now()
			if err := f(); err != nil {
				return stats{}, stats{}, err
			}
			if i >= 2 {
				if j == 0 {
					da = append(da, time.Since(t))
				} else {
					db = append(db, time.Since(t))
				}
			}
		}
	}
	return quantiles(da), quantiles(db), nil
}

func quantiles(d []time.Duration) stats {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	n := len(d)
	p95 := (n*95 + 99) / 100
	return stats{p50: d[n/2], p95: d[max(p95-1, 0)]}
}

func measure(runs int, f func() error) (stats, error) {
	for i := 0; i < 2; i++ {
		if err := f(); err != nil {
			return stats{}, err
		}
	}
	d := make([]time.Duration, runs)
	for i := range d {
		t := time.Now()
		if err := f(); err != nil {
			return stats{}, err
		}
		d[i] = time.Since(t)
	}
	return quantiles(d), nil
}

func ms(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

func ratioText(a, b time.Duration) string {
	if a == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fx", ratio(a, b))
}

// accountInPostgres reports whether PostgreSQL has the account with competitors.
// benchAccount is the account a bench measures and its product count: the one
// asked for, or (id 0) the account with the most products in the snapshot.
func benchAccount(ctx context.Context, w *warehouse.Warehouse, database string, id int64) (int64, uint64, error) {
	var n uint64
	if id != 0 {
		err := w.Conn.QueryRow(ctx, "SELECT count() FROM product_snapshot WHERE account_id = ?", uint32(id)).Scan(&n)
		return id, n, err
	}
	var largest uint32
	if err := w.Conn.QueryRow(ctx, "SELECT account_id, count() AS n FROM product_snapshot GROUP BY account_id ORDER BY n DESC LIMIT 1").Scan(&largest, &n); err != nil {
		return 0, 0, fmt.Errorf("no snapshot data in ClickHouse database %s (load it: pricelens seed --size L): %w", database, err)
	}
	fmt.Printf("account %d: %d products in %s\n", largest, n, database)
	return int64(largest), n, nil
}

func accountInPostgres(ctx context.Context, db *pgxpool.Pool, id int64) bool {
	c, err := store.New(db).Catalog(ctx, id)
	return err == nil && len(c.Competitors) > 0
}

// catalogFromSnapshot builds an account's catalog from the ClickHouse snapshot alone
// (competitor ids seen in it, the three custom fields, default settings).
func catalogFromSnapshot(ctx context.Context, w *warehouse.Warehouse, id int64) (engine.Account, error) {
	a := engine.Account{AccountID: uint32(id), Settings: engine.DefaultSettings(),
		CustomFields: []engine.CustomField{{LogicalName: "revenue_30d", DisplayName: "Revenue"}, {LogicalName: "units_30d", DisplayName: "Units"}}}
	res, err := w.Query(ctx, warehouse.SQL("SELECT DISTINCT arrayJoin(comp_ids) AS c FROM product_snapshot WHERE account_id = ? ORDER BY c", uint32(id)))
	if err != nil {
		return a, err
	}
	for _, r := range res.Rows {
		cid := int64(r[0].(uint64))
		if cid == 0 {
			continue // an empty slot, not a competitor
		}
		a.Competitors = append(a.Competitors, engine.Competitor{ID: cid, Name: fmt.Sprint("Competitor ", cid)})
	}
	return a, nil
}

// loadPostgresCopy copies the benchmark account's products and latest offers into
// PostgreSQL tables with the indexes the compared queries need, once.
func loadPostgresCopy(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, a engine.Account) error {
	var n int64
	if err := db.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_name = 'bench_offers'`).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		// Loaded before, completely (an interrupted load is redone).
		var rows int64
		want, err := w.Count(ctx, warehouse.SQL("SELECT count() FROM product_snapshot WHERE account_id = ?", a.AccountID))
		if err != nil {
			return err
		}
		if err := db.QueryRow(ctx, `SELECT count(*) FROM bench_products WHERE account_id = $1`, int64(a.AccountID)).Scan(&rows); err == nil && uint64(rows) == want {
			var idx int64
			if err := db.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE indexname = 'bench_offers_comp_price'`).Scan(&idx); err == nil && idx == 1 {
				return nil
			}
		}
	}
	fmt.Println("loading the PostgreSQL copy (once)...")
	start := time.Now()
	for _, q := range []string{
		`DROP TABLE IF EXISTS bench_products`, `DROP TABLE IF EXISTS bench_offers`,
		`CREATE TABLE bench_products (account_id bigint, product_id text, name text, brand text, super_category text, category text,
			vertical text, my_price double precision, cost double precision, revenue_30d double precision, units_30d double precision,
			search_text text, PRIMARY KEY (account_id, product_id))`,
		`CREATE TABLE bench_offers (account_id bigint, product_id text, competitor_id bigint, price double precision,
			scanned_at timestamptz, delta double precision, PRIMARY KEY (account_id, product_id, competitor_id))`,
	} {
		if _, err := db.Exec(ctx, q); err != nil {
			return fmt.Errorf("postgres copy: %w", err)
		}
	}
	// Read a tenth of the products at a time into memory, then copy it: a
	// ClickHouse stream left waiting while PostgreSQL writes hits the read timeout.
	acc := int64(a.AccountID)
	for part := 0; part < 10; part++ {
		var prods, offers [][]any
		res, err := w.Query(ctx, warehouse.SQL(`SELECT product_id, name, brand, super_category, category, vertical, my_price, cost, revenue_30d,
			units_30d, search_text, comp_ids, c_price, c_seen, c_delta FROM product_snapshot
			WHERE account_id = ? AND cityHash64(product_id) % 10 = ?`, a.AccountID, part))
		if err != nil {
			return err
		}
		for _, r := range res.Rows {
			id := r[0].(string)
			prods = append(prods, []any{acc, id, r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10]})
			ids, _ := r[11].([]uint32)
			prices, _ := r[12].([]float64)
			seen, _ := r[13].([]time.Time)
			deltas, _ := r[14].([]float64)
			for i, c := range ids {
				if c == 0 || i >= len(prices) || i >= len(seen) || i >= len(deltas) {
					continue // a slot without an offer (dense arrays)
				}
				var price, delta any
				if prices[i] == prices[i] {
					price = prices[i]
				}
				if deltas[i] == deltas[i] {
					delta = deltas[i]
				}
				offers = append(offers, []any{acc, id, int64(c), price, seen[i], delta})
			}
		}
		if _, err := db.CopyFrom(ctx, pgx.Identifier{"bench_products"}, []string{"account_id", "product_id", "name", "brand",
			"super_category", "category", "vertical", "my_price", "cost", "revenue_30d", "units_30d", "search_text"}, pgx.CopyFromRows(prods)); err != nil {
			return err
		}
		if _, err := db.CopyFrom(ctx, pgx.Identifier{"bench_offers"}, []string{"account_id", "product_id", "competitor_id", "price",
			"scanned_at", "delta"}, pgx.CopyFromRows(offers)); err != nil {
			return err
		}
	}
	for _, q := range []string{
		`CREATE INDEX bench_products_price ON bench_products (account_id, my_price)`,
		`CREATE INDEX bench_products_category ON bench_products (account_id, category)`,
		`CREATE INDEX bench_offers_comp_price ON bench_offers (account_id, competitor_id, price DESC NULLS LAST, product_id)`,
		`ANALYZE bench_products`, `ANALYZE bench_offers`,
	} {
		if _, err := db.Exec(ctx, q); err != nil {
			return fmt.Errorf("postgres copy: %w", err)
		}
	}
	fmt.Printf("PostgreSQL copy loaded in %s\n", time.Since(start).Round(time.Second))
	return nil
}
