package pricer

import (
	"context"
	"math"

	"github.com/labstack/echo/v4"

	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/store/authz"
)

// preview is the rule dialog's live preview (issue 15 part 4): the unsaved rule
// among the account's saved rules and guardrails, over the rule's scope only;
// from the latest run's results when that run read what the preview would
// (previewStatement), else by evaluating every rule.
func (h *Handlers) preview(c echo.Context, p session.Principal, in PreviewIn) (PreviewOut, error) {
	ctx := c.Request().Context()
	if err := h.require(c, p, authz.Read, in.Section); err != nil {
		return PreviewOut{}, err
	}
	a, err := h.account(ctx, p)
	if err != nil {
		return PreviewOut{}, err
	}
	cand := in.rule
	if in.GroupID != nil {
		cand.ID = int64(*in.GroupID)
	}
	if err := engine.CheckRule(a, cand); err != nil {
		return PreviewOut{}, err
	}
	rules, err := h.Store.EngineRules(ctx, p.AccountID)
	if err != nil {
		return PreviewOut{}, err
	}
	g, err := h.Store.Guardrails(ctx, p.AccountID)
	if err != nil {
		return PreviewOut{}, err
	}
	// The contracts and events in force apply as in a run.
	if a.Terms, err = h.Store.EngineTerms(ctx, p.AccountID, a.Now); err != nil {
		return PreviewOut{}, err
	}
	st, basis, err := h.previewStatement(ctx, p.AccountID, a, rules, cand, g)
	if err != nil {
		return PreviewOut{}, err
	}
	res, err := h.W.Query(ctx, st)
	if err != nil {
		return PreviewOut{}, err
	}
	out := PreviewOut{Distribution: []Bucket{}, Basis: basis}
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
func (h *Handlers) previewStatement(ctx context.Context, accountID int64, a engine.Account, rules []engine.Rule, cand engine.Rule,
	g engine.Guardrails) (engine.Statement, string, error) {
	state, ok, err := h.Store.PreviewState(ctx, accountID)
	if err != nil {
		return engine.Statement{}, "", err
	}
	if ok && engine.PreviewFromStateAllowed(a, rules, cand) && engine.StateCutoffHolds(a, state.InputsAt) {
		version, err := h.W.ReportVersion(ctx, a.AccountID)
		if err != nil {
			return engine.Statement{}, "", err
		}
		if fp, err := engine.RunFingerprint(a, rules, g, version, state.InputsAt); err == nil && fp == state.Inputs {
			st, err := engine.CompilePreviewFromState(a, rules, cand, g, uint64(state.ResultID))
			return st, BasisLatestRun, err
		}
	}
	st, err := engine.CompilePreview(a, rules, cand, g)
	return st, BasisRules, err
}
