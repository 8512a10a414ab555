// Package jobs runs Pricelens's background work on River, a job queue kept in
// PostgreSQL (github.com/riverqueue/river): jobs are inserted in the transaction of
// the change that needs them (package kinds), survive restarts, are retried on
// failure and run on whichever process has workers, so several servers can share
// the work. `pricelens serve` runs the workers in-process unless PRICELENS_WORKERS
// is off; `pricelens worker` runs them alone.
//
// Each kind's worker is a file here named after the kind; its arguments live in
// package kinds.
package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"pricelens/deploy/config"
	"pricelens/warehouse"
)

// Deps are what the workers need.
type Deps struct {
	DB  *pgxpool.Pool // app state; River's tables live here too
	Log *slog.Logger
	// ClickHouse returns the connection on the warehouse database. It is asked for
	// on every attempt, so a connection that failed can be replaced.
	ClickHouse func(ctx context.Context) (driver.Conn, error)
	// SMTP is the mail server of send_mail (config PRICELENS_SMTP_*).
	SMTP config.SMTP
	// Exports writes CSV exports (kinds export_csv, send_scheduled_report).
	Exports Exporter
	// TrendExports writes saved trend reports' CSV (send_scheduled_report of a
	// report whose type is a trend report: trend/).
	TrendExports ReportExporter
	// Drops writes downstream drops on export schedules (kinds drop_schedules, drop).
	Drops Dropper
	// DropRoot is the folder of the accounts' drop folders (config
	// PRICELENS_DROP_ROOT): the price feed writes there (kind price_feed; "": none).
	DropRoot string
	// Warehouse runs the price alerts' queries (kind evaluate_alert).
	Warehouse *warehouse.Warehouse
	// PublicURL is the webapp's address, for the links in alert mails and the
	// download link of a scheduled report too large to attach.
	PublicURL string
	// ScheduleHour is the local hour from which scheduled reports are mailed
	// (config PRICELENS_SCHEDULE_HOUR).
	ScheduleHour int
	// Now is the clock of the schedule tick (time.Now when nil); tests set it.
	Now func() time.Time
}

func (d Deps) now() time.Time {
	if d.Now == nil {
		return time.Now()
	}
	return d.Now()
}

// Workers is a running River client with every kind's worker.
type Workers struct {
	client *river.Client[pgx.Tx]
}

// stopTimeout bounds the graceful stop: running jobs get this long to finish before
// their contexts are cancelled (they are retried by the next worker).
const stopTimeout = 30 * time.Second

// Start starts the workers; they run until Stop (or until ctx is cancelled, which
// begins a graceful stop).
func Start(ctx context.Context, d Deps) (*Workers, error) {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	workers := river.NewWorkers()
	mirror := &mirrorProductLabels{deps: d}
	river.AddWorker(workers, mirror)
	river.AddWorker(workers, &sendMail{deps: d})
	river.AddWorker(workers, &exportCSV{deps: d})
	expire := &expireExports{deps: d}
	river.AddWorker(workers, expire)
	schedule := &scheduleReports{deps: d}
	river.AddWorker(workers, schedule)
	river.AddWorker(workers, &sendScheduledReport{deps: d})
	dropTick := &dropSchedules{deps: d}
	river.AddWorker(workers, dropTick)
	river.AddWorker(workers, &drop{deps: d})
	stalled := &failStalledExports{deps: d}
	river.AddWorker(workers, stalled)
	alerts := &enqueueAlerts{deps: d}
	river.AddWorker(workers, alerts)
	river.AddWorker(workers, &evaluateAlert{deps: d})
	fold := &foldSnapshotDeltas{deps: d, after: foldAfter}
	river.AddWorker(workers, fold)
	river.AddWorker(workers, &runPricer{deps: d})
	river.AddWorker(workers, &processUpload{deps: d})
	trendRollups := &refreshTrendRollups{deps: d}
	river.AddWorker(workers, trendRollups)
	prices := &priceFeed{deps: d}
	river.AddWorker(workers, prices)
	client, err := river.NewClient(riverpgxv5.New(d.DB), &river.Config{
		Logger:          d.Log,
		Queues:          map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 10}},
		Workers:         workers,
		PeriodicJobs:    []*river.PeriodicJob{mirror.periodic(), expire.periodic(), dropTick.periodic(), stalled.periodic(), alerts.periodic(), schedule.periodic(), trendRollups.periodic(), fold.periodic(), prices.periodic()},
		SoftStopTimeout: stopTimeout,
	})
	if err != nil {
		return nil, err
	}
	if err := client.Start(ctx); err != nil {
		return nil, err
	}
	return &Workers{client: client}, nil
}

// Stop stops fetching jobs and waits for running ones (at most stopTimeout, then
// cancels them).
func (w *Workers) Stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), stopTimeout+5*time.Second)
	defer cancel()
	return w.client.Stop(ctx)
}

// Kill stops at once, as a crash would stop a job mid-way: running jobs' contexts
// are cancelled and River runs them again on the next worker.
func (w *Workers) Kill() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return w.client.StopAndCancel(ctx)
}

// Run runs the workers until ctx is cancelled, then stops them gracefully.
func Run(ctx context.Context, d Deps) error {
	w, err := Start(ctx, d)
	if err != nil {
		return err
	}
	<-ctx.Done()
	return w.Stop()
}
