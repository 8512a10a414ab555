package grid

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/engine"
	pricing "pricelens/pricer"
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

// startRepricingExport is repricing/exportDataToCsv: an export (export.go) of the
// results the grid shows, pinned to that run (a run completing meanwhile does not
// change the file).
func (h *exportHandlers) startRepricingExport(c echo.Context, in RepricingExportRequest) (ExportStarted, error) {
	p, err := session.Account(c)
	if err != nil {
		return ExportStarted{}, err
	}
	run, found, err := h.x.S.Pricer().CompleteRun(c.Request().Context(), p.AccountID, in.rc.Run)
	if err != nil {
		return ExportStarted{}, err
	}
	if !found {
		return ExportStarted{}, report.PricerRefusal(pricing.ErrNoResults)
	}
	return h.startAs(c, in.Condition, map[string]any{"report_type": engine.RepricingReport, "run": run.ID}, engine.Selection{All: in.SelectAll, Toggled: in.ToggledNodes})
}

func (h *repricing) rows(c echo.Context, in ResultsRequest) (ResultsBlock, error) {
	p, err := session.Account(c)
	if err != nil {
		return ResultsBlock{}, err
	}
	b, err := h.s.Pricer().Results(c.Request().Context(), h.s.PricerReports(p), p.AccountID, in.rc.Cond, in.rc.Run)
	return ResultsBlock{Rows: b.Rows, LastRow: b.LastRow, RunID: b.RunID}, err
}

func (h *repricing) count(c echo.Context, in ResultsCountRequest) (ResultsCount, error) {
	p, err := session.Account(c)
	if err != nil {
		return ResultsCount{}, err
	}
	n, pending, err := h.s.Pricer().ResultsCount(c.Request().Context(), h.s.PricerReports(p), p.AccountID, in.rc.Cond, in.rc.Run, in.CalculatePendingRow)
	out := ResultsCount{Count: n}
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
