package main

import (
	"context"

	"pricelens/deploy/config"
	dbs "pricelens/deploy/databases"
)

// databases are the two open databases of a command (the methods the subcommands
// add, like jobDeps, need a type of this package).
type databases struct{ dbs.Conns }

// openDatabases opens ClickHouse and PostgreSQL as configured; errors are one line
// naming the database and the cause.
func openDatabases(ctx context.Context, c config.Config) (databases, error) {
	d, err := dbs.Open(ctx, c)
	return databases{d}, err
}
