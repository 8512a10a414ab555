package ingest

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/store"
	"pricelens/warehouse"
)

// RefreshStep brings one table derived from the facts up to date with a change.
// Run gets what the load touched (warehouse.Change) and should rebuild only that;
// an account whose AccountChange lists no products is a change of all of them.
type RefreshStep struct {
	Name string
	Run  func(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, ch warehouse.Change) error
}

// RefreshSteps run in this order after every load, before the command returns, so
// that reports show the load when it does; `pricelens refresh` runs them with
// everything changed. A step for another derived table (e.g. daily trend rollups)
// is one more entry here.
var RefreshSteps = []RefreshStep{
	{Name: "report snapshot", Run: refreshSnapshot},
}

// Refresh runs every refresh step for ch.
func Refresh(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, ch warehouse.Change) error {
	if len(ch.Accounts) == 0 {
		return nil
	}
	for _, s := range RefreshSteps {
		if err := s.Run(ctx, w, db, ch); err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
	}
	return nil
}

// refreshSnapshot rebuilds the report snapshot rows of the changed products (the
// whole account when the change is large or the delta path is not exact;
// warehouse.RefreshSnapshot), with each account's metric settings. Metrics loads
// change nothing the snapshot holds.
func refreshSnapshot(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, ch warehouse.Change) error {
	if ch.Kind == string(Metrics) {
		return nil
	}
	ids := ch.AccountIDs()
	settings, err := store.MetricSettings(ctx, db, ids...)
	if err != nil {
		return err
	}
	for _, id := range ids {
		s, ok := settings[id]
		if !ok {
			continue // no such account in PostgreSQL: nothing of it is reported
		}
		if _, err := w.RefreshSnapshot(ctx, id, s, ch.Accounts[id].Products); err != nil {
			return err
		}
	}
	return nil
}
