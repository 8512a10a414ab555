package pricer

import (
	"bytes"
	"encoding/json"
	"strings"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/engine"
	pricing "pricelens/pricer"
	"pricelens/store"
)

// The wire types of the rules calls (docs/pricer.md shapes; the specification's names).

// RuleIn is addRule's body: a new rule (no groupId) or the replacement of rule
// groupId. scope is a grid condition (filters, category tree, search).
type RuleIn struct {
	GroupID *reqbody.ID        `json:"groupId"`
	Name    string             `json:"name" required:"true"`
	Section engine.RuleSection `json:"section" required:"true"`
	Type    engine.RuleType    `json:"rule_type" required:"true"`
	Status  string             `json:"status"` // active (default) or inactive
	Scope   json.RawMessage    `json:"scope"`
	Source  engine.RuleSource  `json:"source" required:"true"`
	Adjust  engine.RuleAdjust  `json:"adjust"`
	rule    engine.Rule
}

// Validate checks the rule's fields with the engine's rule checks and parses its
// scope; the competitors and the scope's columns are checked against the account
// by the handler (engine.CheckRule).
func (in *RuleIn) Validate() error {
	if in.GroupID != nil && *in.GroupID <= 0 {
		return httperr.BadRequest("groupId", "groupId must be a rule id")
	}
	switch in.Status {
	case "":
		in.Status = store.RuleActive
	case store.RuleActive, store.RuleInactive:
	default:
		return httperr.BadRequest("status", "status must be active or inactive")
	}
	r := engine.Rule{Name: in.Name, Section: in.Section, Type: in.Type, Active: in.Status == store.RuleActive, Source: in.Source, Adjust: in.Adjust}
	if t := bytes.TrimSpace(in.Scope); len(t) > 0 && string(t) != "null" && string(t) != "{}" {
		c, err := engine.ParseCondition(in.Scope)
		if err != nil {
			if e, ok := err.(*engine.Error); ok {
				return &engine.Error{Field: "scope." + e.Field, Message: e.Message}
			}
			return err
		}
		r.Scope = c
	} else {
		in.Scope = json.RawMessage(`{}`)
	}
	if err := r.Validate(); err != nil {
		return err
	}
	in.Name, in.Source, in.rule = r.Name, r.Source, r
	return nil
}

func (in RuleIn) fields() store.RuleFields {
	return store.RuleFields{Name: in.Name, Section: in.Section, Type: in.Type, Status: in.Status, Scope: in.Scope, Source: in.Source, Adjust: in.Adjust}
}

// RuleID is {"groupId"} (getRuleData, removeRule).
type RuleID struct {
	GroupID reqbody.ID `json:"groupId" required:"true"`
}

// Validate refuses a missing id.
func (in RuleID) Validate() error {
	if in.GroupID <= 0 {
		return httperr.BadRequest("groupId", "groupId must be a rule id")
	}
	return nil
}

// StatusIn is updateStatus's {"groupId", "status"}.
type StatusIn struct {
	GroupID reqbody.ID `json:"groupId" required:"true"`
	Status  string     `json:"status" required:"true"`
}

// Validate checks the id and the status.
func (in *StatusIn) Validate() error {
	if in.GroupID <= 0 {
		return httperr.BadRequest("groupId", "groupId must be a rule id")
	}
	in.Status = strings.ToLower(strings.TrimSpace(in.Status))
	if in.Status != store.RuleActive && in.Status != store.RuleInactive {
		return httperr.BadRequest("status", "status must be active or inactive")
	}
	return nil
}

// ReorderIn is reorder's {"order": [groupIds], "section", "rule_type"}: the rules
// of one list in their new order (rule_type may be left out for middle).
type ReorderIn struct {
	Order   reqbody.IDs        `json:"order" required:"true"`
	Section engine.RuleSection `json:"section" required:"true"`
	Type    engine.RuleType    `json:"rule_type"`
}

// Validate checks the list and names the rule list.
func (in *ReorderIn) Validate() error {
	if !engine.ValidSection(in.Section) {
		return httperr.BadRequest("section", "section must be top_bottom or middle")
	}
	if in.Type == "" && in.Section == engine.SectionMiddle {
		in.Type = engine.RuleTarget
	}
	if !engine.ValidType(in.Section, in.Type) {
		return httperr.BadRequest("rule_type", "rule_type must be floor or ceiling in top_bottom, target in middle")
	}
	if in.Order == nil {
		return httperr.BadRequest("order", "order is required")
	}
	return nil
}

// RulesQuery is getAllRules's query: an optional section and rule_type.
type RulesQuery struct {
	Section string `query:"section"`
	Type    string `query:"rule_type"`
}

// Validate checks the names when given.
func (q RulesQuery) Validate() error {
	return FilterParams{Section: q.Section, Type: q.Type}.Validate()
}

// FilterParams narrow the rule lists (refreshRulesList's filterParams).
type FilterParams struct {
	Section string `json:"section"`
	Type    string `json:"rule_type"`
	Status  string `json:"status"`
	Search  string `json:"search"`
}

// Validate checks the closed names and the search's length.
func (f FilterParams) Validate() error {
	if f.Section != "" && !engine.ValidSection(engine.RuleSection(f.Section)) {
		return httperr.BadRequest("section", "section must be top_bottom or middle")
	}
	if f.Type != "" && f.Type != string(engine.RuleFloor) && f.Type != string(engine.RuleCeiling) && f.Type != string(engine.RuleTarget) {
		return httperr.BadRequest("rule_type", "rule_type must be floor, ceiling or target")
	}
	if f.Status != "" && f.Status != store.RuleActive && f.Status != store.RuleInactive {
		return httperr.BadRequest("status", "status must be active or inactive")
	}
	return engine.CheckSearch(f.Search)
}

// RefreshIn is refreshRulesList's {"filterParams"}.
type RefreshIn struct {
	FilterParams FilterParams `json:"filterParams"`
}

// Validate checks the filter.
func (in RefreshIn) Validate() error { return in.FilterParams.Validate() }

// Rule is a rule as the calls answer it.
type Rule = store.Rule

// Rules is the rule list.
type Rules struct {
	Rules []Rule `json:"rules" openapi:"always"`
}

// RuleOut is getRuleData's answer.
type RuleOut struct {
	Rule Rule `json:"rule" openapi:"always"`
}

// GroupIDOut is addRule's answer.
type GroupIDOut struct {
	GroupID int64 `json:"groupId" openapi:"always"`
}

// Competitor is one entry of the competitor menu.
type Competitor struct {
	ID   int64  `json:"id" openapi:"always"`
	Name string `json:"name" openapi:"always"`
}

// SourceBox is prepareSourceSelectBox's answer: the source menu (My price,
// Competitors, Fixed charge, MRP - CN), the account's competitors and the
// aggregates of a competitors source.
type SourceBox struct {
	Sources     []engine.SourceOption    `json:"sources" openapi:"always"`
	Competitors []Competitor             `json:"competitors" openapi:"always"`
	Aggregates  []engine.SourceAggregate `json:"aggregates" openapi:"always"`
}

// Target is one section with the rule types it sets.
type Target struct {
	Section   engine.RuleSection `json:"section" openapi:"always"`
	Name      string             `json:"name" openapi:"always"`
	RuleTypes []engine.RuleType  `json:"rule_types" openapi:"always"`
	CanEdit   bool               `json:"can_edit" openapi:"always"`
}

// Targets is targets's answer: the sections the caller may read.
type Targets struct {
	Targets    []Target `json:"targets" openapi:"always"`
	CanReorder bool     `json:"can_reorder" openapi:"always"`
	CanRun     bool     `json:"can_run" openapi:"always"`
}

// RunIn is runRulebase's {"isSimulation"}.
type RunIn struct {
	IsSimulation bool `json:"isSimulation"`
}

// RunOut is runRulebase's answer: the run (an already running one when a run was
// under way).
type RunOut struct {
	RunID   int64 `json:"run_id" openapi:"always"`
	Created bool  `json:"created" openapi:"always"` // false: a run was already under way
}

// RunState is isRunProcess's answer: the account's latest run.
type RunState struct {
	Running      bool    `json:"running" openapi:"always"`
	RunID        *int64  `json:"run_id" openapi:"always"`
	Status       string  `json:"status" openapi:"always"` // queued, running, complete, failed; "" no run yet
	IsSimulation bool    `json:"is_simulation" openapi:"always"`
	Error        string  `json:"error,omitempty"`
	FinishedAt   *string `json:"finished_at" openapi:"always"`
	Products     int64   `json:"products" openapi:"always"`
	Changed      int64   `json:"changed" openapi:"always"`
	AutoApproved int64   `json:"auto_approved" openapi:"always"`
	Pending      int64   `json:"pending" openapi:"always"`
}

// GuardrailsIn is saveGuardrails's body (absent fields: none / 0); matrix_profile,
// when given, fills every field from that profile.
type GuardrailsIn struct {
	MaxChangePct    *float64  `json:"max_change_pct,omitempty"`   // percent of the current price
	RoundingEndings []float64 `json:"rounding_endings,omitempty"` // price endings from 0 to 0.99
	MinMarginPct    *float64  `json:"min_margin_pct,omitempty"`   // percent over cost
	AutoApprovePct  float64   `json:"auto_approve_pct,omitempty"` // percent
	MatrixProfile   string    `json:"matrix_profile,omitempty"`
	g               engine.Guardrails
}

// Validate applies the profile and checks the numbers.
func (in *GuardrailsIn) Validate() error {
	in.g = engine.Guardrails{MaxChangePct: in.MaxChangePct, RoundingEndings: in.RoundingEndings, MinMarginPct: in.MinMarginPct,
		AutoApprovePct: in.AutoApprovePct}
	if in.MatrixProfile != "" {
		p, ok := pricing.Profile(in.MatrixProfile)
		if !ok {
			return httperr.BadRequest("matrix_profile", "%q is not a matrix profile", in.MatrixProfile)
		}
		in.g = p.Guardrails
	}
	return in.g.Validate()
}

// GuardrailsOut is the account's guardrails.
type GuardrailsOut struct {
	Guardrails engine.Guardrails `json:"guardrails" openapi:"always"`
}

// AuditQuery pages the rules audit log.
type AuditQuery struct {
	Limit  int `query:"limit"`
	Offset int `query:"offset"`
}

// Validate bounds the page.
func (q *AuditQuery) Validate() error {
	if q.Limit == 0 {
		q.Limit = 100
	}
	if q.Limit < 1 || q.Limit > 1000 {
		return httperr.BadRequest("limit", "limit must be between 1 and 1000")
	}
	if q.Offset < 0 {
		return httperr.BadRequest("offset", "offset must be 0 or more")
	}
	return nil
}

// AuditOut is one page of the rules audit log, newest first.
type AuditOut struct {
	Rows    []store.RuleAuditEntry `json:"rows" openapi:"always"`
	LastRow int                    `json:"lastRow" openapi:"always"`
}

// PreviewIn is preview's body: an unsaved rule (addRule's shape; with groupId it
// stands in for that saved rule).
type PreviewIn struct {
	RuleIn
}

// Bucket is one bar of the preview's distribution of changes (percent, from
// included, to excluded; null: unbounded).
type Bucket struct {
	From  *float64 `json:"from" openapi:"always"`
	To    *float64 `json:"to" openapi:"always"`
	Count uint64   `json:"count" openapi:"always"`
}

// PreviewOut is the rule's live preview over its scope with the account's other
// rules and guardrails: products matched, those whose list the rule decides, those
// whose price would change, and the distribution of the changes. Basis says how
// it was computed (the same answer either way): "latest_run" from the latest run's
// per-product results, the inputs being the same; "rules" by evaluating every rule.
type PreviewOut struct {
	Matched      uint64   `json:"matched" openapi:"always"`
	Decided      uint64   `json:"decided" openapi:"always"`
	Changed      uint64   `json:"changed" openapi:"always"`
	Distribution []Bucket `json:"distribution" openapi:"always"`
	Basis        string   `json:"basis" openapi:"always"`
}

// The bases of a preview (PreviewOut.Basis).
const (
	BasisLatestRun = pricing.BasisLatestRun
	BasisRules     = pricing.BasisRules
)

// MatrixType is one kind of matrix profile.
type MatrixType struct {
	ID          string `json:"id" openapi:"always"`
	Name        string `json:"name" openapi:"always"`
	Description string `json:"description" openapi:"always"`
}

// MatrixTypes is reprice_matrix_types's answer.
type MatrixTypes struct {
	Types []MatrixType `json:"types" openapi:"always"`
}

// MatrixProfile is a named guardrail preset.
type MatrixProfile struct {
	ID         string            `json:"id" openapi:"always"`
	Name       string            `json:"name" openapi:"always"`
	Type       string            `json:"type" openapi:"always"`
	Guardrails engine.Guardrails `json:"guardrails" openapi:"always"`
}

// MatrixProfiles is site_reprice_matrix_profiles's answer.
type MatrixProfiles struct {
	Profiles []MatrixProfile `json:"profiles" openapi:"always"`
}
