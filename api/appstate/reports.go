package appstate

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
)

// reportIn is the body of insertSaveReport / updateSaveReport.
type reportIn struct {
	ID                    reqbody.ID      `json:"id"`
	ReportName            string          `json:"report_name"`
	ReportType            string          `json:"report_type"`
	ReportPath            string          `json:"report_path"`
	PageTitle             string          `json:"page_title"`
	Filters               json.RawMessage `json:"filters"`
	Ordering              json.RawMessage `json:"ordering"`
	VisibleColumns        json.RawMessage `json:"visible_columns"`
	ColumnsIndex          json.RawMessage `json:"columns_index"`
	GroupMode             json.RawMessage `json:"group_mode"`
	CompetitorsVisibility json.RawMessage `json:"competitors_visibility"`
	DistributionWeightsCF string          `json:"distribution_weights_cf"`
	FolderID              *reqbody.ID     `json:"folder_id"`
	Chart                 bool            `json:"chart"`
	SelectedRows          json.RawMessage `json:"selected_rows"`
	Dates                 json.RawMessage `json:"dates"`
	CompareTo             string          `json:"compareTo"`
	ComparisonValues      json.RawMessage `json:"comparisonValues"`
	ConstantReport        bool            `json:"constantReport"`
	Condition             json.RawMessage `json:"condition"`
}

func (in reportIn) fields() (store.ReportFields, error) {
	name, err := validReportName(in.ReportName)
	if err != nil {
		return store.ReportFields{}, err
	}
	if strings.TrimSpace(in.ReportType) == "" {
		return store.ReportFields{}, httperr.BadRequest("report_type", "report_type is required")
	}
	for _, t := range []struct {
		f    string
		raw  json.RawMessage
		kind byte
	}{{"filters", in.Filters, '{'}, {"ordering", in.Ordering, '['}, {"dates", in.Dates, '{'}, {"condition", in.Condition, '{'}} {
		if err := jsonKind(t.f, t.raw, t.kind); err != nil {
			return store.ReportFields{}, err
		}
	}
	for f, raw := range map[string]json.RawMessage{"visible_columns": in.VisibleColumns, "columns_index": in.ColumnsIndex,
		"group_mode": in.GroupMode, "competitors_visibility": in.CompetitorsVisibility, "selected_rows": in.SelectedRows,
		"comparisonValues": in.ComparisonValues} {
		if err := jsonSize(f, raw); err != nil {
			return store.ReportFields{}, err
		}
	}
	for f, s := range map[string]string{"report_type": in.ReportType, "report_path": in.ReportPath, "page_title": in.PageTitle,
		"distribution_weights_cf": in.DistributionWeightsCF, "compareTo": in.CompareTo} {
		if len(s) > 500 {
			return store.ReportFields{}, httperr.BadRequest(f, "%s can't be longer than 500 characters.", f)
		}
	}
	folder := int64(-1)
	if in.FolderID != nil && *in.FolderID > 0 {
		folder = int64(*in.FolderID)
	}
	return store.ReportFields{ReportName: name, ReportType: in.ReportType, ReportPath: in.ReportPath, PageTitle: in.PageTitle,
		DistributionWeightsCF: in.DistributionWeightsCF, CompareTo: in.CompareTo, Filters: in.Filters, Ordering: in.Ordering,
		VisibleColumns: in.VisibleColumns, ColumnsIndex: in.ColumnsIndex, GroupMode: in.GroupMode,
		CompetitorsVisibility: in.CompetitorsVisibility, SelectedRows: in.SelectedRows, Dates: in.Dates,
		ComparisonValues: in.ComparisonValues, Condition: in.Condition, FolderID: folder, Chart: in.Chart,
		ConstantReport: in.ConstantReport}, nil
}

// InsertReport is POST /saveReport/insertSaveReport.
func (h *Handlers) InsertReport(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in reportIn
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	f, err := in.fields()
	if err != nil {
		return err
	}
	r, err := h.Store.CreateReport(c.Request().Context(), actor(p), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"id": r.ID, "report": r})
}

// GetReport is POST /saveReport/getSaveReport {id, isShareLink}.
func (h *Handlers) GetReport(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ID          json.RawMessage `json:"id"`
		IsShareLink bool            `json:"isShareLink"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	if in.IsShareLink {
		var token string
		if json.Unmarshal(in.ID, &token) != nil || token == "" || len(token) > 100 {
			return httperr.BadRequest("id", "id must be the share link id")
		}
		r, err := h.Store.SharedReport(ctx, p.AccountID, token)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"report": r})
	}
	var id reqbody.ID
	if json.Unmarshal(in.ID, &id) != nil || id <= 0 {
		return httperr.BadRequest("id", "id must be a report id")
	}
	r, err := h.Store.OwnReport(ctx, actor(p), int64(id))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"report": r})
}

// UpdateReport is POST /saveReport/updateSaveReport {id, ...fields}.
func (h *Handlers) UpdateReport(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in reportIn
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.ID <= 0 {
		return httperr.BadRequest("id", "id must be a report id")
	}
	f, err := in.fields()
	if err != nil {
		return err
	}
	r, err := h.Store.UpdateReport(c.Request().Context(), actor(p), int64(in.ID), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"report": r})
}

// RemoveReport is POST /saveReport/removeSaveReport {reportId}.
func (h *Handlers) RemoveReport(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ReportID reqbody.ID `json:"reportId"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.ReportID <= 0 {
		return httperr.BadRequest("reportId", "reportId must be a report id")
	}
	if err := h.Store.RemoveReport(c.Request().Context(), actor(p), int64(in.ReportID)); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "message": "Report deleted successfully"})
}

// AllReports is GET /saveReport/getAllSaveReports.
func (h *Handlers) AllReports(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	rs, err := h.Store.OwnReports(c.Request().Context(), actor(p))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"reports": rs})
}

// CopyLink is POST /saveReport/insertSaveReportForCopyLink {reportId?, condition}.
func (h *Handlers) CopyLink(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ReportID  reqbody.ID      `json:"reportId"`
		Condition json.RawMessage `json:"condition"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if err := jsonKind("condition", in.Condition, '{'); err != nil {
		return err
	}
	if in.ReportID <= 0 && len(in.Condition) == 0 {
		return httperr.BadRequest("condition", "Send the report id or the condition of the report to share.")
	}
	link, err := h.Store.CreateShareLink(c.Request().Context(), actor(p), newToken(), int64(in.ReportID), in.Condition)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, link)
}

// UpdateSchedule is POST /saveReport/updateScheduledReport {updateScheduledReport: {...}}.
func (h *Handlers) UpdateSchedule(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	type sched struct {
		ReportID      reqbody.ID      `json:"report_id"`
		ScheduledDays string          `json:"scheduled_days"`
		UserIDs       reqbody.IDs     `json:"user_ids"`
		EmailIDs      reqbody.Strings `json:"email_ids"`
	}
	var in struct {
		sched
		Update *sched `json:"updateScheduledReport"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	s := in.sched
	if in.Update != nil {
		s = *in.Update
	}
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
	users := s.UserIDs.Int64s()
	if days == "" || len(emails)+len(users) == 0 {
		return httperr.BadRequest("scheduled_days", "Select at least one recipient and schedule.")
	}
	ctx := c.Request().Context()
	if ok, err := h.Store.AreMembers(ctx, p.AccountID, users); err != nil {
		return err
	} else if !ok {
		return httperr.BadRequest("user_ids", "Some recipients are not users of this account.")
	}
	r, err := h.Store.SetSchedule(ctx, actor(p), int64(s.ReportID), store.Schedule{Days: days, UserIDs: users, EmailIDs: emails})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"report": r})
}

// RemoveSchedule is POST /saveReport/removeScheduledReport {report_id}.
func (h *Handlers) RemoveSchedule(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ReportID reqbody.ID `json:"report_id"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.ReportID <= 0 {
		return httperr.BadRequest("report_id", "report_id must be a report id")
	}
	r, err := h.Store.SetSchedule(c.Request().Context(), actor(p), int64(in.ReportID), store.Schedule{})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"report": r})
}

// ScheduleRecipients is GET /saveReport/getUsersEmailForScheduledReport.
func (h *Handlers) ScheduleRecipients(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	us, err := h.Store.AccountUserEmails(c.Request().Context(), p.AccountID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"users": us})
}
