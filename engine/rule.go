package engine

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// The dynamic pricer's rule model (docs/pricer.md). A rule's product scope is a grid
// condition, compiled by the same predicate builder as the grid's filters; its
// source, adjustment and the account's guardrails are closed vocabularies and
// numbers, printed by the run's compiler as literals only after Validate.

// RuleSection is the rule list a rule belongs to.
type RuleSection string

const (
	SectionTopBottom RuleSection = "top_bottom" // price bounds: floor and ceiling rules
	SectionMiddle    RuleSection = "middle"     // the target price
)

// RuleType is what a rule sets.
type RuleType string

const (
	RuleFloor   RuleType = "floor"
	RuleCeiling RuleType = "ceiling"
	RuleTarget  RuleType = "target"
)

// RuleTypes are the rule types of each section, in display order.
var RuleTypes = map[RuleSection][]RuleType{SectionTopBottom: {RuleFloor, RuleCeiling}, SectionMiddle: {RuleTarget}}

// SourceKind is where a rule's price comes from.
type SourceKind string

const (
	SourceMyPrice     SourceKind = "my_price"
	SourceCompetitors SourceKind = "competitors"
	SourceFixed       SourceKind = "fixed"
	SourceMRP         SourceKind = "mrp"
)

// SourceOption is one entry of the rule dialog's source menu (the specification's
// names: My price, Competitors, Fixed charge, MRP - CN).
type SourceOption struct {
	ID   SourceKind `json:"id" openapi:"always"`
	Name string     `json:"name" openapi:"always"`
}

// SourceOptions are the source menu's entries in the specification's order.
var SourceOptions = []SourceOption{
	{SourceMyPrice, "My price"}, {SourceCompetitors, "Competitors"}, {SourceFixed, "Fixed charge"}, {SourceMRP, "MRP - CN"},
}

// SourceAggregate combines the chosen competitors' prices.
type SourceAggregate string

const (
	AggMin SourceAggregate = "min"
	AggAvg SourceAggregate = "avg"
	AggMax SourceAggregate = "max"
)

// SourceAggregates in display order.
var SourceAggregates = []SourceAggregate{AggMin, AggAvg, AggMax}

// RuleSource is a rule's price source (a request may leave out what its kind does
// not use, so only kind is required in the document). Competitors, Aggregate and InStockOnly
// apply to the competitors source, Amount to the fixed one; other sources ignore
// them (Normalize clears them, as the dialog does).
type RuleSource struct {
	Kind        SourceKind      `json:"kind" openapi:"always"`
	Competitors []int64         `json:"competitors"`
	Aggregate   SourceAggregate `json:"aggregate"`
	InStockOnly bool            `json:"in_stock_only"`
	Amount      float64         `json:"amount"`
}

// RuleAdjust moves the source value: first by Percent (of it), then by Amount.
type RuleAdjust struct {
	Percent float64 `json:"percent"`
	Amount  float64 `json:"amount"`
}

// Rule is one rule as the run compiles it. Scope is its product scope (filters,
// category tree, search); paging, sort, groups and report type do not apply.
type Rule struct {
	ID      int64
	Name    string
	Section RuleSection
	Type    RuleType
	Active  bool
	Scope   Condition
	Source  RuleSource
	Adjust  RuleAdjust
}

// Limits of a rule.
const (
	MaxRuleName       = 100
	MaxRuleCompetitor = 100
	MaxAdjustPercent  = 1000 // ± percent
	MaxPrice          = 1e9  // fixed amounts and adjustment amounts
	MaxRoundings      = 5
)

// ValidSection reports a known section.
func ValidSection(s RuleSection) bool { return s == SectionTopBottom || s == SectionMiddle }

// ValidType reports whether t is a rule type of section s.
func ValidType(s RuleSection, t RuleType) bool {
	for _, x := range RuleTypes[s] {
		if x == t {
			return true
		}
	}
	return false
}

// finite reports a usable number (JSON cannot carry NaN, Go callers can).
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// Normalize clears what the source kind does not use (a non-competitor source
// clears the competitors, as the dialog's menu does) and defaults the aggregate.
func (s *RuleSource) Normalize() {
	if s.Kind != SourceCompetitors {
		s.Competitors, s.Aggregate, s.InStockOnly = []int64{}, "", false
	} else if s.Aggregate == "" {
		s.Aggregate = AggMin
	}
	if s.Kind != SourceFixed {
		s.Amount = 0
	}
	if s.Competitors == nil {
		s.Competitors = []int64{}
	}
}

// Validate checks a rule's own fields (everything but the scope's column ids and
// the competitors' existence, which need the account: CheckRule).
func (r *Rule) Validate() error {
	r.Name = strings.TrimSpace(r.Name)
	if r.Name == "" {
		return bad("name", "Rule name is required")
	}
	if utf8.RuneCountInString(r.Name) > MaxRuleName {
		return bad("name", "Rule name can't be longer than %d characters", MaxRuleName)
	}
	if !ValidSection(r.Section) {
		return bad("section", "must be top_bottom or middle, not %q", clip(string(r.Section)))
	}
	if !ValidType(r.Section, r.Type) {
		if r.Section == SectionTopBottom {
			return bad("rule_type", "A top-bottom rule is a floor or a ceiling, not %q", clip(string(r.Type)))
		}
		return bad("rule_type", "A middle rule sets the target, not %q", clip(string(r.Type)))
	}
	r.Source.Normalize()
	s := r.Source
	switch s.Kind {
	case SourceMyPrice, SourceMRP:
	case SourceCompetitors:
		if len(s.Competitors) == 0 {
			return bad("source.competitors", "Choose at least one competitor for a competitors source")
		}
		if len(s.Competitors) > MaxRuleCompetitor {
			return bad("source.competitors", "has %d competitors; at most %d are allowed", len(s.Competitors), MaxRuleCompetitor)
		}
		seen := map[int64]bool{}
		for i, c := range s.Competitors {
			if c <= 0 {
				return bad(fmt.Sprintf("source.competitors[%d]", i), "%d is not a competitor id", c)
			}
			if seen[c] {
				return bad(fmt.Sprintf("source.competitors[%d]", i), "competitor %d is chosen twice", c)
			}
			seen[c] = true
		}
		if s.Aggregate != AggMin && s.Aggregate != AggAvg && s.Aggregate != AggMax {
			return bad("source.aggregate", "must be min, avg or max, not %q", clip(string(s.Aggregate)))
		}
	case SourceFixed:
		if !finite(s.Amount) || s.Amount <= 0 || s.Amount > MaxPrice {
			return bad("source.amount", "A fixed charge must be a price above 0 (at most %g)", float64(MaxPrice))
		}
	case "":
		return bad("source.kind", "Choose a source: My price, Competitors, Fixed charge or MRP - CN")
	default:
		return bad("source.kind", "must be my_price, competitors, fixed or mrp, not %q", clip(string(s.Kind)))
	}
	if !finite(r.Adjust.Percent) || math.Abs(r.Adjust.Percent) > MaxAdjustPercent || r.Adjust.Percent <= -100 {
		return bad("adjust.percent", "must be between -100 (excluded) and %d", MaxAdjustPercent)
	}
	if !finite(r.Adjust.Amount) || math.Abs(r.Adjust.Amount) > MaxPrice {
		return bad("adjust.amount", "must be between -%g and %g", float64(MaxPrice), float64(MaxPrice))
	}
	return r.Scope.validateScope()
}

// validateScope is Condition.Validate for a rule scope: paging, sort and groups do
// not apply to a scope and are dropped.
func (c *Condition) validateScope() error {
	c.StartRow, c.Limit, c.Sort, c.Group, c.GroupIDs, c.VisibleColumns = 0, 0, nil, nil, nil, nil
	c.ReportType = ""
	if err := c.Validate(); err != nil {
		if e, ok := err.(*Error); ok {
			return &Error{Field: "scope." + e.Field, Message: e.Message}
		}
		return err
	}
	return nil
}

// CheckRule checks r against the account: its competitors exist and its scope's
// filters name columns of the products grid (compiling it is the check).
func CheckRule(a Account, r Rule) error {
	if err := r.Validate(); err != nil {
		return err
	}
	a = a.normalize()
	for i, c := range r.Source.Competitors {
		if _, ok := a.competitor(c); !ok {
			return bad(fmt.Sprintf("source.competitors[%d]", i), "%d is not a competitor of this account", c)
		}
	}
	b := &builder{}
	if _, err := scopePredicate(b, a, r.Scope); err != nil {
		if e, ok := err.(*Error); ok {
			return &Error{Field: "scope." + e.Field, Message: e.Message}
		}
		return err
	}
	return nil
}

// Guardrails are the account's limits on every recommendation (docs/pricer.md). The
// zero value is the default: no maximum change, no rounding, no minimum margin,
// auto-approve threshold 0 %.
type Guardrails struct {
	MaxChangePct    *float64  `json:"max_change_pct"`   // percent of the current price; nil: none
	RoundingEndings []float64 `json:"rounding_endings"` // price endings in [0, 1); empty: no rounding
	MinMarginPct    *float64  `json:"min_margin_pct"`   // percent over cost; nil: none
	AutoApprovePct  float64   `json:"auto_approve_pct" openapi:"always"`
	MatrixProfile   string    `json:"matrix_profile" openapi:"always"` // the profile they came from, "" none
}

// Validate checks the guardrails' numbers and sorts the endings.
func (g *Guardrails) Validate() error {
	if g.MaxChangePct != nil && (!finite(*g.MaxChangePct) || *g.MaxChangePct <= 0 || *g.MaxChangePct > MaxAdjustPercent) {
		return bad("max_change_pct", "Maximum change per run must be a percent above 0 (at most %d), or empty for none", MaxAdjustPercent)
	}
	if g.MinMarginPct != nil && (!finite(*g.MinMarginPct) || *g.MinMarginPct < 0 || *g.MinMarginPct > MaxAdjustPercent) {
		return bad("min_margin_pct", "Minimum margin must be a percent from 0 to %d, or empty for none", MaxAdjustPercent)
	}
	if !finite(g.AutoApprovePct) || g.AutoApprovePct < 0 || g.AutoApprovePct > MaxAdjustPercent {
		return bad("auto_approve_pct", "Auto-approve threshold must be a percent from 0 to %d", MaxAdjustPercent)
	}
	if len(g.RoundingEndings) > MaxRoundings {
		return bad("rounding_endings", "has %d endings; at most %d are allowed", len(g.RoundingEndings), MaxRoundings)
	}
	seen := map[float64]bool{}
	out := []float64{}
	for i, e := range g.RoundingEndings {
		if !finite(e) || e < 0 || e >= 1 {
			return bad(fmt.Sprintf("rounding_endings[%d]", i), "A price ending is a number from 0 to 0.99 (e.g. 0.99 or 0.49)")
		}
		e = math.Round(e*100) / 100
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	sortFloats(out)
	g.RoundingEndings = out
	return nil
}

func sortFloats(f []float64) {
	for i := 1; i < len(f); i++ {
		for j := i; j > 0 && f[j] < f[j-1]; j-- {
			f[j], f[j-1] = f[j-1], f[j]
		}
	}
}
