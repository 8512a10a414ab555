package main

import (
	"context"
	"log/slog"
	"os"

	"pricelens/api"
	"pricelens/api/store"
	"pricelens/deploy/config"
	"pricelens/warehouse"
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
	log := newLogger(c)
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		return err
	}
	defer w.Close()
	db, err := store.Open(ctx, c.PostgresURL)
	if err != nil {
		return err
	}
	defer db.Close()
	e := api.New(api.Deps{Config: c, Log: log, Warehouse: w, DB: db})
	return api.Serve(ctx, e, c.HTTPAddr, log)
}
