// Package databases opens the two databases of a command, ClickHouse (through the
// warehouse) and PostgreSQL, from the configuration. It is shared by the binary's
// subcommands and the benchmark harnesses, which open them the same way.
package databases

import (
	"context"
	"database/sql"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/deploy/config"
	"pricelens/migrations"
	"pricelens/store"
	"pricelens/warehouse"
)

// Conns are the two open databases of a command.
type Conns struct {
	W  *warehouse.Warehouse
	DB *pgxpool.Pool
}

// Close closes both.
func (d Conns) Close() {
	d.DB.Close()
	d.W.Close()
}

// Open opens ClickHouse and PostgreSQL as configured; errors are one line naming
// the database and the cause. When PostgreSQL fails, ClickHouse is closed again.
func Open(ctx context.Context, c config.Config) (Conns, error) {
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		return Conns{}, err
	}
	db, err := store.Open(ctx, c.PostgresURL)
	if err != nil {
		w.Close()
		return Conns{}, err
	}
	return Conns{W: w, DB: db}, nil
}

// Migrate runs a migration action on both databases, PostgreSQL first, and prints
// each one's schema version to out: "up" (to the newest), "down" (one step each;
// on PostgreSQL River's job queue schema is the first step) or "status". Creating
// the PostgreSQL database when it is missing is part of it, so that a command (or
// a bench on databases of its own) can start from nothing.
func Migrate(ctx context.Context, c config.Config, action string, out io.Writer) error {
	if action != "up" && action != "down" && action != "status" {
		return fmt.Errorf("unknown migrate action %q (up, down or status)", action)
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
		}
		v, err := migrations.Version(ctx, name, db, opts...)
		if err != nil {
			return err
		}
		if name != migrations.Postgres {
			fmt.Fprintf(out, "%-10s schema version %d\n", name, v)
			continue
		}
		rv, err := migrations.RiverVersion(ctx, db)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%-10s schema version %d (River job queue %d)\n", name, v, rv)
	}
	return nil
}
