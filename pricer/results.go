package pricer

import (
	"context"
	"math"

	"pricelens/engine"
	"pricelens/store"
)

// The results and simulation results grids (docs/pricer.md): the grid condition
// over one run's results (pricer_results), with "why this price" on every row. A
// reader sees the latest complete run of the kind (or the run asked for), so a run
// that fails or is under way never shows half its results.

// RunRef names the results to read: the latest complete real run (the zero
// value), the latest complete simulation, or a run id.
type RunRef struct {
	Simulation bool
	ID         int64
}

// ErrNoResults refuses an export of results that do not exist yet.
var ErrNoResults = conflict("There are no results to export yet: run or simulate the rules first.")

// CompleteRun finds the complete run ref names (found false: none yet). A run id
// that is not complete, or whose results are no longer kept, is refused.
func (p *Pricer) CompleteRun(ctx context.Context, accountID int64, ref RunRef) (store.PricerRun, bool, error) {
	if ref.ID == 0 {
		return p.Store.LatestCompleteRun(ctx, accountID, ref.Simulation)
	}
	r, err := p.Store.Run(ctx, accountID, ref.ID)
	if err != nil {
		return r, false, err
	}
	if r.Status != store.RunComplete {
		return r, false, conflict("This run has no results: it is " + r.Status + ".")
	}
	kept, err := p.Store.UnusedResultSets(ctx, accountID, 0)
	if err != nil {
		return r, false, err
	}
	for _, id := range kept {
		if id == r.ResultID {
			return r, false, notFound("The results of this run are no longer kept.")
		}
	}
	return r, true, nil
}

// decided are a real run's records a person approved or rejected, which the
// results grid's status follows (so Results and Manual Approval agree); none for
// a simulation or no run.
func (p *Pricer) decided(ctx context.Context, run store.PricerRun, found bool) (engine.ApprovalDecided, error) {
	if !found || run.IsSimulation {
		return engine.ApprovalDecided{}, nil
	}
	return p.Store.ApprovalDecidedSets(ctx, run.AccountID, run.ID)
}

// ResultRun is the run of a results export (ref: the run its stored condition
// names), with what its explanations need; ErrNoResults when there is none.
func (p *Pricer) ResultRun(ctx context.Context, accountID int64, ref RunRef) (engine.ResultRun, error) {
	run, found, err := p.CompleteRun(ctx, accountID, ref)
	if err != nil {
		return engine.ResultRun{}, err
	}
	if !found {
		return engine.ResultRun{}, ErrNoResults
	}
	d, err := p.decided(ctx, run, found)
	if err != nil {
		return engine.ResultRun{}, err
	}
	return engine.ResultRun{ResultID: uint64(run.ResultID), Rules: run.Rules, Guardrails: run.Guardrails, Decided: d}, nil
}

// Results is one block of a run's results for the caller of r: rows with id,
// price, floor, ceiling, target, recommended_price, change_pct, status, rule_id,
// rule_name, explanation (a sentence) and steps (the structured trace), plus the
// product columns and labels; in group mode the group rows.
func (p *Pricer) Results(ctx context.Context, r Reports, accountID int64, cond engine.Condition, ref RunRef) (Block, error) {
	a, err := r.Account(ctx, false)
	if err != nil {
		return Block{}, err
	}
	run, found, err := p.CompleteRun(ctx, accountID, ref)
	if err != nil {
		return Block{}, err
	}
	if !found {
		// The condition is still checked, so a bad one is a 400 before any run.
		_, err := engine.CompileResultRows(a, cond, 0, engine.ApprovalDecided{})
		return Block{Rows: []map[string]any{}}, err
	}
	d, err := p.decided(ctx, run, found)
	if err != nil {
		return Block{}, err
	}
	plan, err := engine.CompileResultRows(a, cond, uint64(run.ResultID), d)
	if err != nil {
		return Block{}, err
	}
	rows, last, groups, err := p.runBlock(ctx, plan)
	if err != nil || groups {
		return Block{Rows: rows, LastRow: last, RunID: &run.ID}, err
	}
	rules := map[int64]engine.RuleRef{}
	for _, r := range run.Rules {
		rules[r.ID] = r
	}
	names := map[int64]string{}
	for _, cp := range a.Competitors {
		names[cp.ID] = cp.Name
	}
	for _, row := range rows {
		tr := trace(row)
		steps, sentence := engine.Explain(tr, rules, run.Guardrails, names)
		for _, t := range engine.TraceColumns {
			delete(row, "_"+t)
		}
		row["explanation"], row["steps"] = sentence, steps
		row["rule_name"] = engine.RuleLabel(tr.TRule, rules) // the Rule column's words (rule_id stays for filters)
		row["currency_symbol"] = a.Settings.CurrencySymbol
	}
	if err := r.Labels(ctx, a, rows); err != nil {
		return Block{}, err
	}
	return Block{Rows: rows, LastRow: last, RunID: &run.ID}, nil
}

// trace reads a row's step columns ("_" + name; NULL is NaN).
func trace(r map[string]any) engine.ResultTrace {
	st, _ := r["_status"].(string)
	return engine.TraceOf(func(k string) float64 {
		switch v := r["_"+k].(type) {
		case float64:
			return v
		case uint64:
			return float64(v)
		}
		return math.NaN()
	}, st)
}

// ResultsCount is how many of a run's results match cond and, with withPending,
// how many of them still wait for a decision (0, 0 with no complete run).
func (p *Pricer) ResultsCount(ctx context.Context, r Reports, accountID int64, cond engine.Condition, ref RunRef, withPending bool) (count, pending uint64, err error) {
	a, err := r.Account(ctx, false)
	if err != nil {
		return 0, 0, err
	}
	run, found, err := p.CompleteRun(ctx, accountID, ref)
	if err != nil {
		return 0, 0, err
	}
	d, err := p.decided(ctx, run, found)
	if err != nil {
		return 0, 0, err
	}
	st, err := engine.CompileResultCount(a, cond, uint64(run.ResultID), withPending, d)
	if err != nil || !found {
		return 0, 0, err
	}
	return p.runCount(ctx, st)
}
