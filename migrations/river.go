package migrations

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"
)

// River's job queue (package jobs) keeps its tables (river_job, river_leader, …) in
// PostgreSQL next to ours. Its migrations come from the River library itself
// (rivermigrate), not from copies in postgres/, so the schema always matches the
// River version in go.mod: upgrading the library and running `pricelens migrate`
// is all an upgrade needs. River's schema sits on top of ours: it is applied after
// our migrations and is the first thing a step down removes (as one unit: its
// internal versions mean nothing to an operator).

func riverMigrator(conn *sql.DB) (*rivermigrate.Migrator[*sql.Tx], error) {
	return rivermigrate.New(riverdatabasesql.New(conn), nil)
}

// riverUp applies River's pending migrations.
func riverUp(ctx context.Context, conn *sql.DB) error {
	m, err := riverMigrator(conn)
	if err != nil {
		return err
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrations: %w", err)
	}
	return nil
}

// riverRemove rolls River's schema back completely (its queued jobs go with it).
func riverRemove(ctx context.Context, conn *sql.DB) error {
	m, err := riverMigrator(conn)
	if err != nil {
		return err
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionDown, &rivermigrate.MigrateOpts{TargetVersion: -1}); err != nil {
		return fmt.Errorf("river migrations: %w", err)
	}
	return nil
}

// RiverVersion returns the applied version of River's schema (0 when absent).
func RiverVersion(ctx context.Context, conn *sql.DB) (int, error) {
	m, err := riverMigrator(conn)
	if err != nil {
		return 0, err
	}
	applied, err := m.ExistingVersions(ctx)
	if err != nil || len(applied) == 0 {
		return 0, err
	}
	return applied[len(applied)-1].Version, nil
}
