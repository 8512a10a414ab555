package engine

import (
	"fmt"
	"strings"
)

// The dynamic pricer's run (docs/pricer.md) as one ClickHouse statement over the report
// snapshot. Per product, for each rule list (target, floor, ceiling) the first
// active rule whose scope matches (by order) is chosen; its source value, adjusted,
// is the list's value, NaN when the source has none (no comparable competitor
// price, no MRP): then the list gives nothing — for the target that means no
// change. The target is clamped into the band of the limits (floor and ceiling,
// maximum change per run, minimum margin over cost; steps), then rounded to the
// nearest allowed ending inside that band, so rounding never breaks a limit. The
// intermediate values are result columns, so every result carries its trace
// (Explain renders it). The integration tests hold the same algorithm in plain Go
// as their reference.

// RunStatuses are the statuses of a result (docs/pricer.md); mandated: a changed
// price of a mandated brand's or FSN's product (Account.Mandated), whatever the
// auto-approve threshold.
const (
	StatusNoChange     = "no_change"
	StatusAutoApproved = "auto_approved"
	StatusPending      = "pending"
	StatusMandated     = "mandated"
)

// RoundTolerance absorbs the binary error of a computed price ending when it is
// compared with the floor (9 + 0.99 is not exactly the 9.99 a rule computed).
const RoundTolerance = 1e-9

// resultColumns are pricer_results' columns in insert order (migration 00071).
var resultColumns = []string{"account_id", "result_id", "product_id", "name", "brand", "mfgr_prod_id", "super_category",
	"category", "vertical", "search_text", "price", "cost", "mrp", "t_rule", "t_src", "target", "f_rule", "f_src", "floor",
	"c_rule", "c_src", "ceiling", "s_clamped", "s_max", "s_round", "s_margin", "recommended_price", "change_pct", "status"}

// runCompiler compiles the rule lists of one run for one account.
type runCompiler struct {
	a     Account
	e     exprs
	g     Guardrails
	lists map[RuleType][]Rule
	terms bool // the run applies contracts and events (price_terms.go): set by inner
}

func newRunCompiler(a Account, rules []Rule, g Guardrails) (*runCompiler, error) {
	a = a.normalize()
	if a.AccountID == 0 {
		return nil, bad("account", "no account is selected")
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	k := &runCompiler{a: a, e: newExprs(a), g: g, lists: map[RuleType][]Rule{}}
	for _, r := range rules {
		if !r.Active {
			continue
		}
		if err := CheckRule(a, r); err != nil {
			return nil, fmt.Errorf("rule %d (%s): %w", r.ID, r.Name, err)
		}
		k.lists[r.Type] = append(k.lists[r.Type], r)
	}
	return k, nil
}

// CompileRun compiles a run of the account's rules (inactive ones are ignored, the
// order of rules is the lists' order) into the INSERT of result set resultID.
func CompileRun(a Account, rules []Rule, g Guardrails, resultID uint64) (Statement, error) {
	k, err := newRunCompiler(a, rules, g)
	if err != nil {
		return Statement{}, err
	}
	b := newBuilder(a)
	// The mandated predicate's values are bound before the inner query's: its
	// text comes first.
	mandated := a.Mandated.predicate(b)
	inner, err := k.inner(b, nil)
	if err != nil {
		return Statement{}, err
	}
	out := make([]string, len(resultColumns))
	for i, c := range resultColumns {
		switch c {
		case "status":
			out[i] = c
			if mandated != "" {
				out[i] = "if(status != '" + StatusNoChange + "' AND (" + mandated + "), '" + StatusMandated + "', status)"
			}
		case "result_id":
			out[i] = "toUInt64(" + IntLit(int64(resultID)) + ")"
		case "target", "floor", "ceiling":
			out[i] = valueColumn[RuleType(c)]
		default:
			out[i] = c
		}
	}
	sql := "INSERT INTO " + b.table(TablePricerResults) + " (" + strings.Join(resultColumns, ", ") + ") SELECT " +
		strings.Join(out, ", ") + " FROM (" + inner + ")"
	st, err := b.statement(sql)
	st.Wide = true
	return st, err
}

// runLists are the rule lists of a run with their column prefixes.
var runLists = []struct {
	t      RuleType
	prefix string
}{{RuleTarget, "t"}, {RuleFloor, "f"}, {RuleCeiling, "c"}}

// inner is the SELECT computing every step for the account's products (and only
// those in scope, when not nil; compiled here, after the rules' scopes, because
// bound values follow the text's order). The rule lists' matches, sources and
// values are subquery levels of their own: 18.16 expands aliases inline, so a
// level that read the previous one's alias several times would copy its whole
// expression each time (the AST grows past its limit with a few dozen rules).
// The guardrail steps are small expressions over plain columns, so they share
// levels (stepLevels): each level costs 18.16 an analysis of everything below
// it, and twelve levels took ~1.4 s to analyse before a row was read.
func (k *runCompiler) inner(b *builder, scope *Condition) (string, error) {
	// Level 1: the product (the results' columns for a run; what the steps read for
	// a preview, which counts); each chosen competitor's usable price
	// (offerColumns); per list the position of the first matching rule.
	base := []string{"price", ColCost, ColMRP}
	if scope == nil {
		base = append([]string{ColAccountID, ColProductID, ColName, ColBrand, ColMfgrProdID, ColSuperCategory, ColCategory, ColVertical,
			ColSearchText}, base...)
	}
	sel := append([]string{}, base...)
	for i, c := range sel {
		if c == "price" {
			sel[i] = ColMyPrice + " AS price"
		}
	}
	offers := k.offerColumns()
	sel = append(sel, offers...)
	for _, l := range runLists {
		m, err := k.match(b, l.t)
		if err != nil {
			return "", err
		}
		sel = append(sel, m+" AS "+l.prefix+"_i")
	}
	// The contracts and events in force (price_terms.go), carried to the values.
	if terms := k.a.Terms.termColumns(b); terms != nil {
		sel = append(sel, terms...)
		k.terms = true
	}
	where := wholeAccount(k.a, b)
	if scope != nil {
		extra, err := scopePredicate(b, k.a, *scope)
		if err != nil {
			return "", err
		}
		if extra != "" {
			where += " AND " + extra
		}
	}
	sql := "SELECT " + strings.Join(sel, ", ") + " FROM " + b.snapshotTable(k.a) + " WHERE " + where
	if k.terms {
		base = append(base, termNames...)
	}
	// Each later level names the columns it carries on: what it does not name is
	// dropped (the offers after the sources, the positions after the values).
	level := func(carry []string, cols ...string) {
		sql = "SELECT " + strings.Join(append(append([]string{}, carry...), cols...), ", ") + " FROM (" + sql + ")"
	}
	// Level 2: each list's rule and source value.
	var cols, names []string
	for _, l := range runLists {
		cols = append(cols, k.pick(l.t, l.prefix)...)
		names = append(names, l.prefix+"_rule", l.prefix+"_src")
	}
	level(append(append([]string{}, base...), "t_i", "f_i", "c_i"), cols...)
	// Level 3: each list's value.
	carry := append(append([]string{}, base...), names...)
	cols = nil
	for _, l := range runLists {
		cols = append(cols, k.adjusted(l.t, l.prefix))
	}
	level(carry, cols...)
	carry = append(carry, valueColumn[RuleTarget], valueColumn[RuleFloor], valueColumn[RuleCeiling])
	for _, l := range k.stepLevels() {
		level(carry, l.cols...)
		carry = append(carry, l.keep...)
	}
	return sql, nil
}

// offerColumns are, per competitor a rule reads (and per stock option), its
// price where the offer counts (found, priced above 0, not older than the
// staleness limit, not a flagged match) in the forms the rules' aggregates take
// (offerColumn): for a minimum the price or +inf, for a maximum the price or
// -inf, for an average the price or 0 and the count 1 or 0. A source then is a plain least/greatest/sum of
// columns, with no per-rule test of each offer (a run's sources were most of its
// CPU). While the snapshot's build facts are exact and no priced pair was stale
// at the build (Totals.StaleMax 0), every offer priced beside my price is still
// fresh: the scan times are not read, and a slot's price comes from its plain
// column (p1..); a product without a price of its own gets no recommendation
// either way.
func (k *runCompiler) offerColumns() []string {
	fresh := k.e.totals && k.a.Totals != nil && k.a.Totals.StaleMax == 0
	var out []string
	seen := map[string]bool{}
	for _, l := range runLists {
		for _, r := range k.lists[l.t] {
			if r.Source.Kind != SourceCompetitors {
				continue
			}
			for _, c := range r.Source.Competitors {
				price := k.e.at("c_price", c)
				var ok string
				if slot, has := k.a.Slots[c]; fresh && has && slot <= PriceSlotColumns {
					price = "p" + IntLit(int64(slot))
					ok = price + " > 0 AND " + ColMyPrice + " > 0"
				} else {
					ok = k.e.idx(c) + " > 0 AND " + price + " > 0 AND " + k.e.at("c_seen", c) + " >= " + k.e.cutoff
				}
				if f := k.e.isFlagged(c); f != "" {
					ok += " AND NOT (" + f + ")" // a flagged match counts nowhere, as in the reports (flags.go)
				}
				if r.Source.InStockOnly {
					ok += " AND " + k.e.at("c_in_stock", c) + " = 1"
				}
				for _, f := range offerForms[r.Source.Aggregate] {
					name := offerColumn(c, r.Source.InStockOnly, f)
					if seen[name] {
						continue
					}
					seen[name] = true
					if f == formCount {
						out = append(out, "toFloat64("+ok+") AS "+name)
					} else {
						out = append(out, "if("+ok+", "+price+", "+offerMissing[f]+") AS "+name)
					}
				}
			}
		}
	}
	return out
}

// The forms of an offer's price a competitors source reads (offerColumns).
const (
	formMin   = "min"
	formMax   = "max"
	formSum   = "sum"
	formCount = "cnt"
)

// offerForms are the forms each aggregate reads (the default aggregate is min).
var offerForms = map[SourceAggregate][]string{"": {formMin}, AggMin: {formMin}, AggMax: {formMax}, AggAvg: {formSum, formCount}}

// offerMissing is each price form's value where the offer does not count.
var offerMissing = map[string]string{formMin: "inf", formMax: "-inf", formSum: "0"}

func offerColumn(c int64, inStock bool, form string) string {
	p := "o_"
	if inStock {
		p = "os_"
	}
	return p + form + "_" + IntLit(c)
}

// match is the 1-based position of the first active rule of the list whose scope
// matches the product (0: none).
func (k *runCompiler) match(b *builder, t RuleType) (string, error) {
	rules := k.lists[t]
	if len(rules) == 0 {
		return "toUInt32(0)", nil
	}
	match := make([]string, 0, 2*len(rules)+1)
	for i, r := range rules {
		m, err := scopePredicate(b, k.a, r.Scope)
		if err != nil {
			return "", err
		}
		if m == "" {
			m = "1"
		}
		match = append(match, "("+m+")", IntLit(int64(i+1)))
	}
	return "toUInt32(multiIf(" + strings.Join(append(match, "0"), ", ") + "))", nil
}

// pick compiles one rule list's rule and source from p_i: p_rule the rule's id
// (0: none), p_src its source value (NaN: none).
func (k *runCompiler) pick(t RuleType, p string) []string {
	rules := k.lists[t]
	rule, src := "toUInt64(0)", "nan"
	if len(rules) > 0 {
		ids := make([]string, len(rules))
		srcs := make([]string, 0, 2*len(rules)+1)
		for i, r := range rules {
			ids[i] = "toUInt64(" + IntLit(r.ID) + ")"
			srcs = append(srcs, p+"_i = "+IntLit(int64(i+1)), k.source(r.Source))
		}
		rule = byPosition(p, ids, "toUInt64(0)")
		src = "toFloat64(multiIf(" + strings.Join(append(srcs, "nan"), ", ") + "))"
	}
	if k.terms {
		// A contract's bound or an event's price is the list's source and rule.
		kc := termColumn[t]
		rule = "if(" + kc + " > 0, toUInt64(" + IntLit(termRule[t]) + "), " + rule + ")"
		src = "if(" + kc + " > 0, " + kc + ", " + src + ")"
	}
	return []string{rule + " AS " + p + "_rule", src + " AS " + p + "_src"}
}

// byPosition is the constant of the list's matching rule (p_i, 1-based; dflt for
// 0): one lookup per row, where a multiIf evaluates a comparison per rule (at L,
// 50 rules, 7% of a preview).
func byPosition(p string, values []string, dflt string) string {
	pos := make([]string, len(values))
	for i := range values {
		pos[i] = IntLit(int64(i + 1))
	}
	return "transform(" + p + "_i, [" + strings.Join(pos, ", ") + "], [" + strings.Join(values, ", ") + "], " + dflt + ")"
}

// valueColumn names each list's value inside the run's SQL (18.16 does not find
// a subquery column named floor, a function's name, so none is named after its
// list); the insert writes them to target, floor and ceiling.
var valueColumn = map[RuleType]string{RuleTarget: "t_val", RuleFloor: "f_val", RuleCeiling: "c_val"}

// adjusted is the list's value (valueColumn): the source moved by the rule's
// percent, then its amount; NaN when none or not above 0.
func (k *runCompiler) adjusted(t RuleType, p string) string {
	return k.adjustedValue(t, p) + " AS " + valueColumn[t]
}

// adjustedValue is adjusted's expression, for list t read from p_src and p_i.
func (k *runCompiler) adjustedValue(t RuleType, p string) string {
	rules := k.lists[t]
	if len(rules) == 0 {
		return k.withTerms(t, "nan")
	}
	muls := make([]string, len(rules))
	adds := make([]string, len(rules))
	for i, r := range rules {
		muls[i] = "toFloat64(" + floatLit(1+r.Adjust.Percent/100) + ")"
		adds[i] = "toFloat64(" + floatLit(r.Adjust.Amount) + ")"
	}
	// No rule (p_i 0): NaN times and plus NaN, so NaN.
	v := "(" + p + "_src * " + byPosition(p, muls, "nan") + " + " + byPosition(p, adds, "nan") + ")"
	return k.withTerms(t, "if("+v+" > 0, "+v+", nan)")
}

// withTerms is a list's value with the contracts and events in force
// (price_terms.go): the contract's bound, the event's price, and for a product
// under contract that no target prices, its own price (the clamp brings it into
// the band).
func (k *runCompiler) withTerms(t RuleType, v string) string {
	if !k.terms {
		return v
	}
	kc := termColumn[t]
	if t == RuleTarget {
		v = "if(isNaN(" + v + ") AND k_floor > 0 AND price > 0, price, " + v + ")"
	}
	return "if(" + kc + " > 0, " + kc + ", " + v + ")"
}

// source is a rule source's value for the row, NaN when it has none; a
// competitors source combines the chosen competitors' offer columns.
func (k *runCompiler) source(s RuleSource) string {
	switch s.Kind {
	case SourceMyPrice:
		return "if(price > 0, price, nan)"
	case SourceMRP:
		return "if(" + ColMRP + " > 0, " + ColMRP + ", nan)"
	case SourceFixed:
		return "toFloat64(" + floatLit(s.Amount) + ")"
	}
	cols := func(form string) []string {
		out := make([]string, len(s.Competitors))
		for i, c := range s.Competitors {
			out[i] = offerColumn(c, s.InStockOnly, form)
		}
		return out
	}
	switch s.Aggregate {
	case AggMax:
		v := nest("greatest", cols(formMax))
		return "if(" + v + " = -inf, nan, " + v + ")"
	case AggAvg:
		// No counted offer: 0 / 0, NaN.
		return "(" + strings.Join(cols(formSum), " + ") + ") / (" + strings.Join(cols(formCount), " + ") + ")"
	default:
		v := nest("least", cols(formMin))
		return "if(" + v + " = inf, nan, " + v + ")"
	}
}

// nest applies a two-argument function over a list: least(a, least(b, c)) (18.16
// has neither arrayMin nor a variadic least).
func nest(fn string, xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	return fn + "(" + xs[0] + ", " + nest(fn, xs[1:]) + ")"
}

// has is true where the product gets a recommendation: a target and a price.
const has = "(NOT isNaN(t_val) AND price > 0)"

// stepLevel is one subquery level of the steps: the expressions it computes (a
// later one may read an earlier one's alias) and the names the levels above carry
// on (the rounding's candidates are read by the next level only).
type stepLevel struct {
	cols []string
	keep []string
}

// stepLevels are the limits and the result in two or three levels: the band and
// the target clamped into it step by step; the rounding's candidates (with
// rounding only); the rounded price, the recommendation, its change and status.
// Every step is a result column, so the explanation shows what each did.
func (k *runCompiler) stepLevels() []stepLevel {
	var out []stepLevel
	var cur stepLevel
	for _, st := range k.steps() {
		cur.cols = append(cur.cols, st.sql)
		cur.keep = append(cur.keep, st.keep...)
		if st.last {
			out = append(out, cur)
			cur = stepLevel{}
		}
	}
	return out
}

// step is one step: its SQL, the columns it adds for the levels above, and
// whether it ends its level.
type step struct {
	sql  string
	keep []string
	last bool
}

// ceilCents and floorCents are the first cent at or above x and the last at or
// below it: a limit in cents (a floor of 9.991 allows 9.99 nowhere). The 1e-6
// absorbs the binary error of x * 100 (53.49 * 100 is 5349.000000000001).
func ceilCents(x string) string  { return "ceil(" + x + " * 100 - 1e-06) / 100" }
func floorCents(x string) string { return "floor(" + x + " * 100 + 1e-06) / 100" }

// steps are the limits and the result in order (docs/pricer.md "The order of a
// price's steps"; stepLevels groups them). The limits form a band [b_lo, b_hi] in
// cents, built in the order ceiling, floor, maximum change per run, minimum
// margin: each moves the band into itself, so of two limits that cannot both
// hold the later one wins (a floor above the ceiling: the floor; a margin above
// the maximum change: the margin). s_clamped, s_max and s_margin are the target
// clamped into the band as it stands after the floor and ceiling, the maximum
// change and the margin. Rounding comes last and stays inside the band: the
// nearest allowed ending in [b_lo, b_hi] (the upper one on a tie); none there
// (a contract's pin, a narrow band): the clamped price, unrounded.
func (k *runCompiler) steps() []step {
	one := func(sql, name string) step { return step{sql: sql + " AS " + name, keep: []string{name}} }
	clamp := func(v, lo, hi string) string { return "least(greatest(" + v + ", " + lo + "), " + hi + ")" }
	// Ceiling then floor: [floor, greatest(ceiling, floor)] (the floor wins).
	out := []step{
		{sql: "if(isNaN(f_val), -inf, " + ceilCents("f_val") + ") AS b_f, greatest(if(isNaN(c_val), inf, " + floorCents("c_val") + "), b_f) AS b_c"},
		one("if("+has+", "+clamp("t_val", "b_f", "b_c")+", price)", "s_clamped"),
	}
	lo, hi := "b_f", "b_c"
	if m := k.g.MaxChangePct; m != nil {
		dn, up := ceilCents("price * "+floatLit(1-*m/100)), floorCents("price * "+floatLit(1+*m/100))
		out = append(out, step{sql: clamp(lo, dn, up) + " AS b_mlo, " + clamp(hi, dn, up) + " AS b_mhi"},
			one("if("+has+", "+clamp("t_val", "b_mlo", "b_mhi")+", price)", "s_max"))
		lo, hi = "b_mlo", "b_mhi"
	} else {
		out = append(out, one("s_clamped", "s_max"))
	}
	if m := k.g.MinMarginPct; m != nil {
		mg := "if(cost > 0, " + ceilCents("cost * "+floatLit(1+*m/100)) + ", -inf)"
		out = append(out, step{sql: "greatest(" + lo + ", " + mg + ") AS b_glo, greatest(" + hi + ", " + mg + ") AS b_ghi"},
			one("if("+has+", "+clamp("t_val", "b_glo", "b_ghi")+", price)", "s_margin"))
		lo, hi = "b_glo", "b_ghi"
	} else {
		out = append(out, one("s_max", "s_margin"))
	}
	if len(k.g.RoundingEndings) > 0 {
		out = append(out, step{sql: lo + " AS b_lo, " + hi + " AS b_hi", keep: []string{"b_lo", "b_hi"}, last: true})
		// The nearest allowed ending above 0 and inside the band: the distance in
		// millionths (a tie is one whatever the binary error of each candidate),
		// doubled, plus 1 below the price, so that of two as near the upper wins.
		var cands, dists []string
		for _, e := range k.g.RoundingEndings {
			below := "(floor(s_margin - " + floatLit(e) + ") + " + floatLit(e) + ")"
			for _, c := range []string{"(" + below + " + 1)", below} {
				cands = append(cands, c)
				dists = append(dists, "if(("+c+" > 0) AND ("+c+" >= b_lo - "+floatLit(RoundTolerance)+") AND ("+c+" <= b_hi + "+
					floatLit(RoundTolerance)+"), floor(abs("+c+" - s_margin) * 1000000 + 0.5) * 2 + ("+c+" < s_margin), inf)")
			}
		}
		out = append(out, step{sql: "[" + strings.Join(cands, ", ") + "] AS r_cand, [" + strings.Join(dists, ", ") + "] AS r_dist"},
			step{sql: "arrayReduce('min', r_dist) AS r_best", last: true},
			one("if("+has+" AND r_best != inf, r_cand[indexOf(r_dist, r_best)], s_margin)", "s_round"))
	} else {
		last := one("s_margin", "s_round")
		out[len(out)-1].last = true
		out = append(out, last)
	}
	status := one("multiIf(NOT "+has+" OR abs(recommended_price - price) < 0.005, '"+StatusNoChange+"', abs(change_pct) <= "+
		floatLit(k.g.AutoApprovePct)+", '"+StatusAutoApproved+"', '"+StatusPending+"')", "status")
	status.last = true
	return append(out, one("if("+has+", "+roundCents("s_round")+", price)", "recommended_price"),
		one("if(price > 0, (recommended_price - price) / price * 100, 0)", "change_pct"), status)
}

// scopePredicate compiles a rule's scope (filters, category tree, search) over the
// product snapshot with the products grid's catalog: "" for every product.
func scopePredicate(b *builder, a Account, scope Condition) (string, error) {
	if err := scope.validateScope(); err != nil {
		return "", err
	}
	cat := newCatalog(productColumns(a, a.Competitors))
	f, err := b.filters(a, cat, scope.Filters)
	if err != nil {
		return "", err
	}
	var preds []string
	if f != "" {
		preds = append(preds, f)
	}
	if s := searchPredicate(b, scope.Search); s != "" {
		preds = append(preds, s)
	}
	return strings.Join(preds, " AND "), nil
}
