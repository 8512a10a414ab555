package engine

import (
	"slices"
	"strconv"
	"strings"
)

// The repricing results' CSV export (repricing/exportDataToCsv, docs/exports.md): the
// rows of one result set as the results grid shows them — its visible columns in
// grid order (the grid's defaults when none are named), filters, search, sort and
// selection — with "why this price" rendered in Go from each row's trace, as
// getConditionsData renders it.

// RepricingReport is the report type of a results export's stored condition; the
// condition's "run" is then the id of the run whose results it exports.
const RepricingReport = "repricing_results"

// ResultExplanation is the results grid's "why this price" column: the sentence
// of Explain, computed from the trace (no SQL column holds it).
var ResultExplanation = Column{ID: "explanation", Header: "Why this price", Kind: KindText, Format: "text", Default: true}

// ResultRun is what an export needs of a complete run: its result set, and the
// rules and guardrails it ran with (for the explanations).
type ResultRun struct {
	ResultID   uint64
	Rules      []RuleRef
	Guardrails Guardrails
	Decided    ApprovalDecided // a real run's decided records: the status column follows them
}

// CompileResultExport compiles every row of a results condition over run's result
// set for a CSV export.
func CompileResultExport(a Account, c Condition, sel Selection, run ResultRun) (Export, error) {
	if len(sel.Toggled) > MaxSelected {
		return Export{}, bad("toggledNodes", "has %d ids; at most %d are allowed", len(sel.Toggled), MaxSelected)
	}
	// The products of the condition (of the open groups, in group mode).
	c.StartRow, c.Limit = 0, 0
	a, cat, err := checkResultCondition(a, &c, run.Decided)
	if err != nil {
		return Export{}, err
	}
	defaults := append(append([]Column{}, cat.cols...), ResultExplanation)
	b := approvalBuilder(a, run.Decided)
	sym := func() string { return b.bind(a.Settings.CurrencySymbol) }
	var cells []cell
	var header []string
	labels, explain, rule := false, -1, -1
	for _, id := range exportColumns(c.VisibleColumns, defaults) {
		col, ok := cat.get(id)
		switch {
		case id == ResultExplanation.ID:
			header = append(header, ResultExplanation.Header)
			cells = append(cells, cell{format: cellEmpty})
			explain = len(cells) - 1
		case id == "rule_id":
			// The grid's words (RuleLabel), not the id: "Event" stands for 9007199254740990.
			header = append(header, col.Header)
			cells = append(cells, cell{format: cellEmpty})
			rule = len(cells) - 1
		case id == "labels" || id == "labelsNames":
			header = append(header, "Labels")
			if len(a.Labels) == 0 {
				cells = append(cells, cell{format: cellEmpty})
				continue
			}
			cells = append(cells, cell{"text", "__labels"})
			labels = true
		case id == "currency_symbol":
			header = append(header, "Currency")
			cells = append(cells, cell{format: cellSymbol})
		case ok && col.Expr != "":
			header = append(header, col.Header)
			cells = append(cells, cell{col.Format, col.Expr})
		default:
			return Export{}, bad("visibleColumns", "%q is not a column of the results", clip(id))
		}
	}
	out, formats := formatCells(cells, sym)
	var trailing []string
	if explain >= 0 || rule >= 0 {
		// The trace after the file's columns, in TraceColumns order.
		for _, t := range TraceColumns {
			name := "__c" + strconv.Itoa(len(out))
			if t == "status" {
				out = append(out, "CAST(status AS String) AS "+name)
				trailing = append(trailing, "")
			} else {
				out = append(out, "toFloat64("+t+") AS "+name)
				trailing = append(trailing, FormatNumber)
			}
		}
	}
	order := make([]string, 0, len(c.Sort)+1)
	for _, s := range c.Sort {
		col, _ := cat.get(s.ColID)
		order = append(order, col.Expr+" "+s.Sort.sql()+" NULLS LAST")
	}
	order = append(order, ColProductID+" ASC")
	w, err := resultWhere(b, a, cat, c, run.ResultID)
	if err != nil {
		return Export{}, err
	}
	w += selectionPredicate(b, sel)
	from := b.table(TablePricerResults) + " WHERE " + w
	if labels {
		from = "(SELECT * FROM " + from + ") AS lhs ANY LEFT JOIN " + labelNames(b, a) + " AS rhs USING " + ColProductID
	}
	st, err := b.statement("SELECT " + strings.Join(out, ", ") + " FROM " + from + " ORDER BY " + strings.Join(order, ", "))
	if err != nil {
		return Export{}, err
	}
	cb := newBuilder(a)
	cw, err := resultWhere(cb, a, cat, c, run.ResultID)
	if err != nil {
		return Export{}, err
	}
	cst, err := cb.statement("SELECT count() FROM " + cb.table(TablePricerResults) + " WHERE " + cw + selectionPredicate(cb, sel))
	if err != nil {
		return Export{}, err
	}
	e := Export{Statement: st, Header: header, Formats: formats, Count: cst}
	if trailing != nil {
		e.Trailing = trailing
		e.Computed = map[int]func(ExportRow) string{}
		if explain >= 0 {
			e.Computed[explain] = explainCell(a, run, len(cells))
		}
		if rule >= 0 {
			e.Computed[rule] = ruleCell(run, len(cells))
		}
	}
	return e, nil
}

// ruleCell renders a row's Rule column as the results grid shows it, from the
// trace's t_rule (the trace columns start at column first).
func ruleCell(run ResultRun, first int) func(ExportRow) string {
	rules, at := runRules(run), first+slices.Index(TraceColumns, "t_rule")
	return func(r ExportRow) string { return RuleLabel(int64(r.Float(at)), rules) }
}

// runRules are a run's rules by id.
func runRules(run ResultRun) map[int64]RuleRef {
	rules := make(map[int64]RuleRef, len(run.Rules))
	for _, r := range run.Rules {
		rules[r.ID] = r
	}
	return rules
}

// explainCell renders a row's explanation from its trace columns, which start at
// column first.
func explainCell(a Account, run ResultRun, first int) func(ExportRow) string {
	rules := runRules(run)
	names := make(map[int64]string, len(a.Competitors))
	for _, c := range a.Competitors {
		names[c.ID] = c.Name
	}
	at := make(map[string]int, len(TraceColumns))
	for i, t := range TraceColumns {
		at[t] = first + i
	}
	return func(r ExportRow) string {
		_, sentence := Explain(TraceOf(func(t string) float64 { return r.Float(at[t]) }, r.Text(at["status"])), rules, run.Guardrails, names)
		return sentence
	}
}
