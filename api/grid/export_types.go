package grid

import (
	"encoding/json"
	"strings"

	"pricelens/api/httperr"
	"pricelens/engine"
	"pricelens/report"
)

// The wire types of the export calls (docs/exports.md).

// ExportRequest is exportDataToCsv's {"condition", "selectAll", "toggledNodes"}:
// the grid condition (checked as getConditionsData checks it) and the grid's
// selection (docs/api-contract.md#the-grid-contract): selectAll with toggledNodes exports every matching row
// but those; toggledNodes alone exports those rows; neither exports every row.
type ExportRequest struct {
	Condition     json.RawMessage `json:"condition" required:"true"`
	SelectAll     bool            `json:"selectAll"`
	ToggledNodes  []string        `json:"toggledNodes"`
	cond          engine.Condition
	conditionJSON json.RawMessage
	sel           engine.Selection
}

// Validate parses the condition and keeps it as the object the job parses again.
func (r *ExportRequest) Validate() (err error) {
	if r.conditionJSON, err = conditionObject(r.Condition); err != nil {
		return err
	}
	if r.cond, err = engine.ParseCondition(r.conditionJSON); err != nil {
		return err
	}
	r.sel = engine.Selection{All: r.SelectAll, Toggled: r.ToggledNodes}
	return nil
}

// ExportStarted is exportDataToCsv's answer: the name the other export calls take.
type ExportStarted struct {
	ExportReportName string `json:"exportReportName" openapi:"always"`
}

// ReportNameRequest is {"reportName"} of getExportStatus, initialExportProcess and
// abortExport.
type ReportNameRequest struct {
	ReportName string `json:"reportName" required:"true"`
}

// Validate requires a name of the shape exportDataToCsv hands out.
func (r *ReportNameRequest) Validate() error { return checkExportName(r.ReportName) }

func checkExportName(n string) error {
	if n == "" {
		return httperr.BadRequest("reportName", "reportName is required (the exportReportName of exportDataToCsv)")
	}
	if len(n) > 64 || !strings.HasPrefix(n, "export_") || strings.Trim(n[len("export_"):], "0123456789abcdef") != "" {
		return report.ErrNoExport
	}
	return nil
}
