package grid

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/store"
)

// TestRepricingExportEqualsGrid: repricing/exportDataToCsv writes the rows of the
// results grid (getConditionsData read block by block) with its columns: the
// headers of getColumnsDef, values as the grid shows them, "why this price" as
// the grid's sentence, in the grid's order, with its filters and selection. The
// run and the export are worked by the River workers, as in a server.
// repricingServer serves the results and export routes over the fixture with River
// workers, and completes a real run of two rules (a target from the cheaper of
// Alpha and Beta, 1 % under; a floor 5 % under my price), with a manual contract
// pinning contractFSN and a planned event pricing eventFSN.
func repricingServer(t *testing.T) (*echo.Echo, *report.Service) {
	t.Helper()
	p := &session.Principal{UserID: 1, AccountID: 1}
	var x *report.Exports
	e, s := serverWith(t, p, func(s *report.Service) []route.Route {
		x = report.NewExports(s, t.TempDir())
		return append(ExportRoutes(x), RepricingRoutes(s)...)
	})
	ctx, cancel := context.WithCancel(context.Background())
	_, err := s.DB.Exec(ctx, `INSERT INTO users (id, email) VALUES (1, 'one@example.com')`)
	require.NoError(t, err)
	w, err := jobs.Start(ctx, jobs.Deps{DB: s.DB, Warehouse: s.W, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Exports: x,
		ClickHouse: func(context.Context) (driver.Conn, error) { return s.W.Conn, nil }})
	require.NoError(t, err)
	t.Cleanup(func() { cancel(); _ = w.Stop() })

	code, out := call(e, "POST", "/api/repricing/exportDataToCsv", `{"condition":{"run":"latest"}}`)
	require.Equal(t, 409, code, out)
	assert.Contains(t, out["error"].(map[string]any)["message"], "There are no results to export yet")

	for _, q := range []string{
		`INSERT INTO price_contracts (account_id, product_id, kind, floor_price, ceiling_price, starts_on, ends_on, comment)
			VALUES (1, '` + contractFSN + `', 'manual', 19.49, 19.49, '2000-01-01', '2999-12-31', 'pinned')`,
		`INSERT INTO price_events (account_id, product_id, event_name, event_price, starts_on, ends_on)
			VALUES (1, '` + eventFSN + `', 'Deep sale', 9.99, '2000-01-01', '2999-12-31')`,
	} {
		_, err = s.DB.Exec(ctx, q)
		require.NoError(t, err)
	}
	st := store.New(s.DB)
	actor := store.Actor{UserID: 1, AccountID: 1}
	for _, f := range []store.RuleFields{
		{Name: "Beat Alpha and Beta", Section: engine.SectionMiddle, Type: engine.RuleTarget, Status: store.RuleActive,
			Source: engine.RuleSource{Kind: engine.SourceCompetitors, Competitors: []int64{11, 12}, Aggregate: engine.AggMin}, Adjust: engine.RuleAdjust{Percent: -1}},
		{Name: "No deeper than 5 %", Section: engine.SectionTopBottom, Type: engine.RuleFloor, Status: store.RuleActive,
			Source: engine.RuleSource{Kind: engine.SourceMyPrice}, Adjust: engine.RuleAdjust{Percent: -5}},
	} {
		_, err := st.SaveRule(ctx, actor, 0, f)
		require.NoError(t, err)
	}
	run, _, err := st.StartRun(ctx, actor, false)
	require.NoError(t, err)
	for run.Status != store.RunComplete {
		require.NotEqual(t, store.RunFailed, run.Status, run.Error)
		time.Sleep(100 * time.Millisecond)
		run, err = st.Run(ctx, 1, run.ID)
		require.NoError(t, err)
	}
	return e, s
}

// The products of repricingServer's contract and event.
const contractFSN, eventFSN = "P0001", "P0002"

// resultRows reads a results condition block by block through getConditionsData.
func resultRows(t *testing.T, e *echo.Echo, cond map[string]any) []map[string]any {
	t.Helper()
	var all []map[string]any
	for start := 0; ; start += 40 {
		c := map[string]any{"startRow": start, "limit": 40}
		for k, v := range cond {
			c[k] = v
		}
		body, _ := json.Marshal(map[string]any{"data": c})
		code, res := call(e, "POST", "/api/repricing/getConditionsData", string(body))
		require.Equal(t, 200, code, res)
		for _, r := range res["rows"].([]any) {
			all = append(all, r.(map[string]any))
		}
		if res["lastRow"].(float64) >= 0 {
			return all
		}
	}
}

func TestRepricingExportEqualsGrid(t *testing.T) {
	e, _ := repricingServer(t)
	code, cols := call(e, "GET", "/api/repricing/getColumnsDef", "")
	require.Equal(t, 200, code, cols)
	headers, formats := map[string]string{}, map[string]string{}
	var defaults []string
	for _, c := range cols["columns"].([]any) {
		m := c.(map[string]any)
		headers[m["colId"].(string)], formats[m["colId"].(string)] = m["headerName"].(string), m["format_type"].(string)
		if m["default_column"] == true {
			defaults = append(defaults, m["colId"].(string))
		}
	}
	rows := func(cond map[string]any) []map[string]any { return resultRows(t, e, cond) }
	changed := map[string]any{"run": "latest", "filters": map[string]any{"status": map[string]any{"filterType": "radio", "value": "pending"}},
		"sort": []map[string]any{{"colId": "change_pct", "sort": "asc"}}}
	pending := rows(changed)
	require.Greater(t, len(pending), 5, "the rules must change enough prices to be a test")

	for _, tc := range []struct {
		name      string
		cond      map[string]any
		visible   []string
		selectAll bool
		toggled   []string
		rule      map[string]string // products' Rule cells, as a person reads them
	}{
		{"the grid's default columns, filtered and sorted", changed, defaults, false, nil, nil},
		{"chosen columns, every result but two", map[string]any{"run": "latest", "visible_columns": []string{"explanation", "id", "labels", "recommended_price", "status"},
			"sort": []map[string]any{{"colId": "recommended_price", "sort": "desc"}}},
			[]string{"explanation", "id", "labels", "recommended_price", "status"}, true, []string{pending[0]["id"].(string), pending[1]["id"].(string)}, nil},
		// Issue 29: the Rule column is the grid's words, never the id standing in
		// for an event (9007199254740990); a contract bounds the price, the target
		// stays the rule's.
		{"the Rule column in words, an event's and a contract's products among them", map[string]any{"run": "latest", "visible_columns": []string{"id", "rule_id", "recommended_price"}},
			[]string{"id", "rule_id", "recommended_price"}, false, nil, map[string]string{eventFSN: "Event", contractFSN: "Beat Alpha and Beta"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"condition": tc.cond, "selectAll": tc.selectAll, "toggledNodes": tc.toggled})
			code, out := call(e, "POST", "/api/repricing/exportDataToCsv", string(body))
			require.Equal(t, 200, code, out)
			name := out["exportReportName"].(string)
			status := waitExport(t, e, name)
			require.Equal(t, "done", status["status"], status)
			code, _, file := download(t, e, name)
			require.Equal(t, 200, code, file)
			recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file, "\uFEFF"))).ReadAll()
			require.NoError(t, err)
			var wantHeader []string
			for _, id := range tc.visible {
				wantHeader = append(wantHeader, headers[id])
			}
			require.Equal(t, wantHeader, recs[0])
			skip := map[string]bool{}
			for _, id := range tc.toggled {
				skip[id] = true
			}
			var want []map[string]any
			for _, r := range rows(tc.cond) {
				if !skip[r["id"].(string)] {
					want = append(want, r)
				}
			}
			require.Len(t, recs[1:], len(want))
			for i, r := range want {
				for j, id := range tc.visible {
					key := id
					switch id {
					case "labels":
						key = "labelsNames"
					case "rule_id":
						key = "rule_name" // the Rule column's words (rule_id stays for filters)
					}
					assert.True(t, sameValue(formats[id], r[key], recs[i+1][j]), "row %d (%v) column %s: grid %v, file %q", i, r["id"], id, r[key], recs[i+1][j])
				}
			}
			for fsn, words := range tc.rule {
				found := false
				for _, rec := range recs[1:] {
					if rec[0] == fsn {
						found = true
						assert.Equal(t, words, rec[1], "the Rule of %s", fsn)
					}
				}
				assert.True(t, found, "%s is in the file", fsn)
			}
		})
	}
}

// TestRepricingGroupMode: the results grouped by status, rule or a category level
// give one row per key with counts and change % that agree with the product rows
// of that key; opening a group (groupIds) gives exactly those product rows.
func TestRepricingGroupMode(t *testing.T) {
	e, _ := repricingServer(t)
	products := resultRows(t, e, map[string]any{"run": "latest"})
	require.Greater(t, len(products), 20)
	for _, g := range []string{"status", "rule_id", "super_category"} {
		t.Run(g, func(t *testing.T) {
			groups := resultRows(t, e, map[string]any{"run": "latest", "group": []map[string]any{{"id": g, "field": g}},
				"sort": []map[string]any{{"colId": "products", "sort": "desc"}}})
			require.NotEmpty(t, groups)
			key := func(r map[string]any) string {
				if r[g] == nil {
					return ""
				}
				if f, ok := r[g].(float64); ok {
					return fmt.Sprint(int64(f))
				}
				return fmt.Sprint(r[g])
			}
			total, last := 0.0, math.Inf(1)
			for _, gr := range groups {
				k := gr["group_key"].(string)
				assert.Equal(t, k, gr[g], "the key under the group column")
				assert.LessOrEqual(t, gr["products"].(float64), last, "sorted by products, descending")
				last = gr["products"].(float64)
				var n, changed, pending float64
				lo, hi := math.Inf(1), math.Inf(-1)
				for _, p := range products {
					if key(p) != k {
						continue
					}
					n++
					if p["status"] != "no_change" {
						changed++
						lo, hi = math.Min(lo, p["change_pct"].(float64)), math.Max(hi, p["change_pct"].(float64))
					}
					if p["status"] == "pending" {
						pending++
					}
				}
				assert.Equal(t, n, gr["products"], "group %q", k)
				assert.Equal(t, changed, gr["changed"], "group %q", k)
				assert.Equal(t, pending, gr["pending"], "group %q", k)
				if changed > 0 {
					assert.InDelta(t, lo, gr["min_change_pct"], 1e-9)
					assert.InDelta(t, hi, gr["max_change_pct"], 1e-9)
				} else {
					assert.Nil(t, gr["avg_change_pct"], "no change: no average")
				}
				total += n
				open := resultRows(t, e, map[string]any{"run": "latest", "group": []map[string]any{{"id": g, "field": g}}, "groupIds": []string{k}})
				assert.Len(t, open, int(n), "the open group %q holds its products", k)
				for _, p := range open {
					assert.Equal(t, k, key(p))
				}
			}
			assert.Equal(t, float64(len(products)), total, "every product in one group")
		})
	}
	code, out := call(e, "POST", "/api/repricing/getConditionsData", `{"data":{"run":"latest","group":[{"id":"price","field":"price"}]}}`)
	assert.Equal(t, 400, code, out)
}
