package grid

import (
	"encoding/json"
	"math"
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	"pricelens/report"
	"pricelens/store/authz"
)

// The dynamic pricer's results and simulation results grids (docs/pricer.md): the grid
// condition over one run's results (pricer_results), with "why this price" on
// every row. A reader sees the latest complete run of the kind (or the run asked
// for), so a run that fails or is under way never shows half its results.

// RepricingRoutes are the results grids' calls; they need read on the dynamic
// pricer (either rules section).
func RepricingRoutes(s *report.Service) []route.Route {
	h := &repricing{s: s}
	read := repricingRead
	return []route.Route{
		{Method: http.MethodPost, Path: "/repricing/getConditionsData", Access: read,
			Summary: "One block of a run's results (run: latest, simulation or a run id), each row with its explanation", Handler: route.JSON(h.rows)},
		{Method: http.MethodPost, Path: "/repricing/getCountOfRow", Access: read,
			Summary: "How many results match a condition, and with calculatePendingRow how many are pending", Handler: route.JSON(h.count)},
		{Method: http.MethodGet, Path: "/repricing/getColumnsDef", Access: read,
			Summary: "The results grid's column definitions", Handler: route.Query(h.columns)},
	}
}

// repricingRead is the results' access: read on either rules section.
var repricingRead = route.AnyOf(authz.DynamicPricer, authz.Read)

// ResultsRequest is getConditionsData's {"data": condition + run}.
type ResultsRequest struct {
	Data json.RawMessage `json:"data" required:"true"`
	rc   report.ResultsCondition
}

// Validate parses the condition and the run.
func (r *ResultsRequest) Validate() (err error) {
	r.rc, err = report.ParseResultsCondition("data", r.Data)
	return err
}

// ResultsCountRequest is getCountOfRow's {"conditionData", "calculatePendingRow"}.
type ResultsCountRequest struct {
	ConditionData       json.RawMessage `json:"conditionData" required:"true"`
	CalculatePendingRow bool            `json:"calculatePendingRow"`
	rc                  report.ResultsCondition
}

// Validate parses the condition and the run.
func (r *ResultsCountRequest) Validate() (err error) {
	r.rc, err = report.ParseResultsCondition("conditionData", r.ConditionData)
	return err
}

// ResultsCount is getCountOfRow's answer; pending only with calculatePendingRow.
type ResultsCount struct {
	Count   uint64  `json:"count" openapi:"always"`
	Pending *uint64 `json:"pending,omitempty"`
}

// ResultsBlock is one block of results: rows with id, price, floor, ceiling,
// target, recommended_price, change_pct, status, rule_id, rule_name, explanation (a
// sentence) and steps (the structured trace), plus the product columns; in group
// mode (group above the open groupIds) group rows: group_key, the key again under
// the group column's id, and products, changed, pending, auto_approved,
// avg_change_pct, min_change_pct, max_change_pct; and the run they come from
// (null: no complete run yet, no rows).
type ResultsBlock struct {
	Rows    []map[string]any `json:"rows" openapi:"always"`
	LastRow int              `json:"lastRow" openapi:"always"`
	RunID   *int64           `json:"run_id" openapi:"always"`
}

type repricing struct{ s *report.Service }

// RepricingExportRequest is repricing/exportDataToCsv's {"condition", "selectAll",
// "toggledNodes"}: a results condition (with its "run") and the grid's selection.
type RepricingExportRequest struct {
	Condition    json.RawMessage `json:"condition" required:"true"`
	SelectAll    bool            `json:"selectAll"`
	ToggledNodes []string        `json:"toggledNodes"`
	rc           report.ResultsCondition
}

// Validate parses the condition and the run.
func (r *RepricingExportRequest) Validate() (err error) {
	r.rc, err = report.ParseResultsCondition("condition", r.Condition)
	return err
}

// startRepricingExport is repricing/exportDataToCsv: an export (report/export.go) of the
// results the grid shows, pinned to that run (a run completing meanwhile does not
// change the file).
func (h *exportHandlers) startRepricingExport(c echo.Context, in RepricingExportRequest) (ExportStarted, error) {
	p, err := session.Account(c)
	if err != nil {
		return ExportStarted{}, err
	}
	run, found, err := h.x.S.Run(c.Request().Context(), p.AccountID, in.rc.Run)
	if err != nil {
		return ExportStarted{}, err
	}
	if !found {
		return ExportStarted{}, report.ErrNoResults
	}
	return h.startAs(c, in.Condition, map[string]any{"report_type": engine.RepricingReport, "run": run.ID}, engine.Selection{All: in.SelectAll, Toggled: in.ToggledNodes})
}

func (h *repricing) rows(c echo.Context, in ResultsRequest) (ResultsBlock, error) {
	ctx := c.Request().Context()
	p, err := session.Account(c)
	if err != nil {
		return ResultsBlock{}, err
	}
	a, err := h.s.AccountPlain(ctx, p)
	if err != nil {
		return ResultsBlock{}, err
	}
	run, found, err := h.s.Run(ctx, p.AccountID, in.rc.Run)
	if err != nil {
		return ResultsBlock{}, err
	}
	if !found {
		// The condition is still checked, so a bad one is a 400 before any run.
		_, err := engine.CompileResultRows(a, in.rc.Cond, 0, engine.ApprovalDecided{})
		return ResultsBlock{Rows: []map[string]any{}}, err
	}
	d, err := h.s.Decided(ctx, run, found)
	if err != nil {
		return ResultsBlock{}, err
	}
	plan, err := engine.CompileResultRows(a, in.rc.Cond, uint64(run.ResultID), d)
	if err != nil {
		return ResultsBlock{}, err
	}
	rows, last, groups, err := h.s.RunBlock(ctx, plan)
	if err != nil || groups {
		return ResultsBlock{Rows: rows, LastRow: last, RunID: &run.ID}, err
	}
	rules := map[int64]engine.RuleRef{}
	for _, r := range run.Rules {
		rules[r.ID] = r
	}
	names := map[int64]string{}
	for _, cp := range a.Competitors {
		names[cp.ID] = cp.Name
	}
	for _, r := range rows {
		tr := trace(r)
		steps, sentence := engine.Explain(tr, rules, run.Guardrails, names)
		for _, t := range engine.TraceColumns {
			delete(r, "_"+t)
		}
		r["explanation"], r["steps"] = sentence, steps
		r["rule_name"] = engine.RuleLabel(tr.TRule, rules) // the Rule column's words (rule_id stays for filters)
		r["currency_symbol"] = a.Settings.CurrencySymbol
	}
	if err := h.s.FillLabels(ctx, a, rows); err != nil {
		return ResultsBlock{}, err
	}
	return ResultsBlock{Rows: rows, LastRow: last, RunID: &run.ID}, nil
}

// trace reads a row's step columns ("_" + name; NULL is NaN).
func trace(r map[string]any) engine.ResultTrace {
	st, _ := r["_status"].(string)
	return engine.TraceOf(func(k string) float64 {
		switch v := r["_"+k].(type) {
		case float64:
			return v
		case uint64:
			return float64(v)
		}
		return math.NaN()
	}, st)
}

func (h *repricing) count(c echo.Context, in ResultsCountRequest) (ResultsCount, error) {
	ctx := c.Request().Context()
	p, err := session.Account(c)
	if err != nil {
		return ResultsCount{}, err
	}
	a, err := h.s.AccountPlain(ctx, p)
	if err != nil {
		return ResultsCount{}, err
	}
	run, found, err := h.s.Run(ctx, p.AccountID, in.rc.Run)
	if err != nil {
		return ResultsCount{}, err
	}
	d, err := h.s.Decided(ctx, run, found)
	if err != nil {
		return ResultsCount{}, err
	}
	st, err := engine.CompileResultCount(a, in.rc.Cond, uint64(run.ResultID), in.CalculatePendingRow, d)
	if err != nil || !found {
		out := ResultsCount{}
		if in.CalculatePendingRow {
			out.Pending = new(uint64)
		}
		return out, err
	}
	var out ResultsCount
	n, pending, err := h.s.RunCount(ctx, st)
	out.Count = n
	if in.CalculatePendingRow {
		out.Pending = &pending
	}
	return out, err
}

func (h *repricing) columns(c echo.Context, _ struct{}) (Columns, error) {
	p, err := session.Account(c)
	if err != nil {
		return Columns{}, err
	}
	a, err := h.s.AccountPlain(c.Request().Context(), p)
	if err != nil {
		return Columns{}, err
	}
	cols := toColumns(a, engine.ResultColumns())
	for i := range cols.Columns {
		cols.Columns[i].RepriceField = true
		cols.Columns[i].EnableRowGroup = engine.ResultGroupable(cols.Columns[i].ColID)
	}
	x := engine.ResultExplanation
	cols.Columns = append(cols.Columns, ColumnDef{HeaderName: x.Header, Field: x.ID, ColID: x.ID, FormatType: x.Format, DefaultColumn: x.Default, RepriceField: true})
	return cols, nil
}
