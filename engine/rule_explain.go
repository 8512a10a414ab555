package engine

import (
	"fmt"
	"math"
	"strings"
)

// "Why this price": a result's trace (the step columns of the run, rule_run.go)
// rendered as structured steps and one sentence, with the rules' names as the run
// saw them.

// RuleRef is a rule as a run recorded it, for its explanations.
type RuleRef struct {
	ID      int64       `json:"id" openapi:"always"`
	Name    string      `json:"name" openapi:"always"`
	Section RuleSection `json:"section" openapi:"always"`
	Type    RuleType    `json:"rule_type" openapi:"always"`
	Source  RuleSource  `json:"source" openapi:"always"`
	Adjust  RuleAdjust  `json:"adjust" openapi:"always"`
}

// Ref is the rule's RuleRef.
func (r Rule) Ref() RuleRef {
	return RuleRef{ID: r.ID, Name: r.Name, Section: r.Section, Type: r.Type, Source: r.Source, Adjust: r.Adjust}
}

// ResultTrace is one result's step columns (NaN: no value).
type ResultTrace struct {
	Price, Cost                 float64
	TRule, FRule, CRule         int64
	TSrc, Target                float64
	FSrc, Floor, CSrc, Ceiling  float64
	Clamped, Max, Round, Margin float64
	Recommended, ChangePct      float64
	Status                      string
}

// TraceOf reads a result's trace by step column name (TraceColumns but status;
// NaN: no value, and no rule for a rule column).
func TraceOf(num func(col string) float64, status string) ResultTrace {
	id := func(col string) int64 {
		if v := num(col); !math.IsNaN(v) {
			return int64(v)
		}
		return 0
	}
	return ResultTrace{Price: num("price"), Cost: num("cost"), TRule: id("t_rule"), FRule: id("f_rule"), CRule: id("c_rule"),
		TSrc: num("t_src"), Target: num("target"), FSrc: num("f_src"), Floor: num("floor"), CSrc: num("c_src"), Ceiling: num("ceiling"),
		Clamped: num("s_clamped"), Max: num("s_max"), Round: num("s_round"), Margin: num("s_margin"),
		Recommended: num("recommended_price"), ChangePct: num("change_pct"), Status: status}
}

// Step is one step of a result's explanation.
type Step struct {
	// Kind: target, floor, ceiling (a rule's value), clamp, max_change, rounding,
	// min_margin (a step that moved the price), no_change (why nothing changed).
	Kind        string      `json:"kind" openapi:"always"`
	RuleID      int64       `json:"rule_id,omitempty"`
	RuleName    string      `json:"rule_name,omitempty"`
	Source      string      `json:"source,omitempty"`       // the source in words
	SourceValue *float64    `json:"source_value,omitempty"` // before the adjustment
	Adjust      *RuleAdjust `json:"adjust,omitempty"`
	Value       *float64    `json:"value"` // the price after this step (the rule's value for rule steps)
	Text        string      `json:"text" openapi:"always"`
}

func num(f float64) *float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return &f
}

func money(f float64) string { return fmt.Sprintf("%.2f", f) }

// sourceText names a source: "my price", "the lowest in-stock price of Amazon".
func sourceText(s RuleSource, names map[int64]string) string {
	switch s.Kind {
	case SourceMyPrice:
		return "my price"
	case SourceMRP:
		return "the MRP"
	case SourceFixed:
		return "the fixed charge " + money(s.Amount)
	}
	agg := map[SourceAggregate]string{AggMin: "lowest", AggAvg: "average", AggMax: "highest"}[s.Aggregate]
	stock := ""
	if s.InStockOnly {
		stock = " in-stock"
	}
	if len(s.Competitors) != 1 {
		// Not "of 8 competitors": some of them may have no offer that counts for
		// the product (issue 29 found 7 offers where 8 were written).
		return fmt.Sprintf("the %s%s offer among %d chosen competitors", agg, stock, len(s.Competitors))
	}
	who := names[s.Competitors[0]]
	if who == "" {
		who = fmt.Sprintf("competitor %d", s.Competitors[0])
	}
	return "the " + agg + stock + " price of " + who
}

func adjustText(a RuleAdjust) string {
	var parts []string
	if a.Percent != 0 {
		parts = append(parts, fmt.Sprintf("%+g %%", a.Percent))
	}
	if a.Amount != 0 {
		parts = append(parts, fmt.Sprintf("%+.2f", a.Amount))
	}
	return strings.Join(parts, ", ")
}

// termWords name a contract's and an event's stand-in rule ids in a sentence.
var termWords = map[int64]string{ContractRuleID: "the product's contract", EventRuleID: "a planned event"}

// RuleLabel is what the results grid's Rule column shows for a rule id: the rule's
// name as the run saw it, "Event" or "Contract" for the stand-in ids of
// price_terms.go (never their numbers), "" for none.
func RuleLabel(id int64, rules map[int64]RuleRef) string {
	switch id {
	case 0:
		return ""
	case EventRuleID:
		return "Event"
	case ContractRuleID:
		return "Contract"
	}
	if r, ok := rules[id]; ok {
		return r.Name
	}
	return fmt.Sprintf("Rule %d", id)
}

// Explain renders a result's trace: the steps and the sentence.
func Explain(t ResultTrace, rules map[int64]RuleRef, g Guardrails, competitorNames map[int64]string) ([]Step, string) {
	var steps []Step
	var words []string
	ruleStep := func(kind string, id int64, src, val float64) {
		if id == 0 {
			return
		}
		// A contract's bound or an event's price (price_terms.go): no rule of the run.
		if term, ok := termWords[id]; ok {
			s := Step{Kind: kind, RuleID: id, RuleName: capitalize(term), SourceValue: num(src), Value: num(val),
				Text: fmt.Sprintf("%s %s from %s", kind, money(val), term)}
			steps = append(steps, s)
			words = append(words, s.Text)
			return
		}
		r := rules[id]
		s := Step{Kind: kind, RuleID: id, RuleName: r.Name, Source: sourceText(r.Source, competitorNames), SourceValue: num(src), Value: num(val)}
		if r.Adjust != (RuleAdjust{}) {
			adj := r.Adjust
			s.Adjust = &adj
		}
		switch {
		case math.IsNaN(src):
			s.Text = fmt.Sprintf("rule %q matches, but %s has no value", r.Name, s.Source)
		case s.Adjust != nil:
			s.Text = fmt.Sprintf("%s %s from rule %q (%s %s, %s)", kind, money(val), r.Name, s.Source, money(src), adjustText(r.Adjust))
		default:
			s.Text = fmt.Sprintf("%s %s from rule %q (%s)", kind, money(val), r.Name, s.Source)
		}
		steps = append(steps, s)
		words = append(words, s.Text)
	}
	ruleStep("target", t.TRule, t.TSrc, t.Target)
	ruleStep("floor", t.FRule, t.FSrc, t.Floor)
	ruleStep("ceiling", t.CRule, t.CSrc, t.Ceiling)
	if math.IsNaN(t.Target) || t.Price <= 0 {
		why := "no middle rule matches this product"
		switch {
		case t.Price <= 0:
			why = "the product has no current price"
		case t.TRule != 0:
			why = "the target rule's source has no value"
		}
		steps = append(steps, Step{Kind: "no_change", Value: num(t.Price), Text: "no change: " + why})
		return steps, capitalize(strings.Join(append(words, "no change: "+why), "; ")) + "."
	}
	moved := func(kind string, before, after float64, text string) {
		if math.Abs(after-before) < 1e-9 {
			return
		}
		steps = append(steps, Step{Kind: kind, Value: num(after), Text: text})
		words = append(words, text)
	}
	if t.Clamped > t.Target {
		moved("clamp", t.Target, t.Clamped, "raised to the floor "+money(t.Clamped))
	} else {
		moved("clamp", t.Target, t.Clamped, "lowered to the ceiling "+money(t.Clamped))
	}
	if g.MaxChangePct != nil {
		moved("max_change", t.Clamped, t.Max, fmt.Sprintf("limited to the maximum change of %g %% per run (%s)", *g.MaxChangePct, money(t.Max)))
	}
	if g.MinMarginPct != nil {
		moved("min_margin", t.Max, t.Margin, fmt.Sprintf("raised to the minimum margin of %g %% over cost %s (%s)", *g.MinMarginPct, money(t.Cost), money(t.Margin)))
	}
	// Rounding comes last and stays within the limits (rule_run.go steps).
	if len(g.RoundingEndings) > 0 {
		if math.Abs(t.Round-t.Margin) < 1e-9 && !g.endsAllowed(t.Round) {
			text := fmt.Sprintf("kept at %s unrounded: no allowed ending (%s) fits within the limits", money(t.Round), g.endingsText())
			steps = append(steps, Step{Kind: "rounding", Value: num(t.Round), Text: text})
			words = append(words, text)
		} else {
			moved("rounding", t.Margin, t.Round, "rounded to "+money(t.Round)+" within the limits")
		}
	}
	if t.Status == StatusNoChange {
		words = append(words, "no change: the recommended price equals the current price "+money(t.Price))
		steps = append(steps, Step{Kind: "no_change", Value: num(t.Price), Text: "the recommended price equals the current price"})
	} else {
		words = append(words, fmt.Sprintf("recommended %s (%+.2f %% from %s)", money(t.Recommended), t.ChangePct, money(t.Price)))
	}
	if t.Status == StatusMandated {
		words = append(words, "mandated: waits for manual approval")
		steps = append(steps, Step{Kind: "mandated", Value: num(t.Recommended), Text: "a mandated brand or FSN: never changed automatically"})
	}
	return steps, capitalize(strings.Join(words, "; ")) + "."
}

// endsAllowed is whether price ends in one of the allowed endings (to the cent).
func (g Guardrails) endsAllowed(price float64) bool {
	c := math.Round(price * 100)
	for _, e := range g.RoundingEndings {
		if math.Mod(c, 100) == math.Round(e*100) {
			return true
		}
	}
	return false
}

// endingsText lists the allowed endings as a user set them: ".49, .99".
func (g Guardrails) endingsText() string {
	out := make([]string, len(g.RoundingEndings))
	for i, e := range g.RoundingEndings {
		out[i] = strings.TrimPrefix(fmt.Sprintf("%.2f", e), "0")
	}
	return strings.Join(out, ", ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
