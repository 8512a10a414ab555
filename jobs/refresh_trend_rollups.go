package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"pricelens/ingest"
	"pricelens/jobs/kinds"
	"pricelens/store"
)

// refreshTrendRollupsEvery is how often the trend rollups catch up with the loads
// (trend/ reads the raw scans of an account loaded since its rollup's build).
const refreshTrendRollupsEvery = 10 * time.Minute

// refreshTrendRollups runs kinds.RefreshTrendRollups.
type refreshTrendRollups struct {
	river.WorkerDefaults[kinds.RefreshTrendRollups]
	deps Deps
}

// RefreshTrendRollupsTimeout bounds one refresh: a first build of a large account
// carries years of scans forward (545 s at L); the refresh after a load of today's
// scans rebuilds nothing (make bench-freshness times it beside this).
const RefreshTrendRollupsTimeout = time.Hour

func (w *refreshTrendRollups) Timeout(*river.Job[kinds.RefreshTrendRollups]) time.Duration {
	return RefreshTrendRollupsTimeout
}

func (w *refreshTrendRollups) Work(ctx context.Context, _ *river.Job[kinds.RefreshTrendRollups]) error {
	if w.deps.Warehouse == nil {
		return nil
	}
	settings, err := store.MetricSettings(ctx, w.deps.DB)
	if err != nil {
		return err
	}
	return w.deps.Warehouse.RefreshTrendRollups(ctx, settings, ingest.ScanLoads(w.deps.DB))
}

func (w *refreshTrendRollups) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(refreshTrendRollupsEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.RefreshTrendRollups{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
