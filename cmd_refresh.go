package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"pricelens/deploy/config"
	"pricelens/ingest"
	"pricelens/store"
	"pricelens/warehouse"
)

// runRefresh runs every post-load refresh step (ingest.RefreshSteps) for the given
// accounts (every account when none is given) with everything changed: the report
// snapshot is rebuilt in full. For when something else the derived tables depend on
// changed, such as an account's metric settings.
func runRefresh(ctx context.Context, args []string) error {
	var ids []uint32
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
	settings, err := store.MetricSettings(ctx, d.DB, ids...)
	if err != nil {
		return err
	}
	accounts := make([]uint32, 0, len(settings))
	for id := range settings {
		accounts = append(accounts, id)
	}
	t0 := time.Now()
	if err := ingest.Refresh(ctx, d.W, d.DB, warehouse.Everything(accounts...)); err != nil {
		return err
	}
	fmt.Printf("rebuilt the report snapshot of %d account(s) in %.1fs\n", len(settings), time.Since(t0).Seconds())
	return nil
}
