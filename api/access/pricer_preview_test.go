package access_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/ingest"
)

// randomRule is a random rule of account 2 (its competitors, super categories
// sups) through the API's words, and the same rule for the evaluator (id unset).
func (p *pricerEnv) randomRule(r *rand.Rand, name string, sups []string) (obj, evRule) {
	typ := []string{"target", "target", "floor", "ceiling"}[r.IntN(4)]
	section := map[string]string{"target": "middle", "floor": "top_bottom", "ceiling": "top_bottom"}[typ]
	ev := evRule{typ: typ, active: true, match: func(evProduct) bool { return true }}
	var src obj
	switch ev.kind = []string{"my_price", "mrp", "fixed", "competitors"}[r.IntN(4)]; ev.kind {
	case "fixed":
		ev.amount = float64(500+r.IntN(50000)) / 100
		src = obj{"kind": "fixed", "amount": ev.amount}
	case "competitors":
		for _, c := range p.comps2 {
			if r.IntN(2) == 0 {
				ev.comps = append(ev.comps, c)
			}
		}
		if len(ev.comps) == 0 {
			ev.comps = p.comps2[:1]
		}
		ev.agg = []string{"min", "avg", "max"}[r.IntN(3)]
		ev.inStock = r.IntN(3) == 0
		src = obj{"kind": "competitors", "competitors": ev.comps, "aggregate": ev.agg, "in_stock_only": ev.inStock}
	default:
		src = obj{"kind": ev.kind}
	}
	ev.pct = float64(r.IntN(121)-60) / 2
	ev.amt = float64(r.IntN(401)-200) / 100
	rule := obj{"name": name, "section": section, "rule_type": typ, "source": src, "adjust": obj{"percent": ev.pct, "amount": ev.amt}}
	if r.IntN(2) == 0 {
		s := sups[r.IntN(len(sups))]
		rule["scope"] = obj{"filters": obj{"category_tree": obj{"paths": [][]string{{s}}}}}
		ev.match = func(x evProduct) bool { return x.sup == s }
	} else if r.IntN(3) == 0 {
		// A scope the run's results do not hold under the snapshot's name (my price).
		lo := float64(r.IntN(80))
		hi := lo + float64(10+r.IntN(60))
		rule["scope"] = obj{"filters": obj{"price": obj{"filterType": "number", "type": "inRange", "filter": lo, "filterTo": hi}}}
		ev.match = func(x evProduct) bool { return x.price >= lo && x.price <= hi }
	}
	return rule, ev
}

// clearAccount2 removes account 2's rules, contracts and events.
func (p *pricerEnv) clearAccount2(t *testing.T) {
	st, body := p.admin2.call("GET", "/api/rules/getAllRules", nil)
	require.Equal(t, 200, st, "%v", body)
	for _, r := range body["rules"].([]any) {
		st, _ := p.admin2.call("POST", "/api/rules/removeRule", obj{"groupId": r.(obj)["groupId"]})
		require.Equal(t, 200, st)
	}
	p.clearTerms(t, p.acc2)
}

// evPreview is the rule preview by the evaluator: candidate (its id is the saved
// rule it replaces, in place when of the same type, else last of its list as a
// save puts it; -1 for a new one, last of its list) among rules, over the products
// it matches.
type evPreview struct {
	matched, decided, changed int
	buckets                   []int
}

func (p *pricerEnv) evalPreview(prods []evProduct, rules []evRule, cand evRule, g evGuard) evPreview {
	all := make([]evRule, 0, len(rules)+1)
	placed := false
	for _, r := range rules {
		if r.id == cand.id {
			if r.typ != cand.typ {
				continue
			}
			r, placed = cand, true
		}
		all = append(all, r)
	}
	if !placed {
		all = append(all, cand)
	}
	edges := append(append([]float64{math.Inf(-1)}, engine.PreviewBuckets...), math.Inf(1))
	out := evPreview{buckets: make([]int, len(edges)-1)}
	for _, x := range prods {
		if !cand.match(x) {
			continue
		}
		out.matched++
		res := p.evaluate(x, all, g)
		if map[string]int64{"target": res.tRule, "floor": res.fRule, "ceiling": res.cRule}[cand.typ] == cand.id {
			out.decided++
		}
		if res.status == engine.StatusNoChange {
			continue
		}
		out.changed++
		pct := (res.rec - x.price) / x.price * 100
		for i := 0; i+1 < len(edges); i++ {
			if pct >= edges[i] && pct < edges[i+1] {
				out.buckets[i]++
			}
		}
	}
	return out
}

// previewOf asks account 2's preview of rule (groupId: the saved rule it edits)
// and checks it against the evaluator; it returns the preview's basis.
func (p *pricerEnv) previewOf(t *testing.T, rule obj, rules []evRule, cand evRule, g evGuard) string {
	t.Helper()
	st, body := p.admin2.call("POST", "/api/rules/preview", rule)
	require.Equal(t, 200, st, "%v %v", rule, body)
	want := p.evalPreview(p.products(t, p.acc2), rules, cand, g)
	got := evPreview{matched: int(body["matched"].(float64)), decided: int(body["decided"].(float64)), changed: int(body["changed"].(float64))}
	for _, b := range body["distribution"].([]any) {
		got.buckets = append(got.buckets, int(b.(obj)["count"].(float64)))
	}
	assert.Equal(t, want, got, "basis %v, rule %v", body["basis"], rule)
	return body["basis"].(string)
}

// previewFromState: on account 2, random rules, guardrails, contracts and events
// and a run; then random edits of saved rules and new rules, each previewed from
// the run's results and compared with the evaluator. After a guardrail change, a
// flag and a load of offers the preview evaluates every rule (and still equals the
// evaluator); after the next run it starts from that run again.
func (p *pricerEnv) previewFromState(t *testing.T) {
	var sups []string
	seen := map[string]bool{}
	var priced []evProduct
	for _, x := range p.products(t, p.acc2) {
		if !seen[x.sup] {
			seen[x.sup] = true
			sups = append(sups, x.sup)
		}
		if x.price > 0 {
			priced = append(priced, x)
		}
	}
	sort.Strings(sups)
	clear := func() { p.clearAccount2(t) }
	defer clear()
	day := p.now.Format("2006-01-02")
	saveGuard := func(g evGuard) {
		save := obj{"rounding_endings": g.endings, "auto_approve_pct": g.auto}
		if g.maxChange != nil {
			save["max_change_pct"] = *g.maxChange
		}
		if g.minMargin != nil {
			save["min_margin_pct"] = *g.minMargin
		}
		st, body := p.admin2.call("POST", "/api/rules/saveGuardrails", save)
		require.Equal(t, 200, st, "%v %v", save, body)
	}
	var evs []evRule
	var g evGuard
	fromState, edits := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 31))
		clear()
		evs = nil
		for range 2 + r.IntN(6) {
			rule, ev := p.randomRule(r, fmt.Sprintf("seed %d rule %d", seed, len(evs)), sups)
			if r.IntN(5) == 0 {
				rule["status"], ev.active = "inactive", false
			}
			ev.id = p.addRule(t, p.admin2, rule)
			evs = append(evs, ev)
		}
		g = randomGuard(r)
		saveGuard(g)
		p.terms = map[string]evTerm{}
		for range 20 {
			x := priced[r.IntN(len(priced))]
			if _, taken := p.terms[x.id]; taken {
				continue
			}
			k := evTerm{floor: math.Round(x.price*(60+r.Float64()*40)) / 100}
			k.ceiling = k.floor * 1.2
			if r.IntN(2) == 0 {
				k.event = math.Round(x.price*(60+r.Float64()*80)) / 100
				_, err := p.e.db.Exec(context.Background(), `INSERT INTO price_events (account_id, product_id, event_name, event_price, starts_on, ends_on)
					VALUES ($1, $2, 'Random', $3, $4, $4)`, p.acc2, x.id, k.event, day)
				require.NoError(t, err)
			}
			_, err := p.e.db.Exec(context.Background(), `INSERT INTO price_contracts (account_id, product_id, kind, floor_price, ceiling_price, starts_on, ends_on, comment)
				VALUES ($1, $2, 'contract', $3, $4, $5, $5, 'random')`, p.acc2, x.id, k.floor, k.ceiling, day)
			require.NoError(t, err)
			p.terms[x.id] = k
		}
		p.start(t, p.admin2, r.IntN(2) == 0)
		for i := range 6 {
			rule, cand := p.randomRule(r, fmt.Sprintf("seed %d edit %d", seed, i), sups)
			cand.id = -1
			moves := false
			if r.IntN(2) == 0 { // an edit of a saved rule
				old := evs[r.IntN(len(evs))]
				if old.typ != cand.typ && old.active {
					moves = true // to another list: the run's other list no longer holds
				}
				rule["groupId"], cand.id = old.id, old.id
			}
			cand.active = true
			basis := p.previewOf(t, rule, evs, cand, g)
			if moves {
				assert.Equal(t, "rules", basis, "an edit that moves a rule to another list evaluates every rule")
			} else {
				assert.Equal(t, "latest_run", basis, "%v", rule)
				fromState++
			}
			edits++
		}
		if t.Failed() {
			return
		}
	}
	assert.Positive(t, fromState)
	t.Logf("%d previews, %d from the latest run", edits, fromState)

	// A candidate that reads every product, asked after each change below.
	r := rand.New(rand.NewPCG(99, 31))
	rule, cand := p.randomRule(r, "after a change", sups)
	rule["source"], cand.kind, cand.comps, cand.agg, cand.inStock = obj{"kind": "competitors", "competitors": p.comps2, "aggregate": "min"}, "competitors", p.comps2, "min", false
	delete(rule, "scope")
	cand.match, cand.id, cand.active = func(evProduct) bool { return true }, -1, true
	require.Equal(t, "latest_run", p.previewOf(t, rule, evs, cand, g))

	t.Run("a guardrail change", func(t *testing.T) {
		g2 := randomGuard(rand.New(rand.NewPCG(7, 7)))
		g2.auto = g.auto + 1
		saveGuard(g2)
		g = g2
		assert.Equal(t, "rules", p.previewOf(t, rule, evs, cand, g))
		p.start(t, p.admin2, true)
		assert.Equal(t, "latest_run", p.previewOf(t, rule, evs, cand, g), "the next run's results are the state again")
	})

	t.Run("a flagged match", func(t *testing.T) {
		var x evProduct
		for _, y := range priced {
			if _, ok := p.offer(y, p.comps2[0], false); ok {
				x = y
				break
			}
		}
		require.NotEmpty(t, x.id)
		st, body := p.admin2.call("POST", "/api/match_feedback/flagMatch", obj{"productId": x.id, "competitorId": p.comps2[0], "reason": "not the same product"})
		require.Equal(t, 200, st, "%v", body)
		p.flagged = map[string]map[int64]bool{x.id: {p.comps2[0]: true}}
		defer func() {
			p.flagged = nil
			st, body := p.admin2.call("POST", "/api/match_feedback/unflagMatch", obj{"productId": x.id, "competitorId": p.comps2[0]})
			require.Equal(t, 200, st, "%v", body)
		}()
		assert.Equal(t, "rules", p.previewOf(t, rule, evs, cand, g))
	})

	t.Run("a load of offers", func(t *testing.T) {
		p.start(t, p.admin2, true)
		require.Equal(t, "latest_run", p.previewOf(t, rule, evs, cand, g))
		// Every priced product's first competitor undercuts it by a third, now.
		lines := []string{"product_id,competitor_id,scanned_at,price"}
		at := time.Now().UTC().Add(-time.Minute).Format("2006-01-02 15:04:05")
		for _, x := range priced[:min(len(priced), 50)] {
			lines = append(lines, fmt.Sprintf("%s,%d,%s,%.2f", x.id, p.comps2[0], at, x.price*2/3))
		}
		path := filepath.Join(t.TempDir(), "offers.csv")
		require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
		f, err := os.Open(path)
		require.NoError(t, err)
		defer f.Close()
		fi, err := f.Stat()
		require.NoError(t, err)
		_, err = ingest.Load(context.Background(), p.w, p.e.db, ingest.Request{Kind: ingest.Scans, Name: "offers.csv", File: f, Size: fi.Size(), Account: uint32(p.acc2)})
		require.NoError(t, err)
		assert.Equal(t, "rules", p.previewOf(t, rule, evs, cand, g), "the load's offers are read")
		p.start(t, p.admin2, true)
		assert.Equal(t, "latest_run", p.previewOf(t, rule, evs, cand, g))
	})
}
