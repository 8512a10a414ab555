package appstate

import (
	"strings"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/store"
)

// ScenarioIn is the body of PATCH /scenarios/{id}: the fields to change (absent:
// unchanged).
type ScenarioIn struct {
	Name            *string `json:"name"`             // at most 100 characters
	Description     *string `json:"description"`      // at most 1000 characters
	Icon            *int    `json:"icon"`             // 0 to 7
	BackgroundColor *string `json:"background_color"` // #1a2b3c (the # optional); "" unchanged
}

// Validate checks the fields that are present and normalizes them in place
// (trimmed name, colour with its #).
func (in *ScenarioIn) Validate() error { return in.check(false) }

// NewScenarioIn is the body of POST /scenarios: ScenarioIn with the name required.
type NewScenarioIn ScenarioIn

// Validate is ScenarioIn's with the name required.
func (in *NewScenarioIn) Validate() error { return (*ScenarioIn)(in).check(true) }

func (in *ScenarioIn) check(create bool) error {
	if in.Name != nil || create {
		n := ""
		if in.Name != nil {
			n = strings.TrimSpace(*in.Name)
		}
		if n == "" {
			return httperr.BadRequest("name", "Scenario name is required")
		}
		if len([]rune(n)) > 100 {
			return httperr.BadRequest("name", "Scenario name can't be longer than 100 characters")
		}
		in.Name = &n
	}
	if in.Description != nil && len([]rune(*in.Description)) > 1000 {
		return httperr.BadRequest("description", "Description can't be longer than 1000 characters")
	}
	if in.Icon != nil && (*in.Icon < 0 || *in.Icon > 7) {
		return httperr.BadRequest("icon", "Icon must be between 0 and 7")
	}
	if in.BackgroundColor != nil {
		if *in.BackgroundColor == "" {
			in.BackgroundColor = nil
		} else if !hashHexColor.MatchString(*in.BackgroundColor) {
			return httperr.BadRequest("background_color", "Background color must be a hex colour like #1a2b3c")
		} else {
			col := "#" + strings.TrimPrefix(*in.BackgroundColor, "#")
			in.BackgroundColor = &col
		}
	}
	return nil
}

// fields are the validated request as the store saves it (nil: unchanged).
func (in ScenarioIn) fields() store.ScenarioFields {
	f := store.ScenarioFields{Name: in.Name, Description: in.Description, BackgroundColor: in.BackgroundColor}
	if in.Icon != nil {
		i := int16(*in.Icon)
		f.Icon = &i
	}
	return f
}

// ScenarioOrderIn is the body of PUT /scenarios/reorder: the caller's scenario
// ids in their new order.
type ScenarioOrderIn struct {
	Order reqbody.IDs `json:"order" required:"true"`
}

// Validate refuses a reorder without an order (a client that forgot the list would
// otherwise get a silent no-op).
func (in ScenarioOrderIn) Validate() error {
	if in.Order == nil {
		return httperr.BadRequest("order", "order is required")
	}
	return nil
}

// AssociateIn is the body of PUT /scenarios/associate: moves a report into a
// scenario, or out of any with folder_id -1.
type AssociateIn struct {
	ReportID reqbody.ID  `json:"report_id" required:"true"`
	FolderID *reqbody.ID `json:"folder_id" required:"true"`
}

// Validate checks both ids.
func (in AssociateIn) Validate() error {
	if in.ReportID <= 0 {
		return httperr.BadRequest("report_id", "report_id must be a report id")
	}
	if in.FolderID == nil || (*in.FolderID < 1 && *in.FolderID != -1) {
		return httperr.BadRequest("folder_id", "folder_id must be a scenario id, or -1 for none")
	}
	return nil
}

// ReportStub is a report as a scenario listing shows it.
type ReportStub struct {
	ID         int64  `json:"id" openapi:"always"`
	ReportName string `json:"report_name" openapi:"always"`
	ReportType string `json:"report_type" openapi:"always"`
	ReportPath string `json:"report_path" openapi:"always"`
	FolderID   int64  `json:"folder_id" openapi:"always"` // -1: in no scenario
}

func toReportStub(r store.ReportStub) ReportStub { return ReportStub(r) }

// Scenario is a folder of the user's saved reports.
type Scenario struct {
	ID              int64        `json:"id" openapi:"always"`
	Name            string       `json:"name" openapi:"always"`
	Description     string       `json:"description" openapi:"always"`
	Icon            int16        `json:"icon" openapi:"always"`             // 0 to 7
	BackgroundColor string       `json:"background_color" openapi:"always"` // #aabbcc
	Order           int32        `json:"order" openapi:"always"`
	Reports         []ReportStub `json:"reports" openapi:"always"`
}

func toScenario(s store.Scenario) Scenario {
	return Scenario{ID: s.ID, Name: s.Name, Description: s.Description, Icon: s.Icon, BackgroundColor: s.BackgroundColor,
		Order: s.Order, Reports: list(s.Reports, toReportStub)}
}

// ScenarioOut is {"scenario"}.
type ScenarioOut struct {
	Scenario Scenario `json:"scenario" openapi:"always"`
}

// ScenariosOut is the answer of GET /scenarios: the caller's scenarios, and their
// reports in no scenario.
type ScenariosOut struct {
	Scenarios []Scenario   `json:"scenarios" openapi:"always"`
	Other     []ReportStub `json:"other" openapi:"always"`
}
