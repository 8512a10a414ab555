package pricer

import (
	"context"
	"math"

	"pricelens/engine"
)

// Bucket is one bar of a preview's distribution of changes (percent, From
// included, To excluded; nil: unbounded).
type Bucket struct {
	From, To *float64
	Count    uint64
}

// Preview is a rule's live preview over its scope with the account's other rules
// and guardrails: products matched, those whose list the rule decides, those whose
// price would change, and the distribution of the changes. Basis says how it was
// computed (the same answer either way).
type Preview struct {
	Matched, Decided, Changed uint64
	Distribution              []Bucket
	Basis                     string
}

// The bases of a preview (Preview.Basis): from the latest run's per-product
// results, the inputs being the same; or by evaluating every rule.
const (
	BasisLatestRun = "latest_run"
	BasisRules     = "rules"
)

// Preview is the rule dialog's live preview (issue 15 part 4): the unsaved rule
// cand among the account's saved rules and guardrails, over the rule's scope
// only; from the latest run's results when that run read what the preview would
// (previewStatement), else by evaluating every rule. a is the compiler's view of
// the account (RuleAccount applies).
func (p *Pricer) Preview(ctx context.Context, a engine.Account, cand engine.Rule) (Preview, error) {
	a = RuleAccount(a)
	if err := engine.CheckRule(a, cand); err != nil {
		return Preview{}, err
	}
	accountID := int64(a.AccountID)
	rules, err := p.Store.EngineRules(ctx, accountID)
	if err != nil {
		return Preview{}, err
	}
	g, err := p.Store.Guardrails(ctx, accountID)
	if err != nil {
		return Preview{}, err
	}
	// The contracts and events in force apply as in a run.
	if a.Terms, err = p.Store.EngineTerms(ctx, accountID, a.Now); err != nil {
		return Preview{}, err
	}
	st, basis, err := p.previewStatement(ctx, accountID, a, rules, cand, g)
	if err != nil {
		return Preview{}, err
	}
	res, err := p.W.Query(ctx, st)
	if err != nil {
		return Preview{}, err
	}
	out := Preview{Distribution: []Bucket{}, Basis: basis}
	if len(res.Rows) == 0 {
		return out, nil
	}
	r := res.Rows[0]
	u := func(i int) uint64 { v, _ := r[i].(uint64); return v }
	out.Matched, out.Decided, out.Changed = u(0), u(1), u(2)
	edges := append(append([]float64{math.Inf(-1)}, engine.PreviewBuckets...), math.Inf(1))
	for i := 0; i+1 < len(edges); i++ {
		b := Bucket{Count: u(3 + i)}
		if !math.IsInf(edges[i], 0) {
			b.From = &edges[i]
		}
		if !math.IsInf(edges[i+1], 0) {
			b.To = &edges[i+1]
		}
		out.Distribution = append(out.Distribution, b)
	}
	return out, nil
}

// previewStatement is the preview's statement and basis. It starts from the latest
// complete run's results only while that run's inputs are the preview's (the
// invalidation rule, docs/pricer.md "The rule preview"): the fingerprint of
// today's rules, guardrails, contracts and events in force, flags, settings,
// snapshot build and delta and labels, compiled at the run's time, is the run's;
// the staleness cutoff has passed no offer since; the candidate does not move a
// rule to another list; and no saved rule's scope reads a competitor's columns.
// Otherwise, or when the fingerprint cannot be compiled, every rule is evaluated.
func (p *Pricer) previewStatement(ctx context.Context, accountID int64, a engine.Account, rules []engine.Rule, cand engine.Rule,
	g engine.Guardrails) (engine.Statement, string, error) {
	state, ok, err := p.Store.PreviewState(ctx, accountID)
	if err != nil {
		return engine.Statement{}, "", err
	}
	if ok && engine.PreviewFromStateAllowed(a, rules, cand) && engine.StateCutoffHolds(a, state.InputsAt) {
		version, err := p.W.ReportVersion(ctx, a.AccountID)
		if err != nil {
			return engine.Statement{}, "", err
		}
		if fp, err := engine.RunFingerprint(a, rules, g, version, state.InputsAt); err == nil && fp == state.Inputs {
			// The products the candidate may take from the run's winners: none
			// (a new rule behind a catch-all) spares the preview the snapshot.
			rest := true
			if count, ok, err := engine.CompilePreviewRest(a, rules, cand, g, uint64(state.ResultID)); err != nil {
				return engine.Statement{}, "", err
			} else if ok {
				n, err := p.W.Count(ctx, count)
				if err != nil {
					return engine.Statement{}, "", err
				}
				rest = n > 0
			}
			st, err := engine.CompilePreviewFromState(a, rules, cand, g, uint64(state.ResultID), rest)
			return st, BasisLatestRun, err
		}
	}
	st, err := engine.CompilePreview(a, rules, cand, g)
	return st, BasisRules, err
}
