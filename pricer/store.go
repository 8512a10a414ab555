// Package pricer is the dynamic pricer's domain (docs/pricer.md): its rules and
// guardrails, the rule preview, the runs and simulations (Runner; the River job in
// jobs only calls it), the results and approval grids over a run's results, and
// the approval decisions (on the screen or by CSV). It holds no HTTP: api/pricer
// decodes a request, calls it and renders the answer; engine compiles its SQL;
// the warehouse runs it; its PostgreSQL state is behind Store.
package pricer

import (
	"context"
	"time"

	"pricelens/engine"
	"pricelens/store"
)

// Store is the pricer's PostgreSQL state: the rules, the guardrails, the runs and
// their result sets, the approval records and their audit, and the account facts a
// run reads (catalog, mandated products, contracts and events in force). Every
// call is within one account (accountID or the actor's), except the run job's own
// calls on a run id. *store.Store satisfies it.
type Store interface {
	// The account as the compiler sees it, and what a run reads of it.
	Catalog(ctx context.Context, accountID int64) (store.Catalog, error)
	EngineMandated(ctx context.Context, accountID int64) (*engine.Mandated, error)
	EngineTerms(ctx context.Context, accountID int64, day time.Time) (*engine.PriceTerms, error)

	// Rules and guardrails.
	Rules(ctx context.Context, accountID int64, f store.RuleFilter) ([]store.Rule, error)
	EngineRules(ctx context.Context, accountID int64) ([]engine.Rule, error)
	Rule(ctx context.Context, accountID, id int64) (store.Rule, error)
	SaveRule(ctx context.Context, a store.Actor, id int64, f store.RuleFields) (int64, error)
	DeleteRule(ctx context.Context, a store.Actor, id int64) error
	SetRuleStatus(ctx context.Context, a store.Actor, id int64, status string) error
	ReorderRules(ctx context.Context, a store.Actor, sec engine.RuleSection, t engine.RuleType, ids []int64) error
	RuleAudit(ctx context.Context, accountID int64, limit, offset int) ([]store.RuleAuditEntry, int, error)
	Guardrails(ctx context.Context, accountID int64) (engine.Guardrails, error)
	SaveGuardrails(ctx context.Context, a store.Actor, g engine.Guardrails) error

	// Runs and their result sets.
	StartRun(ctx context.Context, a store.Actor, simulation bool) (store.PricerRun, bool, error)
	Run(ctx context.Context, accountID, id int64) (store.PricerRun, error)
	LatestRun(ctx context.Context, accountID int64) (store.PricerRun, bool, error)
	LatestCompleteRun(ctx context.Context, accountID int64, simulation bool) (store.PricerRun, bool, error)
	PreviewState(ctx context.Context, accountID int64) (store.RunState, bool, error)
	BeginAttempt(ctx context.Context, runID int64) (run store.PricerRun, resultID int64, ok bool, err error)
	CompleteRun(ctx context.Context, runID int64, o store.RunOutcome) error
	FailRun(ctx context.Context, runID int64, reason string) error
	UnusedResultSets(ctx context.Context, accountID, except int64) ([]int64, error)
	ForgetResultSet(ctx context.Context, accountID, resultID int64) error

	// Approval records, decisions and their audit.
	ApprovalDecidedSets(ctx context.Context, accountID, runID int64) (engine.ApprovalDecided, error)
	ApprovalDetails(ctx context.Context, accountID, runID int64, productIDs []string) (map[string]store.ApprovalDetail, error)
	DecideApprovals(ctx context.Context, a store.Actor, runID int64, productIDs []string, decision string) (int, error)
	SetBizfinComment(ctx context.Context, a store.Actor, runID int64, productID, comment string) error
	ApplyApprovalCSV(ctx context.Context, a store.Actor, runID int64, rows []store.ApprovalCSVRow, checkOnly bool) (changed int, refused []store.RefusedRow, err error)
	DecisionPage(ctx context.Context, accountID int64, f store.DecisionFilter, startRow, limit int, sortCol string, desc bool) ([]store.DecisionRow, int, error)
}

var _ Store = (*store.Store)(nil)
