package main

import (
	"context"
	"database/sql"
	"fmt"

	"pricelens/deploy/config"
	"pricelens/migrations"
	"pricelens/store"
	"pricelens/warehouse"
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
	c, err := config.Load()
	if err != nil {
		return err
	}
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		return err
	}
	defer w.Close()
	if err := store.EnsureDatabase(ctx, c.PostgresURL); err != nil {
		return err
	}
	pool, err := store.Open(ctx, c.PostgresURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	dbs := map[migrations.Database]*sql.DB{migrations.Postgres: store.SQLDB(pool), migrations.ClickHouse: w.DB()}
	for _, name := range []migrations.Database{migrations.Postgres, migrations.ClickHouse} {
		db := dbs[name]
		var opts []migrations.Option
		if name == migrations.ClickHouse {
			opts = append(opts, migrations.OnCluster(c.ClickHouseCluster))
		}
		defer db.Close()
		switch action {
		case "up":
			if err := migrations.Up(ctx, name, db, opts...); err != nil {
				return err
			}
		case "down":
			if err := migrations.Down(ctx, name, db, opts...); err != nil {
				return err
			}
		case "status":
		default:
			return usagef("unknown migrate action %q (up, down or status)", action)
		}
		v, err := migrations.Version(ctx, name, db, opts...)
		if err != nil {
			return err
		}
		if name != migrations.Postgres {
			fmt.Printf("%-10s schema version %d\n", name, v)
			continue
		}
		rv, err := migrations.RiverVersion(ctx, db)
		if err != nil {
			return err
		}
		fmt.Printf("%-10s schema version %d (River job queue %d)\n", name, v, rv)
	}
	return nil
}
