package main

import (
	"context"
	"os"

	"pricelens/deploy/config"
	dbs "pricelens/deploy/databases"
)

// runMigrate migrates both databases: up (default), down (one step each; on
// PostgreSQL River's job queue schema is the first step) or status.
func runMigrate(ctx context.Context, args []string) error {
	action := "up"
	if len(args) > 0 {
		action = args[0]
	}
	if len(args) > 1 {
		return usagef("migrate takes one of up, down, status")
	}
	if action != "up" && action != "down" && action != "status" {
		return usagef("unknown migrate action %q (up, down or status)", action)
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	return dbs.Migrate(ctx, c, action, os.Stdout)
}
