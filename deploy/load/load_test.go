package load_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/api"
	"pricelens/deploy/load"
	"pricelens/deploy/testenv"
	"pricelens/ingest/demo"
	"pricelens/jobs"
	"pricelens/report"
)

// A short run against the real server on the demo data set S: every call of the
// mix is made and answered 2xx, each session signed in once and ran its loops, and
// the reports the sessions saved are gone again. Before that, a wrong password stops the run after
// one sign-in, so the throttle (5 failures) is not reached by a run of 6 sessions.
// Then a run with think time until its deadline.
func TestRunAgainstTheServer(t *testing.T) {
	w, cfg := testenv.ClickHouse(t)
	db, pg := testenv.Postgres(t)
	cfg.PostgresURL = pg.PostgresURL
	cfg.DataDir = t.TempDir() // the exports' files
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	const password = "load-test-pass"
	start := time.Now()
	_, err := demo.Load(ctx, w, db, demo.Options{Size: demo.S, Seed: 1, AdminPassword: password, Out: io.Discard, Progress: io.Discard})
	require.NoError(t, err)
	t.Logf("demo S loaded in %s", time.Since(start).Round(time.Millisecond))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	e, err := api.New(api.Deps{Config: cfg, Log: log, DB: db, Warehouse: w})
	require.NoError(t, err)
	// The export jobs run in workers, as in the server `make load` starts.
	workers, err := jobs.Start(ctx, jobs.Deps{DB: db, Log: log, Exports: report.NewExports(report.NewService(w, db), cfg.DataDir),
		ClickHouse: func(context.Context) (driver.Conn, error) { return w.Conn, nil }})
	require.NoError(t, err)
	defer func() { _ = workers.Stop() }()
	srv := httptest.NewServer(e)
	defer srv.Close()

	o := load.Options{BaseURL: srv.URL, Email: demo.AdminEmail, Password: "wrong password", Sessions: 6, Duration: time.Second}
	_, err = load.Run(ctx, o)
	require.ErrorContains(t, err, "status 401")

	// Bounded by the loop count, not the clock: two loops per session whatever the machine's speed.
	o.Password, o.Duration, o.Loops = password, 5*time.Minute, 2
	rep, err := load.Run(ctx, o)
	require.NoError(t, err)
	var table bytes.Buffer
	rep.WriteTable(&table)
	t.Log("\n" + table.String())

	assert.Equal(t, 0, rep.Total.Errors(), "every request answered 2xx")
	assert.False(t, rep.Failed())
	assert.Equal(t, 12, rep.Loops)
	calls := map[string]int{}
	for _, c := range rep.Calls {
		calls[c.Call] = c.Requests
	}
	assert.Equal(t, 6, calls["auth (sign-in)"])
	for _, name := range []string{"account/getAccountsWithAuth", "account/setAccount", "account/getAccountData",
		"tabular/getColumnsDef (table)", "tabular/getConditionsData (table, filter + sort)", "tabular/getCountOfRow",
		"tabular/getConditionsData (table, next block)", "tabular/getConditionsData (table, search)", "tabular/getTooltipData",
		"tooltip/getCompetitorData", "filters/getBrandsList", "filters/getCategoryDropDownList", "labels/getAllLabels",
		"tabular/getColumnsDef (group)", "tabular/getConditionsData (group)", "tabular/getConditionsData (group, open a group)",
		"saveReport/getAllSaveReports", "scenarios (list)", "saveReport/insertSaveReport", "saveReport/updateSaveReport",
		"saveReport/getSaveReport", "saveReport/removeSaveReport",
		"trend/getColumnsDef", "trend/getConditionsData (price trend)", "trend/getConditionsData (product page)",
		"token", "v1/insights/pricing", "insights/cards",
		"rules/isRunProcess", "repricing/getColumnsDef", "repricing/getConditionsData", "repricing/getCountOfRow",
		"tabular/exportDataToCsv", "tabular/initialExportProcess"} {
		assert.Positive(t, calls[name], "the mix calls %s", name)
	}
	assert.Equal(t, 12, calls["saveReport/insertSaveReport"])
	assert.Equal(t, 12, calls["saveReport/removeSaveReport"])
	var left int
	require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM saved_reports WHERE report_name LIKE 'Load test %' AND removed_at IS NULL`).Scan(&left))
	assert.Zero(t, left, "the reports the run saved are deleted again")
	assert.Equal(t, 12, calls["tabular/exportDataToCsv"])
	assert.Zero(t, calls["system/abortExport"], "every export finished while the session polled it")
	var live int
	require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM export_jobs WHERE status IN ('queued', 'running')`).Scan(&live))
	assert.Zero(t, live, "every export the run started has ended")

	// With think time, for a bounded time: every session pauses between its actions
	// and stops at the deadline, mid-loop if need be, leaving no report or export behind.
	o.Think, o.Duration, o.Loops, o.Seed = load.Think{Min: 50 * time.Millisecond, Max: 150 * time.Millisecond}, 4*time.Second, 1000, 7
	start = time.Now()
	rep, err = load.Run(ctx, o)
	require.NoError(t, err)
	table.Reset()
	rep.WriteTable(&table)
	t.Log("\n" + table.String())
	assert.Equal(t, 0, rep.Total.Errors(), "every request answered 2xx")
	assert.Less(t, time.Since(start), 30*time.Second, "the sessions stop at the deadline")
	assert.Contains(t, table.String(), "think time 50ms-150ms")
	assert.Regexp(t, `requests/s achieved \(\d+\.\d+ per session\)`, table.String())
	require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM saved_reports WHERE report_name LIKE 'Load test %' AND removed_at IS NULL`).Scan(&left))
	assert.Zero(t, left, "a session stopped between saving and deleting a report still deletes it")
	require.NoError(t, db.QueryRow(ctx, `SELECT count(*) FROM export_jobs WHERE status IN ('queued', 'running')`).Scan(&live))
	assert.Zero(t, live, "no export is left running")
}
