package engine

import (
	"math"
	"sort"
	"time"
)

// Competitor is one of the account's competitors (PostgreSQL competitors.id).
type Competitor struct {
	ID   int64
	Name string
}

// CustomField is a numeric product column the account shows and can weigh by.
// LogicalName is the ClickHouse products column (revenue_30d, units_30d, page_views_30d).
type CustomField struct {
	LogicalName string
	DisplayName string
}

// Label is one of the account's labels (PostgreSQL labels).
type Label struct {
	ID    uint64
	Name  string
	Color string
}

// Settings are the account settings the metrics of docs/reports.md#metric-definitions depend on.
type Settings struct {
	Parity         float64 // pairity_price_guideline, percent
	Upper          float64 // upper_guidline_range, percent
	Lower          float64 // lower_guidline_range, percent
	StalenessDays  int     // offer_staleness_days: older offers are not comparable
	CurrencySymbol string
}

// DefaultSettings are the defaults of docs/reports.md#metric-definitions and docs/api-contract.md.
func DefaultSettings() Settings {
	return Settings{Parity: 0, Upper: 2, Lower: 2, StalenessDays: 30, CurrencySymbol: "$"}
}

// Account is everything the compiler knows about the caller: the tenant, what the
// user may see, and the account's competitors, custom fields, labels and settings.
// Now fixes the staleness cutoff so that a compile is a pure function.
type Account struct {
	AccountID    uint32
	Categories   []string // super categories the user may see; empty = all
	Competitors  []Competitor
	CustomFields []CustomField
	Labels       []Label
	Settings     Settings
	Now          time.Time
	// Slots are the competitors' 1-based positions in the snapshot's dense arrays
	// (product_snapshot.slot_ids). nil: unknown, the compiler searches comp_ids in
	// each row (indexOf); a competitor missing from a non-nil map has no offers.
	Slots map[int64]int
	// Totals describes the snapshot's stored all-competitor totals (nil: none);
	// the compiler uses them only while exact (totals.go).
	Totals *Totals
	// SnapshotDelta is the newest build id of the account's rows in
	// product_snapshot_delta (0: none). With a delta the compiler reads the base and
	// the delta together, each product from one of them (snapshot.go).
	SnapshotDelta uint64
	// ReportVersion is warehouse.ReportVersion as read with the snapshot's facts
	// (0: not read). The compiler does not use it: the report service keys the
	// answers it keeps by it, and reading it with the facts saves a round trip.
	ReportVersion uint64
	// TrendRollup describes the account's current trend rollup (nil: none); the
	// trend compiler reads it only where it is exact (trend_rollup.go).
	TrendRollup *TrendRollup
	// Flagged are the open match feedback flags: competitor id → the product ids
	// whose offer from that competitor is a wrong match (flags.go).
	Flagged map[int64][]string
	// Mandated are the mandated brands and FSNs a pricer run marks (nil: none;
	// mandated.go). Only CompileRun reads them.
	Mandated *Mandated
	// Terms are the contracts and planned events in force that a pricer run
	// applies (nil: none; price_terms.go). Only the run's compiler reads them.
	Terms *PriceTerms
	// Cluster says the facts are spread over a ClickHouse cluster (docs/operations.md#cluster-scale-out):
	// account-wide subqueries are then GLOBAL IN (globalIn).
	Cluster bool
}

// globalIn is the IN of a subquery over the whole account: GLOBAL on a cluster, so
// that every shard gets the same set (the node running the query evaluates it
// once), plain on one server, where 18.16 would materialise a GLOBAL set as a
// temporary table and no longer use it for primary-key analysis (the table block at
// L: 70 ms with IN, 280 ms with GLOBAL IN).
func globalIn(a Account, not bool) string {
	in := " IN "
	if not {
		in = " NOT IN "
	}
	if a.Cluster {
		return " GLOBAL" + in
	}
	return in
}

// normalize drops configuration the compiler cannot trust and sorts competitors by id.
func (a Account) normalize() Account {
	var cfs []CustomField
	for _, cf := range a.CustomFields {
		if customFieldColumn(cf.LogicalName) {
			cfs = append(cfs, cf)
		}
	}
	a.CustomFields = cfs
	comps := append([]Competitor(nil), a.Competitors...)
	sort.Slice(comps, func(i, j int) bool { return comps[i].ID < comps[j].ID })
	a.Competitors = comps
	s := a.Settings
	for _, f := range []*float64{&s.Parity, &s.Upper, &s.Lower} {
		if math.IsNaN(*f) || math.IsInf(*f, 0) {
			*f = 0
		}
	}
	if s.StalenessDays <= 0 {
		s.StalenessDays = DefaultSettings().StalenessDays
	}
	a.Settings = s
	return a
}

func (a Account) competitor(id int64) (Competitor, bool) {
	for _, c := range a.Competitors {
		if c.ID == id {
			return c, true
		}
	}
	return Competitor{}, false
}

func (a Account) hasLabel(id uint64) bool {
	for _, l := range a.Labels {
		if l.ID == id {
			return true
		}
	}
	return false
}

func (a Account) customField(name string) (CustomField, bool) {
	for _, cf := range a.CustomFields {
		if cf.LogicalName == name {
			return cf, true
		}
	}
	return CustomField{}, false
}
