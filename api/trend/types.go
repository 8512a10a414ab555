package trend

import (
	"encoding/json"
	"errors"
	"fmt"

	"pricelens/api/grid"
	"pricelens/api/httperr"
	"pricelens/engine"
	trends "pricelens/trend"
)

// The wire types of the trend calls (docs/trends.md, docs/product.md §7). The trend's
// data is the grid condition plus report_name, dates, competitorId, weightBy,
// compareTo, comparisonValues, group (and product_id for PDP_price_trend); it
// travels as an object or the same object encoded as a JSON string, and the
// engine parses it (engine.ParseTrend), whose errors name the bad part.

// DataRequest is {"data": D} (getConditionsData, getCountOfRow).
type DataRequest struct {
	Data  json.RawMessage `json:"data" required:"true"`
	trend engine.Trend
}

// Validate parses the trend condition.
func (r *DataRequest) Validate() (err error) {
	r.trend, err = parseTrend("data", r.Data)
	return err
}

func parseTrend(field string, raw json.RawMessage) (engine.Trend, error) {
	t, err := trends.ParseCondition(raw)
	if errors.Is(err, trends.ErrNotJSON) {
		return t, httperr.BadRequest(field, "%s is not valid JSON", field)
	}
	return t, err
}

// Rows is getConditionsData's answer (trends.Rows).
type Rows = trends.Rows

// Count is getCountOfRow's answer: how many rows getConditionsData answers.
type Count struct {
	Count int `json:"count" openapi:"always"`
}

// ColumnsRequest is getColumnsDef's {"reportId", "tableName", "isShareLink"}:
// tableName is the trend report (price_trend, ..., PDP_price_trend); reportId a
// saved report id or, with isShareLink, a share-link id (optional; a saved or
// shared trend report's own type wins over tableName).
type ColumnsRequest struct {
	ReportID    json.RawMessage    `json:"reportId"`
	TableName   string             `json:"tableName" required:"true"`
	IsShareLink bool               `json:"isShareLink"`
	report      engine.TrendReport `json:"-"`
	ref         string
}

// Validate reads the table name and the report id (a string or a number).
func (r *ColumnsRequest) Validate() (err error) {
	if r.report, err = engine.ParseTrendReport(r.TableName); err != nil {
		return err
	}
	ref, ok := grid.ReportRef(r.ReportID)
	if !ok {
		return httperr.BadRequest("reportId", "reportId must be a saved report id or a share-link id")
	}
	r.ref = ref
	return nil
}

// CustomField is one custom field a trend can add as a line.
type CustomField struct {
	LogicalName string `json:"logical_name" openapi:"always"`
	DisplayName string `json:"display_name" openapi:"always"`
}

// CustomFieldList is getLowerCfList's answer: the account's custom fields and how
// many extra lines a trend may show.
type CustomFieldList struct {
	CustomFields []CustomField `json:"customFields" openapi:"always"`
	MaxLines     int           `json:"maxLines" openapi:"always"`
}

// LowerCfRequest is getLowerCfData's {"condition", "customField"}: the trend
// condition (as in getConditionsData's data) and the custom field's logical name.
type LowerCfRequest struct {
	Condition   json.RawMessage `json:"condition" required:"true"`
	CustomField string          `json:"customField" required:"true"`
	trend       engine.Trend
}

// Validate parses the condition; the field is checked against the account's.
func (r *LowerCfRequest) Validate() (err error) {
	if r.CustomField == "" {
		return httperr.BadRequest("customField", "Choose a custom field")
	}
	r.trend, err = parseTrend("condition", r.Condition)
	return err
}

// PivotColumn is one column of the client-side export: the row key and its header.
type PivotColumn struct {
	Field      string `json:"field" required:"true"`
	HeaderName string `json:"headerName"`
}

// ExportRequest is exportDataInClientSide's {"rowData", "pivotColumns"}: the rows
// the screen shows and the columns to export, in order.
type ExportRequest struct {
	RowData      []map[string]any `json:"rowData" required:"true"`
	PivotColumns []PivotColumn    `json:"pivotColumns" required:"true"`
}

// Export limits: a trend table has at most a row per day of 3 years (per group
// for competitiveness metrics), and a column per competitor.
const (
	maxExportRows    = 200_000
	maxExportColumns = 500
)

// Validate bounds the table.
func (r *ExportRequest) Validate() error {
	if len(r.RowData) > maxExportRows {
		return httperr.BadRequest("rowData", "has %d rows; at most %d can be exported", len(r.RowData), maxExportRows)
	}
	if len(r.PivotColumns) == 0 {
		return httperr.BadRequest("pivotColumns", "Choose at least one column to export")
	}
	if len(r.PivotColumns) > maxExportColumns {
		return httperr.BadRequest("pivotColumns", "has %d columns; at most %d can be exported", len(r.PivotColumns), maxExportColumns)
	}
	for i, c := range r.PivotColumns {
		if c.Field == "" {
			return httperr.BadRequest(fmt.Sprintf("pivotColumns[%d].field", i), "pivotColumns[%d] names no field", i)
		}
	}
	return nil
}

// ExportTable is exportDataInClientSide's answer: the header names and a row of
// cells per row, in the requested column order (missing keys are empty).
type ExportTable struct {
	Columns []string `json:"columns" openapi:"always"`
	Data    [][]any  `json:"data" openapi:"always"`
}
