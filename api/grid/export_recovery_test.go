package grid

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/session"
	"pricelens/report"
)

// A server stopped mid-export (its jobs cancelled mid-stream): another server's
// workers run the job again and the export finishes with the whole file.
func TestExportResumesOnAnotherWorker(t *testing.T) {
	const n = 300_000
	p := &session.Principal{UserID: 1, AccountID: 3}
	e, s := serverWith(t, p, nil)
	_, err := s.DB.Exec(context.Background(), `INSERT INTO users (id, email) VALUES (1, 'one@example.com')`)
	require.NoError(t, err)
	bigAccount(t, s, n)
	x := report.NewExports(s, t.TempDir())
	x.ProgressEvery = 50 * time.Millisecond
	addExportRoutes(e, x, p)
	first := startWorkers(t, x) // the server that is stopped

	code, out := call(e, "POST", "/api/tabular/exportDataToCsv", bigExport)
	require.Equal(t, 200, code, out)
	name := out["exportReportName"].(string)
	st := running(t, e, name)
	require.Less(t, st["rows"].(float64), float64(n), "stopped mid-stream")
	require.NoError(t, first.Kill())
	// River hands the stopped job back to the queue at once (a server that dies
	// without stopping leaves it to River's rescuer, or to FailStalled below).
	var jobState, status string
	require.NoError(t, x.S.DB.QueryRow(context.Background(), `SELECT j.state, e.status FROM river_job j
		JOIN export_jobs e ON e.id = j.args->>'name' WHERE j.kind = 'export_csv' AND j.args->>'name' = $1`, name).Scan(&jobState, &status))
	assert.Equal(t, "available", jobState)
	assert.Equal(t, "running", status, "stopped mid-stream, not done")
	entries, _ := os.ReadDir(filepath.Join(x.Dir, "3"))
	assert.Empty(t, entries, "the stopped attempt removed its temporary file")
	startWorkers(t, x) // another server

	st = waitExport(t, e, name)
	require.Equal(t, "done", st["status"], st)
	assert.Equal(t, float64(n), st["rows"])

	code, _, file := download(t, e, name)
	require.Equal(t, 200, code, file)
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file, "\uFEFF"))).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, n+1, "the header and every row once")
	assert.Equal(t, []string{"Name", "My Price", "Brand"}, recs[0])
	// Sorted by name descending: Product 99999 first, Product 0 last.
	assert.Equal(t, "Product 99999", recs[1][0])
	assert.Equal(t, "Product 0", recs[n][0])
	entries, _ = os.ReadDir(filepath.Join(x.Dir, "3"))
	assert.Len(t, entries, 1, "the file alone")
}

// A server killed mid-export leaves its export "running" with no job making
// progress (River would run the job again only after its two-hour timeout): the
// sweep fails it with a message, and the late job run changes nothing.
func TestExportStalledFails(t *testing.T) {
	p := &session.Principal{UserID: 1, AccountID: 3}
	e, s := serverWith(t, p, nil)
	ctx := context.Background()
	_, err := s.DB.Exec(ctx, `INSERT INTO users (id, email) VALUES (1, 'one@example.com')`)
	require.NoError(t, err)
	bigAccount(t, s, 300_000)
	// No workers: the test runs the job itself and "kills" it by cancelling it.
	x := report.NewExports(s, t.TempDir())
	x.ProgressEvery = 50 * time.Millisecond
	addExportRoutes(e, x, p)
	code, out := call(e, "POST", "/api/tabular/exportDataToCsv", bigExport)
	require.Equal(t, 200, code, out)
	name := out["exportReportName"].(string)
	jobCtx, kill := context.WithCancel(ctx)
	ran := make(chan error, 1)
	go func() { ran <- x.RunExport(jobCtx, name) }()
	running(t, e, name)
	kill()
	require.ErrorIs(t, <-ran, context.Canceled, "a stopped job is left to River to run again")
	code, st := call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
	require.Equal(t, 200, code, st)
	require.Equal(t, "running", st["status"], "what a killed server leaves")

	require.NoError(t, x.FailStalled(ctx))
	code, st = call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
	require.Equal(t, 200, code, st)
	assert.Equal(t, "running", st["status"], "not yet: its last progress is recent")

	_, err = s.DB.Exec(ctx, `UPDATE export_jobs SET progress_at = now() - interval '16 minutes' WHERE id = $1`, name)
	require.NoError(t, err)
	require.NoError(t, x.FailStalled(ctx))
	code, st = call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
	require.Equal(t, 200, code, st)
	assert.Equal(t, "failed", st["status"])
	assert.Equal(t, fmt.Sprintf(report.ErrStalled, 15), st["error"])
	assert.Equal(t, "The export stopped: it made no progress for 15 minutes (its server may have been stopped). Please export again.", st["error"])

	// River runs the job again at last: it finds the export failed and leaves it so.
	require.NoError(t, x.RunExport(ctx, name))
	code, st = call(e, "POST", "/api/tabular/getExportStatus", `{"reportName":"`+name+`"}`)
	require.Equal(t, 200, code, st)
	assert.Equal(t, "failed", st["status"])
	entries, _ := os.ReadDir(filepath.Join(x.Dir, "3"))
	assert.Empty(t, entries)
	code, _, body := download(t, e, name)
	assert.Equal(t, 409, code, body)
}
