package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/deploy/config"
	"pricelens/store"
	"pricelens/warehouse"
)

// databases are the two open databases of a command.
type databases struct {
	W  *warehouse.Warehouse
	DB *pgxpool.Pool
}

func (d databases) Close() {
	d.DB.Close()
	d.W.Close()
}

// openDatabases opens ClickHouse and PostgreSQL as configured; errors are one line
// naming the database and the cause.
func openDatabases(ctx context.Context, c config.Config) (databases, error) {
	w, err := warehouse.Open(ctx, c)
	if err != nil {
		return databases{}, err
	}
	db, err := store.Open(ctx, c.PostgresURL)
	if err != nil {
		w.Close()
		return databases{}, err
	}
	return databases{W: w, DB: db}, nil
}
