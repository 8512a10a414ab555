package appstate

import (
	"encoding/json"
	"strings"
	"time"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/store"
)

// ReportIn is the body of insertSaveReport: a saved report's fields. The JSON
// fields are the webapp's grid state, stored as sent.
type ReportIn struct {
	ReportName            string          `json:"report_name" required:"true"`
	ReportType            string          `json:"report_type" required:"true"`
	ReportPath            string          `json:"report_path"`
	PageTitle             string          `json:"page_title"`
	Filters               json.RawMessage `json:"filters"`  // an object
	Ordering              json.RawMessage `json:"ordering"` // a list
	VisibleColumns        json.RawMessage `json:"visible_columns"`
	ColumnsIndex          json.RawMessage `json:"columns_index"`
	GroupMode             json.RawMessage `json:"group_mode"`
	CompetitorsVisibility json.RawMessage `json:"competitors_visibility"`
	DistributionWeightsCF string          `json:"distribution_weights_cf"`
	FolderID              *reqbody.ID     `json:"folder_id"` // a scenario id; -1, 0 or absent: none
	Chart                 bool            `json:"chart"`
	SelectedRows          json.RawMessage `json:"selected_rows"`
	Dates                 json.RawMessage `json:"dates"` // an object
	CompareTo             string          `json:"compareTo"`
	ComparisonValues      json.RawMessage `json:"comparisonValues"`
	ConstantReport        bool            `json:"constantReport"`
	Condition             json.RawMessage `json:"condition"` // an object
}

// Validate applies the specification's report-name rules (and trims the name),
// and bounds every other field: the JSON ones by kind and size, the text ones by length.
func (in *ReportIn) Validate() error {
	name, err := validReportName(in.ReportName)
	if err != nil {
		return err
	}
	in.ReportName = name
	if strings.TrimSpace(in.ReportType) == "" {
		return httperr.BadRequest("report_type", "report_type is required")
	}
	for _, t := range []struct {
		f    string
		raw  json.RawMessage
		kind byte
	}{{"filters", in.Filters, '{'}, {"ordering", in.Ordering, '['}, {"dates", in.Dates, '{'}, {"condition", in.Condition, '{'}} {
		if err := jsonKind(t.f, t.raw, t.kind); err != nil {
			return err
		}
	}
	for f, raw := range map[string]json.RawMessage{"visible_columns": in.VisibleColumns, "columns_index": in.ColumnsIndex,
		"group_mode": in.GroupMode, "competitors_visibility": in.CompetitorsVisibility, "selected_rows": in.SelectedRows,
		"comparisonValues": in.ComparisonValues} {
		if err := jsonLimits(f, raw); err != nil {
			return err
		}
	}
	for f, s := range map[string]string{"report_type": in.ReportType, "report_path": in.ReportPath, "page_title": in.PageTitle,
		"distribution_weights_cf": in.DistributionWeightsCF, "compareTo": in.CompareTo} {
		if len(s) > 500 {
			return httperr.BadRequest(f, "%s can't be longer than 500 characters.", f)
		}
	}
	return nil
}

// fields are the validated request as the store saves it.
func (in ReportIn) fields() store.ReportFields {
	folder := int64(-1)
	if in.FolderID != nil && *in.FolderID > 0 {
		folder = int64(*in.FolderID)
	}
	return store.ReportFields{ReportName: in.ReportName, ReportType: in.ReportType, ReportPath: in.ReportPath, PageTitle: in.PageTitle,
		DistributionWeightsCF: in.DistributionWeightsCF, CompareTo: in.CompareTo, Filters: in.Filters, Ordering: in.Ordering,
		VisibleColumns: in.VisibleColumns, ColumnsIndex: in.ColumnsIndex, GroupMode: in.GroupMode,
		CompetitorsVisibility: in.CompetitorsVisibility, SelectedRows: in.SelectedRows, Dates: in.Dates,
		ComparisonValues: in.ComparisonValues, Condition: in.Condition, FolderID: folder, Chart: in.Chart,
		ConstantReport: in.ConstantReport}
}

// ReportUpdateIn is the body of updateSaveReport: the report's id and all its fields.
type ReportUpdateIn struct {
	ID reqbody.ID `json:"id" required:"true"`
	ReportIn
}

// Validate checks the id, then the fields.
func (in *ReportUpdateIn) Validate() error {
	if in.ID <= 0 {
		return httperr.BadRequest("id", "id must be a report id")
	}
	return in.ReportIn.Validate()
}

// ReportOpenIn is the body of getSaveReport: a report id, or with isShareLink a
// share-link id (a string).
type ReportOpenIn struct {
	ID          json.RawMessage `json:"id" required:"true"` // a report id (number), or a share-link id (string)
	IsShareLink bool            `json:"isShareLink"`

	reportID int64  // the id, read by Validate
	shareID  string // the share-link id, read by Validate
}

// Validate reads the id as isShareLink says it is.
func (in *ReportOpenIn) Validate() error {
	if in.IsShareLink {
		if json.Unmarshal(in.ID, &in.shareID) != nil || in.shareID == "" || len(in.shareID) > 100 {
			return httperr.BadRequest("id", "id must be the share link id")
		}
		return nil
	}
	var id reqbody.ID
	if json.Unmarshal(in.ID, &id) != nil || id <= 0 {
		return httperr.BadRequest("id", "id must be a report id")
	}
	in.reportID = int64(id)
	return nil
}

// ReportRemoveIn is the body of removeSaveReport.
type ReportRemoveIn struct {
	ReportID reqbody.ID `json:"reportId" required:"true"`
}

// Validate checks the id.
func (in ReportRemoveIn) Validate() error {
	if in.ReportID <= 0 {
		return httperr.BadRequest("reportId", "reportId must be a report id")
	}
	return nil
}

// CopyLinkIn is the body of insertSaveReportForCopyLink: the saved report to
// share, or the condition of an unsaved one.
type CopyLinkIn struct {
	ReportID  reqbody.ID      `json:"reportId"`
	Condition json.RawMessage `json:"condition"` // an object: the unsaved report's grid condition
}

// Validate needs one of the two.
func (in CopyLinkIn) Validate() error {
	if err := jsonKind("condition", in.Condition, '{'); err != nil {
		return err
	}
	if in.ReportID <= 0 && len(in.Condition) == 0 {
		return httperr.BadRequest("condition", "Send the report id or the condition of the report to share.")
	}
	return nil
}

// ScheduleFields are a report's mail schedule: weekdays and recipients. The
// report id is needed (Validate) but not marked required: at the top level of
// ScheduleIn it is absent when the schedule comes under updateScheduledReport.
type ScheduleFields struct {
	ReportID      reqbody.ID      `json:"report_id"`
	ScheduledDays string          `json:"scheduled_days"` // weekdays 0 (Sunday) to 6, e.g. "1,3"
	UserIDs       reqbody.IDs     `json:"user_ids"`       // users of the account
	EmailIDs      reqbody.Strings `json:"email_ids"`      // other addresses
}

// ScheduleIn is the body of updateScheduledReport: the schedule under
// updateScheduledReport (the specification's payload) or, as older clients send
// it, at the top level.
type ScheduleIn struct {
	ScheduleFields
	Update *ScheduleFields `json:"updateScheduledReport"`
}

// Validate picks the schedule, checks it and puts it in canonical form (sorted
// weekdays, trimmed and deduplicated addresses) in ScheduleFields.
func (in *ScheduleIn) Validate() error {
	if in.Update != nil {
		in.ScheduleFields = *in.Update
	}
	s := &in.ScheduleFields
	if s.ReportID <= 0 {
		return httperr.BadRequest("report_id", "report_id must be a report id")
	}
	days, ok := validDays(s.ScheduledDays)
	if !ok {
		return httperr.BadRequest("scheduled_days", "scheduled_days must be weekday numbers 0 (Sunday) to 6 (Saturday), separated by commas")
	}
	emails, err := validRecipients("email_ids", s.EmailIDs)
	if err != nil {
		return err
	}
	if days == "" || len(emails)+len(s.UserIDs) == 0 {
		return httperr.BadRequest("scheduled_days", "Select at least one recipient and schedule.")
	}
	s.ScheduledDays, s.EmailIDs = days, emails
	return nil
}

// ScheduleRemoveIn is the body of removeScheduledReport.
type ScheduleRemoveIn struct {
	ReportID reqbody.ID `json:"report_id" required:"true"`
}

// Validate checks the id.
func (in ScheduleRemoveIn) Validate() error {
	if in.ReportID <= 0 {
		return httperr.BadRequest("report_id", "report_id must be a report id")
	}
	return nil
}

// ReportSummary is a saved report without its saved grid state: a row of
// getAllSaveReports (which stays small however large the reports are).
type ReportSummary struct {
	ID                    int64     `json:"id" openapi:"always"`
	UserID                *int64    `json:"user_id"`
	ReportName            string    `json:"report_name" openapi:"always"`
	ReportType            string    `json:"report_type" openapi:"always"`
	ReportPath            string    `json:"report_path" openapi:"always"`
	PageTitle             string    `json:"page_title" openapi:"always"`
	DistributionWeightsCF string    `json:"distribution_weights_cf" openapi:"always"`
	FolderID              int64     `json:"folder_id" openapi:"always"`      // -1: none
	ScheduledDays         string    `json:"scheduled_days" openapi:"always"` // "1,3"; "": not scheduled
	EmailIDs              []string  `json:"email_ids" openapi:"always"`
	UserIDs               []int64   `json:"user_ids" openapi:"always"`
	Share                 int16     `json:"share" openapi:"always"` // 1: has a share link
	Chart                 bool      `json:"chart" openapi:"always"`
	CompareTo             string    `json:"compareTo" openapi:"always"`
	ConstantReport        bool      `json:"constantReport" openapi:"always"`
	WhenAdded             time.Time `json:"when_added" openapi:"always"`
	UpdatedAt             time.Time `json:"updated_at" openapi:"always"`
	IsOld                 bool      `json:"is_old" openapi:"always"`     // saved 30 days ago or more
	ExpiresAt             time.Time `json:"expires_at" openapi:"always"` // when_added + 30 days + 2 months
	ReadOnly              bool      `json:"read_only" openapi:"always"`  // opened through a share link
}

// Report is a whole saved report: the summary and the saved grid state, each
// field the JSON the webapp saved (null when it saved none).
type Report struct {
	ReportSummary
	Filters               json.RawMessage `json:"filters" openapi:"always"`
	Ordering              json.RawMessage `json:"ordering" openapi:"always"`
	VisibleColumns        json.RawMessage `json:"visible_columns" openapi:"always"`
	ColumnsIndex          json.RawMessage `json:"columns_index" openapi:"always"`
	GroupMode             json.RawMessage `json:"group_mode" openapi:"always"`
	CompetitorsVisibility json.RawMessage `json:"competitors_visibility" openapi:"always"`
	SelectedRows          json.RawMessage `json:"selected_rows" openapi:"always"`
	Dates                 json.RawMessage `json:"dates" openapi:"always"`
	ComparisonValues      json.RawMessage `json:"comparisonValues" openapi:"always"`
	Condition             json.RawMessage `json:"condition" openapi:"always"`
}

// toReportSummary is a conversion: the two types hold the same fields, so a
// change of the store's row does not compile until its wire type is decided.
func toReportSummary(r store.ReportSummary) ReportSummary { return ReportSummary(r) }

func toReport(r store.Report) Report {
	return Report{ReportSummary: toReportSummary(r.ReportSummary), Filters: r.Filters, Ordering: r.Ordering,
		VisibleColumns: r.VisibleColumns, ColumnsIndex: r.ColumnsIndex, GroupMode: r.GroupMode,
		CompetitorsVisibility: r.CompetitorsVisibility, SelectedRows: r.SelectedRows, Dates: r.Dates,
		ComparisonValues: r.ComparisonValues, Condition: r.Condition}
}

// ReportOut is {"report"}: the answer of getSaveReport, updateSaveReport and the schedule calls.
type ReportOut struct {
	Report Report `json:"report" openapi:"always"`
}

// NewReportOut is the answer of insertSaveReport: the new report and its id.
type NewReportOut struct {
	ID     int64  `json:"id" openapi:"always"`
	Report Report `json:"report" openapi:"always"`
}

// ReportsOut is the answer of getAllSaveReports: the caller's reports in the account.
type ReportsOut struct {
	Reports []ReportSummary `json:"reports" openapi:"always"`
}

// ShareLink is a created share link: its id and the webapp path that opens it.
type ShareLink struct {
	ID        string     `json:"id" openapi:"always"`
	URL       string     `json:"url" openapi:"always"` // /pricing/share/<id>
	ExpiresAt *time.Time `json:"expires_at"`           // null: lives as long as its report
}

func toShareLink(l store.ShareLink) ShareLink { return ShareLink(l) }

// UserEmail is a user of the account a schedule can mail.
type UserEmail struct {
	ID    int64  `json:"id" openapi:"always"`
	Email string `json:"email" openapi:"always"`
}

func toUserEmail(u store.UserEmail) UserEmail { return UserEmail(u) }

// RecipientsOut is the answer of getUsersEmailForScheduledReport.
type RecipientsOut struct {
	Users []UserEmail `json:"users" openapi:"always"`
}
