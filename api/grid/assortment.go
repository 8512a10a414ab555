package grid

import (
	"encoding/json"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/engine"
	"pricelens/report"
)

// The assortment reports' calls (docs/product.md §7: assortment/getConditionsData
// {data, tableName}, getCountOfRow {data}, getColumnsDef, getNameTooltipData);
// the definitions are engine/assortment.go's.

// AssortmentRequest is {"data": condition, "tableName": report type}; without a
// tableName the condition's report_type names the report.
type AssortmentRequest struct {
	Data      json.RawMessage `json:"data" required:"true"`
	TableName string          `json:"tableName"` // assortment, assortment_products, assortment_by_brand or assortment_by_category
	cond      engine.Condition
	kind      engine.AssortmentKind
}

// Validate parses the condition and the report.
func (r *AssortmentRequest) Validate() (err error) {
	if r.cond, err = parseCondition(r.Data); err != nil {
		return err
	}
	name := r.TableName
	if name == "" {
		name = r.cond.ReportType
	}
	r.kind, err = engine.ParseAssortment(name)
	return err
}

// AssortmentColumnsRequest is getColumnsDef's {"tableName"}.
type AssortmentColumnsRequest struct {
	TableName string `json:"tableName" required:"true"` // one of the assortment reports
	kind      engine.AssortmentKind
}

// Validate parses the report.
func (r *AssortmentColumnsRequest) Validate() (err error) {
	if r.TableName == "" {
		return httperr.BadRequest("tableName", "Choose an assortment report (assortment, assortment_products, assortment_by_brand or assortment_by_category).")
	}
	r.kind, err = engine.ParseAssortment(r.TableName)
	return err
}

func (h *handlers) assortmentData(c echo.Context, in AssortmentRequest) (report.Block, error) {
	a, err := h.accountFor(c, in.cond, false)
	if err != nil {
		return report.Block{}, err
	}
	return h.s.AssortmentRows(c.Request().Context(), a, in.cond, in.kind)
}

func (h *handlers) assortmentCount(c echo.Context, in AssortmentRequest) (Count, error) {
	a, err := h.accountFor(c, in.cond, true)
	if err != nil {
		return Count{}, err
	}
	n, err := h.s.AssortmentCount(c.Request().Context(), a, in.cond, in.kind)
	return Count{Count: n}, err
}

func (h *handlers) assortmentColumns(c echo.Context, in AssortmentColumnsRequest) (Columns, error) {
	a, err := h.account(c)
	if err != nil {
		return Columns{}, err
	}
	cols, err := engine.AssortmentColumns(a, in.kind)
	if err != nil {
		return Columns{}, err
	}
	return toColumns(a, cols), nil
}

// startAssortmentExport is assortment/exportDataToCsv: an export (report/export.go) of
// the report's condition, its report type set to the report.
func (h *exportHandlers) startAssortmentExport(c echo.Context, in AssortmentRequest) (ExportStarted, error) {
	return h.startAs(c, in.Data, map[string]any{"report_type": string(in.kind)}, engine.Selection{})
}

// startRealTimeExport is tabular/exportDataToCsvRealTime: every latest scan of the chosen competitors.
func (h *exportHandlers) startRealTimeExport(c echo.Context, in RealTimeRequest) (ExportStarted, error) {
	return h.startAs(c, json.RawMessage(`{}`), map[string]any{"report_type": engine.RealTimeReport, "competitorId": in.CompetitorsID.Int64s()}, engine.Selection{})
}

// startAs starts an export of condition with keys set over it, narrowed to sel.
func (h *exportHandlers) startAs(c echo.Context, condition json.RawMessage, keys map[string]any, sel engine.Selection) (ExportStarted, error) {
	obj, err := conditionObject(condition)
	if err != nil {
		return ExportStarted{}, err
	}
	m := map[string]any{}
	if err := json.Unmarshal(obj, &m); err != nil {
		return ExportStarted{}, httperr.BadRequest("data", "The condition must be a JSON object.")
	}
	for k, v := range keys {
		m[k] = v
	}
	req := ExportRequest{SelectAll: sel.All, ToggledNodes: sel.Toggled}
	if req.Condition, err = json.Marshal(m); err != nil {
		return ExportStarted{}, err
	}
	if err := req.Validate(); err != nil {
		return ExportStarted{}, err
	}
	return h.start(c, req)
}
