package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"pricelens/jobs/kinds"
)

// Exporter writes an export's file and keeps its row up to date (report.Exports).
// The job only hands it the export's name: the row holds the rest.
type Exporter interface {
	RunExport(ctx context.Context, name string) error
	ExpireExports(ctx context.Context) error
	FailStalled(ctx context.Context) error
	// ReportExporter: ExportNow exports every row of a grid condition for a user
	// and waits for the file (a scheduled report's CSV).
	ReportExporter
	// DownloadLink gives a finished export a token that opens its file without a
	// session (GET /api/tabular/downloadScheduledCsv?token=).
	DownloadLink(ctx context.Context, name string) (token string, err error)
}

// ReportExporter writes the CSV of a saved report's condition for its owner now
// and waits for the file (a scheduled report's attachment): the export's name,
// file and size.
type ReportExporter interface {
	ExportNow(ctx context.Context, accountID, userID int64, categories []string, condition json.RawMessage) (name, path string, size int64, err error)
}

// expireEvery is how often expired export files are deleted.
const expireEvery = time.Hour

// exportTimeout bounds one export; a million rows take well under a minute, so
// this only stops a query that hangs despite the server's max_execution_time.
const exportTimeout = 2 * time.Hour

// exportCSV runs kinds.ExportCSV.
type exportCSV struct {
	river.WorkerDefaults[kinds.ExportCSV]
	deps Deps
}

func (w *exportCSV) Work(ctx context.Context, job *river.Job[kinds.ExportCSV]) error {
	if w.deps.Exports == nil {
		return errors.New("this process has no exporter (jobs.Deps.Exports)")
	}
	return w.deps.Exports.RunExport(ctx, job.Args.Name)
}

// Timeout replaces River's one-minute default: exports of large reports run longer.
func (w *exportCSV) Timeout(*river.Job[kinds.ExportCSV]) time.Duration { return exportTimeout }

// expireExports runs kinds.ExpireExports.
type expireExports struct {
	river.WorkerDefaults[kinds.ExpireExports]
	deps Deps
}

func (w *expireExports) Work(ctx context.Context, _ *river.Job[kinds.ExpireExports]) error {
	if w.deps.Exports == nil {
		return nil // nothing exports in this process
	}
	return w.deps.Exports.ExpireExports(ctx)
}

func (w *expireExports) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(expireEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.ExpireExports{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
