package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"pricelens/jobs/kinds"
)

// Dropper writes downstream drops on export schedules (package drops).
type Dropper interface {
	QueueDue(ctx context.Context) error
	RunDrop(ctx context.Context, scheduleID int64, due time.Time) error
}

// dropTickEvery is how often due export schedules are looked for: a cron
// expression's finest unit is the minute.
const dropTickEvery = time.Minute

// dropSchedules runs kinds.DropSchedules.
type dropSchedules struct {
	river.WorkerDefaults[kinds.DropSchedules]
	deps Deps
}

func (w *dropSchedules) Work(ctx context.Context, _ *river.Job[kinds.DropSchedules]) error {
	if w.deps.Drops == nil {
		return nil // nothing drops in this process
	}
	return w.deps.Drops.QueueDue(ctx)
}

func (w *dropSchedules) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(dropTickEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.DropSchedules{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// drop runs kinds.Drop.
type drop struct {
	river.WorkerDefaults[kinds.Drop]
	deps Deps
}

func (w *drop) Work(ctx context.Context, job *river.Job[kinds.Drop]) error {
	if w.deps.Drops == nil {
		return errors.New("this process has no dropper (jobs.Deps.Drops)")
	}
	return w.deps.Drops.RunDrop(ctx, job.Args.ScheduleID, job.Args.Due)
}

// Timeout is the export's: a drop is an export of a whole report.
func (w *drop) Timeout(*river.Job[kinds.Drop]) time.Duration { return exportTimeout }
