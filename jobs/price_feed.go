package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"pricelens/feed"
	"pricelens/jobs/kinds"
	"pricelens/store"
)

// PriceFeedEvery is how often approved prices are fed (docs/pricer.md): the store's
// systems see an approved price within this long.
const PriceFeedEvery = 10 * time.Minute

// priceFeed runs kinds.PriceFeed.
type priceFeed struct {
	river.WorkerDefaults[kinds.PriceFeed]
	deps Deps
}

func (w *priceFeed) Work(ctx context.Context, _ *river.Job[kinds.PriceFeed]) error {
	if w.deps.DropRoot == "" {
		return nil // no drop folder in this process
	}
	written, err := feed.Feeder{Store: store.New(w.deps.DB), Root: w.deps.DropRoot, W: w.deps.Warehouse}.RunAll(ctx)
	for _, b := range written {
		w.deps.Log.Info("price feed written", "account", b.AccountID, "batch", b.BatchID, "rows", b.Rows, "dir", b.Dir, "applied", b.Applied)
	}
	return err
}

func (w *priceFeed) periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(PriceFeedEvery),
		func() (river.JobArgs, *river.InsertOpts) { return kinds.PriceFeed{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
