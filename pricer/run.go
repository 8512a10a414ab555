package pricer

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"pricelens/engine"
	"pricelens/store"
	"pricelens/warehouse"
)

// Runner runs one requested run (docs/pricer.md): it compiles the account's
// active rules and guardrails into one INSERT … SELECT of a new result set, then
// completes the run in one PostgreSQL transaction with the approval records of a
// real run. Until then readers see the previous complete run: a run that fails or
// is killed midway leaves the previous results (and approvals) as they were.
type Runner struct {
	Store Store
	W     *warehouse.Warehouse
	Now   func() time.Time
	Log   *slog.Logger // the run's timings (nil: none)
	// AfterInsert, when set, runs between the insert and the completion (tests stop
	// a run there to see that its results never show).
	AfterInsert func(ctx context.Context) error
}

// RunFailed is Run's error once the run is marked failed: the user runs again, so
// the job is not retried (jobs cancels it).
type RunFailed struct{ Err error }

func (e *RunFailed) Error() string { return e.Err.Error() }
func (e *RunFailed) Unwrap() error { return e.Err }

// Run works run runID. A failure fails the run (the user runs again; the error is
// a *RunFailed) unless ctx was cancelled (the worker stopped): then the run stays
// running and the job's retry starts a new attempt with a result set of its own.
func (r Runner) Run(ctx context.Context, runID int64) error {
	run, resultID, ok, err := r.Store.BeginAttempt(ctx, runID)
	if err != nil || !ok {
		return err
	}
	err = r.attempt(ctx, run, resultID)
	if err == nil || ctx.Err() != nil {
		return err
	}
	msg := "The run failed: " + err.Error()
	var ee *engine.Error
	if errors.As(err, &ee) {
		msg = "A rule can't run: " + err.Error()
	}
	if ferr := r.Store.FailRun(context.WithoutCancel(ctx), runID, msg); ferr != nil {
		return ferr
	}
	return &RunFailed{Err: err}
}

func (r Runner) attempt(ctx context.Context, run store.PricerRun, resultID int64) error {
	cat, err := r.Store.Catalog(ctx, run.AccountID)
	if err != nil {
		return err
	}
	a := cat.Engine()
	// To the microsecond, as PostgreSQL keeps it (pricer_runs.inputs_at).
	a.Now, a.Cluster = r.Now().Truncate(time.Microsecond), r.W.Cluster != ""
	if a.Slots, a.Totals, a.SnapshotDelta, err = r.W.SnapshotMeta(ctx, uint32(run.AccountID)); err != nil {
		return err
	}
	if a.Mandated, err = r.Store.EngineMandated(ctx, run.AccountID); err != nil {
		return err
	}
	if a.Terms, err = r.Store.EngineTerms(ctx, run.AccountID, a.Now); err != nil {
		return err
	}
	rules, err := r.Store.EngineRules(ctx, run.AccountID)
	if err != nil {
		return err
	}
	g, err := r.Store.Guardrails(ctx, run.AccountID)
	if err != nil {
		return err
	}
	// What the run reads, fingerprinted before it reads it: a build or label change
	// meanwhile makes the fingerprint older than the results, never newer, so a
	// preview then evaluates every rule instead of starting from these results.
	version, err := r.W.ReportVersion(ctx, uint32(run.AccountID))
	if err != nil {
		return err
	}
	inputs, err := engine.RunFingerprint(a, rules, g, version, a.Now)
	if err != nil {
		return err
	}
	// Old runs' and failed attempts' result sets go before the new one is written.
	unused, err := r.Store.UnusedResultSets(ctx, run.AccountID, resultID)
	if err != nil {
		return err
	}
	for _, id := range unused {
		if err := r.W.DropResultSet(ctx, id); err != nil {
			return err
		}
		if err := r.Store.ForgetResultSet(ctx, run.AccountID, id); err != nil {
			return err
		}
	}
	st, err := engine.CompileRun(a, rules, g, uint64(resultID))
	if err != nil {
		return err
	}
	t0 := time.Now()
	if err := r.W.ExecRun(ctx, "pricer-run-"+engine.IntLit(run.ID)+"-"+engine.IntLit(resultID), st); err != nil {
		return err
	}
	tInsert := time.Since(t0)
	if r.AfterInsert != nil {
		if err := r.AfterInsert(ctx); err != nil {
			return err
		}
	}
	o := store.RunOutcome{ResultID: resultID, Guardrails: g, Rules: make([]engine.RuleRef, 0, len(rules)), Inputs: inputs, InputsAt: a.Now}
	for _, rule := range rules {
		o.Rules = append(o.Rules, rule.Ref())
	}
	res, err := r.W.Query(ctx, warehouse.SQL(`SELECT count(), countIf(status != ?), countIf(status = ?), countIf(CAST(status AS String) IN (?, ?))
		FROM `+engine.TablePricerResults.String()+` WHERE account_id = ? AND result_id = ?`,
		engine.StatusNoChange, engine.StatusAutoApproved, engine.StatusPending, engine.StatusMandated, uint32(run.AccountID), uint64(resultID)))
	if err != nil {
		return err
	}
	if len(res.Rows) == 1 {
		u := func(i int) int64 { v, _ := res.Rows[0][i].(uint64); return int64(v) }
		o.Products, o.Changed, o.AutoApproved, o.Pending = u(0), u(1), u(2), u(3)
	}
	t1 := time.Now()
	if !run.IsSimulation {
		if o.Approvals, err = r.approvals(ctx, run, resultID); err != nil {
			return err
		}
	}
	t2 := time.Now()
	if err := r.Store.CompleteRun(ctx, run.ID, o); err != nil {
		return err
	}
	if r.Log != nil {
		r.Log.Info("pricer run complete", "run", run.ID, "account", run.AccountID, "simulation", run.IsSimulation, "products", o.Products,
			"changed", o.Changed, "insert", tInsert, "read_approvals", t2.Sub(t1), "complete", time.Since(t2))
	}
	return nil
}

// approvals are the approval decisions of a real run's changed prices: within the
// auto-approve threshold approved at once, above it Pending; a mandated product's
// always Pending, with the reason "mandated".
func (r Runner) approvals(ctx context.Context, run store.PricerRun, resultID int64) ([]store.Approval, error) {
	// The decisions are held in memory anyway (one COPY into approval_records), so
	// the result is read whole.
	res, err := r.W.Query(ctx, warehouse.SQL(`SELECT product_id, price, recommended_price, change_pct, t_rule, toString(status)
		FROM `+engine.TablePricerResults.String()+` WHERE account_id = ? AND result_id = ? AND status != ? ORDER BY product_id`,
		uint32(run.AccountID), uint64(resultID), engine.StatusNoChange))
	if err != nil {
		return nil, err
	}
	out := make([]store.Approval, 0, len(res.Rows))
	for _, row := range res.Rows {
		ap := store.Approval{ProductID: row[0].(string), Status: store.ApprovalPending, Reason: "above_threshold"}
		ap.Current, _ = row[1].(float64)
		ap.Recommended, _ = row[2].(float64)
		ap.ChangePct, _ = row[3].(float64)
		rule, _ := row[4].(uint64)
		ap.RuleID = int64(rule)
		switch row[5].(string) {
		case engine.StatusAutoApproved:
			ap.Status, ap.Reason = store.ApprovalApproved, "auto_approved"
		case engine.StatusMandated:
			ap.Reason = "mandated"
		}
		out = append(out, ap)
	}
	return out, nil
}
