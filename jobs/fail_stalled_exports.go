package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"pricelens/jobs/kinds"
)

// failStalledEvery is how often stalled exports are looked for; with the exports'
// stall limit (report.Exports.StallAfter) it bounds how long a killed export
// shows "running".
const failStalledEvery = 5 * time.Minute

// failStalledExports runs kinds.FailStalledExports.
type failStalledExports struct {
	river.WorkerDefaults[kinds.FailStalledExports]
	deps Deps
}

func (w *failStalledExports) Work(ctx context.Context, _ *river.Job[kinds.FailStalledExports]) error {
	if w.deps.Exports == nil {
		return nil // nothing exports in this process
	}
	return w.deps.Exports.FailStalled(ctx)
}

func (w *failStalledExports) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(failStalledEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.FailStalledExports{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
