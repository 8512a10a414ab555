package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"pricelens/deploy/config"
	"pricelens/ingest"
	"pricelens/progress"
	"pricelens/store"
	"pricelens/warehouse"
)

// runRefresh runs every post-load refresh step (ingest.RefreshSteps) with
// everything changed (the report snapshot is rebuilt in full) and brings the trend
// rollup up to date (what the refresh_trend_rollups job does) for the given
// accounts (every account when none is given), for when something else they
// depend on changed, such as an account's metric settings. With --trends first,
// only the trend rollup; with --price-changes first, only the price-change events
// of the insights' last week (the backfill of data loaded before they existed);
// with --snapshots first, only a full build of the report snapshot (which stores
// the insight state of migration 00150 and the assortment totals of 00160: the
// backfill after those migrations).
func runRefresh(ctx context.Context, args []string) error {
	var ids []uint32
	trendsOnly := len(args) > 0 && args[0] == "--trends"
	changesOnly := len(args) > 0 && args[0] == "--price-changes"
	snapshotsOnly := len(args) > 0 && args[0] == "--snapshots"
	if trendsOnly || changesOnly || snapshotsOnly {
		args = args[1:]
	}
	for _, a := range args {
		id, err := strconv.ParseUint(a, 10, 32)
		if err != nil || id == 0 {
			return usagef("refresh takes account ids (positive integers), got %q", a)
		}
		ids = append(ids, uint32(id))
	}
	c, err := config.Load()
	if err != nil {
		return err
	}
	d, err := openDatabases(ctx, c)
	if err != nil {
		return err
	}
	defer d.Close()
	// The builds show their progress and ETA on standard error (minutes at L).
	ctx = progress.NewContext(ctx, progress.New(os.Stderr))
	settings, err := store.MetricSettings(ctx, d.DB, ids...)
	if err != nil {
		return err
	}
	accounts := make([]uint32, 0, len(settings))
	for id := range settings {
		accounts = append(accounts, id)
	}
	t0 := time.Now()
	if trendsOnly {
		if err := d.W.RefreshTrendRollups(ctx, settings, nil); err != nil {
			return err
		}
		fmt.Printf("rebuilt the trend rollup of %d account(s) in %.1fs\n", len(settings), time.Since(t0).Seconds())
		return nil
	}
	if snapshotsOnly {
		for _, id := range accounts {
			if err := ingest.RebuildSnapshot(ctx, d.W, d.DB, id); err != nil {
				return err
			}
		}
		fmt.Printf("rebuilt the report snapshot of %d account(s) in %.1fs\n", len(settings), time.Since(t0).Seconds())
		return nil
	}
	if changesOnly {
		from := time.Now().Add(-warehouse.PriceChangeDays * 24 * time.Hour)
		for _, id := range accounts {
			if err := d.W.RecordPriceChanges(ctx, id, nil, from, settings[id].StalenessDays); err != nil {
				return err
			}
		}
		fmt.Printf("recorded the price changes of the last %d days of %d account(s) in %.1fs\n", warehouse.PriceChangeDays, len(settings), time.Since(t0).Seconds())
		return nil
	}
	if err := ingest.Refresh(ctx, d.W, d.DB, warehouse.Everything(accounts...)); err != nil {
		return err
	}
	if err := d.W.RefreshTrendRollups(ctx, settings, nil); err != nil {
		return err
	}
	fmt.Printf("rebuilt the report snapshot and trend rollup of %d account(s) in %.1fs\n", len(settings), time.Since(t0).Seconds())
	return nil
}
