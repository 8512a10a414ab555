package pricer

import (
	"context"

	"pricelens/engine"
	"pricelens/store"
)

// The rules and guardrails (docs/pricer.md "Rules and runs"). Who may read or
// change which section is the caller's check (the permissions are per section);
// what a rule may say is checked here, against the account.

// Competitor is one entry of the rule dialog's competitor menu.
type Competitor struct {
	ID   int64
	Name string
}

// Competitors are the account's competitors, a rule's possible sources.
func (p *Pricer) Competitors(ctx context.Context, accountID int64) ([]Competitor, error) {
	cat, err := p.Store.Catalog(ctx, accountID)
	if err != nil {
		return nil, err
	}
	out := []Competitor{}
	for _, cp := range cat.Engine().Competitors {
		out = append(out, Competitor{ID: cp.ID, Name: cp.Name})
	}
	return out, nil
}

// RuleAccount is the compiler's view of the account for checking and previewing
// a rule: rules apply to the whole catalogue, whoever writes them, so the
// writer's category access is dropped.
func RuleAccount(a engine.Account) engine.Account {
	a.Categories = nil
	return a
}

// Rules are the account's rules matching f, in run order.
func (p *Pricer) Rules(ctx context.Context, accountID int64, f store.RuleFilter) ([]store.Rule, error) {
	return p.Store.Rules(ctx, accountID, f)
}

// Rule is one rule of the account.
func (p *Pricer) Rule(ctx context.Context, accountID, id int64) (store.Rule, error) {
	return p.Store.Rule(ctx, accountID, id)
}

// SaveRule checks rule r against the account a (its competitors and the scope's
// columns, engine.CheckRule) and saves its fields as a new rule (id 0) or as rule
// id; the answer is the rule's id.
func (p *Pricer) SaveRule(ctx context.Context, by store.Actor, a engine.Account, id int64, r engine.Rule, f store.RuleFields) (int64, error) {
	if err := engine.CheckRule(RuleAccount(a), r); err != nil {
		return 0, err
	}
	return p.Store.SaveRule(ctx, by, id, f)
}

// DeleteRule deletes rule id.
func (p *Pricer) DeleteRule(ctx context.Context, by store.Actor, id int64) error {
	return p.Store.DeleteRule(ctx, by, id)
}

// SetRuleStatus activates or deactivates rule id.
func (p *Pricer) SetRuleStatus(ctx context.Context, by store.Actor, id int64, status string) error {
	return p.Store.SetRuleStatus(ctx, by, id, status)
}

// ReorderRules puts the rules of one list in a new order.
func (p *Pricer) ReorderRules(ctx context.Context, by store.Actor, sec engine.RuleSection, t engine.RuleType, ids []int64) error {
	return p.Store.ReorderRules(ctx, by, sec, t, ids)
}

// RuleAudit is one page of the rules audit log, newest first, and its total.
func (p *Pricer) RuleAudit(ctx context.Context, accountID int64, limit, offset int) ([]store.RuleAuditEntry, int, error) {
	return p.Store.RuleAudit(ctx, accountID, limit, offset)
}

// Guardrails are the account's guardrails.
func (p *Pricer) Guardrails(ctx context.Context, accountID int64) (engine.Guardrails, error) {
	return p.Store.Guardrails(ctx, accountID)
}

// SaveGuardrails sets the account's guardrails, checked by the caller
// (engine.Guardrails.Validate) or copied from a matrix profile (Profile).
func (p *Pricer) SaveGuardrails(ctx context.Context, by store.Actor, g engine.Guardrails) error {
	return p.Store.SaveGuardrails(ctx, by, g)
}

// StartRun asks for a run (or a simulation) of the account's active rules; created
// false: a run was already under way, and the answer is that run.
func (p *Pricer) StartRun(ctx context.Context, by store.Actor, simulation bool) (store.PricerRun, bool, error) {
	return p.Store.StartRun(ctx, by, simulation)
}

// LatestRun is the account's latest run, whatever its state (found false: none).
func (p *Pricer) LatestRun(ctx context.Context, accountID int64) (store.PricerRun, bool, error) {
	return p.Store.LatestRun(ctx, accountID)
}

// Running says whether a run is queued or under way.
func Running(r store.PricerRun) bool {
	return r.Status == store.RunQueued || r.Status == store.RunRunning
}
