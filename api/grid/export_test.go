package grid

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/deploy/testenv"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/report/reporttest"
	"pricelens/warehouse"
)

// exportServer is the grid and export routes over the fixture, with River workers
// running the export jobs (as `pricelens serve` does) and users 1 and 2.
func exportServer(t *testing.T, p *session.Principal) (*echo.Echo, *report.Exports) {
	t.Helper()
	var x *report.Exports
	e, s := serverWith(t, p, func(s *report.Service) []route.Route {
		x = report.NewExports(s, t.TempDir())
		return ExportRoutes(x)
	})
	_, err := s.DB.Exec(context.Background(), `INSERT INTO users (id, email) VALUES (1, 'one@example.com'), (2, 'two@example.com')`)
	require.NoError(t, err)
	startWorkers(t, x)
	return e, x
}

// startWorkers starts a River client with every worker over x, as a server process
// does; it is stopped at the end of the test (a second Stop is harmless).
func startWorkers(t *testing.T, x *report.Exports) *jobs.Workers {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w, err := jobs.Start(ctx, jobs.Deps{DB: x.S.DB, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Exports: x,
		ClickHouse: func(context.Context) (driver.Conn, error) { return x.S.W.Conn, nil }})
	require.NoError(t, err)
	t.Cleanup(func() { cancel(); _ = w.Stop() })
	return w
}

// addExportRoutes serves x's routes on e as p, for tests that run the jobs
// themselves or start and stop their own workers.
func addExportRoutes(e *echo.Echo, x *report.Exports, p *session.Principal) {
	for _, r := range ExportRoutes(x) {
		e.Add(r.Method, "/api"+r.Path, r.Handler.Func(), func(next echo.HandlerFunc) echo.HandlerFunc {
			return func(c echo.Context) error { session.Set(c, *p); return next(c) }
		})
	}
}

// waitExport polls getExportStatus (as the dialog does, but faster) until the
// export leaves queued/running.
func waitExport(t *testing.T, e *echo.Echo, name string) map[string]any {
	t.Helper()
	for i := 0; i < 600; i++ {
		code, out := call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
		require.Equal(t, 200, code, out)
		if st := out["status"]; st != "queued" && st != "running" {
			return out
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("export %s did not finish", name)
	return nil
}

func download(t *testing.T, e *echo.Echo, name string) (int, string, string) {
	req := httptest.NewRequest("GET", "/api/tabular/getCsvFile?reportName="+name, nil)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec.Code, rec.Header().Get("Content-Disposition"), rec.Body.String()
}

// gridRows reads a condition's rows block by block through getConditionsData.
func gridRows(t *testing.T, e *echo.Echo, cond map[string]any) []map[string]any {
	t.Helper()
	var out []map[string]any
	for start := 0; ; start += 50 {
		c := map[string]any{}
		for k, v := range cond {
			c[k] = v
		}
		c["startRow"], c["limit"] = start, 50
		body, _ := json.Marshal(map[string]any{"condition": c})
		code, res := call(e, "POST", "/api/tabular/getConditionsData", string(body))
		require.Equal(t, 200, code, res)
		for _, r := range res["rows"].([]any) {
			out = append(out, r.(map[string]any))
		}
		if res["lastRow"].(float64) >= 0 {
			return out
		}
	}
}

// sameValue compares a CSV cell with the grid's JSON value of a column of the given
// format_type: a number exactly as the grid shows it (FormatFloat's rounding, the
// account's currency €, thousands separators; reporttest.FormatFloatCell), times as the same
// instant, text exactly.
func sameValue(format string, grid any, cell string) bool {
	switch g := grid.(type) {
	case nil:
		return cell == ""
	case float64:
		if format == "bool" {
			return cell == map[bool]string{true: "Yes", false: "No"}[g != 0]
		}
		return cell == reporttest.FormatFloatCell(format, g, "€")
	case string:
		if gt, err := time.Parse(time.RFC3339, g); err == nil {
			ct, err := time.Parse("2006-01-02 15:04:05", cell)
			return err == nil && ct.Equal(gt)
		}
		return g == cell
	}
	return fmt.Sprint(grid) == cell
}

func TestExportEqualsGrid(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 1}
	e, x := exportServer(t, p)
	visible := []string{"name", "price", "Price@11", "price_delta@11", "seen_at@11", "labels", "canonical_mfgr_display", "id"}
	cond := map[string]any{"visible_columns": visible, "search": "a",
		"sort":    []map[string]any{{"colId": "price_delta@11", "sort": "desc"}, {"colId": "name", "sort": "asc"}},
		"filters": map[string]any{"Price@11": map[string]any{"filterType": "number", "type": "greaterThan", "filter": 5}}}
	code, cols := call(e, "POST", "/api/tabular/getColumnsDef", `{"reportId":"all_my_products"}`)
	require.Equal(t, 200, code, cols)
	headers, formats := map[string]string{}, map[string]string{}
	for _, c := range cols["columns"].([]any) {
		m := c.(map[string]any)
		headers[m["colId"].(string)] = m["headerName"].(string)
		formats[m["colId"].(string)] = m["format_type"].(string)
	}
	all := gridRows(t, e, cond)
	require.Greater(t, len(all), 20, "the condition must match enough rows to be a test")
	toggled := []string{all[0]["id"].(string), all[7]["id"].(string), all[len(all)-1]["id"].(string)}

	for _, tc := range []struct {
		name      string
		selectAll bool
		toggled   []string
		want      func(id string) bool
	}{
		{"every row", false, nil, func(string) bool { return true }},
		{"select all minus toggled", true, toggled, func(id string) bool { return id != toggled[0] && id != toggled[1] && id != toggled[2] }},
		{"the toggled rows", false, toggled, func(id string) bool { return id == toggled[0] || id == toggled[1] || id == toggled[2] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"condition": cond, "selectAll": tc.selectAll, "toggledNodes": tc.toggled})
			code, out := call(e, "POST", "/api/tabular/exportDataToCsv", string(body))
			require.Equal(t, 200, code, out)
			name := out["exportReportName"].(string)
			st := waitExport(t, e, name)
			require.Equal(t, "done", st["status"], st)
			assert.Equal(t, float64(100), st["percent"])

			code, disp, file := download(t, e, name)
			require.Equal(t, 200, code, file)
			assert.Equal(t, `attachment; filename="`+name+`.csv"`, disp)
			require.True(t, strings.HasPrefix(file, "\uFEFF"), "UTF-8 BOM first")
			recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file, "\uFEFF"))).ReadAll()
			require.NoError(t, err)
			var wantHeader []string
			for _, id := range visible {
				wantHeader = append(wantHeader, headers[id])
			}
			require.Equal(t, wantHeader, recs[0])
			var want []map[string]any
			for _, r := range all {
				if tc.want(r["id"].(string)) {
					want = append(want, r)
				}
			}
			require.Len(t, recs[1:], len(want))
			assert.Equal(t, float64(len(want)), st["rows"])
			for i, r := range want {
				for j, id := range visible {
					key := id
					if id == "labels" {
						key = "labelsNames"
					}
					assert.True(t, sameValue(formats[id], r[key], recs[i+1][j]), "row %d (%v) column %s: grid %v, file %q", i, r["id"], id, r[key], recs[i+1][j])
				}
			}
		})
	}

	t.Run("only the requester downloads", func(t *testing.T) {
		code, out := call(e, "POST", "/api/tabular/exportDataToCsv", `{"condition":{"visible_columns":["name"]}}`)
		require.Equal(t, 200, code, out)
		name := out["exportReportName"].(string)
		require.Equal(t, "done", waitExport(t, e, name)["status"])
		*p = session.Principal{UserID: 2, AccountID: 1} // another user of the same account
		defer func() { *p = session.Principal{UserID: 1, AccountID: 1} }()
		code, _, body := download(t, e, name)
		assert.Equal(t, 404, code, body)
		for _, path := range []string{"/api/tabular/getExportStatus", "/api/system/abortExport", "/api/tabular/initialExportProcess"} {
			code, out = call(e, "POST", path, `{"reportName":"`+name+`"}`)
			assert.Equal(t, 404, code, "%s: %v", path, out)
			assert.Equal(t, "This export does not exist. Start a new export from the report.", out["error"].(map[string]any)["message"])
		}
		code, out = call(e, "GET", "/api/tabular/getMyExports", "")
		require.Equal(t, 200, code, out)
		assert.Empty(t, out["exports"])
		*p = session.Principal{UserID: 1, AccountID: 2} // the requester in another account
		code, _, _ = download(t, e, name)
		assert.Equal(t, 404, code)
		code, out = call(e, "POST", "/api/system/abortExport", `{"reportName":"`+name+`"}`)
		assert.Equal(t, 404, code, out)
		// The other user's abort changed nothing: the requester still downloads it.
		*p = session.Principal{UserID: 1, AccountID: 1}
		code, out = call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
		require.Equal(t, 200, code, out)
		assert.Equal(t, "done", out["status"])
		code, _, body = download(t, e, name)
		assert.Equal(t, 200, code, body)
	})

	t.Run("bad input changes nothing", func(t *testing.T) {
		code, out := call(e, "GET", "/api/tabular/getMyExports", "")
		require.Equal(t, 200, code, out)
		before := out["exports"].([]any)
		require.NotEmpty(t, before)
		done := before[0].(map[string]any)
		require.Equal(t, "done", done["status"])
		code, out = call(e, "POST", "/api/system/abortExport", `{"reportName":"`+done["reportName"].(string)+`"}`)
		assert.Equal(t, 409, code, out)
		assert.Equal(t, "This export has already finished; there is nothing to cancel.", out["error"].(map[string]any)["message"])
		code, _, file := download(t, e, done["reportName"].(string))
		assert.Equal(t, 200, code, "the refused abort left the file: %s", file)
		for _, path := range []string{"/api/tabular/getExportStatus", "/api/tabular/initialExportProcess", "/api/system/abortExport"} {
			for body, want := range map[string]int{
				`{"reportName":"export_0123"}`:                            404, // the shape of a name, never handed out
				`{"reportName":"export_` + strings.Repeat("a", 24) + `"}`: 404,
				`{"reportName":"../../etc/passwd"}`:                       404,
				`{"reportName":""}`:                                       400,
				`{}`:                                                      400,
			} {
				code, out = call(e, "POST", path, body)
				assert.Equal(t, want, code, "%s %s: %v", path, body, out)
				msg, _ := out["error"].(map[string]any)["message"].(string)
				if want == 404 {
					assert.Equal(t, "This export does not exist. Start a new export from the report.", msg)
				} else {
					assert.Contains(t, msg, "reportName is required")
				}
			}
		}
		for cond, field := range map[string]string{
			`{"visible_columns":["name","nope"]}`:                                                                  "nope",
			`{"visible_columns":["name"],"sort":[{"colId":"nope","sort":"asc"}]}`:                                  "nope",
			`{"visible_columns":["name"],"filters":{"nope":{"filterType":"text","type":"contains","filter":"a"}}}`: "nope",
		} {
			code, out = call(e, "POST", "/api/tabular/exportDataToCsv", `{"condition":`+cond+`}`)
			assert.Equal(t, 400, code, "%s: %v", cond, out)
			assert.Contains(t, fmt.Sprint(out["error"]), "is not a column of this report", cond)
			assert.Contains(t, fmt.Sprint(out["error"]), field, cond)
		}
		code, out = call(e, "POST", "/api/tabular/exportDataToCsv", `{"condition":{"report_type":"competitiveness_metrics_snapshot"}}`)
		assert.Equal(t, 400, code, out)
		assert.Contains(t, out["error"].(map[string]any)["message"], "The competitiveness metrics snapshot cannot be exported yet")
		code, out = call(e, "GET", "/api/tabular/getMyExports", "")
		require.Equal(t, 200, code, out)
		assert.Equal(t, before, out["exports"], "no export recorded, none changed")
		code, _, _ = download(t, e, "export_00")
		assert.Equal(t, 404, code)
	})

	t.Run("expired after 7 days", func(t *testing.T) {
		code, out := call(e, "POST", "/api/tabular/exportDataToCsv", `{"condition":{"visible_columns":["name"]}}`)
		require.Equal(t, 200, code, out)
		name := out["exportReportName"].(string)
		st := waitExport(t, e, name)
		require.Equal(t, "done", st["status"])
		created, _ := time.Parse(time.RFC3339, st["created_at"].(string))
		expires, _ := time.Parse(time.RFC3339, st["expires_at"].(string))
		assert.Equal(t, report.ExportTTL, expires.Sub(created).Round(time.Second))
		path := filepath.Join(x.Dir, "1", name+".csv")
		require.FileExists(t, path)
		_, err := x.S.DB.Exec(context.Background(), `UPDATE export_jobs SET expires_at = now() WHERE id = $1`, name)
		require.NoError(t, err)
		require.NoError(t, x.ExpireExports(context.Background()))
		assert.NoFileExists(t, path)
		code, _, body := download(t, e, name)
		assert.Equal(t, 410, code)
		assert.Contains(t, body, "This export has expired (files are kept for 7 days). Export the report again.")
		code, out = call(e, "GET", "/api/tabular/getMyExports", "")
		require.Equal(t, 200, code, out)
		for _, ex := range out["exports"].([]any) {
			assert.NotEqual(t, name, ex.(map[string]any)["reportName"])
		}
	})
}

// exportFile starts an export of body, waits for it and returns its rows, header first.
func exportFile(t *testing.T, e *echo.Echo, body string) [][]string {
	t.Helper()
	code, out := call(e, "POST", "/api/tabular/exportDataToCsv", body)
	require.Equal(t, 200, code, out)
	name := out["exportReportName"].(string)
	st := waitExport(t, e, name)
	require.Equal(t, "done", st["status"], st)
	code, _, file := download(t, e, name)
	require.Equal(t, 200, code, file)
	require.True(t, strings.HasPrefix(file, "\uFEFF"), "UTF-8 BOM first")
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file, "\uFEFF"))).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, float64(len(recs)-1), st["rows"])
	return recs
}

// A report of group rows, and a product report in group mode, export their group
// rows: the grid's group columns (getColumnsDef) with their headers, values as the
// grid shows them, in the grid's order: what getConditionsData returns block by
// block.
func TestExportGroupRowsEqualGrid(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 1}
	e, _ := exportServer(t, p)
	code, cols := call(e, "POST", "/api/tabular/getColumnsDef", `{"reportId":"competitive_landscape_by_brand"}`)
	require.Equal(t, 200, code, cols)
	var visible []string
	headers, formats := map[string]string{}, map[string]string{}
	for _, c := range cols["columns"].([]any) {
		m := c.(map[string]any)
		id := m["colId"].(string)
		visible = append(visible, id)
		headers[id], formats[id] = m["headerName"].(string), m["format_type"].(string)
	}
	require.Contains(t, visible, "Lower@11", "the per-competitor group columns are exported too")
	for _, tc := range []struct {
		name string
		cond map[string]any
	}{
		{"landscape by brand, every column", map[string]any{"report_type": "competitive_landscape_by_brand", "visible_columns": visible,
			"sort": []map[string]any{{"colId": "Lower", "sort": "desc"}}}},
		{"landscape by brand, filtered and searched", map[string]any{"report_type": "competitive_landscape_by_brand",
			"visible_columns": []string{"canonical_mfgr_display", "products", "price_index", "Higher@12", "products_compared@13"}, "search": "a",
			"filters": map[string]any{"price": map[string]any{"filterType": "number", "type": "greaterThan", "filter": 5}}}},
		{"all my products grouped by category", map[string]any{"group": []map[string]any{{"id": "category"}},
			"visible_columns": []string{"category", "products", "Lower", "Lower_avg", "Similar@11"},
			"sort":            []map[string]any{{"colId": "category", "sort": "desc"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := gridRows(t, e, tc.cond)
			require.Greater(t, len(want), 1, "the condition must have several groups to be a test")
			body, _ := json.Marshal(map[string]any{"condition": tc.cond})
			recs := exportFile(t, e, string(body))
			ids := tc.cond["visible_columns"].([]string)
			var wantHeader []string
			for _, id := range ids {
				h := headers[id]
				if id == "category" {
					h = "category"
				}
				wantHeader = append(wantHeader, h)
			}
			require.Equal(t, wantHeader, recs[0])
			require.Len(t, recs[1:], len(want))
			for i, r := range want {
				for j, id := range ids {
					key, format := id, formats[id]
					if id == "category" {
						format = "text"
					}
					assert.True(t, sameValue(format, r[key], recs[i+1][j]), "row %d (%v) column %s: grid %v, file %q", i, r["id"], id, r[key], recs[i+1][j])
				}
			}
		})
	}
}

// bigAccount gives account 3 a snapshot of n plain products (no competitors), so
// that an export of it runs long enough to be watched and stopped.
func bigAccount(t *testing.T, s *report.Service, n int) {
	t.Helper()
	ctx := context.Background()
	_, err := s.DB.Exec(ctx, `INSERT INTO accounts (id, name, settings, custom_fields) VALUES (3, 'big', '{}', '[]')`)
	require.NoError(t, err)
	// A loaded shared server takes longer than a report query's 30 s for this.
	ctx = clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{"max_execution_time": 300}))
	require.NoError(t, s.W.Conn.Exec(ctx, `INSERT INTO product_snapshot (account_id, product_id, name, brand, my_price)
		SELECT 3, concat('B', toString(number)), concat('Product ', toString(number)), 'Brand', toFloat64(number % 97) FROM numbers(?)`, uint64(n)))
}

// running polls the status until the export has written rows (and so runs its query).
func running(t *testing.T, e *echo.Echo, name string) map[string]any {
	t.Helper()
	for i := 0; i < 3000; i++ {
		code, out := call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
		require.Equal(t, 200, code, out)
		if out["status"] == "running" && out["rows"].(float64) > 0 {
			return out
		}
		require.Contains(t, []any{"queued", "running"}, out["status"], out)
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("export %s never reported progress", name)
	return nil
}

func processes(t *testing.T, s *report.Service, queryID string) uint64 {
	var n uint64
	require.NoError(t, s.W.Conn.QueryRow(context.Background(), `SELECT count() FROM system.processes WHERE query_id = ?`, queryID).Scan(&n))
	return n
}

const bigExport = `{"condition":{"visible_columns":["name","price","canonical_mfgr_display"],"sort":[{"colId":"name","sort":"desc"}]}}`

func TestExportProgressAndAbort(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 3}
	e, x := exportServer(t, p)
	x.ProgressEvery = 50 * time.Millisecond
	bigAccount(t, x.S, 1_500_000)

	code, out := call(e, "POST", "/api/tabular/exportDataToCsv", bigExport)
	require.Equal(t, 200, code, out)
	name := out["exportReportName"].(string)
	code, out = call(e, "POST", "/api/tabular/initialExportProcess", `{"reportName":"`+name+`"}`)
	require.Equal(t, 200, code, out)
	assert.Contains(t, []any{"queued", "running"}, out["status"])

	st := running(t, e, name)
	assert.Greater(t, st["percent"].(float64), 0.0)
	assert.Less(t, st["percent"].(float64), 100.0)
	assert.NotNil(t, st["eta_seconds"], "a running export with rows written has a time left")
	assert.Equal(t, uint64(1), processes(t, x.S, report.ExportQueryID(name)), "the export's query runs under its known id")

	code, out = call(e, "POST", "/api/system/abortExport", `{"reportName":"`+name+`"}`)
	require.Equal(t, 200, code, out)
	assert.Equal(t, "canceled", out["status"])
	gone := false
	for i := 0; i < 500 && !gone; i++ {
		gone = processes(t, x.S, report.ExportQueryID(name)) == 0
		time.Sleep(10 * time.Millisecond)
	}
	assert.True(t, gone, "the abort stops the ClickHouse query")

	// The job ends without a file, and the export stays canceled.
	var jobState string
	for i := 0; i < 500; i++ {
		require.NoError(t, x.S.DB.QueryRow(context.Background(),
			`SELECT state FROM river_job WHERE kind = 'export_csv' AND args->>'name' = $1`, name).Scan(&jobState))
		if jobState == "completed" {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	assert.Equal(t, "completed", jobState)
	st = waitExport(t, e, name)
	assert.Equal(t, "canceled", st["status"])
	assert.Less(t, st["rows"].(float64), 1_500_000.0, "the job stopped where it was, not after writing every row")
	entries, _ := os.ReadDir(filepath.Join(x.Dir, "3"))
	assert.Empty(t, entries, "no file, not even the temporary one")
	code, _, body := download(t, e, name)
	assert.Equal(t, 409, code, body)
	code, out = call(e, "POST", "/api/system/abortExport", `{"reportName":"`+name+`"}`)
	assert.Equal(t, 409, code, out)
	assert.Equal(t, "This export has already been canceled; there is nothing to cancel.", out["error"].(map[string]any)["message"])
	code, out = call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
	require.Equal(t, 200, code, out)
	assert.Equal(t, "canceled", out["status"], "the second abort changed nothing")
	assert.Equal(t, st["rows"], out["rows"])
}

// A ClickHouse that goes away mid-export fails the export with a message, at once.
func TestExportDatabaseGone(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 3}
	e, s := serverWith(t, p, nil)
	ctx := context.Background()
	_, err := s.DB.Exec(ctx, `INSERT INTO users (id, email) VALUES (1, 'one@example.com')`)
	require.NoError(t, err)
	bigAccount(t, s, 1_500_000)
	c := testenv.Config(t)
	// Both of ClickHouse's interfaces go away: the native one (the count, the
	// kill) and the HTTP one that streams the rows. On a cluster every node of
	// the native list goes, or the service would answer from the next one.
	native, http := testenv.NewProxies(t, c.ClickHouseAddr), testenv.NewProxy(t, c.ClickHouseHTTPAddr)
	c.ClickHouseAddr, c.ClickHouseHTTPAddr, c.ClickHouseDB = native.Addr(), http.Addr(), s.W.Database
	w, err := warehouse.Open(ctx, c)
	require.NoError(t, err)
	defer w.Close()
	// No workers here: the test runs the job itself, over the proxy.
	x := report.NewExports(report.NewService(w, s.DB), t.TempDir())
	x.ProgressEvery = 50 * time.Millisecond
	addExportRoutes(e, x, p)
	code, out := call(e, "POST", "/api/tabular/exportDataToCsv", bigExport)
	require.Equal(t, 200, code, out)
	name := out["exportReportName"].(string)
	ran := make(chan error, 1)
	go func() { ran <- x.RunExport(ctx, name) }()
	running(t, e, name)
	native.Stop()
	http.Stop()
	require.NoError(t, <-ran, "the failure is recorded on the export, not retried")
	st := waitExport(t, e, name)
	assert.Equal(t, "failed", st["status"])
	assert.Contains(t, st["error"], "The export failed because a database did not answer; please export again.")
	entries, _ := os.ReadDir(filepath.Join(x.Dir, "3"))
	assert.Empty(t, entries)
}
