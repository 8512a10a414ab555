package ingest

import (
	"context"
	"fmt"
	"time"

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
// The price changes come before the snapshot: its refresh stores each touched
// product's latest change from them (the insight state, migration 00150).
var RefreshSteps = []RefreshStep{
	{Name: "price changes", Run: recordPriceChanges},
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
		if err := withAccountLock(ctx, db, id, func() error {
			_, err := w.RefreshSnapshot(ctx, id, settings[id], ch.Accounts[id].Products)
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

// recordPriceChanges records the price-change events (warehouse.RecordPriceChanges)
// of a scans load's products from its first scan day on, or of every product over
// the insights' period when everything changed (`pricelens refresh`: the backfill).
// Scans older than that period change nothing the insights read.
func recordPriceChanges(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, ch warehouse.Change) error {
	if ch.Kind != string(Scans) && ch.Kind != "" {
		return nil
	}
	ids := ch.AccountIDs()
	settings, err := store.MetricSettings(ctx, db, ids...)
	if err != nil {
		return err
	}
	period := time.Now().UTC().Add(-warehouse.PriceChangeDays * 24 * time.Hour)
	for _, id := range ids {
		c := ch.Accounts[id]
		if ch.Kind == string(Scans) && !c.To.IsZero() && c.To.Add(24*time.Hour).Before(period) {
			continue // only scans older than the period the insights read
		}
		from := period
		if ch.Kind == string(Scans) && c.From.After(from) {
			from = c.From
		}
		products := c.Products
		if ch.Kind == "" {
			products = nil
		}
		if err := w.RecordPriceChanges(ctx, id, products, from, settings[id].StalenessDays); err != nil {
			return err
		}
	}
	return nil
}

// RebuildSnapshot rebuilds one account's report snapshot in full (which empties
// its delta), with its metric settings, under its refresh lock.
func RebuildSnapshot(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, account uint32) error {
	settings, err := store.MetricSettings(ctx, db, account)
	if err != nil {
		return err
	}
	return withAccountLock(ctx, db, account, func() error {
		_, err := w.RefreshSnapshot(ctx, account, settings[account], nil)
		return err
	})
}

// snapshotLockClass is the first key of the PostgreSQL advisory lock that
// serialises an account's snapshot refreshes across processes (a CLI load and an
// upload to the server): they build in the same partition of product_snapshot_build.
const snapshotLockClass = 0x736e6170 // "snap"

// withAccountLock runs f holding the account's snapshot lock.
func withAccountLock(ctx context.Context, db *pgxpool.Pool, account uint32, f func() error) error {
	conn, err := db.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1, $2)", int32(snapshotLockClass), int32(account)); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer func() {
		uctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := conn.Exec(uctx, "SELECT pg_advisory_unlock($1, $2)", int32(snapshotLockClass), int32(account)); err != nil {
			_ = conn.Conn().Close(uctx) // the lock dies with the session
		}
	}()
	return f()
}
