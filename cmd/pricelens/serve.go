package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	"pricelens/api"
	"pricelens/deploy/config"
	"pricelens/jobs"
)

func newLogger(c config.Config) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(c.LogLevel))
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}

// runServe serves the API and the webapp until SIGINT/SIGTERM.
func runServe(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("serve takes no arguments (settings come from PRICELENS_* variables)")
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	if pid := runningServer(c.DataDir); pid != 0 && answersHealth(c.HTTPAddr) {
		fmt.Printf("pricelens: already serving at http://%s (pid %d); `make stop` stops it\n", c.HTTPAddr, pid)
		return nil
	}
	// Bind first: a taken port fails before anything else is opened or logged.
	ln, err := api.Listen(c.HTTPAddr)
	if err != nil {
		return err
	}
	defer ln.Close()
	log := newLogger(c)
	dbs, err := openDatabases(ctx, c)
	if err != nil {
		return err
	}
	defer dbs.Close()
	w, db := dbs.W, dbs.DB
	e, err := api.New(api.Deps{Config: c, Log: log, Warehouse: w, DB: db})
	if err != nil {
		return err
	}
	if c.Workers { // background jobs in-process unless PRICELENS_WORKERS=off
		workers, err := jobs.Start(ctx, dbs.jobDeps(c, log))
		if err != nil {
			return err
		}
		defer func() {
			if err := workers.Stop(); err != nil {
				log.Warn("background workers did not stop cleanly", "err", err)
			}
		}()
	}
	if err := writeServePID(c.DataDir); err != nil {
		return err
	}
	defer os.Remove(servePIDFile(c.DataDir))
	return api.Serve(ctx, e, ln, c, log)
}
