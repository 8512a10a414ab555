package access_test

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/ingest/demo"
	"pricelens/pricer"
	"pricelens/store"
	"pricelens/warehouse"
)

// The dynamic pricer through the API on the generator's S data set (two accounts),
// with every run checked against a plain Go evaluator of docs/pricer.md over the raw
// rows (products FINAL, latest_offers FINAL). S is loaded once: the checks are
// subtests of TestPricer, in order (later ones build on the rules of earlier ones).

type pricerEnv struct {
	e              *env
	w              *warehouse.Warehouse
	acc1, acc2     int64
	comps1, comps2 []int64
	admin, analyst *client
	viewer, admin2 *client
	now            time.Time
	staleDays      int
	// terms are the contracts and events in force per product (0: none), as the
	// evaluator applies them (engine.PriceTerms).
	terms map[string]evTerm
	// flagged are the matches with an open flag (product, competitor): their
	// offers count nowhere, as in the reports.
	flagged map[string]map[int64]bool
}

type evTerm struct{ floor, ceiling, event float64 }

func loadPricerEnv(t *testing.T) *pricerEnv {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	_, err := demo.Load(ctx, w, e.db, demo.Options{Size: demo.S, Seed: 1, Out: io.Discard, Progress: io.Discard, AdminPassword: "x-unused-password"})
	require.NoError(t, err)
	p := &pricerEnv{e: e, w: w, now: time.Now().UTC().Truncate(time.Second)}
	rows, err := e.db.Query(ctx, `SELECT id FROM accounts ORDER BY id`)
	require.NoError(t, err)
	var accs []int64
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		accs = append(accs, id)
	}
	require.GreaterOrEqual(t, len(accs), 2)
	p.acc1, p.acc2 = accs[0], accs[1]
	comps := func(acc int64) []int64 {
		rows, err := e.db.Query(ctx, `SELECT id FROM competitors WHERE account_id = $1 ORDER BY id`, acc)
		require.NoError(t, err)
		var out []int64
		for rows.Next() {
			var id int64
			require.NoError(t, rows.Scan(&id))
			out = append(out, id)
		}
		return out
	}
	p.comps1, p.comps2 = comps(p.acc1), comps(p.acc2)
	require.GreaterOrEqual(t, len(p.comps1), 4)
	cat, err := store.New(e.db).Catalog(ctx, p.acc1)
	require.NoError(t, err)
	p.staleDays = cat.Engine().Settings.StalenessDays
	e.user("admin@pricer.test", "admin", p.acc1)
	e.user("analyst@pricer.test", "analyst", p.acc1)
	e.user("viewer@pricer.test", "viewer", p.acc1)
	e.user("admin2@pricer.test", "admin", p.acc2)
	p.admin = e.login("admin@pricer.test", p.acc1)
	p.analyst = e.login("analyst@pricer.test", p.acc1)
	p.viewer = e.login("viewer@pricer.test", p.acc1)
	p.admin2 = e.login("admin2@pricer.test", p.acc2)
	return p
}

// run works a requested run as the River worker does, at the environment's clock.
func (p *pricerEnv) run(t *testing.T, runID int64, after func(context.Context) error) error {
	r := pricer.Runner{Store: store.New(p.e.db), W: p.w, Now: func() time.Time { return p.now }, AfterInsert: after}
	return r.Run(context.Background(), runID)
}

// start asks for a run through the API and works it.
func (p *pricerEnv) start(t *testing.T, c *client, simulation bool) int64 {
	t.Helper()
	st, body := c.call("POST", "/api/rules/runRulebase", obj{"isSimulation": simulation})
	require.Equal(t, 200, st, "%v", body)
	id := num(body["run_id"])
	require.NoError(t, p.run(t, id, nil))
	return id
}

// clearTerms ends a subtest's contracts and events: the accounts' rows go, and the
// evaluator applies none.
func (p *pricerEnv) clearTerms(t *testing.T, accs ...int64) {
	p.terms = nil
	for _, q := range []string{`DELETE FROM price_contracts WHERE account_id = ANY($1)`, `DELETE FROM price_events WHERE account_id = ANY($1)`} {
		_, err := p.e.db.Exec(context.Background(), q, accs)
		require.NoError(t, err)
	}
}

func (p *pricerEnv) addRule(t *testing.T, c *client, rule obj) int64 {
	t.Helper()
	st, body := c.call("POST", "/api/rules/addRule", rule)
	require.Equal(t, 200, st, "%v %v", rule, body)
	return num(body["groupId"])
}

func TestPricer(t *testing.T) {
	p := loadPricerEnv(t)
	c1, c2, c3, c4 := p.comps1[0], p.comps1[1], p.comps1[2], p.comps1[3]
	prods := p.products(t, p.acc1)
	sups := map[string]int{}
	brands := map[string]int{}
	for _, x := range prods {
		sups[x.sup]++
		brands[x.brand]++
	}
	var supList, brandList []string
	for s := range sups {
		supList = append(supList, s)
	}
	for b := range brands {
		brandList = append(brandList, b)
	}
	sort.Strings(supList)
	sort.Strings(brandList)
	require.GreaterOrEqual(t, len(supList), 2)
	sup0, sup1, brand0 := supList[0], supList[1], brandList[0]

	all := func(evProduct) bool { return true }
	inSup := func(s string) func(evProduct) bool { return func(x evProduct) bool { return x.sup == s } }
	var rules []evRule
	// addEv adds a rule through the API and to the evaluator's list (run order:
	// each list in the order of creation).
	addEv := func(rule obj, ev evRule) int64 {
		ev.id = p.addRule(t, p.admin, rule)
		ev.typ = rule["rule_type"].(string)
		ev.active = rule["status"] != "inactive"
		src := rule["source"].(obj)
		ev.kind = src["kind"].(string)
		if cs, ok := src["competitors"].([]int64); ok {
			ev.comps = cs
		}
		ev.agg, _ = src["aggregate"].(string)
		ev.inStock, _ = src["in_stock_only"].(bool)
		ev.amount, _ = src["amount"].(float64)
		if adj, ok := rule["adjust"].(obj); ok {
			ev.pct, _ = adj["percent"].(float64)
			ev.amt, _ = adj["amount"].(float64)
		}
		rules = append(rules, ev)
		return ev.id
	}

	t.Run("the source menu, targets and matrix profiles", func(t *testing.T) {
		st, body := p.admin.call("GET", "/api/rules/prepareSourceSelectBox", nil)
		require.Equal(t, 200, st)
		var names []string
		for _, s := range body["sources"].([]any) {
			names = append(names, s.(obj)["name"].(string))
		}
		assert.Equal(t, []string{"My price", "Competitors", "Fixed charge", "MRP - CN"}, names)
		assert.Len(t, body["competitors"], len(p.comps1))
		st, body = p.viewer.call("GET", "/api/rules/targets", nil)
		require.Equal(t, 200, st)
		assert.Equal(t, false, body["can_run"], "a viewer cannot run")
		assert.Len(t, body["targets"], 2)
		st, body = p.admin.call("GET", "/api/v1/site_reprice_matrix_profiles", nil)
		require.Equal(t, 200, st)
		assert.NotEmpty(t, body["profiles"])
		st, body = p.admin.call("GET", "/api/rules/reprice_matrix_types", nil)
		require.Equal(t, 200, st)
		assert.NotEmpty(t, body["types"])
		st, body = p.admin.call("GET", "/api/rules/isRunProcess", nil)
		require.Equal(t, 200, st)
		assert.Equal(t, false, body["running"])
		assert.Nil(t, body["run_id"])
	})

	t.Run("addRule validation", func(t *testing.T) {
		good := func() obj {
			return obj{"name": "Valid", "section": "middle", "rule_type": "target", "source": obj{"kind": "my_price"}}
		}
		with := func(k string, v any) obj { r := good(); r[k] = v; return r }
		for _, tc := range []struct {
			body  obj
			field string
			msg   string
		}{
			{with("name", "  "), "name", "Rule name is required"},
			{with("name", strings.Repeat("x", 101)), "name", "Rule name can't be longer than 100 characters"},
			{with("section", "sideways"), "section", `must be top_bottom or middle, not "sideways"`},
			{with("rule_type", "floor"), "rule_type", `A middle rule sets the target, not "floor"`},
			{obj{"name": "x", "section": "top_bottom", "rule_type": "target", "source": obj{"kind": "my_price"}}, "rule_type", `A top-bottom rule is a floor or a ceiling, not "target"`},
			{with("source", obj{}), "source.kind", "Choose a source: My price, Competitors, Fixed charge or MRP - CN"},
			{with("source", obj{"kind": "competitors"}), "source.competitors", "Choose at least one competitor for a competitors source"},
			{with("source", obj{"kind": "competitors", "competitors": []int64{p.comps2[0]}}), "source.competitors[0]", "is not a competitor of this account"},
			{with("source", obj{"kind": "competitors", "competitors": []int64{c1}, "aggregate": "median"}), "source.aggregate", `must be min, avg or max, not "median"`},
			{with("source", obj{"kind": "fixed", "amount": 0}), "source.amount", "A fixed charge must be a price above 0"},
			{with("adjust", obj{"percent": -100}), "adjust.percent", "must be between -100 (excluded) and 1000"},
			{with("scope", obj{"filters": obj{"nope": obj{"filterType": "text", "type": "contains", "filter": "x"}}}), "scope.filters.nope", "is not a column of this report"},
			{with("status", "paused"), "status", "status must be active or inactive"},
		} {
			st, body := p.admin.call("POST", "/api/rules/addRule", tc.body)
			assert.Equal(t, 400, st, "%v", tc.body)
			e, _ := body["error"].(obj)
			assert.Equal(t, tc.field, e["field"], "%v", tc.body)
			assert.Contains(t, errMsg(body), tc.msg, "%v", tc.body)
		}
		st, body := p.admin.call("POST", "/api/rules/getRuleData", obj{"groupId": 999999})
		assert.Equal(t, 404, st)
		assert.Equal(t, "This rule does not exist.", errMsg(body))
		assert.Zero(t, p.e.count(`SELECT count(*) FROM pricer_rules`), "nothing written")
	})

	var target1, inactive, floor1, ceil1 int64
	t.Run("rules: create, list, edit, status, reorder, delete, audit", func(t *testing.T) {
		target1 = addEv(obj{"name": "Beat the cheapest", "section": "middle", "rule_type": "target",
			"scope":  obj{"filters": obj{"category_tree": obj{"paths": [][]string{{sup0}}}}},
			"source": obj{"kind": "competitors", "competitors": []int64{c1, c2}, "aggregate": "min"}, "adjust": obj{"percent": -2.0, "amount": -0.01}},
			evRule{match: inSup(sup0)})
		inactive = addEv(obj{"name": "Switched off", "section": "middle", "rule_type": "target", "status": "inactive",
			"source": obj{"kind": "fixed", "amount": 1.0}}, evRule{match: all})
		addEv(obj{"name": "Follow the in-stock average", "section": "middle", "rule_type": "target",
			"scope":  obj{"filters": obj{"price": obj{"filterType": "number", "type": "greaterThan", "filter": 100}}},
			"source": obj{"kind": "competitors", "competitors": []int64{c3}, "aggregate": "avg", "in_stock_only": true}, "adjust": obj{"percent": 1.0}},
			evRule{match: func(x evProduct) bool { return x.price > 100 }})
		addEv(obj{"name": "Under the MRP", "section": "middle", "rule_type": "target",
			"scope":  obj{"filters": obj{"canonical_mfgr_display": obj{"filterType": "set", "values": []string{brand0}}}},
			"source": obj{"kind": "mrp"}, "adjust": obj{"percent": -5.0}},
			evRule{match: func(x evProduct) bool { return strings.EqualFold(x.brand, brand0) }})
		addEv(obj{"name": "Nudge up", "section": "middle", "rule_type": "target", "source": obj{"kind": "my_price"}, "adjust": obj{"percent": 3.0}},
			evRule{match: all})
		floor1 = addEv(obj{"name": "Never below 90 %", "section": "top_bottom", "rule_type": "floor", "source": obj{"kind": "my_price"}, "adjust": obj{"percent": -10.0}},
			evRule{match: all})
		ceil1 = addEv(obj{"name": "MRP cap", "section": "top_bottom", "rule_type": "ceiling",
			"scope": obj{"filters": obj{"category_tree": obj{"paths": [][]string{{sup1}}}}}, "source": obj{"kind": "mrp"}},
			evRule{match: inSup(sup1)})
		addEv(obj{"name": "Market cap", "section": "top_bottom", "rule_type": "ceiling",
			"source": obj{"kind": "competitors", "competitors": []int64{c1, c2, c3, c4}, "aggregate": "max"}, "adjust": obj{"percent": 10.0}},
			evRule{match: all})

		st, body := p.viewer.call("GET", "/api/rules/getAllRules", nil)
		require.Equal(t, 200, st)
		list := body["rules"].([]any)
		require.Len(t, list, 8)
		assert.Equal(t, "top_bottom", list[0].(obj)["section"], "top-bottom rules come first")
		var middleOrder []string
		for _, r := range list {
			if r.(obj)["section"] == "middle" {
				middleOrder = append(middleOrder, fmt.Sprint(r.(obj)["order"]))
			}
		}
		assert.Equal(t, []string{"1", "2", "3", "4", "5"}, middleOrder)

		st, body = p.admin.call("POST", "/api/rules/addRule", obj{"name": "beat THE cheapest", "section": "middle", "rule_type": "target", "source": obj{"kind": "my_price"}})
		assert.Equal(t, 409, st)
		assert.Equal(t, "A rule with this name already exists", errMsg(body))

		// Edit: the same rule under a new name, then back.
		edit := obj{"groupId": target1, "name": "Beat the cheapest (edited)", "section": "middle", "rule_type": "target",
			"scope":  obj{"filters": obj{"category_tree": obj{"paths": [][]string{{sup0}}}}},
			"source": obj{"kind": "competitors", "competitors": []int64{c1, c2}, "aggregate": "min"}, "adjust": obj{"percent": -2.0, "amount": -0.01}}
		st, body = p.admin.call("POST", "/api/rules/addRule", edit)
		require.Equal(t, 200, st, "%v", body)
		assert.Equal(t, float64(target1), body["groupId"])
		st, body = p.admin.call("POST", "/api/rules/getRuleData", obj{"groupId": target1})
		require.Equal(t, 200, st)
		assert.Equal(t, "Beat the cheapest (edited)", body["rule"].(obj)["name"])
		assert.Equal(t, float64(1), body["rule"].(obj)["order"], "an edit keeps the rule's place")

		st, _ = p.admin.call("POST", "/api/rules/updateStatus", obj{"groupId": inactive, "status": "active"})
		require.Equal(t, 200, st)
		st, _ = p.admin.call("POST", "/api/rules/updateStatus", obj{"groupId": inactive, "status": "inactive"})
		require.Equal(t, 200, st)

		// Reorder the ceilings and back.
		st, body = p.admin.call("POST", "/api/rules/reorder", obj{"section": "top_bottom", "rule_type": "ceiling", "order": []int64{rules[7].id, ceil1}})
		require.Equal(t, 200, st, "%v", body)
		st, body = p.admin.call("POST", "/api/rules/refreshRulesList", obj{"filterParams": obj{"section": "top_bottom", "rule_type": "ceiling"}})
		require.Equal(t, 200, st)
		assert.Equal(t, float64(rules[7].id), body["rules"].([]any)[0].(obj)["groupId"])
		st, body = p.admin.call("POST", "/api/rules/reorder", obj{"section": "top_bottom", "rule_type": "ceiling", "order": []int64{ceil1}})
		assert.Equal(t, 400, st, "an order must list every rule of the list")
		st, _ = p.admin.call("POST", "/api/rules/reorder", obj{"section": "top_bottom", "rule_type": "ceiling", "order": []int64{ceil1, rules[7].id}})
		require.Equal(t, 200, st)

		// Delete a throwaway rule.
		gone := p.addRule(t, p.admin, obj{"name": "Throwaway", "section": "top_bottom", "rule_type": "floor", "source": obj{"kind": "fixed", "amount": 5}})
		st, _ = p.admin.call("POST", "/api/rules/removeRule", obj{"groupId": gone})
		require.Equal(t, 200, st)
		st, _ = p.admin.call("POST", "/api/rules/getRuleData", obj{"groupId": gone})
		assert.Equal(t, 404, st)

		st, body = p.viewer.call("GET", "/api/rules/getAuditLog", nil)
		require.Equal(t, 200, st)
		actions := map[string]int{}
		for _, r := range body["rows"].([]any) {
			row := r.(obj)
			actions[row["action"].(string)]++
			assert.Equal(t, "admin@pricer.test", row["user"])
			if row["action"] == "edit" {
				assert.Equal(t, "Beat the cheapest", row["before"].(obj)["name"])
				assert.Equal(t, "Beat the cheapest (edited)", row["after"].(obj)["name"])
			}
			if row["action"] == "delete" {
				assert.Equal(t, "Throwaway", row["before"].(obj)["name"])
				assert.Nil(t, row["after"])
			}
		}
		assert.Equal(t, map[string]int{"create": 9, "edit": 1, "status": 2, "reorder": 2, "delete": 1}, actions)
	})

	t.Run("permissions per section, order and run", func(t *testing.T) {
		middle := obj{"name": "Analyst middle", "section": "middle", "rule_type": "target", "status": "inactive", "source": obj{"kind": "my_price"}}
		st, body := p.viewer.call("POST", "/api/rules/addRule", middle)
		assert.Equal(t, 403, st)
		assert.Equal(t, "Feature is locked for this user", errMsg(body))
		st, _ = p.viewer.call("POST", "/api/rules/runRulebase", obj{"isSimulation": true})
		assert.Equal(t, 403, st, "a viewer cannot run")
		st, _ = p.viewer.call("POST", "/api/rules/getRuleData", obj{"groupId": target1})
		assert.Equal(t, 200, st, "a viewer reads rules")

		// The analyst loses "edit/read middle rules" under update, then "change rules order".
		for _, row := range []string{"2:update:any:6", "2:update:any:7"} {
			st, body = p.admin.call("POST", "/api/system/updatePermission", obj{"rowId": row, "roleName": "analyst", "isChecked": false})
			require.Equal(t, 200, st, "%v", body)
		}
		st, _ = p.analyst.call("POST", "/api/rules/addRule", middle)
		assert.Equal(t, 403, st, "middle rules need permission 6")
		st, _ = p.analyst.call("POST", "/api/rules/updateStatus", obj{"groupId": target1, "status": "inactive"})
		assert.Equal(t, 403, st, "a middle rule's status needs permission 6")
		top := obj{"name": "Analyst floor", "section": "top_bottom", "rule_type": "floor", "status": "inactive", "source": obj{"kind": "my_price"}}
		st, body = p.analyst.call("POST", "/api/rules/addRule", top)
		require.Equal(t, 200, st, "top-bottom rules need permission 5 only: %v", body)
		analystFloor := num(body["groupId"])
		st, _ = p.analyst.call("POST", "/api/rules/reorder", obj{"section": "top_bottom", "rule_type": "floor", "order": []int64{analystFloor, floor1}})
		assert.Equal(t, 403, st, "the order needs permission 7")
		st, _ = p.admin.call("POST", "/api/rules/reorder", obj{"section": "top_bottom", "rule_type": "floor", "order": []int64{floor1, analystFloor}})
		assert.Equal(t, 200, st)
		st, _ = p.analyst.call("POST", "/api/rules/removeRule", obj{"groupId": analystFloor})
		assert.Equal(t, 200, st)
		// Read permission of a section hides its rules.
		st, _ = p.admin.call("POST", "/api/system/updatePermission", obj{"rowId": "2:read:any:6", "roleName": "viewer", "isChecked": false})
		require.Equal(t, 200, st)
		st, body = p.viewer.call("GET", "/api/rules/getAllRules", nil)
		require.Equal(t, 200, st)
		for _, r := range body["rules"].([]any) {
			assert.Equal(t, "top_bottom", r.(obj)["section"])
		}
		st, _ = p.viewer.call("POST", "/api/rules/getRuleData", obj{"groupId": target1})
		assert.Equal(t, 403, st)
	})

	noGuard := evGuard{}
	var firstRun int64
	t.Run("a real run against the Go evaluator, default guardrails", func(t *testing.T) {
		firstRun = p.start(t, p.admin, false)
		got := p.compare(t, p.acc1, firstRun, rules, noGuard)
		statuses := map[string]int{}
		for _, r := range got {
			statuses[r.status]++
			assert.NotEqual(t, inactive, r.tRule, "inactive rules are ignored")
		}
		assert.Zero(t, statuses[engine.StatusAutoApproved], "threshold 0 %: every change waits")
		assert.Positive(t, statuses[engine.StatusPending])
		assert.Positive(t, statuses[engine.StatusNoChange])
		n := p.e.count(`SELECT count(*) FROM approval_records WHERE account_id = $1 AND run_id = $2 AND status = 'Pending' AND reason = 'above_threshold'`, p.acc1, firstRun)
		assert.Equal(t, statuses[engine.StatusPending], n, "a Pending approval record per changed price")
		st, body := p.admin.call("GET", "/api/rules/isRunProcess", nil)
		require.Equal(t, 200, st)
		assert.Equal(t, false, body["running"])
		assert.Equal(t, "complete", body["status"])
		assert.Equal(t, float64(firstRun), body["run_id"])
	})

	max8, margin5 := 8.0, 5.0
	guard := evGuard{maxChange: &max8, minMargin: &margin5, endings: []float64{0.49, 0.99}, auto: 3}
	var guardedRun int64
	t.Run("guardrails: maximum change, rounding never below the floor, minimum margin, auto-approval", func(t *testing.T) {
		st, body := p.analyst.call("POST", "/api/rules/saveGuardrails", obj{"max_change_pct": 8, "rounding_endings": []float64{0.99, 0.49}, "min_margin_pct": 5, "auto_approve_pct": 3})
		require.Equal(t, 200, st, "%v", body)
		st, body = p.admin.call("POST", "/api/rules/saveGuardrails", obj{"rounding_endings": []float64{1.5}})
		assert.Equal(t, 400, st)
		assert.Equal(t, "rounding_endings[0]", body["error"].(obj)["field"])
		guardedRun = p.start(t, p.analyst, false)
		got := p.compare(t, p.acc1, guardedRun, rules, guard)
		statuses := map[string]int{}
		for _, r := range got {
			statuses[r.status]++
		}
		assert.Positive(t, statuses[engine.StatusAutoApproved])
		assert.Positive(t, statuses[engine.StatusPending])
		assert.Equal(t, statuses[engine.StatusAutoApproved],
			p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND status = 'approved' AND decided_at IS NOT NULL`, guardedRun))
	})

	t.Run("the results grid: explanations match the numbers, filters, sort, counts", func(t *testing.T) {
		cond := obj{"run": "latest", "startRow": 0, "limit": 100, "sort": []obj{{"colId": "change_pct", "sort": "desc"}},
			"filters": obj{"status": obj{"filterType": "radio", "value": "pending"}}}
		st, body := p.viewer.call("POST", "/api/repricing/getConditionsData", obj{"data": cond})
		require.Equal(t, 200, st, "%v", body)
		assert.Equal(t, float64(guardedRun), body["run_id"])
		rows := body["rows"].([]any)
		require.NotEmpty(t, rows)
		prev := math.Inf(1)
		for _, r := range rows {
			row := r.(obj)
			assert.Equal(t, "pending", row["status"])
			ch := row["change_pct"].(float64)
			assert.LessOrEqual(t, ch, prev)
			prev = ch
			rec := row["recommended_price"].(float64)
			ex := row["explanation"].(string)
			assert.Contains(t, ex, fmt.Sprintf("recommended %.2f", rec), ex)
			assert.Contains(t, ex, fmt.Sprintf("from %.2f", row["price"].(float64)), ex)
			steps := row["steps"].([]any)
			require.NotEmpty(t, steps)
			first := steps[0].(obj)
			assert.Equal(t, "target", first["kind"])
			assert.Equal(t, row["rule_id"], first["rule_id"])
			assert.Contains(t, ex, fmt.Sprintf("%q", first["rule_name"]))
			assert.Equal(t, first["rule_name"], row["rule_name"], "the Rule column shows the rule's name")
			if tv, ok := row["target"].(float64); ok {
				assert.InDelta(t, tv, first["value"].(float64), 1e-9)
			}
			last := steps[len(steps)-1].(obj)
			if v, ok := last["value"].(float64); ok && last["kind"] != "floor" && last["kind"] != "ceiling" && last["kind"] != "target" {
				assert.InDelta(t, rec, v, 0.0051, "the last step's price is the recommendation: %s", ex)
			}
		}
		st, body = p.viewer.call("POST", "/api/repricing/getCountOfRow", obj{"conditionData": cond, "calculatePendingRow": true})
		require.Equal(t, 200, st, "%v", body)
		assert.Equal(t, body["count"], body["pending"])
		assert.Equal(t, float64(p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND status = 'Pending'`, guardedRun)), body["count"])

		// A product without a target: the sentence says why.
		st, body = p.viewer.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"filters": obj{"rule_id": obj{"filterType": "number", "type": "blank"}}, "limit": 5}})
		require.Equal(t, 200, st, "%v", body)
		for _, r := range body["rows"].([]any) {
			assert.Contains(t, r.(obj)["explanation"], "No change", r)
		}
		// Search and the category tree reach the results too.
		st, body = p.viewer.call("POST", "/api/repricing/getCountOfRow", obj{"conditionData": obj{"filters": obj{"category_tree": obj{"paths": [][]string{{sup0}}}}}})
		require.Equal(t, 200, st)
		assert.Equal(t, float64(sups[sup0]), body["count"])
		st, body = p.viewer.call("POST", "/api/repricing/getCountOfRow", obj{"conditionData": obj{"search": prods[0].id}})
		require.Equal(t, 200, st)
		assert.GreaterOrEqual(t, body["count"], float64(1))
		st, body = p.viewer.call("GET", "/api/repricing/getColumnsDef", nil)
		require.Equal(t, 200, st)
		var ids []string
		for _, c := range body["columns"].([]any) {
			ids = append(ids, c.(obj)["colId"].(string))
		}
		for _, want := range []string{"id", "price", "floor", "ceiling", "target", "recommended_price", "change_pct", "status", "rule_id", "explanation"} {
			assert.Contains(t, ids, want)
		}
		for _, bad := range []obj{
			{"data": obj{"run": "yesterday"}},
			{"data": obj{"sort": []obj{{"colId": "Price@1", "sort": "asc"}}}},
			{"data": obj{"group": []obj{{"id": "brand"}}}},
			{"data": obj{"filters": obj{"status": obj{"filterType": "radio", "value": "maybe"}}}},
		} {
			st, _ := p.viewer.call("POST", "/api/repricing/getConditionsData", bad)
			assert.Equal(t, 400, st, "%v", bad)
		}
	})

	// Both grids over a run's results page with one query (engine.resultPage): the
	// block's ids by the sort, then their rows. On a cluster the ids must be one
	// global list (GLOBAL IN): a plain IN lets each shard pick its own block, and
	// pages then skip and repeat records. make test-cluster runs this on 2 shards.
	t.Run("the approval and results grids page a whole run: every Pending record once, in the grid's order", func(t *testing.T) {
		want := map[string]bool{}
		rows, err := p.e.db.Query(context.Background(), `SELECT product_id FROM approval_records WHERE run_id = $1 AND status = 'Pending'`, guardedRun)
		require.NoError(t, err)
		for rows.Next() {
			var id string
			require.NoError(t, rows.Scan(&id))
			want[id] = true
		}
		require.NoError(t, rows.Err())
		require.Greater(t, len(want), 300, "enough records for several pages")
		const block = 97
		for _, grid := range []struct {
			name, rows, rowsKey, count, countKey string
			pending                              obj
		}{
			{"approval", "/api/approval/getConditionsData", "data", "/api/approval/getCountOfRow", "conditionData", obj{"filterType": "radio", "value": "Pending"}},
			{"results", "/api/repricing/getConditionsData", "data", "/api/repricing/getCountOfRow", "conditionData", obj{"filterType": "radio", "value": "pending"}},
		} {
			for _, sort := range []obj{{"colId": "change_pct", "sort": "desc"}, {"colId": "name", "sort": "asc"}} {
				filters := obj{"status": grid.pending}
				st, body := p.admin.call("POST", grid.count, obj{grid.countKey: obj{"filters": filters}})
				require.Equal(t, 200, st, "%v", body)
				assert.Equal(t, float64(len(want)), body["count"], "%s count", grid.name)
				seen := map[string]int{}
				var keys []any
				for start := 0; ; start += block {
					st, body := p.admin.call("POST", grid.rows, obj{grid.rowsKey: obj{"startRow": start, "limit": block, "filters": filters, "sort": []obj{sort}}})
					require.Equal(t, 200, st, "%v", body)
					page := body["rows"].([]any)
					for _, r := range page {
						row := r.(obj)
						seen[row["id"].(string)]++
						keys = append(keys, row[sort["colId"].(string)])
					}
					if len(page) < block {
						break
					}
					require.Less(t, start, 10*len(want), "%s: the pages never end", grid.name)
				}
				var repeated, strangers []string
				for id, n := range seen {
					if n > 1 {
						repeated = append(repeated, id)
					}
					if !want[id] {
						strangers = append(strangers, id)
					}
				}
				assert.Empty(t, repeated, "%s sorted by %v: records on more than one page", grid.name, sort)
				assert.Empty(t, strangers, "%s sorted by %v: rows that are not Pending records of the run", grid.name, sort)
				assert.Equal(t, len(want), len(seen), "%s sorted by %v: every Pending record is on a page", grid.name, sort)
				for i := 1; i < len(keys); i++ {
					switch sort["colId"] {
					case "change_pct":
						assert.GreaterOrEqual(t, keys[i-1].(float64), keys[i].(float64), "%s: change_pct descending across pages at row %d", grid.name, i)
					case "name":
						assert.LessOrEqual(t, keys[i-1].(string), keys[i].(string), "%s: name ascending across pages at row %d", grid.name, i)
					}
				}
			}
		}
	})

	t.Run("simulation writes simulation results only", func(t *testing.T) {
		before := p.e.count(`SELECT count(*) FROM approval_records`)
		// A simulation of a changed rulebase: the target rule turned off.
		st, _ := p.admin.call("POST", "/api/rules/updateStatus", obj{"groupId": target1, "status": "inactive"})
		require.Equal(t, 200, st)
		sim := p.start(t, p.admin, true)
		simRules := append([]evRule(nil), rules...)
		simRules[0].active = false
		p.compare(t, p.acc1, sim, simRules, guard)
		assert.Equal(t, before, p.e.count(`SELECT count(*) FROM approval_records`), "a simulation leaves approvals untouched")
		st, body := p.viewer.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": "simulation", "limit": 1}})
		require.Equal(t, 200, st)
		assert.Equal(t, float64(sim), body["run_id"])
		st, body = p.viewer.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": "latest", "limit": 1}})
		require.Equal(t, 200, st)
		assert.Equal(t, float64(guardedRun), body["run_id"], "the real results stay those of the last real run")
		st, _ = p.admin.call("POST", "/api/rules/updateStatus", obj{"groupId": target1, "status": "active"})
		require.Equal(t, 200, st)
	})

	t.Run("a run killed midway leaves the previous results", func(t *testing.T) {
		before := p.e.count(`SELECT count(*) FROM approval_records`)
		st, body := p.admin.call("POST", "/api/rules/runRulebase", obj{"isSimulation": false})
		require.Equal(t, 200, st)
		id := num(body["run_id"])
		err := p.run(t, id, func(context.Context) error { return fmt.Errorf("killed") })
		require.Error(t, err)
		st, body = p.admin.call("GET", "/api/rules/isRunProcess", nil)
		require.Equal(t, 200, st)
		assert.Equal(t, "failed", body["status"])
		assert.Equal(t, false, body["running"])
		st, body = p.viewer.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"limit": 1}})
		require.Equal(t, 200, st)
		assert.Equal(t, float64(guardedRun), body["run_id"])
		p.compare(t, p.acc1, guardedRun, rules, guard)
		assert.Equal(t, before, p.e.count(`SELECT count(*) FROM approval_records`))
		st, _ = p.viewer.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": id}})
		assert.Equal(t, 409, st, "a failed run has no results")

		// A worker stopped mid-insert (its context cancelled): the run stays
		// running, and the retried attempt completes it with a result set of its own.
		st, body = p.admin.call("POST", "/api/rules/runRulebase", obj{"isSimulation": true})
		require.Equal(t, 200, st)
		id = num(body["run_id"])
		ctx, cancel := context.WithCancel(context.Background())
		r := pricer.Runner{Store: store.New(p.e.db), W: p.w, Now: func() time.Time { return p.now },
			AfterInsert: func(context.Context) error { cancel(); return context.Canceled }}
		require.Error(t, r.Run(ctx, id))
		st, body = p.admin.call("GET", "/api/rules/isRunProcess", nil)
		require.Equal(t, 200, st)
		assert.Equal(t, true, body["running"])
		require.NoError(t, p.run(t, id, nil))
		p.compare(t, p.acc1, id, rules, guard)
	})

	t.Run("the insights panel's candidates are the latest real run's raises and reductions", func(t *testing.T) {
		st, res := p.viewer.call("GET", "/api/token", nil)
		require.Equal(t, 200, st, "%v", res)
		st, res = p.e.client().callWith("GET", "/api/v1/insights/pricing", nil, map[string]string{"Authorization": "Bearer " + res["token"].(string)})
		require.Equal(t, 200, st, "%v", res)
		assert.Equal(t, "pricer", res["candidates_source"])
		up := p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND recommended_price > current_price`, guardedRun)
		down := p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND recommended_price < current_price`, guardedRun)
		require.Positive(t, up+down, "the run changed prices")
		assert.Equal(t, float64(up), res["num_products_for_price_up"])
		assert.Equal(t, float64(down), res["num_products_for_price_down"])
		links := res["links"].(map[string]any)
		assert.Equal(t, "/new/repricing/results?change=up", links["num_products_for_price_up"])
		assert.Equal(t, "/new/repricing/results?change=down", links["num_products_for_price_down"])
		// The screen the link opens counts the same products.
		st, body := p.viewer.call("POST", "/api/repricing/getCountOfRow", obj{"conditionData": obj{"filters": obj{"change_pct": obj{"filterType": "number", "type": "greaterThan", "filter": 0}}}})
		require.Equal(t, 200, st, "%v", body)
		assert.Equal(t, float64(up), body["count"])
	})

	t.Run("two concurrent run requests give one run", func(t *testing.T) {
		var wg sync.WaitGroup
		ids := make([]int64, 2)
		created := make([]bool, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, body := p.admin.call("POST", "/api/rules/runRulebase", obj{"isSimulation": i == 0})
				if assert.Equal(t, 200, st) {
					ids[i], created[i] = num(body["run_id"]), body["created"] == true
				}
			}()
		}
		wg.Wait()
		assert.Equal(t, ids[0], ids[1])
		assert.NotEqual(t, created[0], created[1], "exactly one request created the run")
		st, body := p.admin.call("GET", "/api/rules/isRunProcess", nil)
		require.Equal(t, 200, st)
		assert.Equal(t, true, body["running"])
		require.NoError(t, p.run(t, ids[0], nil))
		require.NoError(t, p.run(t, ids[0], nil), "a second worker of the same run does nothing")
		assert.Equal(t, 1, p.e.count(`SELECT count(*) FROM pricer_runs WHERE id = $1 AND status = 'complete'`, ids[0]))
	})

	t.Run("the rule preview", func(t *testing.T) {
		rule := obj{"name": "Preview", "section": "middle", "rule_type": "target",
			"scope":  obj{"filters": obj{"category_tree": obj{"paths": [][]string{{sup1}}}}},
			"source": obj{"kind": "competitors", "competitors": []int64{c2}, "aggregate": "min"}, "adjust": obj{"percent": -1.0}}
		st, body := p.analyst.call("POST", "/api/rules/preview", rule)
		require.Equal(t, 200, st, "%v", body)
		assert.Equal(t, "latest_run", body["basis"], "the latest run read what the preview reads")
		assert.Equal(t, float64(sups[sup1]), body["matched"])
		// The Go evaluator with the rule last of its list, over its scope.
		ev := append([]evRule(nil), rules...)
		ev = append(ev, evRule{id: -1, typ: "target", active: true, match: inSup(sup1), kind: "competitors", comps: []int64{c2}, agg: "min", pct: -1})
		var changed, decided int
		for _, x := range prods {
			if x.sup != sup1 {
				continue
			}
			r := p.evaluate(x, ev, guard)
			if r.status != engine.StatusNoChange {
				changed++
			}
			if r.tRule == -1 {
				decided++
			}
		}
		assert.Equal(t, float64(changed), body["changed"])
		assert.Equal(t, float64(decided), body["decided"])
		var inBuckets float64
		for _, b := range body["distribution"].([]any) {
			inBuckets += b.(obj)["count"].(float64)
		}
		assert.Equal(t, float64(changed), inBuckets)
		assert.Equal(t, 0, p.e.count(`SELECT count(*) FROM pricer_rules WHERE name = 'Preview'`), "a preview saves nothing")
		st, _ = p.analyst.call("POST", "/api/rules/preview", obj{"name": "x", "section": "middle", "rule_type": "target", "source": obj{"kind": "competitors"}})
		assert.Equal(t, 400, st)
	})

	t.Run("contracts and planned events in force replace the rules' values; expired, future and other accounts' do not", func(t *testing.T) {
		var priced []evProduct
		for _, x := range p.products(t, p.acc1) {
			if x.price > 1 {
				priced = append(priced, x)
			}
		}
		require.GreaterOrEqual(t, len(priced), 7)
		a, b, c, d, e, f := priced[0], priced[1], priced[2], priced[3], priced[4], priced[5]
		day := func(off int) string { return p.now.AddDate(0, 0, off).Format("2006-01-02") } // the run's clock, not the wall clock: a subtest that straddles midnight must not see two days
		contract := func(acc int64, x evProduct, kind string, lo, hi float64, from, to int) {
			_, err := p.e.db.Exec(context.Background(), `INSERT INTO price_contracts (account_id, product_id, kind, floor_price, ceiling_price, starts_on, ends_on, comment)
				VALUES ($1, $2, $3, $4, $5, $6, $7, 'test')`, acc, x.id, kind, lo, hi, day(from), day(to))
			require.NoError(t, err)
		}
		event := func(x evProduct, name string, price float64, from, to int) {
			_, err := p.e.db.Exec(context.Background(), `INSERT INTO price_events (account_id, product_id, event_name, event_price, starts_on, ends_on)
				VALUES ($1, $2, $3, $4, $5, $6)`, p.acc1, x.id, name, price, day(from), day(to))
			require.NoError(t, err)
		}
		contract(p.acc1, a, "contract", a.price*1.2, a.price*1.3, -1, 5) // a band above the price: raised
		contract(p.acc1, b, "manual", b.price*0.97, b.price*0.97, 0, 0)  // pinned, today only
		event(c, "Black Friday", c.price*0.9, -2, 2)                     // an event price
		event(c, "Older promo", c.price*0.5, -5, 3)                      // started earlier: the later one wins
		contract(p.acc1, d, "contract", d.price*0.5, d.price*0.7, -1, 1) // an event inside a lower band: clamped
		event(d, "Clearance", d.price*0.95, -1, 1)
		contract(p.acc1, e, "contract", e.price*2, e.price*3, -10, -1) // ended yesterday
		event(f, "Next week", f.price*0.5, 1, 7)                       // not started
		contract(p.acc2, a, "manual", 1, 1, -1, 1)                     // another account's
		p.terms = map[string]evTerm{a.id: {floor: a.price * 1.2, ceiling: a.price * 1.3}, b.id: {floor: b.price * 0.97, ceiling: b.price * 0.97},
			c.id: {event: c.price * 0.9}, d.id: {floor: d.price * 0.5, ceiling: d.price * 0.7, event: d.price * 0.95}}
		defer p.clearTerms(t, p.acc1, p.acc2)
		id := p.start(t, p.admin, false)
		got := p.compare(t, p.acc1, id, rules, guard)
		assert.Equal(t, engine.ContractRuleID, got[a.id].fRule)
		assert.Equal(t, engine.ContractRuleID, got[a.id].cRule)
		assert.Greater(t, got[a.id].rec, a.price, "raised toward the contracted band")
		assert.Equal(t, engine.EventRuleID, got[c.id].tRule)
		assert.Equal(t, engine.EventRuleID, got[d.id].tRule)
		assert.NotEqual(t, engine.ContractRuleID, got[e.id].fRule, "an ended contract")
		assert.NotEqual(t, engine.EventRuleID, got[f.id].tRule, "an event not started")
		// "Why this price" names them.
		st, body := p.admin.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": id, "limit": 10,
			"filters": obj{"id": obj{"filterType": "set", "values": []string{c.id}}}}})
		require.Equal(t, 200, st, "%v", body)
		require.Len(t, body["rows"], 1)
		assert.Contains(t, body["rows"].([]any)[0].(map[string]any)["explanation"], "from a planned event")
	})

	// Issue 29, findings 1 and 2: with .99 endings, rounding moved prices past the
	// maximum change (20.99 → 18.99 under 8 %) and off a contract's pin (53.49 →
	// 53.99). Rounding now stays inside the limits, and a pin no ending fits stays.
	t.Run("rounding keeps the maximum change and a contract's pin (issue 29)", func(t *testing.T) {
		st, body := p.admin.call("POST", "/api/rules/saveGuardrails", obj{"max_change_pct": 8, "rounding_endings": []float64{0.99}, "auto_approve_pct": 3})
		require.Equal(t, 200, st, "%v", body)
		g := evGuard{maxChange: &max8, endings: []float64{0.99}, auto: 3}
		var pinned, cut *evProduct
		for _, x := range p.products(t, p.acc1) {
			x := x
			low := x.price * 0.92
			switch {
			case x.price < 20 || x.price > 100:
			case pinned == nil:
				pinned = &x
			case cut == nil && low-math.Floor(low) > 0.05 && low-math.Floor(low) < 0.45:
				cut = &x // the nearest .99 to its lowest allowed price lies below it
			}
		}
		require.NotNil(t, pinned)
		require.NotNil(t, cut)
		pin := math.Floor(pinned.price*0.98) + 0.49
		day := p.now.Format("2006-01-02")
		_, err := p.e.db.Exec(context.Background(), `INSERT INTO price_contracts (account_id, product_id, kind, floor_price, ceiling_price, starts_on, ends_on, comment)
			VALUES ($1, $2, 'manual', $3, $3, $4, $4, 'test')`, p.acc1, pinned.id, pin, day)
		require.NoError(t, err)
		sale := math.Round(cut.price*85) / 100
		_, err = p.e.db.Exec(context.Background(), `INSERT INTO price_events (account_id, product_id, event_name, event_price, starts_on, ends_on)
			VALUES ($1, $2, 'Deep sale', $3, $4, $4)`, p.acc1, cut.id, sale, day)
		require.NoError(t, err)
		p.terms = map[string]evTerm{pinned.id: {floor: pin, ceiling: pin}, cut.id: {event: sale}}
		defer p.clearTerms(t, p.acc1)
		id := p.start(t, p.admin, true)
		got := p.compare(t, p.acc1, id, rules, g)
		over := 0
		for _, x := range p.products(t, p.acc1) {
			if r := got[x.id]; x.price > 0 && math.Abs(r.rec-x.price)/x.price*100 > 8+1e-9 {
				over++
			}
		}
		assert.Zero(t, over, "prices moved more than the maximum change of 8 %")
		assert.InDelta(t, pin, got[pinned.id].rec, 1e-9, "the contract's pin %.2f, not rounded to .99", pin)
		assert.InDelta(t, math.Floor(cut.price*0.92)+0.99, got[cut.id].rec, 1e-9,
			"%.2f with an event at %.2f: the nearest .99 within 8 %%, not the nearest below it", cut.price, sale)
		st, body = p.admin.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": id, "limit": 10,
			"filters": obj{"id": obj{"filterType": "set", "values": []string{pinned.id}}}}})
		require.Equal(t, 200, st, "%v", body)
		require.Len(t, body["rows"], 1)
		assert.Contains(t, body["rows"].([]any)[0].(obj)["explanation"],
			fmt.Sprintf("kept at %.2f unrounded: no allowed ending (.99) fits within the limits", pin))
		// The Rule column of an event-priced product says "Event", not the id
		// standing in for it (9007199254740990).
		st, body = p.admin.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": id, "limit": 10,
			"filters": obj{"id": obj{"filterType": "set", "values": []string{cut.id}}}}})
		require.Equal(t, 200, st, "%v", body)
		require.Len(t, body["rows"], 1)
		assert.Equal(t, "Event", body["rows"].([]any)[0].(obj)["rule_name"])
	})

	// Issue 29, finding 3: a flagged match is left out of every report, and now of
	// the pricer too (the rules' competitor sources read the same flag-aware offers).
	t.Run("a flagged match's offer is left out of the rules' sources, as in the reports (issue 29)", func(t *testing.T) {
		st, body := p.admin.call("POST", "/api/rules/saveGuardrails", obj{"max_change_pct": 8, "rounding_endings": []float64{0.99}, "auto_approve_pct": 3})
		require.Equal(t, 200, st, "%v", body)
		g := evGuard{maxChange: &max8, endings: []float64{0.99}, auto: 3}
		var x evProduct
		var before, after evResult
		for _, y := range p.products(t, p.acc1) {
			p.flagged = nil
			b := p.evaluate(y, rules, g)
			p.flagged = map[string]map[int64]bool{y.id: {c1: true}}
			a := p.evaluate(y, rules, g)
			if b.tRule == target1 && a.tRule == target1 && !math.IsNaN(a.target) && math.Abs(a.target-b.target) > 0.01 && math.Abs(a.rec-b.rec) > 0.01 {
				x, before, after = y, b, a
				break
			}
		}
		require.NotEmpty(t, x.id, "a product whose cheapest offer is competitor 1's, with another offer beside it")
		st, body = p.admin.call("POST", "/api/match_feedback/flagMatch", obj{"productId": x.id, "competitorId": c1, "reason": "not the same product"})
		require.Equal(t, 200, st, "%v", body)
		defer func() {
			p.flagged = nil
			st, body := p.admin.call("POST", "/api/match_feedback/unflagMatch", obj{"productId": x.id, "competitorId": c1})
			require.Equal(t, 200, st, "%v", body)
		}()
		id := p.start(t, p.admin, true)
		got := p.compare(t, p.acc1, id, rules, g)
		o2, ok := p.offer(x, c2, false)
		require.True(t, ok)
		assert.InDelta(t, o2*0.98-0.01, got[x.id].target, 1e-6, "the target comes from competitor 2's offer, the unflagged one")
		assert.InDelta(t, after.rec, got[x.id].rec, 1e-9)
		assert.Greater(t, math.Abs(got[x.id].rec-before.rec), 0.01, "not the price the flagged offer gave (%.2f)", before.rec)
	})

	t.Run("tenancy: account 2's rules never touch account 1's products", func(t *testing.T) {
		st, _ := p.admin2.call("POST", "/api/rules/getRuleData", obj{"groupId": target1})
		assert.Equal(t, 404, st, "another account's rule does not exist here")
		st, _ = p.admin2.call("POST", "/api/rules/removeRule", obj{"groupId": target1})
		assert.Equal(t, 404, st)
		st, body := p.admin2.call("GET", "/api/rules/getAllRules", nil)
		require.Equal(t, 200, st)
		assert.Empty(t, body["rules"])
		st, body = p.admin2.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{}})
		require.Equal(t, 200, st)
		assert.Empty(t, body["rows"], "no run in account 2 yet")
		st, _ = p.admin2.call("POST", "/api/repricing/getConditionsData", obj{"data": obj{"run": guardedRun}})
		assert.Equal(t, 404, st, "account 1's run is not account 2's")

		id2 := p.addRule(t, p.admin2, obj{"name": "Everything at 7", "section": "middle", "rule_type": "target", "source": obj{"kind": "fixed", "amount": 7}})
		before := p.results(t, p.acc1, guardedRun)
		run2 := p.start(t, p.admin2, false)
		got := p.compare(t, p.acc2, run2, []evRule{{id: id2, typ: "target", active: true, match: all, kind: "fixed", amount: 7}}, evGuard{})
		for _, r := range got {
			assert.Equal(t, id2, r.tRule)
		}
		assert.Equal(t, fmt.Sprint(before), fmt.Sprint(p.results(t, p.acc1, guardedRun)), "account 1's results are untouched (NaN bounds print alike)")
		assert.Equal(t, 0, p.e.count(`SELECT count(*) FROM approval_records WHERE run_id = $1 AND account_id != $2`, run2, p.acc2))
	})
	// The property of issue 29 over the SQL run itself: for random rules,
	// guardrails, contracts and events (account 2, its own products), every run
	// equals the Go evaluator and no recommended price breaks a limit (compare:
	// limitBreaks on every product).
	t.Run("random rules, guardrails, contracts and events: every run equals the evaluator and keeps every limit", func(t *testing.T) {
		var priced2 []evProduct
		sups2 := map[string]bool{}
		for _, x := range p.products(t, p.acc2) {
			if x.price > 0 {
				priced2 = append(priced2, x)
			}
			sups2[x.sup] = true
		}
		var supList2 []string
		for s := range sups2 {
			supList2 = append(supList2, s)
		}
		sort.Strings(supList2)
		require.NotEmpty(t, priced2)
		clear := func() { p.clearAccount2(t) }
		defer clear()
		day := p.now.Format("2006-01-02")
		var runs, changed, pinned int
		// 8 seeds in make test; PRICER_PROPERTY_SEEDS=N runs N (a longer search by hand).
		seeds := uint64(8)
		if n, err := strconv.ParseUint(os.Getenv("PRICER_PROPERTY_SEEDS"), 10, 32); err == nil && n > 0 {
			seeds = n
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			r := rand.New(rand.NewPCG(seed, 2029))
			clear()
			var evs []evRule
			for range 1 + r.IntN(5) {
				rule, ev := p.randomRule(r, fmt.Sprintf("seed %d rule %d", seed, len(evs)), supList2)
				ev.id = p.addRule(t, p.admin2, rule)
				evs = append(evs, ev)
			}
			g := randomGuard(r)
			save := obj{"rounding_endings": g.endings, "auto_approve_pct": g.auto}
			if g.maxChange != nil {
				save["max_change_pct"] = *g.maxChange
			}
			if g.minMargin != nil {
				save["min_margin_pct"] = *g.minMargin
			}
			st, body := p.admin2.call("POST", "/api/rules/saveGuardrails", save)
			require.Equal(t, 200, st, "%v %v", save, body)
			p.terms = map[string]evTerm{}
			for range 60 {
				x := priced2[r.IntN(len(priced2))]
				if _, taken := p.terms[x.id]; taken {
					continue
				}
				around := func() float64 { return math.Round(x.price*(60+r.Float64()*80)) / 100 }
				var k evTerm
				switch r.IntN(4) {
				case 0: // a manual contract: one price
					k.floor = around()
					k.ceiling = k.floor
					pinned++
				case 1:
					k.floor, k.ceiling = around(), around()
					k.floor, k.ceiling = math.Min(k.floor, k.ceiling), math.Max(k.floor, k.ceiling)
				case 2:
					k.event = around()
				default:
					k.floor, k.event = around(), around()
					k.ceiling = k.floor * 1.1
				}
				if k.floor > 0 {
					kind := map[bool]string{true: "manual", false: "contract"}[k.floor == k.ceiling]
					_, err := p.e.db.Exec(context.Background(), `INSERT INTO price_contracts (account_id, product_id, kind, floor_price, ceiling_price, starts_on, ends_on, comment)
						VALUES ($1, $2, $3, $4, $5, $6, $6, 'random')`, p.acc2, x.id, kind, k.floor, k.ceiling, day)
					require.NoError(t, err)
				}
				if k.event > 0 {
					_, err := p.e.db.Exec(context.Background(), `INSERT INTO price_events (account_id, product_id, event_name, event_price, starts_on, ends_on)
						VALUES ($1, $2, 'Random', $3, $4, $4)`, p.acc2, x.id, k.event, day)
					require.NoError(t, err)
				}
				p.terms[x.id] = k
			}
			id := p.start(t, p.admin2, r.IntN(2) == 0)
			t.Logf("seed %d: %d rules, guardrails %v, %d contracts and events", seed, len(evs), save, len(p.terms))
			for _, res := range p.compare(t, p.acc2, id, evs, g) {
				if res.status != engine.StatusNoChange {
					changed++
				}
			}
			runs++
			if t.Failed() {
				break
			}
		}
		assert.EqualValues(t, seeds, runs, "every seed ran")
		assert.Positive(t, changed, "the random rules change prices")
		assert.Positive(t, pinned, "and pin some")
	})

	t.Run("the rule preview from the latest run equals the evaluator for random edits, and a load, a flag or a guardrail change is never stale", func(t *testing.T) {
		p.previewFromState(t)
	})
}
