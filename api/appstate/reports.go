package appstate

import (
	"github.com/labstack/echo/v4"
	"pricelens/api/route"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/store"
)

// InsertReport is POST /saveReport/insertSaveReport.
func (h *Handlers) InsertReport(c echo.Context, p session.Principal, in ReportIn) (NewReportOut, error) {
	r, err := h.Store.CreateReport(c.Request().Context(), actor(p), in.fields())
	if err != nil {
		return NewReportOut{}, err
	}
	return NewReportOut{ID: r.ID, Report: toReport(r)}, nil
}

// GetReport is POST /saveReport/getSaveReport: the caller's own report, or with
// isShareLink the account's shared one (read-only).
func (h *Handlers) GetReport(c echo.Context, p session.Principal, in ReportOpenIn) (ReportOut, error) {
	ctx := c.Request().Context()
	var r store.Report
	var err error
	if in.IsShareLink {
		r, err = h.Store.SharedReport(ctx, p.AccountID, in.shareID)
	} else {
		r, err = h.Store.OwnReport(ctx, actor(p), in.reportID)
	}
	if err != nil {
		return ReportOut{}, err
	}
	return ReportOut{Report: toReport(r)}, nil
}

// UpdateReport is POST /saveReport/updateSaveReport.
func (h *Handlers) UpdateReport(c echo.Context, p session.Principal, in ReportUpdateIn) (ReportOut, error) {
	r, err := h.Store.UpdateReport(c.Request().Context(), actor(p), int64(in.ID), in.fields())
	if err != nil {
		return ReportOut{}, err
	}
	return ReportOut{Report: toReport(r)}, nil
}

// RemoveReport is POST /saveReport/removeSaveReport.
func (h *Handlers) RemoveReport(c echo.Context, p session.Principal, in ReportRemoveIn) (route.Done, error) {
	if err := h.Store.RemoveReport(c.Request().Context(), actor(p), int64(in.ReportID)); err != nil {
		return route.Done{}, err
	}
	return route.Done{OK: true, Message: "Report deleted successfully"}, nil
}

// AllReports is GET /saveReport/getAllSaveReports.
func (h *Handlers) AllReports(c echo.Context, p session.Principal, _ struct{}) (ReportsOut, error) {
	rs, err := h.Store.OwnReports(c.Request().Context(), actor(p))
	if err != nil {
		return ReportsOut{}, err
	}
	return ReportsOut{Reports: list(rs, toReportSummary)}, nil
}

// CopyLink is POST /saveReport/insertSaveReportForCopyLink.
func (h *Handlers) CopyLink(c echo.Context, p session.Principal, in CopyLinkIn) (ShareLink, error) {
	link, err := h.Store.CreateShareLink(c.Request().Context(), actor(p), newToken(), int64(in.ReportID), in.Condition)
	if err != nil {
		return ShareLink{}, err
	}
	return toShareLink(link), nil
}

// UpdateSchedule is POST /saveReport/updateScheduledReport. The user recipients
// must be users of the account.
func (h *Handlers) UpdateSchedule(c echo.Context, p session.Principal, in ScheduleIn) (ReportOut, error) {
	ctx := c.Request().Context()
	users := in.UserIDs.Int64s()
	if ok, err := h.Store.AreMembers(ctx, p.AccountID, users); err != nil {
		return ReportOut{}, err
	} else if !ok {
		return ReportOut{}, httperr.BadRequest("user_ids", "Some recipients are not users of this account.")
	}
	r, err := h.Store.SetSchedule(ctx, actor(p), int64(in.ReportID), store.Schedule{Days: in.ScheduledDays, UserIDs: users, EmailIDs: in.EmailIDs})
	if err != nil {
		return ReportOut{}, err
	}
	return ReportOut{Report: toReport(r)}, nil
}

// RemoveSchedule is POST /saveReport/removeScheduledReport.
func (h *Handlers) RemoveSchedule(c echo.Context, p session.Principal, in ScheduleRemoveIn) (ReportOut, error) {
	r, err := h.Store.SetSchedule(c.Request().Context(), actor(p), int64(in.ReportID), store.Schedule{})
	if err != nil {
		return ReportOut{}, err
	}
	return ReportOut{Report: toReport(r)}, nil
}

// ScheduleRecipients is GET /saveReport/getUsersEmailForScheduledReport.
func (h *Handlers) ScheduleRecipients(c echo.Context, p session.Principal, _ struct{}) (RecipientsOut, error) {
	us, err := h.Store.AccountUserEmails(c.Request().Context(), p.AccountID)
	if err != nil {
		return RecipientsOut{}, err
	}
	return RecipientsOut{Users: list(us, toUserEmail)}, nil
}
