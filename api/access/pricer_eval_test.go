package access_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/store"
)

// The plain Go evaluator of docs/pricer.md that every pricer run is compared with, over
// the raw rows (products FINAL, latest_offers FINAL), and limitBreaks: the limits
// every recommendation keeps, written from the limits themselves. Every comparison
// with a run checks them on the run's prices too, and TestEvaluatorKeepsLimits
// checks them on the evaluator over random inputs.

type evOffer struct {
	price   *float64
	seen    time.Time
	inStock bool
}

type evProduct struct {
	id, brand, sup   string
	price, cost, mrp float64
	offers           map[int64]evOffer
}

type evRule struct {
	id       int64
	typ      string
	active   bool
	match    func(evProduct) bool
	kind     string
	comps    []int64
	agg      string
	inStock  bool
	amount   float64
	pct, amt float64
}

type evGuard struct {
	maxChange, minMargin *float64
	endings              []float64
	auto                 float64
}

type evResult struct {
	rec                 float64
	status              string
	tRule, fRule, cRule int64
	// target, floor and ceiling are the values the evaluator priced from (NaN:
	// none), a contract's and an event's included; a run's floor column.
	target, floor, ceiling float64
}

func (p *pricerEnv) products(t *testing.T, acc int64) []evProduct {
	ctx := context.Background()
	rows, err := p.w.Conn.Query(ctx, `SELECT product_id, brand, super_category, my_price, cost, mrp FROM products FINAL WHERE account_id = ?`, uint32(acc))
	require.NoError(t, err)
	byID := map[string]*evProduct{}
	var order []string
	for rows.Next() {
		var x evProduct
		require.NoError(t, rows.Scan(&x.id, &x.brand, &x.sup, &x.price, &x.cost, &x.mrp))
		x.offers = map[int64]evOffer{}
		byID[x.id] = &x
		order = append(order, x.id)
	}
	require.NoError(t, rows.Err())
	rows, err = p.w.Conn.Query(ctx, `SELECT product_id, competitor_id, scanned_at, price, in_stock FROM latest_offers FINAL WHERE account_id = ?`, uint32(acc))
	require.NoError(t, err)
	for rows.Next() {
		var pid string
		var cid uint32
		var o evOffer
		var in uint8
		require.NoError(t, rows.Scan(&pid, &cid, &o.seen, &o.price, &in))
		o.inStock = in == 1
		if x, ok := byID[pid]; ok {
			x.offers[int64(cid)] = o
		}
	}
	require.NoError(t, rows.Err())
	out := make([]evProduct, 0, len(order))
	for _, id := range order {
		out = append(out, *byID[id])
	}
	return out
}

// offer is competitor c's price for x where the reports compare it: an offer
// priced above 0 beside a price of my own, not older than the staleness limit,
// and not a flagged match (p.flagged).
func (p *pricerEnv) offer(x evProduct, c int64, inStock bool) (float64, bool) {
	o, ok := x.offers[c]
	cutoff := p.now.Add(-time.Duration(p.staleDays) * 24 * time.Hour)
	if !ok || o.price == nil || *o.price <= 0 || x.price <= 0 || o.seen.Before(cutoff) || (inStock && !o.inStock) || p.flagged[x.id][c] {
		return 0, false
	}
	return *o.price, true
}

func (p *pricerEnv) source(x evProduct, r evRule) float64 {
	switch r.kind {
	case "my_price":
		if x.price > 0 {
			return x.price
		}
		return math.NaN()
	case "mrp":
		if x.mrp > 0 {
			return x.mrp
		}
		return math.NaN()
	case "fixed":
		return r.amount
	}
	var vals []float64
	for _, c := range r.comps {
		if v, ok := p.offer(x, c, r.inStock); ok {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return math.NaN()
	}
	v := vals[0]
	sum := 0.0
	for _, f := range vals {
		sum += f
		switch r.agg {
		case "max":
			v = math.Max(v, f)
		case "min":
			v = math.Min(v, f)
		}
	}
	if r.agg == "avg" {
		return sum / float64(len(vals))
	}
	return v
}

// pick is the first active matching rule of a list and its adjusted value.
func (p *pricerEnv) pick(x evProduct, rules []evRule, typ string) (int64, float64) {
	for _, r := range rules {
		if r.typ != typ || !r.active || !r.match(x) {
			continue
		}
		v := p.source(x, r)*(1+r.pct/100) + r.amt
		if !(v > 0) {
			v = math.NaN()
		}
		return r.id, v
	}
	return 0, math.NaN()
}

func (p *pricerEnv) evaluate(x evProduct, rules []evRule, g evGuard) evResult {
	tr, t := p.pick(x, rules, "target")
	fr, f := p.pick(x, rules, "floor")
	cr, c := p.pick(x, rules, "ceiling")
	// A contract's band replaces the floor and ceiling rules; an event's price the
	// target; a product under contract that no target prices keeps its own price.
	if k, ok := p.terms[x.id]; ok {
		if k.event > 0 {
			tr, t = engine.EventRuleID, k.event
		} else if math.IsNaN(t) && k.floor > 0 && x.price > 0 {
			t = x.price
		}
		if k.floor > 0 {
			fr, f = engine.ContractRuleID, k.floor
		}
		if k.ceiling > 0 {
			cr, c = engine.ContractRuleID, k.ceiling
		}
	}
	res := evResult{tRule: tr, fRule: fr, cRule: cr, target: t, floor: f, ceiling: c, rec: x.price, status: engine.StatusNoChange}
	if math.IsNaN(t) || x.price <= 0 {
		return res
	}
	res.rec = evPrice(x.price, x.cost, t, f, c, g)
	change := (res.rec - x.price) / x.price * 100
	switch {
	case math.Abs(res.rec-x.price) < 0.005:
	case math.Abs(change) <= g.auto:
		res.status = engine.StatusAutoApproved
	default:
		res.status = engine.StatusPending
	}
	return res
}

// cents rounds to cents, halves away from zero; ceilCents and floorCents are the
// first cent at or above x and the last at or below it (a limit in cents).
func cents(x float64) float64 {
	if x < 0 {
		return -math.Floor(-x*100+0.5) / 100
	}
	return math.Floor(x*100+0.5) / 100
}
func ceilCents(x float64) float64  { return math.Ceil(x*100-1e-6) / 100 }
func floorCents(x float64) float64 { return math.Floor(x*100+1e-6) / 100 }

// evBand is the band of allowed prices: the limits in cents in the order of docs/pricer.md "The order of a price's steps",
// ceiling, floor, maximum change per run, minimum margin, each moving the band
// into itself, so that of two limits that cannot both hold the later one wins.
func evBand(price, cost, floor, ceiling float64, g evGuard) (lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	into := func(l, h float64) { lo, hi = math.Min(math.Max(lo, l), h), math.Min(math.Max(hi, l), h) }
	if !math.IsNaN(ceiling) {
		into(math.Inf(-1), floorCents(ceiling))
	}
	if !math.IsNaN(floor) {
		into(ceilCents(floor), math.Inf(1))
	}
	if m := g.maxChange; m != nil {
		into(ceilCents(price*(1-*m/100)), floorCents(price*(1+*m/100)))
	}
	if m := g.minMargin; m != nil && cost > 0 {
		into(ceilCents(cost*(1+*m/100)), math.Inf(1))
	}
	return lo, hi
}

// evPrice is a recommendation: the target clamped into the band, then the nearest
// allowed ending inside the band (the upper one on a tie; none: the clamped price
// unrounded), in cents.
func evPrice(price, cost, target, floor, ceiling float64, g evGuard) float64 {
	lo, hi := evBand(price, cost, floor, ceiling, g)
	v := math.Min(math.Max(target, lo), hi)
	if len(g.endings) > 0 {
		best, bestD := v, math.Inf(1)
		for _, e := range g.endings {
			below := math.Floor(v-e) + e
			for _, c := range []float64{below + 1, below} {
				d := math.Floor(math.Abs(c-v)*1e6+0.5) * 2 // of two as near, the upper
				if c < v {
					d++
				}
				if c > 0 && c >= lo-engine.RoundTolerance && c <= hi+engine.RoundTolerance && d < bestD {
					best, bestD = c, d
				}
			}
		}
		v = best
	}
	return cents(v)
}

// limitBreaks lists how a recommended price rec of a product (current price,
// cost; the target, floor and ceiling it was priced from, NaN for none; a
// contract's band is its floor and ceiling) breaks the limits of docs/pricer.md. It is
// written from the limits, not from the band: the minimum margin always holds;
// the maximum change per run holds unless the margin lies above it; when every
// limit can hold at once (some cent satisfies them all), every one holds, and
// the price is the target clamped into them, moved to the nearest allowed ending
// among them when one lies among them, else unrounded. No target: no change.
func limitBreaks(price, cost, target, floor, ceiling float64, g evGuard, rec float64) []string {
	const eps = 1e-9
	if math.IsNaN(target) || price <= 0 {
		if rec != price {
			return []string{fmt.Sprintf("changed to %.2f without a target", rec)}
		}
		return nil
	}
	type limit struct {
		name   string
		lo, hi float64
	}
	inf := math.Inf(1)
	var limits []limit
	var margin, maxChange *limit
	if m := g.minMargin; m != nil && cost > 0 {
		limits = append(limits, limit{"minimum margin", cost * (1 + *m/100), inf})
		margin = &limits[len(limits)-1]
	}
	if m := g.maxChange; m != nil {
		limits = append(limits, limit{"maximum change", price * (1 - *m/100), price * (1 + *m/100)})
		maxChange = &limits[len(limits)-1]
	}
	if !math.IsNaN(floor) {
		limits = append(limits, limit{"floor", floor, inf})
	}
	if !math.IsNaN(ceiling) {
		limits = append(limits, limit{"ceiling", -inf, ceiling})
	}
	var out []string
	broken := func(l limit) bool { return rec < l.lo-eps || rec > l.hi+eps }
	says := func(l limit) string { return fmt.Sprintf("%.2f breaks the %s [%.4f, %.4f]", rec, l.name, l.lo, l.hi) }
	if margin != nil && broken(*margin) {
		out = append(out, says(*margin))
	}
	if maxChange != nil && broken(*maxChange) && (margin == nil || ceilCents(margin.lo) <= floorCents(maxChange.hi)) {
		out = append(out, says(*maxChange))
	}
	lo, hi := -inf, inf
	for _, l := range limits {
		lo, hi = math.Max(lo, l.lo), math.Min(hi, l.hi)
	}
	lo, hi = ceilCents(lo), floorCents(hi)
	if lo > hi {
		return out // the limits conflict: the order decides (evBand)
	}
	for _, l := range limits {
		if broken(l) && l.name != "minimum margin" && l.name != "maximum change" {
			out = append(out, says(l))
		}
	}
	v := math.Min(math.Max(target, lo), hi)
	want := cents(v)
	if len(g.endings) > 0 {
		// The allowed prices nearest v inside the limits: for each ending, the two
		// around v (one below, one above), else the band's own nearest.
		bestD := inf
		for _, e := range g.endings {
			for k := -1.0; k <= 1; k++ {
				c := math.Floor(v) + k + e
				if c > 0 && c >= lo-eps && c <= hi+eps && math.Abs(c-v) < bestD-1e-6 {
					bestD = math.Abs(c - v)
				}
			}
		}
		if bestD < inf {
			ending := false
			for _, e := range g.endings {
				ending = ending || math.Abs((rec-math.Floor(rec+eps))-e) < 1e-6
			}
			if !ending || math.Abs(rec-v) > bestD+1e-6 {
				out = append(out, fmt.Sprintf("%.2f is not the nearest allowed ending to %.4f in [%.2f, %.2f] (%.4f away)", rec, v, lo, hi, bestD))
			}
			return out
		}
	}
	if math.Abs(rec-want) > eps {
		out = append(out, fmt.Sprintf("%.2f is not the target %.4f clamped into [%.2f, %.2f]", rec, target, lo, hi))
	}
	return out
}

// results reads a run's results from ClickHouse.
func (p *pricerEnv) results(t *testing.T, acc, runID int64) map[string]evResult {
	run, err := store.New(p.e.db).Run(context.Background(), acc, runID)
	require.NoError(t, err)
	require.Equal(t, store.RunComplete, run.Status, run.Error)
	rows, err := p.w.Conn.Query(context.Background(), `SELECT product_id, recommended_price, toString(status), t_rule, f_rule, c_rule, target, floor, ceiling
		FROM pricer_results WHERE account_id = ? AND result_id = ?`, uint32(acc), uint64(run.ResultID))
	require.NoError(t, err)
	out := map[string]evResult{}
	for rows.Next() {
		var id string
		var r evResult
		var tr, fr, cr uint64
		require.NoError(t, rows.Scan(&id, &r.rec, &r.status, &tr, &fr, &cr, &r.target, &r.floor, &r.ceiling))
		r.tRule, r.fRule, r.cRule = int64(tr), int64(fr), int64(cr)
		out[id] = r
	}
	require.NoError(t, rows.Err())
	return out
}

// compare checks a run's results against the evaluator, product by product, and
// that no recommended price of the run breaks a limit (limitBreaks, with the
// evaluator's target, floor and ceiling).
func (p *pricerEnv) compare(t *testing.T, acc, runID int64, rules []evRule, g evGuard) map[string]evResult {
	t.Helper()
	got := p.results(t, acc, runID)
	prods := p.products(t, acc)
	require.Len(t, got, len(prods), "one result per product of the account")
	bad, broken := 0, 0
	for _, x := range prods {
		want := p.evaluate(x, rules, g)
		have, ok := got[x.id]
		require.True(t, ok, x.id)
		if math.Abs(have.rec-want.rec) > 0.0051 || have.status != want.status || have.tRule != want.tRule ||
			have.fRule != want.fRule || have.cRule != want.cRule {
			bad++
			if bad <= 5 {
				t.Errorf("product %s (price %.4f cost %.4f mrp %.4f): run %+v, Go %+v", x.id, x.price, x.cost, x.mrp, have, want)
			}
		}
		if why := limitBreaks(x.price, x.cost, want.target, want.floor, want.ceiling, g, have.rec); len(why) > 0 {
			broken++
			if broken <= 5 {
				t.Errorf("product %s (price %.2f cost %.2f, target %.4f floor %.4f ceiling %.4f): the run's %v", x.id, x.price, x.cost,
					want.target, want.floor, want.ceiling, why)
			}
		}
	}
	assert.Zero(t, bad, "results that differ from the Go evaluator")
	assert.Zero(t, broken, "recommended prices that break a limit")
	return got
}

// randomGuard is a random set of guardrails (each limit present or not).
func randomGuard(r *rand.Rand) evGuard {
	var g evGuard
	if r.IntN(4) > 0 {
		m := float64(1+r.IntN(30)) + float64(r.IntN(4))/4
		g.maxChange = &m
	}
	if r.IntN(3) > 0 {
		m := float64(r.IntN(41))
		g.minMargin = &m
	}
	for _, e := range []float64{0, 0.29, 0.49, 0.5, 0.95, 0.99} {
		if r.IntN(4) == 0 {
			g.endings = append(g.endings, e)
		}
	}
	if len(g.endings) > engine.MaxRoundings {
		g.endings = g.endings[:engine.MaxRoundings]
	}
	g.auto = float64(r.IntN(6))
	return g
}

// TestEvaluatorKeepsLimits: over random prices, costs, targets, floors, ceilings,
// contract pins and guardrails, the evaluator's price keeps every limit (the
// oracle the runs are compared with is itself checked against the limits).
func TestEvaluatorKeepsLimits(t *testing.T) {
	// Of two allowed endings as near, the upper (9.74: 9.99, not 9.49), whatever
	// the order of the endings.
	assert.InDelta(t, 9.99, evPrice(10, 0, 9.74, math.NaN(), math.NaN(), evGuard{endings: []float64{0.49, 0.99}}), 1e-9)
	assert.InDelta(t, 9.99, evPrice(10, 0, 9.74, math.NaN(), math.NaN(), evGuard{endings: []float64{0.99, 0.49}}), 1e-9)
	var consistent, unrounded, rounded int
	for seed := uint64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 29))
		g := randomGuard(r)
		for range 2000 {
			price := float64(50+r.IntN(50000)) / 100
			cost := 0.0
			if r.IntN(5) > 0 {
				cost = price * (0.3 + 0.8*r.Float64())
			}
			around := func() float64 { return price * (0.5 + r.Float64()) }
			target, floor, ceiling := around(), math.NaN(), math.NaN()
			if r.IntN(10) == 0 {
				target = math.NaN()
			}
			switch r.IntN(4) {
			case 0: // a manual contract: one price in cents
				floor = cents(around())
				ceiling = floor
			case 1:
				floor = around()
			case 2:
				ceiling = around()
			default:
				floor, ceiling = around(), around()
			}
			rec := price
			if !math.IsNaN(target) {
				rec = evPrice(price, cost, target, floor, ceiling, g)
			}
			if why := limitBreaks(price, cost, target, floor, ceiling, g, rec); len(why) > 0 {
				t.Fatalf("seed %d: price %.2f cost %.4f target %.4f floor %.4f ceiling %.4f guard %+v endings %v: %v",
					seed, price, cost, target, floor, ceiling, g, g.endings, why)
			}
			lo, hi := evBand(price, cost, floor, ceiling, g)
			if lo <= hi && !math.IsNaN(target) {
				consistent++
				if len(g.endings) > 0 {
					if math.Abs(rec-cents(math.Min(math.Max(target, lo), hi))) < 1e-9 {
						unrounded++
					} else {
						rounded++
					}
				}
			}
		}
	}
	// The draws reach every case: limits that hold together, and with endings both
	// a rounded price and one kept unrounded for want of an ending in the band.
	assert.Greater(t, consistent, 20000)
	assert.Greater(t, unrounded, 100)
	assert.Greater(t, rounded, 1000)
}
