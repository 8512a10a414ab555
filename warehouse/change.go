package warehouse

import (
	"slices"
	"time"
)

// Change is what one load changed, handed to each step of the refresh that runs
// after it (ingest.RefreshSteps), so a step rebuilds only what the load touched: the
// report snapshot rebuilds the products, a daily rollup the products' days.
type Change struct {
	// Kind is the load's kind: "scans", "products" or "metrics"; "" for a refresh of
	// everything (pricelens refresh, or a retried refresh whose change was not kept).
	Kind string
	// Accounts holds an entry for every account the load wrote rows for.
	Accounts map[uint32]*AccountChange
}

// AccountChange is what a load changed in one account.
type AccountChange struct {
	// Products are the distinct product ids of the load's rows, sorted; nil when every
	// product may have changed (a refresh of everything, or a load of more than
	// MaxChangedProducts products).
	Products []string
	// From and To are the first and last UTC day of the rows' scan times (scans) or
	// dates (metrics); both zero when the rows have no date (products) or when every
	// day may have changed.
	From, To time.Time
}

// MaxChangedProducts is the most product ids a Change lists for one account; a load
// of more is a change of every product (the snapshot is then rebuilt in full anyway).
const MaxChangedProducts = 1 << 20

// Everything is the change "any product of these accounts, any day".
func Everything(accounts ...uint32) Change {
	c := Change{Accounts: map[uint32]*AccountChange{}}
	for _, a := range accounts {
		c.Accounts[a] = &AccountChange{}
	}
	return c
}

// AccountIDs are the change's accounts in id order.
func (c Change) AccountIDs() []uint32 {
	ids := make([]uint32, 0, len(c.Accounts))
	for a := range c.Accounts {
		ids = append(ids, a)
	}
	slices.Sort(ids)
	return ids
}
