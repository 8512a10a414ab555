package access_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/store"
)

// The plain Go evaluator of docs/pricer.md that every pricer run is compared with.

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
	floor               float64
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
	cutoff := p.now.Add(-time.Duration(p.staleDays) * 24 * time.Hour)
	var vals []float64
	for _, c := range r.comps {
		o, ok := x.offers[c]
		if !ok || o.price == nil || *o.price <= 0 || o.seen.Before(cutoff) || (r.inStock && !o.inStock) {
			continue
		}
		vals = append(vals, *o.price)
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
	res := evResult{tRule: tr, fRule: fr, cRule: cr, floor: f, rec: x.price, status: engine.StatusNoChange}
	if math.IsNaN(t) || x.price <= 0 {
		return res
	}
	v := t
	if !math.IsNaN(c) {
		v = math.Min(v, c)
	}
	if !math.IsNaN(f) {
		v = math.Max(v, f)
	}
	if g.maxChange != nil {
		v = math.Min(math.Max(v, x.price*(1-*g.maxChange/100)), x.price*(1+*g.maxChange/100))
	}
	if len(g.endings) > 0 {
		best, bestD := v, math.Inf(1)
		for _, e := range g.endings {
			lo := math.Floor(v-e) + e
			for _, cand := range []float64{lo + 1, lo} {
				if cand > 0 && (math.IsNaN(f) || cand >= f-engine.RoundTolerance) && math.Abs(cand-v) < bestD {
					best, bestD = cand, math.Abs(cand-v)
				}
			}
		}
		v = best
	}
	if g.minMargin != nil && x.cost > 0 {
		v = math.Max(v, x.cost*(1+*g.minMargin/100))
	}
	res.rec = math.Round(v*100) / 100
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

// results reads a run's results from ClickHouse.
func (p *pricerEnv) results(t *testing.T, acc, runID int64) map[string]evResult {
	run, err := store.New(p.e.db).Run(context.Background(), acc, runID)
	require.NoError(t, err)
	require.Equal(t, store.RunComplete, run.Status, run.Error)
	rows, err := p.w.Conn.Query(context.Background(), `SELECT product_id, recommended_price, toString(status), t_rule, f_rule, c_rule, floor
		FROM pricer_results WHERE account_id = ? AND result_id = ?`, uint32(acc), uint64(run.ResultID))
	require.NoError(t, err)
	out := map[string]evResult{}
	for rows.Next() {
		var id string
		var r evResult
		var tr, fr, cr uint64
		require.NoError(t, rows.Scan(&id, &r.rec, &r.status, &tr, &fr, &cr, &r.floor))
		r.tRule, r.fRule, r.cRule = int64(tr), int64(fr), int64(cr)
		out[id] = r
	}
	require.NoError(t, rows.Err())
	return out
}

func (p *pricerEnv) compare(t *testing.T, acc, runID int64, rules []evRule, g evGuard) map[string]evResult {
	t.Helper()
	got := p.results(t, acc, runID)
	prods := p.products(t, acc)
	require.Len(t, got, len(prods), "one result per product of the account")
	bad := 0
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
	}
	assert.Zero(t, bad, "results that differ from the Go evaluator")
	return got
}
