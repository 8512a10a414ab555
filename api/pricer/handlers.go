// Package pricer holds the dynamic pricer's rule calls (docs/pricer.md, docs/product.md
// §7 "Dynamic pricer rules"): the rule lists and dialog, the account's guardrails
// and matrix profiles, the run and its state, the rules audit log and the rule
// preview. Permissions are per section: "edit/read top-bottom rules" (5) and
// "edit/read middle rules" (6), read for the lists and update for changes; the
// order needs "change rules order" (7); a run needs update on either section.
// The calls are thin: decode, check the section's permission, call the pricer's
// domain (package pricelens/pricer, imported as pricing), render. The results
// and approval grids are api/grid's (repricing/*, approval/*).
package pricer

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	pricing "pricelens/pricer"
	"pricelens/report"
	"pricelens/store"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// Permissions answers the per-section checks the route table cannot express.
type Permissions interface {
	Can(c echo.Context, p session.Principal, act authz.Action, code authz.Code) (bool, error)
}

// Handlers are the rule calls.
type Handlers struct {
	P     *pricing.Pricer
	Grid  *report.Service // the compiler's view of the account (rule checks, preview)
	Perms Permissions
}

// New returns the handlers over the databases.
func New(db *pgxpool.Pool, w *warehouse.Warehouse, perms Permissions) *Handlers {
	return &Handlers{P: pricing.New(store.New(db), w), Grid: report.NewService(w, db), Perms: perms}
}

// Routes are the rule calls' rows of the route table.
func Routes(h *Handlers) []route.Route {
	G, P := http.MethodGet, http.MethodPost
	read := route.AnyOf(authz.DynamicPricer, authz.Read)
	update := route.AnyOf(authz.DynamicPricer, authz.Update)
	R := func(m, p string, a route.Access, summary string, hd route.Handler) route.Route {
		return route.Route{Method: m, Path: p, Access: a, Summary: summary, Handler: hd}
	}
	return []route.Route{
		R(G, "/rules/prepareSourceSelectBox", read, "The rule dialog's source menu, the account's competitors and the aggregates", query(h.sourceBox)),
		R(G, "/rules/getAllRules", read, "The rules of the sections the caller may read, in run order", query(h.allRules)),
		R(P, "/rules/getRuleData", read, "One rule", body(h.ruleData)),
		R(P, "/rules/addRule", update, "Creates a rule (no groupId) or replaces rule groupId", body(h.addRule)),
		R(P, "/rules/removeRule", update, "Deletes a rule", body(h.removeRule)),
		R(P, "/rules/updateStatus", update, "Activates or deactivates a rule", body(h.updateStatus)),
		R(P, "/rules/reorder", route.Perm(authz.ChangeRulesOrder, authz.Update), "Puts the rules of one list in a new order", body(h.reorder)),
		R(P, "/rules/refreshRulesList", read, "The rules matching filterParams (section, rule_type, status, search)", body(h.refresh)),
		R(G, "/rules/targets", read, "The sections the caller may read with their rule types, and what the caller may change", query(h.targets)),
		R(P, "/rules/runRulebase", update, "Runs the active rules (or simulates them) as a background job; one run at a time per account", body(h.run)),
		R(G, "/rules/isRunProcess", read, "Whether a run is under way, and the latest run's state", query(h.runState)),
		R(G, "/rules/getGuardrails", read, "The account's guardrails", query(h.guardrails)),
		R(P, "/rules/saveGuardrails", route.Perm(authz.TopBottomRules, authz.Update), "Sets the account's guardrails, or copies a matrix profile's", body(h.saveGuardrails)),
		R(G, "/rules/getAuditLog", read, "The rules audit log, newest first: who, when, what, before and after", query(h.audit)),
		R(P, "/rules/preview", read, "A rule's live preview over its scope: products matched, changed, and the distribution of changes", body(h.preview)),
		R(G, "/rules/reprice_matrix_types", read, "The kinds of matrix profile", query(h.matrixTypes)),
		R(G, "/v1/site_reprice_matrix_profiles", read.OrToken(), "The matrix profiles: named guardrail presets", query(h.matrixProfiles)),
	}
}

// call is a handler in the caller's selected account.
type call[Req, Resp any] func(c echo.Context, p session.Principal, in Req) (Resp, error)

func inAccount[Req, Resp any](fn call[Req, Resp]) func(echo.Context, Req) (Resp, error) {
	return func(c echo.Context, in Req) (Resp, error) {
		p, err := session.Account(c)
		if err != nil {
			var none Resp
			return none, err
		}
		return fn(c, p, in)
	}
}

func body[Req, Resp any](fn call[Req, Resp]) route.Handler  { return route.JSON(inAccount(fn)) }
func query[Req, Resp any](fn call[Req, Resp]) route.Handler { return route.Query(inAccount(fn)) }

func actor(p session.Principal) store.Actor {
	return store.Actor{UserID: p.UserID, AccountID: p.AccountID}
}

// locked is the 403 of a missing permission (the same message as the middleware's).
var locked = &httperr.Error{Status: http.StatusForbidden, Code: "permission", Message: "Feature is locked for this user"}

// sectionCode is the permission of a section's rules.
func sectionCode(s engine.RuleSection) authz.Code {
	if s == engine.SectionMiddle {
		return authz.MiddleRules
	}
	return authz.TopBottomRules
}

func (h *Handlers) can(c echo.Context, p session.Principal, act authz.Action, s engine.RuleSection) (bool, error) {
	return h.Perms.Can(c, p, act, sectionCode(s))
}

func (h *Handlers) require(c echo.Context, p session.Principal, act authz.Action, s engine.RuleSection) error {
	ok, err := h.can(c, p, act, s)
	if err == nil && !ok {
		return locked
	}
	return err
}

// readable are the sections the caller may read.
func (h *Handlers) readable(c echo.Context, p session.Principal) ([]engine.RuleSection, error) {
	var out []engine.RuleSection
	for _, s := range []engine.RuleSection{engine.SectionTopBottom, engine.SectionMiddle} {
		ok, err := h.can(c, p, authz.Read, s)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, s)
		}
	}
	return out, nil
}

func (h *Handlers) sourceBox(c echo.Context, p session.Principal, _ struct{}) (SourceBox, error) {
	cs, err := h.P.Competitors(c.Request().Context(), p.AccountID)
	if err != nil {
		return SourceBox{}, err
	}
	comps := make([]Competitor, 0, len(cs))
	for _, cp := range cs {
		comps = append(comps, Competitor{ID: cp.ID, Name: cp.Name})
	}
	return SourceBox{Sources: engine.SourceOptions, Competitors: comps, Aggregates: engine.SourceAggregates}, nil
}

func (h *Handlers) list(c echo.Context, p session.Principal, f FilterParams) (Rules, error) {
	secs, err := h.readable(c, p)
	if err != nil {
		return Rules{}, err
	}
	filter := store.RuleFilter{Type: engine.RuleType(f.Type), Status: f.Status, Search: f.Search}
	for _, s := range secs {
		if f.Section == "" || string(s) == f.Section {
			filter.Sections = append(filter.Sections, s)
		}
	}
	rules, err := h.P.Rules(c.Request().Context(), p.AccountID, filter)
	return Rules{Rules: rules}, err
}

func (h *Handlers) allRules(c echo.Context, p session.Principal, q RulesQuery) (Rules, error) {
	return h.list(c, p, FilterParams{Section: q.Section, Type: q.Type})
}

func (h *Handlers) refresh(c echo.Context, p session.Principal, in RefreshIn) (Rules, error) {
	return h.list(c, p, in.FilterParams)
}

// rule reads one rule the caller may act on with act.
func (h *Handlers) rule(c echo.Context, p session.Principal, id int64, act authz.Action) (store.Rule, error) {
	r, err := h.P.Rule(c.Request().Context(), p.AccountID, id)
	if err != nil {
		return r, err
	}
	return r, h.require(c, p, act, r.Section)
}

func (h *Handlers) ruleData(c echo.Context, p session.Principal, in RuleID) (RuleOut, error) {
	r, err := h.rule(c, p, int64(in.GroupID), authz.Read)
	return RuleOut{Rule: r}, err
}

// account is the compiler's view of the caller's account (competitors, slots).
func (h *Handlers) account(ctx context.Context, p session.Principal) (engine.Account, error) {
	return h.Grid.Account(ctx, p)
}

func (h *Handlers) addRule(c echo.Context, p session.Principal, in RuleIn) (GroupIDOut, error) {
	ctx := c.Request().Context()
	if err := h.require(c, p, authz.Update, in.Section); err != nil {
		return GroupIDOut{}, err
	}
	var id int64
	if in.GroupID != nil {
		id = int64(*in.GroupID)
		if _, err := h.rule(c, p, id, authz.Update); err != nil {
			return GroupIDOut{}, err
		}
	}
	a, err := h.account(ctx, p)
	if err != nil {
		return GroupIDOut{}, err
	}
	id, err = h.P.SaveRule(ctx, actor(p), a, id, in.rule, in.fields())
	return GroupIDOut{GroupID: id}, err
}

func (h *Handlers) removeRule(c echo.Context, p session.Principal, in RuleID) (route.OK, error) {
	if _, err := h.rule(c, p, int64(in.GroupID), authz.Update); err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, h.P.DeleteRule(c.Request().Context(), actor(p), int64(in.GroupID))
}

func (h *Handlers) updateStatus(c echo.Context, p session.Principal, in StatusIn) (route.OK, error) {
	if _, err := h.rule(c, p, int64(in.GroupID), authz.Update); err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, h.P.SetRuleStatus(c.Request().Context(), actor(p), int64(in.GroupID), in.Status)
}

func (h *Handlers) reorder(c echo.Context, p session.Principal, in ReorderIn) (route.OK, error) {
	return route.OK{OK: true}, h.P.ReorderRules(c.Request().Context(), actor(p), in.Section, in.Type, in.Order.Int64s())
}

func (h *Handlers) targets(c echo.Context, p session.Principal, _ struct{}) (Targets, error) {
	secs, err := h.readable(c, p)
	if err != nil {
		return Targets{}, err
	}
	out := Targets{Targets: []Target{}}
	names := map[engine.RuleSection]string{engine.SectionTopBottom: "Top-bottom (price bounds)", engine.SectionMiddle: "Middle (target price)"}
	for _, s := range secs {
		edit, err := h.can(c, p, authz.Update, s)
		if err != nil {
			return out, err
		}
		out.Targets = append(out.Targets, Target{Section: s, Name: names[s], RuleTypes: engine.RuleTypes[s], CanEdit: edit})
		out.CanRun = out.CanRun || edit
	}
	out.CanReorder, err = h.Perms.Can(c, p, authz.Update, authz.ChangeRulesOrder)
	return out, err
}

// canRun: a run changes prices, so it needs update on either section (a viewer
// reads the rules and the results but cannot run).
func (h *Handlers) canRun(c echo.Context, p session.Principal) error {
	for _, s := range []engine.RuleSection{engine.SectionTopBottom, engine.SectionMiddle} {
		ok, err := h.can(c, p, authz.Update, s)
		if err != nil || ok {
			return err
		}
	}
	return locked
}

func (h *Handlers) run(c echo.Context, p session.Principal, in RunIn) (RunOut, error) {
	if err := h.canRun(c, p); err != nil {
		return RunOut{}, err
	}
	r, created, err := h.P.StartRun(c.Request().Context(), actor(p), in.IsSimulation)
	return RunOut{RunID: r.ID, Created: created}, err
}

func (h *Handlers) runState(c echo.Context, p session.Principal, _ struct{}) (RunState, error) {
	r, found, err := h.P.LatestRun(c.Request().Context(), p.AccountID)
	if err != nil || !found {
		return RunState{}, err
	}
	out := RunState{Running: pricing.Running(r), RunID: &r.ID, Status: r.Status,
		IsSimulation: r.IsSimulation, Error: r.Error, Products: r.Products, Changed: r.Changed, AutoApproved: r.AutoApproved, Pending: r.Pending}
	if r.FinishedAt != nil {
		s := r.FinishedAt.UTC().Format("2006-01-02T15:04:05Z")
		out.FinishedAt = &s
	}
	return out, nil
}

func (h *Handlers) guardrails(c echo.Context, p session.Principal, _ struct{}) (GuardrailsOut, error) {
	g, err := h.P.Guardrails(c.Request().Context(), p.AccountID)
	return GuardrailsOut{Guardrails: g}, err
}

func (h *Handlers) saveGuardrails(c echo.Context, p session.Principal, in GuardrailsIn) (GuardrailsOut, error) {
	if err := h.P.SaveGuardrails(c.Request().Context(), actor(p), in.g); err != nil {
		return GuardrailsOut{}, err
	}
	return h.guardrails(c, p, struct{}{})
}

func (h *Handlers) audit(c echo.Context, p session.Principal, q AuditQuery) (AuditOut, error) {
	rows, total, err := h.P.RuleAudit(c.Request().Context(), p.AccountID, q.Limit, q.Offset)
	return AuditOut{Rows: rows, LastRow: total}, err
}

func (h *Handlers) matrixTypes(c echo.Context, p session.Principal, _ struct{}) (MatrixTypes, error) {
	out := MatrixTypes{Types: []MatrixType{}}
	for _, t := range pricing.MatrixTypes() {
		out.Types = append(out.Types, MatrixType{ID: t.ID, Name: t.Name, Description: t.Description})
	}
	return out, nil
}

func (h *Handlers) matrixProfiles(c echo.Context, p session.Principal, _ struct{}) (MatrixProfiles, error) {
	out := MatrixProfiles{Profiles: []MatrixProfile{}}
	for _, m := range pricing.MatrixProfiles() {
		out.Profiles = append(out.Profiles, MatrixProfile{ID: m.ID, Name: m.Name, Type: m.Type, Guardrails: m.Guardrails})
	}
	return out, nil
}

// preview is the rule dialog's live preview (pricing.Pricer.Preview), for a
// caller who may read the rule's section.
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
	pv, err := h.P.Preview(ctx, a, cand)
	if err != nil {
		return PreviewOut{}, err
	}
	out := PreviewOut{Matched: pv.Matched, Decided: pv.Decided, Changed: pv.Changed, Distribution: make([]Bucket, 0, len(pv.Distribution)), Basis: pv.Basis}
	for _, b := range pv.Distribution {
		out.Distribution = append(out.Distribution, Bucket{From: b.From, To: b.To, Count: b.Count})
	}
	return out, nil
}
