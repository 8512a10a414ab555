package engine

import (
	"encoding/json"
	"time"
)

// Totals describes the per-product all-competitor totals a snapshot build stored
// (columns t_cmp, t_l, t_s, t_h, t_ld, t_ratio, t_price of product_snapshot): the
// settings they were computed with and where the scan times of the comparable
// pairs lie around the build's staleness cutoff.
//
// Why: a group block over a million products spent most of its time in three
// lambdas over two 20-wide arrays (measured at L: 350 ms, against 60 ms for the
// same aggregates over plain columns). The totals depend on the parity and range
// settings and on the staleness cutoff, which moves with the clock, so they are
// used only while provably equal to the lambdas: same settings, and no pair's scan
// time lies between the build's cutoff and the query's. Otherwise the compiler
// falls back to the lambdas, which are always exact.
type Totals struct {
	Parity, Lower, Upper float64
	// FreshMin is the earliest scan time (unix seconds) of a pair counted at build
	// (MaxUint32 when none); StaleMax the latest of a comparable pair that was too
	// old at build (0 when none). A snapshot built before the totals existed has
	// FreshMin 0 and is never exact.
	FreshMin, StaleMax uint32
	// Insights: the build stored the insight state (t_oos_at, t_changed_at,
	// migration 00150); false for a build before it, whose readers keep to the raw
	// reads. ChangeDays is the offer_staleness_days t_changed_at was computed with.
	Insights   bool
	ChangeDays int
	// Build is the full build's id; FoundFreshMin / FoundStaleMax bound the scan
	// times of the priced pairs around its cutoff, as FreshMin / StaleMax do the
	// comparable ones: the build stored the assortment totals (migration 00160,
	// assortment_totals.go) when FoundFreshMin is not 0.
	Build                        uint64
	FoundFreshMin, FoundStaleMax uint32
	// RealTime: the build stored the real-time state (realtime_pairs and
	// realtime_buckets of Build, migration 00170, realtime_state.go).
	RealTime bool
}

// insightState reports whether the build stored the insight columns t_oos_at and
// t_changed_at (migration 00150).
func (t *Totals) insightState() bool { return t != nil && t.Insights }

// changesExact reports whether the stored t_changed_at holds for settings s: it
// was computed with the same staleness limit on a change's previous scan.
func (t *Totals) changesExact(s Settings) bool {
	return t.insightState() && t.ChangeDays == s.StalenessDays
}

// exact reports whether the stored totals equal the lambdas for settings s and
// staleness cutoff cut: a pair counts at query time iff it counted at build.
func (t *Totals) exact(s Settings, cut int64) bool {
	if t == nil || t.Parity != s.Parity || t.Lower != s.Lower || t.Upper != s.Upper {
		return false
	}
	return int64(t.StaleMax) < cut && cut <= int64(t.FreshMin)
}

// SnapshotTotals are the select expressions ("expr AS column") a snapshot build
// stores for settings s at time now, over the build's c_price, c_delta and c_seen
// arrays: the same lambdas the compiler falls back to, so both paths agree.
func SnapshotTotals(s Settings, now time.Time) []string {
	a := Account{Settings: s, Now: now}.normalize()
	e := exprs{a: a, cutoff: "toDateTime(" + IntLit(staleCutoff(a.Settings, now)) + ")"}
	valid := "arrayFilter((t_, d_) -> NOT isNaN(d_), c_seen, c_delta)"
	return []string{
		"toUInt32(" + e.allCmp() + ") AS t_cmp",
		"toUInt32(" + e.allLower() + ") AS t_l",
		"toUInt32(" + e.allSimilar() + ") AS t_s",
		"toUInt32(" + e.allHigher() + ") AS t_h",
		e.allLowerDelta() + " AS t_ld",
		e.allRatio() + " AS t_ratio",
		e.allPrice() + " AS t_price",
		// Scan times as unix seconds; min/max of an empty array are the bounds.
		"toUInt32(arrayReduce('min', arrayConcat([4294967295], arrayMap(t_ -> toUInt64(t_), arrayFilter(t_ -> t_ >= " + e.cutoff + ", " + valid + "))))) AS t_fresh_min",
		"toUInt32(arrayReduce('max', arrayConcat([0], arrayMap(t_ -> toUInt64(t_), arrayFilter(t_ -> t_ < " + e.cutoff + ", " + valid + "))))) AS t_stale_max",
		// The insight state (migration 00150): the latest scan of a priced offer out of stock.
		"toUInt32(arrayReduce('max', arrayConcat([0], arrayMap(t_ -> toUInt64(t_), arrayFilter((t_, s_, x_) -> s_ = 0 AND NOT isNaN(x_), c_seen, c_in_stock, c_price))))) AS t_oos_at",
	}
}

// ParseSettings reads an account's settings column (PostgreSQL accounts.settings,
// docs/api-contract.md keys); missing or unreadable keys keep their defaults.
func ParseSettings(raw []byte) Settings {
	s := DefaultSettings()
	var st struct {
		Parity    *float64 `json:"pairity_price_guideline"`
		Upper     *float64 `json:"upper_guidline_range"`
		Lower     *float64 `json:"lower_guidline_range"`
		Staleness *int     `json:"offer_staleness_days"`
		Currency  *string  `json:"currency_symbol"`
	}
	_ = json.Unmarshal(raw, &st) // settings the server cannot read fall back to the defaults
	if st.Parity != nil {
		s.Parity = *st.Parity
	}
	if st.Upper != nil {
		s.Upper = *st.Upper
	}
	if st.Lower != nil {
		s.Lower = *st.Lower
	}
	if st.Staleness != nil {
		s.StalenessDays = *st.Staleness
	}
	if st.Currency != nil {
		s.CurrencySymbol = *st.Currency
	}
	return s
}

// TotalsExact reports whether the compiler will use the snapshot's stored totals
// for this account now, the per-product ones and the assortment totals (migration
// 00160) alike (the benchmark rebuilds a snapshot whose totals are not).
func (a Account) TotalsExact() bool {
	a = a.normalize()
	cut := staleCutoff(a.Settings, a.Now)
	return a.Totals.exact(a.Settings, cut) && a.Totals.assortmentExact(a.Settings, cut)
}
