package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"pricelens/jobs/kinds"
	"pricelens/pricer"
	"pricelens/store"
)

// runPricer works one requested run of the dynamic pricer (kind run_pricer); the
// run itself is package pricer's (pricer.Runner).
type runPricer struct {
	river.WorkerDefaults[kinds.RunPricer]
	deps Deps
}

// Timeout: a run at L takes seconds to tens of seconds; River's default minute is
// too tight on a loaded machine.
func (w *runPricer) Timeout(*river.Job[kinds.RunPricer]) time.Duration { return 15 * time.Minute }

// Work runs the run. A run marked failed is not retried (the user runs again); any
// other error (the worker stopped midway) is, with a result set of its own.
func (w *runPricer) Work(ctx context.Context, job *river.Job[kinds.RunPricer]) error {
	r := pricer.Runner{Store: store.New(w.deps.DB), W: w.deps.Warehouse, Now: w.deps.now, Log: w.deps.Log}
	err := r.Run(ctx, job.Args.RunID)
	var failed *pricer.RunFailed
	if errors.As(err, &failed) {
		return river.JobCancel(err)
	}
	return err
}
