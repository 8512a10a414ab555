package grid

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/jobs"
	"pricelens/store"
)

// TestRepricingExportEqualsGrid: repricing/exportDataToCsv writes the rows of the
// results grid (getConditionsData read block by block) with its columns: the
// headers of getColumnsDef, values as the grid shows them, "why this price" as
// the grid's sentence, in the grid's order, with its filters and selection. The
// run and the export are worked by the River workers, as in a server.
func TestRepricingExportEqualsGrid(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 1}
	var x *Exports
	e, s := serverWith(t, p, func(s *Service) []route.Route {
		x = NewExports(s, t.TempDir())
		return append(ExportRoutes(x), RepricingRoutes(s)...)
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := s.DB.Exec(ctx, `INSERT INTO users (id, email) VALUES (1, 'one@example.com')`)
	require.NoError(t, err)
	w, err := jobs.Start(ctx, jobs.Deps{DB: s.DB, Warehouse: s.W, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Exports: x,
		ClickHouse: func(context.Context) (driver.Conn, error) { return s.W.Conn, nil }})
	require.NoError(t, err)
	t.Cleanup(func() { cancel(); _ = w.Stop() })

	code, out := call(e, "POST", "/api/repricing/exportDataToCsv", `{"condition":{"run":"latest"}}`)
	require.Equal(t, 409, code, out)
	assert.Contains(t, out["error"].(map[string]any)["message"], "There are no results to export yet")

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
	rows := func(cond map[string]any) []map[string]any {
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
	}{
		{"the grid's default columns, filtered and sorted", changed, defaults, false, nil},
		{"chosen columns, every result but two", map[string]any{"run": "latest", "visible_columns": []string{"explanation", "id", "recommended_price", "status"},
			"sort": []map[string]any{{"colId": "recommended_price", "sort": "desc"}}},
			[]string{"explanation", "id", "recommended_price", "status"}, true, []string{pending[0]["id"].(string), pending[1]["id"].(string)}},
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
					assert.True(t, sameValue(formats[id], r[id], recs[i+1][j]), "row %d (%v) column %s: grid %v, file %q", i, r["id"], id, r[id], recs[i+1][j])
				}
			}
		})
	}
}
