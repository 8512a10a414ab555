package pricer

import "pricelens/warehouse"

// Pricer is the pricer's business calls over its store and the warehouse. The
// caller resolves who acts (an account id, a store.Actor) and the compiler's view
// of the account (engine.Account); Pricer checks and does the rest.
type Pricer struct {
	Store Store
	W     *warehouse.Warehouse
}

// New returns the pricer over its store and the warehouse.
func New(s Store, w *warehouse.Warehouse) *Pricer {
	return &Pricer{Store: s, W: w}
}
