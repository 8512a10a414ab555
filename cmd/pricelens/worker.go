package main

import (
	"context"
	"log/slog"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/deploy/config"
	"pricelens/drops"
	"pricelens/jobs"
	"pricelens/report"
	"pricelens/trend"
)

// runWorker runs the background job workers alone, without the API, until
// SIGINT/SIGTERM; running jobs get a graceful stop.
func runWorker(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("worker takes no arguments (settings come from PRICELENS_* variables)")
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	log := newLogger(c)
	dbs, err := openDatabases(ctx, c)
	if err != nil {
		return err
	}
	defer dbs.Close()
	log.Info("pricelens worker: running background jobs")
	return jobs.Run(ctx, dbs.jobDeps(c, log))
}

// jobDeps are the workers' dependencies over the command's open databases.
func (d databases) jobDeps(c config.Config, log *slog.Logger) jobs.Deps {
	svc := report.NewService(d.W, d.DB)
	exports := report.NewExports(svc, c.DataDir)
	exports.Log = log
	return jobs.Deps{DB: d.DB, Log: log, SMTP: c.SMTP, ScheduleHour: c.ScheduleHour, PublicURL: c.PublicURL,
		ClickHouse:   func(context.Context) (driver.Conn, error) { return d.W.Conn, nil },
		Exports:      exports,
		TrendExports: trend.NewExports(trend.NewService(svc), exports),
		Drops:        drops.New(svc),
		DropRoot:     c.DropRoot,
		Warehouse:    d.W}
}
