package kinds

import "github.com/riverqueue/river"

// PriceFeed writes the price feed of every account with approved prices not yet
// fed (package feed). It has no arguments: the approval records are the work list.
type PriceFeed struct{}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (PriceFeed) Kind() string { return "price_feed" }

// InsertOpts keep one such job waiting or running at a time.
func (PriceFeed) InsertOpts() river.InsertOpts { return ExpireExports{}.InsertOpts() }
