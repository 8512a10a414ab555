package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"time"
)

// The rule dialog's live preview (docs/pricer.md "The rule preview"): the
// account's rules with an unsaved candidate in its place, over the candidate's
// scope. Two ways to the same answer: CompilePreview evaluates every rule over
// every product in scope; CompilePreviewFromState starts from the latest run's
// per-product evaluation (pricer_results) and recomputes only the candidate's list
// and the steps after it. The second is exact only while the run's inputs are
// the preview's (RunFingerprint, PreviewFromStateAllowed); the caller checks that.

// PreviewBuckets are the edges of the preview's distribution of changes (percent).
var PreviewBuckets = []float64{-20, -10, -5, -2, 0, 2, 5, 10, 20}

// PreviewRuleID stands for an unsaved rule in a preview's results.
const PreviewRuleID = math.MaxInt64

// previewRules are the saved rules with candidate in its place, as saving it would
// order them: in place of the rule of the same id and type; last of its list when
// it is new or moves to another list (store.SaveRule). The candidate comes back as
// placed (an unsaved one gets PreviewRuleID; it is active).
func previewRules(rules []Rule, candidate Rule) ([]Rule, Rule) {
	if candidate.ID == 0 {
		candidate.ID = PreviewRuleID
	}
	candidate.Active = true
	all := make([]Rule, 0, len(rules)+1)
	placed := false
	for _, r := range rules {
		if r.ID == candidate.ID {
			if r.Type == candidate.Type {
				all, placed = append(all, candidate), true
			}
			continue
		}
		all = append(all, r)
	}
	if !placed {
		all = append(all, candidate)
	}
	return all, candidate
}

// CompilePreview compiles the live preview of candidate (issue 15 part 4) by
// evaluating every rule over the candidate's scope. One row: matched (products in
// scope), decided (those whose list the candidate wins), changed (recommended ≠
// current), then a count per PreviewBuckets bucket of the changed products'
// change %.
func CompilePreview(a Account, rules []Rule, candidate Rule, g Guardrails) (Statement, error) {
	all, candidate := previewRules(rules, candidate)
	k, err := newRunCompiler(a, all, g)
	if err != nil {
		return Statement{}, err
	}
	b := newBuilder(a)
	inner, err := k.inner(b, &candidate.Scope)
	if err != nil {
		return Statement{}, err
	}
	return previewCounts(b, inner, candidate)
}

// previewCounts is the preview's one row over inner (one row per product in
// scope, with the candidate list's rule column, status and change_pct).
func previewCounts(b *builder, inner string, candidate Rule) (Statement, error) {
	col := map[RuleType]string{RuleTarget: "t_rule", RuleFloor: "f_rule", RuleCeiling: "c_rule"}[candidate.Type]
	changed := "status != '" + StatusNoChange + "'"
	sel := []string{"count() AS matched", "countIf(" + col + " = toUInt64(" + IntLit(candidate.ID) + ")) AS decided", "countIf(" + changed + ") AS changed"}
	edges := append(append([]float64{math.Inf(-1)}, PreviewBuckets...), math.Inf(1))
	for i := 0; i+1 < len(edges); i++ {
		var cond []string
		if !math.IsInf(edges[i], 0) {
			cond = append(cond, "change_pct >= "+floatLit(edges[i]))
		}
		if !math.IsInf(edges[i+1], 0) {
			cond = append(cond, "change_pct < "+floatLit(edges[i+1]))
		}
		sel = append(sel, "countIf("+changed+" AND "+strings.Join(cond, " AND ")+") AS b"+IntLit(int64(i)))
	}
	st, err := b.statement("SELECT " + strings.Join(sel, ", ") + " FROM (" + inner + ")")
	st.Wide = true
	return st, err
}

// PreviewFromStateAllowed says whether the saved rules let a preview of candidate
// start from a run's results, given that the run's inputs are the preview's
// (RunFingerprint equal): not when the candidate replaces an active rule of
// another list (that list's products change too, outside the candidate's scope
// and list), and not when a saved rule's scope filters on anything but the
// product's own columns and labels (stateScopeColumns; a new build or label
// change changes the fingerprint) — a competitor's columns move with the clock
// (staleness, "changed" in the last 24 hours) — since the run's matches of that
// rule may no longer hold. The
// candidate's own scope is read live, so it may filter on anything.
func PreviewFromStateAllowed(a Account, rules []Rule, candidate Rule) bool {
	a = a.normalize()
	custom := map[string]bool{}
	for _, cf := range a.CustomFields {
		custom[cf.LogicalName] = true
	}
	for _, r := range rules {
		if !r.Active {
			continue
		}
		if r.ID == candidate.ID {
			if r.Type != candidate.Type {
				return false
			}
			continue
		}
		for id := range r.Scope.Filters {
			if !stateScopeColumns[id] && !custom[id] {
				return false
			}
		}
	}
	return true
}

// stateScopeColumns are the filters of a saved rule's scope whose matches only a
// new snapshot build or a label change changes (productColumns' own columns).
var stateScopeColumns = map[string]bool{"category_tree": true, "id": true, "name": true, "img_url": true, "url": true,
	"canonical_mfgr_display": true, "mfgr_prod_id": true, "category_display": true, "super_category": true, "category": true,
	"vertical": true, "labels": true, "price": true, "cost": true, "in_stock": true}

// RunFingerprint names a run's inputs: the run statement the account's rules,
// guardrails, contracts and events, flags, settings and snapshot delta compile to
// at time at (without the mandated set, which a preview does not read), and
// version, what the account's snapshot and labels are (warehouse.ReportVersion). A preview may start
// from a run's results only while the fingerprint of today's inputs, compiled at
// the run's time, is the run's (and the staleness cutoff has not moved past an
// offer since: StateCutoffHolds).
func RunFingerprint(a Account, rules []Rule, g Guardrails, version uint64, at time.Time) (string, error) {
	a.Now, a.Mandated, a.Categories = at, nil, nil
	st, err := CompileRun(a, rules, g, 0)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "version %d\n%s\n", version, st.SQL)
	for _, v := range st.Args {
		fmt.Fprintf(h, "%T %v\n", v, v)
	}
	for _, s := range st.Sets {
		fmt.Fprintf(h, "set %s %s %v\n", s.Name, s.Type, s.Values)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// StateCutoffHolds says whether an offer counts now exactly when it counted at
// the run's time at: the snapshot's build facts are exact for both staleness
// cutoffs (no priced pair's scan time lies between them).
func StateCutoffHolds(a Account, at time.Time) bool {
	a = a.normalize()
	return a.Totals.exact(a.Settings, staleCutoff(a.Settings, at)) && a.Totals.exact(a.Settings, staleCutoff(a.Settings, a.Now))
}

// previewState is what both statements of a preview from a run's results know:
// the rules with the candidate in place (k), the candidate alone (kc), the ids of
// the rules ranked before it in its list, its list's column prefix, and where its
// scope reads.
type previewState struct {
	k, kc     *runCompiler
	candidate Rule
	before    []string
	p         string
	// scoped: the candidate has a scope; onResults: it reads only the product's
	// own columns the run copied into its results (resultScopeFilters), so the
	// run's rows are matched on those (a super category skips the other rows by
	// PREWHERE), else by id among the snapshot's products in scope.
	scoped, onResults bool
}

func newPreviewState(a Account, rules []Rule, candidate Rule, g Guardrails) (*previewState, error) {
	all, candidate := previewRules(rules, candidate)
	k, err := newRunCompiler(a, all, g)
	if err != nil {
		return nil, err
	}
	s := &previewState{k: k, candidate: candidate, p: map[RuleType]string{RuleTarget: "t", RuleFloor: "f", RuleCeiling: "c"}[candidate.Type]}
	for _, r := range k.lists[candidate.Type] {
		if r.ID == candidate.ID {
			break
		}
		s.before = append(s.before, IntLit(r.ID))
	}
	// The candidate alone, its list's position n_i 1 where it wins.
	if s.kc, err = newRunCompiler(a, []Rule{candidate}, g); err != nil {
		return nil, err
	}
	s.scoped = len(candidate.Scope.Filters) > 0 || candidate.Scope.Search != ""
	s.onResults = true
	for id := range candidate.Scope.Filters {
		s.onResults = s.onResults && resultScopeFilters[id]
	}
	return s, nil
}

// ranked is true on a run's row that a rule ranked before the candidate won (an
// IN's set: has() of an array literal builds the array for every row, 26 ids
// per row at L).
func (s *previewState) ranked() string {
	return s.p + "_rule IN (" + strings.Join(s.before, ", ") + ")"
}

// runRows selects cols of the run's rows where cond holds (with its leading AND),
// in the candidate's scope when inScope.
func (s *previewState) runRows(b *builder, resultID uint64, cols, cond string, inScope bool) (string, error) {
	a := s.kc.a
	where := ColAccountID + " = " + b.bind(a.AccountID) + " AND result_id = " + b.bind(resultID) + cond
	if inScope && s.scoped {
		if s.onResults {
			sc, err := scopePredicate(b, a, s.candidate.Scope)
			if err != nil {
				return "", err
			}
			where += " AND " + sc
		} else {
			whole := wholeAccount(a, b)
			sc, err := scopePredicate(b, a, s.candidate.Scope)
			if err != nil {
				return "", err
			}
			where += " AND " + ColProductID + globalIn(a, false) + "(SELECT " + ColProductID + " FROM " + b.snapshotTable(a) + " WHERE " + whole + " AND " + sc + ")"
		}
	}
	return "SELECT " + cols + " FROM " + b.table(TablePricerResults) + " WHERE " + where, nil
}

// CompilePreviewRest counts the products of result set resultID in the
// candidate's reach that no rule ranked before it won: those the preview
// recomputes (CompilePreviewFromState's rest). ok is false when that is every
// product (the candidate is first of its list), with nothing to count. The count
// reads the run's rule column alone (and the scope's, on the results' own
// columns; any other scope is left out: the count is then of a superset, which is
// 0 only when the rest is).
func CompilePreviewRest(a Account, rules []Rule, candidate Rule, g Guardrails, resultID uint64) (st Statement, ok bool, err error) {
	s, err := newPreviewState(a, rules, candidate, g)
	if err != nil || len(s.before) == 0 {
		return Statement{}, false, err
	}
	b := newBuilder(a)
	sql, err := s.runRows(b, resultID, "count()", " AND NOT "+s.ranked(), s.onResults)
	if err != nil {
		return Statement{}, false, err
	}
	st, err = b.statement(sql)
	return st, err == nil, err
}

// CompilePreviewFromState compiles the same preview as CompilePreview from result
// set resultID, a run over the same inputs (the caller checks RunFingerprint,
// StateCutoffHolds and PreviewFromStateAllowed). Per product in the candidate's
// scope, the run's rule of the candidate's list tells whether a rule ranked before
// the candidate matched. Where one did, the run's result stands whole: its values
// are the preview's and so are the steps after them, so its stored change and
// status are read as they are, from the run's rows alone. Elsewhere (the rest)
// the candidate's value takes its list (with the contracts and events in force,
// as in a run); the other two lists' values are the run's, and the steps after
// the values (band, clamp, rounding, status) are the run's own steps,
// recomputed. Only the rest's sources are read from the snapshot, joined with
// the run's four columns per product. rest false (CompilePreviewRest counted
// none: a new rule behind a catch-all) leaves the rest out, and with it the
// snapshot, the join and the steps.
func CompilePreviewFromState(a Account, rules []Rule, candidate Rule, g Guardrails, resultID uint64, rest bool) (Statement, error) {
	s, err := newPreviewState(a, rules, candidate, g)
	if err != nil {
		return Statement{}, err
	}
	k, kc, p, candidate := s.k, s.kc, s.p, s.candidate
	b := newBuilder(a)
	var parts []string
	if len(s.before) > 0 {
		part, err := s.runRows(b, resultID, p+"_rule, CAST(status AS String) AS status, change_pct", " AND "+s.ranked(), true)
		if err != nil {
			return Statement{}, err
		}
		parts = append(parts, part)
	}
	if !rest && len(parts) > 0 {
		return previewCounts(b, strings.Join(parts, " UNION ALL "), candidate)
	}
	// The rest: the right side of a JOIN is the one held in memory, the fewer
	// rows. The run's rows are, unless the scope narrows only the snapshot's side:
	// then the run's narrow rows stream past a hash of the scope's products (one
	// super category at L: 0.2 s against 1.4 s the other way round, load 6). The
	// snapshot's side is not narrowed to the run's rows by an IN: 18.16 builds an
	// IN's set for the primary key each time it analyses a level above it, once per
	// step level (at L, 1.0-1.3 s against 0.3-0.4 s without, load 6-7). Each side
	// binds its values in the order it is written.
	unranked := ""
	if len(s.before) > 0 {
		unranked = " AND NOT " + s.ranked()
	}
	runSide := func() (string, error) {
		// The join keeps the scope's products; on the results' own columns the
		// scope also thins the run's rows before it.
		return s.runRows(b, resultID, ColProductID+", "+p+"_rule AS r_rule, target AS r_t, floor AS r_f, ceiling AS r_c", unranked, s.onResults)
	}
	runLeft := s.scoped && !s.onResults
	var run string
	if runLeft {
		if run, err = runSide(); err != nil {
			return Statement{}, err
		}
	}
	sel := append([]string{ColProductID, ColMyPrice + " AS price", ColCost, ColMRP}, kc.offerColumns()...)
	carry := []string{"price", ColCost}
	if terms := kc.a.Terms.termColumns(b); terms != nil {
		sel = append(sel, terms...)
		kc.terms = true
		carry = append(carry, termNames...)
	}
	where := wholeAccount(kc.a, b)
	scope, err := scopePredicate(b, kc.a, candidate.Scope)
	if err != nil {
		return Statement{}, err
	}
	if scope != "" {
		where += " AND " + scope
	}
	snap := "SELECT " + strings.Join(sel, ", ") + " FROM " + b.snapshotTable(kc.a) + " WHERE " + where
	join := "(" + run + ") AS lhs ALL INNER JOIN (" + snap + ") AS rhs"
	if !runLeft {
		if run, err = runSide(); err != nil {
			return Statement{}, err
		}
		join = "(" + snap + ") AS lhs ALL INNER JOIN (" + run + ") AS rhs"
	}
	sql := "SELECT *, toUInt32(1) AS n_i FROM " + join + " USING " + ColProductID
	// The candidate's rule and source (the run's compiler, as in a run).
	sql = "SELECT " + strings.Join(append(append([]string{}, carry...), append([]string{"n_i", "r_rule", "r_t", "r_f", "r_c"}, kc.pick(candidate.Type, "n")...)...), ", ") + " FROM (" + sql + ")"
	// Each list's rule and value: the candidate's, the other lists' the run's.
	cols := []string{"n_rule AS " + p + "_rule"}
	for _, l := range runLists {
		v := "r_" + l.prefix
		if l.t == candidate.Type {
			v = kc.adjustedValue(l.t, "n")
		}
		cols = append(cols, v+" AS "+valueColumn[l.t])
	}
	sql = "SELECT " + strings.Join(append(append([]string{}, carry...), cols...), ", ") + " FROM (" + sql + ")"
	carry = append(carry, p+"_rule", valueColumn[RuleTarget], valueColumn[RuleFloor], valueColumn[RuleCeiling])
	for _, l := range k.stepLevels() {
		sql = "SELECT " + strings.Join(append(append([]string{}, carry...), l.cols...), ", ") + " FROM (" + sql + ")"
		carry = append(carry, l.keep...)
	}
	parts = append(parts, "SELECT "+p+"_rule, status, change_pct FROM ("+sql+")")
	return previewCounts(b, strings.Join(parts, " UNION ALL "), candidate)
}

// resultScopeFilters are the scope filters that read only the product's own
// columns a run copies into its results (resultColumns: name, brand, manufacturer
// id, the category levels, the search text) under the snapshot's names: while the
// run's inputs are the preview's (the same snapshot build), they match the run's
// rows exactly as the snapshot's.
var resultScopeFilters = map[string]bool{"category_tree": true, "categories": true, "id": true, "name": true,
	"canonical_mfgr_display": true, "mfgr_prod_id": true, "super_category": true, "category": true, "vertical": true,
	"category_display": true}
