package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/engine"
	"pricelens/jobs/kinds"
)

// PricerRun is one requested run of an account's rules (docs/pricer.md).
type PricerRun struct {
	ID                                       int64
	AccountID                                int64
	IsSimulation                             bool
	Status                                   string // queued, running, complete, failed
	RequestedAt                              time.Time
	FinishedAt                               *time.Time
	Error                                    string
	ResultID                                 int64 // the complete run's ClickHouse result set; 0 before
	Rules                                    []engine.RuleRef
	Guardrails                               engine.Guardrails
	Products, Changed, AutoApproved, Pending int64
}

// Run statuses.
const (
	RunQueued   = "queued"
	RunRunning  = "running"
	RunComplete = "complete"
	RunFailed   = "failed"
)

// StaleRunAfter is how long a run may stay queued or running before a new request
// treats it as dead (its process was killed and nothing resumed it).
const StaleRunAfter = 30 * time.Minute

const runCols = `id, account_id, is_simulation, status, requested_at, finished_at, error, coalesce(result_id, 0), rules, guardrails,
	products, changed, auto_approved, pending`

func scanRun(row pgx.Row) (PricerRun, error) {
	var r PricerRun
	var rules, g []byte
	err := row.Scan(&r.ID, &r.AccountID, &r.IsSimulation, &r.Status, &r.RequestedAt, &r.FinishedAt, &r.Error, &r.ResultID, &rules, &g,
		&r.Products, &r.Changed, &r.AutoApproved, &r.Pending)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, NotFound("This run does not exist.")
	}
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(rules, &r.Rules); err != nil {
		return r, err
	}
	return r, json.Unmarshal(g, &r.Guardrails)
}

// StartRun asks for a run of the account's rules: it inserts the run and its job in
// one transaction. While another run of the account is queued or running, no run
// is added and that one is returned (created false): two requests at once give
// one run (the partial unique index decides between concurrent transactions).
func (s *Store) StartRun(ctx context.Context, a Actor, simulation bool) (PricerRun, bool, error) {
	var id int64
	created := false
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE pricer_runs SET status = 'failed', finished_at = now(), error = 'The run stopped without finishing'
			WHERE account_id = $1 AND status IN ('queued', 'running') AND coalesce(started_at, requested_at) < now() - $2::interval`,
			a.AccountID, StaleRunAfter.String()); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `INSERT INTO pricer_runs (account_id, is_simulation, status, requested_by) VALUES ($1, $2, 'queued', $3)
			ON CONFLICT (account_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING id`,
			a.AccountID, simulation, nullID(a.UserID)).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return tx.QueryRow(ctx, `SELECT id FROM pricer_runs WHERE account_id = $1 AND status IN ('queued', 'running')`, a.AccountID).Scan(&id)
		}
		if err != nil {
			return err
		}
		created = true
		if err := audit(ctx, tx, a, "pricer_run", "pricer_run", id, map[string]any{"simulation": simulation}); err != nil {
			return err
		}
		return kinds.InsertTx(ctx, tx, kinds.RunPricer{RunID: id})
	})
	if err != nil {
		return PricerRun{}, false, err
	}
	r, err := s.Run(ctx, a.AccountID, id)
	return r, created, err
}

// Run returns one run of the account.
func (s *Store) Run(ctx context.Context, accountID, id int64) (PricerRun, error) {
	return scanRun(s.DB.QueryRow(ctx, `SELECT `+runCols+` FROM pricer_runs WHERE account_id = $1 AND id = $2`, accountID, id))
}

// LatestRun returns the account's latest run of any kind (found false: none yet).
func (s *Store) LatestRun(ctx context.Context, accountID int64) (PricerRun, bool, error) {
	r, err := scanRun(s.DB.QueryRow(ctx, `SELECT `+runCols+` FROM pricer_runs WHERE account_id = $1 ORDER BY id DESC LIMIT 1`, accountID))
	if e := (*Error)(nil); errors.As(err, &e) && e.Kind == KindNotFound {
		return r, false, nil
	}
	return r, err == nil, err
}

// LatestCompleteRun returns the account's latest complete real run or simulation
// (found false: none), the one result readers show.
func (s *Store) LatestCompleteRun(ctx context.Context, accountID int64, simulation bool) (PricerRun, bool, error) {
	r, err := scanRun(s.DB.QueryRow(ctx, `SELECT `+runCols+` FROM pricer_runs WHERE account_id = $1 AND is_simulation = $2 AND status = 'complete'
		ORDER BY id DESC LIMIT 1`, accountID, simulation))
	if e := (*Error)(nil); errors.As(err, &e) && e.Kind == KindNotFound {
		return r, false, nil
	}
	return r, err == nil, err
}

// RunState is a complete run's result set with the fingerprint of its inputs.
type RunState struct {
	ResultID int64
	Inputs   string
	InputsAt time.Time
}

// PreviewState returns the account's latest complete run of either kind (found
// false: none, or it kept no fingerprint): the state a rule preview may start
// from when its inputs are today's. Its result set is kept (KeepCompleteRuns).
func (s *Store) PreviewState(ctx context.Context, accountID int64) (RunState, bool, error) {
	var r RunState
	var at *time.Time
	err := s.DB.QueryRow(ctx, `SELECT result_id, inputs, inputs_at FROM pricer_runs WHERE account_id = $1 AND status = 'complete'
		ORDER BY id DESC LIMIT 1`, accountID).Scan(&r.ResultID, &r.Inputs, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, err
	}
	if at == nil || r.Inputs == "" {
		return r, false, nil
	}
	r.InputsAt = *at
	return r, true, nil
}

// BeginAttempt marks a queued or running run as running and gives the attempt a
// new result set (a retried attempt never writes into a failed attempt's set).
// ok is false when the run is already over (complete or failed): nothing to do.
func (s *Store) BeginAttempt(ctx context.Context, runID int64) (run PricerRun, resultID int64, ok bool, err error) {
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		run, err = scanRun(tx.QueryRow(ctx, `UPDATE pricer_runs SET status = 'running', started_at = now() WHERE id = $1 AND status IN ('queued', 'running')
			RETURNING `+runCols, runID))
		if e := (*Error)(nil); errors.As(err, &e) && e.Kind == KindNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		ok = true
		return tx.QueryRow(ctx, `INSERT INTO pricer_result_sets (result_id, account_id, run_id) VALUES (nextval('pricer_result_id'), $1, $2)
			RETURNING result_id`, run.AccountID, runID).Scan(&resultID)
	})
	return run, resultID, ok, err
}

// Approval is the approval decision of one changed price of a real run.
type Approval struct {
	ProductID            string
	Current, Recommended float64
	ChangePct            float64
	RuleID               int64
	Status, Reason       string // Pending/approved; auto_approved, above_threshold, mandated
}

// RunOutcome is what a finished attempt hands to CompleteRun.
type RunOutcome struct {
	ResultID                                 int64
	Rules                                    []engine.RuleRef
	Guardrails                               engine.Guardrails
	Products, Changed, AutoApproved, Pending int64
	Approvals                                []Approval // real runs only
	// Inputs fingerprints what the run read (engine.RunFingerprint) at InputsAt, so
	// that a rule preview may start from its results (PreviewState).
	Inputs   string
	InputsAt time.Time
}

// CompleteRun makes an attempt's results the run's, in one transaction with the
// approval records: readers see the new results and their approvals together, or
// (when this fails) the previous ones. A run no longer running is left alone.
func (s *Store) CompleteRun(ctx context.Context, runID int64, o RunOutcome) error {
	rules, _ := json.Marshal(o.Rules)
	g, _ := json.Marshal(o.Guardrails)
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var accountID int64
		err := tx.QueryRow(ctx, `UPDATE pricer_runs SET status = 'complete', finished_at = now(), result_id = $2, rules = $3, guardrails = $4,
			products = $5, changed = $6, auto_approved = $7, pending = $8, inputs = $9, inputs_at = $10 WHERE id = $1 AND status = 'running' RETURNING account_id`,
			runID, o.ResultID, rules, g, o.Products, o.Changed, o.AutoApproved, o.Pending, o.Inputs, nullTime(o.InputsAt)).Scan(&accountID)
		if errors.Is(err, pgx.ErrNoRows) {
			return Conflict("This run is no longer running.")
		}
		if err != nil {
			return err
		}
		if len(o.Approvals) == 0 {
			return nil
		}
		now := time.Now()
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"approval_records"},
			[]string{"account_id", "run_id", "product_id", "current_price", "recommended_price", "change_pct", "rule_id", "status", "reason", "decided_at", "created_at"},
			pgx.CopyFromSlice(len(o.Approvals), func(i int) ([]any, error) {
				ap := o.Approvals[i]
				var decided *time.Time
				if ap.Status == ApprovalApproved {
					decided = &now
				}
				return []any{accountID, runID, ap.ProductID, ap.Current, ap.Recommended, ap.ChangePct, nullID(ap.RuleID), ap.Status, ap.Reason, decided, now}, nil
			}))
		return err
	})
}

// Approval statuses and reasons.
const (
	ApprovalPending  = engine.ApprovalPending
	ApprovalApproved = engine.ApprovalApproved
	ApprovalRejected = engine.ApprovalRejected
)

// FailRun marks a run failed with the reason; its result set is dropped later.
func (s *Store) FailRun(ctx context.Context, runID int64, reason string) error {
	_, err := s.DB.Exec(ctx, `UPDATE pricer_runs SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1 AND status IN ('queued', 'running')`,
		runID, reason)
	return err
}

// KeepCompleteRuns is how many complete runs of each kind keep their results.
const KeepCompleteRuns = 5

// UnusedResultSets lists the account's result sets that no reader can ask for any
// more: those of failed attempts and of complete runs older than the last
// KeepCompleteRuns of their kind. except is the set being written now.
func (s *Store) UnusedResultSets(ctx context.Context, accountID, except int64) ([]int64, error) {
	rows, err := s.DB.Query(ctx, `SELECT rs.result_id FROM pricer_result_sets rs WHERE rs.account_id = $1 AND rs.result_id != $2
		AND rs.result_id NOT IN (SELECT result_id FROM (
			SELECT result_id, row_number() OVER (PARTITION BY is_simulation ORDER BY id DESC) AS n
			FROM pricer_runs WHERE account_id = $1 AND status = 'complete') k WHERE n <= $3)
		AND rs.result_id NOT IN (SELECT s2.result_id FROM pricer_result_sets s2 JOIN pricer_runs r ON r.id = s2.run_id
			WHERE r.account_id = $1 AND r.status IN ('queued', 'running'))`, accountID, except, KeepCompleteRuns)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// ForgetResultSet removes a dropped result set's row.
func (s *Store) ForgetResultSet(ctx context.Context, accountID, resultID int64) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM pricer_result_sets WHERE account_id = $1 AND result_id = $2`, accountID, resultID)
	return err
}

// ApprovalRecord is one approval record as the approval screens will read it.
type ApprovalRecord struct {
	ID                   int64
	RunID                int64
	ProductID            string
	Current, Recommended float64
	ChangePct            float64
	Status, Reason       string
	BizfinComment        string
}

// ApprovalRecords lists a run's approval records (product order).
func (s *Store) ApprovalRecords(ctx context.Context, accountID, runID int64) ([]ApprovalRecord, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, run_id, product_id, current_price, recommended_price, change_pct, status, reason, bizfin_comment
		FROM approval_records WHERE account_id = $1 AND run_id = $2 ORDER BY product_id`, accountID, runID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ApprovalRecord])
}
