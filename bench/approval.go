package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/grid"
	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/api/upload"
	"pricelens/deploy/config"
	"pricelens/deploy/databases"
	"pricelens/engine"
	pricing "pricelens/pricer"
	"pricelens/report"
	"pricelens/store"
	"pricelens/store/authz"
)

// Approval measures manual approval at scale (issue 16): approving every
// Pending record of a run of --records records by the grid's select-all (the
// filter model resolved on the server) and by an approval CSV naming each of
// them, through the HTTP API; then a grid block and its count once they are all
// decided. Its databases are private (make bench-approval: bench_approval in both
// servers): the run's results are written straight into pricer_results (the shape
// a real run writes) and its records into approval_records; each measurement gets
// a fresh run with every record Pending.
func Approval(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench-approval", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	records := fs.Int("records", 100_000, "Pending records of the run")
	runs := fs.Int("runs", 3, "measured approvals of each kind")
	if err := fs.Parse(args); err != nil {
		return usagef("%v (usage: bench-approval [--records N] [--runs N])", err)
	}
	if *records < 1 || *runs < 1 {
		return usagef("--records and --runs must be positive")
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	if c.ClickHouseDB == "pricelens" || c.ClickHouseDB == "bench_l" {
		return usagef("run bench-approval on databases of its own (PRICELENS_CLICKHOUSE_DB, PRICELENS_POSTGRES_URL), not on %s", c.ClickHouseDB)
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

	var account, userID, resultID int64
	if err := db.QueryRow(ctx, `INSERT INTO accounts (name, site_id) VALUES ('Bench approval', 'bench-approval') RETURNING id`).Scan(&account); err != nil {
		return err
	}
	if err := db.QueryRow(ctx, `INSERT INTO users (email) VALUES ('bench-approval@pricelens.local')
		ON CONFLICT ((lower(email))) DO UPDATE SET email = excluded.email RETURNING id`).Scan(&userID); err != nil {
		return err
	}
	if err := db.QueryRow(ctx, `SELECT nextval('pricer_result_id')`).Scan(&resultID); err != nil {
		return err
	}
	// The run's results: every product's price up 10 %, above the threshold (pending).
	if err := w.Conn.Exec(ctx, `INSERT INTO `+engine.TablePricerResults.String()+` (account_id, result_id, product_id, name, brand, super_category, category,
		vertical, search_text, price, cost, mrp, recommended_price, change_pct, status)
		SELECT ?, ?, concat('FSN', toString(number)), concat('Product ', toString(number)), concat('Brand ', toString(number % 50)),
			concat('Super ', toString(number % 5)), 'Category', 'Vertical', concat('fsn', toString(number), ' product ', toString(number)),
			100 + number % 900, 50, 0, round((100 + number % 900) * 1.1, 2), 10, 'pending' FROM numbers(?)`,
		uint32(account), uint64(resultID), uint64(*records)); err != nil {
		return err
	}
	defer func() {
		// The run's data goes: a later bench-approval makes its own account.
		_ = w.DropResultSet(context.WithoutCancel(ctx), resultID)
		_, _ = db.Exec(context.WithoutCancel(ctx), `DELETE FROM accounts WHERE id = $1`, account)
	}()
	// newRun makes a fresh complete run of the result set with every record Pending
	// (each measurement decides records a run wrote, not ones reset by the bench),
	// dropping the previous run's records and vacuuming them away first.
	var runID int64
	newRun := func() error {
		if _, err := db.Exec(ctx, `DELETE FROM pricer_runs WHERE account_id = $1`, account); err != nil {
			return err
		}
		for _, t := range []string{"approval_records", "approval_decisions"} {
			if _, err := db.Exec(ctx, `VACUUM ANALYZE `+t); err != nil {
				return err
			}
		}
		if err := db.QueryRow(ctx, `INSERT INTO pricer_runs (account_id, is_simulation, status, requested_by, finished_at, result_id, products, changed, pending)
			VALUES ($1, false, 'complete', $2, now(), $3, $4, $4, $4) RETURNING id`, account, userID, resultID, *records).Scan(&runID); err != nil {
			return err
		}
		if _, err := db.Exec(ctx, `INSERT INTO approval_records (account_id, run_id, product_id, current_price, recommended_price, change_pct, status, reason)
			SELECT $1, $2, 'FSN' || n, 100 + n % 900, round((100 + n % 900) * 1.1, 2), 10, 'Pending', 'above_threshold' FROM generate_series(0, $3 - 1) n`,
			account, runID, *records); err != nil {
			return err
		}
		_, err := db.Exec(ctx, `ANALYZE approval_records`)
		return err
	}
	if err := newRun(); err != nil {
		return err
	}
	fmt.Printf("account %d: run %d with %d Pending records; load before: %s\n", account, runID, *records, loadAverage())

	p := session.Principal{UserID: userID, AccountID: account, Role: authz.Admin}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		if he, ok := err.(*httperr.Error); ok {
			_ = c.JSON(he.Status, map[string]any{"error": he})
			return
		}
		_ = c.JSON(500, map[string]any{"error": err.Error()})
	}
	g := e.Group("/api", func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error { session.Set(c, p); return next(c) }
	})
	for _, r := range append(grid.ApprovalRoutes(report.NewService(w, db)), upload.ApprovalRoutes(pricing.New(store.New(db), w))...) {
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
	client := &http.Client{}

	var csv bytes.Buffer
	csv.WriteString("fsn,status,bizfin comment\n")
	for i := range *records {
		fmt.Fprintf(&csv, "FSN%d,approved,bench\n", i)
	}
	selectAll := func() (int, error) {
		body := fmt.Sprintf(`{"run_id":%d,"decision":"approved","select_all":true,"data":{"filters":{"status":{"filterType":"radio","value":"Pending"}}}}`, runID)
		return postChanged(ctx, client, base+"/approval/decide", "application/json", strings.NewReader(body))
	}
	byCSV := func() (int, error) {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		part, err := mw.CreateFormFile("UploadCsv", "approve_all.csv")
		if err != nil {
			return 0, err
		}
		if _, err := part.Write(csv.Bytes()); err != nil {
			return 0, err
		}
		if err := mw.Close(); err != nil {
			return 0, err
		}
		return postChanged(ctx, client, base+upload.ApprovalPath, mw.FormDataContentType(), &body)
	}
	for _, k := range []struct {
		name string
		f    func() (int, error)
	}{{"select-all (filter status = Pending)", selectAll}, {fmt.Sprintf("approval CSV (%d rows, %.1f MB)", *records, float64(csv.Len())/1e6), byCSV}} {
		var times []time.Duration
		for range *runs {
			if err := newRun(); err != nil {
				return err
			}
			t0 := time.Now()
			n, err := k.f()
			if err != nil {
				return fmt.Errorf("%s: %w", k.name, err)
			}
			times = append(times, time.Since(t0))
			if n != *records {
				return fmt.Errorf("%s changed %d records, not %d", k.name, n, *records)
			}
		}
		s := quantiles(times)
		fmt.Printf("approve all by %-40s p50 %8s  max %8s  (goal ≤ 10 s)\n", k.name, ms(s.p50), ms(times[len(times)-1]))
	}
	// The grid once every record is decided: the decided products travel as an external set.
	for _, cl := range []struct{ name, path, body string }{
		{"grid block, all decided (sort change %)", "/approval/getConditionsData", `{"data":{"startRow":1000,"limit":100,"sort":[{"colId":"change_pct","sort":"desc"}]}}`},
		{"grid count, all decided (filter Pending)", "/approval/getCountOfRow", `{"conditionData":{"filters":{"status":{"filterType":"radio","value":"Pending"}}}}`},
	} {
		s, err := measure(10, func() error { return postJSON(ctx, client, base+cl.path, cl.body) })
		if err != nil {
			return fmt.Errorf("%s: %w", cl.name, err)
		}
		fmt.Printf("%-55s p50 %8s  p95 %8s\n", cl.name, ms(s.p50), ms(s.p95))
	}
	fmt.Printf("load after: %s\n", loadAverage())
	return nil
}

// postChanged posts a body and reads the answer's "changed".
func postChanged(ctx context.Context, client *http.Client, url, contentType string, body io.Reader) (int, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", url, body)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", contentType)
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("status %d: %.300s", resp.StatusCode, raw)
	}
	var out struct {
		Changed int `json:"changed"`
	}
	return out.Changed, json.Unmarshal(raw, &out)
}
